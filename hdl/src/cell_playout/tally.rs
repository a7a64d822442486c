//! The side to move's tiles left counted ([`TileTally`]): the sizes the
//! opening rule allows it, registered a cycle behind the tiles, and at the
//! game's end the margin (the last mover's unplaced cells kept on `keep`,
//! the other side's counted on `finish`).

use crate::tile_tally::TileTally;
use crate::tiles::Tiles;
use rust_hdl::prelude::*;

/// The opening rule and the margin.
#[derive(LogicBlock, Default)]
pub struct Tally {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The side to move's tiles not yet placed.
    pub tiles: Signal<In, Tiles>,
    /// The side to move is the one that moved first.
    pub root: Signal<In, Bit>,
    /// Keep the side to move's unplaced cells (the last mover's).
    pub keep: Signal<In, Bit>,
    /// Register the margin (the sides swapped since `keep`).
    pub finish: Signal<In, Bit>,
    /// The sizes the opening rule allows (bit `k` for size `k + 1`).
    pub opening: Signal<Out, Bits<5>>,
    /// The margin for the side that moved first: the other side's
    /// unplaced cells minus its own, two's complement.
    pub margin: Signal<Out, Bits<8>>,
    tally: TileTally,
    opening_q: DFF<Bits<5>>,
    unplaced_last_mover: DFF<Bits<8>>,
    margin_q: DFF<Bits<8>>,
}

impl Logic for Tally {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, opening_q, unplaced_last_mover, margin_q);
        self.tally.tiles.next = self.tiles.val();
        // Placed 0-1 tiles: size 5 only; 2: sizes 4-5; 3-4: sizes 3-5; then any.
        self.opening_q.d.next = 0x1F.into();
        if self.tally.count.val() > 19 {
            self.opening_q.d.next = 0x10.into();
        } else if self.tally.count.val() == 19 {
            self.opening_q.d.next = 0x18.into();
        } else if self.tally.count.val() > 16 {
            self.opening_q.d.next = 0x1C.into();
        }
        if self.keep.val() {
            self.unplaced_last_mover.d.next = bit_cast::<8, 7>(self.tally.cells.val());
        }
        if self.finish.val() {
            self.margin_q.d.next =
                bit_cast::<8, 7>(self.tally.cells.val()) - self.unplaced_last_mover.q.val();
            if self.root.val() {
                self.margin_q.d.next =
                    self.unplaced_last_mover.q.val() - bit_cast::<8, 7>(self.tally.cells.val());
            }
        }
        self.opening.next = self.opening_q.q.val();
        self.margin.next = self.margin_q.q.val();
    }
}
