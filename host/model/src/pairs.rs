//! The (shape, cell) pairs: every oriented shape with each of its cells,
//! 414 in all ([`cell_pairs`]). A placement covering a cell is exactly one
//! pair placed with its cell there, so the legal placements covering a cell
//! are the pairs that fit around it ([`covering`]): how the playout engine
//! ([`crate::cell_playout`]) and the candidate stream
//! ([`crate::cell_candidates`]) find placements without a move generator.

use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::{Bitboard, Cell, Placement};

/// One entry of the cell-pair table: an oriented shape and one of its cells
/// (its offset from the shape's box corner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPair {
    /// The oriented shape (index into the tile table's shapes).
    pub shape: u8,
    /// Its cells.
    pub size: u8,
    /// The cell's offset from the shape's box corner.
    pub dx: u8,
    pub dy: u8,
}

/// Every (shape, cell) pair: shapes in table order, each shape's cells in
/// its order; 414 in all, grouped by size as the tiles are.
pub fn cell_pairs() -> &'static [CellPair] {
    static PAIRS: std::sync::OnceLock<Vec<CellPair>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs = Vec::new();
        for (s, shape) in shape_table().shapes.iter().enumerate() {
            for &(dx, dy) in &shape.cells {
                pairs.push(CellPair {
                    shape: s as u8,
                    size: shape.tile.size(),
                    dx,
                    dy,
                });
            }
        }
        pairs
    })
}

/// The box corner of `pair` placed with its cell on `cell` (`None` off the
/// board's top or left).
pub fn pair_corner(pair: CellPair, cell: Cell) -> Option<Cell> {
    Cell::new(
        cell.x().checked_sub(pair.dx)?,
        cell.y().checked_sub(pair.dy)?,
    )
}

/// The legal placements covering `cell`, as indices into [`cell_pairs`]
/// with their placements, in table order; `corners`: the mover's legal box
/// corners per shape.
pub fn covering(
    corners: &[Bitboard; SHAPE_COUNT],
    cell: Cell,
) -> impl Iterator<Item = (usize, Placement)> + '_ {
    let table = shape_table();
    cell_pairs()
        .iter()
        .enumerate()
        .filter_map(move |(i, &pair)| {
            let corner = pair_corner(pair, cell)?;
            let shape = usize::from(pair.shape);
            corners[shape].contains(corner).then(|| {
                let shift = table.shapes[shape].anchor_shift() as usize;
                (
                    i,
                    Placement {
                        shape: pair.shape,
                        anchor: Cell::from_index(corner.index() + shift),
                    },
                )
            })
        })
}
