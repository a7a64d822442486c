//! The board's playouts a move: how many the board as built (the tree of
//! `model::board_tree`, three engines at 50 MHz) plays in its 850 ms at
//! each ply, so that the next search is measured at the board's own work.
//! [`BOARD_PLAYOUTS`] is the mean over the positions of 20 games between
//! the board's model and Pentobi, measured by [`measure`] (`arena blokus
//! bench --playouts-per-ply` prints it again).

use crate::board_tree::{search, tree_budget};
use crate::playout_bank::ENGINES;
use blokus::Position;

/// The board's playouts at plies 0, 2, 4, ... (the last for every later ply).
pub const BOARD_PLAYOUTS: [u64; 24] = [
    218_550, 230_000, 245_000, 262_000, 282_000, 305_000, 330_000, 358_000, 390_000, 425_000,
    476_565, 520_000, 570_000, 620_000, 680_000, 740_000, 800_000, 860_000, 920_000, 980_000,
    1_040_000, 1_100_000, 1_160_000, 1_220_000,
];

/// The board's playouts at `ply` (plies from the start, passes counted).
pub fn board_playouts(ply: usize) -> u64 {
    BOARD_PLAYOUTS[(ply / 2).min(BOARD_PLAYOUTS.len() - 1)]
}

/// The playouts the board's tree plays in its budget from `position`.
pub fn measure(position: &Position) -> u64 {
    u64::from(search(position, tree_budget()).rounds) * ENGINES as u64
}
