//! The serial receiver: 8N1 UART frames (start bit, 8 data bits LSB first,
//! stop bit) off an asynchronous line into bytes, with majority-voted
//! samples, glitch rejection and framing errors. The twin of
//! [`crate::UartTx`]; [`crate::uart_tx::cycles_per_bit`] is its divider.
//! Its state machine, [`RxState`], waits for the idle line, hunts for a start
//! bit and walks a frame's start, data and stop bits.

use crate::uart_tx::{check_cycles, cycles_per_bit, Cycles, BOARD_CLOCK_HZ, DEFAULT_BAUD};
use rust_hdl::prelude::*;

/// Where a bit's three samples are: cycle offsets from the bit's start
/// (offset 0 the first), `N / 2 - N / 4`, `N / 2`, `N / 2 + N / 4` for `N`
/// cycles a bit (integer halves and quarters): 4, 8, 12 for 16; 54, 108,
/// 162 for 217.
pub fn sample_offsets(cycles: u64) -> [u64; 3] {
    let (middle, spread) = (cycles / 2, cycles / 4);
    [middle - spread, middle, middle + spread]
}

/// Rising edges from the edge that first samples a frame's start bit on
/// `rx` (`e`, the line low there after the receiver was hunting) to the one
/// after which `valid` or `framing_error` is high, when the stop bit's first
/// two samples agree; [`late_latency`] when they differ.
pub fn latency(cycles: u64) -> u64 {
    9 * cycles + sample_offsets(cycles)[1] + SYNC_DELAY
}

/// [`latency`] when the stop bit's first two samples differ and its third decides.
pub fn late_latency(cycles: u64) -> u64 {
    9 * cycles + sample_offsets(cycles)[2] + SYNC_DELAY
}

/// Edges from sampling the line to acting on that sample: the synchronizer's
/// second flip-flop, then the registers the receiver's decision goes into.
pub const SYNC_DELAY: u64 = 2;

/// The receiver's states.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum RxState {
    /// Waiting for a high sample, the idle line, before hunting (the
    /// power-up state, and after a framing error).
    WaitIdle,
    /// Looking for a start bit: the first low sample.
    Hunt,
    /// The start bit.
    Start,
    /// A data bit (`data_bit` says which).
    Data,
    /// The stop bit.
    Stop,
}

