//! The bit-exact, cycle-exact reference model of the Blokus Duo hardware in
//! `hdl/`: one public module per hardware block, with the block's names, bit
//! layout, result order and timing, so that each RustHDL block has its
//! specification beside it under the same name. It stands on the rules
//! (`blokus`) and is checked against them; the hardware's simulations are
//! checked against it. The board's players as host engines are re-exported
//! at the top ([`ModelOnePly`], [`BoardModel`]).

pub mod board_tree;
pub mod candidates;
pub mod cell_candidates;
pub mod cell_playout;
mod engines;
pub mod evaluator;
pub mod expander;
pub mod light;
pub mod mask_unit;
pub mod monte_carlo;
pub mod move_code;
pub mod move_gen;
pub mod next;
pub mod one_ply;
pub mod placer;
pub mod player;
pub mod playout_bank;
pub mod tree;

pub use engines::{BoardFlat, BoardModel, ModelOnePly};
