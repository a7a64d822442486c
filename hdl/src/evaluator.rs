//! The evaluator: the score of one candidate placement for the side to move,
//! from bit counts only, pipelined to take a new candidate every clock. The
//! hardware twin of `features` and `score` in `model::evaluator` (same
//! names, same order, same widths).

use crate::board::{column, Board, SIZE};
use crate::grow::Grow;
use crate::pop_count::{PopCount196, POP_COUNT_LATENCY};
use rust_hdl::prelude::*;

/// Growth steps of the reach measure (`model::evaluator::REACH_STEPS`),
/// one pipeline stage each.
pub const REACH_STEPS: usize = 3;

/// Rising clock edges from a candidate at the inputs (sampled with
/// `valid_in` high) to its features and score at the outputs (with
/// `valid_out` high), the edge that samples it included: stage 1, the
/// [`REACH_STEPS`] growth steps, the [`POP_COUNT_LATENCY`] stages of the
/// population counts, and the weighted sum. A candidate sampled at edge `t`
/// is at the outputs from edge `t + EVAL_LATENCY - 1` to the next edge.
pub const EVAL_LATENCY: usize = 1 + REACH_STEPS + POP_COUNT_LATENCY + 1;

// rust-hdl's Verilog generator evaluates an array index only with the loop
// variables in scope, so `update` names the last region (`[3]`), delay (`[2]`)
// and valid register (`[7]`) with literals: they hold for these values only.
const _: () = assert!(REACH_STEPS == 3 && EVAL_LATENCY == 8);