/// An 8N1 UART receiver: oversampling at the clock rate, samples voted.
///
/// `N` cycles a bit ([`cycles_per_bit`], a `Constant` in the Verilog, like
/// the sample offsets).
///
/// # How
/// * **Synchronizer.** `rx` goes through two flip-flops; everything below
///   sees the second one's output, one sample a cycle.
/// * **Hunting.** While hunting, the first low sample starts a frame: that
///   sample is offset 0 of the start bit, and bit `k` (0 the start bit,
///   1..8 data, 9 the stop bit) is offsets `k N .. k N + N - 1` from it.
///   The frame's timing is counted from there alone.
/// * **Votes.** Each bit is sampled at the three [`sample_offsets`] of its
///   cycles, a quarter bit apart around its middle, and is the majority of
///   the three; the start and the stop bit are decided as soon as two
///   samples agree (at the middle, else at the third).
/// * **Start bit.** A start bit voted high is no frame: back to hunting.
///   So a low glitch of at most `N / 2` cycles starts nothing (its middle
///   sample is high), while one of `N / 2 + 1` or more is a start bit.
/// * **Data bits** shift in LSB first.
/// * **Stop bit.** Voted high: the byte is given (`valid`, `data`) and the
///   receiver hunts again at once, from the stop bit's middle. Voted low:
///   the byte is dropped, `framing_error` is given, and the receiver waits
///   for a high sample (an idle line) before it hunts again, so a break or a
///   line stuck low gives one framing error, not a stream of zeros, and the
///   receiver falls back into step with the line after noise.
///
/// # Glitches
/// A bit's samples are `N / 4` cycles apart, so a glitch shorter than a
/// quarter bit covers at most one of them and cannot change a vote; a
/// quarter bit or longer may. After the stop bit's deciding sample the
/// receiver hunts, so a low glitch there is one on the idle line: it starts
/// no frame if it is at most half a bit long, but a start bit that follows it
/// within half a bit is timed from the glitch (early by up to half a bit),
/// which uses up that frame's margin.
///
/// # Tolerance
/// Bit `k`'s samples are at `k N + N/2 - N/4`, `k N + N/2` and
/// `k N + N/2 + N/4` cycles from the start bit's first low sample (which is
/// up to a cycle late: the edge falls between two clock edges). For a sender
/// whose bits last `T` cycles, a frame is read right while in every bit the
/// middle sample and one other lie inside it; the stop bit's middle, `9.5 N`,
/// must then lie in `[9T, 10T)`: `T` from about `0.95 N` to `1.05 N`, a
/// sender's bits 5% short to 5% long. For all three samples of every bit to
/// lie inside, so that a glitch in any bit is voted out, the stop bit's
/// outer samples (`9.25 N`, `9.75 N`) need `T` in about `0.975 N .. 1.027 N`
/// (bits 2.5% short to 2.7% long). Frames may follow each other with no
/// idle time over the whole first range: the receiver hunts again from the
/// stop bit's middle sample, `9.5 N`, before the next start bit at `10 T`
/// (from `9.75 N` when the stop bit's vote waits for its third sample). The
/// divider's rounding ([`cycles_per_bit`]) costs at most `0.5 / N` more.
///
/// # Timing
/// Let edge `e` be the rising edge that samples a frame's first low level
/// on `rx` while the receiver hunts. Its samples are `rx` at edges
/// `e + k N + offset`. `valid` (the byte in `data`) or `framing_error`
/// is high for the one cycle after edge `e + `[`latency`]`(N)` (`e + 9N +
/// N/2 + 2`), or `e + `[`late_latency`]`(N)` (`e + 9N + N/2 + N/4 + 2`)
/// when the stop bit's first two samples differ. `data` then holds the byte
/// until the next `valid`. After a start bit voted high the receiver hunts
/// again from the sample at edge `e + N/2 + 1` (`e + N/2 + N/4 + 1` when
/// its third sample decided).
///
/// No reset: the flip-flops start at 0, so the receiver starts out waiting
/// for the line (the synchronizer too reads low at first) to be high before
/// it hunts for the first start bit.
#[derive(LogicBlock)]
pub struct UartRx {
    /// The clock; everything happens at its rising edge.
    pub clock: Signal<In, Clock>,
    /// The serial line, asynchronous: high when idle.
    pub rx: Signal<In, Bit>,
    /// The last byte received; changes only with `valid`.
    pub data: Signal<Out, Bits<8>>,
    /// High for one cycle when a byte has been received into `data`.
    pub valid: Signal<Out, Bit>,
    /// High for one cycle when a frame's stop bit was low (its byte is dropped).
    pub framing_error: Signal<Out, Bit>,
    /// Synchronizer, first flip-flop.
    sync1: DFF<Bit>,
    /// Synchronizer, second flip-flop: the sample the receiver works on.
    line: DFF<Bit>,
    /// Register: the receiver's state.
    state: DFF<RxState>,
    /// Register: the data bit being received, 0..7 (in [`RxState::Data`]).
    data_bit: DFF<Bits<3>>,
    /// Register: the cycle of the bit being received, 1..N (the cycle at offset `o` is `o + 1`).
    cycle: DFF<Cycles>,
    /// Register: the bit's first sample.
    first: DFF<Bit>,
    /// Register: the bit's second (middle) sample.
    middle: DFF<Bit>,
    /// Register: the data bits so far, shifted in from the top (LSB first).
    shift: DFF<Bits<8>>,
    /// Output register: `data`.
    data_q: DFF<Bits<8>>,
    /// Output register: `valid`.
    valid_q: DFF<Bit>,
    /// Output register: `framing_error`.
    error_q: DFF<Bit>,
    /// The majority of the bit's three samples (at the third sample).
    vote: Signal<Local, Bit>,
    /// The first sample and the current one agree (used at the middle sample).
    agree: Signal<Local, Bit>,
    /// The start or the stop bit is decided this cycle: at the middle
    /// sample if it agrees with the first, else at the last.
    decide: Signal<Local, Bit>,
    /// What it is decided to be: the middle sample, or the vote at the last.
    decided_high: Signal<Local, Bit>,
    /// A frame is being received.
    in_frame: Signal<Local, Bit>,
    /// N, the cycles a bit: `clock_hz / baud`, rounded.
    cycles_per_bit: Constant<Cycles>,
    /// The cycle of the first sample: `N/2 - N/4 + 1`.
    first_sample: Constant<Cycles>,
    /// The cycle of the middle sample: `N/2 + 1`.
    middle_sample: Constant<Cycles>,
    /// The cycle of the last sample: `N/2 + N/4 + 1`.
    last_sample: Constant<Cycles>,
    /// The cycle after the one that finds the start bit: 2.
    second_cycle: Constant<Cycles>,
    /// The first cycle of a bit.
    first_cycle: Constant<Cycles>,
    /// One more cycle.
    one_cycle: Constant<Cycles>,
    /// The last data bit's number, 7.
    last_data_bit: Constant<Bits<3>>,
    /// One more bit.
    one_bit: Constant<Bits<3>>,
}

impl UartRx {
    /// A receiver for `baud` on a `clock_hz` clock ([`cycles_per_bit`]
    /// rounds the divider to the nearest integer).
    ///
    /// # Panics
    /// As [`cycles_per_bit`].
    pub fn new(clock_hz: u64, baud: u64) -> UartRx {
        UartRx::with_cycles_per_bit(cycles_per_bit(clock_hz, baud))
    }

