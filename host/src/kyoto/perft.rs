//! Perft: the number of legal move sequences (repetition ignored; a mated
//! side has no moves).

use super::position::Position;

pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(96);
    position.generate(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = *position;
            child.make(m);
            perft(&child, depth - 1)
        })
        .sum()
}
