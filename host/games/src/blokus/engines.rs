//! Blokus Duo players for the host: a random player, a greedy one-ply player,
//! and alpha-beta search (the shared [`crate::search`]) with an evaluation
//! from cells placed, attach cells and mobility.

use super::position::{Move, Player, Position};
use crate::model::monte_carlo::Budget;
use crate::model::placer::placement_at;
use crate::search::{self, Game, Limits, WIN};
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

/// A Blokus Duo player that chooses moves.
pub trait Engine {
    /// The name it is known by on the command line.
    fn name(&self) -> &str;
    /// A legal move for the side to move of a game that is not over.
    fn choose(&mut self, position: &Position) -> Move;
    /// What the last [`Engine::choose`] found, for a person to read (depth, score, nodes).
    fn last_info(&self) -> Option<String> {
        None
    }
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

    /// The strongest host engine: iterative deepening to 8 plies within `time`,
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

/// The one-ply player of the hardware's generator and evaluator (its reference model).
pub struct ModelOnePly;

impl Engine for ModelOnePly {
    fn name(&self) -> &str {
        "model-1ply"
    }

    fn choose(&mut self, position: &Position) -> Move {
        crate::model::one_ply::choose(position)
    }
}

/// The board's own search (`model::monte_carlo`) within its budgets: what
/// the FPGA player plays, move for move.
pub struct BoardModel {
    budget: Budget,
    last: Option<crate::model::monte_carlo::Outcome>,
}

impl BoardModel {
    /// The board's search with `budget` (the board's own: [`Budget::board`]).
    pub fn new(budget: Budget) -> BoardModel {
        BoardModel { budget, last: None }
    }
}

impl Default for BoardModel {
    fn default() -> BoardModel {
        BoardModel::new(Budget::board())
    }
}

impl Engine for BoardModel {
    fn name(&self) -> &str {
        "board-model"
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let outcome = crate::model::monte_carlo::search(position, self.budget);
        let m = outcome.best.map_or(Move::Pass, |(m, _)| {
            Move::Place(placement_at(m.shape, m.corner).expect("a candidate lies on the board"))
        });
        self.last = Some(outcome);
        m
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            format!(
                "{} playouts in {} rounds, {:.0} ms of board time",
                o.playouts,
                o.rounds,
                o.edges as f64 * 1e3 / crate::model::monte_carlo::CLOCK_HZ as f64
            )
        })
    }
}

/// The budget an engine name `board-model[:MS]` gives: rounds during `MS`
/// milliseconds of board time (the board's own without `:MS`); `None`
/// for another name or a malformed `MS`.
pub fn board_model_budget(name: &str) -> Option<Budget> {
    let rest = name.strip_prefix("board-model")?;
    if rest.is_empty() {
        return Some(Budget::board());
    }
    let ms: f64 = rest.strip_prefix(':')?.parse().ok()?;
    let cycles = ms * crate::model::monte_carlo::CLOCK_HZ as f64 / 1e3;
    (ms.is_finite() && (0.0..=1000.0).contains(&ms))
        .then(|| Budget::rounds_for(cycles.round() as u64))
}

/// Names accepted by [`engine_by_name`], the strongest first.
pub const ENGINE_NAMES: [&str; 5] = ["alphabeta", "board-model", "greedy", "model-1ply", "random"];

/// Whether `name` names an engine: one of [`ENGINE_NAMES`], `default`,
/// `board-model:MS` (the board's search during `MS` ms of board time), or
/// `gtp:COMMAND` (a program speaking GTP, e.g. `pentobi-gtp -g duo -l 3`).
pub fn is_engine_name(name: &str) -> bool {
    name == "default"
        || ENGINE_NAMES.contains(&name)
        || board_model_budget(name).is_some()
        || name.strip_prefix("gtp:").is_some_and(|c| !c.is_empty())
}

/// The engine called `name` (`default` is the strongest), with a time budget per move
/// for those that search and a seed for those that draw lots; `None` for an
/// unknown name or a `gtp:` program that does not start and answer.
pub fn engine_by_name(name: &str, time: Duration, seed: u64) -> Option<Box<dyn Engine>> {
    if let Some(command) = name.strip_prefix("gtp:") {
        return match super::gtp::GtpEngine::spawn(command) {
            Ok(engine) => Some(Box::new(engine)),
            Err(e) => {
                eprintln!("engine {name}: {e:#}");
                None
            }
        };
    }
    match name {
        "alphabeta" | "default" => Some(Box::new(SearchEngine::alphabeta(time))),
        "greedy" => Some(Box::new(SearchEngine::greedy())),
        "model-1ply" => Some(Box::new(ModelOnePly)),
        "random" => Some(Box::new(RandomEngine::new(seed))),
        _ => board_model_budget(name).map(|b| Box::new(BoardModel::new(b)) as Box<dyn Engine>),
    }
}

/// Plays a whole game between two engines from `start` and returns the final position.
pub fn play_game(start: Position, players: &mut [Box<dyn Engine>; 2]) -> Position {
    let mut position = start;
    while !position.is_over() {
        let engine = &mut players[position.to_move().index()];
        let m = engine.choose(&position);
        position
            .play_code(m.code())
            .unwrap_or_else(|e| panic!("engine {} chose an illegal move {m}: {e}", engine.name()));
    }
    position
}

/// Points for player 1 in a finished game: 1 win, 0.5 draw, 0 loss.
pub fn points_for_player_one(position: &Position) -> f64 {
    match position.winner() {
        Some(Player::One) => 1.0,
        Some(Player::Two) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
