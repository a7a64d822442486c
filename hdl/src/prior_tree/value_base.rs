//! The mean result a new child starts from: `model::prior_tree::arith::
//! value_base` of the root's visits and results when an expansion starts,
//! for the leaf's side to move. The mean is the root's results over its
//! visits, a restoring division of 9 quotient bits (the mean is at most a
//! win's result), one a cycle: `base` holds it from 10 cycles after
//! `start`, long before the expansion's children are linked.

use crate::puct_score::PARENT_BITS;
use model::prior_tree::arith::{DRAW, LOSS, WIN};
use rust_hdl::prelude::*;

/// Width of the root's results: its visits times a win's result.
pub const ROOT_RESULTS: usize = PARENT_BITS + 9;
/// Width of the base: a win above a loss.
pub const BASE: usize = 9;
const _: () = assert!(WIN < 1 << 9 && WIN - LOSS < 1 << BASE);

/// The division.
#[derive(LogicBlock)]
pub struct ValueBase {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Divide the inputs below.
    pub start: Signal<In, Bit>,
    /// The root's visits.
    pub visits: Signal<In, Bits<PARENT_BITS>>,
    /// The root's side's results, summed.
    pub results: Signal<In, Bits<ROOT_RESULTS>>,
    /// The leaf's side to move is the root's.
    pub root_side: Signal<In, Bit>,
    /// The base: the side's mean above a loss (a draw's before any visit).
    pub base: Signal<Out, Bits<BASE>>,
    divisor: DFF<Bits<PARENT_BITS>>,
    remainder: DFF<Bits<ROOT_RESULTS>>,
    quotient: DFF<Bits<9>>,
    /// The quotient bit this cycle decides (9: none left).
    place: DFF<Bits<4>>,
    side: DFF<Bit>,
    empty: DFF<Bit>,
    shifted: Signal<Local, Bits<ROOT_RESULTS>>,
    above: Signal<Local, Bits<BASE>>,
    draw: Constant<Bits<BASE>>,
    span: Constant<Bits<BASE>>,
    loss: Constant<Bits<9>>,
    ones: [Constant<Bits<9>>; 9],
}

impl ValueBase {
    /// The divider, idle.
    pub fn new() -> ValueBase {
        ValueBase {
            clock: Default::default(),
            start: Default::default(),
            visits: Default::default(),
            results: Default::default(),
            root_side: Default::default(),
            base: Default::default(),
            divisor: Default::default(),
            remainder: Default::default(),
            quotient: Default::default(),
            place: Default::default(),
            side: Default::default(),
            empty: Default::default(),
            shifted: Default::default(),
            above: Default::default(),
            draw: Constant::new(u64::from(DRAW - LOSS).into()),
            span: Constant::new(u64::from(WIN - LOSS).into()),
            loss: Constant::new(u64::from(LOSS).into()),
            ones: std::array::from_fn(|k| Constant::new((1u64 << k).into())),
        }
    }
}

impl Default for ValueBase {
    fn default() -> ValueBase {
        ValueBase::new()
    }
}

impl Logic for ValueBase {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, divisor, remainder, quotient, place, side, empty);
        self.shifted.next =
            bit_cast::<ROOT_RESULTS, PARENT_BITS>(self.divisor.q.val()) << self.place.q.val();
        if self.place.q.val() < 9 {
            self.place.d.next = self.place.q.val() - 1;
            if self.remainder.q.val() >= self.shifted.val() {
                self.remainder.d.next = self.remainder.q.val() - self.shifted.val();
                for k in 0..9 {
                    if self.place.q.val().index() == k {
                        self.quotient.d.next = self.quotient.q.val() | self.ones[k].val();
                    }
                }
            }
            if !self.place.q.val().any() {
                self.place.d.next = 9.into();
            }
        }
        if self.start.val() {
            self.divisor.d.next = self.visits.val();
            self.remainder.d.next = self.results.val();
            self.quotient.d.next = 0.into();
            self.place.d.next = 8.into();
            self.side.d.next = self.root_side.val();
            self.empty.d.next = !self.visits.val().any();
        }
        // The mean above a loss, for the root's side or the other.
        self.above.next = 0.into();
        if self.quotient.q.val() > self.loss.val() {
            self.above.next = self.quotient.q.val() - self.loss.val();
        }
        self.base.next = self.above.val();
        if !self.side.q.val() {
            self.base.next = 0.into();
            if self.span.val() > self.above.val() {
                self.base.next = self.span.val() - self.above.val();
            }
        }
        if self.empty.q.val() {
            self.base.next = self.draw.val();
        }
    }
}
