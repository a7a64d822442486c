//! Dobutsu shogi (3 x 4): the position and its rules, Fairy-Stockfish and
//! seed notations, perft, evaluations, and the engines the shared tools use.

pub mod eval;
pub mod fitted;
pub mod network;
pub mod notation;
pub mod perfect;
pub mod position;
pub mod solve;

pub use position::{Move, Position};

use crate::game::player::{EngineKind, EvaluationByName};
use crate::game::{Engines, Side, TwoPlayerGame};
use crate::search::{Choice, Evaluator, Game, Limits, Refinements, WIN};
use eval::{PieceValues, SeedEvaluation, StrongEvaluation};
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
        self.decided().map(|won| if won { WIN } else { -WIN })
    }

    fn no_move_score(&self) -> i32 {
        -WIN
    }

    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.captured != 0 || m.promotes
    }

    fn order_hint(&self, m: Move) -> i32 {
        if !self.is_noisy(m) {
            return 0;
        }
        // The most valuable victim first (the lion above all), then the least
        // valuable attacker; a promotion counts as winning a hen.
        let victim = if m.promotes { 3 } else { 0 } + kind_order(m.captured & 7);
        16 * victim - kind_order(m.kind) + 16
    }

    fn in_check(&self) -> bool {
        let me = self.side();
        self.lion(me)
            .is_some_and(|cell| self.attacked_by(1 - me) & (1 << cell) != 0)
    }

    fn null_move(&self) -> Option<Position> {
        let mut passed = *self;
        passed.side ^= 1;
        Some(passed)
    }

    /// A slot for each side, origin (a cell, or a dropped kind) and target.
    const HISTORY_SIZE: usize = 2 * 16 * position::CELLS;

    fn history_index(&self, m: Move) -> usize {
        let origin = if m.is_drop() {
            usize::from(Move::DROP) + usize::from(m.kind)
        } else {
            usize::from(m.from)
        };
        (self.side() * 16 + origin) * position::CELLS + usize::from(m.to)
    }
}

/// The shared search's refinements kept for Dobutsu shogi: the ladder's
/// (`scripts/search-ladder.sh ... dobutsu`), which against Fairy-Stockfish
/// score 28.5% where the plain search scores 18% (BENCHMARKS.md); with
/// `futility` added they score 27.0%, so it is left out.
pub const DOBUTSU_REFINEMENTS: &str = "order+aspiration+null+lmr";

/// The default engine's contempt ([`Limits::contempt`]): a repetition counts
/// half a chick below a draw for it, so it plays on from a position it
/// judges at most that much below even instead of repeating. Against
/// Fairy-Stockfish it converted more won starts than with none (BENCHMARKS.md).
pub const DOBUTSU_CONTEMPT: i32 = 50;

/// A kind's rank for move ordering: chick, elephant and giraffe, hen, lion.
fn kind_order(kind: u8) -> i32 {
    match kind {
        position::CHICK => 1,
        position::ELEPHANT | position::GIRAFFE => 3,
        position::HEN => 4,
        position::LION => 50,
        _ => 0,
    }
}

impl TwoPlayerGame for Position {
    const NAME: &'static str = "dobutsu";
    const REPETITION_DRAW: usize = 3;

    fn start() -> Position {
        Position::start()
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

/// `eval=` values: `strong` (ours), `fitted` (fitted to the solution by
/// `arena tune dobutsu-solution`), `file:PATH` (a weights file it wrote),
/// `network` (the network fitted to the solution by `arena tune
/// dobutsu-solution --hidden N`), `network:PATH` (a network file it wrote),
/// `material`, `attacks` (material and
/// attacked cells), `seed` (material, attacks, check and try: the seed's full
/// evaluation), or nine comma-free piece values `v1/v2/.../v9` for material
/// alone (board chick, elephant, giraffe, lion, hen; hand chick, elephant,
/// giraffe, lion).
fn evaluation(name: Option<&str>, default: &str) -> Result<Box<dyn Evaluator<Position>>, String> {
    let seed = PieceValues::SEED;
    Ok(match name.unwrap_or(default) {
        "strong" => Box::new(StrongEvaluation),
        "fitted" => Box::new(fitted::FittedEvaluation::fitted()),
        file if file.starts_with("file:") => {
            Box::new(fitted::FittedEvaluation::read(&file["file:".len()..])?)
        }
        "network" => Box::new(network::NetworkEvaluation::fitted()),
        file if file.starts_with("network:") => {
            Box::new(network::NetworkEvaluation::read(&file["network:".len()..])?)
        }
        "material" => Box::new(SeedEvaluation::material(seed)),
        "attacks" => Box::new(SeedEvaluation {
            values: seed,
            attacks: true,
            check_and_try: false,
        }),
        "seed" => Box::new(SeedEvaluation {
            values: seed,
            attacks: true,
            check_and_try: true,
        }),
        values if values.contains('/') => {
            let genes: Vec<i32> = values
                .split('/')
                .map(|v| {
                    v.parse::<i32>()
                        .map_err(|_| format!("`{v}` is not a value"))
                })
                .collect::<Result<_, _>>()?;
            if genes.len() != 9 {
                return Err(format!("{} piece values: nine are needed", genes.len()));
            }
            Box::new(SeedEvaluation::material(PieceValues::from_genes(&genes)))
        }
        other => {
            return Err(format!(
                "no evaluation `{other}`: strong, fitted, file:PATH, network, network:PATH, material, attacks, seed, or nine values a/b/.../i"
            ))
        }
    })
}

fn network_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "network")
}

