//! A game as it is played: the start, the moves, the keys of every position
//! for the repetition rule, and the outcome the rules give, including draws by
//! repetition and by the length cap. Its text form is the record file: a few
//! `[Tag value]` lines, then one move a line in the game's notation.

use super::{Outcome, Side, TwoPlayerGame};
use crate::search::DECIDED;
use std::fmt::Write as _;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A result on the board (a capture of the king or lion, a try, a mate).
    Rules(Outcome),
    /// The same position occurred the game's repetition count of times.
    Repetition,
    /// The game reached the length cap unfinished and is scored a draw.
    LengthCap,
}

impl Ending {
    pub fn outcome(&self) -> Outcome {
        match self {
            Ending::Rules(outcome) => *outcome,
            Ending::Repetition | Ending::LengthCap => Outcome::Draw,
        }
    }

    /// Each side's points: 1 a win, 0.5 a draw, 0 a loss (first side first).
    pub fn points(&self) -> Vec<f64> {
        match self.outcome() {
            Outcome::Win(Side::First) => vec![1.0, 0.0],
            Outcome::Win(Side::Second) => vec![0.0, 1.0],
            Outcome::Draw => vec![0.5, 0.5],
        }
    }

    /// The result in the record's words: `1-0`, `0-1` or `1/2-1/2`, and why.
    pub fn describe(&self) -> String {
        let score = match self.outcome() {
            Outcome::Win(Side::First) => "1-0",
            Outcome::Win(Side::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        };
        let why = match self {
            Ending::Rules(Outcome::Draw) => "drawn by the rules",
            Ending::Rules(Outcome::Win(Side::First)) => "the first player wins",
            Ending::Rules(Outcome::Win(Side::Second)) => "the second player wins",
            Ending::Repetition => "drawn by repetition",
            Ending::LengthCap => "drawn at the length cap",
        };
        format!("{score} ({why})")
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Record<G: TwoPlayerGame> {
    start: G,
    position: G,
    moves: Vec<G::Move>,
    /// Keys of every position so far, the start first and the current last.
    keys: Vec<u64>,
    /// Plies after which an unfinished game is a draw.
    max_plies: usize,
}

impl<G: TwoPlayerGame> Record<G> {
    /// A game from `start`, drawn if still going after `max_plies` moves.
    pub fn new(start: G, max_plies: usize) -> Record<G> {
        Record {
            keys: vec![start.key()],
            position: start.clone(),
            start,
            moves: Vec::new(),
            max_plies,
        }
    }

    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn position(&self) -> &G {
        &self.position
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The keys of the positions before the current one, oldest first (what
    /// the search takes as history).
    pub fn history(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.position.terminal().is_none() {
            self.position.moves(&mut moves);
        }
        moves
    }

    /// Plays `m`, which must be legal (from [`Record::legal_moves`] or
    /// [`TwoPlayerGame::parse_move`]); an illegal one, or any move after the
    /// end, is refused with the reason.
    pub fn play(&mut self, m: G::Move) -> Result<(), String> {
        if let Some(ending) = self.ending() {
            return Err(format!("the game is over: {}", ending.describe()));
        }
        if !self.legal_moves().contains(&m) {
            return Err("not a legal move here".to_string());
        }
        self.position.play(m);
        self.moves.push(m);
        self.keys.push(self.position.key());
        Ok(())
    }

    /// Plays up to `plies` uniformly random legal moves drawn from `rng`
    /// (fewer if the game ends first); returns how many were played.
    pub fn play_random(&mut self, rng: &mut impl rand::RngExt, plies: usize) -> usize {
        for played in 0..plies {
            let legal = self.legal_moves();
            if self.ending().is_some() || legal.is_empty() {
                return played;
            }
            let m = legal[rng.random_range(0..legal.len())];
            self.play(m).expect("a legal move is played");
        }
        plies
    }

    /// Reads `text` in the game's notation and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, String> {
        if let Some(ending) = self.ending() {
            return Err(format!("the game is over: {}", ending.describe()));
        }
        let m = self.position.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// The game as it stood after its first `plies` moves.
    pub fn take_back_to(&self, plies: usize) -> Record<G> {
        let plies = plies.min(self.moves.len());
        let mut earlier = Record::new(self.start.clone(), self.max_plies);
        for &m in &self.moves[..plies] {
            earlier.position.play(m);
            earlier.moves.push(m);
            earlier.keys.push(earlier.position.key());
        }
        earlier
    }

    /// How the game ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        let to_move = self.position.side_to_move();
        let decided = |score: i32| {
            if score >= DECIDED {
                Outcome::Win(to_move)
            } else if score <= -DECIDED {
                Outcome::Win(to_move.other())
            } else {
                Outcome::Draw
            }
        };
        if let Some(result) = self.position.terminal() {
            return Some(Ending::Rules(decided(result)));
        }
        if self.legal_moves().is_empty() {
            return Some(Ending::Rules(decided(self.position.no_move_score())));
        }
        let key = self.position.key();
        if key != 0 && self.keys.iter().filter(|&&k| k == key).count() >= G::REPETITION_DRAW {
            return Some(Ending::Repetition);
        }
        (self.moves.len() >= self.max_plies).then_some(Ending::LengthCap)
    }

    /// The moves in the game's notation.
    pub fn move_texts(&self) -> Vec<String> {
        let mut position = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let text = position.move_text(m);
                position.play(m);
                text
            })
            .collect()
    }

    /// The record file's header: the game and its start.
    pub fn header(&self, first: &str, second: &str) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "[Game {}]", G::NAME);
        let _ = writeln!(text, "[Start {}]", self.start.to_fen());
        let _ = writeln!(text, "[First {first}]");
        let _ = writeln!(text, "[Second {second}]");
        text
    }

