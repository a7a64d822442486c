//! Model of `hdl::Placer`: the cells and tile of a candidate, from the
//! generator's coordinates (shape number and bounding-box corner cell).
//! Combinational.

use crate::blokus::tiles::{shape_table, SHAPE_COUNT};
use crate::blokus::{Bitboard, Cell, Placement};

/// The cells of shape `shape` (0..91) with its bounding box's top-left corner
/// on cell index `corner` (0..196): the shape's cells with the box at (1,1),
/// moved up by `corner` bit positions; bits past cell 195 are dropped.
/// Shape numbers 91..127 give no cells.
pub fn placer_cells(shape: u8, corner: u8) -> Bitboard {
    let table = shape_table();
    if usize::from(shape) >= SHAPE_COUNT || usize::from(corner) >= 196 {
        return Bitboard::EMPTY;
    }
    table.shapes[usize::from(shape)]
        .mask
        .translated_to(Cell::from_index(usize::from(corner)))
}

/// The tile number (0..21) of shape `shape`; 31 for numbers beyond the table.
pub fn placer_tile(shape: u8) -> u8 {
    shape_table()
        .shapes
        .get(usize::from(shape))
        .map_or(31, |s| s.tile.index() as u8)
}

/// The generator's coordinates of a placement: shape number and box corner index.
pub fn coordinates(p: Placement) -> (u8, u8) {
    let corner = p.anchor.index() - p.shape().anchor_shift() as usize;
    (p.shape, corner as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::sample::random_games;

    #[test]
    fn the_placer_gives_each_legal_placements_cells_and_tile() {
        for history in random_games(41, 3) {
            for position in &history {
                for p in position.legal_placements() {
                    let (shape, corner) = coordinates(p);
                    assert_eq!(placer_cells(shape, corner), p.cells());
                    assert_eq!(placer_tile(shape), p.tile().index() as u8);
                }
            }
        }
        assert_eq!(placer_cells(91, 0), Bitboard::EMPTY);
        assert_eq!(placer_tile(91), 31);
    }
}
