//! The Verilator board model on small test tops with the board's ports: an echo made of
//! the board's own UART blocks (`hdl::UartRx` into `hdl::UartTx`, LED 1 the transmitter's
//! busy, LED 3 a framing error seen, LED 0 `btn[0]`) and a bare wire from `ftdi_txd` to
//! `ftdi_rxd`. Checked by hand-driving the device and through a real pseudo-terminal
//! opened with `serialport`, a TCP port and both at once: every byte value comes back
//! unchanged, each answer's board time is exactly what the UART blocks' timing gives, the
//! model stops when idle, framing errors either way are reported and survived, the
//! driver stops with a message when a top's `sdram_error` (the SDRAM chip model's)
//! rises, and the model cache builds each model once however many ask at the same time.
#![cfg(unix)]

use hdl::uart_rx::latency;
use hdl::{UartRx, UartTx};
use rust_hdl::prelude::*;
use sim::board::serve_board;
use sim::verilated::{board_time, BoardSpec, Model, QUIET_BITS};
use sim::{serve_on_pty, serve_on_tcp, Activity, Answer, OnHangUp, SerialDevice};
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Cycles a bit: 115,200 baud on the board's clock (434 at 50 MHz), as the
/// specs below (the board's clock and baud by default) expect.
/// (`hdl::uart_tx::cycles_per_bit`'s rounding, as a constant).
const N: u64 = (hdl::uart_tx::BOARD_CLOCK_HZ + 115_200 / 2) / 115_200;

/// The longest any exchange may take.
const LIMIT: Duration = Duration::from_secs(20);

/// An echo with the board's ports.
#[derive(LogicBlock)]
struct EchoTop {
    clk_25mhz: Signal<In, Clock>,
    ftdi_txd: Signal<In, Bit>,
    ftdi_rxd: Signal<Out, Bit>,
    led: Signal<Out, Bits<8>>,
    btn: Signal<In, Bits<7>>,
    wifi_gpio0: Signal<Out, Bit>,
    rx: UartRx,
    tx: UartTx,
    framing_seen: DFF<Bit>,
}

impl Default for EchoTop {
    fn default() -> EchoTop {
        EchoTop {
            clk_25mhz: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            led: Default::default(),
            btn: Default::default(),
            wifi_gpio0: Default::default(),
            rx: UartRx::with_cycles_per_bit(N),
            tx: UartTx::with_cycles_per_bit(N),
            framing_seen: Default::default(),
        }
    }
}

impl Logic for EchoTop {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clk_25mhz, framing_seen);
        self.rx.clock.next = self.clk_25mhz.val();
        self.tx.clock.next = self.clk_25mhz.val();
        self.rx.rx.next = self.ftdi_txd.val();
        self.tx.data.next = self.rx.data.val();
        self.tx.start.next = self.rx.valid.val();
        self.ftdi_rxd.next = self.tx.tx.val();
        self.framing_seen.d.next = self.framing_seen.q.val() | self.rx.framing_error.val();
        self.led.next = bit_cast::<8, 1>(self.btn.val().get_bit(0).into())
            | (bit_cast::<8, 1>(self.tx.busy.val().into()) << 1)
            | (bit_cast::<8, 1>(self.framing_seen.q.val().into()) << 3);
        self.wifi_gpio0.next = true;
    }
}

/// A wire from the host's line back to it: the shortest possible answer.
const LOOPBACK: &str = "
module loopback(clk_25mhz, ftdi_txd, ftdi_rxd, led, btn, wifi_gpio0);
    input wire clk_25mhz;
    input wire ftdi_txd;
    output wire ftdi_rxd;
    output wire [7:0] led;
    input wire [6:0] btn;
    output wire wifi_gpio0;
    assign ftdi_rxd = ftdi_txd;
    assign led = 8'd0;
    assign wifi_gpio0 = 1'b1;
endmodule
";

