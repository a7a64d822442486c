//! The cells next to a set of cells, by edge and by corner: the neighbour
//! shifts of `blokus::Bitboard` (`edge_neighbours`, `diagonal_neighbours`)
//! in combinational logic, for the mask unit (its own cells' neighbours)
//! and the attach-cell playout engine (the cells next to a placement).

use crate::board::{column, Board, SIZE};
use rust_hdl::prelude::*;

/// The edge and corner neighbours of `cells`.
///
/// A board row is 14 bits, so a step right is `<< 1`, down `<< 14`,
/// down-right `<< 15`, down-left `<< 13` (and the reverse steps shift
/// right). Before a step that moves a cell one column right (left) the
/// right (left) column is masked off, so nothing wraps from one row end to
/// the next row. Bits shifted past cell 195 fall off the 196-bit vector.
#[derive(LogicBlock)]
pub struct Neighbours {
    /// The cells.
    pub cells: Signal<In, Board>,
    /// Cells sharing an edge with one of them (`Bitboard::edge_neighbours`).
    pub edges: Signal<Out, Board>,
    /// Cells touching one of them corner to corner
    /// (`Bitboard::diagonal_neighbours`).
    pub diagonals: Signal<Out, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

impl Neighbours {
    /// The neighbours of no cell.
    pub fn new() -> Neighbours {
        Neighbours {
            cells: Default::default(),
            edges: Default::default(),
            diagonals: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
        }
    }
}

impl Default for Neighbours {
    fn default() -> Neighbours {
        Neighbours::new()
    }
}

impl Logic for Neighbours {
    #[hdl_gen]
    fn update(&mut self) {
        // Right, left, down, up.
        self.edges.next = ((self.cells.val() & self.not_right.val()) << 1)
            | ((self.cells.val() & self.not_left.val()) >> 1)
            | (self.cells.val() << 14)
            | (self.cells.val() >> 14);
        // Down-right, down-left, up-right, up-left.
        self.diagonals.next = ((self.cells.val() & self.not_right.val()) << 15)
            | ((self.cells.val() & self.not_left.val()) << 13)
            | ((self.cells.val() & self.not_right.val()) >> 13)
            | ((self.cells.val() & self.not_left.val()) >> 15);
    }
}
