//! 196-bit boards in the shared row-major layout (see [`crate::cell`]):
//! set operations, shifts, neighbour masks and iteration over set cells.

use crate::cell::{Cell, CELLS, SIZE};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cells; bit `i` is the cell with index `i`. Bits 196..255 are always zero.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub [u64; 4]);

const fn full_board() -> Bitboard {
    Bitboard([u64::MAX, u64::MAX, u64::MAX, (1u64 << (CELLS - 192)) - 1])
}

const fn column(x: u8) -> Bitboard {
    let mut words = [0u64; 4];
    let mut y = 0;
    while y < SIZE as usize {
        let i = y * SIZE as usize + (x as usize - 1);
        words[i / 64] |= 1 << (i % 64);
        y += 1;
    }
    Bitboard(words)
}

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// Every cell of the board.
    pub const FULL: Bitboard = full_board();
    /// The left column (x = 1).
    pub const LEFT: Bitboard = column(1);
    /// The right column (x = 14).
    pub const RIGHT: Bitboard = column(SIZE);

    /// The set holding just `cell`.
    #[inline]
    pub fn from_cell(cell: Cell) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.insert(cell);
        b
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of cells in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub fn intersects(self, other: Bitboard) -> bool {
        !(self & other).is_empty()
    }

    /// Every bit moved `k` places towards bit 0 (k < 64), as a plain 256-bit shift.
    #[inline(always)]
    pub fn shr_small(self, k: u32) -> Bitboard {
        let w = self.0;
        if k == 0 {
            return self;
        }
        Bitboard([
            w[0] >> k | w[1] << (64 - k),
            w[1] >> k | w[2] << (64 - k),
            w[2] >> k | w[3] << (64 - k),
            w[3] >> k,
        ])
    }

    /// Every bit moved `k` places away from bit 0 (k < 64), clipped to the board.
    #[inline(always)]
    pub fn shl_small(self, k: u32) -> Bitboard {
        let w = self.0;
        if k == 0 {
            return self;
        }
        Bitboard([
            w[0] << k,
            w[1] << k | w[0] >> (64 - k),
            w[2] << k | w[1] >> (64 - k),
            w[3] << k | w[2] >> (64 - k),
        ]) & Bitboard::FULL
    }

    /// Row `y` (0-based, 0 = top) as 14 bits, bit `x` the cell of column
    /// `x + 1`.
    #[inline]
    pub fn row(self, y: u8) -> u16 {
        let i = usize::from(y) * usize::from(SIZE);
        let (word, bit) = (i / 64, i % 64);
        let mut bits = self.0[word] >> bit;
        if bit + usize::from(SIZE) > 64 {
            bits |= self.0[word + 1] << (64 - bit);
        }
        (bits & ((1 << SIZE) - 1)) as u16
    }

    /// The set moved so that bit 0 lands on `cell` (every bit `i` becomes
    /// `i + cell.index()`), clipped to the board.
    #[inline]
    pub fn translated_to(self, cell: Cell) -> Bitboard {
        let k = cell.index();
        let (words, bits) = (k / 64, (k % 64) as u32);
        let mut out = [0u64; 4];
        for i in (words..4).rev() {
            out[i] = self.0[i - words] << bits;
            if bits > 0 && i > words {
                out[i] |= self.0[i - words - 1] >> (64 - bits);
            }
        }
        Bitboard(out) & Bitboard::FULL
    }

    /// Cells sharing an edge with a cell of the set (the set itself excluded
    /// only where no other member touches it).
    #[inline]
    pub fn edge_neighbours(self) -> Bitboard {
        let not_left = self & !Bitboard::LEFT;
        let not_right = self & !Bitboard::RIGHT;
        not_right.shl_small(1)
            | not_left.shr_small(1)
            | self.shl_small(SIZE as u32)
            | self.shr_small(SIZE as u32)
    }

    /// Cells touching a cell of the set corner to corner.
    #[inline]
    pub fn diagonal_neighbours(self) -> Bitboard {
        let not_left = self & !Bitboard::LEFT;
        let not_right = self & !Bitboard::RIGHT;
        let row = SIZE as u32;
        not_right.shl_small(row + 1)
            | not_left.shl_small(row - 1)
            | not_right.shr_small(row - 1)
            | not_left.shr_small(row + 1)
    }

    /// The `n`-th cell of the set in bit order (from 0), if it has more
    /// than `n`.
    #[inline]
    pub fn nth_cell(self, mut n: u32) -> Option<Cell> {
        for (i, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                let mut word = word;
                for _ in 0..n {
                    word &= word - 1;
                }
                return Some(Cell::from_index(i * 64 + word.trailing_zeros() as usize));
            }
            n -= ones;
        }
        None
    }

    /// The cells of the set in bit order.
    #[inline]
    pub fn cells(self) -> Cells {
        Cells(self)
    }
}

