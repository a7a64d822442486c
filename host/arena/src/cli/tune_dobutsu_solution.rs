//! `arena tune dobutsu-solution`: Dobutsu shogi's evaluation fitted to the
//! solved table ([`games::dobutsu::fitted`]): reached positions drawn
//! uniformly from the table, each labelled with its exact win, draw or loss
//! (and, when asked, its distance), fit the weights Texel-style
//! ([`games::tune::texel`]); the held-out tenth's error and its win / draw /
//! loss accuracy are printed beside our hand-set evaluation's, and the
//! weights file is written.

use anyhow::Context;
use clap::Args;
use games::dobutsu::eval::StrongEvaluation;
use games::dobutsu::fitted::{self, FittedEvaluation, Labelled};
use games::search::Evaluator;
use games::tune::texel::{self, Sample};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// `arena tune dobutsu-solution`'s options.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The solution's table (default: $ARENA_DOBUTSU_TABLE, else
    /// ~/.cache/fpga-blokus/dobutsu-solution.tb; `arena dobutsu solve` writes it).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Positions drawn from the table (a tenth of them held out).
    #[arg(long, default_value_t = 1_000_000)]
    pub positions: usize,
    /// A win or loss d plies away aims at 1/2 +- exp(-d / D) / 2 instead of 1 or 0.
    #[arg(long)]
    pub distance_scale: Option<f64>,
    /// Fitting epochs.
    #[arg(long, default_value_t = 400)]
    pub epochs: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the fitted weights go (`eval=fitted` reads the committed copy,
    /// host/games/src/dobutsu/fitted-weights.txt).
    #[arg(long, default_value = "dobutsu-weights.txt")]
    pub weights: PathBuf,
}

/// Every tenth position is held out of the fitting and only measured.
const HELD_OUT: usize = 10;

/// Draws the positions, fits the weights, reports the fit and writes the weights.
pub fn tune(args: &TuneArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.positions >= HELD_OUT,
        "--positions: at least {HELD_OUT}"
    );
    let started = Instant::now();
    let path = args
        .table
        .clone()
        .unwrap_or_else(games::dobutsu::solve::table::default_path);
    let table = games::dobutsu::solve::table::read(&path).map_err(|e| {
        anyhow::anyhow!(
            "{e} (`arena dobutsu solve --out {}` writes it)",
            path.display()
        )
    })?;
    let drawn = fitted::draw(&table, args.positions, args.seed)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    drop(table);
    let count = |f: fn(&Labelled) -> bool| drawn.iter().filter(|l| f(l)).count();
    use games::dobutsu::solve::retro::Verdict;
    writeln!(
        output,
        "{} positions drawn from {} in {:.1} s: won {}, drawn {}, lost {} for the side to move",
        drawn.len(),
        path.display(),
        started.elapsed().as_secs_f64(),
        count(|l| matches!(l.verdict, Verdict::Won(_))),
        count(|l| l.verdict == Verdict::Drawn),
        count(|l| matches!(l.verdict, Verdict::Lost(_))),
    )?;
    let samples: Vec<Sample> = drawn
        .iter()
        .map(|l| fitted::sample(&l.position, fitted::target(l.verdict, args.distance_scale)))
        .collect();
    let initial = fitted::initial_weights();
    let fitting = texel::fit_from(&samples, &initial, args.epochs, HELD_OUT, &mut |line| {
        eprintln!("{line}")
    });
    let k = fitting.k;
    let summary = fitting.summary().context("no epoch ran")?;
    let epochs = fitting.epochs;
    let last = epochs.last().context("no epoch ran")?;
    let evaluation = FittedEvaluation::from_weights(&last.weights);
    std::fs::write(&args.weights, evaluation.to_text())
        .with_context(|| format!("cannot write {}", args.weights.display()))?;
    writeln!(output, "{summary}")?;
    // The held-out positions, as the fitting kept them apart.
    let held: Vec<Labelled> = drawn.iter().step_by(HELD_OUT).copied().collect();
    let strong_samples: Vec<Sample> = samples
        .iter()
        .zip(&drawn)
        .map(|(s, l)| Sample {
            features: vec![(0, StrongEvaluation.evaluate(&l.position) as f32)],
            result: s.result,
        })
        .collect();
    let strong_k = texel::fit_scale(&strong_samples, &[1.0]);
    let strong_held: Vec<Sample> = strong_samples.iter().step_by(HELD_OUT).cloned().collect();
    writeln!(
        output,
        "held out ({} positions): win / draw / loss named right by the fitted \
         evaluation {:.1}%, by our hand-set one {:.1}% (its scale k = {strong_k:.3}, \
         mean squared error {:.5})",
        held.len(),
        100.0 * fitted::accuracy(&held, k, |p| evaluation.linear(p)),
        100.0 * fitted::accuracy(&held, strong_k, |p| StrongEvaluation.evaluate(p)),
        texel::loss(&strong_held, &[1.0], strong_k),
    )?;
    let names = fitted::feature_names();
    writeln!(output, "| weight | start | fitted |\n|---|---|---|")?;
    for (i, name) in names.iter().enumerate() {
        if !name.starts_with("square.") {
            writeln!(
                output,
                "| {name} | {:.0} | {} |",
                initial[i],
                evaluation.weights()[i]
            )?;
        }
    }
    writeln!(
        output,
        "weights: {} ({:.1} s)",
        args.weights.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
