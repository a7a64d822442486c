//! SIZE: the drawn size, the first whose running weight passes the draw,
//! registered one-hot on `latch`; the drawn size's count of shapes that
//! fit, the shape draw's range.

use rust_hdl::prelude::*;

/// The drawn size and its count.
#[derive(LogicBlock, Default)]
pub struct SizePick {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Register the drawn size.
    pub latch: Signal<In, Bit>,
    /// The weights summed up to each size.
    pub running: [Signal<In, Bits<8>>; 5],
    /// Per size, its shapes that fit.
    pub counts: [Signal<In, Bits<8>>; 5],
    /// The draw.
    pub drawn: Signal<In, Bits<8>>,
    /// The drawn size, one-hot (bit `k` for size `k + 1`), as registered.
    pub size_hot: Signal<Out, Bits<5>>,
    /// Its count: the shape draw's range.
    pub shape_range: Signal<Out, Bits<8>>,
    size_hot_q: DFF<Bits<5>>,
    passes_draw: Signal<Local, Bits<5>>,
}

impl Logic for SizePick {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, size_hot_q);
        self.passes_draw.next = 0.into();
        for k in 0..5 {
            self.passes_draw.next = self
                .passes_draw
                .val()
                .replace_bit(k, self.running[k].val() > self.drawn.val());
        }
        if self.latch.val() {
            self.size_hot_q.d.next = self.passes_draw.val() & !(self.passes_draw.val() << 1);
        }
        self.shape_range.next = 0.into();
        for k in 0..5 {
            if self.size_hot_q.q.val().get_bit(k) {
                self.shape_range.next = self.counts[k].val();
            }
        }
        self.size_hot.next = self.size_hot_q.q.val();
    }
}
