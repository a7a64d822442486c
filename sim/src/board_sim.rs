//! The simulated board, started: the Verilator model of the board's top level
//! (`hdl::Ulx3sTop`, its Verilog generated here and the model built once into a
//! cache) served on a pseudo-terminal and on a TCP port at once, game after game: a
//! host closing the pseudo-terminal or a client leaving ends nothing (the board stays
//! powered). [`RunningBoard`] is one, for whoever links this crate (the `sim` link of
//! `arena`); [`run`] is the program `arena board-sim`, whose options ([`BoardSimArgs`])
//! are defined here, once.
//!
//! The program's first two lines on stdout are `pty: /dev/pts/N` and
//! `tcp: 127.0.0.1:PORT`; then (unless `--quiet`) one line per answer of the board:
//! `answer <bytes> <cycles> cycles <ms> ms board time`, and, while the board works
//! towards an answer (from the end of the host's last byte until the answer's first
//! byte), about every 250 ms of real time `busy <cycles> cycles`: the board cycles so
//! far, counted from the same origin as the answer's, for a host to show (a spinner).
//! Hosts ignore lines they do not know.
//!
//! Progress goes to stderr, and when the program stops (the end of stdin with
//! `--exit-with-stdin`, SIGINT, SIGTERM, or an error) its last line there is the
//! simulator's speed ([`RunningBoard::summary`]):
//! `arena board-sim: summary: <N> board cycles simulated in <S> s of simulation (<T> s
//! running): <R> board cycles/s` (on one line), with `N` the clock cycles the model was
//! clocked, `S` the real seconds spent clocking it (not the time it stood still waiting
//! for the host), `T` the real seconds since it started (building the model included)
//! and `R` = `N / S` rounded.

use crate::board::{board_spec, serve_board, BoardServer, SimSdram};
use crate::verilated::{Answer, BoardSpec, Model, Probe};
use hdl::search_budget::Budget;
use hdl::PlayerConfig;
use nix::sys::signal::{SigSet, Signal};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The name the program goes by in what it prints.
pub const PROGRAM: &str = "arena board-sim";

/// The simulated Blokus Duo board: the Verilator model of the board's top level on a
/// pseudo-terminal and a TCP port, game after game, until killed.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct BoardSimArgs {
    /// The TCP port on 127.0.0.1 (0: any free port; the line `tcp: ADDRESS` says which).
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub tcp: u16,
    /// The serial line's baud rate (the board's UART is built for it, on its clock, 50 MHz).
    #[arg(long, value_name = "B", default_value_t = 115_200)]
    pub baud: u32,
    /// The search's rounds start during this many milliseconds of board time
    /// (default: the real board's budget, 850 ms). The simulator runs the
    /// board's logic hundreds of times slower than the board (its speed is in
    /// BENCHMARKS.md), so the real board's budget takes minutes a move; 10 ms
    /// make an opponent that answers in seconds. One model serves every budget
    /// (the budget is on its command line: `hdl::search_budget`).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub search_ms: Option<u32>,
    /// The words the SDRAM check covers (asked for by `?` outside a game): a multiple
    /// of 256 from 256 to 16777216 (default 16384: the whole 32 MB would take the
    /// simulator minutes).
    #[arg(long, value_name = "WORDS", value_parser = parse_sdram_words)]
    pub sdram_words: Option<u32>,
    /// Force one of the SDRAM's data lines in its chip model: BIT:LEVEL, e.g. 5:1
    /// (data line 5 stuck at 1).
    #[arg(long, value_name = "BIT:LEVEL", value_parser = parse_stuck)]
    pub sdram_stuck: Option<(u8, bool)>,
    /// Print only the two address lines, not a line per answer (nor the busy lines).
    #[arg(long)]
    pub quiet: bool,
    /// Milliseconds of real time between two `busy` lines.
    #[arg(long, value_name = "MS", default_value_t = 250, hide = true)]
    pub busy_ms: u64,
    /// Also stop at the end of stdin (so that a parent holding a pipe to it takes the
    /// board down with it, however it ends).
    #[arg(long, hide = true)]
    pub exit_with_stdin: bool,
}

