//! A position in, its legal-move rows out: the [`MaskUnit`] feeding the
//! [`MoveGen`], nothing else. The hardware twin of
//! `model::move_gen::MoveGenInputs::for_position` followed by
//! `move_gen_rows`.

use crate::board::Board;
use crate::mask_unit::MaskUnit;
use crate::move_gen::{MoveGen, RowBits, Tiles};
use rust_hdl::prelude::*;

/// The legal placements of the player to move, row by row: the mask unit
/// derives the allowed and attach cells from the two players' cells, and the
/// move generator turns them into 14 rows of 91 x 14 bits.
///
/// Ports and timing are those of [`MoveGen`] (`start` samples the position;
/// row `r` is out during the cycle after the `r+1`-th rising edge that
/// follows), with the masks' inputs in place of `allowed` and `attach`:
/// `allowed = !forbidden`.
#[derive(LogicBlock)]
pub struct LegalMoves {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: take the position and start.
    pub start: Signal<In, Bit>,
    /// Cells of the player to move, sampled with `start`.
    pub own: Signal<In, Board>,
    /// Cells of the other player, sampled with `start`.
    pub opponent: Signal<In, Board>,
    /// The start square of the player to move, one-hot, sampled with `start`.
    pub start_square: Signal<In, Board>,
    /// Bit `t` set while the player to move still holds tile `t`, sampled with `start`.
    pub tiles_left: Signal<In, Tiles>,
    /// High while a row is presented.
    pub row_valid: Signal<Out, Bit>,
    /// The row of box corners presented (0 = top).
    pub row: Signal<Out, Bits<4>>,
    /// Bit `14 * s + x`: shape `s` may be placed with its box corner at column `x + 1` of row `row + 1`.
    pub row_bits: Signal<Out, RowBits>,
    /// High while rows of the current position are still being computed.
    pub busy: Signal<Out, Bit>,
    /// Forbidden and attach cells from the position.
    masks: MaskUnit,
    /// The rows from the masks.
    generator: MoveGen,
}

impl LegalMoves {
    /// The mask unit and the move generator, idle.
    pub fn new() -> LegalMoves {
        LegalMoves {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            tiles_left: Default::default(),
            row_valid: Default::default(),
            row: Default::default(),
            row_bits: Default::default(),
            busy: Default::default(),
            masks: MaskUnit::new(),
            generator: MoveGen::new(),
        }
    }
}

impl Default for LegalMoves {
    fn default() -> LegalMoves {
        LegalMoves::new()
    }
}

impl Logic for LegalMoves {
    #[hdl_gen]
    fn update(&mut self) {
        self.masks.own.next = self.own.val();
        self.masks.opponent.next = self.opponent.val();
        self.masks.start.next = self.start_square.val();
        self.generator.clock.next = self.clock.val();
        self.generator.start.next = self.start.val();
        self.generator.allowed.next = !self.masks.forbidden.val();
        self.generator.attach.next = self.masks.attach.val();
        self.generator.tiles_left.next = self.tiles_left.val();
        self.row_valid.next = self.generator.row_valid.val();
        self.row.next = self.generator.row.val();
        self.row_bits.next = self.generator.row_bits.val();
        self.busy.next = self.generator.busy.val();
    }
}
