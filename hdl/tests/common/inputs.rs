//! A position as a search block's inputs: its boards as `hdl::Board`s, a
//! side's tiles as the generator's `tiles_left`, the passes before it.

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

/// Passes in a row before `p` (the rules engine keeps the count private):
/// 2 when two passes ended the game, else 1 when one more pass would end it.
pub fn passes(p: &Position) -> u64 {
    if p.is_over() && p.tiles_placed(Player::One) < 21 && p.tiles_placed(Player::Two) < 21 {
        return 2;
    }
    let mut q = p.clone();
    q.play(Move::Pass);
    u64::from(q.is_over())
}
