//! Perft in the usual Othello convention: a pass is a ply, and a finished game
//! is one leaf at whatever depth it ends (the one perft of [`crate::play`],
//! by [`crate::play::GameState::FINISHED_IS_LEAF`]).

use super::position::Position;

/// The number of leaves `depth` plies below `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    crate::play::perft(position, depth)
}
