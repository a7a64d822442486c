//! The one-ply player: a position in, the best legal placement by the
//! evaluator out. The whole core in one block: [`LegalMoves`] (masks and
//! generator) -> [`Candidates`] (one candidate a clock) -> [`Scorer`]
//! (placer and evaluator) -> the first candidate with the highest score. The hardware
//! twin of `model::one_ply::decide`, whose `# Timing` section is this
//! block's.

use crate::board::Board;
use crate::candidates::{Candidates, Count};
use crate::legal_moves::LegalMoves;
use crate::move_gen::Tiles;
use crate::scorer::Scorer;
pub use crate::scorer::TAG_STAGES;
use rust_hdl::prelude::*;

/// Rising edges from the candidate stream's `done` to this block's `done`
/// (`model::one_ply::DONE_AFTER_STREAM`): the scorer's [`TAG_STAGES`] (the
/// placer's register, the evaluator), the best-so-far registers.
pub const DONE_AFTER_STREAM: usize = TAG_STAGES + 1;

/// The one-ply decision for the player to move.
///
/// `start` samples the position: both players' cells, the mover's tiles
/// left and both start squares. The generator and candidate stream start at
/// once; the [`Scorer`] keeps the position for its evaluator.
///
/// Each candidate `(shape, corner)` of the stream comes out of the scorer
/// [`TAG_STAGES`] edges later with its score. Then the best-so-far
/// registers take it if none is held yet or
/// its score is greater than the held one: the first best candidate wins,
/// as in the model. Scores are compared as unsigned numbers with the sign bit
/// flipped (offset binary), which orders two's-complement values correctly.
///
/// The stream's `done` goes through [`DONE_AFTER_STREAM`] registers to
/// `done`, so `done` is high for one cycle once the last candidate has been
/// weighed; the outputs `found`, the `best_` ones (coordinates, tile, score,
/// features) and `candidates` hold the decision from then on, until the next
/// `start`.
/// `start` clears the valid bits in flight, the `done` stages and the
/// best-so-far registers: a new position may start at any edge, and nothing
/// of the earlier one is weighed after it.
///
/// # Size and speed
/// `make synth-report` (ECP5 LFE5U-85F, speed 6, seed 1): 18,326 LUT4
/// (yosys), 23,004 TRELLIS_COMB with the candidate stream's distributed RAM
/// (27.5% of the chip), 10,088 FF, no block RAM; Fmax 78.5 MHz (75 MHz asked).
/// From `start` to `done`: `7 + n + 10` edges for `n` candidates, 28 at least.
#[derive(LogicBlock)]
pub struct OnePly {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: take the position and start.
    pub start: Signal<In, Bit>,
    /// Cells of the player to move, sampled with `start`.
    pub own: Signal<In, Board>,
    /// Cells of the other player, sampled with `start`.
    pub opponent: Signal<In, Board>,
    /// The start square of the player to move, one-hot, sampled with `start`.
    pub start_square: Signal<In, Board>,
    /// The start square of the other player, one-hot, sampled with `start`.
    pub opponent_start_square: Signal<In, Board>,
    /// Bit `t` set while the player to move still holds tile `t`, sampled with `start`.
    pub tiles_left: Signal<In, Tiles>,
    /// High for one cycle when the decision is ready.
    pub done: Signal<Out, Bit>,
    /// A candidate was found (otherwise the player must pass).
    pub found: Signal<Out, Bit>,
    /// The best candidate's oriented shape number (0..91), with `found`.
    pub best_shape: Signal<Out, Bits<7>>,
    /// The best candidate's box corner cell `14 * row + column`, with `found`.
    pub best_corner: Signal<Out, Bits<8>>,
    /// The best candidate's tile number (0..21), with `found`.
    pub best_tile: Signal<Out, Bits<5>>,
    /// The best candidate's score, with `found`.
    pub best_score: Signal<Out, Signed<12>>,
    /// The best candidate's features (`Evaluator::cells`), with `found`.
    pub best_cells: Signal<Out, Bits<8>>,
    /// The mover's attach cells after the best candidate, with `found`.
    pub best_own_attach: Signal<Out, Bits<8>>,
    /// The opponent's attach cells left after it, with `found`.
    pub best_opp_attach: Signal<Out, Bits<8>>,
    /// The mover's reach after it, with `found`.
    pub best_own_reach: Signal<Out, Bits<8>>,
    /// The opponent's reach after it, with `found`.
    pub best_opp_reach: Signal<Out, Bits<8>>,
    /// The number of candidates weighed: the legal placements.
    pub candidates: Signal<Out, Count>,
    /// High while the legal-move rows of the current position are still
    /// being generated (`LegalMoves::busy`).
    pub generating: Signal<Out, Bit>,
    /// High for one cycle as each candidate is weighed (the search's
    /// stream of scored candidates, in hardware order): its coordinates
    /// and score are in the `scored_` outputs.
    pub scored: Signal<Out, Bit>,
    /// The weighed candidate's oriented shape, with `scored`.
    pub scored_shape: Signal<Out, Bits<7>>,
    /// The weighed candidate's box corner cell, with `scored`.
    pub scored_corner: Signal<Out, Bits<8>>,
    /// The weighed candidate's score, with `scored`.
    pub scored_score: Signal<Out, Signed<12>>,
    /// Masks and generator rows from the inputs.
    legal: LegalMoves,
    /// The rows as a stream of candidates.
    stream: Candidates,
    /// Each candidate's score and features.
    scorer: Scorer,
    /// The scorer's `finished`, an edge later (cleared by `start`).
    done_q: DFF<Bit>,
    /// Best so far: a candidate is held.
    found_q: DFF<Bit>,
    /// Best so far: its shape.
    shape_q: DFF<Bits<7>>,
    /// Best so far: its corner.
    corner_q: DFF<Bits<8>>,
    /// Best so far: its tile.
    tile_q: DFF<Bits<5>>,
    /// Best so far: its score.
    score_q: DFF<Signed<12>>,
    /// Best so far: its `cells` feature.
    cells_q: DFF<Bits<8>>,
    /// Best so far: its `own_attach` feature.
    own_attach_q: DFF<Bits<8>>,
    /// Best so far: its `opp_attach` feature.
    opp_attach_q: DFF<Bits<8>>,
    /// Best so far: its `own_reach` feature.
    own_reach_q: DFF<Bits<8>>,
    /// Best so far: its `opp_reach` feature.
    opp_reach_q: DFF<Bits<8>>,
    /// Candidates weighed since `start`.
    count_q: DFF<Count>,
    /// The evaluator's score in offset binary (sign bit flipped).
    new_key: Signal<Local, Bits<12>>,
    /// The held score in offset binary.
    best_key: Signal<Local, Bits<12>>,
    /// The scorer's output is a candidate of this position.
    weigh: Signal<Local, Bit>,
    /// The sign bit of a 12-bit score.
    sign_bit: Constant<Bits<12>>,
}

