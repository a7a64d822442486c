//! What a Blokus Duo player is to the tools: something that chooses a
//! legal move in a position ([`Engine`]); and a game played out between two.

use crate::position::{Move, Player, Position};

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

/// Plays a whole game between two engines from `start` and returns the final position.
pub fn play_game(start: Position, players: &mut [Box<dyn Engine>; 2]) -> Position {
    play_game_noting(start, players, |_| ())
}

/// [`play_game`], telling `played` each move as it is played.
pub fn play_game_noting(
    start: Position,
    players: &mut [Box<dyn Engine>; 2],
    mut played: impl FnMut(Move),
) -> Position {
    let mut position = start;
    while !position.is_over() {
        let engine = &mut players[position.to_move().index()];
        let m = engine.choose(&position);
        position
            .play_code(m.code())
            .unwrap_or_else(|e| panic!("engine {} chose an illegal move {m}: {e}", engine.name()));
        played(m);
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
