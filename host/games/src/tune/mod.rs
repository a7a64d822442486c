//! A genetic algorithm over integer weight vectors (an evaluation's piece
//! values), as the Dobutsu seed ran it: a small population plays a round robin,
//! the two best cross over at one point into a new population, each gene
//! mutates with a small probability, and a gene whose best value has settled
//! (its standard deviation over a window of generations at most a threshold)
//! is fixed from then on. It knows nothing of any game: fitness comes from a
//! function that plays one game between two weight vectors. [`texel`] fits
//! a linear evaluation to game results instead, and [`softmax`] move priors
//! to the moves a player chose, and [`weights`] reads and writes a fitted
//! evaluation's weights file, and [`network`] fits a small network
//! evaluation.

pub mod network;
pub mod softmax;
pub mod texel;
pub mod weights;

use crate::game::{Outcome, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The samples a fitting learns from (by reference) and every
/// `held_out`th one (none for 0), kept out of it and only measured: the
/// one split of every fitting here.
pub fn split_held_out<T: Clone>(samples: &[T], held_out: usize) -> (Vec<&T>, Vec<T>) {
    let (mut training, mut kept) = (Vec::new(), Vec::new());
    for (i, sample) in samples.iter().enumerate() {
        if held_out != 0 && i % held_out == 0 {
            kept.push(sample.clone());
        } else {
            training.push(sample);
        }
    }
    (training, kept)
}

/// The algorithm's settings (the seed's: 5 individuals, top 2 cross over,
/// 3% mutation, a 100-generation window, threshold 30).
#[derive(Clone, Debug)]
pub struct GaConfig {
    pub population: usize,
    pub mutation: f64,
    /// A mutated gene takes a uniform value in `0..=gene_max`.
    pub gene_max: i32,
    /// Games each pair plays in a round robin, seats alternating.
    pub games_per_pair: u32,
    /// The convergence test runs every `window` generations over the last `window`.
    pub window: u32,
    pub threshold: f64,
    /// Stop here even if some gene has not settled.
    pub max_generations: u32,
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
}

impl Default for GaConfig {
    fn default() -> GaConfig {
        GaConfig {
            population: 5,
            mutation: 0.03,
            gene_max: 500,
            games_per_pair: 2,
            window: 100,
            threshold: 30.0,
            max_generations: 3000,
            seed: 1,
            jobs: 1,
        }
    }
}

/// One generation's result.
#[derive(Clone, Debug)]
pub struct Generation {
    /// Counted from 1.
    pub number: u32,
    /// The round robin's winner.
    pub best: Vec<i32>,
    /// Its points out of its games.
    pub best_points: f64,
    pub games: u32,
    /// For each gene, the generation it was fixed at.
    pub fixed_at: Vec<Option<u32>>,
}

/// Plays one game: the first weights move first; the result with the seed for
/// its random choices.
pub type PlayGame<'a> = &'a (dyn Fn(&[i32], &[i32], u64) -> Outcome + Sync);

/// The population's round robin: each individual's points (1 a win, 1/2 a draw).
fn round_robin(population: &[Vec<i32>], config: &GaConfig, seed: u64, play: PlayGame) -> Vec<f64> {
    let mut games = Vec::new();
    for i in 0..population.len() {
        for j in i + 1..population.len() {
            for k in 0..config.games_per_pair {
                let (first, second) = if k % 2 == 0 { (i, j) } else { (j, i) };
                games.push((first, second, seed.wrapping_add(games.len() as u64)));
            }
        }
    }
    let mut results = vec![None; games.len()];
    let indices: Vec<usize> = (0..games.len()).collect();
    crate::workers::run_jobs(
        &indices,
        config.jobs,
        |&i| {
            let (a, b, s) = games[i];
            Ok::<_, std::convert::Infallible>(play(&population[a], &population[b], s))
        },
        |&i, outcome| {
            results[i] = Some(outcome);
            Ok(())
        },
    )
    .unwrap_or_else(|never| match never {});
    let mut points = vec![0.0; population.len()];
    for (&(first, second, _), outcome) in games.iter().zip(results) {
        match outcome.expect("every game of the round robin is played") {
            Outcome::Win(Side::First) => points[first] += 1.0,
            Outcome::Win(Side::Second) => points[second] += 1.0,
            Outcome::Draw => {
                points[first] += 0.5;
                points[second] += 0.5;
            }
        }
    }
    points
}

/// The standard deviation of `values`.
fn deviation(values: impl Iterator<Item = i32> + Clone) -> f64 {
    let n = values.clone().count() as f64;
    let mean = values.clone().map(f64::from).sum::<f64>() / n;
    (values.map(|v| (f64::from(v) - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// Runs the algorithm from `initial` (the first population) until every gene
/// is fixed or `max_generations`, calling `report` after each generation
/// (return false from it to stop early). Returns every generation.
pub fn evolve(
    initial: Vec<Vec<i32>>,
    config: &GaConfig,
    play: PlayGame,
    report: &mut dyn FnMut(&Generation) -> bool,
) -> Vec<Generation> {
    assert!(initial.len() >= 2 && !initial[0].is_empty());
    let genes = initial[0].len();
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut population = initial;
    let mut fixed: Vec<Option<(u32, i32)>> = vec![None; genes];
    let mut history: Vec<Generation> = Vec::new();
    for number in 1..=config.max_generations {
        let points = round_robin(&population, config, rng.random(), play);
        let mut order: Vec<usize> = (0..population.len()).collect();
        order.sort_by(|&a, &b| points[b].total_cmp(&points[a]));
        let games = config.games_per_pair * (population.len() * (population.len() - 1) / 2) as u32;
        let generation = Generation {
            number,
            best: population[order[0]].clone(),
            best_points: points[order[0]],
            games,
            fixed_at: fixed.iter().map(|f| f.map(|(g, _)| g)).collect(),
        };
        let go_on = report(&generation);
        history.push(generation);
        if number % config.window == 0 {
            let window = &history[history.len() - config.window as usize..];
            for (gene, slot) in fixed.iter_mut().enumerate() {
                if slot.is_none()
                    && deviation(window.iter().map(|g| g.best[gene])) <= config.threshold
                {
                    *slot = Some((number, window.last().expect("a window").best[gene]));
                }
            }
        }
        if !go_on || fixed.iter().all(Option::is_some) {
            if let Some(last) = history.last_mut() {
                last.fixed_at = fixed.iter().map(|f| f.map(|(g, _)| g)).collect();
            }
            break;
        }
        let (mother, father) = (&population[order[0]], &population[order[1]]);
        population = (0..population.len())
            .map(|_| {
                let cut = rng.random_range(1..genes.max(2));
                (0..genes)
                    .map(|gene| {
                        if let Some((_, value)) = fixed[gene] {
                            value
                        } else if rng.random_bool(config.mutation) {
                            rng.random_range(0..=config.gene_max)
                        } else if gene < cut {
                            mother[gene]
                        } else {
                            father[gene]
                        }
                    })
                    .collect()
            })
            .collect();
    }
    history
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A "game" the higher sum of (weights . target) wins: the algorithm must
    /// push the weights toward the target's direction and settle.
    #[test]
    fn the_algorithm_climbs_toward_what_wins_and_fixes_settled_genes() {
        let target = [3, -2, 2, 1];
        let strength = |w: &[i32]| -> i32 { w.iter().zip(target).map(|(a, b)| a * b).sum() };
        let play = |a: &[i32], b: &[i32], _seed: u64| match strength(a).cmp(&strength(b)) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::First),
            std::cmp::Ordering::Less => Outcome::Win(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        let config = GaConfig {
            mutation: 0.1,
            gene_max: 100,
            window: 50,
            threshold: 5.0,
            max_generations: 2000,
            ..GaConfig::default()
        };
        let initial = vec![vec![50; 4]; 5];
        let mut reports = 0;
        let history = evolve(initial, &config, &play, &mut |g| {
            reports += 1;
            assert_eq!(g.number, reports);
            assert_eq!(g.games, 20);
            true
        });
        let last = history.last().unwrap();
        assert!(
            last.fixed_at.iter().all(Option::is_some),
            "{:?}",
            last.fixed_at
        );
        assert!(history.len() < 2000);
        // The weight with the positive target rises, the negative one falls.
        assert!(last.best[0] > 80, "{:?}", last.best);
        assert!(last.best[1] < 20, "{:?}", last.best);
        let parallel = evolve(
            vec![vec![50; 4]; 5],
            &GaConfig {
                jobs: 2,
                ..config.clone()
            },
            &play,
            &mut |_| true,
        );
        assert_eq!(parallel.last().unwrap().best, last.best);
    }

    #[test]
    fn deviation_is_the_population_standard_deviation() {
        assert!((deviation([2, 4, 4, 4, 5, 5, 7, 9].into_iter()) - 2.0).abs() < 1e-12);
    }
}