fn seed_evaluation(name: Option<&str>) -> Result<Box<dyn Evaluator<Position>>, String> {
    evaluation(name, "seed")
}

impl Engines for Position {
    const OTHER_ENGINES: &'static [(&'static str, &'static str)] = &[(
        "perfect",
        "(or dobutsu-perfect; perfect@FILE for another table) plays from the solution's \
         table (arena dobutsu solve; $ARENA_DOBUTSU_TABLE or \
         ~/.cache/fpga-blokus/dobutsu-solution.tb): the fastest win, else a draw, else the \
         slowest loss",
    )];

    fn other_player(
        spec: &str,
        _seed: u64,
    ) -> Option<Result<crate::game::player::BoxedPlayer<Position>, String>> {
        let path = match spec.split_once('@') {
            Some(("perfect" | "dobutsu-perfect", path)) => std::path::PathBuf::from(path),
            None if matches!(spec, "perfect" | "dobutsu-perfect") => {
                crate::dobutsu::solve::table::default_path()
            }
            _ => return None,
        };
        Some(
            perfect::PerfectPlayer::from_file(&path)
                .map(|p| Box::new(p) as crate::game::player::BoxedPlayer<Position>),
        )
    }

    /// Fairy-Stockfish's `dobutsu` plays our rules but for the moment of the
    /// try: it ends the game as the lion reaches a far cell no piece
    /// attacks, we a ply later, when the lion is still there (it cannot be
    /// taken, so every move between loses).
    const UCI_VARIANT: Option<&'static str> = Some("dobutsu");
    const UCI_NONE_LOSES: bool = true;

    fn engine_kinds() -> Vec<EngineKind<Position>> {
        let network: EvaluationByName<Position> = network_evaluation;
        let seed: EvaluationByName<Position> = seed_evaluation;
        vec![
            EngineKind {
                name: "alphabeta",
                about: "ours: iterative deepening alpha-beta with a table, quiescence and \
                        the refinements measured to gain here (see `refine=`), the \
                        network evaluation fitted to the solution (`eval=network`; \
                        `eval=fitted` is the linear one, `eval=strong` the hand-set \
                        one), a repetition half a chick below a draw (`contempt=50`), \
                        0.1 s a move",
                limits: Limits {
                    max_depth: 64,
                    time: Some(Duration::from_millis(100)),
                    quiescence: true,
                    refine: Refinements::default()
                        .with(DOBUTSU_REFINEMENTS, true)
                        .expect("refinements"),
                    contempt: DOBUTSU_CONTEMPT,
                    ..Limits::default()
                },
                table_bits: 20,
                evaluation: network,
            },
            EngineKind {
                name: "seed",
                about: "the seed's player: a fixed-depth search (3 by default) with its \
                        evaluation, ties broken at random",
                limits: Limits {
                    choice: Choice::RandomTie,
                    ..Limits::depth(3)
                },
                table_bits: 0,
                evaluation: seed,
            },
        ]
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use position::{CHICK, ELEPHANT, GIRAFFE, GOTE, HEN, LION};
        let hand = |side: usize| {
            let names = ["chick", "elephant", "giraffe"];
            let items: Vec<String> = (0..3)
                .filter(|&i| self.hand(side, i) > 0)
                .map(|i| format!("{} x{}", names[i], self.hand(side, i)))
                .collect();
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(", ")
            }
        };
        writeln!(f, "gote hand: {}", hand(1))?;
        writeln!(f, "    A   B   C")?;
        for row in 0..4 {
            write!(f, "{} ", row + 1)?;
            for column in 0..3 {
                let piece = self.at(row * 3 + column);
                let letter = match piece & 7 {
                    CHICK => "C",
                    ELEPHANT => "E",
                    GIRAFFE => "G",
                    LION => "L",
                    HEN => "H",
                    _ => " . ",
                };
                if piece == 0 {
                    write!(f, " . ")?;
                } else if piece & GOTE != 0 {
                    write!(f, " v{letter}")?;
                } else {
                    write!(f, " ^{letter}")?;
                }
                write!(f, " ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "sente hand: {}", hand(0))?;
        write!(
            f,
            "{} to move (^ sente, moving up; v gote; C chick, E elephant, G giraffe, L lion, H hen)",
            if self.side() == 0 { "sente" } else { "gote" }
        )
    }
}

#[cfg(test)]
mod tests;
