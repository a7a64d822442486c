//! Texel-style fitting of a linear evaluation to game results: each sample
//! is a position's features (for the side to move) and the result that side
//! went on to get; the evaluation `w . f` is turned into an expected score
//! by `1 / (1 + exp(-k (w . f) / 400))`, `k` fitted first to the starting
//! weights, and the weights then fitted by Adam on the mean squared error,
//! a slight L2 pull toward the starting weights keeping rare features sane.
//! It knows nothing of any game.

/// One position: its nonzero features and the side to move's result (1
/// won, 0.5 drawn, 0 lost).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<(u32, f32)>,
    pub result: f32,
}

/// The fitting's settings.
#[derive(Clone, Debug)]
pub struct FitConfig {
    pub epochs: u32,
    /// Adam's step size, in evaluation units.
    pub rate: f64,
    /// The L2 pull toward the starting weights, per unit of squared difference.
    pub pull: f64,
    /// Weights that do not move (indices).
    pub frozen: Vec<usize>,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            epochs: 300,
            rate: 2.0,
            pull: 1e-8,
            frozen: Vec::new(),
        }
    }
}

/// The weights after an epoch, with the training loss and the held-out
/// samples' loss.
#[derive(Clone, Debug)]
pub struct Epoch {
    pub number: u32,
    pub loss: f64,
    pub held_out_loss: f64,
    pub weights: Vec<f64>,
}

fn evaluation(sample: &Sample, weights: &[f64]) -> f64 {
    sample
        .features
        .iter()
        .map(|&(i, v)| weights[i as usize] * f64::from(v))
        .sum()
}

fn expected(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score / 400.0).exp())
}

