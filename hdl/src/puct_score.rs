//! The next search's selection score, pipelined: a child's PUCT score
//! under its parent, `model::prior_tree::arith::score` of the parent's
//! [`explore`](model::prior_tree::arith::explore) factor (with the virtual
//! loss of `with_virtual_loss` when the child is flagged in flight), two
//! children a clock (the even and the odd child of a pair, which the node
//! memory reads side by side), each score [`SCORE_LATENCY`] edges after its
//! inputs.
//!
//! # How
//! The parent's visits address the `EXPLORE` ROM (`model::next::fixed::
//! explore_rom`, 1,024 words of 31 bits: the visits' bit length and the 5
//! bits below their leading one), a synchronous ROM whose word both lanes
//! read a cycle later; each lane (`ScoreLane`, `puct_score/lane.rs`) does
//! the rest: the count's shift, the `RECIPROCAL` ROM, the mean, the prior
//! times the factor, its share of the count, the sum. Every product is of
//! 16-bit halves (an ECP5 MULT18X18D each): six a lane.

mod child;
mod lane;

use lane::ScoreLane;
use model::next::fixed::explore_rom;
use model::prior_tree::arith::C_Q8;
use model::prior_tree::word::VISIT_BITS;
use rust_hdl::prelude::*;

pub use lane::SCORE_BITS;

/// Edges from a child at the inputs to its score at the outputs
/// (`model::prior_tree::timing::SCORE_LATENCY`).
pub const SCORE_LATENCY: usize = model::prior_tree::timing::SCORE_LATENCY as usize;

/// Width of a parent's visits: the root's count (a register of the search,
/// which does not saturate as a node's does) as well as a node's.
pub const PARENT_BITS: usize = 24;

pub use child::EXPLORE_BITS;
const _: () = assert!(PARENT_BITS <= 31 && (VISIT_BITS as usize) < PARENT_BITS);
// `update` shifts the parent's leading one to the top and reads the 5 bits
// below it from a literal place (a kernel's offsets are literals).
const _: () = assert!(PARENT_BITS - 6 == 18);

pub use child::ScoredChild;

/// The `EXPLORE` ROM's word at `index`: the factor of the visits whose bit
/// length is `index >> 5` and whose 5 bits below the leading one are
/// `index & 31` (0 for none; 0 past [`PARENT_BITS`]).
pub fn explore_word(index: usize) -> u64 {
    let (length, below) = (index >> 5, index as u64 & 31);
    if length == 0 || length > PARENT_BITS {
        return 0;
    }
    // The visits read as the ROM reads them: the leading one and 5 bits.
    let top = 32 | below;
    let visits = if length >= 6 {
        top << (length - 6)
    } else {
        top >> (6 - length)
    };
    explore_rom(visits, C_Q8)
}

/// The score unit: a pair of children a clock under one parent.
#[derive(LogicBlock)]
pub struct PuctScore {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The parent's visits (with its virtual visit when the leaf in the
    /// bank's hands lies below it).
    pub parent: Signal<In, Bits<PARENT_BITS>>,
    /// The even child.
    pub even: Signal<In, ScoredChild>,
    /// The odd child.
    pub odd: Signal<In, ScoredChild>,
    /// The even child's score, given [`SCORE_LATENCY`] edges ago.
    pub even_score: Signal<Out, Bits<SCORE_BITS>>,
    /// Its `valid`.
    pub even_valid: Signal<Out, Bit>,
    /// The odd child's score.
    pub odd_score: Signal<Out, Bits<SCORE_BITS>>,
    /// Its `valid`.
    pub odd_valid: Signal<Out, Bit>,
    explore: SyncROM<Bits<EXPLORE_BITS>, 10>,
    lanes: [ScoreLane; 2],
    /// The parent's bit length, the shift that puts its leading one at
    /// the top, and the 5 bits below its leading one.
    length: Signal<Local, Bits<5>>,
    lead: Signal<Local, Bits<5>>,
    below: Signal<Local, Bits<5>>,
    /// The numbers 1 to [`PARENT_BITS`]: bit `k`'s length (a kernel has no casts).
    numbers: [Constant<Bits<5>>; PARENT_BITS],
    /// The shift that puts bit `k` at the top.
    tops: [Constant<Bits<5>>; PARENT_BITS],
}

impl PuctScore {
    /// A unit with empty pipelines and its ROMs filled.
    pub fn new() -> PuctScore {
        PuctScore {
            clock: Default::default(),
            parent: Default::default(),
            even: Default::default(),
            odd: Default::default(),
            even_score: Default::default(),
            even_valid: Default::default(),
            odd_score: Default::default(),
            odd_valid: Default::default(),
            explore: (0..1024)
                .map(|i| Bits::<EXPLORE_BITS>::from(explore_word(i)))
                .into(),
            lanes: [ScoreLane::new(), ScoreLane::new()],
            length: Default::default(),
            lead: Default::default(),
            below: Default::default(),
            numbers: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
            tops: std::array::from_fn(|k| {
                Constant::new((PARENT_BITS as u64 - 1 - k as u64).into())
            }),
        }
    }
}

impl Default for PuctScore {
    fn default() -> PuctScore {
        PuctScore::new()
    }
}

impl Logic for PuctScore {
    #[hdl_gen]
    fn update(&mut self) {
        self.explore.clock.next = self.clock.val();
        // The ROM's address: the parent's bit length and the 5 bits below
        // its leading one.
        self.length.next = 0.into();
        self.lead.next = 0.into();
        for k in 0..PARENT_BITS {
            if self.parent.val().get_bit(k) {
                self.length.next = self.numbers[k].val();
                self.lead.next = self.tops[k].val();
            }
        }
        self.below.next = bit_cast::<5, PARENT_BITS>((self.parent.val() << self.lead.val()) >> 18);
        self.explore.address.next =
            (bit_cast::<10, 5>(self.length.val()) << 5) | bit_cast::<10, 5>(self.below.val());
        for i in 0..2 {
            self.lanes[i].clock.next = self.clock.val();
            self.lanes[i].explore.next = self.explore.data.val();
        }
        self.lanes[0].child.next = self.even.val();
        self.lanes[1].child.next = self.odd.val();
        self.even_score.next = self.lanes[0].score.val();
        self.even_valid.next = self.lanes[0].valid.val();
        self.odd_score.next = self.lanes[1].score.val();
        self.odd_valid.next = self.lanes[1].valid.val();
    }
}