/// Board clock cycles from the end of a byte the host sends to the end of the echo's
/// copy of it. The host's frame is first sampled at edge `e` (the edge after the one
/// it is queued at); the receiver's `valid` is high after edge `e + latency(N)`; the
/// transmitter takes the byte at the next edge and its frame's 10 bits end `10 N`
/// edges later, as the host's frame ended at `e - 1 + 10 N`: so `latency(N) + 2`.
fn echo_cycles() -> u64 {
    latency(N) + 2
}

fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim")
}

fn echo_model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        let verilog = hdl::verilog::verilog_named(EchoTop::default(), "echo_top").unwrap();
        let started = Instant::now();
        let model = Model::build_in(&cache(), &BoardSpec::new(verilog, "echo_top"), &mut |m| {
            println!("{m}")
        })
        .unwrap_or_else(|e| panic!("{e}"));
        if model.built_now {
            println!("echo_top built in {:.1} s", started.elapsed().as_secs_f64());
        }
        model
    })
}

/// The loopback with an `sdram_error` output that rises when the host's line
/// first goes low (the start bit of the first byte sent).
const BROKEN_SDRAM: &str = "
module broken_sdram(clk_25mhz, ftdi_txd, ftdi_rxd, led, btn, wifi_gpio0, sdram_error);
    input wire clk_25mhz;
    input wire ftdi_txd;
    output wire ftdi_rxd;
    output wire [7:0] led;
    input wire [6:0] btn;
    output wire wifi_gpio0;
    output reg sdram_error;
    initial sdram_error = 1'b0;
    always @(posedge clk_25mhz) if (!ftdi_txd) sdram_error <= 1'b1;
    assign ftdi_rxd = ftdi_txd;
    assign led = 8'd0;
    assign wifi_gpio0 = 1'b1;
endmodule
";

fn loopback_spec() -> BoardSpec {
    BoardSpec::new(LOOPBACK, "loopback")
}

/// Drives `device` by hand until it is idle; what it sent.
fn run_until_idle(device: &mut impl SerialDevice) -> Vec<u8> {
    let deadline = Instant::now() + LIMIT;
    let mut out = Vec::new();
    loop {
        let activity = device.advance();
        out.extend(std::iter::from_fn(|| device.poll_transmit()));
        if activity == Activity::Idle {
            return out;
        }
        assert!(Instant::now() < deadline, "never idle");
    }
}

fn answer(bytes: &[u8], cycles: u64) -> Answer {
    Answer {
        bytes: bytes.to_vec(),
        cycles,
        board_time: board_time(cycles, hdl::uart_tx::BOARD_CLOCK_HZ),
    }
}

#[test]
fn the_echo_answers_in_exactly_the_uart_blocks_time_and_then_stops_the_clock() {
    let mut board = echo_model().start().unwrap();
    let probe = board.probe();
    // Power-up: quiet at once, so idle after QUIET_BITS bit times; btn[0] is held high.
    assert_eq!(run_until_idle(&mut board), b"");
    assert_eq!(probe.cycles(), QUIET_BITS * N);
    assert_eq!(probe.leds(), 0b0000_0001, "btn[0] high, nothing busy");
    board.receive(b'A');
    assert_eq!(run_until_idle(&mut board), b"A");
    // 9.5 bit times and a few edges (2,065 at 25 MHz, 217 cycles a bit).
    assert_eq!(echo_cycles(), 19 * N / 2 + 4);
    assert_eq!(probe.answers(), [answer(b"A", echo_cycles())]);
    // The host's frame from the power-up idle, the echo, then the quiet.
    let end = QUIET_BITS * N + 10 * N + echo_cycles();
    assert_eq!(probe.cycles(), end + QUIET_BITS * N);
    // Idle: simulated time stands still.
    for _ in 0..20 {
        assert_eq!(board.advance(), Activity::Idle);
    }
    assert_eq!(probe.cycles(), end + QUIET_BITS * N);
    assert_eq!(probe.bytes(), (1, 1));
    assert_eq!(probe.failure(), None);
}