/// Features and score of one candidate, a new candidate every clock.
///
/// With `O` the mover's cells, `P` the opponent's, `C` the candidate's and
/// `O' = O | C` (as in `model::evaluator`):
///
/// ```text
/// own_blocked = O' | P | edge(O')          opp_blocked = O' | P | edge(P)
/// own_attach  = diag(O') & !own_blocked    opp_attach  = opponent_attach & !C
/// own_reach   = grow^3(own_attach)         opp_reach   = grow^3(opp_attach & !opp_blocked)
/// grow(R)     = (R | edge(R) | diag(R)) & !blocked                     (see `Grow`)
/// score       = 8*|C| + 2*|own_attach| - 2*|opp_attach| + |own_reach| - |opp_reach|
/// ```
///
/// The model's reach seed is `seed & !blocked`; `own_attach` already excludes
/// `own_blocked`, so for the mover that mask is the identity and one register
/// serves as both the counted `own_attach` and the seed of its growth.
///
/// Pipeline (rising edges counted from the one that samples the inputs):
///
/// | edge | registered |
/// |------|------------|
/// | 1    | `C`, `opp_attach`, both blocked masks, both seeds (`own_region[0]`, `opp_region[0]`) |
/// | 2-4  | one growth step per edge for each side (`own_region[k]`, `opp_region[k]`); meanwhile the counts of `C`, `own_attach`, `opp_attach` ([`PopCount196`]) |
/// | 5-7  | the counts of both reaches; the three earlier counts wait in delay registers |
/// | 8    | the five counts and the score, at the outputs |
///
/// Every register moves every clock; `valid_in` travels beside the data
/// through [`EVAL_LATENCY`] registers to `valid_out`, which marks the output
/// edges that carry a real candidate. The valid registers start at zero.
///
/// The counts are unsigned 8-bit (at most 196). The score is a signed 12-bit
/// two's complement value ([`Signed<12>`]): the weights are powers of two, so
/// the sum is shifts, additions and subtractions modulo 2^12; for any real
/// candidate (at most five cells) it lies within -588..=628.
#[derive(LogicBlock)]
pub struct Evaluator {
    /// The pipeline clock.
    pub clock: Signal<In, Clock>,
    /// High when the inputs hold a candidate to evaluate.
    pub valid_in: Signal<In, Bit>,
    /// Cells of the side to move, before the move.
    pub own: Signal<In, Board>,
    /// Cells of the other side.
    pub opponent: Signal<In, Board>,
    /// The other side's attach cells before the move (`Position::attach_cells`).
    pub opponent_attach: Signal<In, Board>,
    /// The cells the candidate placement covers.
    pub candidate: Signal<In, Board>,
    /// High when the outputs hold the evaluation of a candidate that came in
    /// with `valid_in` high, [`EVAL_LATENCY`] edges earlier.
    pub valid_out: Signal<Out, Bit>,
    /// `|C|`: the cells the candidate covers.
    pub cells: Signal<Out, Bits<8>>,
    /// The mover's attach cells after the move.
    pub own_attach: Signal<Out, Bits<8>>,
    /// The opponent's attach cells left after the move.
    pub opp_attach: Signal<Out, Bits<8>>,
    /// The mover's free cells within [`REACH_STEPS`] steps of its attach cells.
    pub own_reach: Signal<Out, Bits<8>>,
    /// The opponent's free cells within [`REACH_STEPS`] steps of its attach cells.
    pub opp_reach: Signal<Out, Bits<8>>,
    /// `8*cells + 2*own_attach - 2*opp_attach + own_reach - opp_reach`.
    pub score: Signal<Out, Signed<12>>,
    /// Stage 1: `O' = O | C`.
    own_after: Signal<Local, Board>,
    /// Stage 1: `O' | P`.
    occupied: Signal<Local, Board>,
    /// Stage 1: `edge(O')`.
    own_edges: Signal<Local, Board>,
    /// Stage 1: `diag(O')`.
    own_diagonals: Signal<Local, Board>,
    /// Stage 1: `edge(P)`.
    opp_edges: Signal<Local, Board>,
    /// Stage 1: cells the mover may not grow into.
    own_blocked: Signal<Local, Board>,
    /// Stage 1: cells the opponent may not grow into.
    opp_blocked: Signal<Local, Board>,
    /// Stage 1: the mover's attach cells after the move.
    own_attach_set: Signal<Local, Board>,
    /// Stage 1: the opponent's attach cells left after the move.
    opp_attach_set: Signal<Local, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
    /// Edge 1: the candidate's cells, to be counted.
    candidate_q: DFF<Board>,
    /// Edge 1: the opponent's attach cells left, to be counted.
    opp_attach_q: DFF<Board>,
    /// The mover's region: `[0]` its attach cells (edge 1), `[k]` after `k`
    /// growth steps (edge `1 + k`).
    own_region: [DFF<Board>; REACH_STEPS + 1],
    /// The opponent's region, likewise from `opp_attach & !opp_blocked`.
    opp_region: [DFF<Board>; REACH_STEPS + 1],
    /// `own_blocked` beside the region it masks: `[k]` feeds growth step `k`.
    own_blocked_q: [DFF<Board>; REACH_STEPS],
    /// `opp_blocked` beside the region it masks.
    opp_blocked_q: [DFF<Board>; REACH_STEPS],
    /// The mover's growth steps, `[k]` from `own_region[k]` to `own_region[k + 1]`.
    own_grow: [Grow; REACH_STEPS],
    /// The opponent's growth steps.
    opp_grow: [Grow; REACH_STEPS],
    /// Counts `C` (edges 2-4).
    count_cells: PopCount196,
    /// Counts the mover's attach cells (edges 2-4).
    count_own_attach: PopCount196,
    /// Counts the opponent's attach cells left (edges 2-4).
    count_opp_attach: PopCount196,
    /// Counts the mover's reach (edges 5-7).
    count_own_reach: PopCount196,
    /// Counts the opponent's reach (edges 5-7).
    count_opp_reach: PopCount196,
    /// `cells` waiting for the reach counts (edges 5-7).
    cells_delay: [DFF<Bits<8>>; REACH_STEPS],
    /// `own_attach` waiting for the reach counts.
    own_attach_delay: [DFF<Bits<8>>; REACH_STEPS],
    /// `opp_attach` waiting for the reach counts.
    opp_attach_delay: [DFF<Bits<8>>; REACH_STEPS],
    /// Edge 8: the outputs.
    cells_q: DFF<Bits<8>>,
    /// Edge 8.
    own_attach_q: DFF<Bits<8>>,
    /// Edge 8.
    opp_attach_count_q: DFF<Bits<8>>,
    /// Edge 8.
    own_reach_q: DFF<Bits<8>>,
    /// Edge 8.
    opp_reach_q: DFF<Bits<8>>,
    /// Edge 8: the weighted sum.
    score_q: DFF<Signed<12>>,
    /// `valid_in` delayed by `[k]`: `k + 1` edges.
    valid: [DFF<Bit>; EVAL_LATENCY],
}

