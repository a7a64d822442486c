//! One growth step of the evaluator's reach measure: a set of cells spreads
//! to its 8-neighbours and keeps only cells that are not blocked. Pure
//! combinational logic; the hardware twin of one turn of the loop in `grow`
//! of `model::evaluator`.

use crate::board::Board;
use crate::neighbours::{CornerNeighbours, EdgeNeighbours};
use rust_hdl::prelude::*;

/// One growth step:
///
/// ```text
/// grown = (region | edge_neighbours(region) | diagonal_neighbours(region)) & !blocked
/// ```
///
/// The neighbour shifts are those of `blokus::Bitboard` ([`EdgeNeighbours`],
/// [`CornerNeighbours`]). Each output bit depends on nine region bits and
/// one blocked bit.
#[derive(LogicBlock)]
pub struct Grow {
    /// The set before the step.
    pub region: Signal<In, Board>,
    /// Cells the set may not spread into.
    pub blocked: Signal<In, Board>,
    /// The set after the step.
    pub grown: Signal<Out, Board>,
    /// The region's edge neighbours.
    edges: EdgeNeighbours,
    /// The region's corner neighbours.
    corners: CornerNeighbours,
}

impl Grow {
    /// A growth step with all inputs zero.
    pub fn new() -> Grow {
        Grow {
            region: Default::default(),
            blocked: Default::default(),
            grown: Default::default(),
            edges: EdgeNeighbours::new(),
            corners: CornerNeighbours::new(),
        }
    }
}

impl Default for Grow {
    fn default() -> Grow {
        Grow::new()
    }
}

impl Logic for Grow {
    #[hdl_gen]
    fn update(&mut self) {
        self.edges.cells.next = self.region.val();
        self.corners.cells.next = self.region.val();
        self.grown.next =
            (self.region.val() | self.edges.neighbours.val() | self.corners.neighbours.val())
                & !self.blocked.val();
    }
}
