//! The UART blocks in rust-hdl's event simulator, against software models
//! written here: the transmitter's line, `busy` and `ready` after every
//! rising edge for all 256 bytes (each bit exactly N cycles, starts while
//! busy ignored); the transmitter wired to the receiver, random bytes back to
//! back, each received on its exact cycle; the receiver fed software-made
//! lines: senders off by -3%..+3%, glitches shorter than a quarter bit inside
//! bits, low stop bits (framing errors, resynchronisation), glitches on the
//! idle line up to half a bit, a break and a line low at power-up; the
//! dividers; and both blocks' Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;

use hdl::uart_tx::{baud_error, cycles_per_bit};
use hdl::{UartRx, UartTx};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rows::simulate_edges;
use rust_hdl::prelude::*;
use std::time::Instant;

/// Cycles a bit in most tests: 160 cycles a byte keeps the simulations short.
const N: u64 = 16;
/// The divider of 115,200 baud on the board's 25 MHz clock.
const N_25MHZ: u64 = 217;

// ---------------------------------------------------------------------------
// The transmitter.

/// What the testbench drives before an edge.
#[derive(Clone, Copy, Debug, Default)]
struct TxIn {
    start: bool,
    data: u8,
}

/// What the transmitter shows after an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TxOut {
    tx: bool,
    busy: bool,
    ready: bool,
}

/// Inputs for a run of bytes and the edges that must take them: byte `i` is
/// presented at edge `taken[i]`, right at the end of the frame before (the
/// stop bit's last cycle, `ready` high) or after 1..3N idle edges; starts
/// with junk data come now and then while a frame is on the line (ignored),
/// and the data inputs carry junk whenever `start` is low.
fn tx_schedule(rng: &mut StdRng, n: u64, bytes: &[u8]) -> (Vec<TxIn>, Vec<usize>) {
    let frame = 10 * n as usize;
    let mut inputs: Vec<TxIn> = Vec::new();
    let mut taken: Vec<usize> = Vec::new();
    let junk = |rng: &mut StdRng, inputs: &mut Vec<TxIn>, busy: bool| {
        inputs.push(TxIn {
            start: busy && rng.random_range(0..4) == 0,
            data: rng.random(),
        })
    };
    for _ in 0..3 {
        junk(rng, &mut inputs, false);
    }
    for &byte in bytes {
        if let Some(&e) = taken.last() {
            let gap = if rng.random_range(0..3) == 0 {
                rng.random_range(1..=3 * frame / 10)
            } else {
                0
            };
            // Edges e + 1 .. e + frame - 1 sample `ready` low; later ones high.
            while inputs.len() < e + frame + gap {
                let busy = inputs.len() < e + frame;
                junk(rng, &mut inputs, busy);
            }
        }
        taken.push(inputs.len());
        inputs.push(TxIn {
            start: true,
            data: byte,
        });
    }
    let end = taken.last().unwrap() + frame + 5;
    while inputs.len() < end {
        let busy = inputs.len() < taken.last().unwrap() + frame;
        junk(rng, &mut inputs, busy);
    }
    (inputs, taken)
}

/// The model: after edge `t`, a frame taken at edge `e` (the last at or
/// before `t`, if within `10 n` edges) shows bit `(t - e) / n`: 0 the start
/// bit (low), 1..8 the data LSB first, 9 the stop bit (high); otherwise the
/// line is idle (high). `ready` is high when idle and in the stop bit's last cycle.
fn tx_model(n: u64, bytes: &[u8], taken: &[usize], t: usize) -> TxOut {
    let frame = 10 * n as usize;
    let current = taken.iter().rposition(|&e| e <= t);
    match current {
        Some(i) if t - taken[i] < frame => {
            let k = t - taken[i];
            let bit = k / n as usize;
            let tx = match bit {
                0 => false,
                1..=8 => bytes[i] >> (bit - 1) & 1 == 1,
                _ => true,
            };
            TxOut {
                tx,
                busy: true,
                ready: k == frame - 1,
            }
        }
        _ => TxOut {
            tx: true,
            busy: false,
            ready: true,
        },
    }
}

fn simulate_tx(n: u64, inputs: Vec<TxIn>) -> Vec<TxOut> {
    let edges = inputs.len();
    simulate_edges(
        UartTx::with_cycles_per_bit(n),
        edges,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            x.start.next = inputs[t].start;
            x.data.next = u64::from(inputs[t].data).into();
        },
        |x| TxOut {
            tx: x.tx.val(),
            busy: x.busy.val(),
            ready: x.ready.val(),
        },
    )
}