impl Evaluator {
    /// An evaluator with every register zero (no valid candidate in flight).
    pub fn new() -> Evaluator {
        Evaluator {
            clock: Default::default(),
            valid_in: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            opponent_attach: Default::default(),
            candidate: Default::default(),
            valid_out: Default::default(),
            cells: Default::default(),
            own_attach: Default::default(),
            opp_attach: Default::default(),
            own_reach: Default::default(),
            opp_reach: Default::default(),
            score: Default::default(),
            own_after: Default::default(),
            occupied: Default::default(),
            own_edges: Default::default(),
            own_diagonals: Default::default(),
            opp_edges: Default::default(),
            own_blocked: Default::default(),
            opp_blocked: Default::default(),
            own_attach_set: Default::default(),
            opp_attach_set: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
            candidate_q: Default::default(),
            opp_attach_q: Default::default(),
            own_region: Default::default(),
            opp_region: Default::default(),
            own_blocked_q: Default::default(),
            opp_blocked_q: Default::default(),
            own_grow: Default::default(),
            opp_grow: Default::default(),
            count_cells: Default::default(),
            count_own_attach: Default::default(),
            count_opp_attach: Default::default(),
            count_own_reach: Default::default(),
            count_opp_reach: Default::default(),
            cells_delay: Default::default(),
            own_attach_delay: Default::default(),
            opp_attach_delay: Default::default(),
            cells_q: Default::default(),
            own_attach_q: Default::default(),
            opp_attach_count_q: Default::default(),
            own_reach_q: Default::default(),
            opp_reach_q: Default::default(),
            score_q: Default::default(),
            valid: Default::default(),
        }
    }
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new()
    }
}

