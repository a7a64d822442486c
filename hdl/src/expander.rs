//! The tree search's expander: a position's children, the one-ply core's
//! [`CHILDREN`] best candidates in order of score, streamed out one a cycle
//! to be written into node memory. The hardware twin of `model::expander`,
//! whose doc comment is the specification (the order and the cycles).
//!
//! # How
//! `start` starts the core ([`OnePly`]) at once. Each candidate it scores
//! goes into a [`CHILDREN`]-entry list kept in order of score, highest
//! first: entry `i` stays where it is when it is valid and its score is at
//! least the new one's (so ties keep the hardware's order); the new one
//! takes the first place that does not stay, and the entries after it move
//! down one (the last drops out when the list is full). Once the core is
//! done the list streams out from its head, moving up one entry a cycle,
//! `child` high with each child; the cycle after the last raises `done`.

use crate::board::Board;
use crate::candidates::Count;
use crate::move_gen::Tiles;
use crate::one_ply::OnePly;
use model::expander::CHILDREN;
use rust_hdl::prelude::*;

/// The list's last entry (rust-hdl's Verilog generator needs array
/// indices with the loop variables in scope, so `update` writes it as a literal).
const LAST: usize = CHILDREN - 1;
const _: () = assert!(LAST == 15);

/// The phases.
mod phase {
    pub const IDLE: u64 = 0;
    pub const SCORE: u64 = 1;
    pub const STREAM: u64 = 2;
}

/// The expander.
#[derive(LogicBlock)]
pub struct Expander {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle: expand the position below.
    pub start: Signal<In, Bit>,
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
    /// The candidates the core scored (held from `done` to the next `start`).
    pub candidates: Signal<Out, Count>,
    /// The core's decision, held as long: a candidate was found, and the
    /// best one's shape, corner and tile (the first child's).
    pub found: Signal<Out, Bit>,
    /// The best candidate's oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// The best candidate's box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// The best candidate's tile.
    pub best_tile: Signal<Out, Bits<5>>,
    core: OnePly,
    phase: DFF<Bits<2>>,
    valid: [DFF<Bit>; CHILDREN],
    key: [DFF<Bits<12>>; CHILDREN],
    shape: [DFF<Bits<7>>; CHILDREN],
    corner: [DFF<Bits<8>>; CHILDREN],
    done_q: DFF<Bit>,
    /// Entry `i` stays in place on an insertion.
    keep: [Signal<Local, Bit>; CHILDREN],
    /// The scored candidate's score as an offset-binary key.
    new_key: Signal<Local, Bits<12>>,
    sign: Constant<Bits<12>>,
    p_idle: Constant<Bits<2>>,
    p_score: Constant<Bits<2>>,
    p_stream: Constant<Bits<2>>,
}

impl Expander {
    /// An idle expander with an empty list.
    pub fn new() -> Expander {
        let p = |v: u64| Constant::new(Bits::<2>::from(v));
        Expander {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
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
            core: OnePly::new(),
            phase: Default::default(),
            valid: Default::default(),
            key: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            done_q: Default::default(),
            keep: Default::default(),
            new_key: Default::default(),
            sign: Constant::new(0x800u64.into()),
            p_idle: p(phase::IDLE),
            p_score: p(phase::SCORE),
            p_stream: p(phase::STREAM),
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
        dff_setup!(self, clock, phase, done_q);
        for i in 0..CHILDREN {
            self.valid[i].clock.next = self.clock.val();
            self.key[i].clock.next = self.clock.val();
            self.shape[i].clock.next = self.clock.val();
            self.corner[i].clock.next = self.clock.val();
            self.valid[i].d.next = self.valid[i].q.val();
            self.key[i].d.next = self.key[i].q.val();
            self.shape[i].d.next = self.shape[i].q.val();
            self.corner[i].d.next = self.corner[i].q.val();
        }
        self.core.clock.next = self.clock.val();
        self.core.start.next = false;
        self.core.own.next = self.own.val();
        self.core.opponent.next = self.opponent.val();
        self.core.start_square.next = self.start_square.val();
        self.core.opponent_start_square.next = self.opponent_start_square.val();
        self.core.tiles_left.next = self.tiles_left.val();
        self.new_key.next = unsigned_cast(self.core.scored_score.val()) ^ self.sign.val();
        for i in 0..CHILDREN {
            self.keep[i].next = self.valid[i].q.val() & (self.key[i].q.val() >= self.new_key.val());
        }
        self.done_q.d.next = false;
        self.child.next = false;
        if self.phase.q.val() == self.p_idle.val() {
            if self.start.val() {
                self.core.start.next = true;
                for i in 0..CHILDREN {
                    self.valid[i].d.next = false;
                }
                self.phase.d.next = self.p_score.val();
            }
        } else if self.phase.q.val() == self.p_score.val() {
            if self.core.scored.val() {
                // The first entry that does not stay takes the new one; the
                // ones after it move down.
                if !self.keep[0].val() {
                    self.valid[0].d.next = true;
                    self.key[0].d.next = self.new_key.val();
                    self.shape[0].d.next = self.core.scored_shape.val();
                    self.corner[0].d.next = self.core.scored_corner.val();
                }
                for i in 1..CHILDREN {
                    if !self.keep[i].val() {
                        self.valid[i].d.next = true;
                        if self.keep[i - 1].val() {
                            self.key[i].d.next = self.new_key.val();
                            self.shape[i].d.next = self.core.scored_shape.val();
                            self.corner[i].d.next = self.core.scored_corner.val();
                        } else {
                            self.valid[i].d.next = self.valid[i - 1].q.val();
                            self.key[i].d.next = self.key[i - 1].q.val();
                            self.shape[i].d.next = self.shape[i - 1].q.val();
                            self.corner[i].d.next = self.corner[i - 1].q.val();
                        }
                    }
                }
            }
            if self.core.done.val() {
                self.phase.d.next = self.p_stream.val();
            }
        } else {
            // STREAM: the head goes out, the list moves up one.
            if self.valid[0].q.val() {
                self.child.next = true;
                for i in 0..LAST {
                    self.valid[i].d.next = self.valid[i + 1].q.val();
                    self.key[i].d.next = self.key[i + 1].q.val();
                    self.shape[i].d.next = self.shape[i + 1].q.val();
                    self.corner[i].d.next = self.corner[i + 1].q.val();
                }
                self.valid[15].d.next = false;
            } else {
                self.done_q.d.next = true;
                self.phase.d.next = self.p_idle.val();
            }
        }
        self.child_shape.next = self.shape[0].q.val();
        self.child_corner.next = self.corner[0].q.val();
        self.done.next = self.done_q.q.val();
        self.busy.next = self.phase.q.val() != self.p_idle.val();
        self.candidates.next = self.core.candidates.val();
        self.found.next = self.core.found.val();
        self.best_shape.next = self.core.best_shape.val();
        self.best_corner.next = self.core.best_corner.val();
        self.best_tile.next = self.core.best_tile.val();
    }
}
