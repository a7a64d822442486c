//! The tree search's selection score, pipelined: a child's UCB1 score from
//! its points and visits and its parent's visits, in the integers of
//! `model::board_tree::ucb` (its doc comment is the specification), one
//! child a cycle, each score [`UCB_LATENCY`] edges after its inputs.
//!
//! # Pipeline
//! ```text
//! cycle 0: s = the shift leaving visits 8 bits, b = bits(parent)      (registered)
//! cycle 1: RECIPROCAL[visits >> s], INVERSE_ROOT[visits >> t],
//!          EXPLORE[b] addressed (t = s rounded up to even); points >> s (registered)
//! cycle 2: mean = (points >> s) * RECIPROCAL[..],
//!          explore = EXPLORE[b] * (INVERSE_ROOT[..] >> t/2) >> 10     (registered)
//! cycle 3: score = mean + explore                                    (registered)
//! ```
//! The three tables are synchronous ROMs (`SyncROM`), filled from the
//! model's functions when the block is built.

use model::board_tree::{explore_factor, inverse_root, reciprocal, POINT_BITS, VISIT_BITS};
use rust_hdl::prelude::*;

/// Edges from a child's inputs to its score at [`UcbScore::score`].
pub const UCB_LATENCY: usize = 4;
/// Width of a score (16 fractional bits).
pub const SCORE_BITS: usize = 32;

/// The pipelined score unit.
#[derive(LogicBlock)]
pub struct UcbScore {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The inputs below are a child to score.
    pub valid_in: Signal<In, Bit>,
    /// The child's points (2 a win, 1 a draw).
    pub points: Signal<In, Bits<POINT_BITS>>,
    /// The child's visits (not 0).
    pub visits: Signal<In, Bits<VISIT_BITS>>,
    /// Its parent's visits.
    pub parent: Signal<In, Bits<VISIT_BITS>>,
    /// The score of the child given [`UCB_LATENCY`] edges ago.
    pub score: Signal<Out, Bits<SCORE_BITS>>,
    /// `valid_in` of that child.
    pub valid_out: Signal<Out, Bit>,
    reciprocals: SyncROM<Bits<16>, 8>,
    inverse_roots: SyncROM<Bits<13>, 8>,
    explore_factors: SyncROM<Bits<16>, 5>,
    // Stage 1.
    points_1: DFF<Bits<POINT_BITS>>,
    visits_1: DFF<Bits<VISIT_BITS>>,
    shift_1: DFF<Bits<5>>,
    parent_bits_1: DFF<Bits<5>>,
    valid_1: DFF<Bit>,
    // Stage 2.
    scaled_points_2: DFF<Bits<10>>,
    half_shift_2: DFF<Bits<4>>,
    valid_2: DFF<Bit>,
    // Stage 3.
    mean_3: DFF<Bits<SCORE_BITS>>,
    explore_3: DFF<Bits<SCORE_BITS>>,
    valid_3: DFF<Bit>,
    // Stage 4.
    score_4: DFF<Bits<SCORE_BITS>>,
    valid_4: DFF<Bit>,
    shift: Signal<Local, Bits<5>>,
    parent_bits: Signal<Local, Bits<5>>,
    even_shift: Signal<Local, Bits<5>>,
    scaled_visits: Signal<Local, Bits<8>>,
    root_visits: Signal<Local, Bits<8>>,
    scaled_points: Signal<Local, Bits<10>>,
    inverse_root_shifted: Signal<Local, Bits<16>>,
    explore_product: Signal<Local, Bits<32>>,
    /// The numbers 1 to 24: bit `k`'s number plus one (a kernel has no casts).
    numbers: [Constant<Bits<5>>; VISIT_BITS],
}

