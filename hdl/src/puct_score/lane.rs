//! One lane of the [`super::PuctScore`] pipeline: a child's score from its
//! selection fields and its parent's `EXPLORE` word, in the integers of
//! `model::prior_tree::arith::score`, seven register stages:
//!
//! ```text
//! 1: count = visits + 3 (+ 1 in flight), value (+ a loss in flight)
//! 2: s = the shift leaving 16 count 8 bits; RECIPROCAL[16 count >> s],
//!    16 value >> s; the word times the prior (two products)
//! 3: mean = (16 value >> s) x RECIPROCAL; scaled = word x prior >> 7
//! 4: scaled >> s
//! 5: its three 16-bit parts times RECIPROCAL
//! 6: their sum >> 11
//! 7: score = mean + that
//! ```
//! Widths hold for the fields' reachable values (a value at most a win's
//! result a visit, virtual ones included: `model::prior_tree::word`).

use super::child::{ScoredChild, EXPLORE_BITS};
use model::board_tree::reciprocal;
use rust_hdl::prelude::*;

/// Width of a score.
pub const SCORE_BITS: usize = 40;
/// Width of the visits counted (`visits + 3`, and one more in flight).
const COUNT_BITS: usize = 21;
/// Width of the value counted (a loss more in flight).
const VALUE_BITS: usize = 30;
/// Width of `16 value >> s`: below `WIN x 256`.
const SHARE_BITS: usize = 17;
/// Width of the mean: `SHARE_BITS` times a reciprocal of 10 bits.
const MEAN_BITS: usize = 27;
/// Width of `word x prior >> 7`: 31 + 15 - 7 bits.
const SCALED_BITS: usize = 39;
/// Width of the exploration term: `SCALED_BITS + 10 - 11`.
const TERM_BITS: usize = 38;

const _: () = assert!(EXPLORE_BITS == 31 && SCORE_BITS > TERM_BITS && TERM_BITS > MEAN_BITS);

/// A lane.
#[derive(LogicBlock)]
pub struct ScoreLane {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The child (stage 0).
    pub child: Signal<In, ScoredChild>,
    /// Its parent's `EXPLORE` word, a cycle after the child (stage 1).
    pub explore: Signal<In, Bits<EXPLORE_BITS>>,
    /// The score of the child given seven edges ago.
    pub score: Signal<Out, Bits<SCORE_BITS>>,
    /// Its `valid`.
    pub valid: Signal<Out, Bit>,
    reciprocals: ROM<Bits<10>, 8>,
    valid_q: [DFF<Bit>; 7],
    count_1: DFF<Bits<COUNT_BITS>>,
    value_1: DFF<Bits<VALUE_BITS>>,
    prior_1: DFF<Bits<16>>,
    recip_2: DFF<Bits<10>>,
    share_2: DFF<Bits<SHARE_BITS>>,
    shift_2: DFF<Bits<5>>,
    low_2: DFF<Bits<32>>,
    high_2: DFF<Bits<32>>,
    recip_3: DFF<Bits<10>>,
    shift_3: DFF<Bits<5>>,
    mean_3: DFF<Bits<MEAN_BITS>>,
    scaled_3: DFF<Bits<SCALED_BITS>>,
    recip_4: DFF<Bits<10>>,
    mean_4: DFF<Bits<MEAN_BITS>>,
    part_4: DFF<Bits<SCALED_BITS>>,
    mean_5: DFF<Bits<MEAN_BITS>>,
    products_5: [DFF<Bits<32>>; 3],
    mean_6: DFF<Bits<MEAN_BITS>>,
    term_6: DFF<Bits<TERM_BITS>>,
    score_7: DFF<Bits<SCORE_BITS>>,
    shift: Signal<Local, Bits<5>>,
    recip16: Signal<Local, Bits<16>>,
    /// The shifts 1 to 17: bit `k + 4` of the count's (a kernel has no casts).
    numbers: [Constant<Bits<5>>; 17],
}

impl ScoreLane {
    /// A lane with empty registers and its `RECIPROCAL` ROM filled.
    pub fn new() -> ScoreLane {
        ScoreLane {
            clock: Default::default(),
            child: Default::default(),
            explore: Default::default(),
            score: Default::default(),
            valid: Default::default(),
            // Only 48..=255 are read (a count is at least 3 x 16): 10 bits.
            reciprocals: (0..256u64)
                .map(|m| Bits::<10>::from(if m < 48 { 0 } else { reciprocal(m) }))
                .into(),
            valid_q: Default::default(),
            count_1: Default::default(),
            value_1: Default::default(),
            prior_1: Default::default(),
            recip_2: Default::default(),
            share_2: Default::default(),
            shift_2: Default::default(),
            low_2: Default::default(),
            high_2: Default::default(),
            recip_3: Default::default(),
            shift_3: Default::default(),
            mean_3: Default::default(),
            scaled_3: Default::default(),
            recip_4: Default::default(),
            mean_4: Default::default(),
            part_4: Default::default(),
            mean_5: Default::default(),
            products_5: Default::default(),
            mean_6: Default::default(),
            term_6: Default::default(),
            score_7: Default::default(),
            shift: Default::default(),
            recip16: Default::default(),
            numbers: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
        }
    }
}

