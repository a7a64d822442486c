//! Model of `hdl::Expander`: a node's children for the tree search. The
//! evaluator scores every candidate of the side to move as the attach-cell
//! stream ([`crate::cell_candidates`]) gives them; a list keeps the [`CHILDREN`] best in order of score (ties in the
//! hardware's order, [`ordered`]); then the list streams out, one child a
//! cycle, to be written into node memory.
//!
//! # Timing
//! `start` is taken at edge 1, the stream starting with it. Its candidate
//! presented after edge `t` is scored after edge `t + TAG_STAGES` and in
//! the list at the next; the stream's `done` after edge `d`
//! ([`crate::cell_candidates::timeline`]) comes out of the scorer after
//! edge `d + TAG_STAGES`; at the next edge the list's head is kept as the
//! best and the list starts to stream, one child a cycle; the cycle after
//! the last child (or the first, without any) raises `done` at the next
//! edge, so `done` is high after edge `d + TAG_STAGES + 2 + children`, the
//! children having shown after edges `d + TAG_STAGES + 1` to
//! `d + TAG_STAGES + children`.

use crate::cell_candidates::timeline;
use crate::ordered::{ordered, scored_in_order, Scored, ENTRIES};
use blokus::Position;

/// Registers a candidate passes through from the stream to its score: the
/// placer's, then the evaluator's (`hdl::scorer::TAG_STAGES`).
pub const TAG_STAGES: u64 = 1 + crate::evaluator::EVAL_LATENCY as u64;

/// Children a node keeps: the list's entries.
pub const CHILDREN: usize = ENTRIES;

/// What an expansion gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The children in the order they stream out: the best first.
    pub children: Vec<Scored>,
    /// All the candidates scored.
    pub candidates: usize,
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

/// The expansion of `position`'s side to move.
pub fn expand(position: &Position) -> Expansion {
    let (stream, done) = timeline(position);
    let stream: Vec<(u8, u8)> = stream.iter().map(|&(s, c, _)| (s, c)).collect();
    let all = scored_in_order(position, &stream);
    let children = ordered(&all);
    Expansion {
        edges: done as u64 + TAG_STAGES + 2 + children.len() as u64,
        candidates: all.len(),
        children,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_children_are_the_best_scored_candidates_in_order() {
        let e = expand(&Position::new());
        assert_eq!(e.children.len(), CHILDREN);
        assert!(e.candidates > CHILDREN);
        assert!(e.children.windows(2).all(|w| w[0].score >= w[1].score));
        let start = Position::new();
        let all: Vec<i16> = start
            .legal_placements()
            .into_iter()
            .map(|p| crate::evaluator::evaluate(&start, p))
            .collect();
        assert_eq!(e.candidates, all.len());
        let best = all.into_iter().max().unwrap();
        assert_eq!(e.children[0].score, best);
        let done = timeline(&Position::new()).1 as u64;
        assert_eq!(e.edges, done + TAG_STAGES + 2 + CHILDREN as u64);
    }
}
