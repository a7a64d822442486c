//! Kyoto shogi, and Simulation shogi (Kyoto shogi with the points rule): the
//! position and its rules, Fairy-Stockfish and seed notations, perft,
//! evaluations, and the engines the shared tools use.

pub mod eval;
pub mod notation;
pub mod position;
pub mod seed_variants;
pub mod tuned;

use position::CELLS;
pub use position::{Move, Position};

use crate::game::player::{EngineKind, EvaluationByName};
use crate::game::{Engines, Side, TwoPlayerGame};
use crate::search::{Choice, Evaluator, Game, Limits, Refinements, WIN};
use eval::{PairValues, SeedEvaluation, StrongEvaluation};
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

    fn no_move_score(&self) -> i32 {
        // Checkmated (or without a move that keeps the king safe): lost.
        -WIN
    }

    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.captured != 0
    }

    fn order_hint(&self, m: Move) -> i32 {
        if m.captured == 0 {
            return 0;
        }
        // The most valuable victim first, then the least valuable attacker.
        8 * eval::face_value(m.captured & 15) - eval::face_value(m.face) / 8 + 8
    }

    fn in_check(&self) -> bool {
        Position::in_check(self, self.side())
    }

    fn null_move(&self) -> Option<Position> {
        let mut passed = *self;
        passed.side ^= 1;
        Some(passed)
    }

    fn exchange(&self, m: Move) -> i32 {
        // What is taken, less the moved piece (as it lands) if the square is defended.
        let mut after = *self;
        after.make(m);
        let lost = if after.attacks(after.side(), m.to as usize) {
            eval::face_value(m.face_after())
        } else {
            0
        };
        eval::face_value(m.captured & 15) - lost
    }

    /// A slot for each side, origin (a cell, or a dropped face) and target.
    const HISTORY_SIZE: usize = 2 * 34 * CELLS;

    fn history_index(&self, m: Move) -> usize {
        let origin = if m.is_drop() {
            usize::from(Move::DROP) + usize::from(m.face)
        } else {
            usize::from(m.from)
        };
        (self.side() * 34 + origin) * CELLS + usize::from(m.to)
    }
}

impl TwoPlayerGame for Position {
    const NAME: &'static str = "kyoto";
    const REPETITION_DRAW: usize = 4;

    fn start() -> Position {
        Position::start(true)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }

    fn from_fen(text: &str) -> Result<Position, String> {
        Position::from_fen(text)
    }

    fn move_text(&self, m: Move) -> String {
        Position::move_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Position::parse_move(self, text)
    }
}

/// `eval=` values: `tuned` (fitted by `arena tune kyoto`), `file:PATH` (a
/// weights file it wrote), `strong` (ours, set by hand), `average` (the
/// seed's averaged values),
/// or four values `LT/SB/GN/RP` (lance-tokin, silver-bishop, gold-knight,
/// rook-pawn: the seed's varied players).
fn evaluation(name: Option<&str>, default: &str) -> Result<Box<dyn Evaluator<Position>>, String> {
    Ok(match name.unwrap_or(default) {
        "tuned" => Box::new(tuned::TunedEvaluation::fitted()),
        file if file.starts_with("file:") => {
            Box::new(tuned::TunedEvaluation::read(&file["file:".len()..])?)
        }
        "strong" => Box::new(StrongEvaluation),
        "average" => Box::new(SeedEvaluation {
            values: PairValues::AVERAGE,
        }),
        values if values.contains('/') => Box::new(SeedEvaluation {
            values: PairValues::parse(values)?,
        }),
        other => {
            return Err(format!(
                "no evaluation `{other}`: tuned, file:PATH, strong, average, or four values LT/SB/GN/RP"
            ))
        }
    })
}

fn tuned_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "tuned")
}

/// The shared search's refinements that gained in Kyoto shogi
/// (`scripts/search-ladder.sh`, BENCHMARKS.md): each step against the
/// engine before it, then the set against Fairy-Stockfish at 0.1 s. The
/// check extension, kept by the first ladder, is left out: it made the
/// tree seven times larger, and without it the set scored 50.0% of 400
/// games against Fairy-Stockfish (49.3% of 600) where, from the same
/// openings, the set with it scored 47.8% and the set before futility,
/// late-move pruning and iterative reduction 43.3%. On the faster search
/// (the same trees in half the time) it scores 51.3% of 600.
pub const KYOTO_REFINEMENTS: &str = "order+pvs+aspiration+null+lmr+futility+lmp+iir";

fn seed_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "average")
}

impl Engines for Position {
    /// Fairy-Stockfish's `kyotoshogi` is plain Kyoto shogi (no points).
    const UCI_VARIANT: Option<&'static str> = Some("kyotoshogi");

    fn engine_kinds() -> Vec<EngineKind<Position>> {
        let tuned: EvaluationByName<Position> = tuned_evaluation;
        let seed: EvaluationByName<Position> = seed_evaluation;
        vec![
            EngineKind {
                name: "alphabeta",
                about: "ours: iterative deepening alpha-beta with a table, quiescence and \
                        the refinements measured to gain here (see `refine=`), our tuned \
                        evaluation, 0.2 s a move",
                limits: Limits {
                    max_depth: 64,
                    time: Some(Duration::from_millis(200)),
                    quiescence: true,
                    refine: Refinements::default()
                        .with(KYOTO_REFINEMENTS, true)
                        .expect("refinements"),
                    ..Limits::default()
                },
                table_bits: 20,
                evaluation: tuned,
            },
            EngineKind {
                name: "seed",
                about: "the seed's player: alpha-beta to depth 4 (its DEPTHMAX) with its \
                        averaged values, a better move likelier (rank min of two random ranks)",
                limits: Limits {
                    choice: Choice::SeedRank,
                    ..Limits::depth(4)
                },
                table_bits: 0,
                evaluation: seed,
            },
        ]
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use position::{GOTE, HAND_KINDS};
        let hand = |side: usize| {
            let items: Vec<String> = HAND_KINDS
                .iter()
                .enumerate()
                .filter(|&(i, _)| self.hand(side, i) > 0)
                .map(|(i, &k)| format!("{} x{}", notation::face_name(k), self.hand(side, i)))
                .collect();
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(", ")
            }
        };
        let points = |side: usize| {
            self.points()
                .map_or(String::new(), |p| format!(" ({} points)", p[side]))
        };
        writeln!(f, "gote hand: {}{}", hand(1), points(1))?;
        writeln!(
            f,
            "     5   4   3   2   1   (a-e in Fairy-Stockfish's squares)"
        )?;
        for row in 0..5 {
            write!(f, "{} ", row + 1)?;
            for column in 0..5 {
                let piece = self.at(row * 5 + column);
                if piece == 0 {
                    write!(f, "  . ")?;
                    continue;
                }
                let name = match piece & 15 {
                    position::PAWN => "P",
                    position::LANCE => "L",
                    position::KNIGHT => "N",
                    position::SILVER => "S",
                    position::ROOK => "R",
                    position::TOKIN => "T",
                    position::GOLD => "G",
                    position::BISHOP => "B",
                    _ => "K",
                };
                let owner = if piece & GOTE != 0 { 'v' } else { '^' };
                write!(f, " {owner}{name} ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "sente hand: {}{}", hand(0), points(0))?;
        write!(
            f,
            "{} to move (^ sente, moving up; v gote; P pawn, L lance, N knight, S silver, \
             R rook, T tokin, G gold, B bishop, K king; pieces flip after every move)",
            if self.side() == 0 { "sente" } else { "gote" }
        )
    }
}

#[cfg(test)]
pub(crate) mod tests;
