//! Kyoto shogi's tuned evaluation: a linear sum of features of the position
//! for the side to move (face values on the board, pieces in hand ready to
//! drop or waiting for points, the points, a value for each face on each
//! cell seen from its owner's side, king pressure, guards and exposure,
//! mobility, being in check, the move), with weights fitted to the results
//! of our own games by `arena tune kyoto` ([`crate::tune::texel`]). The
//! fitted weights are kept in `tuned-weights.txt` beside this file.

use super::eval::face_value;
use super::position::{flipped, Position, CELLS, GOTE, HAND_KINDS, KING};
use crate::search::Evaluator;
use crate::tune::texel::Sample;

/// Faces that are not kings, `PAWN..=BISHOP`.
const FACES: usize = 8;

/// The features' layout.
const FACE: usize = 0;
const HAND_READY: usize = FACE + FACES;
const HAND_WAITING: usize = HAND_READY + 4;
const POINTS: usize = HAND_WAITING + 4;
const PRESSURE: usize = POINTS + 1;
const GUARDS: usize = PRESSURE + 1;
const EXPOSURE: usize = GUARDS + 1;
const MOBILITY: usize = EXPOSURE + 1;
const IN_CHECK: usize = MOBILITY + 1;
const TEMPO: usize = IN_CHECK + 1;
const SQUARE: usize = TEMPO + 1;
/// How many weights there are.
pub const FEATURES: usize = SQUARE + FACES * CELLS;

const FACE_NAMES: [&str; FACES] = [
    "pawn", "lance", "knight", "silver", "rook", "tokin", "gold", "bishop",
];

/// Each weight's name, as the weights file writes it.
pub fn feature_names() -> Vec<String> {
    let mut names = Vec::with_capacity(FEATURES);
    names.extend(FACE_NAMES.iter().map(|f| format!("face.{f}")));
    for state in ["ready", "waiting"] {
        names.extend(
            HAND_KINDS
                .iter()
                .map(|&k| format!("hand.{state}.{}", FACE_NAMES[usize::from(k) - 1])),
        );
    }
    names.extend(
        [
            "points",
            "king.pressure",
            "king.guards",
            "king.exposure",
            "mobility",
            "in_check",
            "tempo",
        ]
        .map(String::from),
    );
    for face in FACE_NAMES {
        names.extend((0..CELLS).map(|cell| format!("square.{face}.{cell}")));
    }
    names
}

/// Calls `visit(index, value)` with each nonzero feature of `position` for
/// its side to move (own pieces count +1, the opponent's -1).
pub fn for_each_feature(position: &Position, mut visit: impl FnMut(usize, i32)) {
    let me = position.side();
    let kings = [position.king(0), position.king(1)];
    let mut mobility = 0;
    // The cells each side attacks, gathered on the way (a bit a cell).
    let mut attacked = [0u32; 2];
    for (cell, face, owner) in position.pieces() {
        let sign = if owner == me { 1 } else { -1 };
        position.for_each_target(cell, |to| {
            attacked[owner] |= 1 << to;
            let target = position.at(to);
            if target == 0 || usize::from(target & GOTE != 0) != owner {
                mobility += sign;
            }
        });
        if face == KING {
            continue;
        }
        let index = usize::from(face) - 1;
        visit(FACE + index, sign);
        // Cells as the owner sees them: gote's board turned round.
        let seen = if owner == 0 { cell } else { CELLS - 1 - cell };
        visit(SQUARE + index * CELLS + seen, sign);
        let (r, c) = ((cell / 5) as i32, (cell % 5) as i32);
        let near = |king: Option<usize>, reach: i32| {
            king.is_some_and(|k| {
                ((k / 5) as i32 - r).abs() <= reach && ((k % 5) as i32 - c).abs() <= reach
            })
        };
        if near(kings[1 - owner], 2) {
            visit(PRESSURE, sign);
        }
        if near(kings[owner], 1) {
            visit(GUARDS, sign);
        }
    }
    visit(MOBILITY, mobility);
    for side in 0..2 {
        let sign = if side == me { 1 } else { -1 };
        let ready = position
            .points()
            .is_none_or(|p| p[side] >= super::position::DROP_COST);
        for index in 0..4 {
            let count = i32::from(position.hand(side, index));
            if count > 0 {
                let at = if ready { HAND_READY } else { HAND_WAITING };
                visit(at + index, sign * count);
            }
        }
        if let Some(points) = position.points() {
            visit(POINTS, sign * i32::from(points[side].min(30)));
        }
        if let Some(king) = kings[side] {
            let (kr, kc) = ((king / 5) as i32, (king % 5) as i32);
            let mut exposed = 0;
            for r in (kr - 1).max(0)..=(kr + 1).min(4) {
                for c in (kc - 1).max(0)..=(kc + 1).min(4) {
                    let cell = (r * 5 + c) as usize;
                    if cell != king && attacked[1 - side] & (1 << cell) != 0 {
                        exposed += 1;
                    }
                }
            }
            if exposed > 0 {
                visit(EXPOSURE, sign * exposed);
            }
        }
    }
    if kings[me].is_some_and(|king| attacked[1 - me] & (1 << king) != 0) {
        visit(IN_CHECK, 1);
    }
    visit(TEMPO, 1);
}

