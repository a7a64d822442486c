//! Blokus Duo in the one match framework: its position is a
//! [`GameState`] (two seats, a pass the move `0000`), any
//! [`blokus::Engine`] plays as a [`Player`] through [`EnginePlayer`], and
//! the core's transcript and SGF are formats of the one record abstraction
//! ([`Transcript`], [`Sgf`]). The
//! engines keep the core's own trait because the hardware's reference
//! model implements it, and the model may depend on the core alone.

use crate::play::{GameState, Player};
use crate::records::{RecordFormat, Recorded};
use blokus::record::GameRecord;
use blokus::{Engine, Move, Position};

impl GameState for Position {
    type Move = Move;

    fn seats(&self) -> usize {
        2
    }

    fn seat_to_move(&self) -> usize {
        self.to_move().index()
    }

    fn points(&self) -> Option<Vec<f64>> {
        self.is_over().then(|| match self.winner() {
            Some(blokus::Player::One) => vec![1.0, 0.0],
            Some(blokus::Player::Two) => vec![0.0, 1.0],
            None => vec![0.5, 0.5],
        })
    }

    fn play_move(&mut self, m: Move) -> Result<(), String> {
        self.play_code(m.code())
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn move_text(&self, m: Move) -> String {
        m.code().to_string()
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }

    fn play_legal(&mut self, m: Move) {
        self.play(m);
    }

    fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        u64::from(self.count_placements().max(1))
    }
}

/// A Blokus Duo engine as a player of the framework.
pub struct EnginePlayer(pub Box<dyn Engine>);

impl Player<Position> for EnginePlayer {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn choose(&mut self, position: &Position) -> anyhow::Result<Move> {
        Ok(self.0.choose(position))
    }

    fn last_info(&self) -> Option<String> {
        self.0.last_info()
    }
}

/// The core's record of a game from a fresh start, `game`'s moves as codes.
fn core_record(game: &Recorded<Position>) -> Result<GameRecord, String> {
    if game.start != Position::with_first(game.start.to_move()) {
        return Err("a Blokus Duo record holds games from the start".to_string());
    }
    let mut record = GameRecord::new(game.start.to_move());
    record.moves = game.moves.iter().map(|m| m.code()).collect();
    record.replay().map_err(|e| e.to_string())?;
    Ok(record)
}

/// A game the core read, its codes checked and made moves.
fn recorded(record: GameRecord) -> Result<Recorded<Position>, String> {
    let start = Position::with_first(record.first);
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, &code) in record.moves.iter().enumerate() {
        let m = position
            .play_code(code)
            .map_err(|e| format!("move {} ({code}): {e}", i + 1))?;
        moves.push(m);
    }
    Ok(Recorded {
        start,
        players: Vec::new(),
        moves,
    })
}

/// The contest transcript (one code a line) as a format of the one record
/// abstraction.
pub struct Transcript;

impl RecordFormat<Position> for Transcript {
    const EXTENSION: &'static str = "txt";

    fn write(game: &Recorded<Position>) -> Result<String, String> {
        Ok(core_record(game)?.to_transcript())
    }

    fn read(text: &str) -> Result<Recorded<Position>, String> {
        recorded(GameRecord::from_transcript(text).map_err(|e| e.to_string())?)
    }
}

/// Pentobi's SGF as a format of the one record abstraction.
pub struct Sgf;

impl RecordFormat<Position> for Sgf {
    const EXTENSION: &'static str = "sgf";

    fn write(game: &Recorded<Position>) -> Result<String, String> {
        Ok(core_record(game)?.to_sgf())
    }

    fn read(text: &str) -> Result<Recorded<Position>, String> {
        recorded(GameRecord::from_sgf(text).map_err(|e| e.to_string())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::RandomEngine;
    use crate::play::play_timed;

    #[test]
    fn two_engines_play_a_game_to_its_end_through_the_framework() {
        let mut players: Vec<Box<dyn Player<Position>>> = vec![
            Box::new(EnginePlayer(Box::new(RandomEngine::new(1)))),
            Box::new(EnginePlayer(Box::new(RandomEngine::new(2)))),
        ];
        let mut position = Position::new();
        let mut codes = Vec::new();
        let (points, thinking) = play_timed(&mut position, &mut players, &mut |_, m| {
            codes.push(m.code())
        })
        .unwrap();
        assert!(position.is_over());
        // The moves replay to the same end, and the points are its winner's.
        let mut replay = Position::new();
        for code in &codes {
            replay.play_code(*code).unwrap();
        }
        assert_eq!(replay, position);
        assert_eq!(points.iter().sum::<f64>(), 1.0);
        assert_eq!(thinking[0].1 + thinking[1].1, codes.len() as u32);
        // An illegal move is refused with the core's reason.
        let mut start = Position::new();
        let corner = start.clone();
        let m = RandomEngine::new(3).choose(&corner);
        start.play_move(m).unwrap();
        assert!(start.play_move(m).is_err());
    }
}

#[cfg(test)]
mod perft_tests {
    use crate::blokus::sensible_games;
    use crate::play::perft;
    use blokus::Position;

    #[test]
    fn the_one_perft_counts_what_the_cores_bit_parallel_perft_counts() {
        let start = Position::new();
        assert_eq!(perft(&start, 1), 414);
        assert_eq!(perft(&start, 2), 171_396);
        // Through a game, to its end.
        let game = &sensible_games(7, 1, 4)[0];
        for (ply, position) in game.iter().enumerate() {
            if ply % 6 == 0 || ply + 3 >= game.len() {
                for depth in 1..=2 {
                    assert_eq!(
                        perft(position, depth),
                        blokus::perft(position, depth),
                        "ply {ply}, depth {depth}"
                    );
                }
            }
        }
        let position = game.last().unwrap();
        assert!(position.is_over());
        assert_eq!(perft(position, 1), 0);
    }
}
