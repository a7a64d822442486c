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

/// The code of the left-right mirror image (columns A and C swapped).
pub fn mirror(code: u64) -> u64 {
    let mut out = code & !((1u64 << 48) - 1);
    for row in 0..4 {
        let a = (code >> (12 * row)) & 15;
        let b = (code >> (12 * row + 4)) & 15;
        let c = (code >> (12 * row + 8)) & 15;
        out |= (c | b << 4 | a << 8) << (12 * row);
    }
    out
}

/// The code of the position with the sides swapped: the board turned half
/// round (cell `i` to `11 - i`), every piece and hand to the other owner,
/// the other side to move. The value for the side to move is the same.
pub fn swap_sides(code: u64) -> u64 {
    let mut out = (code ^ (1 << 57)) & (1 << 57);
    for cell in 0..12 {
        let piece = (code >> (4 * cell)) & 15;
        let turned = match piece {
            0 => 0,
            1..=5 => piece + 5,
            _ => piece - 5,
        };
        out |= turned << (4 * (11 - cell));
    }
    for index in 0..3 {
        let (sente, gote) = SPLITS[((code >> (48 + 3 * index)) & 7) as usize];
        out |= split_index(gote, sente) << (48 + 3 * index);
    }
    out
}

/// The class of a code: the smallest of its images under the mirror and
/// the swap of the sides.
pub fn canonical(code: u64) -> u64 {
    let swapped = swap_sides(code);
    code.min(mirror(code)).min(swapped).min(mirror(swapped))
}
