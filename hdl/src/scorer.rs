//! The scoring pipeline behind a candidate stream: each candidate's cells
//! from the [`Placer`] into a register, then the [`Evaluator`], the
//! candidate's coordinates and tile travelling beside it, so that every
//! candidate comes out with its score and features [`TAG_STAGES`] edges
//! after the stream presented it, in the stream's order. The tree's
//! expander ([`crate::Expander`]) puts it behind its candidate stream.
//!
//! `start` samples the position (both sides' cells and the opponent's start
//! square, which the evaluator reads from then on; the opponent's attach
//! cells, from a second [`MaskUnit`], are registered an edge later, long
//! before the first candidate) and clears the valid bits in flight: a new
//! position may start at any edge. The stream's `done` comes out as
//! `finished`, [`TAG_STAGES`] edges later, in the cycle the last
//! candidate's score would.

use crate::board::Board;
use crate::evaluator::{Evaluator, EVAL_LATENCY};
use crate::mask_unit::MaskUnit;
use crate::placer::Placer;
use rust_hdl::prelude::*;

/// Registers a candidate's coordinates and valid bit pass through, from the
/// placer's register to the evaluator's outputs.
pub const TAG_STAGES: usize = 1 + EVAL_LATENCY;

// rust-hdl's Verilog generator evaluates an array index only with the loop
// variables in scope, so `update` names the last tag stage (`[8]`) with a
// literal: it holds for this value only.
const _: () = assert!(TAG_STAGES == 9);

/// The scoring pipeline.
#[derive(LogicBlock)]
pub struct Scorer {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: take the position below and clear what is in flight.
    pub start: Signal<In, Bit>,
    /// Cells of the player to move, sampled with `start`.
    pub own: Signal<In, Board>,
    /// Cells of the other player, sampled with `start`.
    pub opponent: Signal<In, Board>,
    /// The start square of the other player, one-hot, sampled with `start`.
    pub opponent_start_square: Signal<In, Board>,
    /// A candidate is presented.
    pub candidate: Signal<In, Bit>,
    /// Its oriented shape.
    pub shape: Signal<In, Bits<7>>,
    /// Its box corner cell.
    pub corner: Signal<In, Bits<8>>,
    /// The stream is done (high for one cycle).
    pub stream_done: Signal<In, Bit>,
    /// High for one cycle as each candidate comes out scored.
    pub scored: Signal<Out, Bit>,
    /// The scored candidate's oriented shape.
    pub scored_shape: Signal<Out, Bits<7>>,
    /// Its box corner cell.
    pub scored_corner: Signal<Out, Bits<8>>,
    /// Its tile.
    pub scored_tile: Signal<Out, Bits<5>>,
    /// Its score.
    pub score: Signal<Out, Signed<12>>,
    /// Its features (`Evaluator`'s outputs of the same names).
    pub cells: Signal<Out, Bits<8>>,
    /// The mover's attach cells after it.
    pub own_attach: Signal<Out, Bits<8>>,
    /// The opponent's attach cells left after it.
    pub opp_attach: Signal<Out, Bits<8>>,
    /// The mover's reach after it.
    pub own_reach: Signal<Out, Bits<8>>,
    /// The opponent's reach after it.
    pub opp_reach: Signal<Out, Bits<8>>,
    /// The stream's `done`, [`TAG_STAGES`] edges later.
    pub finished: Signal<Out, Bit>,
    placer: Placer,
    /// The opponent's attach cells (roles swapped).
    opponent_masks: MaskUnit,
    evaluator: Evaluator,
    own_q: DFF<Board>,
    opponent_q: DFF<Board>,
    opponent_start_q: DFF<Board>,
    opponent_attach_q: DFF<Board>,
    /// The placer's register: the candidate's cells.
    placed_cells: DFF<Board>,
    /// `[k]`: a candidate's shape `k + 1` edges after the stream presented it.
    tag_shape: [DFF<Bits<7>>; TAG_STAGES],
    /// Its corner, beside the shape.
    tag_corner: [DFF<Bits<8>>; TAG_STAGES],
    /// Its tile, beside the shape.
    tag_tile: [DFF<Bits<5>>; TAG_STAGES],
    /// Its valid bit, beside the shape (cleared by `start`).
    tag_valid: [DFF<Bit>; TAG_STAGES],
    /// The stream's `done`, `[k]` delayed by `k + 1` edges (cleared by `start`).
    done_delay: [DFF<Bit>; TAG_STAGES],
}

