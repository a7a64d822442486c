//! What a draw draws from, as 14 entries of up to 14 bits: the rows an
//! entry is loaded with ([`EntryRows`]: a row of cells, a row of shapes of
//! one size, or a byte of flags) and the entries held ([`Entries`]) with
//! the bits of each that the counters and LOCATE see.

use super::layout::{size_mask, size_rows, WIDE_FLAG_BITS};
use crate::board::{Board, SIZE};
use crate::cell_window::FLAG_BITS;
use rust_hdl::prelude::*;

/// The rows an entry is loaded with: the cells to draw from a row an
/// entry (PLY); the shapes that fit in rows of one size, for WEIGH's
/// counts (`pairs`, in PAIRS); the flags a byte a row (`size`, in SIZE).
#[derive(LogicBlock)]
pub struct EntryRows {
    /// The cells an attach cell is drawn from.
    pub cells: Signal<In, Board>,
    /// The shapes that fit, as PAIRS finds them.
    pub fits: Signal<In, Bits<FLAG_BITS>>,
    /// The shapes that fit, as registered in PAIRS.
    pub flags: Signal<In, Bits<FLAG_BITS>>,
    /// The rows of one size, from `fits`.
    pub pairs: Signal<In, Bit>,
    /// The bytes of `flags`.
    pub size: Signal<In, Bit>,
    /// The 14 rows.
    pub rows: [Signal<Out, Bits<SIZE>>; SIZE],
    /// Per row of one size, its shapes that fit, from bit 0.
    size_row_flags: [Signal<Local, Bits<SIZE>>; SIZE],
    wide_flags: Signal<Local, Bits<WIDE_FLAG_BITS>>,
    /// Per row of one size: the bits of the 14 from its first flag that
    /// it holds, and the first flag's number.
    row_masks: [Constant<Bits<SIZE>>; SIZE],
    row_shifts: [Constant<Bits<8>>; SIZE],
    /// The low byte of a 14-bit row.
    byte_field: Constant<Bits<SIZE>>,
}

impl Default for EntryRows {
    fn default() -> EntryRows {
        let size_rows = size_rows();
        EntryRows {
            cells: Default::default(),
            fits: Default::default(),
            flags: Default::default(),
            pairs: Default::default(),
            size: Default::default(),
            rows: Default::default(),
            size_row_flags: Default::default(),
            wide_flags: Default::default(),
            row_masks: std::array::from_fn(|r| {
                Constant::new(((1u64 << size_rows[r].2) - 1).into())
            }),
            row_shifts: std::array::from_fn(|r| Constant::new((size_rows[r].1 as u64).into())),
            byte_field: Constant::new(0xFFu64.into()),
        }
    }
}

impl Logic for EntryRows {
    #[hdl_gen]
    fn update(&mut self) {
        for e in 0..14 {
            self.rows[e].next = self.cells.val().get_bits::<14>(14 * e);
        }
        // (hdl_gen takes a function's arguments indexed by constants only.)
        self.size_row_flags[0].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[0].val())
                & self.row_masks[0].val();
        self.size_row_flags[1].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[1].val())
                & self.row_masks[1].val();
        self.size_row_flags[2].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[2].val())
                & self.row_masks[2].val();
        self.size_row_flags[3].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[3].val())
                & self.row_masks[3].val();
        self.size_row_flags[4].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[4].val())
                & self.row_masks[4].val();
        self.size_row_flags[5].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[5].val())
                & self.row_masks[5].val();
        self.size_row_flags[6].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[6].val())
                & self.row_masks[6].val();
        self.size_row_flags[7].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[7].val())
                & self.row_masks[7].val();
        self.size_row_flags[8].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[8].val())
                & self.row_masks[8].val();
        self.size_row_flags[9].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[9].val())
                & self.row_masks[9].val();
        self.size_row_flags[10].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[10].val())
                & self.row_masks[10].val();
        self.size_row_flags[11].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[11].val())
                & self.row_masks[11].val();
        self.size_row_flags[12].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[12].val())
                & self.row_masks[12].val();
        self.size_row_flags[13].next =
            bit_cast::<14, FLAG_BITS>(self.fits.val() >> self.row_shifts[13].val())
                & self.row_masks[13].val();
        if self.pairs.val() {
            for e in 0..14 {
                self.rows[e].next = self.size_row_flags[e].val();
            }
        }
        self.wide_flags.next = bit_cast::<WIDE_FLAG_BITS, FLAG_BITS>(self.flags.val());
        if self.size.val() {
            for e in 0..12 {
                self.rows[e].next =
                    self.wide_flags.val().get_bits::<14>(8 * e) & self.byte_field.val();
            }
            for e in 12..14 {
                self.rows[e].next = 0.into();
            }
        }
    }
}

