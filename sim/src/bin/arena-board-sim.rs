//! `arena-board-sim`: the simulated board. The Verilator model of the board's top level
//! (`hdl::Ulx3sTop`, its Verilog generated here and the model built once into a cache)
//! served on a pseudo-terminal and on a TCP port at once, game after game, until killed:
//! a host closing the pseudo-terminal or a client leaving ends nothing (the board stays
//! powered). `arena board-sim` runs it, and the `sim` link starts it.
//!
//! Its first two lines on stdout are `pty: /dev/pts/N` and `tcp: 127.0.0.1:PORT`; then
//! (unless `--quiet`) one line per answer of the board:
//! `answer <bytes> <cycles> cycles <ms> ms board time`, and, while the board works
//! towards an answer (from the end of the host's last byte until the answer's first
//! byte), about every 250 ms of real time `busy <cycles> cycles`: the board cycles so
//! far, counted from the same origin as the answer's, for a host to show (a spinner).
//! Hosts ignore lines they do not know.
//!
//! Progress goes to stderr, and when the program stops (the end of stdin with
//! `--exit-with-stdin`, SIGINT, SIGTERM, or an error) its last line there is the
//! simulator's speed:
//! `arena-board-sim: summary: <N> board cycles simulated in <S> s of simulation (<T> s
//! running): <R> board cycles/s` (on one line), with `N` the clock cycles the model was
//! clocked, `S` the real seconds spent clocking it (not the time it stood still waiting
//! for the host), `T` the real seconds since the program started (building the model
//! included) and `R` = `N / S` rounded.

use clap::Parser;
use hdl::monte_carlo::Budget;
use hdl::PlayerConfig;
use nix::sys::signal::{SigSet, Signal};
use sim::board::{serve_board, ulx3s_spec};
use sim::verilated::{BoardSpec, Model, Probe};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The simulated Blokus Duo board: the Verilator model of the board's top level on a
/// pseudo-terminal and a TCP port, game after game, until killed.
#[derive(Parser, Debug)]
#[command(name = "arena-board-sim", version)]
struct Args {
    /// The TCP port on 127.0.0.1 (0: any free port; the line `tcp: ADDRESS` says which).
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    tcp: u16,
    /// The serial line's baud rate (the board's UART is built for it, on its 25 MHz clock).
    #[arg(long, value_name = "B", default_value_t = 115_200)]
    baud: u32,
    /// The search's rounds start during this many milliseconds of board time
    /// (default: the real board's, 650). The simulator runs about 650,000 board
    /// cycles a second, so the real board's budget takes some 25 s a move; a few
    /// milliseconds make a quick opponent. Each budget builds its own model.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=1000))]
    search_ms: Option<u32>,
    /// Print only the two address lines, not a line per answer (nor the busy lines).
    #[arg(long)]
    quiet: bool,
    /// Milliseconds of real time between two `busy` lines.
    #[arg(long, value_name = "MS", default_value_t = 250, hide = true)]
    busy_ms: u64,
    /// Also stop at the end of stdin (so that a parent holding a pipe to it takes the
    /// board down with it, however it ends).
    #[arg(long, hide = true)]
    exit_with_stdin: bool,
}

/// What the summary line is made of: the running board's probe (once it runs) and the
/// program's start.
#[derive(Clone, Debug)]
struct Summary {
    started: Instant,
    probe: Arc<OnceLock<Probe>>,
}

impl Summary {
    fn new() -> Summary {
        Summary {
            started: Instant::now(),
            probe: Arc::default(),
        }
    }

    /// The summary line (nothing simulated yet before the board runs).
    fn line(&self) -> String {
        let (cycles, simulating) = self
            .probe
            .get()
            .map_or((0, Duration::ZERO), |p| (p.cycles(), p.running()));
        let seconds = simulating.as_secs_f64();
        let rate = if seconds > 0.0 {
            (cycles as f64 / seconds).round() as u64
        } else {
            0
        };
        format!(
            "arena-board-sim: summary: {cycles} board cycles simulated in {seconds:.3} s of \
             simulation ({:.3} s running): {rate} board cycles/s",
            self.started.elapsed().as_secs_f64()
        )
    }

