//! Pentobi's cell-list notation for a placement, both ways: `f9,e10,f10,g10,f11`.
//! Columns are letters from `a` (`i` included), rows numbers with row 1 at the
//! bottom, so contest `(X, Y)` is column `'a'+X-1`, row `15-Y`. Cells are
//! written in Pentobi's canonical order (a1, b1, ..., a2, b2, ...).

use crate::bitboard::Bitboard;
use crate::cell::{Cell, SIZE};
use crate::position::Placement;
use crate::tiles::shape_table;
use thiserror::Error;

/// Why a Pentobi cell list names no placement.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PentobiError {
    #[error("{0:?} is not a cell: a column letter a-n followed by a row 1-14")]
    BadCell(String),
    #[error("cell {0} is listed twice")]
    Repeated(String),
    #[error("the cells {0:?} do not form one of the 21 tiles")]
    NotATile(String),
}

/// The Pentobi name of a cell, e.g. `e10` for contest (5,5).
pub fn cell_name(cell: Cell) -> String {
    format!("{}{}", (b'a' + cell.x() - 1) as char, SIZE + 1 - cell.y())
}

/// Reads one Pentobi cell name (either case).
pub fn parse_cell(name: &str) -> Result<Cell, PentobiError> {
    let bad = || PentobiError::BadCell(name.to_string());
    let lower = name.to_ascii_lowercase();
    let (column, row) = lower.split_at_checked(1).ok_or_else(bad)?;
    let column = column.as_bytes()[0];
    let row: u8 = row
        .parse()
        .ok()
        .filter(|_| row.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(bad)?;
    if !(b'a'..b'a' + SIZE).contains(&column) || !(1..=SIZE).contains(&row) {
        return Err(bad());
    }
    Ok(Cell::new(column - b'a' + 1, SIZE + 1 - row).unwrap())
}

/// A set of cells in Pentobi's canonical order: bottom row first, left to right.
pub fn cells_to_string(cells: Bitboard) -> String {
    let mut list: Vec<Cell> = cells.cells().collect();
    list.sort_by_key(|c| (std::cmp::Reverse(c.y()), c.x()));
    list.into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join(",")
}

/// The placement in Pentobi notation.
pub fn placement_to_string(p: Placement) -> String {
    cells_to_string(p.cells())
}

/// The placement a Pentobi cell list names (legality on a board is not checked here).
pub fn parse_placement(text: &str) -> Result<Placement, PentobiError> {
    let mut cells = Bitboard::EMPTY;
    for name in text.trim().split(',') {
        let cell = parse_cell(name.trim())?;
        if cells.contains(cell) {
            return Err(PentobiError::Repeated(name.trim().to_string()));
        }
        cells.insert(cell);
    }
    placement_from_cells(cells).ok_or_else(|| PentobiError::NotATile(text.trim().to_string()))
}

/// The placement covering exactly `cells`, if they form a tile.
pub fn placement_from_cells(cells: Bitboard) -> Option<Placement> {
    let min_x = cells.cells().map(Cell::x).min()?;
    let min_y = cells.cells().map(Cell::y).min()?;
    let corner = Cell::new(min_x, min_y)?;
    let table = shape_table();
    table.shapes.iter().enumerate().find_map(|(id, shape)| {
        let fits =
            shape.fitting_corners.contains(corner) && shape.mask.translated_to(corner) == cells;
        fits.then(|| {
            let (dx, dy) = shape.anchor_offset();
            Placement {
                shape: id as u8,
                anchor: Cell::new(corner.x() + dx, corner.y() + dy).unwrap(),
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn start_squares_are_e10_and_j5() {
        assert_eq!(cell_name(Cell::new(5, 5).unwrap()), "e10");
        assert_eq!(cell_name(Cell::new(10, 10).unwrap()), "j5");
        assert_eq!(parse_cell("J5").unwrap(), Cell::new(10, 10).unwrap());
        assert_eq!(cell_name(Cell::new(1, 14).unwrap()), "a1");
        assert_eq!(cell_name(Cell::new(14, 1).unwrap()), "n14");
    }

    #[test]
    fn the_pentobi_example_is_the_cross_on_e10() {
        let p = parse_placement("f9,e10,f10,g10,f11").unwrap();
        assert_eq!(p.tile().letter(), 'u');
        assert_eq!(p.code().to_string(), "65u0");
        assert_eq!(placement_to_string(p), "f9,e10,f10,g10,f11");
    }

    #[test]
    fn every_first_move_round_trips() {
        for p in Position::new().legal_placements() {
            let text = placement_to_string(p);
            assert_eq!(parse_placement(&text), Ok(p), "{text}");
        }
    }

    #[test]
    fn bad_lists_say_what_is_wrong() {
        assert_eq!(
            parse_placement("e10,o3"),
            Err(PentobiError::BadCell("o3".into()))
        );
        assert_eq!(
            parse_placement("e15"),
            Err(PentobiError::BadCell("e15".into()))
        );
        assert_eq!(
            parse_placement("e1x"),
            Err(PentobiError::BadCell("e1x".into()))
        );
        assert_eq!(
            parse_placement("e10,e10"),
            Err(PentobiError::Repeated("e10".into()))
        );
        assert!(matches!(
            parse_placement("a1,c1"),
            Err(PentobiError::NotATile(_))
        ));
    }
}