    /// A receiver for bits of `cycles` clock cycles.
    ///
    /// # Panics
    /// Unless `cycles` is in [`crate::uart_tx::MIN_CYCLES_PER_BIT`]`..=65_535`.
    pub fn with_cycles_per_bit(cycles: u64) -> UartRx {
        check_cycles(cycles);
        let [first, middle, last] = sample_offsets(cycles);
        UartRx {
            clock: Default::default(),
            rx: Default::default(),
            data: Default::default(),
            valid: Default::default(),
            framing_error: Default::default(),
            sync1: Default::default(),
            line: Default::default(),
            state: Default::default(),
            data_bit: Default::default(),
            cycle: Default::default(),
            first: Default::default(),
            middle: Default::default(),
            shift: Default::default(),
            data_q: Default::default(),
            valid_q: Default::default(),
            error_q: Default::default(),
            vote: Default::default(),
            agree: Default::default(),
            decide: Default::default(),
            decided_high: Default::default(),
            in_frame: Default::default(),
            cycles_per_bit: Constant::new(cycles.into()),
            first_sample: Constant::new((first + 1).into()),
            middle_sample: Constant::new((middle + 1).into()),
            last_sample: Constant::new((last + 1).into()),
            second_cycle: Constant::new(2u64.into()),
            first_cycle: Constant::new(1u64.into()),
            one_cycle: Constant::new(1u64.into()),
            last_data_bit: Constant::new(7u64.into()),
            one_bit: Constant::new(1u64.into()),
        }
    }
}

impl Default for UartRx {
    /// [`DEFAULT_BAUD`] (115,200) on the board's clock ([`BOARD_CLOCK_HZ`]): 434 cycles a bit at 50 MHz.
    fn default() -> UartRx {
        UartRx::new(BOARD_CLOCK_HZ, DEFAULT_BAUD)
    }
}

impl Logic for UartRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, sync1, line, state, data_bit, cycle, first, middle, shift, data_q,
            valid_q, error_q
        );
        // The synchronizer.
        self.sync1.d.next = self.rx.val();
        self.line.d.next = self.sync1.q.val();
        // The votes.
        self.agree.next = self.first.q.val() == self.line.q.val();
        self.vote.next = (self.first.q.val() & self.middle.q.val())
            | (self.first.q.val() & self.line.q.val())
            | (self.middle.q.val() & self.line.q.val());
        self.decide.next = ((self.cycle.q.val() == self.middle_sample.val()) & self.agree.val())
            | (self.cycle.q.val() == self.last_sample.val());
        self.decided_high.next = self.vote.val();
        if self.cycle.q.val() == self.middle_sample.val() {
            self.decided_high.next = self.line.q.val();
        }
        self.valid_q.d.next = false;
        self.error_q.d.next = false;
        // A frame's bits: their cycles and first two samples.
        self.in_frame.next = (self.state.q.val() == RxState::Start)
            | (self.state.q.val() == RxState::Data)
            | (self.state.q.val() == RxState::Stop);
        if self.in_frame.val() {
            if self.cycle.q.val() == self.cycles_per_bit.val() {
                self.cycle.d.next = self.first_cycle.val();
            } else {
                self.cycle.d.next = self.cycle.q.val() + self.one_cycle.val();
            }
            if self.cycle.q.val() == self.first_sample.val() {
                self.first.d.next = self.line.q.val();
            }
            if self.cycle.q.val() == self.middle_sample.val() {
                self.middle.d.next = self.line.q.val();
            }
        }
        match self.state.q.val() {
            RxState::WaitIdle => {
                // The line is high again (after a framing error, or at power-up).
                if self.line.q.val() {
                    self.state.d.next = RxState::Hunt;
                }
            }
            RxState::Hunt => {
                // A low sample: offset 0 of a start bit.
                if !self.line.q.val() {
                    self.state.d.next = RxState::Start;
                    self.cycle.d.next = self.second_cycle.val();
                }
            }
            RxState::Start => {
                // Voted high: no frame.
                if self.decide.val() & self.decided_high.val() {
                    self.state.d.next = RxState::Hunt;
                } else if self.cycle.q.val() == self.cycles_per_bit.val() {
                    self.data_bit.d.next = 0.into();
                    self.state.d.next = RxState::Data;
                }
            }
            RxState::Data => {
                // The last sample: the bit is the vote.
                if self.cycle.q.val() == self.last_sample.val() {
                    self.shift.d.next = (self.shift.q.val() >> 1).replace_bit(7, self.vote.val());
                }
                if self.cycle.q.val() == self.cycles_per_bit.val() {
                    self.data_bit.d.next = self.data_bit.q.val() + self.one_bit.val();
                    if self.data_bit.q.val() == self.last_data_bit.val() {
                        self.state.d.next = RxState::Stop;
                    }
                }
            }
            RxState::Stop => {
                // High: the byte, and hunting at once; low: a framing
                // error, and waiting for the idle line.
                if self.decide.val() {
                    if self.decided_high.val() {
                        self.valid_q.d.next = true;
                        self.data_q.d.next = self.shift.q.val();
                        self.state.d.next = RxState::Hunt;
                    } else {
                        self.error_q.d.next = true;
                        self.state.d.next = RxState::WaitIdle;
                    }
                }
            }
        }
        self.data.next = self.data_q.q.val();
        self.valid.next = self.valid_q.q.val();
        self.framing_error.next = self.error_q.q.val();
    }
}
