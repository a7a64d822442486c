//! Candidates in order of score: a stream of candidates scored by the
//! evaluator ([`scored_in_order`], each a [`Scored`]) and the list that
//! keeps the [`ENTRIES`] best, highest first, ties in the stream's order
//! ([`ordered`]): the expander's list (`hdl::Expander`), which gives a
//! node its children.

use crate::evaluator::{features, score, EvalInputs, Features};
use crate::placer::placer_cells;
use blokus::Position;

/// Candidates the list keeps.
pub const ENTRIES: usize = 16;

/// One candidate, in the placer's coordinates, with the evaluator's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Oriented shape number, 0..91.
    pub shape: u8,
    /// Box corner cell index, 0..196.
    pub corner: u8,
    /// The evaluator's bit counts behind the score.
    pub features: Features,
    /// The evaluator's score (signed 12-bit).
    pub score: i16,
}

/// The candidates `stream` (`(shape, corner)`) of the side to move of
/// `position`, scored by the evaluator, in that order.
pub fn scored_in_order(position: &Position, stream: &[(u8, u8)]) -> Vec<Scored> {
    let me = position.to_move();
    let (own, opponent) = (position.cells(me), position.cells(me.other()));
    let opponent_attach = position.attach_cells(me.other());
    stream
        .iter()
        .map(|&(shape, corner)| {
            let features = features(&EvalInputs {
                own,
                opponent,
                opponent_attach,
                candidate: placer_cells(shape, corner),
            });
            Scored {
                shape,
                corner,
                features,
                score: score(&features),
            }
        })
        .collect()
}

/// The first [`ENTRIES`] candidates by score, highest first, ties in the
/// order given.
pub fn ordered(candidates: &[Scored]) -> Vec<Scored> {
    let mut kept = candidates.to_vec();
    kept.sort_by_key(|c| std::cmp::Reverse(c.score)); // stable: ties keep their order
    kept.truncate(ENTRIES);
    kept
}
