//! Model of `hdl::Placer`: the cells and tile of a candidate, from the
//! generator's coordinates (shape number and bounding-box corner cell).
//! Combinational.

use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::{Bitboard, Cell, Placement};

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

/// The placement at the generator's coordinates: the inverse of
/// [`coordinates`] for every placement on the board; `None` for a shape
/// number beyond the table or a corner that puts the shape off the board.
pub fn placement_at(shape: u8, corner: u8) -> Option<Placement> {
    let s = shape_table().shapes.get(usize::from(shape))?;
    if usize::from(corner) >= 196 {
        return None;
    }
    let corner = Cell::from_index(usize::from(corner));
    if !s.fitting_corners.contains(corner) {
        return None;
    }
    let (ax, ay) = s.anchor_offset();
    Some(Placement {
        shape,
        anchor: Cell::new(corner.x() + ax, corner.y() + ay)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::random_games;

    #[test]
    fn the_placer_gives_each_legal_placements_cells_and_tile() {
        for history in random_games(41, 3) {
            for position in &history {
                for p in position.legal_placements() {
                    let (shape, corner) = coordinates(p);
                    assert_eq!(placer_cells(shape, corner), p.cells());
                    assert_eq!(placer_tile(shape), p.tile().index() as u8);
                    assert_eq!(placement_at(shape, corner), Some(p));
                }
            }
        }
        assert_eq!(placer_cells(91, 0), Bitboard::EMPTY);
        assert_eq!(placer_tile(91), 31);
        assert_eq!(placement_at(91, 0), None);
        assert_eq!(placement_at(0, 196), None);
        // The monomino fits everywhere; a shape wider than one cell not in the last column.
        assert!((0..196).all(|c| placement_at(0, c).is_some()));
        let wide = shape_table()
            .shapes
            .iter()
            .position(|s| s.width > 1)
            .unwrap() as u8;
        assert_eq!(placement_at(wide, 13), None);
    }
}
