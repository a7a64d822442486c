//! The mask unit: from the two players' cells, the cells the player to move
//! may not cover and the cells where its next tile may attach. Pure
//! combinational logic; the hardware twin of `Position::forbidden` and
//! `Position::attach_cells` in `blokus` (same names, same order).

use crate::board::Board;
use crate::neighbours::Neighbours;
use rust_hdl::prelude::*;

/// Forbidden and attach masks of the player to move, in one combinational step.
///
/// ```text
/// forbidden = own | opponent | edge_neighbours(own)
/// attach    = (own empty ? start : diagonal_neighbours(own)) & !forbidden
/// ```
///
/// The neighbours are those of `blokus::Bitboard` ([`Neighbours`]).
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
    /// The own cells' neighbours.
    neighbours: Neighbours,
    /// The start square, or the diagonal neighbours once a tile is down.
    touching: Signal<Local, Board>,
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
            neighbours: Neighbours::new(),
            touching: Default::default(),
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
        self.neighbours.cells.next = self.own.val();
        // Position::forbidden
        self.forbidden.next = self.own.val() | self.opponent.val() | self.neighbours.edges.val();
        // Position::attach_cells
        if self.own.val().any() {
            self.touching.next = self.neighbours.diagonals.val();
        } else {
            self.touching.next = self.start.val();
        }
        self.attach.next = self.touching.val() & !self.forbidden.val();
    }
}
