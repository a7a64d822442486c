//! The `arena` command line: argument definitions (clap) and the commands
//! behind them, kept in the library so tests can drive them with in-memory I/O.

pub mod blokus;

use clap::{Parser, Subcommand};

/// Games, engines, referee and tools of the FPGA board-game project.
#[derive(Parser, Debug)]
#[command(name = "arena", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The games.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Blokus Duo: legal moves, perft, play against an engine, benchmarks, record conversion.
    #[command(subcommand)]
    Blokus(blokus::BlokusCommand),
}

/// Runs a parsed command line with the process's standard streams.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout();
    match cli.command {
        Command::Blokus(command) => blokus::run(command, &mut input, &mut output),
    }
}