/// Sends `bytes` at `n` cycles a bit and checks every edge against [`tx_model`].
fn check_tx(seed: u64, n: u64, bytes: &[u8]) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (inputs, taken) = tx_schedule(&mut rng, n, bytes);
    let ignored = inputs.iter().filter(|i| i.start).count() - bytes.len();
    let back_to_back = taken
        .windows(2)
        .filter(|w| w[1] - w[0] == 10 * n as usize)
        .count();
    let started = Instant::now();
    let samples = simulate_tx(n, inputs.clone());
    let elapsed = started.elapsed();
    for (t, got) in samples.iter().enumerate() {
        let want = tx_model(n, bytes, &taken, t);
        assert_eq!(
            *got,
            want,
            "N = {n}, after edge {t} (frames taken at {:?}...)",
            &taken[..taken.len().min(4)]
        );
    }
    // Each frame on the line: exactly N cycles of each bit, then the line high.
    for (i, &e) in taken.iter().enumerate() {
        let line: Vec<bool> = samples[e..e + 10 * n as usize]
            .iter()
            .map(|s| s.tx)
            .collect();
        for (bit, cycles) in line.chunks(n as usize).enumerate() {
            let level = match bit {
                0 => false,
                9 => true,
                _ => bytes[i] >> (bit - 1) & 1 == 1,
            };
            assert!(cycles.iter().all(|&c| c == level), "byte {i} bit {bit}");
        }
    }
    assert!(ignored > 0 && back_to_back > 0);
    println!(
        "N = {n}: {} bytes, {} edges ({back_to_back} frames back to back, {ignored} starts \
         while busy ignored) in {elapsed:?}",
        bytes.len(),
        samples.len()
    );
}

#[test]
fn transmitter_sends_every_byte_lsb_first_each_bit_exactly_n_cycles() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut bytes: Vec<u8> = (0..=255).collect();
    bytes.shuffle(&mut rng);
    check_tx(11, N, &bytes);
    // An odd divider, the smallest the blocks take.
    bytes.shuffle(&mut rng);
    check_tx(12, 5, &bytes);
    check_tx(13, 4, &bytes[..64]);
    // The board's divider: a few bytes.
    check_tx(14, N_25MHZ, &[0x55, 0x00, 0xff, 0x80, 0x01, 0xa7]);
}

// ---------------------------------------------------------------------------
// The receiver: its model.

/// The receiver's sample offsets in a bit of `n` cycles: a quarter bit either
/// side of the middle.
fn offsets(n: u64) -> [usize; 3] {
    let (middle, quarter) = (n as usize / 2, n as usize / 4);
    [middle - quarter, middle, middle + quarter]
}

/// Edges from sampling a sample on `rx` to the outputs showing what it decided:
/// the synchronizer's second flip-flop, then the output registers.
const DELAY: usize = 2;

/// What the receiver reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Byte(u8),
    FramingError,
}

/// A line for the receiver, one level for each edge, and the events it
/// must give.
struct Line {
    n: u64,
    levels: Vec<bool>,
    /// Each frame: the edge of its first low level, and its event.
    frames: Vec<(usize, Event)>,
}

impl Line {
    fn new(n: u64) -> Line {
        Line {
            n,
            levels: Vec::new(),
            frames: Vec::new(),
        }
    }

    fn idle(&mut self, cycles: usize) {
        self.levels.extend(std::iter::repeat_n(true, cycles));
    }

    fn low(&mut self, cycles: usize) {
        self.levels.extend(std::iter::repeat_n(false, cycles));
    }

    /// Bit boundaries of a frame from a sender whose baud rate is off by
    /// `error` parts in 10,000 (positive: faster, shorter bits): bit `k` is
    /// cycles `b[k] .. b[k + 1]` from the frame's start.
    fn boundaries(&self, error: i64) -> [usize; 11] {
        let mut b = [0; 11];
        for (k, b) in b.iter_mut().enumerate() {
            let num = k as i64 * self.n as i64 * 10_000;
            let den = 10_000 + error;
            *b = ((num + den - 1) / den) as usize;
        }
        b
    }

