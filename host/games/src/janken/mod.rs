//! Janken shogi (the seed's じゃんけんしょうぎ): janken cubes that roll as
//! they move on a 6 x 6 board, a turn of two actions (three in funbari
//! mode), goals in the far corners. The rules and the notation
//! (docs/janken-notation.md), evaluations, and the engines: alpha-beta
//! over whole turns with the shared search, a greedy player, and the
//! set-up choice.

pub mod cube;
pub mod eval;
pub mod notation;
pub mod position;
mod set_up;

pub use position::{Move, Position};

use crate::game::player::{build_player, EngineKind, EngineSpec, EvaluationByName};
use crate::game::{Engines, Side, TwoPlayerGame};
use crate::search::{Evaluator, Game, Limits};
use eval::{SimpleEvaluation, StrongEvaluation};
use std::fmt;
use std::time::Duration;

impl Game for Position {
    type Move = Move;

    fn moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn play(&mut self, m: Move) {
        self.make(m);
    }

    fn evaluate(&self) -> i32 {
        StrongEvaluation.evaluate(self)
    }

    fn terminal(&self) -> Option<i32> {
        eval::result(self)
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.steps().iter().any(|step| self.cube(step.to).is_some())
    }

    fn order_hint(&self, m: Move) -> i32 {
        // Turns that capture first; no null move: every turn is forced.
        i32::from(self.is_noisy(m))
    }
}

impl TwoPlayerGame for Position {
    const NAME: &'static str = "janken";
    /// The rules know no repetition draw; long games end at the match's ply limit.
    const REPETITION_DRAW: usize = usize::MAX;

    fn start() -> Position {
        Position::new(false)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn to_fen(&self) -> String {
        notation::to_fen(self)
    }

    fn from_fen(text: &str) -> Result<Position, String> {
        notation::from_fen(text)
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(self, m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        notation::parse_move(self, text)
    }
}

fn evaluation(name: Option<&str>, default: &str) -> Result<Box<dyn Evaluator<Position>>, String> {
    Ok(match name.unwrap_or(default) {
        "strong" => Box::new(StrongEvaluation),
        "simple" => Box::new(SimpleEvaluation),
        other => return Err(format!("no evaluation `{other}`: strong or simple")),
    })
}

fn strong_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "strong")
}

fn simple_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "simple")
}

impl Engines for Position {
    fn engine_kinds() -> Vec<EngineKind<Position>> {
        let strong: EvaluationByName<Position> = strong_evaluation;
        let simple: EvaluationByName<Position> = simple_evaluation;
        vec![
            EngineKind {
                name: "alphabeta",
                about: "ours: iterative deepening alpha-beta over whole turns with a table and \
                        quiescence on captures, our evaluation, 0.5 s a move; set-up by janken \
                        (a varied random set-up when the opponent's is hidden, searched when seen)",
                limits: Limits {
                    max_depth: 64,
                    time: Some(Duration::from_millis(500)),
                    quiescence: true,
                    ..Limits::default()
                },
                table_bits: 20,
                evaluation: strong,
            },
            EngineKind {
                name: "greedy",
                about: "the turn that looks best right after it (one turn deep): material, \
                        then the distance to the goal; a random set-up",
                limits: Limits::depth(1),
                table_bits: 0,
                evaluation: simple,
            },
        ]
    }

    /// The searchers choose their set-up apart from their search.
    fn other_player(
        spec: &str,
        seed: u64,
    ) -> Option<Result<crate::game::player::BoxedPlayer<Position>, String>> {
        let parsed = EngineSpec::parse(spec).ok()?;
        let choice = match parsed.name.as_str() {
            "alphabeta" => set_up::Choice::Janken,
            "greedy" => set_up::Choice::Random,
            _ => return None,
        };
        let seed = parsed.seed.unwrap_or(seed);
        Some(
            build_player(&Position::engine_kinds(), spec, seed)
                .map(|inner| set_up::with_set_up(inner, choice, seed)),
        )
    }
}

impl fmt::Display for Position {
    /// The board with row and column names, player 1's cubes in capitals;
    /// in a blind set-up player 2 does not see player 1's cubes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.player_view();
        for y in 0..position::SIZE {
            write!(f, "{} ", position::SIZE - y)?;
            for x in 0..position::SIZE {
                let cell = (y * position::SIZE + x) as u8;
                let text = match view.cube(cell) {
                    Some(cube) if cube.owner == Side::First => cube.state.letters(),
                    Some(cube) => cube.state.letters().to_ascii_lowercase(),
                    None if cell == position::goal(Side::First) => " ^ ".to_string(),
                    None if cell == position::goal(Side::Second) => " v ".to_string(),
                    None => " . ".to_string(),
                };
                write!(f, " {text}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "    a   b   c   d   e   f")?;
        let side = self.side_to_move();
        let who = if side == Side::First {
            "1 (capitals)"
        } else {
            "2 (small)"
        };
        if self.must_set_up(side) {
            write!(
                f,
                "player {who} sets up its cubes on {}: four states such as GPC-GCP-PGC-CGP",
                notation::start_cell_names(side)
            )
        } else {
            write!(
                f,
                "player {who} to move: {} actions{}",
                self.actions(side),
                if self.actions(side) == 3 {
                    " (funbari)"
                } else {
                    ""
                }
            )
        }
    }
}

#[cfg(test)]
mod tests;
