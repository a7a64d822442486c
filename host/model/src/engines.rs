//! The hardware's players as host engines: the one-ply core
//! ([`ModelOnePly`], engine `model-1ply`), the board's whole search (the
//! tree, `crate::board_tree::BoardTree`, engine `board-model[:MS]` or
//! `board-tree[:MS]`) and the board's earlier flat Monte Carlo search
//! ([`BoardFlat`], engine `board-flat[:MS]`), each exactly as the hardware
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

/// The board's search: the tree over the playout bank
/// (`crate::board_tree`), what the FPGA player plays, move for move.
pub type BoardModel = crate::board_tree::BoardTree;

/// The board's flat Monte Carlo search (`model::monte_carlo`, the player's
/// search until the tree) within its budgets.
pub struct BoardFlat {
    budget: Budget,
    last: Option<crate::monte_carlo::Outcome>,
}

impl BoardFlat {
    /// The flat search with `budget` (its own: [`Budget::board`]).
    pub fn new(budget: Budget) -> BoardFlat {
        BoardFlat { budget, last: None }
    }
}

impl Default for BoardFlat {
    fn default() -> BoardFlat {
        BoardFlat::new(Budget::board())
    }
}

impl Engine for BoardFlat {
    fn name(&self) -> &str {
        "board-flat"
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
