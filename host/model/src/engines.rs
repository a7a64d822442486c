//! The hardware's players as host engines: the one-ply core
//! ([`ModelOnePly`], engine `model-1ply`) and the board's whole search
//! ([`BoardModel`], engine `board-model[:MS]`), each exactly as the board
//! plays, move for move.

use crate::monte_carlo::Budget;
use crate::placer::placement_at;
use blokus::{Engine, Move, Position};

/// The one-ply player of the hardware's generator and evaluator (its reference model).
pub struct ModelOnePly;

impl Engine for ModelOnePly {
    fn name(&self) -> &str {
        "model-1ply"
    }

    fn choose(&mut self, position: &Position) -> Move {
        crate::one_ply::choose(position)
    }
}

/// The board's own search (`model::monte_carlo`) within its budgets: what
/// the FPGA player plays, move for move.
pub struct BoardModel {
    budget: Budget,
    last: Option<crate::monte_carlo::Outcome>,
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
        let outcome = crate::monte_carlo::search(position, self.budget);
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
                o.edges as f64 * 1e3 / crate::monte_carlo::CLOCK_HZ as f64
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
    Budget::for_ms(rest.strip_prefix(':')?.parse().ok()?)
}
