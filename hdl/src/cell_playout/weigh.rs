//! WEIGH: the sizes the size draw may take (those with a shape that fits;
//! the opening rule's, when there are some), their weights summed up to
//! each size, and per size the shapes that fit (its rows' counts added:
//! the shape draw's range), registered on `latch`.

use super::layout::{size_mask, size_rows};
use crate::board::SIZE;
use crate::cell_window::FLAG_BITS;
use rust_hdl::prelude::*;

/// The running weights and the counts of each size. Bit `k` of a set of
/// sizes is size `k + 1` (cells).
#[derive(LogicBlock)]
pub struct Weigh {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Register the running weights and the counts.
    pub latch: Signal<In, Bit>,
    /// The shapes that fit.
    pub flags: Signal<In, Bits<FLAG_BITS>>,
    /// The sizes the opening rule allows.
    pub opening: Signal<In, Bits<5>>,
    /// The counts of the entries, rows of shapes of one size.
    pub counts: [Signal<In, Bits<8>>; SIZE],
    /// The weights summed over every size: the size draw's range.
    pub total: Signal<Out, Bits<8>>,
    /// The weights summed up to each size, as registered.
    pub running: [Signal<Out, Bits<8>>; 5],
    /// Per size, its shapes that fit, as registered.
    pub size_counts: [Signal<Out, Bits<8>>; 5],
    running_q: [DFF<Bits<8>>; 5],
    size_counts_q: [DFF<Bits<8>>; 5],
    present: Signal<Local, Bits<5>>,
    allowed: Signal<Local, Bits<5>>,
    sizes_ok: Signal<Local, Bits<5>>,
    sum: Signal<Local, Bits<8>>,
    size_sums: [Signal<Local, Bits<8>>; 5],
    /// Per size: its shapes' flags, its weight, and the rows its flags
    /// take.
    size_masks: [Constant<Bits<FLAG_BITS>>; 5],
    weights: [Constant<Bits<8>>; 5],
    size_rows: [Constant<Bits<SIZE>>; 5],
}

impl Default for Weigh {
    fn default() -> Weigh {
        let policy = model::cell_playout::POLICY;
        let size_rows = size_rows();
        Weigh {
            clock: Default::default(),
            latch: Default::default(),
            flags: Default::default(),
            opening: Default::default(),
            counts: Default::default(),
            total: Default::default(),
            running: Default::default(),
            size_counts: Default::default(),
            running_q: Default::default(),
            size_counts_q: Default::default(),
            present: Default::default(),
            allowed: Default::default(),
            sizes_ok: Default::default(),
            sum: Default::default(),
            size_sums: Default::default(),
            size_masks: std::array::from_fn(|k| Constant::new(size_mask(k as u8 + 1))),
            weights: std::array::from_fn(|k| {
                Constant::new(u64::from(policy.size_weight[k + 1]).into())
            }),
            size_rows: std::array::from_fn(|k| {
                let rows = (0..SIZE).filter(|&r| size_rows[r].0 == k as u8 + 1);
                Constant::new(rows.fold(0u64, |m, r| m | 1 << r).into())
            }),
        }
    }
}

impl Logic for Weigh {
    #[hdl_gen]
    fn update(&mut self) {
        self.present.next = 0.into();
        for k in 0..5 {
            self.present.next = self
                .present
                .val()
                .replace_bit(k, (self.flags.val() & self.size_masks[k].val()).any());
        }
        self.allowed.next = self.present.val() & self.opening.val();
        self.sizes_ok.next = self.present.val();
        if self.allowed.val().any() {
            self.sizes_ok.next = self.allowed.val();
        }
        self.sum.next = 0.into();
        for k in 0..5 {
            self.running_q[k].clock.next = self.clock.val();
            self.size_counts_q[k].clock.next = self.clock.val();
            self.running_q[k].d.next = self.running_q[k].q.val();
            self.size_counts_q[k].d.next = self.size_counts_q[k].q.val();
            self.size_sums[k].next = 0.into();
            for e in 0..14 {
                if self.size_rows[k].val().get_bit(e) {
                    self.size_sums[k].next = self.size_sums[k].val() + self.counts[e].val();
                }
            }
            if self.sizes_ok.val().get_bit(k) {
                self.sum.next = self.sum.val() + self.weights[k].val();
            }
            if self.latch.val() {
                self.running_q[k].d.next = self.sum.val();
                self.size_counts_q[k].d.next = self.size_sums[k].val();
            }
            self.running[k].next = self.running_q[k].q.val();
            self.size_counts[k].next = self.size_counts_q[k].q.val();
        }
        self.total.next = self.sum.val();
    }
}
