//! One growth step of the evaluator's reach measure: a set of cells spreads
//! to its 8-neighbours and keeps only cells that are not blocked. Pure
//! combinational logic; the hardware twin of one turn of the loop in `grow`
//! of `model::evaluator`.

use crate::board::{column, Board, SIZE};
use rust_hdl::prelude::*;

/// One growth step:
///
/// ```text
/// grown = (region | edge_neighbours(region) | diagonal_neighbours(region)) & !blocked
/// ```
///
/// The neighbour shifts are those of the mask unit (`crate::mask_unit`) and of
/// `blokus::Bitboard`: a step right is `<< 1`, down `<< 14`, down-right
/// `<< 15`, down-left `<< 13`, the reverse steps shift right; the right (left)
/// column is masked off before a step one column right (left), so nothing
/// wraps from one row end to the next. Each output bit depends on nine
/// region bits and one blocked bit.
#[derive(LogicBlock)]
pub struct Grow {
    /// The set before the step.
    pub region: Signal<In, Board>,
    /// Cells the set may not spread into.
    pub blocked: Signal<In, Board>,
    /// The set after the step.
    pub grown: Signal<Out, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

impl Grow {
    /// A growth step with all inputs zero.
    pub fn new() -> Grow {
        Grow {
            region: Default::default(),
            blocked: Default::default(),
            grown: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
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
        // region | edge_neighbours (right, left, down, up)
        //        | diagonal_neighbours (down-right, down-left, up-right, up-left),
        // less the blocked cells.
        self.grown.next = (self.region.val()
            | ((self.region.val() & self.not_right.val()) << 1)
            | ((self.region.val() & self.not_left.val()) >> 1)
            | (self.region.val() << 14)
            | (self.region.val() >> 14)
            | ((self.region.val() & self.not_right.val()) << 15)
            | ((self.region.val() & self.not_left.val()) << 13)
            | ((self.region.val() & self.not_right.val()) >> 13)
            | ((self.region.val() & self.not_left.val()) >> 15))
            & !self.blocked.val();
    }
}
