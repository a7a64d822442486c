//! PREFIX, LOCATE and NTH, a draw by counting: the entries loaded
//! ([`EntryRows`] into [`Entries`]), their counts and running sums
//! ([`Prefix`]), the entry holding the drawn bit ([`Locate`]), and the
//! bit's place in it and the attach cell or shape it makes ([`Nth`]).

use super::entries::{Entries, EntryRows};
use super::locate::Locate;
use super::nth::Nth;
use super::prefix::Prefix;
use crate::board::{Board, SIZE};
use crate::cell_window::{CELLS_PER_SHAPE, FLAG_BITS};
use crate::tiles::SHAPES;
use rust_hdl::prelude::*;

/// The entries of a draw, counted, the one holding the drawn bit, and the
/// cell or shape the bit makes.
#[derive(LogicBlock, Default)]
pub struct Counting {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The cells an attach cell is drawn from.
    pub cells: Signal<In, Board>,
    /// The shapes that fit, as PAIRS finds them.
    pub fits: Signal<In, Bits<FLAG_BITS>>,
    /// The shapes that fit, as registered in PAIRS.
    pub flags: Signal<In, Bits<FLAG_BITS>>,
    /// Load the cells' rows (PLY), the shapes that fit in rows of one
    /// size (with `pairs`, PAIRS), or the flags a byte an entry (with
    /// `size`, SIZE).
    pub load: Signal<In, Bit>,
    /// PAIRS.
    pub pairs: Signal<In, Bit>,
    /// SIZE.
    pub size: Signal<In, Bit>,
    /// The draw is of an attach cell (else of a shape).
    pub finding_cell: Signal<In, Bit>,
    /// The drawn size, one-hot.
    pub size_hot: Signal<In, Bits<5>>,
    /// PREFIX: register the entries' starts and ends.
    pub latch: Signal<In, Bit>,
    /// The drawn number.
    pub pick: Signal<In, Bits<8>>,
    /// LOCATE: register the entry holding the drawn bit.
    pub take_entry: Signal<In, Bit>,
    /// NTH: register the attach cell, or the shape.
    pub choose: Signal<In, Bit>,
    /// PAIR_SET: look in the chosen shape's pairs that fit.
    pub take_pairs: Signal<In, Bit>,
    /// Those pairs.
    pub shape_pairs: Signal<In, Bits<CELLS_PER_SHAPE>>,
    /// NTH_PAIR: look for the `pair_pick`-th pair.
    pub pick_pair: Signal<In, Bit>,
    /// The pair's draw.
    pub pair_pick: Signal<In, Bits<4>>,
    /// Each entry's count.
    pub counts: [Signal<Out, Bits<8>>; SIZE],
    /// The place of the bit looked for.
    pub index: Signal<Out, Bits<4>>,
    /// The located entry, one-hot: the attach cell's row.
    pub row: Signal<Out, Bits<SIZE>>,
    /// The attach cell's column, one-hot.
    pub cell_column: Signal<Out, Bits<SIZE>>,
    /// The attach cell's index.
    pub cell_index: Signal<Out, Bits<8>>,
    /// The chosen shape.
    pub shape: Signal<Out, Bits<7>>,
    /// The chosen shape, one-hot.
    pub shape_hot: Signal<Out, Bits<SHAPES>>,
    rows: EntryRows,
    entries: Entries,
    prefix: Prefix,
    locate: Locate,
    nth: Nth,
}

impl Logic for Counting {
    #[hdl_gen]
    fn update(&mut self) {
        self.rows.cells.next = self.cells.val();
        self.rows.fits.next = self.fits.val();
        self.rows.flags.next = self.flags.val();
        self.rows.pairs.next = self.pairs.val();
        self.rows.size.next = self.size.val();
        self.entries.clock.next = self.clock.val();
        self.entries.load.next = self.load.val();
        self.entries.finding_cell.next = self.finding_cell.val();
        self.entries.size_hot.next = self.size_hot.val();
        self.prefix.clock.next = self.clock.val();
        self.prefix.latch.next = self.latch.val();
        for e in 0..14 {
            self.entries.rows[e].next = self.rows.rows[e].val();
            self.prefix.entries[e].next = self.entries.view[e].val();
            self.locate.entries[e].next = self.entries.view[e].val();
            self.locate.starts[e].next = self.prefix.starts[e].val();
            self.locate.ends[e].next = self.prefix.ends[e].val();
            self.counts[e].next = self.prefix.counts[e].val();
        }
        self.locate.pick.next = self.pick.val();
        self.locate.finding_cell.next = self.finding_cell.val();
        self.nth.clock.next = self.clock.val();
        self.nth.locate.next = self.take_entry.val();
        self.nth.entry_bits.next = self.locate.bits.val();
        self.nth.entry_offset.next = self.locate.offset.val();
        self.nth.entry_base.next = self.locate.base.val();
        self.nth.entry_hot.next = self.locate.first.val();
        self.nth.choose.next = self.choose.val();
        self.nth.finding_cell.next = self.finding_cell.val();
        self.nth.take_pairs.next = self.take_pairs.val();
        self.nth.pairs.next = self.shape_pairs.val();
        self.nth.pick_pair.next = self.pick_pair.val();
        self.nth.pair_pick.next = self.pair_pick.val();
        self.index.next = self.nth.index.val();
        self.row.next = self.nth.row.val();
        self.cell_column.next = self.nth.cell_column.val();
        self.cell_index.next = self.nth.cell_index.val();
        self.shape.next = self.nth.shape.val();
        self.shape_hot.next = self.nth.shape_hot.val();
    }
}
