//! Test fixtures shared by the block tests: positions from random legal games
//! played with the host's move generator, and readable board differences.

#![allow(dead_code)] // each test binary uses its own subset of the fixtures

use blokus::{Bitboard, Cell, Player, Position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Every position (start, middle and final) of `games` random legal games,
/// seeded by `seed`; every other game lets player 2 move first.
pub fn random_game_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for game in 0..games {
        let first = if game % 2 == 0 {
            Player::One
        } else {
            Player::Two
        };
        let mut position = Position::with_first(first);
        loop {
            positions.push(position.clone());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            position.play(m);
        }
    }
    positions
}

/// The cells in `a` or `b` but not both, as move-code digits (e.g. `["55", "a4"]`).
pub fn differing_cells(a: Bitboard, b: Bitboard) -> Vec<String> {
    Cell::all()
        .filter(|&c| a.contains(c) != b.contains(c))
        .map(|c| c.to_string())
        .collect()
}
