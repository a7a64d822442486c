//! `arena janken ...`: Janken shogi: perft, a game in the terminal (either
//! seat a person or an engine, the set-up ordered or blind), the engines.

use crate::cli::play::{play, PlayArgs};
use clap::Subcommand;
use games::game::perft::perft_command;
use games::game::{Engines, TwoPlayerGame};
use games::janken::Position;
use std::io::{BufRead, Write};

/// The Janken shogi subcommands.
#[derive(Subcommand, Debug)]
pub enum JankenCommand {
    /// Print, as the last line, the number of move sequences of length DEPTH
    /// (a set-up is a ply, a turn is a ply; turns with the same outcome count once).
    Perft {
        depth: u32,
        /// Start from this position (docs/janken-notation.md).
        #[arg(long)]
        fen: Option<String>,
        /// Comma-separated set-ups and turns played first.
        #[arg(long, default_value = "")]
        moves: String,
        /// A blind set-up (from the start).
        #[arg(long)]
        blind: bool,
        /// Also print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play in the terminal against an engine (by default ours).
    Play {
        /// Both players set up without seeing the other's cubes.
        #[arg(long)]
        blind: bool,
        #[command(flatten)]
        args: PlayArgs,
    },
    /// List the engines and their options.
    Engines,
}

/// Runs one Janken shogi subcommand.
pub fn run(
    command: JankenCommand,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        JankenCommand::Perft {
            depth,
            fen,
            moves,
            blind,
            divide,
        } => {
            let start = match fen {
                Some(fen) => <Position as TwoPlayerGame>::from_fen(&fen)
                    .map_err(|e| anyhow::anyhow!("--fen: {e}"))?,
                None => Position::new(blind),
            };
            perft_command(start, &moves, depth, divide, output)
        }
        JankenCommand::Play { blind, args } => {
            play(&args, Position::new(blind), "alphabeta", input, output)
        }
        JankenCommand::Engines => Ok(Position::list_engines("strong, simple", output)?),
    }
}
