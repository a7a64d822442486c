//! `arena dobutsu ...`: perft, a game in the terminal, the engines, the
//! solve and the judging of games by its table, and the seed's genetic
//! algorithm for the piece values.

use crate::chart;
use crate::cli::play::{play, PlayArgs};
use anyhow::Context;
use clap::Subcommand;
use games::dobutsu::eval::{PieceValues, SeedEvaluation};
use games::dobutsu::Position;
use games::game::perft::perft_command;
use games::game::player::SearchPlayer;
use games::game::record::Record;
use games::game::tournament::play_out;
use games::game::{Engines, Outcome};
use games::search::{Choice, Limits};
use games::tune::{evolve, GaConfig};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// The Dobutsu shogi subcommands.
#[derive(Subcommand, Debug)]
pub enum DobutsuCommand {
    /// Print, as the last line, the number of move sequences of length DEPTH.
    Perft {
        depth: u32,
        /// Start from this Fairy-Stockfish FEN.
        #[arg(long)]
        fen: Option<String>,
        /// Comma-separated moves played first (either notation).
        #[arg(long, default_value = "")]
        moves: String,
        /// Also print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play in the terminal against an engine (by default our search,
    /// alphabeta; `perfect` plays from the solved table).
    Play(PlayArgs),
    /// List the engines and their options.
    Engines,
    /// Count every position reachable from the start as Tanaka's complete
    /// analysis counts them (a position where the side to move can catch the
    /// lion, or where the opponent's lion stands on its far row, is counted
    /// but not expanded); the last line is the count.
    Reachable {
        /// Threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Judge every move of a records file's games by the solution's table:
    /// each entrant's games by their value and result, and the moves that
    /// gave ground (a win let go, a draw lost).
    Judge(crate::cli::judge::JudgeArgs),
    /// Solve the game: every position reachable from the start and its
    /// value (won or lost in so many plies, or drawn) by retrograde
    /// analysis; writes the table the perfect player reads and reports the
    /// counts, the start's value and each first move's.
    Solve {
        /// The table file (default: $ARENA_DOBUTSU_TABLE, else
        /// ~/.cache/fpga-blokus/dobutsu-solution.tb).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Solve the positions reachable from this FEN instead of the start
        /// (a sub-game: a table for play from that position).
        #[arg(long)]
        root: Option<String>,
    },
}

/// `arena tune dobutsu`: the seed's genetic algorithm for the piece values
/// (material alone, a 2-ply search): a round robin of 5, the top 2 cross
/// over, 3% mutation, a gene fixed once its best value's deviation over 100
/// generations is at most 30; the convergence chart as a PNG.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Stop after this many generations even if some gene is unsettled.
    #[arg(long, default_value_t = 3000)]
    pub generations: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// The search depth of the individuals.
    #[arg(long, default_value_t = 2)]
    pub depth: u32,
    /// The chart (PNG).
    #[arg(long, default_value = "dobutsu-tune.png")]
    pub chart: PathBuf,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
}

/// Runs one Dobutsu shogi subcommand.
pub fn run(
    command: DobutsuCommand,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        DobutsuCommand::Perft {
            depth,
            fen,
            moves,
            divide,
        } => {
            let start = match fen {
                Some(fen) => Position::from_fen(&fen).map_err(|e| anyhow::anyhow!("--fen: {e}"))?,
                None => Position::start(),
            };
            perft_command(start, &moves, depth, divide, output)
        }
        DobutsuCommand::Play(args) => {
            play(&args, Position::start(), "alphabeta:time=1", input, output)
        }
        DobutsuCommand::Reachable { threads } => crate::cli::solve::reachable(threads, output),
        DobutsuCommand::Solve { out, threads, root } => crate::cli::solve::solve_command(
            &match root {
                Some(fen) => {
                    Position::from_fen(&fen).map_err(|e| anyhow::anyhow!("--root: {e}"))?
                }
                None => Position::start(),
            },
            &out.unwrap_or_else(games::dobutsu::solve::table::default_path),
            threads,
            output,
        ),
        DobutsuCommand::Judge(args) => crate::cli::judge::run(&args, output),
        DobutsuCommand::Engines => Ok(Position::list_engines(
            "strong, fitted, file:PATH, material, attacks, seed, or nine piece values a/b/c/d/e/f/g/h/i",
            output,
        )?),
    }
}

/// Runs the genetic algorithm and draws its chart.
pub fn tune(args: &TuneArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let TuneArgs {
        generations,
        seed,
        jobs,
        depth,
        ref chart,
        max_plies,
    } = *args;
    // The seed's first generation: its base values times uniform [0, 1] each.
    let mut rng = StdRng::seed_from_u64(seed);
    let base = PieceValues::SEED.genes();
    let initial: Vec<Vec<i32>> = (0..5)
        .map(|_| {
            base.iter()
                .map(|&v| (f64::from(v) * rng.random::<f64>()).round() as i32)
                .collect()
        })
        .collect();
    let config = GaConfig {
        max_generations: generations,
        seed,
        jobs,
        ..GaConfig::default()
    };
    let limits = Limits {
        choice: Choice::RandomTie,
        ..Limits::depth(depth)
    };
    let play_game = |first: &[i32], second: &[i32], game_seed: u64| -> Outcome {
        let player = |genes: &[i32], s: u64| {
            SearchPlayer::new(
                "ga",
                limits,
                Box::new(SeedEvaluation::material(PieceValues::from_genes(genes))),
                0,
                s,
            )
        };
        let mut a = player(first, game_seed);
        let mut b = player(second, game_seed ^ 0x5555);
        let mut record = Record::new(Position::start(), max_plies);
        play_out(&mut record, [&mut a, &mut b], &mut |_, _| {})
            .map(|ending| ending.outcome())
            .unwrap_or(Outcome::Draw)
    };
    writeln!(
        output,
        "genetic algorithm: 5 individuals, depth {depth}, genes {}",
        PieceValues::GENE_NAMES.join(", ")
    )?;
    let bar = ProgressBar::new(u64::from(generations));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} generation {pos}/{len} {msg}")
            .expect("a valid progress template"),
    );
    let started = Instant::now();
    let history = evolve(initial, &config, &play_game, &mut |g| {
        bar.set_position(u64::from(g.number));
        let fixed = g.fixed_at.iter().filter(|f| f.is_some()).count();
        bar.set_message(format!("{fixed}/9 genes fixed, best {:?}", g.best));
        true
    });
    bar.finish_and_clear();
    let last = history.last().context("no generation ran")?;
    writeln!(
        output,
        "{} generations in {:.1} s",
        last.number,
        started.elapsed().as_secs_f64()
    )?;
    writeln!(
        output,
        "| gene | seed | tuned | fixed at generation |\n|---|---|---|---|"
    )?;
    for (gene, name) in PieceValues::GENE_NAMES.iter().enumerate() {
        let fixed = last.fixed_at[gene].map_or("-".to_string(), |g| g.to_string());
        writeln!(
            output,
            "| {name} | {} | {} | {fixed} |",
            base[gene], last.best[gene]
        )?;
    }
    let genes: Vec<String> = last.best.iter().map(i32::to_string).collect();
    writeln!(
        output,
        "engine: seed:depth={depth},eval={}",
        genes.join("/")
    )?;
    chart::draw(
        &history,
        &PieceValues::GENE_NAMES,
        "Dobutsu shogi: piece values of the best individual",
        chart,
    )?;
    writeln!(output, "chart: {}", chart.display())?;
    Ok(())
}
