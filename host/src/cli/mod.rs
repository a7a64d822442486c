//! The `arena` command line: argument definitions (clap) and the commands
//! behind them, kept in the library so tests can drive them with in-memory I/O.

pub mod blokus;
pub mod contest;

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
    /// Referee Blokus Duo games between two contest players, as the organisers' referee did.
    Referee(contest::RefereeArgs),
    /// Play Blokus Duo as a contest player over a link, with a host engine.
    Player(contest::PlayerArgs),
    /// The engines `engine:NAME` and `--engine` take.
    Engines,
    /// Measure the time the referee adds per move over pseudo-terminal pairs.
    RefereeBench(contest::RefereeBenchArgs),
}

/// Runs a parsed command line with the process's standard streams.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    // Not a lock held for the whole run: `arena player --link stdio` reads
    // stdin through the link, which locks it for each read.
    let mut stdin = std::io::BufReader::new(std::io::stdin());
    run_with(cli, &mut stdin, &mut std::io::stdout())
}

/// Runs a parsed command line reading `input` and writing what it prints to `output`.
pub fn run_with(
    cli: Cli,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    match cli.command {
        Command::Blokus(command) => blokus::run(command, input, output),
        Command::Referee(args) => contest::referee(args, output),
        Command::Player(args) => contest::player(args, output),
        Command::Engines => contest::engines(output),
        Command::RefereeBench(args) => contest::referee_bench(args, output),
    }
}
