//! PREFIX and LOCATE, the counting half of a draw: the entries loaded
//! ([`EntryRows`] into [`Entries`]), their counts and running sums
//! ([`Prefix`]), and the entry holding the drawn bit ([`Locate`]).

use super::entries::{Entries, EntryRows};
use super::locate::Locate;
use super::prefix::Prefix;
use crate::board::{Board, SIZE};
use crate::cell_window::FLAG_BITS;
use rust_hdl::prelude::*;

/// The entries of a draw, counted, and the one holding the drawn bit.
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
    /// Each entry's count.
    pub counts: [Signal<Out, Bits<8>>; SIZE],
    /// The entry holding the drawn bit, one-hot.
    pub first: Signal<Out, Bits<SIZE>>,
    /// Its bits.
    pub bits: Signal<Out, Bits<SIZE>>,
    /// The pick's offset in it.
    pub offset: Signal<Out, Bits<4>>,
    /// The number of its first bit.
    pub base: Signal<Out, Bits<8>>,
    rows: EntryRows,
    entries: Entries,
    prefix: Prefix,
    locate: Locate,
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
        self.first.next = self.locate.first.val();
        self.bits.next = self.locate.bits.val();
        self.offset.next = self.locate.offset.val();
        self.base.next = self.locate.base.val();
    }
}
