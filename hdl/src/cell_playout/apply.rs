//! APPLY: a placement's effect on both sides. The placement's cells (the
//! shape's cells on box corner 0, shifted onto the corner); the mover's
//! forbidden cells gain them and their edges, its attach cells their free
//! corners; the other side loses them as attach cells and gains them as
//! forbidden; the mover's tile is placed; the cells next to the placement.
//! In an engine with history, the placement's cells and their neighbours
//! as well ([`Placed`]), for the history's rings.

use crate::board::Board;
use crate::neighbours::Neighbours;
use crate::optional::Optional;
use crate::placer::CornerShift;
use crate::side::PlayoutSide;
use rust_hdl::prelude::*;

/// The struct: rust-hdl's `LogicStruct` derive adds undocumented methods.
#[allow(missing_docs)]
mod placed {
    use super::*;

    /// A placement's cells and the cells touching them.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct Placed {
        /// Its cells.
        pub cells: Board,
        /// The cells sharing an edge with one of them.
        pub edges: Board,
        /// The cells touching one of them corner to corner.
        pub diagonals: Board,
    }
}
pub use placed::Placed;

/// Both sides after the mover's placement.
#[derive(LogicBlock, Default)]
pub struct Apply {
    /// The side that places.
    pub mover: Signal<In, PlayoutSide>,
    /// The other side.
    pub other: Signal<In, PlayoutSide>,
    /// The shape's cells with its box corner on cell 0.
    pub origin: Signal<In, Board>,
    /// The placement's box corner.
    pub corner: Signal<In, Bits<8>>,
    /// The shape's tile.
    pub tile: Signal<In, Bits<5>>,
    /// The mover after the placement.
    pub moved: Signal<Out, PlayoutSide>,
    /// The other side after it.
    pub waited: Signal<Out, PlayoutSide>,
    /// The cells next to the placement, by an edge or a corner.
    pub near: Signal<Out, Board>,
    /// The placement's cells and neighbours (an engine with history only).
    pub placed: Optional<Signal<Out, Placed>>,
    shift: CornerShift,
    neighbours: Neighbours,
}

impl Apply {
    /// The block of an engine with history: [`Apply::placed`] present.
    pub fn with_placed() -> Apply {
        Apply {
            placed: Optional::present(Default::default()),
            ..Default::default()
        }
    }
}

impl Logic for Apply {
    #[hdl_gen]
    fn update(&mut self) {
        self.shift.origin.next = self.origin.val();
        self.shift.corner.next = self.corner.val();
        self.neighbours.cells.next = self.shift.cells.val();
        self.waited.next.forbidden = self.other.val().forbidden | self.shift.cells.val();
        self.waited.next.attach = self.other.val().attach & !self.shift.cells.val();
        self.waited.next.tiles = self.other.val().tiles;
        self.moved.next.forbidden =
            self.mover.val().forbidden | self.shift.cells.val() | self.neighbours.edges.val();
        self.moved.next.attach = (self.mover.val().attach | self.neighbours.diagonals.val())
            & !(self.mover.val().forbidden | self.shift.cells.val() | self.neighbours.edges.val());
        self.moved.next.tiles =
            self.mover.val().tiles & !(bit_cast::<21, 1>(1.into()) << self.tile.val());
        self.near.next = self.neighbours.edges.val() | self.neighbours.diagonals.val();
        for _part in 0..self.placed.len() {
            self.placed.next.cells = self.shift.cells.val();
            self.placed.next.edges = self.neighbours.edges.val();
            self.placed.next.diagonals = self.neighbours.diagonals.val();
        }
    }
}
