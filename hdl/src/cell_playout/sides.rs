//! The two sides of the game being played out (the side to move, `own`,
//! and the other, each a [`PlayoutSide`]), the cells next to the last
//! placement, and the game's counters: passes in a row, plies, whether the
//! side to move is the one that moved first; and whether the game is over.
//! Each change is a command of the engine's state machine; a placement's
//! effect on both sides is [`Apply`]'s. In an engine with history, the
//! placement's cells and neighbours and the other side's forbidden cells
//! as well, for the history.

use super::apply::{Apply, Placed};
use crate::board::Board;
use crate::optional::Optional;
use crate::side::PlayoutSide;
use rust_hdl::prelude::*;

/// The sides and the counters.
#[derive(LogicBlock, Default)]
pub struct Sides {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Start: take `start_own`, `start_other` and `start_passes`.
    pub load: Signal<In, Bit>,
    /// The side to move at the start.
    pub start_own: Signal<In, PlayoutSide>,
    /// The other side at the start.
    pub start_other: Signal<In, PlayoutSide>,
    /// Passes in a row before the start.
    pub start_passes: Signal<In, Bits<2>>,
    /// The side to move passes: the sides swap.
    pub pass: Signal<In, Bit>,
    /// `dead_cell`, an attach cell of the side to move, is dead: it becomes
    /// forbidden.
    pub dead: Signal<In, Bit>,
    /// The dead cell, one-hot.
    pub dead_cell: Signal<In, Board>,
    /// The side to move places the shape below: both sides change, and
    /// swap.
    pub place: Signal<In, Bit>,
    /// The shape's cells with its box corner on cell 0.
    pub origin: Signal<In, Board>,
    /// The placement's box corner.
    pub corner: Signal<In, Bits<8>>,
    /// The shape's tile.
    pub tile: Signal<In, Bits<5>>,
    /// The game is over: the sides' tiles swap for the tally.
    pub swap: Signal<In, Bit>,
    /// The side to move.
    pub own: Signal<Out, PlayoutSide>,
    /// The cells next to the last placement (none after a pass).
    pub near: Signal<Out, Board>,
    /// Two passes in a row, or a side has placed all its tiles.
    pub over: Signal<Out, Bit>,
    /// The side to move is the one that moved first at the start.
    pub root: Signal<Out, Bit>,
    /// Plies played, passes included.
    pub plies: Signal<Out, Bits<8>>,
    /// The placement's cells and neighbours, from `origin` and `corner`
    /// (an engine with history only).
    pub placed: Optional<Signal<Out, Placed>>,
    /// The other side's forbidden cells (an engine with history only).
    pub other_forbidden: Optional<Signal<Out, Board>>,
    own_q: DFF<PlayoutSide>,
    other_q: DFF<PlayoutSide>,
    near_q: DFF<Board>,
    passes_q: DFF<Bits<2>>,
    root_q: DFF<Bit>,
    plies_q: DFF<Bits<8>>,
    apply: Apply,
}

impl Sides {
    /// The block of an engine with history: [`Sides::placed`] and
    /// [`Sides::other_forbidden`] present.
    pub fn with_history() -> Sides {
        Sides {
            placed: Optional::present(Default::default()),
            other_forbidden: Optional::present(Default::default()),
            apply: Apply::with_placed(),
            ..Default::default()
        }
    }
}

impl Logic for Sides {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, own_q, other_q, near_q, passes_q, root_q, plies_q);
        self.apply.mover.next = self.own_q.q.val();
        self.apply.other.next = self.other_q.q.val();
        self.apply.origin.next = self.origin.val();
        self.apply.corner.next = self.corner.val();
        self.apply.tile.next = self.tile.val();
        if self.load.val() {
            self.own_q.d.next = self.start_own.val();
            self.other_q.d.next = self.start_other.val();
            self.near_q.d.next = 0.into();
            self.root_q.d.next = true;
            self.passes_q.d.next = self.start_passes.val();
            self.plies_q.d.next = 0.into();
        }
        if self.pass.val() {
            self.passes_q.d.next = self.passes_q.q.val() + 1;
            self.own_q.d.next = self.other_q.q.val();
            self.other_q.d.next = self.own_q.q.val();
            self.near_q.d.next = 0.into();
            self.root_q.d.next = !self.root_q.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + 1;
        }
        if self.place.val() {
            self.own_q.d.next = self.apply.waited.val();
            self.other_q.d.next = self.apply.moved.val();
            self.near_q.d.next = self.apply.near.val();
            self.passes_q.d.next = 0.into();
            self.root_q.d.next = !self.root_q.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + 1;
        }
        if self.swap.val() {
            // Only the tiles, which the tally reads: swapping the cells too
            // would put a fifth input on every cell register's mux.
            self.own_q.d.next.tiles = self.other_q.q.val().tiles;
            self.other_q.d.next.tiles = self.own_q.q.val().tiles;
            self.root_q.d.next = !self.root_q.q.val();
        }
        // Last, as the latest to settle (the fit's any, through PAIRS): the
        // commands are never two at once, so the order is only the muxes'.
        if self.dead.val() {
            self.own_q.d.next.forbidden = self.own_q.q.val().forbidden | self.dead_cell.val();
            self.own_q.d.next.attach = self.own_q.q.val().attach & !self.dead_cell.val();
        }
        self.own.next = self.own_q.q.val();
        self.near.next = self.near_q.q.val();
        self.over.next = (self.passes_q.q.val() == 2)
            | !self.own_q.q.val().tiles.any()
            | !self.other_q.q.val().tiles.any();
        self.root.next = self.root_q.q.val();
        self.plies.next = self.plies_q.q.val();
        for _part in 0..self.placed.len() {
            self.placed.next = self.apply.placed.val();
            self.other_forbidden.next = self.other_q.q.val().forbidden;
        }
    }
}
