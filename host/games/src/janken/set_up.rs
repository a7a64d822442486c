//! How the engines set up their cubes. When the opponent's set-up is hidden
//! (player 1 in either order, both in a blind set-up), any fixed choice
//! could be answered, so the choice is random (janken's own equilibrium)
//! among the set-ups whose tops show all three hands; when player 2 sees
//! player 1's cubes, it searches its set-up and player 1's answer with the
//! shared search and our evaluation, at random among the set-ups found
//! equally good.

use super::eval::StrongEvaluation;
use super::position::{set_up_of_index, Move, Position};
use crate::game::player::Player;
use crate::game::record::Record;
use crate::game::Side;
use crate::search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The set-up policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Uniformly among all 1,296 set-ups.
    Random,
    /// Ours (above).
    Janken,
}

/// An engine that sets up by `choice` and otherwise plays as `inner`.
struct SetUpThenPlay {
    inner: Box<dyn Player<Record<Position>>>,
    choice: Choice,
    rng: StdRng,
    searcher: Searcher<Move>,
}

/// `inner` with the set-up `choice`, its random choices from `seed`.
pub fn with_set_up(
    inner: Box<dyn Player<Record<Position>>>,
    choice: Choice,
    seed: u64,
) -> Box<dyn Player<Record<Position>>> {
    Box::new(SetUpThenPlay {
        inner,
        choice,
        rng: StdRng::seed_from_u64(seed ^ 0x0005_e70b),
        searcher: Searcher::new(16, seed),
    })
}

/// Whether the set-up's tops show rock, scissors and paper.
pub fn is_varied(m: Move) -> bool {
    let Move::SetUp(states) = m else {
        return false;
    };
    let hands: Vec<_> = states.iter().map(|s| s.top()).collect();
    [0, 1, 2]
        .iter()
        .all(|&h| hands.iter().any(|&top| top as usize == h))
}

impl SetUpThenPlay {
    fn set_up(&mut self, position: &Position) -> Move {
        let sees_opponent = position.side_to_move() == Side::Second && !position.is_blind();
        match self.choice {
            Choice::Janken if sees_opponent => {
                let limits = Limits {
                    max_depth: 2,
                    choice: crate::search::Choice::RandomTie,
                    ..Limits::default()
                };
                self.searcher
                    .search(position, &[], limits, &StrongEvaluation)
                    .best
                    .expect("set-ups exist")
            }
            Choice::Janken => {
                let varied: Vec<Move> = (0..1296)
                    .map(|i| Move::SetUp(set_up_of_index(i)))
                    .filter(|&m| is_varied(m))
                    .collect();
                varied[self.rng.random_range(0..varied.len())]
            }
            Choice::Random => Move::SetUp(set_up_of_index(self.rng.random_range(0..1296))),
        }
    }
}

impl Player<Record<Position>> for SetUpThenPlay {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn choose(&mut self, game: &Record<Position>) -> anyhow::Result<Move> {
        let position = game.position();
        if position.must_set_up(position.side_to_move()) {
            return Ok(self.set_up(&position.player_view()));
        }
        self.inner.choose(game)
    }

    fn new_game(&mut self) {
        self.searcher.clear();
        self.inner.new_game();
    }

    fn last_info(&self) -> Option<String> {
        self.inner.last_info()
    }
}