/// A span for the SDRAM check (`hdl::sdram_check::check_span`).
pub fn parse_sdram_words(text: &str) -> Result<u32, String> {
    let words: u32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of words"))?;
    hdl::sdram_check::check_span(words)?;
    Ok(words)
}

/// A stuck data line, `BIT:LEVEL` (the data line 0 to 15, the level 0 or 1).
pub fn parse_stuck(text: &str) -> Result<(u8, bool), String> {
    let bad = || format!("`{text}` is not BIT:LEVEL, a data line 0 to 15 and a level 0 or 1");
    let (bit, level) = text.split_once(':').ok_or_else(bad)?;
    let bit: u8 = bit.parse().ok().filter(|&b| b < 16).ok_or_else(bad)?;
    match level {
        "0" => Ok((bit, false)),
        "1" => Ok((bit, true)),
        _ => Err(bad()),
    }
}

/// How a board is built and served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardOptions {
    /// The serial line's baud rate.
    pub baud: u32,
    /// The search's rounds start during this many ms of board time (`None`: the
    /// real board's budget).
    pub search_ms: Option<u32>,
    /// The TCP port on 127.0.0.1 (0: any free one).
    pub tcp: u16,
    /// Its SDRAM: the check's span, a stuck data line.
    pub sdram: SimSdram,
}

/// What a running board tells as it goes.
pub struct Hooks {
    /// Each answer, as it is complete.
    pub on_answer: Box<dyn FnMut(&Answer) + Send>,
    /// While the board works towards an answer, every `busy_every`: the cycles so far.
    pub on_busy: Box<dyn FnMut(u64) + Send>,
    /// How often `on_busy` is called.
    pub busy_every: Duration,
}

/// A simulated board running: its model clocked by its driver process, served on a
/// pseudo-terminal and a TCP port. Dropping it stops both and the driver.
pub struct RunningBoard {
    server: BoardServer,
    probe: Probe,
    started: Instant,
}

impl RunningBoard {
    /// Builds the board `options` asks for (once: the model is cached; `progress` is
    /// told what is being built), starts it and serves it; `hooks` hear of it.
    pub fn start(
        options: BoardOptions,
        progress: &mut dyn FnMut(&str),
        hooks: Option<Hooks>,
    ) -> Result<RunningBoard, String> {
        let started = Instant::now();
        let mut config = PlayerConfig {
            baud: u64::from(options.baud),
            ..PlayerConfig::default()
        };
        if let Some(ms) = options.search_ms {
            config.budget = Budget::rounds_for(u64::from(ms) * config.clock_hz / 1000);
        }
        // Checked before the hardware is built for it (its blocks assert it).
        BoardSpec::new("", "")
            .with_clock_hz(config.clock_hz)
            .with_baud(config.baud)
            .cycles_per_bit()
            .map_err(|e| e.to_string())?;
        let spec =
            board_spec(config, options.sdram).map_err(|e| format!("the board's Verilog: {e}"))?;
        let model = Model::build(&spec, &mut |m| progress(m)).map_err(|e| e.to_string())?;
        if model.built_now {
            progress(&format!(
                "built in {:.0} s",
                started.elapsed().as_secs_f64()
            ));
        }
        let mut board = model.start().map_err(|e| e.to_string())?;
        let probe = board.probe();
        if let Some(hooks) = hooks {
            board.on_answer(hooks.on_answer);
            board.on_progress(hooks.busy_every, hooks.on_busy);
        }
        let listener = TcpListener::bind(("127.0.0.1", options.tcp))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", options.tcp))?;
        let server = serve_board(board, listener).map_err(|e| e.to_string())?;
        Ok(RunningBoard {
            server,
            probe,
            started,
        })
    }

    /// The pseudo-terminal a host opens as the board's serial port.
    pub fn pty_path(&self) -> &Path {
        self.server.pty.path()
    }

    /// The TCP port's address.
    pub fn tcp_address(&self) -> SocketAddr {
        self.server.tcp.local_addr()
    }

