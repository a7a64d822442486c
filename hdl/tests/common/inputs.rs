//! A position as a search block's inputs: its boards as `hdl::Board`s, a
//! side's tiles as the generator's `tiles_left`.

#![allow(dead_code)] // each test binary uses its own subset

use blokus::{Bitboard, Move, Player, Position};
use hdl::move_gen::Tiles;
use hdl::{board_from_words, Board};
use model::move_gen::MoveGenInputs;

/// A bitboard as a block's board.
pub fn board(b: Bitboard) -> Board {
    board_from_words(b.0)
}

/// Tiles `player` holds in `p`.
pub fn tiles(p: &Position, player: Player) -> Tiles {
    let mut q = p.clone();
    if q.to_move() != player {
        q.play(Move::Pass);
    }
    u64::from(MoveGenInputs::for_position(&q).tiles_left).into()
}