    /// Prints the summary line on stderr and ends the program with `code`.
    fn exit(&self, code: i32) -> ! {
        eprintln!("{}", self.line());
        std::process::exit(code)
    }
}

/// Stops the program on SIGINT and SIGTERM with the summary. The signals are blocked in
/// this thread, and so in every thread started after it, and taken by one thread that
/// waits for them (`sigwait`), which may then do anything (a signal handler could not
/// safely print). Child processes start with no signal blocked (`std::process` clears
/// the mask), so the model's driver still stops on a terminal's Ctrl-C.
fn stop_on_signals(summary: &Summary) -> Result<(), String> {
    let mut signals = SigSet::empty();
    signals.add(Signal::SIGINT);
    signals.add(Signal::SIGTERM);
    signals
        .thread_block()
        .map_err(|e| format!("cannot block SIGINT and SIGTERM: {e}"))?;
    let summary = summary.clone();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let code = match signals.wait() {
                Ok(signal) => 128 + signal as i32,
                Err(_) => 1,
            };
            summary.exit(code)
        })
        .map_err(|e| format!("cannot start the signal thread: {e}"))?;
    Ok(())
}

fn run(args: Args, summary: &Summary) -> Result<(), String> {
    stop_on_signals(summary)?;
    let mut config = PlayerConfig {
        baud: u64::from(args.baud),
        ..PlayerConfig::default()
    };
    if let Some(ms) = args.search_ms {
        config.budget = Budget::rounds_for(u64::from(ms) * config.clock_hz / 1000);
    }
    // Checked before the hardware is built for it (its blocks assert it).
    BoardSpec::new("", "")
        .with_clock_hz(config.clock_hz)
        .with_baud(config.baud)
        .cycles_per_bit()
        .map_err(|e| e.to_string())?;
    let spec = ulx3s_spec(config).map_err(|e| format!("the board's Verilog: {e}"))?;
    let started = Instant::now();
    let model = Model::build(&spec, &mut |m| eprintln!("arena-board-sim: {m}"))
        .map_err(|e| e.to_string())?;
    if model.built_now {
        eprintln!(
            "arena-board-sim: built in {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    let mut board = model.start().map_err(|e| e.to_string())?;
    let _ = summary.probe.set(board.probe());
    if !args.quiet {
        // Whoever reads our reports has gone: so has our purpose.
        let report = move |summary: &Summary, line: &dyn std::fmt::Display| {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                summary.exit(0);
            }
        };
        let on_answer = summary.clone();
        board.on_answer(move |answer| report(&on_answer, answer));
        let on_busy = summary.clone();
        board.on_progress(Duration::from_millis(args.busy_ms), move |cycles| {
            report(&on_busy, &format_args!("busy {cycles} cycles"))
        });
    }
    let listener = TcpListener::bind(("127.0.0.1", args.tcp))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", args.tcp))?;
    let server = serve_board(board, listener).map_err(|e| e.to_string())?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "pty: {}", server.pty.path().display())
            .and_then(|()| writeln!(out, "tcp: {}", server.tcp.local_addr()))
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot print the addresses: {e}"))?;
    }
    if args.exit_with_stdin {
        let summary = summary.clone();
        std::thread::spawn(move || {
            let mut sink = [0u8; 256];
            while matches!(std::io::stdin().read(&mut sink), Ok(n) if n > 0) {}
            summary.exit(0);
        });
    }
    while !server.is_finished() {
        std::thread::sleep(Duration::from_millis(200));
    }
    // Only an error ends serving: say which.
    let sim::board::BoardServer { pty, tcp, .. } = server;
    let pty = pty
        .stop()
        .map_or_else(|e| e.to_string(), |s| format!("{:?}", s.end));
    let tcp = tcp
        .stop()
        .map_or_else(|e| e.to_string(), |s| format!("{:?}", s.end));
    Err(format!("serving stopped: pty: {pty}; tcp: {tcp}"))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let summary = Summary::new();
    match run(args, &summary) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena-board-sim: {e}");
            eprintln!("{}", summary.line());
            ExitCode::FAILURE
        }
    }
}
