//! Board cells: contest coordinates `(x, y)` (1-based, `(1,1)` top-left, y down),
//! their hex digits, and the bit index every bitboard in the project uses.
//!
//! # The bit layout (shared with the hardware and its reference model)
//! A board is a 196-bit vector, row-major: cell `(x, y)` is bit
//! `14 * (y - 1) + (x - 1)`. Bit 0 is `(1,1)` (top-left), bit 13 is `(e,1)`
//! (top-right), bit 14 is `(1,2)`, bit 195 is `(e,e)` (bottom-right).
//! In software the vector is four `u64` words, bit `i` in word `i / 64` at
//! position `i % 64`; bits 196..255 are always zero.

use std::fmt;

/// Side length of the Blokus Duo board.
pub const SIZE: u8 = 14;
/// Number of cells on the board.
pub const CELLS: usize = 196;

/// One cell of the board, stored as its bit index (see the module docs).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at contest coordinates `(x, y)`, both 1..=14, or `None` off the board.
    #[inline]
    pub fn new(x: u8, y: u8) -> Option<Cell> {
        if (1..=SIZE).contains(&x) && (1..=SIZE).contains(&y) {
            Some(Cell((y - 1) * SIZE + (x - 1)))
        } else {
            None
        }
    }

    /// The cell with bit index `index` (0..196). Panics on an index off the board.
    #[inline]
    pub fn from_index(index: usize) -> Cell {
        assert!(index < CELLS, "cell index {index} is off the board");
        Cell(index as u8)
    }

    /// The bit index of this cell in the shared layout.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 1..=14 (1 = left).
    #[inline]
    pub fn x(self) -> u8 {
        self.0 % SIZE + 1
    }

    /// Row, 1..=14 (1 = top).
    #[inline]
    pub fn y(self) -> u8 {
        self.0 / SIZE + 1
    }

    /// Every cell of the board in bit order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

/// The wire digit of a coordinate 0..=14: `0`..`9`, `a`..`e` (lower case).
pub fn hex_digit(value: u8) -> char {
    char::from_digit(u32::from(value), 16).expect("coordinate above 15")
}

impl fmt::Display for Cell {
    /// The two hex digits of the cell as they appear in a move code, e.g. `a5`.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", hex_digit(self.x()), hex_digit(self.y()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_corners_are_where_the_docs_say() {
        assert_eq!(Cell::new(1, 1).unwrap().index(), 0);
        assert_eq!(Cell::new(14, 1).unwrap().index(), 13);
        assert_eq!(Cell::new(1, 2).unwrap().index(), 14);
        assert_eq!(Cell::new(14, 14).unwrap().index(), 195);
        assert_eq!(Cell::new(5, 5).unwrap().to_string(), "55");
        assert_eq!(Cell::new(10, 12).unwrap().to_string(), "ac");
    }

    #[test]
    fn coordinates_round_trip_and_off_board_is_none() {
        for cell in Cell::all() {
            assert_eq!(Cell::new(cell.x(), cell.y()), Some(cell));
        }
        assert_eq!(Cell::new(0, 5), None);
        assert_eq!(Cell::new(5, 15), None);
    }
}
