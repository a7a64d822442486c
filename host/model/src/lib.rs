//! The bit-exact reference model of the Blokus Duo hardware in `hdl/`: one
//! module per hardware block, with the block's names, bit layout, result order
//! and timing. It is kept apart from the rules engine (`crate::blokus`) and
//! checked against it; the hardware's simulations are checked against it.

pub mod board_state;
pub mod candidates;
pub mod evaluator;
pub mod mask_unit;
pub mod monte_carlo;
pub mod move_code;
pub mod move_gen;
pub mod one_ply;
pub mod placer;
pub mod player;