/// Iterator over the cells of a [`Bitboard`], lowest bit first.
pub struct Cells(Bitboard);

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let words = &mut (self.0).0;
        for (n, w) in words.iter_mut().enumerate() {
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Cell::from_index(n * 64 + bit));
            }
        }
        None
    }
}

impl FromIterator<Cell> for Bitboard {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for cell in iter {
            b.insert(cell);
        }
        b
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the board (never sets bits 196..255).
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]]) & Bitboard::FULL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_neighbours(b: Bitboard, steps: &[(i8, i8)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for cell in b.cells() {
            for (dx, dy) in steps {
                let (x, y) = (cell.x() as i8 + dx, cell.y() as i8 + dy);
                if let Some(n) = Cell::new(x as u8, y as u8).filter(|_| x > 0 && y > 0) {
                    out.insert(n);
                }
            }
        }
        out
    }

    #[test]
    fn full_board_has_196_cells_and_complement_stays_on_board() {
        assert_eq!(Bitboard::FULL.count(), 196);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
        assert_eq!(Bitboard::LEFT.count(), 14);
        assert!(Bitboard::LEFT.contains(Cell::new(1, 14).unwrap()));
        assert!(Bitboard::RIGHT.contains(Cell::new(14, 1).unwrap()));
    }

    #[test]
    fn neighbour_masks_match_a_cell_by_cell_computation() {
        // Every single cell, and a few scattered sets, including the edges.
        let mut sets: Vec<Bitboard> = Cell::all().map(Bitboard::from_cell).collect();
        sets.push(Cell::all().filter(|c| c.index() % 7 == 0).collect());
        sets.push(Cell::all().filter(|c| c.x() == 1 || c.y() == 14).collect());
        for b in sets {
            let edges = naive_neighbours(b, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
            let diagonals = naive_neighbours(b, &[(1, 1), (-1, 1), (1, -1), (-1, -1)]);
            assert_eq!(b.edge_neighbours(), edges);
            assert_eq!(b.diagonal_neighbours(), diagonals);
        }
    }

    #[test]
    fn translation_moves_every_bit_by_the_cell_index() {
        let b: Bitboard = [0, 1, 14, 15, 60]
            .map(Cell::from_index)
            .into_iter()
            .collect();
        for target in [0, 1, 63, 64, 100, 130] {
            let moved = b.translated_to(Cell::from_index(target));
            let expected: Bitboard = b
                .cells()
                .map(|c| c.index() + target)
                .filter(|&i| i < 196)
                .map(Cell::from_index)
                .collect();
            assert_eq!(moved, expected, "to {target}");
        }
    }

    #[test]
    fn a_row_holds_the_cells_of_that_row_and_no_other() {
        // Sets whose rows straddle the words' boundaries (rows 4, 9 and 13).
        let sets: Vec<Bitboard> = vec![
            Bitboard::FULL,
            Cell::all().filter(|c| c.index() % 3 == 0).collect(),
            Cell::all()
                .filter(|c| (c.x() + 2 * c.y()) % 5 == 1)
                .collect(),
            Cell::all().filter(|c| c.x() == 14 || c.x() == 1).collect(),
        ];
        for b in sets {
            for y in 0..SIZE {
                let want = (1..=SIZE)
                    .filter(|&x| b.contains(Cell::new(x, y + 1).unwrap()))
                    .fold(0u16, |row, x| row | 1 << (x - 1));
                assert_eq!(b.row(y), want, "row {y}");
            }
        }
    }

    #[test]
    fn the_nth_cell_is_the_nth_of_the_iteration() {
        let sets: Vec<Bitboard> = vec![
            Bitboard::EMPTY,
            Bitboard::FULL,
            Cell::all().filter(|c| c.index() % 5 == 2).collect(),
            [0, 63, 64, 127, 128, 195]
                .map(Cell::from_index)
                .into_iter()
                .collect(),
        ];
        for b in sets {
            for n in 0..=b.count() {
                assert_eq!(b.nth_cell(n), b.cells().nth(n as usize), "cell {n}");
            }
        }
    }

    #[test]
    fn iteration_yields_cells_in_bit_order() {
        let cells = [0, 63, 64, 130, 195].map(Cell::from_index);
        let b: Bitboard = cells.iter().copied().collect();
        assert_eq!(b.cells().collect::<Vec<_>>(), cells.to_vec());
        assert_eq!(b.count(), 5);
    }
}
