//! The engine's draws, `((x >> 16) * range) >> 16` of the generator's next
//! number `x` (from its high half): the attach cell's or the size's, the shape's (a multiplier
//! of its own, so that SIZE's draw has no choice of range before its
//! multiplier and no range after it), and the pair's (at most 7, by shifts
//! and adds: no multiplier in NTH_PAIR's path).

use rust_hdl::prelude::*;

/// The three draws from one number.
#[derive(LogicBlock, Default)]
pub struct Draws {
    /// The generator's next number's high half, `x >> 16`.
    pub x: Signal<In, Bits<16>>,
    /// The range of the cell's, the size's or the pair's draw.
    pub range: Signal<In, Bits<8>>,
    /// The range of the shape's draw.
    pub shape_range: Signal<In, Bits<8>>,
    /// The draw below `range` (at most 255).
    pub drawn: Signal<Out, Bits<8>>,
    /// The draw below `shape_range`.
    pub shape_drawn: Signal<Out, Bits<8>>,
    /// The draw below `range` for a range of at most 7.
    pub pair_pick: Signal<Out, Bits<4>>,
    product: Signal<Local, Bits<32>>,
    shape_product: Signal<Local, Bits<32>>,
    pair_x: Signal<Local, Bits<19>>,
    pair_product: Signal<Local, Bits<19>>,
}

impl Logic for Draws {
    #[hdl_gen]
    fn update(&mut self) {
        self.product.next = self.x.val() * bit_cast::<16, 8>(self.range.val());
        self.drawn.next = bit_cast::<8, 32>(self.product.val() >> 16);
        self.shape_product.next = self.x.val() * bit_cast::<16, 8>(self.shape_range.val());
        self.shape_drawn.next = bit_cast::<8, 32>(self.shape_product.val() >> 16);
        self.pair_x.next = bit_cast::<19, 16>(self.x.val());
        self.pair_product.next = 0.into();
        if self.range.val().get_bit(0) {
            self.pair_product.next = self.pair_x.val();
        }
        if self.range.val().get_bit(1) {
            self.pair_product.next = self.pair_product.val() + (self.pair_x.val() << 1);
        }
        if self.range.val().get_bit(2) {
            self.pair_product.next = self.pair_product.val() + (self.pair_x.val() << 2);
        }
        self.pair_pick.next = bit_cast::<4, 3>(self.pair_product.val().get_bits::<3>(16));
    }
}
