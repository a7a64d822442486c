//! NTH: what the draw's last step looks in (the located entry, registered
//! in LOCATE, or the chosen shape's pairs, in PAIR_SET), the place of the
//! drawn bit in it, and what that place makes: the attach cell (its index
//! and column) or, in a shape's draw, the shape (byte `b`, place `i`:
//! shape `8 b + i`), registered in NTH.

use crate::bit_count::NthSetBit;
use crate::board::SIZE;
use crate::cell_window::CELLS_PER_SHAPE;
use crate::tiles::SHAPES;
use rust_hdl::prelude::*;

/// The `n`-th set bit of the bits looked in, and the cell or shape it
/// makes.
#[derive(LogicBlock, Default)]
pub struct Nth {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// LOCATE: take the located entry (`entry_*`).
    pub locate: Signal<In, Bit>,
    /// The located entry's bits.
    pub entry_bits: Signal<In, Bits<SIZE>>,
    /// The drawn bit's offset among them.
    pub entry_offset: Signal<In, Bits<4>>,
    /// The number of the entry's first bit.
    pub entry_base: Signal<In, Bits<8>>,
    /// The entry, one-hot.
    pub entry_hot: Signal<In, Bits<SIZE>>,
    /// NTH: register the attach cell, or the shape.
    pub choose: Signal<In, Bit>,
    /// The draw is of an attach cell (else of a shape).
    pub finding_cell: Signal<In, Bit>,
    /// PAIR_SET: look in the chosen shape's pairs that fit.
    pub take_pairs: Signal<In, Bit>,
    /// Those pairs.
    pub pairs: Signal<In, Bits<CELLS_PER_SHAPE>>,
    /// NTH_PAIR: look for the `pair_pick`-th pair.
    pub pick_pair: Signal<In, Bit>,
    /// The pair's draw.
    pub pair_pick: Signal<In, Bits<4>>,
    /// The place of the bit looked for.
    pub index: Signal<Out, Bits<4>>,
    /// The located entry, one-hot: the attach cell's row, or the chosen
    /// shape's byte of flags.
    pub row: Signal<Out, Bits<SIZE>>,
    /// The attach cell's column, one-hot.
    pub cell_column: Signal<Out, Bits<SIZE>>,
    /// The attach cell's index.
    pub cell_index: Signal<Out, Bits<8>>,
    /// The chosen shape.
    pub shape: Signal<Out, Bits<7>>,
    /// The chosen shape, one-hot.
    pub shape_hot: Signal<Out, Bits<SHAPES>>,
    nth: NthSetBit,
    sel_bits: DFF<Bits<SIZE>>,
    sel_offset: DFF<Bits<4>>,
    sel_base: DFF<Bits<8>>,
    row_q: DFF<Bits<SIZE>>,
    cell_column_q: DFF<Bits<SIZE>>,
    cell_index_q: DFF<Bits<8>>,
    shape_q: DFF<Bits<7>>,
    shape_hot_q: DFF<Bits<SHAPES>>,
    /// The place one-hot, and the shape it makes with the row.
    index_hot: Signal<Local, Bits<SIZE>>,
    shape_decoded: Signal<Local, Bits<SHAPES>>,
}

impl Logic for Nth {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            sel_bits,
            sel_offset,
            sel_base,
            row_q,
            cell_column_q
        );
        dff_setup!(self, clock, cell_index_q, shape_q, shape_hot_q);
        self.nth.bits.next = self.sel_bits.q.val();
        self.nth.n.next = self.sel_offset.q.val();
        if self.pick_pair.val() {
            self.nth.n.next = self.pair_pick.val();
        }
        self.index_hot.next = bit_cast::<14, 1>(1.into()) << self.nth.index.val();
        self.shape_decoded.next = 0.into();
        if self.choose.val() {
            // (The 91 shapes: 11 bytes and 3 of the 12th.)
            for b in 0..11 {
                for i in 0..8 {
                    self.shape_decoded.next = self.shape_decoded.val().replace_bit(
                        8 * b + i,
                        self.row_q.q.val().get_bit(b) & self.index_hot.val().get_bit(i),
                    );
                }
            }
            for i in 0..3 {
                self.shape_decoded.next = self.shape_decoded.val().replace_bit(
                    88 + i,
                    self.row_q.q.val().get_bit(11) & self.index_hot.val().get_bit(i),
                );
            }
        }
        if self.locate.val() {
            self.sel_bits.d.next = self.entry_bits.val();
            self.sel_offset.d.next = self.entry_offset.val();
            self.sel_base.d.next = self.entry_base.val();
            self.row_q.d.next = self.entry_hot.val();
        }
        if self.choose.val() {
            if self.finding_cell.val() {
                self.cell_index_q.d.next =
                    self.sel_base.q.val() + bit_cast::<8, 4>(self.nth.index.val());
                self.cell_column_q.d.next = self.index_hot.val();
            } else {
                self.shape_q.d.next = bit_cast::<7, 8>(
                    self.sel_base.q.val() | bit_cast::<8, 4>(self.nth.index.val()),
                );
                self.shape_hot_q.d.next = self.shape_decoded.val();
            }
        }
        if self.take_pairs.val() {
            self.sel_bits.d.next = bit_cast::<14, 5>(self.pairs.val());
        }
        self.index.next = self.nth.index.val();
        self.row.next = self.row_q.q.val();
        self.cell_column.next = self.cell_column_q.q.val();
        self.cell_index.next = self.cell_index_q.q.val();
        self.shape.next = self.shape_q.q.val();
        self.shape_hot.next = self.shape_hot_q.q.val();
    }
}
