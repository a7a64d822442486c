//! The real expander, [`PriorExpander`], behind the tree unit's expander
//! port (`expander_port`): the children it streams out, one a cycle best
//! first, kept in a buffer of [`CHILDREN`] entries that `index` reads.
//! `start` empties the buffer (entry 0 then shows a pass, shape 127, as a
//! position without a placement has it); `busy` holds through `done`, as
//! the scripted expander's does. The entries are distributed RAM
//! ([`LutRam`]), a flag a entry saying which hold a child of this
//! expansion: an entry not written since the `start` reads as empty.

use super::expander_port::{CANDIDATE_BITS, CHILD_BITS, COUNT_BITS, DISTANCE_BITS, SUM_BITS};
use crate::board::Board;
use crate::lut_ram::LutRam;
use crate::prior_expander::PriorExpander;
use crate::side::Side;
use model::prior_tree::expansion::CHILDREN;
use rust_hdl::prelude::*;

const _: () = assert!(CHILDREN == 32 && CHILD_BITS == 23);

/// The expander with its buffer.
#[derive(LogicBlock)]
pub struct BufferedExpander {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Expand the position below.
    pub start: Signal<In, Bit>,
    /// The side to move.
    pub own: Signal<In, Side>,
    /// The other side.
    pub opponent: Signal<In, Side>,
    /// The cells of the opponent's latest placement.
    pub latest: Signal<In, Board>,
    /// The cells of the one before it.
    pub earlier: Signal<In, Board>,
    /// The child shown.
    pub index: Signal<In, Bits<5>>,
    /// Expanding, `done` included.
    pub busy: Signal<Out, Bit>,
    /// High for one cycle when the children are in the buffer.
    pub done: Signal<Out, Bit>,
    /// A child was found (else: a pass).
    pub found: Signal<Out, Bit>,
    /// The children.
    pub children: Signal<Out, Bits<COUNT_BITS>>,
    /// Their weights summed.
    pub weight_sum: Signal<Out, Bits<SUM_BITS>>,
    /// The candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// The shown child's shape.
    pub child_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub child_corner: Signal<Out, Bits<8>>,
    /// Its distance below the best.
    pub child_distance: Signal<Out, Bits<DISTANCE_BITS>>,
    expander: PriorExpander,
    entries: LutRam<Bits<CHILD_BITS>, 5>,
    /// The entries written since the `start`.
    written: DFF<Bits<CHILDREN>>,
    /// The next child's entry.
    next_entry: DFF<Bits<5>>,
    entry: Signal<Local, Bits<CHILD_BITS>>,
    streamed: Signal<Local, Bits<CHILD_BITS>>,
}

impl BufferedExpander {
    /// An idle expander with the fitted weights, its buffer empty.
    pub fn new() -> BufferedExpander {
        BufferedExpander {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            latest: Default::default(),
            earlier: Default::default(),
            index: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            found: Default::default(),
            children: Default::default(),
            weight_sum: Default::default(),
            candidates: Default::default(),
            child_shape: Default::default(),
            child_corner: Default::default(),
            child_distance: Default::default(),
            expander: PriorExpander::new(),
            entries: Default::default(),
            written: Default::default(),
            next_entry: Default::default(),
            entry: Default::default(),
            streamed: Default::default(),
        }
    }
}

impl Default for BufferedExpander {
    fn default() -> BufferedExpander {
        BufferedExpander::new()
    }
}

impl Logic for BufferedExpander {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, next_entry, written);
        self.entries.clock.next = self.clock.val();
        self.expander.clock.next = self.clock.val();
        self.expander.start.next = self.start.val();
        self.expander.own.next = self.own.val();
        self.expander.opponent.next = self.opponent.val();
        self.expander.latest.next = self.latest.val();
        self.expander.earlier.next = self.earlier.val();
        self.streamed.next = bit_cast::<CHILD_BITS, 7>(self.expander.child_shape.val())
            | (bit_cast::<CHILD_BITS, 8>(self.expander.child_corner.val()) << 7)
            | (bit_cast::<CHILD_BITS, DISTANCE_BITS>(self.expander.child_distance.val()) << 15);
        // A streamed child into the next entry.
        self.entries.write_enable.next = self.expander.child.val();
        self.entries.write_address.next = self.next_entry.q.val();
        self.entries.write_data.next = self.streamed.val();
        if self.expander.child.val() {
            self.next_entry.d.next = self.next_entry.q.val() + 1;
            self.written.d.next = self.written.q.val()
                | (bit_cast::<CHILDREN, 1>(1.into()) << self.next_entry.q.val());
        }
        if self.start.val() {
            self.next_entry.d.next = 0.into();
            self.written.d.next = 0.into();
        }
        // The entry shown: empty (entry 0 a pass) unless written.
        self.entries.read_address.next = self.index.val();
        self.entry.next = 0.into();
        if self.index.val() == 0 {
            self.entry.next = 127.into();
        }
        if self.written.q.val().get_bit(self.index.val().index()) {
            self.entry.next = self.entries.read_data.val();
        }
        self.busy.next = self.expander.busy.val() | self.expander.done.val();
        self.done.next = self.expander.done.val();
        self.found.next = self.expander.found.val();
        self.children.next = self.expander.children.val();
        self.weight_sum.next = self.expander.weight_sum.val();
        self.candidates.next = self.expander.candidates.val();
        self.child_shape.next = self.entry.val().get_bits::<7>(0);
        self.child_corner.next = self.entry.val().get_bits::<8>(7);
        self.child_distance.next = self.entry.val().get_bits::<DISTANCE_BITS>(15);
    }
}