impl Logic for ScoreLane {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, count_1, value_1, prior_1, recip_2, share_2, shift_2, low_2, high_2,
            recip_3, shift_3, mean_3, scaled_3, recip_4, mean_4, part_4, mean_5, mean_6, term_6,
            score_7
        );
        for i in 0..7 {
            self.valid_q[i].clock.next = self.clock.val();
        }
        for i in 0..3 {
            self.products_5[i].clock.next = self.clock.val();
        }
        for i in 1..7 {
            self.valid_q[i].d.next = self.valid_q[i - 1].q.val();
        }
        self.valid_q[0].d.next = self.child.val().valid;

        // 1: the counts, a virtual loss included.
        self.count_1.d.next = bit_cast::<COUNT_BITS, 20>(self.child.val().visits) + 3;
        self.value_1.d.next = bit_cast::<VALUE_BITS, 29>(self.child.val().value);
        if self.child.val().in_flight {
            self.count_1.d.next = bit_cast::<COUNT_BITS, 20>(self.child.val().visits) + 4;
            self.value_1.d.next = bit_cast::<VALUE_BITS, 29>(self.child.val().value) + 128;
        }
        self.prior_1.d.next = bit_cast::<16, 15>(self.child.val().prior);

        // 2: the shift leaving 16 count 8 bits: the bit length of count >> 4.
        self.shift.next = 0.into();
        for k in 0..17 {
            if self.count_1.q.val().get_bit(k + 4) {
                self.shift.next = self.numbers[k].val();
            }
        }
        self.reciprocals.address.next = bit_cast::<8, 25>(
            (bit_cast::<25, COUNT_BITS>(self.count_1.q.val()) << 4) >> self.shift.val(),
        );
        self.recip_2.d.next = self.reciprocals.data.val();
        self.share_2.d.next = bit_cast::<SHARE_BITS, 34>(
            (bit_cast::<34, VALUE_BITS>(self.value_1.q.val()) << 4) >> self.shift.val(),
        );
        self.shift_2.d.next = self.shift.val();
        self.low_2.d.next = self.explore.val().get_bits::<16>(0) * self.prior_1.q.val();
        self.high_2.d.next =
            bit_cast::<16, 15>(self.explore.val().get_bits::<15>(16)) * self.prior_1.q.val();

        // 3: the mean, and the prior's exploration.
        self.recip16.next = bit_cast::<16, 10>(self.recip_2.q.val());
        self.mean_3.d.next =
            bit_cast::<MEAN_BITS, 32>(self.share_2.q.val().get_bits::<16>(0) * self.recip16.val());
        if self.share_2.q.val().get_bit(16) {
            self.mean_3.d.next = bit_cast::<MEAN_BITS, 32>(
                self.share_2.q.val().get_bits::<16>(0) * self.recip16.val(),
            ) + (bit_cast::<MEAN_BITS, 10>(self.recip_2.q.val()) << 16);
        }
        self.scaled_3.d.next = bit_cast::<SCALED_BITS, 48>(
            ((bit_cast::<48, 32>(self.high_2.q.val()) << 16)
                + bit_cast::<48, 32>(self.low_2.q.val()))
                >> 7,
        );
        self.recip_3.d.next = self.recip_2.q.val();
        self.shift_3.d.next = self.shift_2.q.val();

        // 4: the exploration's share of the count.
        self.part_4.d.next = self.scaled_3.q.val() >> self.shift_3.q.val();
        self.recip_4.d.next = self.recip_3.q.val();
        self.mean_4.d.next = self.mean_3.q.val();

        // 5: times the reciprocal, in three products.
        self.products_5[0].d.next =
            self.part_4.q.val().get_bits::<16>(0) * bit_cast::<16, 10>(self.recip_4.q.val());
        self.products_5[1].d.next =
            self.part_4.q.val().get_bits::<16>(16) * bit_cast::<16, 10>(self.recip_4.q.val());
        self.products_5[2].d.next = bit_cast::<16, 7>(self.part_4.q.val().get_bits::<7>(32))
            * bit_cast::<16, 10>(self.recip_4.q.val());
        self.mean_5.d.next = self.mean_4.q.val();

        // 6: the term.
        self.term_6.d.next = bit_cast::<TERM_BITS, 50>(
            (bit_cast::<50, 32>(self.products_5[0].q.val())
                + (bit_cast::<50, 32>(self.products_5[1].q.val()) << 16)
                + (bit_cast::<50, 32>(self.products_5[2].q.val()) << 32))
                >> 11,
        );
        self.mean_6.d.next = self.mean_5.q.val();

        // 7: the score.
        self.score_7.d.next = bit_cast::<SCORE_BITS, TERM_BITS>(self.term_6.q.val())
            + bit_cast::<SCORE_BITS, MEAN_BITS>(self.mean_6.q.val());
        self.score.next = self.score_7.q.val();
        self.valid.next = self.valid_q[6].q.val();
    }
}
