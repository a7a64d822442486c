//! `arena kyoto ...`: Kyoto shogi and Simulation shogi (the points rule on,
//! the default): perft, a game in the terminal, the engines.

use crate::cli::play::{play, PlayArgs};
use crate::game::record::Record;
use crate::game::Engines;
use crate::kyoto::perft::perft;
use crate::kyoto::Position;
use clap::{Subcommand, ValueEnum};
use std::io::{BufRead, Write};
use std::time::Instant;

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
    /// Play in the terminal against an engine (by default the strongest).
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
            let mut game = Record::new(start, usize::MAX);
            for text in moves.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                game.play_text(text)
                    .map_err(|e| anyhow::anyhow!("--moves: {e}"))?;
            }
            let position = *game.position();
            let started = Instant::now();
            let count = if divide && depth > 0 {
                let mut first = Vec::new();
                position.generate(&mut first);
                let mut total = 0;
                for m in first {
                    let mut child = position;
                    child.make(m);
                    let n = perft(&child, depth - 1);
                    writeln!(output, "{} {n}", Position::move_text(m))?;
                    total += n;
                }
                total
            } else {
                perft(&position, depth)
            };
            let seconds = started.elapsed().as_secs_f64();
            writeln!(
                output,
                "perft {depth} of {}: {seconds:.3} s, {:.2} M moves/s",
                position.to_fen(),
                count as f64 / seconds.max(1e-9) / 1e6
            )?;
            writeln!(output, "{count}")?;
            Ok(())
        }
        KyotoCommand::Play { points, args } => play(
            &args,
            Position::start(points == Points::On),
            "alphabeta:time=1",
            input,
            output,
        ),
        KyotoCommand::Engines => {
            writeln!(output, "random: uniformly random legal moves")?;
            for kind in Position::engine_kinds() {
                writeln!(output, "{}: {}", kind.name, kind.about)?;
            }
            writeln!(
                output,
                "options: NAME:depth=N,time=S,nodes=N,eval=E,choice=first|tie|rank,quiescence=on|off,table=BITS,seed=N\n\
                 evaluations: strong, average, or four pair values LT/SB/GN/RP"
            )?;
            Ok(())
        }
    }
}
