//! `arena-board-sim`: the simulated board. The Verilator model of the board's top level
//! (`hdl::Ulx3sTop`, its Verilog generated here and the model built once into a cache)
//! served on a pseudo-terminal and on a TCP port at once, game after game, until killed:
//! a host closing the pseudo-terminal or a client leaving ends nothing (the board stays
//! powered). `arena board-sim` runs it, and the `sim` link starts it.
//!
//! Its first two lines on stdout are `pty: /dev/pts/N` and `tcp: 127.0.0.1:PORT`; then
//! (unless `--quiet`) one line per answer of the board:
//! `answer <bytes> <cycles> cycles <ms> ms board time`. Progress goes to stderr.

use clap::Parser;
use hdl::monte_carlo::Budget;
use hdl::PlayerConfig;
use sim::board::{serve_board, ulx3s_spec};
use sim::verilated::{BoardSpec, Model};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::ExitCode;
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
    /// (default: the real board's, 650). The simulator runs about 100,000 board
    /// cycles a second, so the real board's budget takes minutes a move; a few
    /// milliseconds make a quick opponent. Each budget builds its own model.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=1000))]
    search_ms: Option<u32>,
    /// Print only the two address lines, not a line per answer.
    #[arg(long)]
    quiet: bool,
    /// Also stop at the end of stdin (so that a parent holding a pipe to it takes the
    /// board down with it, however it ends).
    #[arg(long, hide = true)]
    exit_with_stdin: bool,
}

fn run(args: Args) -> Result<(), String> {
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
    if !args.quiet {
        board.on_answer(|answer| {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{answer}")
                .and_then(|()| out.flush())
                .is_err()
            {
                // Whoever reads our reports has gone: so has our purpose.
                std::process::exit(0);
            }
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
        std::thread::spawn(|| {
            let mut sink = [0u8; 256];
            while matches!(std::io::stdin().read(&mut sink), Ok(n) if n > 0) {}
            std::process::exit(0);
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
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena-board-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
