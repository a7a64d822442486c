//! The Blokus Duo player as hardware: RustHDL blocks, one block a file, each
//! simulated bit-exact against the host's rules (`host::blokus`), and the
//! Verilog generated from them.
//!
//! Every board is a 196-bit vector in the layout of `host::blokus::cell`:
//! cell `(x, y)` is bit `14 * (y - 1) + (x - 1)`; see [`board`].

// rust-hdl's `#[derive(LogicBlock)]` and `#[hdl_gen]` expand to code that
// trips these lints (e.g. `let mut` vectors pushed to once), in our crate.
#![allow(clippy::vec_init_then_push, clippy::unnecessary_cast)]

pub mod board;
pub mod mask_unit;

pub use board::{board_from_words, board_to_words, Board, CELLS, SIZE};
pub use mask_unit::MaskUnit;