impl Scorer {
    /// An idle pipeline.
    pub fn new() -> Scorer {
        Scorer {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            opponent_start_square: Default::default(),
            candidate: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            stream_done: Default::default(),
            scored: Default::default(),
            scored_shape: Default::default(),
            scored_corner: Default::default(),
            scored_tile: Default::default(),
            score: Default::default(),
            cells: Default::default(),
            own_attach: Default::default(),
            opp_attach: Default::default(),
            own_reach: Default::default(),
            opp_reach: Default::default(),
            finished: Default::default(),
            placer: Placer::new(),
            opponent_masks: MaskUnit::new(),
            evaluator: Evaluator::new(),
            own_q: Default::default(),
            opponent_q: Default::default(),
            opponent_start_q: Default::default(),
            opponent_attach_q: Default::default(),
            placed_cells: Default::default(),
            tag_shape: Default::default(),
            tag_corner: Default::default(),
            tag_tile: Default::default(),
            tag_valid: Default::default(),
            done_delay: Default::default(),
        }
    }
}

impl Default for Scorer {
    fn default() -> Scorer {
        Scorer::new()
    }
}

impl Logic for Scorer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            own_q,
            opponent_q,
            opponent_start_q,
            opponent_attach_q,
            placed_cells
        );
        for k in 0..TAG_STAGES {
            self.tag_shape[k].clock.next = self.clock.val();
            self.tag_corner[k].clock.next = self.clock.val();
            self.tag_tile[k].clock.next = self.clock.val();
            self.tag_valid[k].clock.next = self.clock.val();
            self.done_delay[k].clock.next = self.clock.val();
        }

        // The position for the evaluator, kept from `start`.
        if self.start.val() {
            self.own_q.d.next = self.own.val();
            self.opponent_q.d.next = self.opponent.val();
            self.opponent_start_q.d.next = self.opponent_start_square.val();
        }
        self.opponent_masks.own.next = self.opponent_q.q.val();
        self.opponent_masks.opponent.next = self.own_q.q.val();
        self.opponent_masks.start.next = self.opponent_start_q.q.val();
        // `attach` excludes `forbidden` already: the AND changes nothing (and
        // leaves no output of the mask unit unused).
        self.opponent_attach_q.d.next =
            self.opponent_masks.attach.val() & !self.opponent_masks.forbidden.val();

        // Placer, its register, and the coordinates beside the pipeline.
        self.placer.shape.next = self.shape.val();
        self.placer.corner.next = self.corner.val();
        self.placed_cells.d.next = self.placer.cells.val();
        self.tag_shape[0].d.next = self.shape.val();
        self.tag_corner[0].d.next = self.corner.val();
        self.tag_tile[0].d.next = self.placer.tile.val();
        self.tag_valid[0].d.next = self.candidate.val() & !self.start.val();
        self.done_delay[0].d.next = self.stream_done.val() & !self.start.val();
        for k in 1..TAG_STAGES {
            self.tag_shape[k].d.next = self.tag_shape[k - 1].q.val();
            self.tag_corner[k].d.next = self.tag_corner[k - 1].q.val();
            self.tag_tile[k].d.next = self.tag_tile[k - 1].q.val();
            self.tag_valid[k].d.next = self.tag_valid[k - 1].q.val() & !self.start.val();
            self.done_delay[k].d.next = self.done_delay[k - 1].q.val() & !self.start.val();
        }

        // The evaluator.
        self.evaluator.clock.next = self.clock.val();
        self.evaluator.valid_in.next = self.tag_valid[0].q.val();
        self.evaluator.own.next = self.own_q.q.val();
        self.evaluator.opponent.next = self.opponent_q.q.val();
        self.evaluator.opponent_attach.next = self.opponent_attach_q.q.val();
        self.evaluator.candidate.next = self.placed_cells.q.val();

        self.scored.next = self.evaluator.valid_out.val() & self.tag_valid[8].q.val();
        self.scored_shape.next = self.tag_shape[8].q.val();
        self.scored_corner.next = self.tag_corner[8].q.val();
        self.scored_tile.next = self.tag_tile[8].q.val();
        self.score.next = self.evaluator.score.val();
        self.cells.next = self.evaluator.cells.val();
        self.own_attach.next = self.evaluator.own_attach.val();
        self.opp_attach.next = self.evaluator.opp_attach.val();
        self.own_reach.next = self.evaluator.own_reach.val();
        self.opp_reach.next = self.evaluator.opp_reach.val();
        self.finished.next = self.done_delay[8].q.val();
    }
}
