//! `arena tune kyoto`: Kyoto shogi's evaluation fitted to our own games.
//! Self-play games (a few random moves, then an engine on both sides) are
//! appended to a records file as they end and resumed from it; their quiet
//! positions, labelled with the result the side to move went on to get,
//! fit the tuned evaluation's weights (Texel-style, [`games::tune::texel`]);
//! the weights file, a table and a chart of the piece values by epoch are
//! written.

use crate::chart;
use crate::cli::kyoto::Points;
use anyhow::Context;
use clap::Args;
use games::game::record::Record;
use games::game::{Engines, Outcome};
use games::kyoto::tuned::{self, TunedEvaluation};
use games::kyoto::Position;
use games::search::Game;
use games::series::rounds;
use games::tune::texel::{self, Sample};
use games::tune::Generation;
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `arena tune kyoto`'s options.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Self-play games to take positions from (those already in `--records` are kept).
    #[arg(long, default_value_t = 2000)]
    pub games: u32,
    /// The engine on both sides (a node budget keeps the games reproducible).
    #[arg(long, default_value = "alphabeta:nodes=4000,time=10")]
    pub engine: String,
    /// Uniformly random moves opening each game (their positions are not used).
    #[arg(long, default_value_t = 6)]
    pub random_plies: usize,
    #[arg(long, value_enum, default_value = "off")]
    pub points: Points,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
    /// Fitting epochs.
    #[arg(long, default_value_t = 400)]
    pub epochs: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// The self-play records, appended game by game and resumed.
    #[arg(long, default_value = "kyoto-tune-games.txt")]
    pub records: PathBuf,
    /// Where the fitted weights go (`eval=tuned` reads the committed copy,
    /// host/games/src/kyoto/tuned-weights.txt).
    #[arg(long, default_value = "kyoto-weights.txt")]
    pub weights: PathBuf,
    /// The chart of the piece values by epoch (PNG).
    #[arg(long, default_value = "kyoto-tune.png")]
    pub chart: PathBuf,
}

/// Plays the missing self-play games, fits the weights, writes them and the chart.
pub fn tune(args: &TuneArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let started = Instant::now();
    let played = play_games(args)?;
    let samples = read_samples(&args.records, args.max_plies)?;
    anyhow::ensure!(
        !samples.is_empty(),
        "{}: no positions to fit",
        args.records.display()
    );
    writeln!(
        output,
        "{played} games played, {} positions from {} in {:.1} s",
        samples.len(),
        args.records.display(),
        started.elapsed().as_secs_f64()
    )?;
    let initial = tuned::initial_weights();
    let fitting = texel::fit_from(&samples, &initial, args.epochs, 10, &mut |line| {
        eprintln!("{line}")
    });
    let summary = fitting.summary().context("no epoch ran")?;
    let epochs = fitting.epochs;
    let last = epochs.last().context("no epoch ran")?;
    writeln!(output, "{summary}")?;
    let fitted = TunedEvaluation::from_weights(&last.weights);
    std::fs::write(&args.weights, fitted.to_text())
        .with_context(|| format!("cannot write {}", args.weights.display()))?;
    let names = tuned::feature_names();
    writeln!(output, "| weight | start | fitted |\n|---|---|---|")?;
    for (i, name) in names
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.starts_with("square."))
    {
        writeln!(
            output,
            "| {name} | {:.0} | {} |",
            initial[i],
            fitted.weights()[i]
        )?;
    }
    writeln!(output, "weights: {}", args.weights.display())?;
    draw_chart(&epochs, &names, &args.chart)?;
    writeln!(output, "chart: {}", args.chart.display())?;
    Ok(())
}

