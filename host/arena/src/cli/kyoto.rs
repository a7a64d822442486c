//! `arena kyoto ...`: Kyoto shogi and Simulation shogi (the points rule on,
//! the default): perft, a game in the terminal, the engines.

use crate::cli::play::{play, PlayArgs};
use clap::{Subcommand, ValueEnum};
use games::game::perft::perft_command;
use games::game::Engines;
use games::kyoto::Position;
use std::io::{BufRead, Write};

/// The points rule of Simulation shogi, on or off (plain Kyoto shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Points {
    On,
    Off,
}

/// The Kyoto shogi subcommands.
#[derive(Subcommand, Debug)]
pub enum KyotoCommand {
    /// Print, as the last line, the number of move sequences of length DEPTH.
    Perft {
        depth: u32,
        #[arg(long, value_enum, default_value = "on")]
        points: Points,
        /// Start from this FEN (Fairy-Stockfish's; `points=S,G` at the end for points).
        #[arg(long)]
        fen: Option<String>,
        /// Comma-separated moves played first (either notation).
        #[arg(long, default_value = "")]
        moves: String,
        /// Also print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play in the terminal against an engine (by default our search, alphabeta).
    Play {
        #[arg(long, value_enum, default_value = "on")]
        points: Points,
        #[command(flatten)]
        args: PlayArgs,
    },
    /// List the engines and their options.
    Engines,
}

/// Runs one Kyoto shogi subcommand.
pub fn run(
    command: KyotoCommand,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        KyotoCommand::Perft {
            depth,
            points,
            fen,
            moves,
            divide,
        } => {
            let start = match fen {
                Some(fen) => Position::from_fen(&fen).map_err(|e| anyhow::anyhow!("--fen: {e}"))?,
                None => Position::start(points == Points::On),
            };
            perft_command(start, &moves, depth, divide, output)
        }
        KyotoCommand::Play { points, args } => play(
            &args,
            Position::start(points == Points::On),
            "alphabeta:time=1",
            input,
            output,
        ),
        KyotoCommand::Engines => Ok(Position::list_engines(
            "tuned, file:PATH (weights from arena tune kyoto), strong, average, or four pair values LT/SB/GN/RP",
            output,
        )?),
    }
}
