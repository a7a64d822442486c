//! The board's playouts a move: how many the board as built (the tree of
//! `model::board_tree`, three engines at 50 MHz) plays in its 850 ms at
//! each ply, so that the next search is measured at the board's own work.
//! [`BOARD_PLAYOUTS`] is the mean over the positions of 10 games that open
//! with 4 random moves and go on greedily, measured by [`measure`] (`arena
//! blokus bench --playouts-per-ply` prints it again).

use crate::board_tree::{search, tree_budget};
use crate::playout_bank::ENGINES;
use blokus::Position;

/// The board's playouts at plies 0, 2, 4, ..., 30, measured on main at
/// 548200e (`arena blokus bench --playouts-per-ply --games 10`); the last
/// for every later ply (the sampled games have few positions beyond it).
pub const BOARD_PLAYOUTS: [u64; 16] = [
    218_550, 225_708, 234_181, 242_592, 258_537, 279_921, 300_391, 320_892, 350_020, 387_246,
    447_271, 510_352, 690_463, 947_592, 1_089_701, 1_107_652,
];

/// The board's playouts at `ply` (plies from the start, passes counted).
pub fn board_playouts(ply: usize) -> u64 {
    BOARD_PLAYOUTS[(ply / 2).min(BOARD_PLAYOUTS.len() - 1)]
}

/// The playouts the board's tree plays in its budget from `position`.
pub fn measure(position: &Position) -> u64 {
    u64::from(search(position, tree_budget()).rounds) * ENGINES as u64
}
