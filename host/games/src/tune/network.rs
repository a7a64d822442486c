//! A small evaluation network and its fitting, the same for any game: sparse
//! inputs (a position's nonzero features, as [`super::texel::Sample`] holds
//! them), one hidden layer of rectified units, and one output, a logit, with
//! a direct linear path from the inputs beside the hidden layer. It is fitted
//! by Adam on minibatches, its step falling over the epochs, to the
//! cross-entropy between `sigmoid(output)` and each sample's result (1 won,
//! 1/2 drawn, 0 lost), every `held_out`th sample kept out and only measured. The weights file is text: a header line with
//! the sizes, then one line of numbers per layer. It knows nothing of any game.

use super::texel::Sample;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// The most hidden units an evaluation may have (its hidden layer lives on the stack).
pub const MAX_HIDDEN: usize = 128;

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    inputs: usize,
    hidden: usize,
    /// `inputs` rows of `hidden` weights: input `i`'s row starts at `i * hidden`.
    input_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    output_weights: Vec<f32>,
    /// The direct path: one weight an input.
    linear: Vec<f32>,
    output_bias: f32,
}

/// The first line of a weights file.
const HEADER: &str = "network";

impl Network {
    /// A network of the given sizes with small random weights drawn with `seed`.
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Network {
        assert!(
            (1..=MAX_HIDDEN).contains(&hidden),
            "1 to {MAX_HIDDEN} hidden units"
        );
        let mut rng = StdRng::seed_from_u64(seed);
        let spread = 0.5f32;
        Network {
            inputs,
            hidden,
            input_weights: (0..inputs * hidden)
                .map(|_| rng.random_range(-spread..spread))
                .collect(),
            hidden_bias: vec![0.1; hidden],
            output_weights: (0..hidden)
                .map(|_| rng.random_range(-spread..spread) / (hidden as f32).sqrt())
                .collect(),
            linear: vec![0.0; inputs],
            output_bias: 0.0,
        }
    }

    pub fn inputs(&self) -> usize {
        self.inputs
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The hidden layer's sums before rectifying, into `sums`.
    fn hidden_sums(&self, features: &[(u32, f32)], sums: &mut [f32]) {
        sums.copy_from_slice(&self.hidden_bias);
        for &(i, value) in features {
            let row = &self.input_weights[i as usize * self.hidden..][..self.hidden];
            for (sum, weight) in sums.iter_mut().zip(row) {
                *sum += weight * value;
            }
        }
    }

    /// The output (a logit) for a position's nonzero `features`.
    pub fn output(&self, features: &[(u32, f32)]) -> f32 {
        let mut sums = [0f32; MAX_HIDDEN];
        self.forward(features, &mut sums[..self.hidden])
    }

    /// The output for `features`, the hidden layer's sums before
    /// rectifying left in `sums` (the fitting's backward pass reads them).
    fn forward(&self, features: &[(u32, f32)], sums: &mut [f32]) -> f32 {
        self.hidden_sums(features, sums);
        let mut out = self.output_bias;
        for (sum, weight) in sums.iter().zip(&self.output_weights) {
            out += sum.max(0.0) * weight;
        }
        for &(i, value) in features {
            out += self.linear[i as usize] * value;
        }
        out
    }

    /// The weights file's text, read back by [`Network::parse`].
    pub fn to_text(&self, comment: &str) -> String {
        let row = |values: &[f32]| {
            values
                .iter()
                .map(|v| format!("{v:.5}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = String::new();
        for line in comment.lines() {
            text.push_str(&format!("# {line}\n"));
        }
        text.push_str(&format!("{HEADER} {} {}\n", self.inputs, self.hidden));
        for i in 0..self.inputs {
            text.push_str(&row(&self.input_weights[i * self.hidden..][..self.hidden]));
            text.push('\n');
        }
        for values in [&self.hidden_bias, &self.output_weights, &self.linear] {
            text.push_str(&row(values));
            text.push('\n');
        }
        text.push_str(&format!("{:.5}\n", self.output_bias));
        text
    }

    /// Reads a weights file for a network of `inputs` inputs; the error names
    /// the line at fault.
    pub fn parse(text: &str, inputs: usize) -> Result<Network, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim_start().starts_with('#') && !line.trim().is_empty());
        let (_, header) = lines.next().ok_or("no `network INPUTS HIDDEN` line")?;
        let sizes: Vec<&str> = header.split_whitespace().collect();
        let size = |k: usize| sizes.get(k).and_then(|s| s.parse::<usize>().ok());
        let (Some(&HEADER), Some(given), Some(hidden)) = (sizes.first(), size(1), size(2)) else {
            return Err(format!("not `{HEADER} INPUTS HIDDEN`: `{header}`"));
        };
        if given != inputs {
            return Err(format!(
                "a network of {given} inputs, where this evaluation has {inputs}"
            ));
        }
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!("{hidden} hidden units: 1 to {MAX_HIDDEN}"));
        }
        let mut row = |what: &str, count: usize| -> Result<Vec<f32>, String> {
            let (number, line) = lines
                .next()
                .ok_or_else(|| format!("the file ends before {what}"))?;
            let values: Vec<f32> = line
                .split_whitespace()
                .map(|v| v.parse::<f32>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("line {}: {what}: not numbers", number + 1))?;
            if values.len() != count || values.iter().any(|v| !v.is_finite()) {
                return Err(format!(
                    "line {}: {what}: {} values where {count} finite ones are needed",
                    number + 1,
                    values.len()
                ));
            }
            Ok(values)
        };
        let mut input_weights = Vec::with_capacity(inputs * hidden);
        for i in 0..inputs {
            input_weights.extend(row(&format!("input {i}'s weights"), hidden)?);
        }
        let hidden_bias = row("the hidden biases", hidden)?;
        let output_weights = row("the output weights", hidden)?;
        let linear = row("the direct weights", inputs)?;
        let output_bias = row("the output bias", 1)?[0];
        if let Some((number, _)) = lines.next() {
            return Err(format!("line {}: more than the network", number + 1));
        }
        Ok(Network {
            inputs,
            hidden,
            input_weights,
            hidden_bias,
            output_weights,
            linear,
            output_bias,
        })
    }

