//! A bank of attach-cell playout engines ([`CellPlayout`]) that play out the same
//! position together, each from its own stream of random numbers, and add
//! up the points they score for the side to move (2 a win, 1 a draw): the
//! board's leaf-parallel playout. The hardware twin of
//! `model::playout_bank`, whose doc comment is the specification (the
//! streams and the cycles).
//!
//! # How
//! `start` (while idle) starts every engine on the position at the inputs,
//! each with its stream; with `reseed` high, engine `e`'s stream starts
//! again from `seed ^ SALTS[e]` with its lowest bit set. When an engine is done its
//! stream takes the engine's last state and its points are noted; a cycle
//! after the last engine, the points are added and `done` pulses.

use crate::board::Board;
use crate::cell_playout::CellPlayout;
use crate::mask_unit::MaskUnit;
use crate::tiles::Tiles;
use model::playout_bank::{ENGINES, SALTS};
use rust_hdl::prelude::*;

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
    /// The side to move's cells.
    pub own: Signal<In, Board>,
    /// The other side's cells.
    pub opponent: Signal<In, Board>,
    /// The side to move's start square, one-hot.
    pub start_square: Signal<In, Board>,
    /// The other side's start square.
    pub opponent_start_square: Signal<In, Board>,
    /// The side to move's tiles not yet placed.
    pub tiles_left: Signal<In, Tiles>,
    /// The other side's.
    pub opponent_tiles_left: Signal<In, Tiles>,
    /// Passes in a row before the position (0, 1 or 2).
    pub passes: Signal<In, Bits<2>>,
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
    running: DFF<Bit>,
    done_q: DFF<Bit>,
    points_q: DFF<Bits<8>>,
    total: Signal<Local, Bits<8>>,
    /// Each engine's plies, as 16 bits, and their sum.
    engine_plies: [Signal<Local, Bits<16>>; ENGINES],
    total_plies: Signal<Local, Bits<16>>,
    engines_busy: Signal<Local, Bit>,
    /// `finished` with the engines done in this cycle.
    now_finished: Signal<Local, Bits<ENGINES>>,
    salts: [Constant<Bits<32>>; ENGINES],
}

impl PlayoutBank {
    /// An idle bank with every stream at 0 (the first start must `reseed`).
    pub fn new() -> PlayoutBank {
        PlayoutBank {
            clock: Default::default(),
            start: Default::default(),
            reseed: Default::default(),
            seed: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
            opponent_tiles_left: Default::default(),
            passes: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            points: Default::default(),
            plies: Default::default(),
            own_masks: MaskUnit::new(),
            other_masks: MaskUnit::new(),
            engines: std::array::from_fn(|_| CellPlayout::new()),
            streams: Default::default(),
            scores: Default::default(),
            finished: Default::default(),
            running: Default::default(),
            done_q: Default::default(),
            points_q: Default::default(),
            total: Default::default(),
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
        dff_setup!(self, clock, finished, running, done_q, points_q);
        self.done_q.d.next = false;
        self.total.next = 0.into();
        self.now_finished.next = self.finished.q.val();
        self.total_plies.next = 0.into();
        self.engines_busy.next = false;
        self.own_masks.own.next = self.own.val();
        self.own_masks.opponent.next = self.opponent.val();
        self.own_masks.start.next = self.start_square.val();
        self.other_masks.own.next = self.opponent.val();
        self.other_masks.opponent.next = self.own.val();
        self.other_masks.start.next = self.opponent_start_square.val();
        for e in 0..ENGINES {
            self.engines[e].clock.next = self.clock.val();
            self.streams[e].clock.next = self.clock.val();
            self.scores[e].clock.next = self.clock.val();
            self.streams[e].d.next = self.streams[e].q.val();
            self.scores[e].d.next = self.scores[e].q.val();
            self.engines[e].forbidden.next = self.own_masks.forbidden.val();
            self.engines[e].attach.next = self.own_masks.attach.val();
            self.engines[e].opponent_forbidden.next = self.other_masks.forbidden.val();
            self.engines[e].opponent_attach.next = self.other_masks.attach.val();
            self.engines[e].tiles_left.next = self.tiles_left.val();
            self.engines[e].opponent_tiles_left.next = self.opponent_tiles_left.val();
            self.engines[e].passes.next = self.passes.val();
            self.engines[e].seed.next = self.streams[e].q.val();
            if self.reseed.val() {
                self.engines[e].seed.next = (self.seed.val() ^ self.salts[e].val()) | 1;
            }
            self.engines[e].start.next = self.start.val() & !self.running.q.val();
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
        self.finished.d.next = self.now_finished.val();
        if self.running.q.val() {
            if self.finished.q.val().all() {
                self.points_q.d.next = self.total.val();
                self.done_q.d.next = true;
                self.running.d.next = false;
            }
        } else if self.start.val() {
            self.finished.d.next = 0.into();
            self.running.d.next = true;
        }
        self.done.next = self.done_q.q.val();
        self.busy.next = self.running.q.val() | self.engines_busy.val();
        self.points.next = self.points_q.q.val();
        self.plies.next = self.total_plies.val();
    }
}
