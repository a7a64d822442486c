//! LOCATE: the entry holding the drawn bit (the first whose end passes the
//! pick; the ends never decrease), its bits, the pick's offset in it and
//! the number of its first bit (a cell's, or a shape's).

use crate::board::SIZE;
use rust_hdl::prelude::*;

/// The entry located, one-hot, and what NTH needs of it.
#[derive(LogicBlock)]
pub struct Locate {
    /// The entries' bits, as counted.
    pub entries: [Signal<In, Bits<SIZE>>; SIZE],
    /// The running count before each entry.
    pub starts: [Signal<In, Bits<8>>; SIZE],
    /// The running count to each entry's end.
    pub ends: [Signal<In, Bits<8>>; SIZE],
    /// The drawn number.
    pub pick: Signal<In, Bits<8>>,
    /// The entries are rows of cells (else bytes of flags).
    pub finding_cell: Signal<In, Bit>,
    /// The entry, one-hot.
    pub first: Signal<Out, Bits<SIZE>>,
    /// Its bits.
    pub bits: Signal<Out, Bits<SIZE>>,
    /// The pick's offset in it.
    pub offset: Signal<Out, Bits<4>>,
    /// The number of its first bit.
    pub base: Signal<Out, Bits<8>>,
    passed: Signal<Local, Bits<SIZE>>,
    first_slot: Signal<Local, Bits<SIZE>>,
    masked_bits: [Signal<Local, Bits<SIZE>>; SIZE],
    masked_offsets: [Signal<Local, Bits<8>>; SIZE],
    masked_bases: [Signal<Local, Bits<8>>; SIZE],
    located_offset: Signal<Local, Bits<8>>,
    /// The number of the first cell of each row, and the first shape of
    /// each byte of flags.
    row_bases: [Constant<Bits<8>>; SIZE],
    byte_bases: [Constant<Bits<8>>; SIZE],
}

impl Default for Locate {
    fn default() -> Locate {
        Locate {
            entries: Default::default(),
            starts: Default::default(),
            ends: Default::default(),
            pick: Default::default(),
            finding_cell: Default::default(),
            first: Default::default(),
            bits: Default::default(),
            offset: Default::default(),
            base: Default::default(),
            passed: Default::default(),
            first_slot: Default::default(),
            masked_bits: Default::default(),
            masked_offsets: Default::default(),
            masked_bases: Default::default(),
            located_offset: Default::default(),
            row_bases: std::array::from_fn(|r| Constant::new(((SIZE * r) as u64).into())),
            byte_bases: std::array::from_fn(|b| Constant::new((8 * b as u64).into())),
        }
    }
}

impl Logic for Locate {
    #[hdl_gen]
    fn update(&mut self) {
        self.passed.next = 0.into();
        for e in 0..14 {
            self.passed.next = self
                .passed
                .val()
                .replace_bit(e, self.ends[e].val() > self.pick.val());
        }
        self.first_slot.next = self.passed.val() & !(self.passed.val() << 1);
        self.bits.next = 0.into();
        self.located_offset.next = 0.into();
        self.base.next = 0.into();
        for e in 0..14 {
            self.masked_bits[e].next = 0.into();
            self.masked_offsets[e].next = 0.into();
            self.masked_bases[e].next = 0.into();
            if self.first_slot.val().get_bit(e) {
                self.masked_bits[e].next = self.entries[e].val();
                self.masked_offsets[e].next = self.pick.val() - self.starts[e].val();
                self.masked_bases[e].next = self.byte_bases[e].val();
                if self.finding_cell.val() {
                    self.masked_bases[e].next = self.row_bases[e].val();
                }
            }
            self.bits.next = self.bits.val() | self.masked_bits[e].val();
            self.located_offset.next = self.located_offset.val() | self.masked_offsets[e].val();
            self.base.next = self.base.val() | self.masked_bases[e].val();
        }
        self.offset.next = self.located_offset.val().get_bits::<4>(0);
        self.first.next = self.first_slot.val();
    }
}