    /// A frame of `byte` from a sender off by `error` parts in 10,000, its
    /// stop bit `stop_high`, with `glitches` (bit, offset of the glitch from
    /// the bit's start, length) inverting the line; expects its byte, or a
    /// framing error for a low stop bit.
    fn frame(&mut self, byte: u8, error: i64, stop_high: bool, glitches: &[(usize, usize, usize)]) {
        let b = self.boundaries(error);
        let start = self.levels.len();
        for k in 0..10 {
            let level = match k {
                0 => false,
                9 => stop_high,
                _ => byte >> (k - 1) & 1 == 1,
            };
            self.levels
                .extend(std::iter::repeat_n(level, b[k + 1] - b[k]));
        }
        for &(k, at, len) in glitches {
            assert!(
                at >= 1 && at + len < b[k + 1] - b[k],
                "a glitch inside bit {k}"
            );
            for level in &mut self.levels[start + b[k] + at..start + b[k] + at + len] {
                *level = !*level;
            }
        }
        let event = if stop_high {
            Event::Byte(byte)
        } else {
            Event::FramingError
        };
        self.frames.push((start, event));
    }

    /// The events the receiver must give and the edges after which it
    /// shows them: a frame found at edge `e` is decided at its stop bit's
    /// middle sample (`e + 9n + offsets[1]`) if the sample before agrees, else
    /// at the third. Checks that the stop bit's vote is what the frame says.
    fn expected(&self) -> Vec<(usize, Event)> {
        let n = self.n as usize;
        let o = offsets(self.n);
        self.frames
            .iter()
            .map(|&(e, event)| {
                let at = |j: usize| self.levels.get(e + 9 * n + o[j]).copied().unwrap_or(true);
                let (decided, high) = if at(0) == at(1) {
                    (o[1], at(1))
                } else {
                    (o[2], at(2))
                };
                assert_eq!(high, event != Event::FramingError, "the frame at {e}");
                (e + 9 * n + decided + DELAY, event)
            })
            .collect()
    }
}

/// What the receiver shows after an edge.
#[derive(Clone, Copy, Debug)]
struct RxOut {
    data: u8,
    valid: bool,
    framing_error: bool,
}

/// Every edge after which `valid` or `framing_error` is high, with what it gave.
fn events(samples: &[RxOut]) -> Vec<(usize, Event)> {
    let mut events = Vec::new();
    for (t, s) in samples.iter().enumerate() {
        if s.valid {
            events.push((t, Event::Byte(s.data)));
        }
        if s.framing_error {
            events.push((t, Event::FramingError));
        }
    }
    events
}

/// Runs the receiver on `line` and checks every event and its edge, and that
/// `data` changes only with `valid`.
fn check_rx(what: &str, line: &Line) {
    let levels = line.levels.clone();
    let started = Instant::now();
    let samples = simulate_edges(
        UartRx::with_cycles_per_bit(line.n),
        levels.len(),
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| x.rx.next = levels[t],
        |x| RxOut {
            data: x.data.val().index() as u8,
            valid: x.valid.val(),
            framing_error: x.framing_error.val(),
        },
    );
    let elapsed = started.elapsed();
    let want = line.expected();
    let got = events(&samples);
    if got != want {
        let first = got.iter().zip(&want).position(|(g, w)| g != w);
        panic!(
            "{what} (N = {}): the receiver gives {} events, the model {}; first difference at \
             event {first:?}: got {:?}, want {:?}",
            line.n,
            got.len(),
            want.len(),
            first.map(|i| got[i]),
            first.map(|i| want[i])
        );
    }
    for t in 1..samples.len() {
        assert!(
            samples[t].valid || samples[t].data == samples[t - 1].data,
            "{what}: data changed without valid after edge {t}"
        );
    }
    let bytes = want.iter().filter(|e| e.1 != Event::FramingError).count();
    let early = 9 * line.n as usize + offsets(line.n)[1] + DELAY;
    let late = want
        .iter()
        .zip(&line.frames)
        .filter(|((t, _), (e, _))| t - e != early)
        .count();
    println!(
        "{what} (N = {}): {bytes} bytes, {} framing errors on their exact edges ({late} decided \
         by the stop bit's third sample); {} edges in {elapsed:?}",
        line.n,
        want.len() - bytes,
        samples.len()
    );
}

