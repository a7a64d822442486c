//! The Blokus Duo player as hardware: RustHDL blocks, one block a file, each
//! simulated bit-exact against the host's rules (`host::blokus`), and the
//! Verilog generated from them.
//!
//! Every board is a 196-bit vector in the layout of `host::blokus::cell`:
//! cell `(x, y)` is bit `14 * (y - 1) + (x - 1)`; see [`board`].

#![warn(missing_docs)]

pub mod board;
pub mod mask_unit;

pub use board::{board_from_words, board_to_words, Board, CELLS, SIZE};
pub use mask_unit::MaskUnit;
