//! The tree search's expander: a position's children, the evaluator's
//! [`CHILDREN`] best candidates in order of score, streamed out one a cycle
//! to be written into node memory. The hardware twin of `model::expander`,
//! whose doc comment is the specification (the order and the cycles).
//!
//! # How
//! A three-state machine (`State`: idle, score, stream) sequences; the
//! position comes as two [`Side`]s. `start` starts the candidate stream
//! ([`CellCandidates`], the side to move's forbidden and attach cells from
//! a [`MaskUnit`]) and the scoring pipeline behind it ([`Scorer`]) at
//! once. Each candidate scored goes into a [`CHILDREN`]-entry list kept in
//! order of score, highest first: entry `i` stays where it is when it is
//! valid and its score is at least the new one's (so ties keep the
//! hardware's order); the new one takes the first place that does not
//! stay, and the entries after it move down one (the last drops out when
//! the list is full). Once the scorer is finished the list's head is kept
//! as the best candidate and the list streams out from its head, moving up
//! one entry a cycle, `child` high with each child; the cycle after the
//! last raises `done`.

use crate::cell_candidates::CellCandidates;
use crate::mask_unit::MaskUnit;
use crate::scorer::Scorer;
use crate::side::Side;
use model::expander::CHILDREN;
use rust_hdl::prelude::*;

/// Width of a position's candidate count: up to
/// `model::cell_candidates::MAX_CANDIDATES` (Blokus Duo positions have far fewer).
pub const COUNT_BITS: usize = 11;
const _: () = assert!(model::cell_candidates::MAX_CANDIDATES == (1 << COUNT_BITS) - 1);

/// A number of candidates.
pub type Count = Bits<COUNT_BITS>;

/// The list's last entry (rust-hdl's Verilog generator needs array
/// indices with the loop variables in scope, so `update` writes it as a literal).
const LAST: usize = CHILDREN - 1;
const _: () = assert!(LAST == 15);

/// The expander's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// Waiting for a `start`.
    Idle,
    /// Scoring the candidates into the list.
    Score,
    /// Streaming the list out.
    Stream,
}

/// The expander.
#[derive(LogicBlock)]
pub struct Expander {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle: expand the position below.
    pub start: Signal<In, Bit>,
    /// The side to move: its cells, start square and tiles left.
    pub own: Signal<In, Side>,
    /// The other side (its tiles left are not read: the children are the
    /// side to move's).
    pub opponent: Signal<In, Side>,
    /// High with each child streamed out, best first.
    pub child: Signal<Out, Bit>,
    /// The child's oriented shape.
    pub child_shape: Signal<Out, Bits<7>>,
    /// The child's box corner.
    pub child_corner: Signal<Out, Bits<8>>,
    /// High for one cycle after the last child.
    pub done: Signal<Out, Bit>,
    /// Expanding (a `start` is taken only when low).
    pub busy: Signal<Out, Bit>,
    /// The candidates scored (held from `done` to the next `start`).
    pub candidates: Signal<Out, Count>,
    /// The decision, held as long: a candidate was found, and the best
    /// one's shape, corner and tile (the first child's).
    pub found: Signal<Out, Bit>,
    /// The best candidate's oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// The best candidate's box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// The best candidate's tile.
    pub best_tile: Signal<Out, Bits<5>>,
    masks: MaskUnit,
    stream: CellCandidates,
    scorer: Scorer,
    state: DFF<State>,
    valid: [DFF<Bit>; CHILDREN],
    key: [DFF<Bits<12>>; CHILDREN],
    shape: [DFF<Bits<7>>; CHILDREN],
    corner: [DFF<Bits<8>>; CHILDREN],
    tile: [DFF<Bits<5>>; CHILDREN],
    count: DFF<Count>,
    found_q: DFF<Bit>,
    best_shape_q: DFF<Bits<7>>,
    best_corner_q: DFF<Bits<8>>,
    best_tile_q: DFF<Bits<5>>,
    done_q: DFF<Bit>,
    /// Entry `i` stays in place on an insertion.
    keep: [Signal<Local, Bit>; CHILDREN],
    /// The scored candidate's score as an offset-binary key.
    new_key: Signal<Local, Bits<12>>,
    sign: Constant<Bits<12>>,
}

impl Expander {
    /// An idle expander with an empty list.
    pub fn new() -> Expander {
        Expander {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            child: Default::default(),
            child_shape: Default::default(),
            child_corner: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            candidates: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            masks: MaskUnit::new(),
            stream: CellCandidates::new(),
            scorer: Scorer::new(),
            state: Default::default(),
            valid: Default::default(),
            key: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            tile: Default::default(),
            count: Default::default(),
            found_q: Default::default(),
            best_shape_q: Default::default(),
            best_corner_q: Default::default(),
            best_tile_q: Default::default(),
            done_q: Default::default(),
            keep: Default::default(),
            new_key: Default::default(),
            sign: Constant::new(0x800u64.into()),
        }
    }
}

impl Default for Expander {
    fn default() -> Expander {
        Expander::new()
    }
}

