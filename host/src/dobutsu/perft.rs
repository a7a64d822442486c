//! Perft as Fairy-Stockfish counts it: a decided game (a caught lion, a try
//! won) has no moves; repetition is ignored.

use super::position::Position;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(40);
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