impl UcbScore {
    /// A unit with empty pipeline registers and its tables filled.
    pub fn new() -> UcbScore {
        UcbScore {
            clock: Default::default(),
            valid_in: Default::default(),
            points: Default::default(),
            visits: Default::default(),
            parent: Default::default(),
            score: Default::default(),
            valid_out: Default::default(),
            reciprocals: (0..256u64).map(|m| Bits::<16>::from(reciprocal(m))).into(),
            inverse_roots: (0..256u64)
                .map(|m| Bits::<13>::from(inverse_root(m)))
                .into(),
            explore_factors: (0..32u32)
                .map(|b| Bits::<16>::from(explore_factor(b)))
                .into(),
            points_1: Default::default(),
            visits_1: Default::default(),
            shift_1: Default::default(),
            parent_bits_1: Default::default(),
            valid_1: Default::default(),
            scaled_points_2: Default::default(),
            half_shift_2: Default::default(),
            valid_2: Default::default(),
            mean_3: Default::default(),
            explore_3: Default::default(),
            valid_3: Default::default(),
            score_4: Default::default(),
            valid_4: Default::default(),
            shift: Default::default(),
            parent_bits: Default::default(),
            even_shift: Default::default(),
            scaled_visits: Default::default(),
            root_visits: Default::default(),
            scaled_points: Default::default(),
            inverse_root_shifted: Default::default(),
            explore_product: Default::default(),
            numbers: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
        }
    }
}

impl Default for UcbScore {
    fn default() -> UcbScore {
        UcbScore::new()
    }
}

impl Logic for UcbScore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            points_1,
            visits_1,
            shift_1,
            parent_bits_1,
            valid_1,
            scaled_points_2,
            half_shift_2,
            valid_2,
            mean_3,
            explore_3,
            valid_3,
            score_4,
            valid_4
        );
        self.reciprocals.clock.next = self.clock.val();
        self.inverse_roots.clock.next = self.clock.val();
        self.explore_factors.clock.next = self.clock.val();

        // Stage 1: the shift leaving the visits 8 bits (their bit length
        // less 8), the parent's bit length.
        self.shift.next = 0.into();
        self.parent_bits.next = 0.into();
        for i in 8..24 {
            if self.visits.val().get_bit(i) {
                self.shift.next = self.numbers[i - 8].val();
            }
        }
        for i in 0..24 {
            if self.parent.val().get_bit(i) {
                self.parent_bits.next = self.numbers[i].val();
            }
        }
        self.points_1.d.next = self.points.val();
        self.visits_1.d.next = self.visits.val();
        self.shift_1.d.next = self.shift.val();
        self.parent_bits_1.d.next = self.parent_bits.val();
        self.valid_1.d.next = self.valid_in.val();

        // Stage 2: the tables addressed; the points scaled as the visits.
        self.even_shift.next = (self.shift_1.q.val() + 1) & 0x1E;
        // What the shifts leave fits the narrower widths (see the model).
        self.scaled_visits.next =
            bit_cast::<8, VISIT_BITS>(self.visits_1.q.val() >> self.shift_1.q.val());
        self.root_visits.next =
            bit_cast::<8, VISIT_BITS>(self.visits_1.q.val() >> self.even_shift.val());
        self.scaled_points.next =
            bit_cast::<10, POINT_BITS>(self.points_1.q.val() >> self.shift_1.q.val());
        self.reciprocals.address.next = self.scaled_visits.val();
        self.inverse_roots.address.next = self.root_visits.val();
        self.explore_factors.address.next = self.parent_bits_1.q.val();
        self.scaled_points_2.d.next = self.scaled_points.val();
        self.half_shift_2.d.next = self.even_shift.val().get_bits::<4>(1);
        self.valid_2.d.next = self.valid_1.q.val();

        // Stage 3: the mean and the exploration term.
        self.mean_3.d.next =
            bit_cast::<16, 10>(self.scaled_points_2.q.val()) * self.reciprocals.data.val();
        self.inverse_root_shifted.next =
            bit_cast::<16, 13>(self.inverse_roots.data.val()) >> self.half_shift_2.q.val();
        self.explore_product.next =
            self.explore_factors.data.val() * self.inverse_root_shifted.val();
        self.explore_3.d.next = self.explore_product.val() >> 10;
        self.valid_3.d.next = self.valid_2.q.val();

        // Stage 4: the score.
        self.score_4.d.next = self.mean_3.q.val() + self.explore_3.q.val();
        self.valid_4.d.next = self.valid_3.q.val();
        self.score.next = self.score_4.q.val();
        self.valid_out.next = self.valid_4.q.val();
    }
}
