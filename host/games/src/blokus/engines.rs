//! Blokus Duo players for the host: a random player, a greedy one-ply player,
//! and alpha-beta search (the shared [`crate::search`]) with an evaluation
//! from cells placed, attach cells and mobility.

use crate::search::{self, Game, Limits, WIN};
use blokus::{Engine, Move, Position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::Duration;

impl Game for Position {
    type Move = Move;

    fn moves(&self, out: &mut Vec<Move>) {
        out.extend(self.legal_moves());
    }

    fn play(&mut self, m: Move) {
        Position::play(self, m);
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// Score of `position` for the side to move: a decided result beyond
/// [`WIN`] when the game is over, otherwise
/// `16 * cells placed + 4 * attach cells + mobility / 4`, each as the
/// difference between the side to move and its opponent.
pub fn evaluate(position: &Position) -> i32 {
    let me = position.to_move();
    let them = me.other();
    if position.is_over() {
        let margin = position.unplaced_cells(them) as i32 - position.unplaced_cells(me) as i32;
        return margin.signum() * WIN + margin;
    }
    let cells = position.cells(me).count() as i32 - position.cells(them).count() as i32;
    let attach =
        position.attach_cells(me).count() as i32 - position.attach_cells(them).count() as i32;
    let mobility =
        position.count_placements_for(me) as i32 - position.count_placements_for(them) as i32;
    16 * cells + 4 * attach + mobility / 4
}

/// Plays a uniformly random legal placement (passing only when it has none).
pub struct RandomEngine(StdRng);

impl RandomEngine {
    pub fn new(seed: u64) -> RandomEngine {
        RandomEngine(StdRng::seed_from_u64(seed))
    }
}

impl Engine for RandomEngine {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, position: &Position) -> Move {
        let moves = position.legal_moves();
        moves[self.0.random_range(0..moves.len())]
    }
}

/// Alpha-beta search with iterative deepening within a time budget.
pub struct SearchEngine {
    name: String,
    limits: Limits,
    last: Option<search::Outcome<Move>>,
}

impl SearchEngine {
    /// A searcher with the given limits, known as `name`.
    pub fn new(name: &str, limits: Limits) -> SearchEngine {
        SearchEngine {
            name: name.to_string(),
            limits,
            last: None,
        }
    }

    /// The one-ply player: the move whose position evaluates best.
    pub fn greedy() -> SearchEngine {
        SearchEngine::new("greedy", Limits::depth(1))
    }

    /// The host's alpha-beta engine: iterative deepening to 8 plies within `time`,
    /// the 12 best moves by a one-ply look at each node.
    pub fn alphabeta(time: Duration) -> SearchEngine {
        SearchEngine::new(
            "alphabeta",
            Limits {
                max_depth: 8,
                time: Some(time),
                beam: Some(12),
                ..Limits::default()
            },
        )
    }

    /// Runs the search and reports what it found.
    pub fn analyse(&self, position: &Position) -> search::Outcome<Move> {
        search::search(position, self.limits)
    }
}

impl Engine for SearchEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, position: &Position) -> Move {
        let outcome = self.analyse(position);
        let best = outcome.best.unwrap_or(Move::Pass);
        self.last = Some(outcome);
        best
    }

    fn last_info(&self) -> Option<String> {
        self.last
            .as_ref()
            .map(|o| format!("depth {}, score {}, {} nodes", o.depth, o.score, o.nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blokus::{play_game, points_for_player_one};

    #[test]
    fn a_finished_game_scores_as_decided_for_the_right_side() {
        let mut position = Position::new();
        let mut players: [Box<dyn Engine>; 2] = [
            Box::new(RandomEngine::new(1)),
            Box::new(RandomEngine::new(2)),
        ];
        position = play_game(position, &mut players);
        let me = position.to_move();
        let score = evaluate(&position);
        match position.winner() {
            Some(w) if w == me => assert!(score > WIN),
            Some(_) => assert!(score < -WIN),
            None => assert_eq!(score, 0),
        }
    }

    #[test]
    fn greedy_beats_random_from_both_seats() {
        let mut greedy_points = 0.0;
        let games = 10;
        for game in 0..games {
            let greedy_first = game % 2 == 0;
            let random: Box<dyn Engine> = Box::new(RandomEngine::new(game));
            let greedy: Box<dyn Engine> = Box::new(SearchEngine::greedy());
            let mut players = if greedy_first {
                [greedy, random]
            } else {
                [random, greedy]
            };
            let end = play_game(Position::new(), &mut players);
            let p1 = points_for_player_one(&end);
            greedy_points += if greedy_first { p1 } else { 1.0 - p1 };
        }
        assert!(
            greedy_points >= 9.0,
            "greedy scored {greedy_points} of {games}"
        );
    }
}