/// The features of `position` as a fitting sample with `result`.
pub fn sample(position: &Position, result: f32) -> Sample {
    let mut features = Vec::with_capacity(48);
    for_each_feature(position, |i, v| features.push((i as u32, v as f32)));
    Sample { features, result }
}

/// The weights the fitting starts from: our hand-set evaluation's
/// ([`super::eval::StrongEvaluation`]) where it has the term, else 0.
pub fn initial_weights() -> Vec<f64> {
    let mut weights = vec![0.0; FEATURES];
    for face in 1..=FACES as u8 {
        weights[FACE + usize::from(face) - 1] = f64::from(face_value(face));
    }
    for (index, &kind) in HAND_KINDS.iter().enumerate() {
        let better = face_value(kind).max(face_value(flipped(kind)));
        let value = f64::from(better + better / 5);
        weights[HAND_READY + index] = value;
        weights[HAND_WAITING + index] = value * 0.75;
    }
    weights[POINTS] = 4.0;
    weights[PRESSURE] = 25.0;
    weights[IN_CHECK] = -60.0;
    weights
}

/// A tuned evaluation: integer weights, one a feature.
#[derive(Clone, Debug, PartialEq)]
pub struct TunedEvaluation {
    weights: Vec<i32>,
}

impl TunedEvaluation {
    /// The weights `arena tune kyoto` fitted, as committed.
    pub fn fitted() -> TunedEvaluation {
        TunedEvaluation::parse(include_str!("tuned-weights.txt"))
            .expect("the committed weights file reads")
    }

    /// Weights rounded from a fitting.
    pub fn from_weights(weights: &[f64]) -> TunedEvaluation {
        TunedEvaluation {
            weights: crate::tune::weights::rounded(weights),
        }
    }

    /// Reads a weights file ([`crate::tune::weights`]); the error names the line at fault.
    pub fn parse(text: &str) -> Result<TunedEvaluation, String> {
        crate::tune::weights::parse(text, &feature_names())
            .map(|weights| TunedEvaluation { weights })
    }

    /// Reads the weights file at `path`.
    pub fn read(path: &str) -> Result<TunedEvaluation, String> {
        crate::tune::weights::read(path, &feature_names())
            .map(|weights| TunedEvaluation { weights })
    }

    /// The weights file's text (read back by [`TunedEvaluation::parse`]).
    pub fn to_text(&self) -> String {
        crate::tune::weights::to_text(
            "Kyoto shogi's tuned evaluation (arena tune kyoto): a weight a feature,\n\
             in hundredths of a pawn, for the side to move.",
            &feature_names(),
            &self.weights,
        )
    }

