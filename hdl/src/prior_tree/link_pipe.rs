//! The words of a new block's children: from each child's move and its
//! logit's distance below the best, `d`, the word the link writes
//! (`model::prior_tree::search`'s `write_block`): no visit, the start value
//! `model::prior_tree::arith::start_value(d, base)` and the prior
//! `model::prior_tree::arith::prior(d, sum)` of the weights' sum, in four
//! stages (`LINK_PIPE`), a child a cycle:
//!
//! ```text
//! 1: the child registered
//! 2: its weight EXP[d] >> 8 and SQRT[d] (ROMs)
//! 3: (weight >> s) x RECIPROCAL[sum >> s], (base x SQRT[d]) >> 8
//! 4: the prior capped at MAX_PRIOR, the value 3 (LOSS + that): the word
//! ```
//! The sum's shift `s` and reciprocal are registered every cycle from the
//! expander's sum, which holds from its `done` to the link's end.

use super::expander_port::SUM_BITS;
use super::value_base::BASE;
use super::word::NodeWord;
use model::board_tree::reciprocal;
use model::next::fixed::sqrt_rom;
use model::prior_tree::arith::{weight, LOSS, VIRTUAL_VISITS};
use model::prior_tree::timing::LINK_PIPE;
use model::prior_tree::word::MAX_PRIOR;
use rust_hdl::prelude::*;

const _: () = assert!(LINK_PIPE == 4 && VIRTUAL_VISITS == 3 && SUM_BITS == 14);

/// The pipeline.
#[derive(LogicBlock)]
pub struct LinkPipe {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A child is given.
    pub valid: Signal<In, Bit>,
    /// Its oriented shape.
    pub shape: Signal<In, Bits<7>>,
    /// Its box corner.
    pub corner: Signal<In, Bits<8>>,
    /// Its logit's distance below the best.
    pub distance: Signal<In, Bits<8>>,
    /// The children's weights summed (at least 1).
    pub sum: Signal<In, Bits<SUM_BITS>>,
    /// The mean the children start from (`ValueBase`).
    pub base: Signal<In, Bits<BASE>>,
    /// The word of the child given `LINK_PIPE` cycles ago.
    pub word: Signal<Out, NodeWord>,
    /// Its `valid`.
    pub word_valid: Signal<Out, Bit>,
    weights: ROM<Bits<9>, 8>,
    roots: ROM<Bits<9>, 8>,
    reciprocals: ROM<Bits<16>, 8>,
    sum_shift: DFF<Bits<3>>,
    sum_reciprocal: DFF<Bits<16>>,
    valid_q: [DFF<Bit>; 4],
    shape_q: [DFF<Bits<7>>; 3],
    corner_q: [DFF<Bits<8>>; 3],
    distance_1: DFF<Bits<8>>,
    weight_2: DFF<Bits<9>>,
    root_2: DFF<Bits<9>>,
    prior_3: DFF<Bits<32>>,
    start_3: DFF<Bits<9>>,
    word_4: DFF<NodeWord>,
    shift: Signal<Local, Bits<3>>,
    /// The base times the square root, in 32 bits: a product written
    /// straight into the 9-bit register would be 16 bits wide in Verilog
    /// (a win's base times the best child's root, 256 x 256, overflows it).
    scaled: Signal<Local, Bits<32>>,
    numbers: [Constant<Bits<3>>; 6],
    most: Constant<Bits<32>>,
    loss: Constant<Bits<29>>,
}

