//! A descent level's registers: its parent (word and address, the root's
//! first), its block, children, children opened and read, pairs and the
//! parent's visits. The root's level is loaded at `root`; at `load` the
//! chosen child (`chosen`) becomes the parent, and unless it is the `leaf`
//! its children the next level. The outputs are the registers' (and what
//! the descent writes of the parent): none follows an input in the cycle.

use crate::prior_tree::word::{NodeWord, ADDRESS, BLOCK, VISITS};
use crate::puct_score::PARENT_BITS;
use rust_hdl::prelude::*;

/// The level's registers.
#[derive(LogicBlock, Default)]
pub struct DescentLevel {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Load the root's level.
    pub root: Signal<In, Bit>,
    /// The root's children.
    pub root_children: Signal<In, Bits<6>>,
    /// The root's children ever chosen.
    pub root_opened: Signal<In, Bits<5>>,
    /// The root's visits.
    pub root_visits: Signal<In, Bits<PARENT_BITS>>,
    /// Load the chosen child.
    pub load: Signal<In, Bit>,
    /// Its word.
    pub chosen: Signal<In, NodeWord>,
    /// Its address.
    pub chosen_address: Signal<In, Bits<ADDRESS>>,
    /// It is the leaf (no children, or `MAX_DEPTH` deep).
    pub leaf: Signal<In, Bit>,
    /// The bank's path is followed through it.
    pub flying: Signal<In, Bit>,
    /// The level's parent is the root.
    pub at_root: Signal<Out, Bit>,
    /// The parent's address.
    pub parent_address: Signal<Out, Bits<ADDRESS>>,
    /// The parent's word, `opened` grown.
    pub grown: Signal<Out, NodeWord>,
    /// Its other fields, as the SDRAM holds them.
    pub grown_other: Signal<Out, Bits<40>>,
    /// The parent's move (shape, and box corner at bit 7).
    pub code: Signal<Out, Bits<15>>,
    /// The parent's visits.
    pub visits: Signal<Out, Bits<VISITS>>,
    /// The parent has children.
    pub expanded: Signal<Out, Bit>,
    /// The level's block.
    pub block: Signal<Out, Bits<BLOCK>>,
    /// Its children.
    pub count: Signal<Out, Bits<6>>,
    /// Those ever chosen.
    pub opened: Signal<Out, Bits<5>>,
    /// Those read.
    pub read: Signal<Out, Bits<6>>,
    /// Their pairs.
    pub pairs: Signal<Out, Bits<5>>,
    /// The parent's visits for the scores (one more when in flight).
    pub parent_visits: Signal<Out, Bits<PARENT_BITS>>,
    at_root_q: DFF<Bit>,
    parent_q: DFF<NodeWord>,
    parent_address_q: DFF<Bits<ADDRESS>>,
    block_q: DFF<Bits<BLOCK>>,
    count_q: DFF<Bits<6>>,
    opened_q: DFF<Bits<5>>,
    read_q: DFF<Bits<6>>,
    pairs_q: DFF<Bits<5>>,
    visits_q: DFF<Bits<PARENT_BITS>>,
    next_read: Signal<Local, Bits<6>>,
    root_read: Signal<Local, Bits<6>>,
    grown_word: Signal<Local, NodeWord>,
}

impl Logic for DescentLevel {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            at_root_q,
            parent_q,
            parent_address_q,
            block_q,
            count_q,
            opened_q,
            read_q,
            pairs_q,
            visits_q
        );
        self.next_read.next = bit_cast::<6, 5>(self.chosen.val().opened) + 1;
        if self.chosen.val().last < self.chosen.val().opened {
            self.next_read.next = bit_cast::<6, 5>(self.chosen.val().last) + 1;
        }
        self.root_read.next = bit_cast::<6, 5>(self.root_opened.val()) + 1;
        if self.root_children.val() < self.root_read.val() {
            self.root_read.next = self.root_children.val();
        }
        if self.root.val() {
            self.at_root_q.d.next = true;
            self.block_q.d.next = 0.into();
            self.count_q.d.next = self.root_children.val();
            self.opened_q.d.next = self.root_opened.val();
            self.read_q.d.next = self.root_read.val();
            self.pairs_q.d.next = bit_cast::<5, 6>((self.root_read.val() + 1) >> 1);
            self.visits_q.d.next = self.root_visits.val();
        }
        if self.load.val() {
            self.parent_q.d.next = self.chosen.val();
            self.parent_address_q.d.next = self.chosen_address.val();
            if !self.leaf.val() {
                self.at_root_q.d.next = false;
                self.block_q.d.next = self.chosen.val().block;
                self.count_q.d.next = bit_cast::<6, 5>(self.chosen.val().last) + 1;
                self.opened_q.d.next = self.chosen.val().opened;
                self.read_q.d.next = self.next_read.val();
                self.pairs_q.d.next = bit_cast::<5, 6>((self.next_read.val() + 1) >> 1);
                self.visits_q.d.next = bit_cast::<PARENT_BITS, 20>(self.chosen.val().visits);
                if self.flying.val() {
                    self.visits_q.d.next =
                        bit_cast::<PARENT_BITS, 20>(self.chosen.val().visits) + 1;
                }
            }
        }
        self.grown_word.next = self.parent_q.q.val();
        self.grown_word.next.opened = self.opened_q.q.val() + 1;
        self.grown.next = self.grown_word.val();
        self.grown_other.next = bit_cast::<40, 7>(self.grown_word.val().shape)
            | (bit_cast::<40, 8>(self.grown_word.val().corner) << 7)
            | (bit_cast::<40, BLOCK>(self.grown_word.val().block) << 15)
            | (bit_cast::<40, 5>(self.grown_word.val().last) << 30)
            | (bit_cast::<40, 5>(self.grown_word.val().opened) << 35);
        self.code.next = bit_cast::<15, 7>(self.parent_q.q.val().shape)
            | (bit_cast::<15, 8>(self.parent_q.q.val().corner) << 7);
        self.visits.next = self.parent_q.q.val().visits;
        self.expanded.next = self.parent_q.q.val().block.any();
        self.at_root.next = self.at_root_q.q.val();
        self.parent_address.next = self.parent_address_q.q.val();
        self.block.next = self.block_q.q.val();
        self.count.next = self.count_q.q.val();
        self.opened.next = self.opened_q.q.val();
        self.read.next = self.read_q.q.val();
        self.pairs.next = self.pairs_q.q.val();
        self.parent_visits.next = self.visits_q.q.val();
    }
}
