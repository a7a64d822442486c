//! `arena-board-sim`: the simulated board. The Verilator model of the board's
//! top level (`hdl::Ulx3sTop`, built once and cached) served on a
//! pseudo-terminal and on a TCP port, game after game until stopped. Its
//! first two lines are `pty: PATH` and `tcp: ADDRESS`; then one line per
//! answer with the board time it took. `arena board-sim` runs it.

use clap::Parser;
use hdl::PlayerConfig;
use sim::board::{bridge_tcp_to_pty, ulx3s_spec};
use sim::verilated::{build_model, VerilatedBoard};
use sim::{serve_on_pty, OnHangUp};
use std::io::Write;
use std::net::TcpListener;
use std::process::ExitCode;

/// The simulated Blokus Duo board.
#[derive(Parser, Debug)]
#[command(name = "arena-board-sim", version)]
struct Args {
    /// TCP port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 0)]
    tcp: u16,
    /// The serial line's baud rate (the board's UART is built for it).
    #[arg(long, default_value_t = 115_200)]
    baud: u32,
    /// Print only the two address lines, not every answer.
    #[arg(long)]
    quiet: bool,
}

fn run(args: Args) -> Result<(), String> {
    let config = PlayerConfig {
        baud: u64::from(args.baud),
        ..PlayerConfig::default()
    };
    let spec = ulx3s_spec(config);
    let exe =
        build_model(&spec, &mut |m| eprintln!("board-sim: {m}")).map_err(|e| e.to_string())?;
    let mut board = VerilatedBoard::start(&exe, spec.clock_hz).map_err(|e| e.to_string())?;
    if !args.quiet {
        board.on_answer(|answer| {
            println!("{answer}");
            let _ = std::io::stdout().flush();
        });
    }
    let listener = TcpListener::bind(("127.0.0.1", args.tcp))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", args.tcp))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let server = serve_on_pty(board, OnHangUp::AwaitReconnect).map_err(|e| e.to_string())?;
    let pty = server.path().to_owned();
    println!("pty: {}", pty.display());
    println!("tcp: {address}");
    let _ = std::io::stdout().flush();
    bridge_tcp_to_pty(listener, &pty, args.baud).map_err(|e| format!("TCP: {e}"))?;
    server.wait().map_err(|e| e.to_string())?;
    Ok(())
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