impl LinkPipe {
    /// The pipeline, its ROMs filled.
    pub fn new() -> LinkPipe {
        LinkPipe {
            clock: Default::default(),
            valid: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            distance: Default::default(),
            sum: Default::default(),
            base: Default::default(),
            word: Default::default(),
            word_valid: Default::default(),
            weights: (0..256u32)
                .map(|d| Bits::<9>::from(u64::from(weight(d))))
                .into(),
            roots: (0..256u32)
                .map(|d| Bits::<9>::from(u64::from(sqrt_rom(d))))
                .into(),
            reciprocals: (0..256u64).map(|m| Bits::<16>::from(reciprocal(m))).into(),
            sum_shift: Default::default(),
            sum_reciprocal: Default::default(),
            valid_q: Default::default(),
            shape_q: Default::default(),
            corner_q: Default::default(),
            distance_1: Default::default(),
            weight_2: Default::default(),
            root_2: Default::default(),
            prior_3: Default::default(),
            start_3: Default::default(),
            word_4: Default::default(),
            shift: Default::default(),
            scaled: Default::default(),
            numbers: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
            most: Constant::new(u64::from(MAX_PRIOR).into()),
            loss: Constant::new(u64::from(LOSS).into()),
        }
    }
}

impl Default for LinkPipe {
    fn default() -> LinkPipe {
        LinkPipe::new()
    }
}

impl Logic for LinkPipe {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            sum_shift,
            sum_reciprocal,
            distance_1,
            weight_2,
            root_2,
            prior_3,
            start_3,
            word_4
        );
        for i in 0..4 {
            self.valid_q[i].clock.next = self.clock.val();
        }
        for i in 0..3 {
            self.shape_q[i].clock.next = self.clock.val();
            self.corner_q[i].clock.next = self.clock.val();
        }
        for i in 1..4 {
            self.valid_q[i].d.next = self.valid_q[i - 1].q.val();
        }
        for i in 1..3 {
            self.shape_q[i].d.next = self.shape_q[i - 1].q.val();
            self.corner_q[i].d.next = self.corner_q[i - 1].q.val();
        }
        // The sum's shift leaving 8 bits, and its reciprocal.
        self.shift.next = 0.into();
        for k in 0..6 {
            if self.sum.val().get_bit(k + 8) {
                self.shift.next = self.numbers[k].val();
            }
        }
        self.reciprocals.address.next = bit_cast::<8, SUM_BITS>(self.sum.val() >> self.shift.val());
        self.sum_shift.d.next = self.shift.val();
        self.sum_reciprocal.d.next = self.reciprocals.data.val();
        // 1: the child.
        self.valid_q[0].d.next = self.valid.val();
        self.shape_q[0].d.next = self.shape.val();
        self.corner_q[0].d.next = self.corner.val();
        self.distance_1.d.next = self.distance.val();
        // 2: the ROMs.
        self.weights.address.next = self.distance_1.q.val();
        self.roots.address.next = self.distance_1.q.val();
        self.weight_2.d.next = self.weights.data.val();
        self.root_2.d.next = self.roots.data.val();
        // 3: the products.
        self.prior_3.d.next = bit_cast::<16, 9>(self.weight_2.q.val() >> self.sum_shift.q.val())
            * self.sum_reciprocal.q.val();
        self.scaled.next =
            bit_cast::<16, BASE>(self.base.val()) * bit_cast::<16, 9>(self.root_2.q.val());
        self.start_3.d.next = bit_cast::<9, 32>(self.scaled.val() >> 8);
        // 4: the word.
        self.word_4.d.next.visits = 0.into();
        self.word_4.d.next.prior = bit_cast::<15, 32>(self.prior_3.q.val());
        if self.prior_3.q.val() > self.most.val() {
            self.word_4.d.next.prior = bit_cast::<15, 32>(self.most.val());
        }
        self.word_4.d.next.value = (self.loss.val() + bit_cast::<29, 9>(self.start_3.q.val()))
            + ((self.loss.val() + bit_cast::<29, 9>(self.start_3.q.val())) << 1);
        self.word_4.d.next.shape = self.shape_q[2].q.val();
        self.word_4.d.next.corner = self.corner_q[2].q.val();
        self.word_4.d.next.block = 0.into();
        self.word_4.d.next.last = 0.into();
        self.word_4.d.next.opened = 0.into();
        self.word.next = self.word_4.q.val();
        self.word_valid.next = self.valid_q[3].q.val();
    }
}
