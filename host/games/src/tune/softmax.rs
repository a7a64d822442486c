//! Fitting move priors: a softmax (conditional logit) over each position's
//! moves, `P(move) = exp(w . f(move)) / sum over the moves`, its weights
//! fitted by Adam to maximise the likelihood of the moves a player chose,
//! every `held_out`th position kept out and measured (its log-loss and how
//! often the chosen move had the highest prior). It knows nothing of any
//! game: a position is its moves' feature counts and the chosen one.

/// One position: each move's features (`features` numbers a move, moves
/// one after another) and the index of the move chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub features: Vec<u8>,
    pub chosen: usize,
}

impl Choice {
    fn moves(&self, n: usize) -> impl Iterator<Item = &[u8]> {
        self.features.chunks_exact(n)
    }
}

/// The fitting's settings.
#[derive(Clone, Debug)]
pub struct SoftmaxConfig {
    pub epochs: u32,
    /// Adam's step size, in weight units (natural-log units).
    pub rate: f64,
    /// The L2 pull toward zero, per unit of squared weight.
    pub pull: f64,
}

impl Default for SoftmaxConfig {
    fn default() -> SoftmaxConfig {
        SoftmaxConfig {
            epochs: 200,
            rate: 0.02,
            pull: 1e-4,
        }
    }
}

/// The weights after an epoch, with the mean log-loss of the training and
/// held-out positions and how often the held-out choice had the highest
/// prior.
#[derive(Clone, Debug)]
pub struct SoftmaxEpoch {
    pub number: u32,
    pub loss: f64,
    pub held_out_loss: f64,
    pub held_out_top1: f64,
    pub weights: Vec<f64>,
}

/// The logits of `choice`'s moves under `weights`.
fn logits(choice: &Choice, weights: &[f64]) -> Vec<f64> {
    choice
        .moves(weights.len())
        .map(|f| f.iter().zip(weights).map(|(&x, w)| f64::from(x) * w).sum())
        .collect()
}

/// Each move's probability, from its logit.
fn probabilities(logits: &[f64]) -> Vec<f64> {
    let max = logits.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = logits.iter().map(|l| (l - max).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|x| x / total).collect()
}

/// The mean log-loss of `weights` over `choices`, and the share whose
/// chosen move has the highest logit (the first of equals).
pub fn measure(choices: &[&Choice], weights: &[f64]) -> (f64, f64) {
    if choices.is_empty() {
        return (0.0, 0.0);
    }
    let (mut loss, mut top) = (0.0, 0usize);
    for choice in choices {
        let l = logits(choice, weights);
        let p = probabilities(&l);
        loss -= p[choice.chosen].max(1e-300).ln();
        let best = (0..l.len()).fold(0, |b, i| if l[i] > l[b] { i } else { b });
        top += usize::from(best == choice.chosen);
    }
    let n = choices.len() as f64;
    (loss / n, top as f64 / n)
}

/// Fits `features` weights from zero to `choices`; calls `on_epoch` after
/// each epoch and returns the last.
pub fn fit(
    choices: &[Choice],
    features: usize,
    held_out: usize,
    config: &SoftmaxConfig,
    on_epoch: &mut dyn FnMut(&SoftmaxEpoch),
) -> SoftmaxEpoch {
    let (mut training, mut kept) = (Vec::new(), Vec::new());
    for (i, choice) in choices.iter().enumerate() {
        assert_eq!(choice.features.len() % features, 0, "whole moves");
        assert!(
            choice.chosen < choice.features.len() / features,
            "a chosen move"
        );
        if held_out != 0 && i % held_out == 0 {
            kept.push(choice);
        } else {
            training.push(choice);
        }
    }
    let n = training.len().max(1) as f64;
    let mut weights = vec![0.0; features];
    let (mut m, mut v) = (vec![0.0; features], vec![0.0; features]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-12);
    let mut last = None;
    for number in 1..=config.epochs {
        let mut gradient = vec![0.0; features];
        let mut loss = 0.0;
        for choice in &training {
            let p = probabilities(&logits(choice, &weights));
            loss -= p[choice.chosen].max(1e-300).ln();
            // d(-ln p_chosen)/dw = E_p[f] - f_chosen.
            for (f, &pm) in choice.moves(features).zip(&p) {
                for (g, &x) in gradient.iter_mut().zip(f) {
                    *g += pm * f64::from(x);
                }
            }
            let chosen = choice.moves(features).nth(choice.chosen).expect("checked");
            for (g, &x) in gradient.iter_mut().zip(chosen) {
                *g -= f64::from(x);
            }
        }
        let t = f64::from(number);
        for i in 0..features {
            let g = gradient[i] / n + 2.0 * config.pull * weights[i];
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powf(t));
            let v_hat = v[i] / (1.0 - beta2.powf(t));
            weights[i] -= config.rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        let (held_out_loss, held_out_top1) = measure(&kept, &weights);
        let epoch = SoftmaxEpoch {
            number,
            loss: loss / n,
            held_out_loss,
            held_out_top1,
            weights: weights.clone(),
        };
        on_epoch(&epoch);
        last = Some(epoch);
    }
    last.expect("at least one epoch")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_fit_finds_the_weights_the_choices_were_drawn_with() {
        // Positions of 12 moves with 3 features each; the moves chosen by
        // the softmax of known weights.
        let truth = [1.0, -0.5, 0.25];
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let choices: Vec<Choice> = (0..3000)
            .map(|_| {
                let features: Vec<u8> = (0..36).map(|_| rng.random_range(0..4u8)).collect();
                let choice = Choice {
                    features,
                    chosen: 0,
                };
                let p = probabilities(&logits(&choice, &truth));
                let mut x: f64 = rng.random();
                let chosen = p
                    .iter()
                    .position(|&q| {
                        x -= q;
                        x < 0.0
                    })
                    .unwrap_or(p.len() - 1);
                Choice { chosen, ..choice }
            })
            .collect();
        let config = SoftmaxConfig {
            epochs: 300,
            rate: 0.05,
            pull: 0.0,
        };
        let fitted = fit(&choices, 3, 10, &config, &mut |_| {});
        for (w, t) in fitted.weights.iter().zip(truth) {
            assert!(
                (w - t).abs() < 0.12,
                "{:?} against {truth:?}",
                fitted.weights
            );
        }
        // Better than knowing nothing: the uniform prior's loss is ln 12.
        assert!(fitted.held_out_loss < 12f64.ln() - 0.1, "{fitted:?}");
        let (uniform, _) = measure(&choices.iter().collect::<Vec<_>>(), &[0.0; 3]);
        assert!((uniform - 12f64.ln()).abs() < 1e-9);
    }
}
