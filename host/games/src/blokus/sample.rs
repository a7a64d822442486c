//! Positions sampled from seeded random games, for tests, cross-checks and benchmarks.

use super::engines::{RandomEngine, SearchEngine};
use blokus::{Engine, Position};

/// Every position (start and end included) of `games` random games, the seeds
/// `seed, seed+1, ...`; each game is the list of its positions in order.
pub fn random_games(seed: u64, games: usize) -> Vec<Vec<Position>> {
    games_from(seed, games, usize::MAX)
}

/// Like [`random_games`], but only the first `random_plies` moves are random;
/// then both sides play the greedy one-ply engine, as a sensible player would.
pub fn sensible_games(seed: u64, games: usize, random_plies: usize) -> Vec<Vec<Position>> {
    games_from(seed, games, random_plies)
}

fn games_from(seed: u64, games: usize, random_plies: usize) -> Vec<Vec<Position>> {
    (0..games as u64)
        .map(|g| {
            let mut random = RandomEngine::new(seed.wrapping_add(g));
            let mut greedy = SearchEngine::greedy();
            let mut position = Position::new();
            let mut history = vec![position.clone()];
            while !position.is_over() {
                let m = if history.len() <= random_plies {
                    random.choose(&position)
                } else {
                    greedy.choose(&position)
                };
                position.play(m);
                history.push(position.clone());
            }
            history
        })
        .collect()
}

/// Mid-game positions: plies 10, 14, 18 and 22 of `games` games from `seed`
/// that open with 4 random moves and go on greedily (those not already over).
pub fn mid_game_positions(seed: u64, games: usize) -> Vec<Position> {
    sensible_games(seed, games, 4)
        .into_iter()
        .flat_map(|history| {
            [10, 14, 18, 22]
                .into_iter()
                .filter_map(move |ply| history.get(ply).cloned())
        })
        .filter(|p| !p.is_over())
        .collect()
}
