//! For simulation only: an expander whose expansions a test gives it, in
//! the tree unit's port's shape (`expander_port`), so that `PriorTree` can
//! be checked against `model::prior_tree` expansion by expansion, each
//! taken from the model's trace (`PriorTree::new` builds the real one in,
//! `BufferedExpander`).
//! The test keeps the next expansion at the `script_` inputs; `start`
//! latches it with the position it was given (shown at the `seen_`
//! outputs, for the test to check), and `done` follows `script_edges`
//! edges after the one that takes `start`, as the model's expansion counts
//! them.

use super::expander_port::{CANDIDATE_BITS, CHILD_BITS, COUNT_BITS, DISTANCE_BITS, SUM_BITS};
use crate::board::Board;
use crate::side::Side;
use model::prior_tree::expansion::CHILDREN;
use rust_hdl::prelude::*;

/// Width of the script's children.
pub const SCRIPT_CHILDREN: usize = CHILDREN * CHILD_BITS;
const _: () = assert!(CHILDREN == 32 && CHILD_BITS == 23);

/// The scripted expander.
#[derive(LogicBlock, Default)]
pub struct ScriptedExpander {
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
    /// Expanding.
    pub busy: Signal<Out, Bit>,
    /// The expansion is done.
    pub done: Signal<Out, Bit>,
    /// A child was found.
    pub found: Signal<Out, Bit>,
    /// The children.
    pub children: Signal<Out, Bits<COUNT_BITS>>,
    /// Their weights summed.
    pub weight_sum: Signal<Out, Bits<SUM_BITS>>,
    /// The candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// The child `index`'s shape.
    pub child_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub child_corner: Signal<Out, Bits<8>>,
    /// Its distance below the best.
    pub child_distance: Signal<Out, Bits<DISTANCE_BITS>>,
    /// The next expansion's children, child `i` at bit `23 i` (shape, box
    /// corner at bit 7, distance at bit 15).
    pub script_children: Signal<In, Bits<SCRIPT_CHILDREN>>,
    /// Its count.
    pub script_count: Signal<In, Bits<COUNT_BITS>>,
    /// It found a child.
    pub script_found: Signal<In, Bit>,
    /// Its weight sum.
    pub script_sum: Signal<In, Bits<SUM_BITS>>,
    /// Its candidates.
    pub script_candidates: Signal<In, Bits<CANDIDATE_BITS>>,
    /// Its edges, from the one that takes `start` to the one after which
    /// `done` is high.
    pub script_edges: Signal<In, Bits<16>>,
    /// `start` was taken at the last edge.
    pub taken: Signal<Out, Bit>,
    /// The position the last `start` gave: the side to move.
    pub seen_own: Signal<Out, Side>,
    /// The other side.
    pub seen_opponent: Signal<Out, Side>,
    /// The latest placement's cells.
    pub seen_latest: Signal<Out, Board>,
    /// The earlier one's.
    pub seen_earlier: Signal<Out, Board>,
    children_q: DFF<Bits<SCRIPT_CHILDREN>>,
    count_q: DFF<Bits<COUNT_BITS>>,
    found_q: DFF<Bit>,
    sum_q: DFF<Bits<SUM_BITS>>,
    candidates_q: DFF<Bits<CANDIDATE_BITS>>,
    left: DFF<Bits<16>>,
    taken_q: DFF<Bit>,
    own_q: DFF<Side>,
    opponent_q: DFF<Side>,
    latest_q: DFF<Board>,
    earlier_q: DFF<Board>,
    child: Signal<Local, Bits<CHILD_BITS>>,
}

impl Logic for ScriptedExpander {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            children_q,
            count_q,
            found_q,
            sum_q,
            candidates_q,
            left,
            taken_q,
            own_q,
            opponent_q,
            latest_q,
            earlier_q
        );
        self.taken_q.d.next = false;
        if self.left.q.val().any() {
            self.left.d.next = self.left.q.val() - 1;
        }
        if self.start.val() {
            self.taken_q.d.next = true;
            self.left.d.next = self.script_edges.val();
            self.children_q.d.next = self.script_children.val();
            self.count_q.d.next = self.script_count.val();
            self.found_q.d.next = self.script_found.val();
            self.sum_q.d.next = self.script_sum.val();
            self.candidates_q.d.next = self.script_candidates.val();
            self.own_q.d.next = self.own.val();
            self.opponent_q.d.next = self.opponent.val();
            self.latest_q.d.next = self.latest.val();
            self.earlier_q.d.next = self.earlier.val();
        }
        self.busy.next = self.left.q.val().any();
        self.done.next = self.left.q.val() == 1;
        self.found.next = self.found_q.q.val();
        self.children.next = self.count_q.q.val();
        self.weight_sum.next = self.sum_q.q.val();
        self.candidates.next = self.candidates_q.q.val();
        self.child.next = 0.into();
        for i in 0..CHILDREN {
            if self.index.val().index() == i {
                self.child.next = self.children_q.q.val().get_bits::<CHILD_BITS>(i * 23);
            }
        }
        self.child_shape.next = self.child.val().get_bits::<7>(0);
        self.child_corner.next = self.child.val().get_bits::<8>(7);
        self.child_distance.next = self.child.val().get_bits::<DISTANCE_BITS>(15);
        self.taken.next = self.taken_q.q.val();
        self.seen_own.next = self.own_q.q.val();
        self.seen_opponent.next = self.opponent_q.q.val();
        self.seen_latest.next = self.latest_q.q.val();
        self.seen_earlier.next = self.earlier_q.q.val();
    }
}
