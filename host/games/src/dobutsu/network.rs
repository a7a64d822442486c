//! Dobutsu shogi's network evaluation, fitted to the solution as
//! [`super::fitted`]'s linear one is, but with a hidden layer
//! ([`crate::tune::network`]) that can weigh the pieces against each other.
//! Its inputs, for the side to move with the board turned to its view: each
//! piece on the board by whose it is, its kind and its cell; the first and
//! second piece of each kind in each hand; and the linear evaluation's
//! features past the squares and hands (hanging pieces, the cells round each
//! lion the other side attacks, attacks, check, the opponent's try threat).
//! Its output is a logit of the expected score, turned into the linear
//! evaluation's units. The two facts the table never needs fitting for (a
//! lion to catch, a safe try) come first, as there. The committed weights
//! are `network-weights.txt` beside this file (`arena tune dobutsu-solution
//! --hidden N`, with positions met in games beside those drawn uniformly
//! from the table: `--played N`; its first lines name the whole command).

use super::eval::Sight;
use super::fitted::{decided_score_in_sight, for_each_feature_in_sight, FEATURES, RELATIONS};
use super::position::{Position, CELLS, CHICK, ELEPHANT, GIRAFFE, HEN, LION};
use crate::search::Evaluator;
use crate::tune::network::Network;
use crate::tune::texel::Sample;

/// The piece kinds, in input order.
const KINDS: [u8; 5] = [CHICK, ELEPHANT, GIRAFFE, LION, HEN];

const BOARD: usize = 0;
const HAND: usize = BOARD + 2 * KINDS.len() * CELLS;
const REST: usize = HAND + 2 * 6;
/// How many inputs the network has.
pub const INPUTS: usize = REST + FEATURES - RELATIONS;

/// Evaluation units (hundredths of a chick, as the linear evaluation's)
/// per unit of the network's logit: the linear evaluation's expected score
/// is `1 / (1 + exp(-k s / 400))` with its scale k = 0.962 on the
/// network's held-out positions.
pub const UNITS_PER_LOGIT: f32 = 400.0 / 0.962;

/// The network's output is held inside this, below the two facts' scores.
const LIMIT: i32 = 10_000;

/// Calls `visit(index, value)` with each nonzero input of `position` for its side to move.
pub fn for_each_input(position: &Position, visit: impl FnMut(usize, f32)) {
    for_each_input_in_sight(position, &Sight::of(position), visit);
}

/// [`for_each_input`] with the position's [`Sight`] already gathered.
fn for_each_input_in_sight(position: &Position, sight: &Sight, mut visit: impl FnMut(usize, f32)) {
    let me = position.side();
    for (cell, kind, owner) in position.pieces() {
        let whose = usize::from(owner != me);
        let kind = KINDS.iter().position(|&k| k == kind).expect("a piece kind");
        let seen = if me == 0 { cell } else { CELLS - 1 - cell };
        visit(BOARD + (whose * KINDS.len() + kind) * CELLS + seen, 1.0);
    }
    for side in 0..2 {
        let whose = usize::from(side != me);
        for k in 0..3 {
            let count = position.hand(side, k);
            for nth in 0..2 {
                if usize::from(count) > nth {
                    visit(HAND + whose * 6 + 2 * k + nth, 1.0);
                }
            }
        }
    }
    for_each_feature_in_sight(position, sight, |i, v| {
        if i >= RELATIONS {
            visit(REST + i - RELATIONS, v as f32);
        }
    });
}

/// The inputs of `position` as a fitting sample with `result`.
pub fn sample(position: &Position, result: f32) -> Sample {
    let mut features = Vec::with_capacity(32);
    for_each_input(position, |i, v| features.push((i as u32, v)));
    Sample { features, result }
}

/// The network evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkEvaluation {
    network: Network,
}

impl NetworkEvaluation {
    /// The network `arena tune dobutsu-solution --hidden N` fitted, as committed.
    pub fn fitted() -> NetworkEvaluation {
        NetworkEvaluation::parse(include_str!("network-weights.txt"))
            .expect("the committed network reads")
    }

    pub fn new(network: Network) -> Result<NetworkEvaluation, String> {
        if network.inputs() != INPUTS {
            return Err(format!(
                "a network of {} inputs, where Dobutsu's has {INPUTS}",
                network.inputs()
            ));
        }
        Ok(NetworkEvaluation { network })
    }

