//! Perft in the usual Othello convention: a pass is a ply, and a finished game
//! is one leaf at whatever depth it ends.

use super::position::{Move, Position};

/// The number of leaves `depth` plies below `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut bits = position.placements();
    if bits == 0 {
        if position.is_over() {
            return 1;
        }
        let mut next = *position;
        next.play(Move::Pass);
        return perft(&next, depth - 1);
    }
    if depth == 1 {
        return u64::from(bits.count_ones());
    }
    let mut total = 0;
    while bits != 0 {
        let mut next = *position;
        next.play(Move::Place(bits.trailing_zeros() as u8));
        total += perft(&next, depth - 1);
        bits &= bits - 1;
    }
    total
}
