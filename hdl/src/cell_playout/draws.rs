//! The engine's draws, `((x >> 16) * range) >> 16` of the generator's next
//! number `x` (from its high half): the attach cell's or the size's, the shape's (a multiplier
//! of its own, so that SIZE's draw has no choice of range before its
//! multiplier and no range after it), and the pair's (at most 7, by shifts
//! and adds, which the generator does ahead for every range of at most 7:
//! NTH_PAIR's path only selects it by the range).

use super::generator::PAIR_PICKS_BITS;
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
    /// The generator's draws of `x` for the ranges 0 to 7, 3 bits each.
    pub pair_picks: Signal<In, Bits<PAIR_PICKS_BITS>>,
    /// The draw below `range` (at most 255).
    pub drawn: Signal<Out, Bits<8>>,
    /// The draw below `shape_range`.
    pub shape_drawn: Signal<Out, Bits<8>>,
    /// The draw below `range` for a range of at most 7.
    pub pair_pick: Signal<Out, Bits<4>>,
    product: Signal<Local, Bits<32>>,
    shape_product: Signal<Local, Bits<32>>,
    /// Where the range's draw starts among `pair_picks`: 3 times the range's low 3 bits.
    pair_shift: Signal<Local, Bits<8>>,
}

impl Logic for Draws {
    #[hdl_gen]
    fn update(&mut self) {
        self.product.next = self.x.val() * bit_cast::<16, 8>(self.range.val());
        self.drawn.next = bit_cast::<8, 32>(self.product.val() >> 16);
        self.shape_product.next = self.x.val() * bit_cast::<16, 8>(self.shape_range.val());
        self.shape_drawn.next = bit_cast::<8, 32>(self.shape_product.val() >> 16);
        self.pair_shift.next = (self.range.val() & 7) + ((self.range.val() & 7) << 1);
        self.pair_pick.next =
            bit_cast::<4, PAIR_PICKS_BITS>((self.pair_picks.val() >> self.pair_shift.val()) & 7);
    }
}