/// Frames back to back (gap 0) or after a random idle time.
fn gap(rng: &mut StdRng, n: u64) -> usize {
    if rng.random_range(0..2) == 0 {
        0
    } else {
        rng.random_range(1..=2 * n as usize)
    }
}

// ---------------------------------------------------------------------------
// The receiver: the tests.

#[test]
fn loopback_receives_random_bytes_sent_back_to_back_on_their_exact_cycles() {
    for (seed, n, count) in [(21, N, 400), (22, 20, 100), (23, N_25MHZ, 10)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let bytes: Vec<u8> = (0..count).map(|_| rng.random()).collect();
        let (inputs, taken) = tx_schedule(&mut rng, n, &bytes);
        let edges = inputs.len() + 10 * n as usize;
        let started = Instant::now();
        let samples = simulate_edges(
            Loopback::new(n),
            edges,
            |x| x.clock.val().clk,
            |x| x.clock.next = !x.clock.val(),
            move |x, t| {
                let i = inputs.get(t).copied().unwrap_or_default();
                x.start.next = i.start;
                x.data.next = u64::from(i.data).into();
            },
            |x| RxOut {
                data: x.received.val().index() as u8,
                valid: x.valid.val(),
                framing_error: x.framing_error.val(),
            },
        );
        let elapsed = started.elapsed();
        // Taken at edge `e`, the start bit is on `tx` after it and sampled by
        // the receiver at edge `e + 1`; the stop bit's first two samples agree.
        let want: Vec<(usize, Event)> = taken
            .iter()
            .zip(&bytes)
            .map(|(&e, &b)| {
                (
                    e + 1 + 9 * n as usize + offsets(n)[1] + DELAY,
                    Event::Byte(b),
                )
            })
            .collect();
        assert_eq!(events(&samples), want, "N = {n}");
        let back_to_back = taken
            .windows(2)
            .filter(|w| w[1] - w[0] == 10 * n as usize)
            .count();
        assert!(back_to_back > 0);
        println!(
            "loopback N = {n}: {count} bytes ({back_to_back} back to back), each on its cycle; \
             {edges} edges in {elapsed:?}"
        );
    }
}

#[test]
fn receiver_reads_senders_off_by_minus_3_to_plus_3_percent() {
    for (seed, n, per_error) in [(31, N, 8), (32, 20, 3), (33, N_25MHZ, 1)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut line = Line::new(n);
        line.idle(10);
        // -3.00% .. +3.00% in steps of 0.25%, each a burst of frames.
        for error in (-300..=300).step_by(25) {
            for _ in 0..per_error {
                let gap = gap(&mut rng, n);
                line.idle(gap);
                line.frame(rng.random(), error, true, &[]);
            }
        }
        line.idle(12 * n as usize);
        check_rx("senders off by -3%..+3%", &line);
    }
}

#[test]
fn receiver_votes_out_glitches_shorter_than_a_quarter_bit_inside_bits() {
    for (seed, n, frames) in [(41, N, 250), (42, 20, 100), (43, N_25MHZ, 6)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut line = Line::new(n);
        // Shorter than a quarter bit: 4 * len < n.
        let longest = (n as usize - 1) / 4;
        let (mut glitches, mut on_samples) = (0, 0);
        line.idle(10);
        for _ in 0..frames {
            let error = rng.random_range(-100..=100);
            let b = line.boundaries(error);
            let mut bits: Vec<usize> = (0..10).collect();
            bits.shuffle(&mut rng);
            let mut list = Vec::new();
            let o = offsets(n);
            for &k in &bits[..rng.random_range(1..=6)] {
                let len = rng.random_range(1..=longest);
                // Strictly inside the bit; in the stop bit, starting by its
                // middle sample: the receiver hunts for the next start bit
                // from then on (a low glitch then is one on the idle line).
                let last = match k {
                    9 => (9 * n as usize + o[1] - b[9]).min(b[10] - b[9] - len - 1),
                    _ => b[k + 1] - b[k] - len - 1,
                };
                let at = rng.random_range(1..=last);
                // Glitches on one of the bit's samples (relative to the frame's start).
                let hit = (0..3).any(|j| {
                    let s = k * n as usize + o[j];
                    (b[k] + at..b[k] + at + len).contains(&s)
                });
                on_samples += usize::from(hit);
                list.push((k, at, len));
            }
            glitches += list.len();
            let gap = gap(&mut rng, n);
            line.idle(gap);
            line.frame(rng.random(), error, true, &list);
        }
        line.idle(12 * n as usize);
        assert!(on_samples > glitches / 10);
        println!("N = {n}: {glitches} glitches of 1..={longest} cycles, {on_samples} on a sample");
        check_rx("glitches inside bits, senders off by -1%..+1%", &line);
    }
}

