//! The tiles and their oriented shapes as the blocks count them: the
//! number of oriented shapes ([`SHAPES`], in the order of
//! `blokus::tiles::shape_table`: a candidate's shape number) and the set of
//! tiles a side still holds ([`Tiles`]).

use blokus::tiles::{SHAPE_COUNT, TILE_COUNT};
use rust_hdl::prelude::*;

/// Number of oriented shapes, the shape numbers with cells.
pub const SHAPES: usize = SHAPE_COUNT;
/// The shape number of a pass or of no move in a move's code (no shape:
/// the placer places nothing).
pub const PASS_SHAPE: u64 = 127;

/// The set of tiles still held: bit `t` for tile `t` (`a` = 0).
pub type Tiles = Bits<TILE_COUNT>;
