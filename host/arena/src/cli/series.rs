//! `arena tournament GAME`: a series between two engines of any two-player
//! game, both seats, a progress bar, the games saved as they finish, and
//! win / draw / loss with 95% intervals.

use anyhow::Context;
use games::game::tournament::{play_series, SeriesConfig, SeriesTally};
use games::game::Engines;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// How the series of a table are run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub games: u32,
    pub seed: u64,
    pub jobs: usize,
    pub max_plies: usize,
}

/// The options every game's series takes.
#[derive(clap::Args, Debug, Clone)]
pub struct SeriesArgs {
    /// Engine A, e.g. `alphabeta:time=0.1`, `seed:depth=4`, `random` (see each game's `engines`).
    #[arg(long)]
    pub a: String,
    /// Engine B.
    #[arg(long)]
    pub b: String,
    /// Games in all; A moves first in every other one.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Game i's engines take their random choices from SEED + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one thread each).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// A game still going after this many plies is scored a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// The file the games are appended to as they finish (default: GAME-tournament.txt).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Start from this position (the game's FEN) instead of the usual start.
    #[arg(long)]
    pub start: Option<String>,
}

/// Runs the series `args` describes from `start` (or `args.start`), printing
/// the tallies to `output`.
pub fn run_series<G: Engines + Send + Sync>(
    args: &SeriesArgs,
    start: G,
    output: &mut dyn Write,
) -> anyhow::Result<SeriesTally> {
    let start = match &args.start {
        Some(fen) => G::from_fen(fen).map_err(|e| anyhow::anyhow!("--start: {e}"))?,
        None => start,
    };
    // Both engines are built once here so that a bad spec fails before any game.
    G::player(&args.a, args.seed).map_err(|e| anyhow::anyhow!("--a: {e}"))?;
    G::player(&args.b, args.seed).map_err(|e| anyhow::anyhow!("--b: {e}"))?;
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    let path = args
        .records
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-tournament.txt", G::NAME)));
    let mut records = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("cannot open the records file {}", path.display()))?;
    writeln!(
        output,
        "{}: A = {} against B = {}, {} games from {}; records in {}",
        G::NAME,
        args.a,
        args.b,
        args.games,
        start.to_fen(),
        path.display()
    )?;
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta}) A: {msg}")
            .expect("a valid progress template"),
    );
    let make_a = |seed| G::player(&args.a, seed);
    let make_b = |seed| G::player(&args.b, seed);
    let tally = play_series(
        &start,
        &make_a,
        &make_b,
        SeriesConfig {
            games: args.games,
            alternate: true,
            max_plies: args.max_plies,
            seed: args.seed,
            jobs: args.jobs,
        },
        &mut records,
        &|done, tally| {
            bar.set_position(u64::from(done));
            let total = tally.total();
            bar.set_message(format!(
                "+{} ={} -{}",
                total.wins, total.draws, total.losses
            ));
        },
    )?;
    bar.finish_and_clear();
    writeln!(output, "A = {} against B = {}:", args.a, args.b)?;
    writeln!(output, "{tally}")?;
    Ok(tally)
}

/// A series with `first` always moving first (the seeds' tables), its games
/// appended to `records`; the tally is the first player's.
pub fn fixed_seat_series<G: Engines + Send + Sync>(
    start: &G,
    first: &str,
    second: &str,
    options: &RunOptions,
    records: &std::path::Path,
) -> anyhow::Result<games::stats::Tally> {
    G::player(first, options.seed).map_err(anyhow::Error::msg)?;
    G::player(second, options.seed).map_err(anyhow::Error::msg)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(records)
        .with_context(|| format!("cannot open the records file {}", records.display()))?;
    let bar = ProgressBar::new(u64::from(options.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
            .expect("a valid progress template"),
    );
    bar.set_message(format!("{first} vs {second}"));
    let make_first = |seed| G::player(first, seed);
    let make_second = |seed| G::player(second, seed);
    let tally = play_series(
        start,
        &make_first,
        &make_second,
        SeriesConfig {
            games: options.games,
            alternate: false,
            max_plies: options.max_plies,
            seed: options.seed,
            jobs: options.jobs,
        },
        &mut file,
        &|done, _| bar.set_position(u64::from(done)),
    )?;
    bar.finish_and_clear();
    Ok(tally.first)
}