/// The entries held, loaded with `rows` on `load`, and what the counters
/// and LOCATE see of them: all of a row of cells, or of a byte of flags
/// those of the drawn size (so that no path runs from SIZE's draw into
/// them).
#[derive(LogicBlock)]
pub struct Entries {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Take `rows` as the entries.
    pub load: Signal<In, Bit>,
    /// The rows to load.
    pub rows: [Signal<In, Bits<SIZE>>; SIZE],
    /// The draw is of an attach cell (else of a shape).
    pub finding_cell: Signal<In, Bit>,
    /// The drawn size, one-hot.
    pub size_hot: Signal<In, Bits<5>>,
    /// What the counters and LOCATE see of each entry.
    pub view: [Signal<Out, Bits<SIZE>>; SIZE],
    entries: [DFF<Bits<SIZE>>; SIZE],
    /// The drawn size's shapes, padded so that every byte reads as 14 bits.
    chosen_mask: Signal<Local, Bits<FLAG_BITS>>,
    wide_mask: Signal<Local, Bits<WIDE_FLAG_BITS>>,
    view_masks: [Signal<Local, Bits<SIZE>>; SIZE],
    /// Per size `k + 1`, its shapes' flags.
    size_masks: [Constant<Bits<FLAG_BITS>>; 5],
    /// All 14 bits of a row.
    row_field: Constant<Bits<SIZE>>,
    /// The low byte of a 14-bit row.
    byte_field: Constant<Bits<SIZE>>,
}

impl Default for Entries {
    fn default() -> Entries {
        Entries {
            clock: Default::default(),
            load: Default::default(),
            rows: Default::default(),
            finding_cell: Default::default(),
            size_hot: Default::default(),
            view: Default::default(),
            entries: Default::default(),
            chosen_mask: Default::default(),
            wide_mask: Default::default(),
            view_masks: Default::default(),
            size_masks: std::array::from_fn(|k| Constant::new(size_mask(k as u8 + 1))),
            row_field: Constant::new(0x3FFFu64.into()),
            byte_field: Constant::new(0xFFu64.into()),
        }
    }
}

impl Logic for Entries {
    #[hdl_gen]
    fn update(&mut self) {
        for e in 0..14 {
            self.entries[e].clock.next = self.clock.val();
            self.entries[e].d.next = self.entries[e].q.val();
            if self.load.val() {
                self.entries[e].d.next = self.rows[e].val();
            }
        }
        self.chosen_mask.next = 0.into();
        for k in 0..5 {
            if self.size_hot.val().get_bit(k) {
                self.chosen_mask.next = self.size_masks[k].val();
            }
        }
        self.wide_mask.next = bit_cast::<WIDE_FLAG_BITS, FLAG_BITS>(self.chosen_mask.val());
        for e in 0..14 {
            self.view_masks[e].next = self.row_field.val();
        }
        if !self.finding_cell.val() {
            for e in 0..12 {
                self.view_masks[e].next =
                    self.wide_mask.val().get_bits::<14>(8 * e) & self.byte_field.val();
            }
            for e in 12..14 {
                self.view_masks[e].next = 0.into();
            }
        }
        for e in 0..14 {
            self.view[e].next = self.entries[e].q.val() & self.view_masks[e].val();
        }
    }
}
