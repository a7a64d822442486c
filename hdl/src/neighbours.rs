//! The cells next to a set of cells, by edge ([`EdgeNeighbours`]) and by
//! corner ([`CornerNeighbours`]): the neighbour shifts of `blokus::Bitboard`
//! (`edge_neighbours`, `diagonal_neighbours`) in combinational logic, for
//! the mask unit, the evaluator and its growth steps.
//!
//! A board row is 14 bits, so a step right is `<< 1`, down `<< 14`,
//! down-right `<< 15`, down-left `<< 13` (and the reverse steps shift
//! right). Before a step that moves a cell one column right (left) the
//! right (left) column is masked off, so nothing wraps from one row end to
//! the next row. Bits shifted past cell 195 fall off the 196-bit vector.

use crate::board::{column, Board, SIZE};
use rust_hdl::prelude::*;

/// Cells sharing an edge with one of `cells` (`Bitboard::edge_neighbours`).
#[derive(LogicBlock)]
pub struct EdgeNeighbours {
    /// The cells.
    pub cells: Signal<In, Board>,
    /// Their edge neighbours.
    pub neighbours: Signal<Out, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

/// Cells touching one of `cells` corner to corner
/// (`Bitboard::diagonal_neighbours`).
#[derive(LogicBlock)]
pub struct CornerNeighbours {
    /// The cells.
    pub cells: Signal<In, Board>,
    /// Their corner neighbours.
    pub neighbours: Signal<Out, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

/// Both blocks are built the same way: no cell in, the column masks set.
macro_rules! neighbours_block {
    ($block:ident) => {
        impl $block {
            /// The neighbours of no cell.
            pub fn new() -> $block {
                $block {
                    cells: Default::default(),
                    neighbours: Default::default(),
                    not_left: Constant::new(!column(1)),
                    not_right: Constant::new(!column(SIZE)),
                }
            }
        }

        impl Default for $block {
            fn default() -> $block {
                $block::new()
            }
        }
    };
}

neighbours_block!(EdgeNeighbours);
neighbours_block!(CornerNeighbours);

impl Logic for EdgeNeighbours {
    #[hdl_gen]
    fn update(&mut self) {
        // Right, left, down, up.
        self.neighbours.next = ((self.cells.val() & self.not_right.val()) << 1)
            | ((self.cells.val() & self.not_left.val()) >> 1)
            | (self.cells.val() << 14)
            | (self.cells.val() >> 14);
    }
}

impl Logic for CornerNeighbours {
    #[hdl_gen]
    fn update(&mut self) {
        // Down-right, down-left, up-right, up-left.
        self.neighbours.next = ((self.cells.val() & self.not_right.val()) << 15)
            | ((self.cells.val() & self.not_left.val()) << 13)
            | ((self.cells.val() & self.not_right.val()) >> 13)
            | ((self.cells.val() & self.not_left.val()) >> 15);
    }
}
