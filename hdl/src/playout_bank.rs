//! A bank of attach-cell playout engines ([`CellPlayout`]) that play out the same
//! position together, each from its own stream of random numbers, and add
//! up the points they score for the side to move (2 a win, 1 a draw): the
//! board's leaf-parallel playout. The hardware twin of
//! `model::playout_bank`, whose doc comment is the specification (the
//! streams and the cycles).
//!
//! # How
//! The position comes as two [`Side`]s; two [`MaskUnit`]s turn them into
//! the [`PlayoutSide`]s (forbidden and attach cells, tiles) every engine
//! starts from. A two-state machine (`State`: idle, running) sequences:
//! `start` (while idle) starts every engine on the position at the inputs,
//! each with its stream; with `reseed` high, engine `e`'s stream starts
//! again from `seed ^ SALTS[e]` with its lowest bit set. When an engine is done its
//! stream takes the engine's last state and its points are noted; a cycle
//! after the last engine, the points are added and `done` pulses.
//!
//! A bank with refinements ([`PlayoutBank::with_refinements`]) is one of
//! engines with history ([`CellPlayout::refined`]), the model's
//! `PlayoutBank::run_refined`: it passes the leaf's last three moves
//! (`recent`) to every engine with the position. The bank built with
//! [`PlayoutBank::new`] has no such port ([`Optional`]), and its Verilog is
//! the bank's without history, bit for bit.

use crate::cell_playout::{CellPlayout, RecentMoves};
use crate::mask_unit::MaskUnit;
use crate::optional::Optional;
use crate::side::{PlayoutSide, Side};
use model::cell_playout::Refinements;
use model::playout_bank::{ENGINES, SALTS};
use rust_hdl::prelude::*;

/// The bank's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// Waiting for a `start`.
    Idle,
    /// The engines playing out.
    Running,
}

/// The bank.
#[derive(LogicBlock)]
pub struct PlayoutBank {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle: every engine plays out the
    /// position below.
    pub start: Signal<In, Bit>,
    /// Read with `start`: the streams start again from `seed` for this playout.
    pub reseed: Signal<In, Bit>,
    /// The seed a `start` with `reseed` takes.
    pub seed: Signal<In, Bits<32>>,
    /// The side to move: its cells, start square and tiles left.
    pub own: Signal<In, Side>,
    /// The other side.
    pub opponent: Signal<In, Side>,
    /// Passes in a row before the position (0, 1 or 2).
    pub passes: Signal<In, Bits<2>>,
    /// The last three moves before the position, the latest first (a bank
    /// with refinements only).
    pub recent: Optional<Signal<In, RecentMoves>>,
    /// High for one cycle when every engine is done; `points` and `plies`
    /// hold until the next `start`.
    pub done: Signal<Out, Bit>,
    /// Playing out.
    pub busy: Signal<Out, Bit>,
    /// Points for the side to move at `start`: 2 a win, 1 a draw, summed.
    pub points: Signal<Out, Bits<8>>,
    /// Plies the engines played, passes included, summed.
    pub plies: Signal<Out, Bits<16>>,
    /// The side to move's forbidden and attach cells, and the other side's,
    /// which every engine starts from.
    own_masks: MaskUnit,
    other_masks: MaskUnit,
    engines: [CellPlayout; ENGINES],
    streams: [DFF<Bits<32>>; ENGINES],
    /// Each engine's points of the playout, once it is done.
    scores: [DFF<Bits<8>>; ENGINES],
    /// Bit `e`: engine `e` is done.
    finished: DFF<Bits<ENGINES>>,
    state: DFF<State>,
    done_q: DFF<Bit>,
    points_q: DFF<Bits<8>>,
    total: Signal<Local, Bits<8>>,
    /// Each side as every engine starts from it.
    own_side: Signal<Local, PlayoutSide>,
    other_side: Signal<Local, PlayoutSide>,
    /// Each engine's plies, as 16 bits, and their sum.
    engine_plies: [Signal<Local, Bits<16>>; ENGINES],
    total_plies: Signal<Local, Bits<16>>,
    engines_busy: Signal<Local, Bit>,
    /// `finished` with the engines done in this cycle.
    now_finished: Signal<Local, Bits<ENGINES>>,
    salts: [Constant<Bits<32>>; ENGINES],
}

impl PlayoutBank {
    /// An idle bank with every stream at 0 (the first start must `reseed`):
    /// the board's, of engines without history.
    pub fn new() -> PlayoutBank {
        PlayoutBank::build(None)
    }

    /// [`PlayoutBank::new`] of engines with history and `refinements`
    /// ([`CellPlayout::refined`]).
    pub fn with_refinements(refinements: Refinements) -> PlayoutBank {
        PlayoutBank::build(Some(refinements))
    }

