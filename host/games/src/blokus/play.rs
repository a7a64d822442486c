//! Blokus Duo in the one match framework: its position is a
//! [`GameState`] (two seats, a pass the move `0000`), and any
//! [`blokus::Engine`] plays as a [`Player`] through [`EnginePlayer`]. The
//! engines keep the core's own trait because the hardware's reference
//! model implements it, and the model may depend on the core alone.

use crate::play::{GameState, Player};
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
