//! The descent's SDRAM requests: a level's selection burst (`select`), the
//! chosen child's other fields (`other`), and a parent's other fields owed
//! when its `opened` grew (written first once presented, the cycle after
//! the chosen child's other fields are asked for). The state's request is
//! presented until taken; `clear` makes it due again.

use crate::prior_tree::sdram_place::SdramPlace;
use crate::prior_tree::word::{ADDRESS, BLOCK, SELECTION};
use crate::sdram::SdramRequest;
use rust_hdl::prelude::*;

/// The requests.
#[derive(LogicBlock)]
pub struct DescentRequests {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The level's selection burst is due.
    pub select: Signal<In, Bit>,
    /// The chosen child's other fields are due.
    pub other: Signal<In, Bit>,
    /// The state's request is not taken from the next cycle on.
    pub clear: Signal<In, Bit>,
    /// The choice owes the SDRAM the parent's other fields, `opened` grown.
    pub owe: Signal<In, Bit>,
    /// Those fields.
    pub parent_other: Signal<In, Bits<40>>,
    /// Its address.
    pub parent_address: Signal<In, Bits<ADDRESS>>,
    /// The level's block.
    pub block: Signal<In, Bits<BLOCK>>,
    /// The level's children read.
    pub read: Signal<In, Bits<6>>,
    /// The chosen child.
    pub child: Signal<In, Bits<5>>,
    /// An SDRAM request is presented.
    pub sdram_valid: Signal<Out, Bit>,
    /// The request.
    pub sdram_request: Signal<Out, SdramRequest>,
    /// A write's fields, its beats from bit 0.
    pub sdram_word: Signal<Out, Bits<SELECTION>>,
    /// The SDRAM takes a request presented now.
    pub sdram_ready: Signal<In, Bit>,
    /// The state's request has been taken.
    pub taken: Signal<Out, Bit>,
    select_place: SdramPlace,
    other_place: SdramPlace,
    owed_place: SdramPlace,
    taken_q: DFF<Bit>,
    /// A parent's other fields to write, and presented.
    owed: DFF<Bit>,
    owing: DFF<Bit>,
    owed_word: DFF<Bits<SELECTION>>,
    owed_address: DFF<Bits<ADDRESS>>,
    /// Fields owed after this cycle.
    owing_now: Signal<Local, Bit>,
}

impl DescentRequests {
    /// The requests over a node memory with `on_chip_blocks` blocks on chip.
    pub fn new(on_chip_blocks: usize) -> DescentRequests {
        DescentRequests {
            clock: Default::default(),
            select: Default::default(),
            other: Default::default(),
            clear: Default::default(),
            owe: Default::default(),
            parent_other: Default::default(),
            parent_address: Default::default(),
            block: Default::default(),
            read: Default::default(),
            child: Default::default(),
            sdram_valid: Default::default(),
            sdram_request: Default::default(),
            sdram_word: Default::default(),
            sdram_ready: Default::default(),
            taken: Default::default(),
            select_place: SdramPlace::new(on_chip_blocks),
            other_place: SdramPlace::new(on_chip_blocks),
            owed_place: SdramPlace::new(on_chip_blocks),
            taken_q: Default::default(),
            owed: Default::default(),
            owing: Default::default(),
            owed_word: Default::default(),
            owed_address: Default::default(),
            owing_now: Default::default(),
        }
    }
}

impl Logic for DescentRequests {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, taken_q, owed, owing, owed_word, owed_address);
        if self.clear.val() {
            self.taken_q.d.next = false;
        }
        self.owing_now.next = self.owed.q.val();
        if self.owe.val() {
            self.owed.d.next = true;
            self.owing_now.next = true;
            self.owed_address.d.next = self.parent_address.val();
            self.owed_word.d.next = bit_cast::<SELECTION, 40>(self.parent_other.val());
        }
        self.select_place.block.next = self.block.val();
        self.select_place.child.next = 0.into();
        self.select_place.other.next = false;
        self.other_place.block.next = self.block.val();
        self.other_place.child.next = self.child.val();
        self.other_place.other.next = true;
        self.owed_place.block.next = self.owed_address.q.val().get_bits::<BLOCK>(5);
        self.owed_place.child.next = self.owed_address.q.val().get_bits::<5>(0);
        self.owed_place.other.next = true;
        self.sdram_valid.next = false;
        self.sdram_request.next.write = false;
        self.sdram_request.next.sync = false;
        self.sdram_request.next.address = 0.into();
        self.sdram_request.next.last_beat = 0.into();
        self.sdram_word.next = self.owed_word.q.val();
        if self.owing.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.write = true;
            self.sdram_request.next.address = self.owed_place.address.val();
            self.sdram_request.next.last_beat = 2.into();
        } else if self.select.val() & !self.taken_q.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.address = self.select_place.address.val();
            self.sdram_request.next.last_beat = (bit_cast::<8, 6>(self.read.val()) << 2) - 1;
        } else if self.other.val() & !self.taken_q.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.address = self.other_place.address.val();
            self.sdram_request.next.last_beat = 2.into();
        }
        if self.sdram_valid.val() & self.sdram_ready.val() {
            if self.owing.q.val() {
                self.owing.d.next = false;
            } else {
                self.taken_q.d.next = true;
                if self.other.val() {
                    self.owing.d.next = self.owing_now.val();
                    self.owed.d.next = false;
                }
            }
        }
        self.taken.next = self.taken_q.q.val();
    }
}