impl OnePly {
    /// An idle player (no `done` until a `start`).
    pub fn new() -> OnePly {
        OnePly {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
            done: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            best_score: Default::default(),
            best_cells: Default::default(),
            best_own_attach: Default::default(),
            best_opp_attach: Default::default(),
            best_own_reach: Default::default(),
            best_opp_reach: Default::default(),
            candidates: Default::default(),
            generating: Default::default(),
            scored: Default::default(),
            scored_shape: Default::default(),
            scored_corner: Default::default(),
            scored_score: Default::default(),
            legal: LegalMoves::new(),
            stream: Candidates::new(),
            scorer: Scorer::new(),
            done_q: Default::default(),
            found_q: Default::default(),
            shape_q: Default::default(),
            corner_q: Default::default(),
            tile_q: Default::default(),
            score_q: Default::default(),
            cells_q: Default::default(),
            own_attach_q: Default::default(),
            opp_attach_q: Default::default(),
            own_reach_q: Default::default(),
            opp_reach_q: Default::default(),
            count_q: Default::default(),
            new_key: Default::default(),
            best_key: Default::default(),
            weigh: Default::default(),
            sign_bit: Constant::new(Bits::<12>::from(0x800u64)),
        }
    }
}

impl Default for OnePly {
    fn default() -> OnePly {
        OnePly::new()
    }
}

