//! WEIGH and SIZE, the size's draw: the sizes' running weights and counts
//! of shapes that fit ([`Weigh`]), and the drawn size with its count, the
//! shape draw's range ([`SizePick`]).

use super::size_pick::SizePick;
use super::weigh::Weigh;
use crate::board::SIZE;
use crate::cell_window::FLAG_BITS;
use rust_hdl::prelude::*;

/// The size's draw.
#[derive(LogicBlock, Default)]
pub struct SizeDraw {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// WEIGH: register the running weights and the counts.
    pub weigh: Signal<In, Bit>,
    /// SIZE: register the drawn size.
    pub size: Signal<In, Bit>,
    /// The shapes that fit.
    pub flags: Signal<In, Bits<FLAG_BITS>>,
    /// The sizes the opening rule allows.
    pub opening: Signal<In, Bits<5>>,
    /// The counts of the entries, rows of shapes of one size.
    pub counts: [Signal<In, Bits<8>>; SIZE],
    /// The draw.
    pub drawn: Signal<In, Bits<8>>,
    /// The weights summed over every size: the size draw's range.
    pub total: Signal<Out, Bits<8>>,
    /// The drawn size, one-hot.
    pub size_hot: Signal<Out, Bits<5>>,
    /// Its count of shapes that fit: the shape draw's range.
    pub shape_range: Signal<Out, Bits<8>>,
    weights: Weigh,
    pick: SizePick,
}

impl Logic for SizeDraw {
    #[hdl_gen]
    fn update(&mut self) {
        self.weights.clock.next = self.clock.val();
        self.weights.latch.next = self.weigh.val();
        self.weights.flags.next = self.flags.val();
        self.weights.opening.next = self.opening.val();
        for e in 0..14 {
            self.weights.counts[e].next = self.counts[e].val();
        }
        self.pick.clock.next = self.clock.val();
        self.pick.latch.next = self.size.val();
        self.pick.drawn.next = self.drawn.val();
        for k in 0..5 {
            self.pick.running[k].next = self.weights.running[k].val();
            self.pick.counts[k].next = self.weights.size_counts[k].val();
        }
        self.total.next = self.weights.total.val();
        self.size_hot.next = self.pick.size_hot.val();
        self.shape_range.next = self.pick.shape_range.val();
    }
}
