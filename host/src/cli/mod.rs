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
    run_with(cli, &mut stdin.lock(), &mut std::io::stdout())
}

/// Runs a parsed command line reading `input` and writing what it prints to `output`.
pub fn run_with(
    cli: Cli,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    match cli.command {
        Command::Blokus(command) => blokus::run(command, input, output),
    }
}
