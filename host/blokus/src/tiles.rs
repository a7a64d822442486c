//! The 21 tiles `a`..`u`, the 8 orientations of the contest move code, and the
//! 91 distinct oriented shapes they make (the unit the move generator works in).

use crate::bitboard::Bitboard;
use crate::cell::{Cell, SIZE};
use std::fmt;
use std::sync::OnceLock;

/// Number of tiles each player owns.
pub const TILE_COUNT: usize = 21;
/// Number of distinct oriented shapes (tiles up to translation).
pub const SHAPE_COUNT: usize = 91;
/// Every tile of a player: the `used` mask of a player who has placed them all.
pub const ALL_TILES: u32 = (1 << TILE_COUNT) - 1;

/// Cell offsets `(dx, dy)` of each tile in orientation 0 (dx right, dy down),
/// exactly as the contest table gives them.
const TILE_OFFSETS: [&[(i8, i8)]; TILE_COUNT] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, -1), (0, 0), (0, 1)],
    &[(0, -1), (0, 0), (1, 0)],
    &[(0, -1), (0, 0), (0, 1), (0, 2)],
    &[(0, -1), (0, 0), (-1, 1), (0, 1)],
    &[(0, -1), (0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(-1, 0), (0, 0), (0, 1), (1, 1)],
    &[(0, -2), (0, -1), (0, 0), (0, 1), (0, 2)],
    &[(0, -2), (0, -1), (0, 0), (-1, 1), (0, 1)],
    &[(0, -2), (0, -1), (-1, 0), (0, 0), (-1, 1)],
    &[(0, -1), (-1, 0), (0, 0), (-1, 1), (0, 1)],
    &[(-1, -1), (0, -1), (0, 0), (-1, 1), (0, 1)],
    &[(0, -1), (0, 0), (1, 0), (0, 1), (0, 2)],
    &[(0, -1), (0, 0), (-1, 1), (0, 1), (1, 1)],
    &[(0, -2), (0, -1), (0, 0), (1, 0), (2, 0)],
    &[(-1, -1), (0, -1), (0, 0), (1, 0), (1, 1)],
    &[(-1, -1), (-1, 0), (0, 0), (1, 0), (1, 1)],
    &[(-1, -1), (-1, 0), (0, 0), (1, 0), (0, 1)],
    &[(0, -1), (-1, 0), (0, 0), (1, 0), (0, 1)],
];

/// One of the 21 tiles, `a` (the monomino) to `u` (the cross).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Tile(u8);

impl Tile {
    /// The tile with number `n` (0 = `a`). Panics above 20.
    #[inline]
    pub fn from_index(n: usize) -> Tile {
        assert!(n < TILE_COUNT, "tile number {n} does not exist");
        Tile(n as u8)
    }

    /// The tile named by a lower-case letter `a`..`u`.
    pub fn from_letter(letter: u8) -> Option<Tile> {
        (b'a'..=b'u').contains(&letter).then(|| Tile(letter - b'a'))
    }

    /// Tile number, 0 = `a`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's bit in a `used` mask.
    #[inline]
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// The tile's letter, `a`..`u`.
    #[inline]
    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// Number of cells (1..=5).
    #[inline]
    pub fn size(self) -> u8 {
        TILE_OFFSETS[self.index()].len() as u8
    }

    /// All tiles, `a` first.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_COUNT as u8).map(Tile)
    }

    /// The cell offsets of this tile in orientation `r` (0..=7), reference cell `(0,0)` included.
    pub fn offsets(self, r: u8) -> Vec<(i8, i8)> {
        TILE_OFFSETS[self.index()]
            .iter()
            .map(|&d| orient(d, r))
            .collect()
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Applies orientation `r` to one offset: even `r` rotates clockwise `r/2`
/// times (`(x, y) -> (-y, x)` a step); odd `r` then mirrors `(x, y) -> (-x, y)`.
pub fn orient((mut x, mut y): (i8, i8), r: u8) -> (i8, i8) {
    assert!(r < 8, "orientation {r} does not exist");
    for _ in 0..r / 2 {
        (x, y) = (-y, x);
    }
    if r % 2 == 1 {
        x = -x;
    }
    (x, y)
}

/// Index of an oriented shape, 0..91.
pub type ShapeId = u8;

/// One oriented shape: a tile in one orientation, up to translation.
///
/// Its cells are normalised so the bounding box starts at `(0,0)`. The shape
/// is *anchored* at the reference cell of its canonical code (the lowest
/// orientation number giving these cells): the move generator's result for a
/// shape is the set of anchor cells where it may be placed.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The tile this is an orientation of.
    pub tile: Tile,
    /// Cell offsets from the bounding box's top-left corner, in orientation order of the tile table.
    pub cells: Vec<(u8, u8)>,
    /// Bounding box width and height.
    pub width: u8,
    pub height: u8,
    /// Every orientation naming these cells, lowest first (the first is canonical),
    /// each with its reference cell's offset from the bounding box's corner.
    pub codes: Vec<(u8, (u8, u8))>,
    /// The shape's cells with the bounding box at `(1,1)`.
    pub mask: Bitboard,
    /// Bounding-box corners `(1,1)`-based at which the whole shape lies on the board.
    pub fitting_corners: Bitboard,
}

impl Shape {
    /// The canonical orientation.
    #[inline]
    pub fn orientation(&self) -> u8 {
        self.codes[0].0
    }