impl Logic for OnePly {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            done_q,
            found_q,
            shape_q,
            corner_q,
            tile_q,
            score_q,
            cells_q,
            own_attach_q,
            opp_attach_q,
            own_reach_q,
            opp_reach_q,
            count_q
        );

        // The generator and the candidate stream, started together.
        self.legal.clock.next = self.clock.val();
        self.legal.start.next = self.start.val();
        self.legal.own.next = self.own.val();
        self.legal.opponent.next = self.opponent.val();
        self.legal.start_square.next = self.start_square.val();
        self.legal.tiles_left.next = self.tiles_left.val();
        self.stream.clock.next = self.clock.val();
        self.stream.start.next = self.start.val();
        self.stream.row_valid.next = self.legal.row_valid.val();
        self.stream.row.next = self.legal.row.val();
        self.stream.row_bits.next = self.legal.row_bits.val();

        // The scorer behind the stream.
        self.scorer.clock.next = self.clock.val();
        self.scorer.start.next = self.start.val();
        self.scorer.own.next = self.own.val();
        self.scorer.opponent.next = self.opponent.val();
        self.scorer.opponent_start_square.next = self.opponent_start_square.val();
        self.scorer.candidate.next = self.stream.valid.val();
        self.scorer.shape.next = self.stream.shape.val();
        self.scorer.corner.next = self.stream.corner.val();
        self.scorer.stream_done.next = self.stream.done.val();
        self.done_q.d.next = self.scorer.finished.val() & !self.start.val();

        // Best so far: the first candidate with the highest score.
        self.new_key.next = unsigned_cast(self.scorer.score.val()) ^ self.sign_bit.val();
        self.best_key.next = unsigned_cast(self.score_q.q.val()) ^ self.sign_bit.val();
        self.weigh.next = self.scorer.scored.val();
        if self.start.val() {
            self.found_q.d.next = false;
            self.count_q.d.next = 0.into();
        } else if self.weigh.val() {
            self.count_q.d.next = self.count_q.q.val() + 1;
            if !self.found_q.q.val() | (self.new_key.val() > self.best_key.val()) {
                self.found_q.d.next = true;
                self.shape_q.d.next = self.scorer.scored_shape.val();
                self.corner_q.d.next = self.scorer.scored_corner.val();
                self.tile_q.d.next = self.scorer.scored_tile.val();
                self.score_q.d.next = self.scorer.score.val();
                self.cells_q.d.next = self.scorer.cells.val();
                self.own_attach_q.d.next = self.scorer.own_attach.val();
                self.opp_attach_q.d.next = self.scorer.opp_attach.val();
                self.own_reach_q.d.next = self.scorer.own_reach.val();
                self.opp_reach_q.d.next = self.scorer.opp_reach.val();
            }
        }

        self.done.next = self.done_q.q.val();
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.shape_q.q.val();
        self.best_corner.next = self.corner_q.q.val();
        self.best_tile.next = self.tile_q.q.val();
        self.best_score.next = self.score_q.q.val();
        self.best_cells.next = self.cells_q.q.val();
        self.best_own_attach.next = self.own_attach_q.q.val();
        self.best_opp_attach.next = self.opp_attach_q.q.val();
        self.best_own_reach.next = self.own_reach_q.q.val();
        self.best_opp_reach.next = self.opp_reach_q.q.val();
        self.candidates.next = self.count_q.q.val();
        self.generating.next = self.legal.busy.val();
        self.scored.next = self.weigh.val() & !self.start.val();
        self.scored_shape.next = self.scorer.scored_shape.val();
        self.scored_corner.next = self.scorer.scored_corner.val();
        self.scored_score.next = self.scorer.score.val();
    }
}