#[test]
fn receiver_drops_a_frame_with_a_low_stop_bit_and_waits_for_the_idle_line() {
    for (seed, n) in [(51, N), (52, 20), (53, N_25MHZ)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut line = Line::new(n);
        let n_ = n as usize;
        line.idle(10);
        for &(low_after, idle_after) in &[
            (0, 1),
            (0, 2),
            (n_ / 2, 1),
            (3 * n_, 1),
            (0, n_),
            (2 * n_ + 3, 5 * n_),
        ] {
            line.frame(rng.random(), 0, true, &[]);
            // A low stop bit, the line held low a while longer (no start bit
            // in it), then high for `idle_after` cycles and a good byte.
            line.frame(rng.random(), 0, false, &[]);
            line.low(low_after);
            line.idle(idle_after);
            line.frame(rng.random(), 0, true, &[]);
            line.idle(gap(&mut rng, n));
        }
        line.idle(12 * n_);
        check_rx("low stop bits", &line);
    }
}

#[test]
fn receiver_ignores_glitches_on_the_idle_line_up_to_half_a_bit() {
    for n in [N, 20, 17, N_25MHZ] {
        let mut rng = StdRng::seed_from_u64(60 + n);
        let mut line = Line::new(n);
        let n_ = n as usize;
        line.idle(10);
        // Low glitches of 1 .. N/2 cycles: no start bit (its middle sample is
        // high). The receiver hunts again from the sample after its middle
        // one, or after its last one when the first is low: a start bit
        // right then is received.
        let lengths: Vec<usize> = if n_ > 40 {
            vec![1, 2, n_ / 4 - 1, n_ / 4, n_ / 4 + 1, n_ / 2 - 1, n_ / 2]
        } else {
            (1..=n_ / 2).collect()
        };
        for &len in &lengths {
            let o = offsets(n);
            line.low(len);
            line.idle(if len <= o[0] { o[1] } else { o[2] } + 1 - len);
            line.frame(rng.random(), 0, true, &[]);
            line.idle(gap(&mut rng, n));
        }
        // A low pulse of N/2 + 1 cycles is a start bit: the line high after
        // it reads as 0xff.
        let e = line.levels.len();
        line.low(n_ / 2 + 1);
        line.idle(10 * n_);
        line.frames.push((e, Event::Byte(0xff)));
        line.frame(0x00, 0, true, &[]);
        // A glitch a quarter bit before a start bit: the frame is timed from
        // the glitch (a quarter bit early) and still read right.
        line.idle(2 * n_);
        let e = line.levels.len();
        line.low(2);
        line.idle(n_ / 4 - 2);
        line.frame(0xa5, 0, true, &[]);
        line.frames.pop();
        line.frames.push((e, Event::Byte(0xa5)));
        line.idle(12 * n_);
        check_rx("glitches on the idle line", &line);
    }
}

#[test]
fn receiver_gives_one_framing_error_for_a_break_and_recovers() {
    for n in [N, N_25MHZ] {
        let n_ = n as usize;
        let mut line = Line::new(n);
        // A line low at power-up: the receiver waits for it to go high.
        line.low(25 * n_);
        line.idle(1);
        line.frame(0x3c, 0, true, &[]);
        // A break of 5 frames: one framing error, no bytes; then a byte
        // after one idle cycle.
        line.idle(3 * n_);
        let e = line.levels.len();
        line.low(50 * n_);
        line.frames.push((e, Event::FramingError));
        line.idle(1);
        line.frame(0xc3, 0, true, &[]);
        // A break of exactly one frame, then bytes after a long idle time.
        line.idle(2 * n_);
        let e = line.levels.len();
        line.low(10 * n_);
        line.frames.push((e, Event::FramingError));
        line.idle(20 * n_);
        line.frame(0x81, 0, true, &[]);
        line.frame(0x7e, 0, true, &[]);
        line.idle(12 * n_);
        check_rx("breaks", &line);
    }
}

// ---------------------------------------------------------------------------
// Both.