    /// Offset of the anchor (canonical reference cell) from the bounding box's corner.
    #[inline]
    pub fn anchor_offset(&self) -> (u8, u8) {
        self.codes[0].1
    }

    /// The anchor offset as a bit-index distance.
    #[inline]
    pub fn anchor_shift(&self) -> u32 {
        let (dx, dy) = self.anchor_offset();
        u32::from(dy) * u32::from(SIZE) + u32::from(dx)
    }

    /// The bounding-box corner of the shape placed at `anchor`, if it stays on the board.
    pub fn corner_for_anchor(&self, anchor: Cell) -> Option<Cell> {
        let (dx, dy) = self.anchor_offset();
        let corner = Cell::new(anchor.x().checked_sub(dx)?, anchor.y().checked_sub(dy)?)?;
        self.fitting_corners.contains(corner).then_some(corner)
    }
}

/// All shape data, built once.
pub struct ShapeTable {
    /// The 91 shapes, grouped by tile in tile order.
    pub shapes: Vec<Shape>,
    /// For each tile, the range of its shapes in `shapes`.
    pub tile_shapes: [std::ops::Range<usize>; TILE_COUNT],
    /// For each tile and orientation: the shape and the reference cell's offset from its box corner.
    pub by_code: [[(ShapeId, (u8, u8)); 8]; TILE_COUNT],
}

/// The shape table (built on first use).
pub fn shape_table() -> &'static ShapeTable {
    static TABLE: OnceLock<ShapeTable> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

fn build_table() -> ShapeTable {
    let mut shapes: Vec<Shape> = Vec::with_capacity(SHAPE_COUNT);
    let mut tile_shapes: [std::ops::Range<usize>; TILE_COUNT] = Default::default();
    let mut by_code = [[(0, (0, 0)); 8]; TILE_COUNT];
    for tile in Tile::all() {
        let first = shapes.len();
        for r in 0..8 {
            let offsets = tile.offsets(r);
            let min_x = offsets.iter().map(|o| o.0).min().unwrap();
            let min_y = offsets.iter().map(|o| o.1).min().unwrap();
            let cells: Vec<(u8, u8)> = offsets
                .iter()
                .map(|&(x, y)| ((x - min_x) as u8, (y - min_y) as u8))
                .collect();
            let reference = ((-min_x) as u8, (-min_y) as u8);
            let mut sorted = cells.clone();
            sorted.sort();
            let existing = shapes[first..].iter().position(|s| {
                let mut other = s.cells.clone();
                other.sort();
                other == sorted
            });
            let id = match existing {
                Some(i) => first + i,
                None => {
                    shapes.push(new_shape(tile, cells));
                    shapes.len() - 1
                }
            };
            shapes[id].codes.push((r, reference));
            by_code[tile.index()][r as usize] = (id as ShapeId, reference);
        }
        tile_shapes[tile.index()] = first..shapes.len();
    }
    assert_eq!(shapes.len(), SHAPE_COUNT);
    ShapeTable {
        shapes,
        tile_shapes,
        by_code,
    }
}

fn new_shape(tile: Tile, cells: Vec<(u8, u8)>) -> Shape {
    let width = cells.iter().map(|c| c.0).max().unwrap() + 1;
    let height = cells.iter().map(|c| c.1).max().unwrap() + 1;
    let mask = cells
        .iter()
        .map(|&(x, y)| Cell::new(x + 1, y + 1).unwrap())
        .collect();
    let fitting_corners = Cell::all()
        .filter(|c| c.x() + width - 1 <= SIZE && c.y() + height - 1 <= SIZE)
        .collect();
    Shape {
        tile,
        cells,
        width,
        height,
        codes: Vec::new(),
        mask,
        fitting_corners,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_have_89_cells_and_91_oriented_shapes() {
        let cells: u32 = Tile::all().map(|t| u32::from(t.size())).sum();
        assert_eq!(cells, 89);
        let table = shape_table();
        assert_eq!(table.shapes.len(), 91);
        // Distinct orientations per tile: 8 for the chiral ones (L4 f, N l, P m, Y o, F t, ...),
        // 1 for the square and the cross, the textbook counts of free polyominoes.
        let per_tile: Vec<usize> = table.tile_shapes.iter().map(|r| r.len()).collect();
        assert_eq!(
            per_tile,
            [1, 2, 2, 4, 2, 8, 4, 1, 4, 2, 8, 8, 8, 4, 8, 4, 4, 4, 4, 8, 1]
        );
    }

    #[test]
    fn orientations_follow_the_contest_definition() {
        // 90 degrees clockwise with y down: a cell above the reference moves to its right.
        assert_eq!(orient((0, -1), 2), (1, 0));
        assert_eq!(orient((0, -1), 4), (0, 1));
        assert_eq!(orient((0, -1), 6), (-1, 0));
        assert_eq!(orient((1, 0), 1), (-1, 0));
        assert_eq!(orient((1, -1), 3), (-1, 1));
    }

    #[test]
    fn every_code_names_its_shape_with_the_reference_cell_inside() {
        let table = shape_table();
        for tile in Tile::all() {
            for r in 0..8u8 {
                let (id, reference) = table.by_code[tile.index()][r as usize];
                let shape = &table.shapes[id as usize];
                assert_eq!(shape.tile, tile);
                assert!(shape.cells.contains(&reference));
                assert!(shape.codes.contains(&(r, reference)));
            }
        }
        let codes: usize = table.shapes.iter().map(|s| s.codes.len()).sum();
        assert_eq!(codes, 21 * 8);
    }
}