/// The pieces' values (faces on the board, kinds in hand) by epoch.
fn draw_chart(epochs: &[texel::Epoch], names: &[String], path: &Path) -> anyhow::Result<()> {
    const CHARTED: usize = 12;
    let history: Vec<Generation> = epochs
        .iter()
        .map(|epoch| Generation {
            number: epoch.number,
            best: epoch.weights[..CHARTED]
                .iter()
                .map(|w| w.round() as i32)
                .collect(),
            best_points: epoch.loss,
            games: 0,
            fixed_at: vec![None; CHARTED],
        })
        .collect();
    let labels: Vec<&str> = names[..CHARTED].iter().map(String::as_str).collect();
    chart::draw(
        &history,
        &labels,
        "Kyoto shogi: piece values by epoch of the fitting",
        path,
    )
}

/// Plays the games of `0..args.games` the records file lacks, appending
/// each as it ends; returns how many were played.
fn play_games(args: &TuneArgs) -> anyhow::Result<usize> {
    let existing = match std::fs::read_to_string(&args.records) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).context(format!("cannot read {}", args.records.display())),
    };
    let done: BTreeSet<u32> = rounds(&existing)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.records.display()))?
        .into_iter()
        .map(|(game, _, _)| game)
        .collect();
    let missing: Vec<u32> = (0..args.games).filter(|g| !done.contains(g)).collect();
    // Checked once here, so that a bad engine name fails before any game.
    Position::player(&args.engine, 0).map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.records)
        .with_context(|| format!("cannot write {}", args.records.display()))?;
    let bar = ProgressBar::new(missing.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} self-play game {pos}/{len}")
            .expect("a valid progress template"),
    );
    let result = games::workers::run_jobs(
        &missing,
        args.jobs,
        |&game| play_one(args, game),
        |_, text| {
            file.write_all(text.as_bytes())
                .and_then(|()| file.flush())
                .context("cannot append a game")?;
            bar.inc(1);
            Ok(())
        },
    );
    bar.finish_and_clear();
    result?;
    Ok(missing.len())
}

/// One self-play game as its records-file text.
fn play_one(args: &TuneArgs, game: u32) -> anyhow::Result<String> {
    let seed = args.seed.wrapping_add(u64::from(game));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut record = Record::new(Position::start(args.points == Points::On), args.max_plies);
    let opening = record.play_random(&mut rng, args.random_plies);
    let mut first = Position::player(&args.engine, seed).map_err(|e| anyhow::anyhow!(e))?;
    let mut second =
        Position::player(&args.engine, seed ^ 0x5555).map_err(|e| anyhow::anyhow!(e))?;
    games::play::play_out(
        &mut record,
        &mut [&mut *first, &mut *second],
        &mut |_, _| {},
    )?;
    Ok(format!(
        "[Round {}]\n[Opening {opening}]\n{}\n",
        game + 1,
        record.to_text(&args.engine, &args.engine)
    ))
}

/// The quiet positions of every finished game in `path` past its random
/// opening, with the result for their side to move.
fn read_samples(path: &Path, max_plies: usize) -> anyhow::Result<Vec<Sample>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut samples = Vec::new();
    for (game, line, text) in
        rounds(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
    {
        let at =
            |e: String| anyhow::anyhow!("{}: game {} (line {line}): {e}", path.display(), game + 1);
        let record = Record::<Position>::parse(&text, max_plies).map_err(at)?;
        let opening: usize = text
            .lines()
            .find_map(|l| {
                l.trim()
                    .strip_prefix("[Opening ")?
                    .strip_suffix(']')?
                    .parse()
                    .ok()
            })
            .unwrap_or(0);
        let Some(ending) = record.ending() else {
            continue;
        };
        let outcome = ending.outcome();
        let mut position = *record.start();
        let mut captured_last = false;
        for (ply, &m) in record.moves().iter().enumerate() {
            if ply >= opening && !captured_last && !Game::in_check(&position) {
                let result = match outcome {
                    Outcome::Draw => 0.5,
                    Outcome::Win(side) if side == position.side_to_move() => 1.0,
                    Outcome::Win(_) => 0.0,
                };
                samples.push(tuned::sample(&position, result));
            }
            captured_last = m.captured != 0;
            position.make(m);
        }
    }
    Ok(samples)
}