    /// A view of the model: its cycles, its answers.
    pub fn probe(&self) -> Probe {
        self.probe.clone()
    }

    /// Whether serving has ended (only an error ends it).
    pub fn is_finished(&self) -> bool {
        self.server.is_finished()
    }

    /// Stops serving: why it had stopped, if it had.
    pub fn stop(self) -> String {
        let BoardServer { pty, tcp, .. } = self.server;
        let pty = pty
            .stop()
            .map_or_else(|e| e.to_string(), |s| format!("{:?}", s.end));
        let tcp = tcp
            .stop()
            .map_or_else(|e| e.to_string(), |s| format!("{:?}", s.end));
        format!("pty: {pty}; tcp: {tcp}")
    }

    /// The summary line: `WHO: summary: N board cycles simulated in S s of simulation
    /// (T s running): R board cycles/s`.
    pub fn summary(&self, who: &str) -> String {
        summary_line(who, Some(&self.probe), self.started)
    }
}

/// The summary line of a board seen through `probe` (none yet: nothing simulated),
/// started at `started`.
fn summary_line(who: &str, probe: Option<&Probe>, started: Instant) -> String {
    let (cycles, simulating) = probe.map_or((0, Duration::ZERO), |p| (p.cycles(), p.running()));
    let seconds = simulating.as_secs_f64();
    let rate = if seconds > 0.0 {
        (cycles as f64 / seconds).round() as u64
    } else {
        0
    };
    format!(
        "{who}: summary: {cycles} board cycles simulated in {seconds:.3} s of simulation \
         ({:.3} s running): {rate} board cycles/s",
        started.elapsed().as_secs_f64()
    )
}

/// What the program's summary is made of: the board's probe (once it runs) and the
/// program's start.
#[derive(Clone, Debug)]
struct Summary {
    started: Instant,
    probe: Arc<OnceLock<Probe>>,
}

impl Summary {
    fn line(&self) -> String {
        summary_line(PROGRAM, self.probe.get(), self.started)
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

/// Prints `line` on stdout; when nobody reads it any more, the program's purpose is
/// gone: it stops with the summary.
fn report(summary: &Summary, line: &dyn std::fmt::Display) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        summary.exit(0);
    }
}

/// The program `arena board-sim`: the board served until killed (the process
/// exits with the summary), or until an error, which is printed, then the summary;
/// the exit status to end with.
pub fn run(args: BoardSimArgs) -> i32 {
    let summary = Summary {
        started: Instant::now(),
        probe: Arc::default(),
    };
    let Err(e) = serve_until_stopped(args, &summary);
    eprintln!("{PROGRAM}: {e}");
    eprintln!("{}", summary.line());
    1
}

fn serve_until_stopped(
    args: BoardSimArgs,
    summary: &Summary,
) -> Result<std::convert::Infallible, String> {
    stop_on_signals(summary)?;
    let hooks = (!args.quiet).then(|| {
        let on_answer = summary.clone();
        let on_busy = summary.clone();
        Hooks {
            on_answer: Box::new(move |answer: &Answer| report(&on_answer, answer)),
            on_busy: Box::new(move |cycles| {
                report(&on_busy, &format_args!("busy {cycles} cycles"))
            }),
            busy_every: Duration::from_millis(args.busy_ms),
        }
    });
    let options = BoardOptions {
        baud: args.baud,
        search_ms: args.search_ms,
        tcp: args.tcp,
        sdram: SimSdram {
            words: args.sdram_words,
            stuck: args.sdram_stuck,
        },
    };
    let board = RunningBoard::start(options, &mut |m| eprintln!("{PROGRAM}: {m}"), hooks)?;
    let _ = summary.probe.set(board.probe());
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "pty: {}", board.pty_path().display())
            .and_then(|()| writeln!(out, "tcp: {}", board.tcp_address()))
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
    while !board.is_finished() {
        std::thread::sleep(Duration::from_millis(200));
    }
    // Only an error ends serving: say which.
    Err(format!("serving stopped: {}", board.stop()))
}
