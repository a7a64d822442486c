//! Blokus Duo as the contest plays it: cells and the shared bit layout,
//! tiles and orientations, move codes, positions and rules, move generation,
//! perft, notations and engines.

pub mod bench;
pub mod bitboard;
pub mod cell;
pub mod code;
pub mod display;
pub mod engine;
pub mod gtp;
pub mod movegen;
pub mod pentobi;
pub mod perft;
pub mod position;
pub mod record;
pub mod sample;
pub mod sgf;
pub mod tiles;

pub use bitboard::Bitboard;
pub use cell::Cell;
pub use code::MoveCode;
pub use position::{IllegalMove, Move, Placement, Player, Position};
pub use tiles::{Shape, Tile};
