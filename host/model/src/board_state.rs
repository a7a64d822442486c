//! Model of `hdl::BoardState`: the game's registers (both players' cells and
//! used tiles, who moves, the ply count, passes in a row) and what they give
//! the mask unit and the generator for the side to move.
//!
//! # Registers and their widths
//! `cells[2]` (196 bits each), `used[2]` (21 bits), `to_move` (1 bit, 0 =
//! player 1), `plies` (7 bits, wraps at 128; a contest game has at most
//! 21+21 placements and the passes between them, far fewer), `passes`
//! (2 bits, counts passes in a row and stops at 2).
//!
//! # Operations (one per clock edge; `new_game` wins over `play`)
//! - `new_game(first)`: everything 0, `to_move = first`.
//! - `play` of a placement (`cells`, `tile`): the mover's cells |= cells,
//!   used |= 1 << tile, passes = 0, to_move flips, plies += 1.
//! - `play` of a pass: passes = min(passes + 1, 2), to_move flips, plies += 1.
//!
//! No legality is checked here: the player checks its own moves before
//! playing them and the referee's moves are legal by the protocol.

use blokus::tiles::ALL_TILES;
use blokus::{Bitboard, Player, Position};

/// The registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardState {
    pub cells: [Bitboard; 2],
    pub used: [u32; 2],
    /// 0 = player 1 to move, 1 = player 2.
    pub to_move: u8,
    pub plies: u8,
    pub passes: u8,
}

/// What the registers give the rest of the player, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub own: Bitboard,
    pub opponent: Bitboard,
    /// One-hot start square of the side to move.
    pub start_square: Bitboard,
    pub tiles_left: u32,
    /// Two passes in a row, or a player has used all 21 tiles.
    pub game_over: bool,
}

impl BoardState {
    /// A new game with `first` to move.
    pub fn new_game(first: Player) -> BoardState {
        BoardState {
            to_move: first.index() as u8,
            ..BoardState::default()
        }
    }

    /// Plays a placement of `tile` covering `cells` for the side to move.
    pub fn play_placement(&mut self, cells: Bitboard, tile: u8) {
        let me = usize::from(self.to_move);
        self.cells[me] |= cells;
        self.used[me] |= (1u32 << (tile & 31)) & ALL_TILES;
        self.passes = 0;
        self.advance();
    }

    /// Plays a pass for the side to move.
    pub fn play_pass(&mut self) {
        self.passes = (self.passes + 1).min(2);
        self.advance();
    }

    fn advance(&mut self) {
        self.to_move ^= 1;
        self.plies = (self.plies + 1) & 0x7f;
    }

    /// The outputs.
    pub fn view(&self) -> BoardView {
        let me = usize::from(self.to_move);
        let player = if me == 0 { Player::One } else { Player::Two };
        BoardView {
            own: self.cells[me],
            opponent: self.cells[1 - me],
            start_square: Bitboard::from_cell(player.start_square()),
            tiles_left: !self.used[me] & ALL_TILES,
            game_over: self.passes >= 2 || self.used.contains(&ALL_TILES),
        }
    }

    /// Whether these registers describe `position` (same cells, tiles, side to move, passes).
    pub fn matches(&self, position: &Position) -> bool {
        [Player::One, Player::Two].into_iter().all(|p| {
            self.cells[p.index()] == position.cells(p)
                && self.used[p.index()] == position.used_tiles(p)
        }) && usize::from(self.to_move) == position.to_move().index()
            && self.passes == position.passes_in_row().min(2)
            && u16::from(self.plies) == position.plies() % 128
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blokus::Engine;
    use blokus::Move;
    use games::blokus::RandomEngine;

    #[test]
    fn follows_the_rules_engine_through_random_games_from_both_seats() {
        for seed in 0..6u64 {
            let first = if seed % 2 == 0 {
                Player::One
            } else {
                Player::Two
            };
            let mut position = Position::with_first(first);
            let mut state = BoardState::new_game(first);
            let mut engine = RandomEngine::new(seed);
            while !position.is_over() {
                let view = state.view();
                let me = position.to_move();
                assert!(!view.game_over);
                assert_eq!(view.own, position.cells(me));
                assert_eq!(view.start_square, Bitboard::from_cell(me.start_square()));
                let m = engine.choose(&position);
                match m {
                    Move::Pass => state.play_pass(),
                    Move::Place(p) => state.play_placement(p.cells(), p.tile().index() as u8),
                }
                position.play(m);
                assert!(state.matches(&position));
            }
            assert!(state.view().game_over);
        }
    }
}