    /// The whole record file: header, moves, and the result once there is one.
    pub fn to_text(&self, first: &str, second: &str) -> String {
        let mut text = self.header(first, second);
        for line in self.move_texts() {
            let _ = writeln!(text, "{line}");
        }
        if let Some(ending) = self.ending() {
            let _ = writeln!(text, "[Result {}]", ending.describe());
        }
        text
    }

    /// Reads a record file written by [`Record::to_text`] (the result line, if
    /// any, is recomputed, not trusted); the error names the line at fault.
    pub fn parse(text: &str, max_plies: usize) -> Result<Record<G>, String> {
        let mut record: Option<Record<G>> = None;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            let at = |message: String| format!("line {}: {message}", number + 1);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (name, value) = tag.split_once(' ').unwrap_or((tag, ""));
                match name {
                    "Game" if value != G::NAME => {
                        return Err(at(format!("a {value} record, not {}", G::NAME)))
                    }
                    "Start" => {
                        if record.as_ref().is_some_and(|r| !r.moves.is_empty()) {
                            return Err(at("the start comes after moves".to_string()));
                        }
                        let start = G::from_fen(value).map_err(at)?;
                        record = Some(Record::new(start, max_plies));
                    }
                    _ => {}
                }
                continue;
            }
            let record = record.get_or_insert_with(|| Record::new(G::start(), max_plies));
            record
                .play_text(line)
                .map_err(|e| at(format!("{line}: {e}")))?;
        }
        Ok(record.unwrap_or_else(|| Record::new(G::start(), max_plies)))
    }
}

impl<G: TwoPlayerGame> crate::play::GameState for Record<G> {
    type Move = G::Move;

    fn seats(&self) -> usize {
        2
    }

    fn seat_to_move(&self) -> usize {
        self.position().side_to_move().index()
    }

    fn points(&self) -> Option<Vec<f64>> {
        self.ending().map(|ending| ending.points())
    }

    fn play_move(&mut self, m: G::Move) -> Result<(), String> {
        self.play(m)
    }

    fn move_text(&self, m: G::Move) -> String {
        self.position().move_text(m)
    }

    fn legal_moves(&self) -> Vec<G::Move> {
        if self.ending().is_some() {
            return Vec::new();
        }
        Record::legal_moves(self)
    }
}
