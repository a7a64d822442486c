//! A Dobutsu position packed into 58 bits: 12 cells of 4 bits (0 empty,
//! 1-5 sente's chick, elephant, giraffe, lion, hen, 6-10 gote's), each hand
//! kind's split between the two hands in 3 bits, and the side to move; and
//! the two symmetries of the rules: the left-right mirror, and the swap of
//! the sides (the board turned half round, every piece and hand changing
//! owner, the other side to move). A class is a position with its images
//! under both, written as the smallest of their codes.

use crate::dobutsu::position::{Position, GOTE};

/// The hand splits (sente's count, gote's count) of a kind with two pieces.
const SPLITS: [(u8, u8); 6] = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)];

fn split_index(sente: u8, gote: u8) -> u64 {
    SPLITS
        .iter()
        .position(|&s| s == (sente, gote))
        .expect("at most two pieces of a kind in the hands") as u64
}

/// The cell's 4-bit code.
fn cell_code(piece: u8) -> u64 {
    if piece == 0 {
        0
    } else if piece & GOTE != 0 {
        u64::from(piece & 7) + 5
    } else {
        u64::from(piece & 7)
    }
}

fn cell_piece(code: u64) -> u8 {
    match code {
        0 => 0,
        1..=5 => code as u8,
        _ => (code as u8 - 5) | GOTE,
    }
}

/// Packs a position.
pub fn encode(position: &Position) -> u64 {
    let mut code = 0u64;
    for cell in 0..12 {
        code |= cell_code(position.at(cell)) << (4 * cell);
    }
    for index in 0..3 {
        code |= split_index(position.hand(0, index), position.hand(1, index)) << (48 + 3 * index);
    }
    code | u64::from(position.side() as u8) << 57
}

/// Unpacks a code made by [`encode`].
pub fn decode(code: u64) -> Position {
    let mut board = [0u8; 12];
    for (cell, piece) in board.iter_mut().enumerate() {
        *piece = cell_piece((code >> (4 * cell)) & 15);
    }
    let mut hands = [[0u8; 3]; 2];
    for index in 0..3 {
        let (sente, gote) = SPLITS[((code >> (48 + 3 * index)) & 7) as usize];
        hands[0][index] = sente;
        hands[1][index] = gote;
    }
    Position {
        board,
        hands,
        side: ((code >> 57) & 1) as u8,
    }
}

/// The straightforward mirror: columns A and C of every row swapped.
fn mirror_by_cells(code: u64) -> u64 {
    let mut out = code & !((1u64 << 48) - 1);
    for row in 0..4 {
        let a = (code >> (12 * row)) & 15;
        let b = (code >> (12 * row + 4)) & 15;
        let c = (code >> (12 * row + 8)) & 15;
        out |= (c | b << 4 | a << 8) << (12 * row);
    }
    out
}

/// The straightforward swap of the sides: cell `i` to `11 - i` with the
/// other owner, the hands exchanged, the other side to move (the tables'
/// reference).
#[cfg(test)]
fn swap_by_cells(code: u64) -> u64 {
    let mut out = (code ^ (1 << 57)) & (1 << 57);
    for cell in 0..12 {
        out |= turned_piece((code >> (4 * cell)) & 15) << (4 * (11 - cell));
    }
    for index in 0..3 {
        let (sente, gote) = SPLITS[((code >> (48 + 3 * index)) & 7) as usize];
        out |= split_index(gote, sente) << (48 + 3 * index);
    }
    out
}

/// A cell's code with the other owner.
fn turned_piece(piece: u64) -> u64 {
    match piece {
        0 => 0,
        1..=5 => piece + 5,
        6..=10 => piece - 5,
        other => other,
    }
}

/// Lookup tables for the symmetries, a row or four cells at a time: the
/// solver applies them to every code it meets, so they must be cheap.
struct Tables {
    /// A row's 12 bits with columns A and C swapped.
    mirror_row: Vec<u16>,
    /// Four cells' 16 bits in reverse order, each with the other owner.
    turn_four: Vec<u16>,
    /// The three hand fields' 9 bits with the two hands exchanged.
    swap_hands: Vec<u16>,
}

static TABLES: std::sync::LazyLock<Tables> = std::sync::LazyLock::new(|| Tables {
    mirror_row: (0..1u64 << 12)
        .map(|row| mirror_by_cells(row) as u16)
        .collect(),
    turn_four: (0..1u64 << 16)
        .map(|four| {
            (0..4).fold(0u64, |out, k| {
                out | turned_piece((four >> (4 * k)) & 15) << (4 * (3 - k))
            }) as u16
        })
        .collect(),
    swap_hands: (0..1u64 << 9)
        .map(|hands| {
            (0..3).fold(0u64, |out, index| {
                let split = ((hands >> (3 * index)) & 7) as usize;
                let swapped = SPLITS
                    .get(split)
                    .map_or(split as u64, |&(sente, gote)| split_index(gote, sente));
                out | swapped << (3 * index)
            }) as u16
        })
        .collect(),
});

/// The code of the left-right mirror image (columns A and C swapped).
pub fn mirror(code: u64) -> u64 {
    let t = &*TABLES;
    let mut out = code & !((1u64 << 48) - 1);
    for row in 0..4 {
        let bits = ((code >> (12 * row)) & 0xfff) as usize;
        out |= u64::from(t.mirror_row[bits]) << (12 * row);
    }
    out
}

/// The code of the position with the sides swapped: the board turned half
/// round (cell `i` to `11 - i`), every piece and hand to the other owner,
/// the other side to move. The value for the side to move is the same.
pub fn swap_sides(code: u64) -> u64 {
    let t = &*TABLES;
    let four = |k: u32| u64::from(t.turn_four[((code >> (16 * k)) & 0xffff) as usize]);
    let hands = u64::from(t.swap_hands[((code >> 48) & 0x1ff) as usize]);
    four(2) | four(1) << 16 | four(0) << 32 | hands << 48 | ((code ^ (1 << 57)) & (1 << 57))
}

/// The class of a code: the smallest of its images under the mirror and
/// the swap of the sides.
pub fn canonical(code: u64) -> u64 {
    let swapped = swap_sides(code);
    code.min(mirror(code)).min(swapped).min(mirror(swapped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_apply_the_symmetries_cell_by_cell() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Any cells (valid piece codes 0-10), any hand splits 0-5, either side.
            let mut code = 0u64;
            for cell in 0..12 {
                code |= ((state >> (5 * cell)) % 11) << (4 * cell);
            }
            for index in 0..3 {
                code |= ((state >> (40 + 3 * index)) % 6) << (48 + 3 * index);
            }
            code |= (state >> 63) << 57;
            assert_eq!(mirror(code), mirror_by_cells(code));
            assert_eq!(swap_sides(code), swap_by_cells(code));
        }
    }
}
