//! Blokus Duo as the contest plays it: cells and the bit layout the
//! software, the hardware and the reference model share, tiles and
//! orientations, move codes, positions and rules, move generation, perft,
//! and the notations (Pentobi cell lists and SGF, transcripts, the terminal
//! board). It needs nothing but `std` (and `thiserror`): the hardware
//! (`hdl`) and its model stand on it, the tools sit above.
//!
//! The value types are re-exported here; the notations are modules of
//! their own ([`tiles`], [`pentobi`], [`sgf`], [`record`], [`display`]).
//!
//! ```
//! use blokus::{perft, Position};
//! assert_eq!(perft(&Position::new(), 1), 414);
//! ```

mod bitboard;
mod cell;
mod code;
pub mod display;
mod engine;
mod movegen;
pub mod pentobi;
mod perft;
mod position;
pub mod record;
pub mod sgf;
pub mod tiles;

pub use bitboard::{Bitboard, Cells};
pub use cell::{hex_digit, Cell, CELLS, SIZE};
pub use code::{parse_code_list, Case, CodeError, CodeListError, MoveCode};
pub use engine::{play_game, play_game_noting, points_for_player_one, Engine};
pub use perft::perft;
pub use position::{IllegalMove, Move, Placement, Player, Position};
pub use tiles::{Shape, Tile};
