//! The mask unit: from the two players' cells, the cells the player to move
//! may not cover and the cells where its next tile may attach. Pure
//! combinational logic; the hardware twin of `Position::forbidden` and
//! `Position::attach_cells` in `blokus` (same names, same order).

use crate::board::{column, Board, SIZE};
use rust_hdl::prelude::*;

/// Forbidden and attach masks of the player to move, in one combinational step.
///
/// ```text
/// forbidden = own | opponent | edge_neighbours(own)
/// attach    = (own empty ? start : diagonal_neighbours(own)) & !forbidden
/// ```
///
/// The neighbour shifts are those of `blokus::Bitboard`: a board row is
/// 14 bits, so a step right is `<< 1`, down `<< 14`, down-right `<< 15`,
/// down-left `<< 13` (and the reverse steps shift right). Before a step that
/// moves a cell one column right (left) the right (left) column is masked off,
/// so nothing wraps from one row end to the next row. Bits shifted past cell
/// 195 fall off the 196-bit vector.
#[derive(LogicBlock)]
pub struct MaskUnit {
    /// Cells of the player to move.
    pub own: Signal<In, Board>,
    /// Cells of the other player.
    pub opponent: Signal<In, Board>,
    /// The start square of the player to move, one-hot.
    pub start: Signal<In, Board>,
    /// Cells the player to move may not cover: occupied, or sharing an edge with its own cells.
    pub forbidden: Signal<Out, Board>,
    /// Free cells where its next tile may attach: corner to corner with its
    /// own cells, or its start square before its first tile.
    pub attach: Signal<Out, Board>,
    /// Cells sharing an edge with an own cell (`Bitboard::edge_neighbours`).
    edges: Signal<Local, Board>,
    /// Cells touching an own cell corner to corner (`Bitboard::diagonal_neighbours`).
    diagonals: Signal<Local, Board>,
    /// The start square, or the diagonal neighbours once a tile is down.
    touching: Signal<Local, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

impl MaskUnit {
    /// A mask unit with all inputs zero.
    pub fn new() -> MaskUnit {
        MaskUnit {
            own: Default::default(),
            opponent: Default::default(),
            start: Default::default(),
            forbidden: Default::default(),
            attach: Default::default(),
            edges: Default::default(),
            diagonals: Default::default(),
            touching: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
        }
    }
}

impl Default for MaskUnit {
    fn default() -> MaskUnit {
        MaskUnit::new()
    }
}

impl Logic for MaskUnit {
    #[hdl_gen]
    fn update(&mut self) {
        // Bitboard::edge_neighbours: right, left, down, up.
        self.edges.next = ((self.own.val() & self.not_right.val()) << 1)
            | ((self.own.val() & self.not_left.val()) >> 1)
            | (self.own.val() << 14)
            | (self.own.val() >> 14);
        // Bitboard::diagonal_neighbours: down-right, down-left, up-right, up-left.
        self.diagonals.next = ((self.own.val() & self.not_right.val()) << 15)
            | ((self.own.val() & self.not_left.val()) << 13)
            | ((self.own.val() & self.not_right.val()) >> 13)
            | ((self.own.val() & self.not_left.val()) >> 15);
        // Position::forbidden
        self.forbidden.next = self.own.val() | self.opponent.val() | self.edges.val();
        // Position::attach_cells
        if self.own.val().any() {
            self.touching.next = self.diagonals.val();
        } else {
            self.touching.next = self.start.val();
        }
        self.attach.next = self.touching.val() & !self.forbidden.val();
    }
}