    fn parameter_count(&self) -> usize {
        self.input_weights.len() + 2 * self.hidden + self.inputs + 1
    }
}

/// The fitting's settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: u32,
    pub batch: usize,
    /// Adam's step size at the start; it falls linearly to a tenth of
    /// this by the last epoch.
    pub rate: f32,
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 20,
            batch: 256,
            rate: 0.002,
            seed: 1,
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of `network` over `samples`.
pub fn loss<'a>(network: &Network, samples: impl IntoIterator<Item = &'a Sample>) -> f64 {
    let mut count = 0usize;
    let total: f64 = samples
        .into_iter()
        .map(|s| {
            count += 1;
            let p = f64::from(sigmoid(network.output(&s.features))).clamp(1e-7, 1.0 - 1e-7);
            let t = f64::from(s.result);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / count.max(1) as f64
}

/// An epoch's losses: the training samples' and the held-out ones'.
#[derive(Clone, Debug)]
pub struct Epoch {
    pub number: u32,
    pub loss: f64,
    pub held_out_loss: f64,
}

/// Adam's running moments, one per parameter, in the network's layout.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

/// The gradient of one minibatch, in the network's layout (input rows
/// first, then the hidden biases, output weights, direct weights, output bias).
fn add_gradient(network: &Network, sample: &Sample, gradient: &mut [f32]) -> f32 {
    let hidden = network.hidden;
    let mut sums = [0f32; MAX_HIDDEN];
    let sums = &mut sums[..hidden];
    let out = network.forward(&sample.features, sums);
    // d(cross-entropy)/d(output) = sigmoid(output) - result.
    let slope = sigmoid(out) - sample.result;
    let bias_at = network.input_weights.len();
    let output_at = bias_at + hidden;
    let linear_at = output_at + hidden;
    let output_bias_at = linear_at + network.inputs;
    gradient[output_bias_at] += slope;
    let mut back = [0f32; MAX_HIDDEN];
    for j in 0..hidden {
        if sums[j] > 0.0 {
            gradient[output_at + j] += slope * sums[j];
            back[j] = slope * network.output_weights[j];
            gradient[bias_at + j] += back[j];
        }
    }
    for &(i, value) in &sample.features {
        let i = i as usize;
        gradient[linear_at + i] += slope * value;
        let row = &mut gradient[i * hidden..][..hidden];
        for (g, b) in row.iter_mut().zip(&back[..hidden]) {
            *g += b * value;
        }
    }
    slope
}

/// Applies one Adam step of `gradient` (a minibatch's sum over `count` samples).
fn step(
    network: &mut Network,
    moments: &mut Moments,
    gradient: &[f32],
    count: usize,
    rate: f32,
    t: i32,
) {
    let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
    let correction1 = 1.0 - beta1.powi(t);
    let correction2 = 1.0 - beta2.powi(t);
    let scale = 1.0 / count as f32;
    let parameters = network
        .input_weights
        .iter_mut()
        .chain(network.hidden_bias.iter_mut())
        .chain(network.output_weights.iter_mut())
        .chain(network.linear.iter_mut())
        .chain(std::iter::once(&mut network.output_bias));
    for (k, weight) in parameters.enumerate() {
        let g = gradient[k] * scale;
        let m = &mut moments.m[k];
        let v = &mut moments.v[k];
        *m = beta1 * *m + (1.0 - beta1) * g;
        *v = beta2 * *v + (1.0 - beta2) * g * g;
        *weight -= rate * (*m / correction1) / ((*v / correction2).sqrt() + epsilon);
    }
}

/// Fits `network` to `samples`: every `held_out`th sample (0: none) is kept
/// out and only measured. Calls `on_epoch` after each epoch and returns them all.
pub fn train(
    network: &mut Network,
    samples: &[Sample],
    held_out: usize,
    config: &TrainConfig,
    on_epoch: &mut dyn FnMut(&Epoch),
) -> Vec<Epoch> {
    let (training, kept) = super::split_held_out(samples, held_out);
    let parameters = network.parameter_count();
    let mut moments = Moments {
        m: vec![0.0; parameters],
        v: vec![0.0; parameters],
    };
    let mut gradient = vec![0f32; parameters];
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut t = 0;
    let mut epochs = Vec::new();
    for number in 1..=config.epochs {
        let progress = (number - 1) as f32 / config.epochs.max(1) as f32;
        let rate = config.rate * (1.0 - 0.9 * progress);
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            gradient.iter_mut().for_each(|g| *g = 0.0);
            for &k in batch {
                add_gradient(network, training[k], &mut gradient);
            }
            t += 1;
            step(network, &mut moments, &gradient, batch.len(), rate, t);
        }
        let epoch = Epoch {
            number,
            loss: loss(network, training.iter().copied()),
            held_out_loss: loss(network, &kept),
        };
        on_epoch(&epoch);
        epochs.push(epoch);
    }
    epochs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exclusive-or of two inputs, which no linear evaluation can fit:
    /// the hidden layer must learn it.
    #[test]
    fn the_network_learns_what_a_linear_sum_cannot() {
        let mut samples = Vec::new();
        for k in 0..4000 {
            let (a, b) = (k % 2 == 1, (k / 2) % 2 == 1);
            let mut features = vec![(2, 1.0)];
            if a {
                features.push((0, 1.0));
            }
            if b {
                features.push((1, 1.0));
            }
            samples.push(Sample {
                features,
                result: if a != b { 1.0 } else { 0.0 },
            });
        }
        let mut network = Network::random(3, 8, 3);
        let before = loss(&network, &samples);
        let config = TrainConfig {
            epochs: 30,
            batch: 32,
            rate: 0.01,
            seed: 2,
        };
        let epochs = train(&mut network, &samples, 10, &config, &mut |_| {});
        let last = epochs.last().unwrap();
        assert!(last.held_out_loss < 0.1, "{last:?} (from {before})");
        for (features, result) in [
            (vec![(2, 1.0)], false),
            (vec![(0, 1.0), (2, 1.0)], true),
            (vec![(1, 1.0), (2, 1.0)], true),
            (vec![(0, 1.0), (1, 1.0), (2, 1.0)], false),
        ] {
            assert_eq!(network.output(&features) > 0.0, result, "{features:?}");
        }
    }

    #[test]
    fn the_weights_file_reads_back_and_a_wrong_one_is_named() {
        let network = Network::random(5, 4, 9);
        let text = network.to_text("a test\nof two lines");
        let read = Network::parse(&text, 5).unwrap();
        for features in [vec![(0u32, 1.0f32)], vec![(1, 1.0), (4, -2.0)]] {
            let (a, b) = (network.output(&features), read.output(&features));
            assert!((a - b).abs() < 1e-3, "{a} {b}");
        }
        assert!(Network::parse(&text, 6).unwrap_err().contains("5 inputs"));
        let cut: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
        assert!(Network::parse(&cut, 5).unwrap_err().contains("ends before"));
        let spoiled = text.replacen("network 5 4\n", "network 5 4\nx y z w\n", 1);
        assert!(Network::parse(&spoiled, 5)
            .unwrap_err()
            .contains("not numbers"));
        assert!(Network::parse("weights 5 4", 5).is_err());
    }
}
