//! `arena tune dobutsu-solution`: Dobutsu shogi's evaluation fitted to the
//! solved table ([`games::dobutsu::fitted`]): reached positions drawn
//! uniformly from the table, each labelled with its exact win, draw or loss
//! (and, when asked, its distance), fit the weights Texel-style
//! ([`games::tune::texel`]); the held-out tenth's error and its win / draw /
//! loss accuracy are printed beside our hand-set evaluation's, and the
//! weights file is written. With `--hidden N` the same positions fit a
//! network evaluation instead ([`games::dobutsu::network`]), measured beside
//! the committed linear one.

use anyhow::Context;
use clap::Args;
use games::dobutsu::eval::StrongEvaluation;
use games::dobutsu::fitted::{self, FittedEvaluation, Labelled};
use games::dobutsu::network::NetworkEvaluation;
use games::dobutsu::solve::retro::Verdict;
use games::search::Evaluator;
use games::tune::network::{self, Network, TrainConfig};
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
    /// Fitting epochs (default 400 for the linear weights, 30 for a network).
    #[arg(long)]
    pub epochs: Option<u32>,
    /// Fit a network of this many hidden units (at most 128) instead of the
    /// linear weights, and write it to --network.
    #[arg(long)]
    pub hidden: Option<usize>,
    /// Where a fitted network goes (`eval=network` reads the committed copy,
    /// host/games/src/dobutsu/network-weights.txt).
    #[arg(long, default_value = "dobutsu-network.txt")]
    pub network: PathBuf,
    /// Positions met in games of the table's best moves, each move random
    /// with probability --noise, added to the drawn ones (see
    /// `fitted::draw_played`).
    #[arg(long, default_value_t = 0)]
    pub played: usize,
    /// The chance of a random move in the --played games.
    #[arg(long, default_value_t = 0.3)]
    pub noise: f64,
    /// A network's fitting sees each drawn position this many times (draws
    /// are rare among the reached positions but decide won games).
    #[arg(long, default_value_t = 1)]
    pub draw_weight: usize,
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
    let mut drawn = fitted::draw(&table, args.positions, args.seed)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if args.played > 0 {
        anyhow::ensure!(
            (0.0..=1.0).contains(&args.noise),
            "--noise: a chance from 0 to 1"
        );
        let played = fitted::draw_played(&table, args.played, args.noise, args.seed)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        // Interleaved, so that the held-out tenth takes from both alike.
        drawn = interleave(drawn, played);
    }
    drop(table);
    let count = |f: fn(&Labelled) -> bool| drawn.iter().filter(|l| f(l)).count();
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
    if let Some(hidden) = args.hidden {
        return fit_network(args, hidden, &drawn, started, output);
    }
    let samples: Vec<Sample> = drawn
        .iter()
        .map(|l| fitted::sample(&l.position, fitted::target(l.verdict, args.distance_scale)))
        .collect();
    let initial = fitted::initial_weights();
    let epochs = args.epochs.unwrap_or(400);
    let fitting = texel::fit_from(&samples, &initial, epochs, HELD_OUT, &mut |line| {
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

/// Fits a network of `hidden` units to the drawn positions and writes it;
/// reports its held-out loss and accuracy beside the committed linear
/// evaluation's on the same positions.
fn fit_network(
    args: &TuneArgs,
    hidden: usize,
    drawn: &[Labelled],
    started: Instant,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    anyhow::ensure!(
        (1..=network::MAX_HIDDEN).contains(&hidden),
        "--hidden: 1 to {} units",
        network::MAX_HIDDEN
    );
    let mut samples: Vec<Sample> = drawn
        .iter()
        .map(|l| {
            games::dobutsu::network::sample(
                &l.position,
                fitted::target(l.verdict, args.distance_scale),
            )
        })
        .collect();
    // Drawn training positions seen again, after the others: the held-out
    // tenth (every tenth of the first part) stays the same positions.
    let again: Vec<Sample> = samples
        .iter()
        .zip(drawn)
        .enumerate()
        .filter(|(i, (_, l))| i % HELD_OUT != 0 && l.verdict == Verdict::Drawn)
        .map(|(_, (s, _))| s.clone())
        .collect();
    for _ in 1..args.draw_weight.max(1) {
        samples.extend(again.iter().cloned());
    }
    let mut fitted_network = Network::random(games::dobutsu::network::INPUTS, hidden, args.seed);
    let config = TrainConfig {
        epochs: args.epochs.unwrap_or(30),
        seed: args.seed,
        ..TrainConfig::default()
    };
    let epochs = network::train(
        &mut fitted_network,
        &samples,
        HELD_OUT,
        &config,
        &mut |epoch| {
            eprintln!(
                "epoch {}: cross-entropy {:.5}, held out {:.5} ({:.0} s)",
                epoch.number,
                epoch.loss,
                epoch.held_out_loss,
                started.elapsed().as_secs_f64()
            )
        },
    );
    let last = epochs.last().context("no epoch ran")?;
    let evaluation = NetworkEvaluation::new(fitted_network)
        .map_err(|e| anyhow::anyhow!("the fitted network: {e}"))?;
    let mut extra = args
        .distance_scale
        .map_or(String::new(), |d| format!(" --distance-scale {d}"));
    if args.played > 0 {
        extra += &format!(" --played {} --noise {}", args.played, args.noise);
    }
    let text = evaluation.network().to_text(&format!(
        "Dobutsu shogi's network evaluation fitted to the solution (arena tune \
         dobutsu-solution --hidden {hidden} --positions {} --epochs {} --draw-weight {}{extra} \
         --seed {}):\n{} inputs, {hidden} hidden units; held-out cross-entropy {:.5}.",
        args.positions,
        config.epochs,
        args.draw_weight.max(1),
        args.seed,
        games::dobutsu::network::INPUTS,
        last.held_out_loss
    ));
    std::fs::write(&args.network, text)
        .with_context(|| format!("cannot write {}", args.network.display()))?;
    let held: Vec<Labelled> = drawn.iter().step_by(HELD_OUT).copied().collect();
    let linear = FittedEvaluation::fitted();
    let linear_samples: Vec<Sample> = held
        .iter()
        .map(|l| Sample {
            features: vec![(0, linear.linear(&l.position) as f32)],
            result: fitted::target(l.verdict, args.distance_scale),
        })
        .collect();
    let linear_k = texel::fit_scale(&linear_samples, &[1.0]);
    writeln!(
        output,
        "held out ({} positions): cross-entropy {:.5} (training {:.5}); win / draw / loss \
         named right by the network {:.1}%, by the committed linear evaluation {:.1}% \
         (its scale k = {linear_k:.3})",
        held.len(),
        last.held_out_loss,
        last.loss,
        100.0
            * fitted::accuracy(&held, 1.0, |p| {
                (evaluation.logit(p) * 400.0).round() as i32
            }),
        100.0 * fitted::accuracy(&held, linear_k, |p| linear.linear(p)),
    )?;
    let held_draws: Vec<Labelled> = held
        .iter()
        .filter(|l| l.verdict == Verdict::Drawn)
        .copied()
        .collect();
    writeln!(
        output,
        "of the {} held-out draws, named right by the network {:.1}%, by the linear one {:.1}%",
        held_draws.len(),
        100.0
            * fitted::accuracy(&held_draws, 1.0, |p| {
                (evaluation.logit(p) * 400.0).round() as i32
            }),
        100.0 * fitted::accuracy(&held_draws, linear_k, |p| linear.linear(p)),
    )?;
    writeln!(
        output,
        "network: {} ({:.1} s)",
        args.network.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// The items of `a` and `b` taken in turn, in proportion to their lengths.
fn interleave<T>(a: Vec<T>, b: Vec<T>) -> Vec<T> {
    let total = a.len() + b.len();
    let (a_len, mut a, mut b) = (a.len(), a.into_iter(), b.into_iter());
    (0..total)
        .filter_map(|i| {
            // Item i comes from `a` when a's share of the first i + 1 grows.
            let from_a = (i + 1) * a_len / total.max(1) > i * a_len / total.max(1);
            if from_a {
                a.next().or_else(|| b.next())
            } else {
                b.next().or_else(|| a.next())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::interleave;

    #[test]
    fn interleaving_keeps_every_item_and_spreads_the_shorter_list() {
        let mixed = interleave(vec![1, 2, 3, 4, 5, 6], vec![10, 20]);
        assert_eq!(mixed.len(), 8);
        let mut sorted = mixed.clone();
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6, 10, 20]);
        // The two of b fall one in each half, and each list keeps its order.
        let at = |x| mixed.iter().position(|&y| y == x).unwrap();
        assert!(at(10) < 4 && at(20) >= 4, "{mixed:?}");
        assert!(at(1) < at(2) && at(5) < at(6));
        assert_eq!(interleave(Vec::<u8>::new(), vec![7]), [7]);
        assert_eq!(interleave(vec![7], Vec::<u8>::new()), [7]);
    }
}