impl Logic for Expander {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            count,
            found_q,
            best_shape_q,
            best_corner_q,
            best_tile_q,
            done_q
        );
        for i in 0..CHILDREN {
            self.valid[i].clock.next = self.clock.val();
            self.key[i].clock.next = self.clock.val();
            self.shape[i].clock.next = self.clock.val();
            self.corner[i].clock.next = self.clock.val();
            self.tile[i].clock.next = self.clock.val();
            self.valid[i].d.next = self.valid[i].q.val();
            self.key[i].d.next = self.key[i].q.val();
            self.shape[i].d.next = self.shape[i].q.val();
            self.corner[i].d.next = self.corner[i].q.val();
            self.tile[i].d.next = self.tile[i].q.val();
        }
        self.masks.own.next = self.own.val().cells;
        self.masks.opponent.next = self.opponent.val().cells;
        self.masks.start.next = self.own.val().start_square;
        self.stream.clock.next = self.clock.val();
        self.stream.start.next = false;
        self.stream.forbidden.next = self.masks.forbidden.val();
        self.stream.attach.next = self.masks.attach.val();
        self.stream.tiles_left.next = self.own.val().tiles;
        self.scorer.clock.next = self.clock.val();
        self.scorer.start.next = false;
        self.scorer.own.next = self.own.val().cells;
        self.scorer.opponent.next = self.opponent.val().cells;
        self.scorer.opponent_start_square.next = self.opponent.val().start_square;
        self.scorer.candidate.next = self.stream.valid.val();
        self.scorer.shape.next = self.stream.shape.val();
        self.scorer.corner.next = self.stream.corner.val();
        self.scorer.stream_done.next = self.stream.done.val();
        self.new_key.next = unsigned_cast(self.scorer.score.val()) ^ self.sign.val();
        for i in 0..CHILDREN {
            self.keep[i].next = self.valid[i].q.val() & (self.key[i].q.val() >= self.new_key.val());
        }
        self.done_q.d.next = false;
        self.child.next = false;
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.stream.start.next = true;
                    self.scorer.start.next = true;
                    for i in 0..CHILDREN {
                        self.valid[i].d.next = false;
                    }
                    self.count.d.next = 0.into();
                    self.state.d.next = State::Score;
                }
            }
            State::Score => {
                if self.scorer.scored.val() {
                    self.count.d.next = self.count.q.val() + 1;
                    // The first entry that does not stay takes the new one; the
                    // ones after it move down.
                    if !self.keep[0].val() {
                        self.valid[0].d.next = true;
                        self.key[0].d.next = self.new_key.val();
                        self.shape[0].d.next = self.scorer.scored_shape.val();
                        self.corner[0].d.next = self.scorer.scored_corner.val();
                        self.tile[0].d.next = self.scorer.scored_tile.val();
                    }
                    for i in 1..CHILDREN {
                        if !self.keep[i].val() {
                            self.valid[i].d.next = true;
                            if self.keep[i - 1].val() {
                                self.key[i].d.next = self.new_key.val();
                                self.shape[i].d.next = self.scorer.scored_shape.val();
                                self.corner[i].d.next = self.scorer.scored_corner.val();
                                self.tile[i].d.next = self.scorer.scored_tile.val();
                            } else {
                                self.valid[i].d.next = self.valid[i - 1].q.val();
                                self.key[i].d.next = self.key[i - 1].q.val();
                                self.shape[i].d.next = self.shape[i - 1].q.val();
                                self.corner[i].d.next = self.corner[i - 1].q.val();
                                self.tile[i].d.next = self.tile[i - 1].q.val();
                            }
                        }
                    }
                }
                if self.scorer.finished.val() {
                    // Every score is in: the head is the best.
                    self.found_q.d.next = self.valid[0].q.val();
                    self.best_shape_q.d.next = self.shape[0].q.val();
                    self.best_corner_q.d.next = self.corner[0].q.val();
                    self.best_tile_q.d.next = self.tile[0].q.val();
                    self.state.d.next = State::Stream;
                }
            }
            State::Stream => {
                // The head goes out, the list moves up one.
                if self.valid[0].q.val() {
                    self.child.next = true;
                    for i in 0..LAST {
                        self.valid[i].d.next = self.valid[i + 1].q.val();
                        self.key[i].d.next = self.key[i + 1].q.val();
                        self.shape[i].d.next = self.shape[i + 1].q.val();
                        self.corner[i].d.next = self.corner[i + 1].q.val();
                        self.tile[i].d.next = self.tile[i + 1].q.val();
                    }
                    self.valid[15].d.next = false;
                } else {
                    self.done_q.d.next = true;
                    self.state.d.next = State::Idle;
                }
            }
        }
        self.child_shape.next = self.shape[0].q.val();
        self.child_corner.next = self.corner[0].q.val();
        self.done.next = self.done_q.q.val();
        self.busy.next = self.state.q.val() != State::Idle;
        self.candidates.next = self.count.q.val();
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.best_shape_q.q.val();
        self.best_corner.next = self.best_corner_q.q.val();
        self.best_tile.next = self.best_tile_q.q.val();
    }
}
