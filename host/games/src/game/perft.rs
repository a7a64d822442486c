//! Perft for the two-player games, on the one perft of [`crate::play`]:
//! the number of move sequences of a given length (a finished game has no
//! moves; repetition is ignored), from a start after some moves.

use super::record::Record;
use super::TwoPlayerGame;
use crate::play::{self, GameState};
use std::io::Write;

/// A position of a two-player game as perft walks it: the rules' moves
/// alone, no history (repetition is ignored).
#[derive(Clone, Debug, PartialEq)]
pub struct Rules<G>(pub G);

impl<G: TwoPlayerGame> GameState for Rules<G> {
    type Move = G::Move;

    fn seats(&self) -> usize {
        2
    }

    fn seat_to_move(&self) -> usize {
        self.0.side_to_move().index()
    }

    fn points(&self) -> Option<Vec<f64>> {
        Record::new(self.0.clone(), usize::MAX)
            .ending()
            .map(|ending| ending.points())
    }

    fn play_move(&mut self, m: G::Move) -> Result<(), String> {
        if !self.legal_moves().contains(&m) {
            return Err("not a legal move here".to_string());
        }
        self.0.play(m);
        Ok(())
    }

    fn move_text(&self, m: G::Move) -> String {
        self.0.move_text(m)
    }

    fn play_legal(&mut self, m: G::Move) {
        self.0.play(m);
    }

    fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::with_capacity(64);
        self.0.moves(&mut moves);
        moves
    }
}

/// The number of move sequences of length `depth` from `position`.
pub fn perft<G: TwoPlayerGame>(position: &G, depth: u32) -> u64 {
    play::perft(&Rules(position.clone()), depth)
}

/// `arena GAME perft`: from `start` after the comma-separated `moves` (any
/// notation the game reads), prints each first move's count if `divide`,
/// then the time and speed, and the count as the last line.
pub fn perft_command<G: TwoPlayerGame>(
    start: G,
    moves: &str,
    depth: u32,
    divide: bool,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut game = Record::new(start, usize::MAX);
    for text in moves.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        game.play_text(text)
            .map_err(|e| anyhow::anyhow!("--moves: {text}: {e}"))?;
    }
    let position = game.position().clone();
    let what = position.to_fen();
    play::perft_command(&Rules(position), &what, depth, divide, output)?;
    Ok(())
}