/// The transmitter's `tx` wired to the receiver's `rx`.
#[derive(LogicBlock)]
struct Loopback {
    clock: Signal<In, Clock>,
    data: Signal<In, Bits<8>>,
    start: Signal<In, Bit>,
    received: Signal<Out, Bits<8>>,
    valid: Signal<Out, Bit>,
    framing_error: Signal<Out, Bit>,
    tx: UartTx,
    rx: UartRx,
}

impl Loopback {
    fn new(n: u64) -> Loopback {
        Loopback {
            clock: Default::default(),
            data: Default::default(),
            start: Default::default(),
            received: Default::default(),
            valid: Default::default(),
            framing_error: Default::default(),
            tx: UartTx::with_cycles_per_bit(n),
            rx: UartRx::with_cycles_per_bit(n),
        }
    }
}

impl Logic for Loopback {
    #[hdl_gen]
    fn update(&mut self) {
        self.tx.clock.next = self.clock.val();
        self.rx.clock.next = self.clock.val();
        self.tx.data.next = self.data.val();
        self.tx.start.next = self.start.val();
        self.rx.rx.next = self.tx.tx.val();
        self.received.next = self.rx.data.val();
        self.valid.next = self.rx.valid.val();
        self.framing_error.next = self.rx.framing_error.val();
    }
}

#[test]
fn dividers_round_to_the_nearest_cycle_within_2_percent() {
    for (clock, cycles) in [
        (25_000_000, 217),
        (75_000_000, 651),
        (100_000_000, 868),
        (12_000_000, 104),
    ] {
        assert_eq!(cycles_per_bit(clock, 115_200), cycles, "{clock} Hz");
        let error = baud_error(clock, 115_200);
        let want = clock as f64 / cycles as f64 / 115_200.0 - 1.0;
        assert!(
            (error - want).abs() < 1e-12 && error.abs() < 0.02,
            "{clock} Hz: {error}"
        );
        println!("{clock} Hz: {cycles} cycles a bit, {:+.4}%", 100.0 * error);
    }
    // Halves round up; 9,600 baud at 25 MHz.
    assert_eq!(cycles_per_bit(45, 10), 5);
    assert_eq!(cycles_per_bit(44, 10), 4);
    assert_eq!(cycles_per_bit(25_000_000, 9_600), 2604);
    // The receiver's documented sampling and latencies agree with the model here.
    for n in [4, 5, N, 17, 20, N_25MHZ, 651] {
        let o = offsets(n).map(|o| o as u64);
        assert_eq!(hdl::uart_rx::sample_offsets(n), o);
        assert_eq!(hdl::uart_rx::latency(n), 9 * n + o[1] + DELAY as u64);
        assert_eq!(hdl::uart_rx::late_latency(n), 9 * n + o[2] + DELAY as u64);
    }
    assert_eq!(offsets(N), [4, 8, 12]);
    assert_eq!(offsets(N_25MHZ), [54, 108, 162]);
}

#[test]
#[should_panic(expected = "cycles per bit")]
fn refuses_a_divider_below_4() {
    UartRx::new(30, 10);
}

#[test]
fn both_generate_verilog_that_verilator_lints_clean() {
    let (tx, words) = rows::verilog_with_ports(
        &mut UartTx::new(25_000_000, 115_200),
        &[
            "module top(clock,data,start,ready,busy,tx);",
            "input wire clock;",
            "input wire [7:0] data;",
            "input wire start;",
            "output reg ready;",
            "output reg busy;",
            "output reg tx;",
            "localparam cycles_per_bit = 16'hd9;",
        ],
    );
    assert!(words.contains("localparam cycles_per_bit = 16'hd9;"));
    rows::lint_verilog("uart_tx", &tx);
    let (rx, _) = rows::verilog_with_ports(
        &mut UartRx::new(75_000_000, 115_200),
        &[
            "module top(clock,rx,data,valid,framing_error);",
            "input wire clock;",
            "input wire rx;",
            "output reg [7:0] data;",
            "output reg valid;",
            "output reg framing_error;",
            // 651 cycles a bit, samples at cycles 164, 326 and 488 of a bit.
            "localparam cycles_per_bit = 16'h28b;",
            "localparam first_sample = 16'ha4;",
            "localparam middle_sample = 16'h146;",
            "localparam last_sample = 16'h1e8;",
        ],
    );
    rows::lint_verilog("uart_rx", &rx);
}