    /// Reads a network's weights file; the error names the line at fault.
    pub fn parse(text: &str) -> Result<NetworkEvaluation, String> {
        Network::parse(text, INPUTS).map(|network| NetworkEvaluation { network })
    }

    /// Reads the network's weights file at `path`.
    pub fn read(path: &str) -> Result<NetworkEvaluation, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        NetworkEvaluation::parse(&text).map_err(|e| format!("{path}: {e}"))
    }

    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The network's logit for `position`'s side to move, without the two facts.
    pub fn logit(&self, position: &Position) -> f32 {
        self.logit_in_sight(position, &Sight::of(position))
    }

    fn logit_in_sight(&self, position: &Position, sight: &Sight) -> f32 {
        let mut inputs = [(0u32, 0f32); 40];
        let mut count = 0;
        for_each_input_in_sight(position, sight, |i, v| {
            inputs[count] = (i as u32, v);
            count += 1;
        });
        self.network.output(&inputs[..count])
    }
}

impl Evaluator<Position> for NetworkEvaluation {
    /// The two facts' score, else the network's in evaluation units.
    fn evaluate(&self, position: &Position) -> i32 {
        let sight = Sight::of(position);
        decided_score_in_sight(position, &sight).unwrap_or_else(|| {
            let logit = self.logit_in_sight(position, &sight);
            ((logit * UNITS_PER_LOGIT).round() as i32).clamp(-LIMIT, LIMIT)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(text: &str) -> Position {
        Position::from_fen(text).unwrap()
    }

    fn inputs(position: &Position) -> Vec<(usize, i32)> {
        let mut all = Vec::new();
        for_each_input(position, |i, v| all.push((i, v as i32)));
        all.sort();
        all
    }

    #[test]
    fn the_inputs_see_the_board_from_the_side_to_move() {
        let start = Position::start();
        let all = inputs(&start);
        assert!(all.iter().all(|&(i, _)| i < INPUTS));
        // Eight pieces on the board, four of each side, nothing in hand.
        let mine = all
            .iter()
            .filter(|&&(i, _)| i < KINDS.len() * CELLS)
            .count();
        let theirs = all
            .iter()
            .filter(|&&(i, _)| (KINDS.len() * CELLS..HAND).contains(&i));
        assert_eq!((mine, theirs.count()), (4, 4));
        assert!(!all.iter().any(|&(i, _)| (HAND..REST).contains(&i)));
        // The start turned round with gote to move is the same position for it.
        assert_eq!(inputs(&fen("gle/1c1/1C1/ELG[] b - - 0 1")), all);
        // Gote's chick in hand, with sente to move: the opponent's first chick in hand.
        let hand = inputs(&fen("gle/3/1C1/ELG[c] w - - 0 1"));
        assert!(hand.contains(&(HAND + 6, 1)), "{hand:?}");
        assert!(!hand.contains(&(HAND + 7, 1)));
    }

    #[test]
    fn the_committed_network_reads_and_values_material_and_the_two_facts() {
        let evaluation = NetworkEvaluation::fitted();
        assert!(evaluation.network().hidden() >= 8);
        // Gote's giraffe gone: good for sente whoever is to move.
        let up = fen("1le/1c1/1C1/ELG[] w - - 0 1");
        let down = fen("1le/1c1/1C1/ELG[] b - - 0 1");
        assert!(
            evaluation.evaluate(&up) > 200,
            "{}",
            evaluation.evaluate(&up)
        );
        assert!(
            evaluation.evaluate(&down) < -200,
            "{}",
            evaluation.evaluate(&down)
        );
        let start = Position::start();
        assert!(evaluation.evaluate(&start).abs() < evaluation.evaluate(&up));
        let catch = fen("1l1/1C1/3/1L1[] w - - 0 1");
        assert_eq!(evaluation.evaluate(&catch), super::super::fitted::CATCH);
    }

    #[test]
    fn a_network_of_the_wrong_size_is_refused_by_name() {
        let other = Network::random(INPUTS + 1, 4, 1);
        assert!(NetworkEvaluation::new(other.clone())
            .unwrap_err()
            .contains(&format!("{} inputs", INPUTS + 1)));
        let error = NetworkEvaluation::parse(&other.to_text("wrong")).unwrap_err();
        assert!(error.contains("inputs"), "{error}");
        let error = NetworkEvaluation::read("/no/such/network.txt").unwrap_err();
        assert!(error.contains("/no/such/network.txt"), "{error}");
    }
}