/// The mean squared error of `weights` with scale `k` over `samples`.
pub fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (f64::from(s.result) - expected(evaluation(s, weights), k)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The scale `k` in `[0.01, 20]` that best fits `weights` to `samples`
/// (golden-section search: the loss is unimodal in `k`).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.01f64, 20.0f64);
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(samples, weights, a) < loss(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Fits the weights from `initial` with scale `k`: every
/// `held_out`th sample is kept out of the fitting and only measured. Calls
/// `on_epoch` after each epoch; returns every epoch.
pub fn fit(
    samples: &[Sample],
    initial: &[f64],
    k: f64,
    held_out: usize,
    config: &FitConfig,
    on_epoch: &mut dyn FnMut(&Epoch),
) -> Vec<Epoch> {
    let (training, kept) = super::split_held_out(samples, held_out);
    let n = training.len().max(1) as f64;
    let mut weights = initial.to_vec();
    let (mut m, mut v) = (vec![0.0; weights.len()], vec![0.0; weights.len()]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-12);
    let mut epochs = Vec::new();
    for number in 1..=config.epochs {
        let mut gradient = vec![0.0; weights.len()];
        let mut total = 0.0;
        for sample in &training {
            let p = expected(evaluation(sample, &weights), k);
            let error = p - f64::from(sample.result);
            total += error * error;
            // d(error^2)/d(score) = 2 error p (1 - p) k / 400.
            let slope = 2.0 * error * p * (1.0 - p) * k / 400.0;
            for &(i, value) in &sample.features {
                gradient[i as usize] += slope * f64::from(value);
            }
        }
        for (i, g) in gradient.iter_mut().enumerate() {
            *g = *g / n + 2.0 * config.pull * (weights[i] - initial[i]);
        }
        for &i in &config.frozen {
            gradient[i] = 0.0;
        }
        let t = f64::from(number);
        for i in 0..weights.len() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let m_hat = m[i] / (1.0 - beta1.powf(t));
            let v_hat = v[i] / (1.0 - beta2.powf(t));
            weights[i] -= config.rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        let epoch = Epoch {
            number,
            loss: total / n,
            held_out_loss: loss(&kept, &weights, k),
            weights: weights.clone(),
        };
        on_epoch(&epoch);
        epochs.push(epoch);
    }
    epochs
}

/// A fitting as the tuning commands run it: its scale, the loss at the
/// start and every epoch.
#[derive(Clone, Debug)]
pub struct Fitted {
    pub k: f64,
    pub initial_loss: f64,
    pub epochs: Vec<Epoch>,
}

impl Fitted {
    /// The line both tuning commands print: the scale and the error at the
    /// start, after the last epoch and on the held-out samples.
    pub fn summary(&self) -> Option<String> {
        let last = self.epochs.last()?;
        Some(format!(
            "scale k = {:.3}; mean squared error {:.5} at the start, {:.5} fitted, \
             {:.5} on the held-out tenth",
            self.k, self.initial_loss, last.loss, last.held_out_loss
        ))
    }
}

/// Fits `samples` from `initial` over `epochs` epochs with the default
/// settings: the scale `k` fitted to the starting weights first, every
/// `held_out`th sample kept out, each hundredth epoch's losses told to
/// `progress`.
pub fn fit_from(
    samples: &[Sample],
    initial: &[f64],
    epochs: u32,
    held_out: usize,
    progress: &mut dyn FnMut(String),
) -> Fitted {
    let k = fit_scale(samples, initial);
    let initial_loss = loss(samples, initial, k);
    let config = FitConfig {
        epochs,
        ..FitConfig::default()
    };
    let epochs = fit(samples, initial, k, held_out, &config, &mut |epoch| {
        if epoch.number % 100 == 0 {
            progress(format!(
                "epoch {}: loss {:.5}, held out {:.5}",
                epoch.number, epoch.loss, epoch.held_out_loss
            ));
        }
    });
    Fitted {
        k,
        initial_loss,
        epochs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Samples drawn from a known linear model: the fitting must find it.
    #[test]
    fn fitting_recovers_the_weights_the_results_were_drawn_from() {
        let truth = [120.0, -80.0, 40.0];
        let k = 1.0;
        let mut rng = StdRng::seed_from_u64(5);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let features: Vec<(u32, f32)> = (0..3)
                    .map(|i| (i, rng.random_range(-3i32..=3) as f32))
                    .collect();
                let score: f64 = features
                    .iter()
                    .map(|&(i, v)| truth[i as usize] * f64::from(v))
                    .sum();
                let won = rng.random::<f64>() < expected(score, k);
                Sample {
                    features,
                    result: if won { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let start = [50.0, 0.0, 0.0];
        let before = loss(&samples, &start, k);
        let config = FitConfig {
            epochs: 400,
            rate: 4.0,
            ..FitConfig::default()
        };
        let epochs = fit(&samples, &start, k, 10, &config, &mut |_| {});
        let last = epochs.last().unwrap();
        assert!(last.loss < before, "{} against {before}", last.loss);
        assert!(last.held_out_loss < before);
        for (fitted, true_value) in last.weights.iter().zip(truth) {
            assert!(
                (fitted - true_value).abs() < 0.15 * true_value.abs() + 5.0,
                "{:?} against {truth:?}",
                last.weights
            );
        }
        // The scale is found again from the true weights.
        let scale = fit_scale(&samples, &truth);
        assert!((scale - k).abs() < 0.15, "k {scale}");
    }

    #[test]
    fn a_frozen_weight_stays_where_it_started() {
        let samples = vec![
            Sample {
                features: vec![(0, 1.0), (1, 1.0)],
                result: 1.0,
            },
            Sample {
                features: vec![(0, -1.0), (1, -1.0)],
                result: 0.0,
            },
        ];
        let config = FitConfig {
            epochs: 50,
            frozen: vec![1],
            ..FitConfig::default()
        };
        let epochs = fit(&samples, &[0.0, 7.0], 1.0, 0, &config, &mut |_| {});
        let last = &epochs.last().unwrap().weights;
        assert_eq!(last[1], 7.0);
        assert!(last[0] > 0.0);
    }
}