impl Logic for Evaluator {
    #[hdl_gen]
    fn update(&mut self) {
        // Every register on the one clock.
        self.candidate_q.clock.next = self.clock.val();
        self.opp_attach_q.clock.next = self.clock.val();
        for k in 0..(REACH_STEPS + 1) {
            self.own_region[k].clock.next = self.clock.val();
            self.opp_region[k].clock.next = self.clock.val();
        }
        for k in 0..REACH_STEPS {
            self.own_blocked_q[k].clock.next = self.clock.val();
            self.opp_blocked_q[k].clock.next = self.clock.val();
            self.cells_delay[k].clock.next = self.clock.val();
            self.own_attach_delay[k].clock.next = self.clock.val();
            self.opp_attach_delay[k].clock.next = self.clock.val();
        }
        self.count_cells.clock.next = self.clock.val();
        self.count_own_attach.clock.next = self.clock.val();
        self.count_opp_attach.clock.next = self.clock.val();
        self.count_own_reach.clock.next = self.clock.val();
        self.count_opp_reach.clock.next = self.clock.val();
        self.cells_q.clock.next = self.clock.val();
        self.own_attach_q.clock.next = self.clock.val();
        self.opp_attach_count_q.clock.next = self.clock.val();
        self.own_reach_q.clock.next = self.clock.val();
        self.opp_reach_q.clock.next = self.clock.val();
        self.score_q.clock.next = self.clock.val();
        for k in 0..EVAL_LATENCY {
            self.valid[k].clock.next = self.clock.val();
        }

        // Stage 1, `features` line by line.
        self.own_after.next = self.own.val() | self.candidate.val();
        self.occupied.next = self.own_after.val() | self.opponent.val();
        // Bitboard::edge_neighbours of O': right, left, down, up.
        self.own_edges.next = ((self.own_after.val() & self.not_right.val()) << 1)
            | ((self.own_after.val() & self.not_left.val()) >> 1)
            | (self.own_after.val() << 14)
            | (self.own_after.val() >> 14);
        // Bitboard::diagonal_neighbours of O': down-right, down-left, up-right, up-left.
        self.own_diagonals.next = ((self.own_after.val() & self.not_right.val()) << 15)
            | ((self.own_after.val() & self.not_left.val()) << 13)
            | ((self.own_after.val() & self.not_right.val()) >> 13)
            | ((self.own_after.val() & self.not_left.val()) >> 15);
        self.own_blocked.next = self.occupied.val() | self.own_edges.val();
        self.own_attach_set.next = self.own_diagonals.val() & !self.own_blocked.val();
        // Bitboard::edge_neighbours of P.
        self.opp_edges.next = ((self.opponent.val() & self.not_right.val()) << 1)
            | ((self.opponent.val() & self.not_left.val()) >> 1)
            | (self.opponent.val() << 14)
            | (self.opponent.val() >> 14);
        self.opp_blocked.next = self.occupied.val() | self.opp_edges.val();
        self.opp_attach_set.next = self.opponent_attach.val() & !self.candidate.val();
        self.candidate_q.d.next = self.candidate.val();
        self.opp_attach_q.d.next = self.opp_attach_set.val();
        self.own_region[0].d.next = self.own_attach_set.val();
        self.opp_region[0].d.next = self.opp_attach_set.val() & !self.opp_blocked.val();
        self.own_blocked_q[0].d.next = self.own_blocked.val();
        self.opp_blocked_q[0].d.next = self.opp_blocked.val();

        // Stages 2-4: one growth step each, the blocked masks alongside.
        for k in 0..REACH_STEPS {
            self.own_grow[k].region.next = self.own_region[k].q.val();
            self.own_grow[k].blocked.next = self.own_blocked_q[k].q.val();
            self.own_region[k + 1].d.next = self.own_grow[k].grown.val();
            self.opp_grow[k].region.next = self.opp_region[k].q.val();
            self.opp_grow[k].blocked.next = self.opp_blocked_q[k].q.val();
            self.opp_region[k + 1].d.next = self.opp_grow[k].grown.val();
        }
        for k in 1..REACH_STEPS {
            self.own_blocked_q[k].d.next = self.own_blocked_q[k - 1].q.val();
            self.opp_blocked_q[k].d.next = self.opp_blocked_q[k - 1].q.val();
        }

        // The counts: cells and attach cells during stages 2-4, then delayed
        // until the reach counts (stages 5-7) catch up.
        self.count_cells.bits.next = self.candidate_q.q.val();
        self.count_own_attach.bits.next = self.own_region[0].q.val();
        self.count_opp_attach.bits.next = self.opp_attach_q.q.val();
        self.count_own_reach.bits.next = self.own_region[3].q.val();
        self.count_opp_reach.bits.next = self.opp_region[3].q.val();
        self.cells_delay[0].d.next = self.count_cells.count.val();
        self.own_attach_delay[0].d.next = self.count_own_attach.count.val();
        self.opp_attach_delay[0].d.next = self.count_opp_attach.count.val();
        for k in 1..REACH_STEPS {
            self.cells_delay[k].d.next = self.cells_delay[k - 1].q.val();
            self.own_attach_delay[k].d.next = self.own_attach_delay[k - 1].q.val();
            self.opp_attach_delay[k].d.next = self.opp_attach_delay[k - 1].q.val();
        }

        // Stage 8: the features and `score`, 12 bits modulo 2^12.
        self.cells_q.d.next = self.cells_delay[2].q.val();
        self.own_attach_q.d.next = self.own_attach_delay[2].q.val();
        self.opp_attach_count_q.d.next = self.opp_attach_delay[2].q.val();
        self.own_reach_q.d.next = self.count_own_reach.count.val();
        self.opp_reach_q.d.next = self.count_opp_reach.count.val();
        self.score_q.d.next = signed_cast(
            (bit_cast::<12, 8>(self.cells_delay[2].q.val()) << 3)
                + (bit_cast::<12, 8>(self.own_attach_delay[2].q.val()) << 1)
                - (bit_cast::<12, 8>(self.opp_attach_delay[2].q.val()) << 1)
                + bit_cast::<12, 8>(self.count_own_reach.count.val())
                - bit_cast::<12, 8>(self.count_opp_reach.count.val()),
        );

        // valid_in beside the data.
        self.valid[0].d.next = self.valid_in.val();
        for k in 1..EVAL_LATENCY {
            self.valid[k].d.next = self.valid[k - 1].q.val();
        }

        self.valid_out.next = self.valid[7].q.val();
        self.cells.next = self.cells_q.q.val();
        self.own_attach.next = self.own_attach_q.q.val();
        self.opp_attach.next = self.opp_attach_count_q.q.val();
        self.own_reach.next = self.own_reach_q.q.val();
        self.opp_reach.next = self.opp_reach_q.q.val();
        self.score.next = self.score_q.q.val();
    }
}
