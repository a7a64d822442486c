//! Perft: the number of move sequences of a given length from a position
//! (a player without a placement has one move, the pass; a finished game has
//! none). From the start: 414, 171,396, 89,204,762 and 44,399,390,902 at
//! depths 1-4, as counted by Pentobi 30.3's move generator.

use crate::position::{Move, Position};

/// Counts the move sequences of exactly `depth` moves from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    if depth == 1 {
        return u64::from(position.count_placements().max(1));
    }
    let placements = position.legal_placements();
    if placements.is_empty() {
        let mut next = position.clone();
        next.play(Move::Pass);
        return perft(&next, depth - 1);
    }
    placements
        .into_iter()
        .map(|p| {
            let mut next = position.clone();
            next.play(Move::Place(p));
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_from_the_start_matches_pentobi() {
        let start = Position::new();
        assert_eq!(perft(&start, 0), 1);
        assert_eq!(perft(&start, 1), 414);
        assert_eq!(perft(&start, 2), 171_396);
        assert_eq!(perft(&start, 3), 89_204_762);
    }
}
