//! A side's position as the blocks take it, as rust-hdl `LogicStruct`s: one
//! port (or register) a side instead of a board, a start square and tiles
//! each, so that a block taking both sides takes two ports, and a pass
//! that swaps the sides swaps two values.
//!
//! [`Side`] is a side as the search sees it (its cells, start square and
//! tiles left: `crate::Expander`, `crate::PlayoutBank`); [`PlayoutSide`] as
//! the playout engine keeps it (its forbidden and attach cells and tiles
//! left: `crate::CellPlayout`).

use crate::board::Board;
use crate::tiles::Tiles;
use rust_hdl::prelude::*;

/// The structs: rust-hdl's `LogicStruct` derive adds undocumented methods
/// (each field's width and offset, for the Verilog).
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// A side's position as the search sees it.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct Side {
        /// Its cells.
        pub cells: Board,
        /// Its start square, one-hot.
        pub start_square: Board,
        /// Its tiles not yet placed.
        pub tiles: Tiles,
    }

    /// A side's position as the playout engine keeps it.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct PlayoutSide {
        /// Its forbidden cells (`Position::forbidden`).
        pub forbidden: Board,
        /// Its attach cells (`Position::attach_cells`).
        pub attach: Board,
        /// Its tiles not yet placed.
        pub tiles: Tiles,
    }
}
pub use structs::{PlayoutSide, Side};
