//! Model of `hdl::Expander`: a node's children for the tree search. The
//! one-ply core ([`crate::one_ply`]) scores every candidate of the side to
//! move; a list keeps the [`CHILDREN`] best in order of score (ties in the
//! hardware's order, [`ordered`]); then the list streams out, one child a
//! cycle, to be written into node memory.
//!
//! # Timing
//! `start` is taken at edge 1, the core starting with it. The core's `done`
//! is high after edge `1 + D` (`D` its own count, [`scored_with_done`]); at
//! the next edge the list starts to stream, one child a cycle; the cycle
//! after the last child (or the first, without any) raises `done`, so
//! `done` is high after edge `D + 3 + children`, the children having shown
//! after edges `D + 2` to `D + 1 + children`.

use crate::monte_carlo::{ordered, ENTRIES};
use crate::one_ply::{scored_with_done, Scored};
use blokus::Position;

/// Children a node keeps (the flat search's entries).
pub const CHILDREN: usize = ENTRIES;

/// What an expansion gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The children in the order they stream out: the core's best first.
    pub children: Vec<Scored>,
    /// All the candidates the core scored.
    pub candidates: usize,
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

/// The expansion of `position`'s side to move.
pub fn expand(position: &Position) -> Expansion {
    let (all, done) = scored_with_done(position);
    let children = ordered(&all);
    Expansion {
        edges: done as u64 + 3 + children.len() as u64,
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
        let (all, done) = scored_with_done(&Position::new());
        let best = all.iter().map(|c| c.score).max().unwrap();
        assert_eq!(e.children[0].score, best);
        assert_eq!(e.edges, done as u64 + 3 + CHILDREN as u64);
    }
}