    pub fn weights(&self) -> &[i32] {
        &self.weights
    }
}

impl Evaluator<Position> for TunedEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let mut score = 0;
        for_each_feature(position, |i, v| score += self.weights[i] * v);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_file_reads_back_what_it_writes_and_names_a_bad_line() {
        let evaluation = TunedEvaluation::from_weights(&initial_weights());
        assert_eq!(
            TunedEvaluation::parse(&evaluation.to_text()),
            Ok(evaluation.clone())
        );
        let text = evaluation.to_text().replace("face.gold 520", "face.gold x");
        let error = TunedEvaluation::parse(&text).unwrap_err();
        assert!(
            error.contains("not a whole number: `face.gold x`"),
            "{error}"
        );
        let error = TunedEvaluation::parse("face.queen 9").unwrap_err();
        assert!(error.contains("line 1: no such weight"), "{error}");
        assert!(TunedEvaluation::parse("face.pawn 1")
            .unwrap_err()
            .contains("missing"));
        TunedEvaluation::fitted();
    }

    #[test]
    fn the_evaluation_is_the_weighted_features_and_changes_sign_with_the_side() {
        let evaluation = TunedEvaluation::from_weights(&initial_weights());
        let start = Position::start(false);
        // The start is symmetric by material: only the tempo and the squares differ.
        let mut features = Vec::new();
        for_each_feature(&start, |i, v| features.push((i, v)));
        let manual: i32 = features
            .iter()
            .map(|&(i, v)| evaluation.weights()[i] * v)
            .sum();
        assert_eq!(evaluation.evaluate(&start), manual);
        // A position and the same with the other side to move: material flips.
        let position = Position::from_fen("p+nks+l/5/5/5/+LSK2[] w - - 0 1").unwrap();
        let mut turned = position;
        turned.side ^= 1;
        let face_sum = |p: &Position| {
            let mut sum = 0;
            for_each_feature(p, |i, v| {
                if i < HAND_READY {
                    sum += v;
                }
            });
            sum
        };
        assert_eq!(face_sum(&position), -face_sum(&turned));
        assert!(face_sum(&position) < 0, "sente lacks two pieces");
    }

    #[test]
    fn the_king_features_read_the_gathered_attacks_as_the_cell_by_cell_look_does() {
        let positions = crate::kyoto::tests::random_positions(5, 100, 80);
        let (mut exposed, mut checks) = (0, 0);
        for position in &positions {
            let me = position.side();
            // The king features by the cell-by-cell look outward from each cell.
            let mut expected = Vec::new();
            for side in 0..2 {
                let sign = if side == me { 1 } else { -1 };
                let Some(king) = position.king(side) else {
                    continue;
                };
                let count = (0..CELLS)
                    .filter(|&cell| {
                        let near = ((cell / 5) as i32 - (king / 5) as i32).abs() <= 1
                            && ((cell % 5) as i32 - (king % 5) as i32).abs() <= 1;
                        near && cell != king && position.attacks(1 - side, cell)
                    })
                    .count() as i32;
                if count > 0 {
                    expected.push((EXPOSURE, sign * count));
                }
            }
            if position.in_check(me) {
                expected.push((IN_CHECK, 1));
                checks += 1;
            }
            let mut found = Vec::new();
            for_each_feature(position, |i, v| {
                if i == EXPOSURE || i == IN_CHECK {
                    found.push((i, v));
                }
            });
            exposed += usize::from(found.iter().any(|&(i, _)| i == EXPOSURE));
            assert_eq!(found, expected, "{}", position.to_fen());
        }
        assert!(
            positions.len() > 1_000 && exposed > 500 && checks > 50,
            "{} {exposed} {checks}",
            positions.len()
        );
    }
}