    /// The bank, of engines with history under `refinements` if some.
    fn build(refinements: Option<Refinements>) -> PlayoutBank {
        let engine = || refinements.map_or_else(CellPlayout::new, CellPlayout::refined);
        PlayoutBank {
            clock: Default::default(),
            start: Default::default(),
            reseed: Default::default(),
            seed: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            passes: Default::default(),
            recent: match refinements {
                None => Optional::absent(Default::default()),
                Some(_) => Optional::present(Default::default()),
            },
            done: Default::default(),
            busy: Default::default(),
            points: Default::default(),
            plies: Default::default(),
            own_masks: MaskUnit::new(),
            other_masks: MaskUnit::new(),
            engines: std::array::from_fn(|_| engine()),
            streams: Default::default(),
            scores: Default::default(),
            finished: Default::default(),
            state: Default::default(),
            done_q: Default::default(),
            points_q: Default::default(),
            total: Default::default(),
            own_side: Default::default(),
            other_side: Default::default(),
            engine_plies: Default::default(),
            total_plies: Default::default(),
            engines_busy: Default::default(),
            now_finished: Default::default(),
            salts: std::array::from_fn(|e| Constant::new(u64::from(SALTS[e]).into())),
        }
    }
}

impl Default for PlayoutBank {
    fn default() -> PlayoutBank {
        PlayoutBank::new()
    }
}

impl Logic for PlayoutBank {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, finished, state, done_q, points_q);
        self.done_q.d.next = false;
        self.total.next = 0.into();
        self.now_finished.next = self.finished.q.val();
        self.total_plies.next = 0.into();
        self.engines_busy.next = false;
        self.own_masks.own.next = self.own.val().cells;
        self.own_masks.opponent.next = self.opponent.val().cells;
        self.own_masks.start.next = self.own.val().start_square;
        self.other_masks.own.next = self.opponent.val().cells;
        self.other_masks.opponent.next = self.own.val().cells;
        self.other_masks.start.next = self.opponent.val().start_square;
        self.own_side.next.forbidden = self.own_masks.forbidden.val();
        self.own_side.next.attach = self.own_masks.attach.val();
        self.own_side.next.tiles = self.own.val().tiles;
        self.other_side.next.forbidden = self.other_masks.forbidden.val();
        self.other_side.next.attach = self.other_masks.attach.val();
        self.other_side.next.tiles = self.opponent.val().tiles;
        for e in 0..ENGINES {
            self.engines[e].clock.next = self.clock.val();
            self.streams[e].clock.next = self.clock.val();
            self.scores[e].clock.next = self.clock.val();
            self.streams[e].d.next = self.streams[e].q.val();
            self.scores[e].d.next = self.scores[e].q.val();
            self.engines[e].own.next = self.own_side.val();
            self.engines[e].opponent.next = self.other_side.val();
            self.engines[e].passes.next = self.passes.val();
            self.engines[e].seed.next = self.streams[e].q.val();
            if self.reseed.val() {
                self.engines[e].seed.next = (self.seed.val() ^ self.salts[e].val()) | 1;
            }
            self.engines[e].start.next = self.start.val() & (self.state.q.val() == State::Idle);
            if self.engines[e].done.val() {
                self.streams[e].d.next = self.engines[e].rng.val();
                self.now_finished.next = self.now_finished.val().replace_bit(e, true);
                self.scores[e].d.next = 0.into();
                if self.engines[e].margin.val() == 0 {
                    self.scores[e].d.next = 1.into();
                } else if !self.engines[e].margin.val().get_bit(7) {
                    self.scores[e].d.next = 2.into();
                }
            }
            self.total.next = self.total.val() + self.scores[e].q.val();
            self.engine_plies[e].next = 0.into();
            for i in 0..8 {
                self.engine_plies[e].next = self.engine_plies[e]
                    .val()
                    .replace_bit(i, self.engines[e].plies.val().get_bit(i));
            }
            self.total_plies.next = self.total_plies.val() + self.engine_plies[e].val();
            self.engines_busy.next = self.engines_busy.val() | self.engines[e].busy.val();
        }
        for _part in 0..self.recent.len() {
            for e in 0..ENGINES {
                self.engines[e].recent.next = self.recent.val();
            }
        }
        self.finished.d.next = self.now_finished.val();
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.finished.d.next = 0.into();
                    self.state.d.next = State::Running;
                }
            }
            State::Running => {
                if self.finished.q.val().all() {
                    self.points_q.d.next = self.total.val();
                    self.done_q.d.next = true;
                    self.state.d.next = State::Idle;
                }
            }
        }
        self.done.next = self.done_q.q.val();
        self.busy.next = (self.state.q.val() == State::Running) | self.engines_busy.val();
        self.points.next = self.points_q.q.val();
        self.plies.next = self.total_plies.val();
    }
}