#[test]
fn a_start_argument_that_is_no_plusarg_stops_the_driver_and_the_probe_says_so() {
    // The plusargs reach the driver as they are given; one that does not start
    // with `+` is refused before the model runs a cycle.
    let mut model = echo_model().clone();
    model.plusargs = vec!["+fine=1".into(), "rounds_until=5".into()];
    let mut board = model.start().unwrap();
    let probe = board.probe();
    let deadline = Instant::now() + LIMIT;
    while probe.failure().is_none() && Instant::now() < deadline {
        board.receive(b'A');
        board.advance();
    }
    let failure = probe.failure().expect("the driver stops");
    assert!(failure.contains("exit status: 2"), "{failure}");
    assert_eq!(probe.cycles(), 0);
}

#[test]
fn the_sdram_chip_model_s_error_stops_the_driver_with_a_message() {
    let model = Model::build_in(
        &cache(),
        &BoardSpec::new(BROKEN_SDRAM, "broken_sdram"),
        &mut |m| println!("{m}"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut board = model.start().unwrap();
    let probe = board.probe();
    run_until_idle(&mut board);
    board.receive(b'A');
    let deadline = Instant::now() + LIMIT;
    while probe.failure().is_none() && Instant::now() < deadline {
        board.advance();
    }
    let failure = probe.failure().expect("the driver stops");
    assert!(failure.contains("exit status: 3"), "{failure}");
}

#[test]
fn all_256_byte_values_back_to_back_each_answer_in_the_same_time() {
    let mut board = echo_model().start().unwrap();
    let probe = board.probe();
    run_until_idle(&mut board);
    let start = probe.cycles();
    let every: Vec<u8> = (0..=255).collect();
    for &byte in &every {
        board.receive(byte);
    }
    let started = Instant::now();
    assert_eq!(run_until_idle(&mut board), every);
    let seconds = started.elapsed().as_secs_f64();
    // The echo of each byte ends before the next byte's frame: one answer each.
    let want: Vec<Answer> = every.iter().map(|&b| answer(&[b], echo_cycles())).collect();
    assert_eq!(probe.answers(), want);
    let end = start + 256 * 10 * N + echo_cycles();
    assert_eq!(probe.cycles(), end + QUIET_BITS * N);
    println!(
        "echo_top: {} cycles in {seconds:.3} s: {:.1} M cycles/s",
        probe.cycles() - start,
        (probe.cycles() - start) as f64 / seconds / 1e6
    );
}

#[test]
fn a_framing_error_from_the_host_is_seen_by_the_board_and_harms_nothing() {
    let mut board = echo_model().start().unwrap();
    let probe = board.probe();
    run_until_idle(&mut board);
    board.receive_with_framing_error(0x55);
    board.receive(0x42);
    // The broken frame is dropped by the receiver (LED 3 lit), the next one echoed.
    assert_eq!(run_until_idle(&mut board), [0x42]);
    assert_eq!(probe.leds() & 0b1000, 0b1000, "LED 3: framing error seen");
    assert_eq!(probe.answers(), [answer(&[0x42], echo_cycles())]);
    assert_eq!(probe.bytes(), (2, 1));
    board.receive(0x43);
    assert_eq!(run_until_idle(&mut board), [0x43]);
    assert_eq!(probe.failure(), None);
}

#[test]
fn a_wire_answers_one_cycle_late_and_a_broken_frame_on_the_board_s_line_is_counted() {
    let model = Model::build_in(&cache(), &loopback_spec(), &mut |m| println!("{m}"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut board = model.start().unwrap();
    let probe = board.probe();
    run_until_idle(&mut board);
    assert_eq!(probe.leds(), 0);
    // The host's line is set before an edge, the board's read after it.
    board.receive(0xa5);
    assert_eq!(run_until_idle(&mut board), [0xa5]);
    assert_eq!(probe.answers(), [answer(&[0xa5], 1)]);
    // A low stop bit comes straight back: the decoder reports it and goes on.
    board.receive_with_framing_error(0x00);
    board.receive(0x5a);
    assert_eq!(run_until_idle(&mut board), [0x5a]);
    assert_eq!(probe.framing_errors(), 1);
    assert_eq!(
        probe.answers(),
        [answer(&[0xa5], 1), answer(&[0x5a], 1)],
        "no answer for the broken frame"
    );
}

#[test]
fn one_build_however_many_ask_at_once_and_later_builds_reuse_it() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("board-sim-concurrent-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let builds: Vec<Model> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    Model::build_in(&root, &loopback_spec(), &mut |_| {})
                        .unwrap_or_else(|e| panic!("{e}"))
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert_eq!(builds.iter().filter(|m| m.built_now).count(), 1);
    assert!(builds.iter().all(|m| m.exe == builds[0].exe));
    let again = Model::build_in(&root, &loopback_spec(), &mut |m| panic!("rebuilt: {m}")).unwrap();
    assert!(!again.built_now);
    assert_eq!(again.exe, builds[0].exe);
    let dir = builds[0].exe.parent().unwrap();
    assert!(dir
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("loopback-"));
    // Only the finished model is left: no scratch directories.
    let entries: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".lock"))
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    let _ = std::fs::remove_dir_all(&root);
}

/// Reads exactly `count` bytes from `reader` (which times out on its own), or fails.
fn read_exactly(reader: &mut impl Read, count: usize) -> Vec<u8> {
    let deadline = Instant::now() + LIMIT;
    let mut got = Vec::new();
    let mut buf = [0u8; 512];
    while got.len() < count {
        assert!(Instant::now() < deadline, "only {got:?} of {count} bytes");
        match reader.read(&mut buf) {
            Ok(0) => panic!("closed after {got:?}"),
            Ok(n) => got.extend(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => {}
            Err(e) => panic!("read: {e}"),
        }
    }
    assert_eq!(got.len(), count, "more bytes than sent: {got:?}");
    got
}

/// Whether anything arrives on `reader` within 300 ms.
fn silent(reader: &mut impl Read) -> bool {
    let deadline = Instant::now() + Duration::from_millis(300);
    let mut buf = [0u8; 64];
    while Instant::now() < deadline {
        match reader.read(&mut buf) {
            Ok(n) if n > 0 => return false,
            Ok(_) => return true, // closed: nothing came
            Err(_) => {}
        }
    }
    true
}

fn open_pty(path: &Path) -> Box<dyn serialport::SerialPort> {
    serialport::new(path.to_string_lossy(), 115_200)
        .timeout(Duration::from_millis(100))
        .open()
        .unwrap()
}

#[test]
fn through_a_pseudo_terminal_every_byte_comes_back_and_the_board_stays_up() {
    let board = echo_model().start().unwrap();
    let probe = board.probe();
    let server = serve_on_pty(board, OnHangUp::AwaitReconnect).unwrap();
    let every: Vec<u8> = (0..=255).rev().collect();
    let mut port = open_pty(server.path());
    port.write_all(&every).unwrap();
    assert_eq!(read_exactly(&mut port, 256), every);
    let answers = probe.wait_for_answers(256, LIMIT);
    assert_eq!(answers.len(), 256);
    for (answer, &byte) in answers.iter().zip(&every) {
        assert_eq!(answer.bytes, [byte]);
        assert_eq!(answer.cycles, echo_cycles(), "{answer}");
    }
    // Idle: the clock has stopped.
    let deadline = Instant::now() + LIMIT;
    let stopped = loop {
        let before = probe.cycles();
        std::thread::sleep(Duration::from_millis(300));
        if probe.cycles() == before {
            break before;
        }
        assert!(Instant::now() < deadline, "the model never stopped");
    };
    // The host hangs up and comes back: the same board, its time went on from there.
    drop(port);
    let deadline = Instant::now() + LIMIT;
    while server.traffic().connected {
        assert!(Instant::now() < deadline, "the hang-up went unnoticed");
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut port = open_pty(server.path());
    port.write_all(b"again").unwrap();
    assert_eq!(read_exactly(&mut port, 5), b"again");
    assert!(probe.cycles() > stopped);
    assert_eq!(probe.wait_for_answers(261, LIMIT).len(), 261);
    let served = server.stop().unwrap();
    assert_eq!(served.traffic.bytes_from_host, 261);
    assert_eq!(served.traffic.sessions, 2);
}

#[test]
fn over_tcp_client_after_client_talks_to_the_same_board() {
    let board = echo_model().start().unwrap();
    let probe = board.probe();
    let server = serve_on_tcp(TcpListener::bind("127.0.0.1:0").unwrap(), board).unwrap();
    for (session, text) in [&b"first"[..], b"second", &(0..=255).collect::<Vec<u8>>()]
        .into_iter()
        .enumerate()
    {
        let mut client = TcpStream::connect(server.local_addr()).unwrap();
        client
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        client.write_all(text).unwrap();
        assert_eq!(
            read_exactly(&mut client, text.len()),
            text,
            "session {session}"
        );
    }
    let answers = probe.wait_for_answers(5 + 6 + 256, LIMIT);
    assert!(answers.iter().all(|a| a.cycles == echo_cycles()));
    let served = server.stop().unwrap();
    assert_eq!(served.traffic.sessions, 3);
    assert_eq!(served.traffic.bytes_from_host, 5 + 6 + 256);
    assert_eq!(served.traffic.bytes_to_host, 5 + 6 + 256);
}

#[test]
fn on_a_pty_and_tcp_at_once_the_answer_goes_to_whoever_asked() {
    let board = echo_model().start().unwrap();
    let probe = board.probe();
    let server = serve_board(board, TcpListener::bind("127.0.0.1:0").unwrap()).unwrap();
    let mut port = open_pty(server.pty.path());
    let mut client = TcpStream::connect(server.tcp.local_addr()).unwrap();
    client
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    for round in 0..2 {
        client.write_all(b"via tcp").unwrap();
        assert_eq!(read_exactly(&mut client, 7), b"via tcp", "round {round}");
        assert!(silent(&mut port), "the pty got TCP's answer");
        port.write_all(b"via pty").unwrap();
        assert_eq!(read_exactly(&mut port, 7), b"via pty", "round {round}");
        assert!(silent(&mut client), "TCP got the pty's answer");
    }
    // Neither leaving ends anything.
    drop(client);
    drop(port);
    let mut client = TcpStream::connect(server.tcp.local_addr()).unwrap();
    client
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    client.write_all(b"!").unwrap();
    assert_eq!(read_exactly(&mut client, 1), b"!");
    assert_eq!(probe.wait_for_answers(29, LIMIT).len(), 29);
    assert!(!server.is_finished());
}

#[test]
fn a_top_that_does_not_compile_is_an_error_with_verilator_s_words_and_log() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("board-sim-broken-{}", std::process::id()));
    let spec = BoardSpec::new("module broken(input wire clk_25mhz\nendmodule\n", "broken");
    let error = Model::build_in(&root, &spec, &mut |_| {}).unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("could not build the model of `broken`"),
        "{text}"
    );
    assert!(text.contains("syntax error"), "{text}");
    let sim::VerilatedError::Build { log, .. } = error else {
        panic!("{text}")
    };
    assert!(log.exists(), "{}", log.display());
    // Nothing half-built counts as a model: the next attempt builds (and fails) again.
    let again = Model::build_in(&root, &spec, &mut |_| {}).unwrap_err();
    assert!(matches!(again, sim::VerilatedError::Build { .. }));
    let _ = std::fs::remove_dir_all(&root);
}
