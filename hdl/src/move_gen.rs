//! The shapes and tiles as the blocks that place them count them: the
//! number of oriented shapes ([`SHAPES`], the order of
//! `blokus::tiles::shape_table`, a candidate's shape number) and the set of
//! tiles a side still holds ([`Tiles`]). Shared constants and types only;
//! the row-sliced move generator that gave the module its name (`MoveGen`)
//! went with the flat search's hardware, its model stays as
//! `model::move_gen`.

use blokus::tiles::{SHAPE_COUNT, TILE_COUNT};
use rust_hdl::prelude::*;

/// Number of oriented shapes.
pub const SHAPES: usize = SHAPE_COUNT;

/// The set of tiles still held: bit `t` for tile `t` (`a` = 0).
pub type Tiles = Bits<TILE_COUNT>;
