//! The expansion of a descent's leaf: in the cycle the leaf is ready in the
//! walk (a dispatch cycle), if it has earned its children ([`Earned`]) and
//! no expansion is at work or waiting for its link, the expander's `start`
//! (the cycle after), the node and its move kept for the link, and the
//! value its children will start from ([`ValueBase`], from the root's
//! visits and results as they stand). The expansion's children are in
//! from the expander's `done` until the link takes them. At the search's
//! start the base is a draw's, for the root's children.

use super::earned::{Earned, BLOCK_COUNT};
use super::path_store::DEPTH;
use super::value_base::{ValueBase, BASE, ROOT_RESULTS};
use super::word::{ADDRESS, VISITS};
use crate::puct_score::PARENT_BITS;
use rust_hdl::prelude::*;

/// The leaf's expansion.
#[derive(LogicBlock, Default)]
pub struct LeafExpansion {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The search starts: no expansion.
    pub clear: Signal<In, Bit>,
    /// The tree unit is in a dispatch cycle.
    pub dispatching: Signal<In, Bit>,
    /// A leaf is ready in the walk in this cycle.
    pub leaf_new: Signal<In, Bit>,
    /// The leaf's visits.
    pub leaf_visits: Signal<In, Bits<VISITS>>,
    /// It has children.
    pub leaf_expanded: Signal<In, Bit>,
    /// Its move (shape, and box corner at bit 7).
    pub leaf_code: Signal<In, Bits<15>>,
    /// Its address.
    pub leaf_address: Signal<In, Bits<ADDRESS>>,
    /// Its depth.
    pub depth: Signal<In, Bits<DEPTH>>,
    /// Its game is over.
    pub over: Signal<In, Bit>,
    /// Blocks handed out.
    pub blocks: Signal<In, Bits<BLOCK_COUNT>>,
    /// The root's visits.
    pub root_visits: Signal<In, Bits<PARENT_BITS>>,
    /// The root's results.
    pub root_results: Signal<In, Bits<ROOT_RESULTS>>,
    /// The expander's `done`.
    pub expander_done: Signal<In, Bit>,
    /// A link is at work (it has taken the expansion).
    pub linked: Signal<In, Bit>,
    /// The leaf's expansion starts: this cycle is no dispatch.
    pub expand_now: Signal<Out, Bit>,
    /// The expander's `start`.
    pub go: Signal<Out, Bit>,
    /// Its children are in.
    pub children_in: Signal<Out, Bit>,
    /// Its node.
    pub node: Signal<Out, Bits<ADDRESS>>,
    /// The node's move (shape, and box corner at bit 7).
    pub code: Signal<Out, Bits<15>>,
    /// The value base of its children.
    pub base: Signal<Out, Bits<BASE>>,
    rule: Earned,
    divider: ValueBase,
    expanding_q: DFF<Bit>,
    done_q: DFF<Bit>,
    go_q: DFF<Bit>,
    node_q: DFF<Bits<ADDRESS>>,
    code_q: DFF<Bits<15>>,
}

impl Logic for LeafExpansion {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, expanding_q, done_q, go_q, node_q, code_q);
        self.divider.clock.next = self.clock.val();
        self.rule.visits.next = self.leaf_visits.val();
        self.rule.expanded.next = self.leaf_expanded.val();
        self.rule.depth.next = self.depth.val();
        self.rule.over.next = self.over.val();
        self.rule.blocks.next = self.blocks.val();
        self.expand_now.next = self.dispatching.val()
            & self.leaf_new.val()
            & self.rule.earned.val()
            & !self.expanding_q.q.val();
        // The mean from the root's registers: the leaf's side is the
        // root's at an even depth; a draw's at the start.
        self.divider.start.next = self.expand_now.val() | self.clear.val();
        self.divider.visits.next = self.root_visits.val();
        self.divider.results.next = self.root_results.val();
        self.divider.root_side.next = !self.depth.val().get_bit(0);
        if self.clear.val() {
            self.divider.visits.next = 0.into();
        }
        self.go_q.d.next = self.expand_now.val();
        if self.expander_done.val() {
            self.done_q.d.next = true;
        }
        if self.expand_now.val() {
            self.expanding_q.d.next = true;
            self.done_q.d.next = false;
            self.node_q.d.next = self.leaf_address.val();
            self.code_q.d.next = self.leaf_code.val();
        }
        if self.linked.val() | self.clear.val() {
            self.expanding_q.d.next = false;
            self.done_q.d.next = false;
        }
        self.go.next = self.go_q.q.val();
        self.children_in.next =
            self.expanding_q.q.val() & (self.done_q.q.val() | self.expander_done.val());
        self.node.next = self.node_q.q.val();
        self.code.next = self.code_q.q.val();
        self.base.next = self.divider.base.val();
    }
}
