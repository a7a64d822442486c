//! 196-bit boards as hardware values: the [`Board`] type every block uses,
//! conversion to and from the host's four-word layout, and column masks.
//!
//! The bit layout is the one `blokus` defines: cell `(x, y)`
//! (1-based, `(1,1)` top-left) is bit `14 * (y - 1) + (x - 1)`. The host keeps
//! a board as `[u64; 4]` with bit `i` in word `i / 64` at position `i % 64`
//! (`blokus::Bitboard(pub [u64; 4])`); [`board_from_words`] and
//! [`board_to_words`] move such a board in and out of the hardware.
//!
//! rust-hdl stores a `Bits<N>` wider than 32 bits as an array of `N` booleans
//! (its "long" representation) and converts integers only up to 64 bits, so
//! the conversions here go word by word and bit by bit.

use rust_hdl::prelude::*;

/// Side length of the Blokus Duo board.
pub const SIZE: usize = 14;
/// Number of cells on the board, the width of a [`Board`].
pub const CELLS: usize = SIZE * SIZE;

/// A set of cells as a hardware value; bit `i` is the cell with index `i`.
pub type Board = Bits<CELLS>;

/// The board whose bits are those of the host's words: bit `i` of the result
/// is bit `i % 64` of `words[i / 64]`.
///
/// Panics if a bit beyond the board (196..255) is set, which no host
/// `Bitboard` ever has.
pub fn board_from_words(words: [u64; 4]) -> Board {
    assert!(
        words[3] >> (CELLS - 192) == 0,
        "bits beyond cell 195 are set: word 3 is {:#x}",
        words[3]
    );
    words
        .iter()
        .enumerate()
        .fold(Board::default(), |board, (n, &word)| {
            board | (Board::from(word) << (64 * n as LiteralType))
        })
}

/// The host's four words for a board (bits 196..255 zero).
pub fn board_to_words(board: Board) -> [u64; 4] {
    let mut words = [0u64; 4];
    for i in (0..CELLS).filter(|&i| board.get_bit(i)) {
        words[i / 64] |= 1 << (i % 64);
    }
    words
}

/// The board holding just the cell with index `index` (0..196).
pub fn board_from_cell_index(index: usize) -> Board {
    assert!(index < CELLS, "cell index {index} is off the board");
    Board::default().replace_bit(index, true)
}

/// The cells of column `x` (1 = left, 14 = right).
pub fn column(x: usize) -> Board {
    assert!((1..=SIZE).contains(&x), "column {x} is off the board");
    (0..SIZE).fold(Board::default(), |board, y| {
        board.replace_bit(y * SIZE + x - 1, true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    fn random_words(rng: &mut StdRng) -> [u64; 4] {
        [
            rng.random(),
            rng.random(),
            rng.random(),
            rng.random_range(0..1 << (CELLS - 192)),
        ]
    }

    #[test]
    fn words_round_trip_and_keep_every_bit_in_place() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let words = random_words(&mut rng);
            let board = board_from_words(words);
            for i in 0..CELLS {
                assert_eq!(
                    board.get_bit(i),
                    words[i / 64] >> (i % 64) & 1 == 1,
                    "bit {i}"
                );
            }
            assert_eq!(board_to_words(board), words);
        }
    }

    #[test]
    fn single_cells_and_columns_sit_where_the_layout_says() {
        for i in 0..CELLS {
            let mut words = [0u64; 4];
            words[i / 64] = 1 << (i % 64);
            assert_eq!(board_from_cell_index(i), board_from_words(words));
        }
        let left = board_to_words(column(1));
        let right = board_to_words(column(SIZE));
        for y in 0..SIZE {
            let (l, r) = (y * SIZE, y * SIZE + SIZE - 1);
            assert_eq!(left[l / 64] >> (l % 64) & 1, 1);
            assert_eq!(right[r / 64] >> (r % 64) & 1, 1);
        }
        let count = |w: [u64; 4]| w.iter().map(|w| w.count_ones()).sum::<u32>();
        assert_eq!((count(left), count(right)), (14, 14));
    }

    #[test]
    #[should_panic(expected = "beyond cell 195")]
    fn words_with_bits_off_the_board_are_refused() {
        board_from_words([0, 0, 0, 1 << 4]);
    }
}
