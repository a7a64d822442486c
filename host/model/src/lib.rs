//! The bit-exact, cycle-exact reference model of the Blokus Duo hardware in
//! `hdl/`: one public module per hardware block, with the block's names, bit
//! layout, result order and timing, so that each RustHDL block has its
//! specification beside it under the same name. It stands on the rules
//! (`blokus`) and is checked against them; the hardware's simulations are
//! checked against it.
//!
//! - The blocks: [`mask_unit`], [`placer`], [`evaluator`], [`cell_playout`]
//!   (the playout engine), [`playout_bank`], [`cell_candidates`] (the
//!   candidate stream), [`expander`], [`board_tree`] (the board's search),
//!   [`move_code`], [`player`] (the whole board behind its serial line),
//!   [`sdram`] (the board's SDRAM and its controller) and [`sdram_check`]
//!   (the check of the SDRAM a person runs after flashing a board).
//! - The next search's blocks, built before the search is: [`class_unit`]
//!   (a position's cell classes), [`prior_scorer`] (each candidate's prior
//!   logit, one a clock), [`prior_expander`] (a node's children, the
//!   candidates of highest prior), and the search as the hardware will run
//!   it, [`prior_tree`].
//! - What they share: [`clock`] (the board's clock and a search's
//!   budgets), [`random`] (the generator), [`ordered`] (candidates scored
//!   and kept in order of score), [`pairs`] (the (shape, cell) pairs) and
//!   [`policy`] (the playout policy).
//! - [`next`]: the board's next search, found in software before it is
//!   built.
//! - [`retired`]: the designs the board no longer runs, kept as baselines.
//!
//! The board's search as a host engine is [`BoardModel`].

pub mod board_tree;
pub mod cell_candidates;
pub mod cell_playout;
pub mod class_unit;
pub mod clock;
pub mod evaluator;
pub mod expander;
pub mod mask_unit;
pub mod move_code;
pub mod next;
pub mod ordered;
pub mod pairs;
pub mod placer;
pub mod player;
pub mod playout_bank;
pub mod policy;
pub mod prior_expander;
pub mod prior_scorer;
pub mod prior_tree;
pub mod random;
pub mod retired;
pub mod sdram;
pub mod sdram_check;

/// The board's search as a host engine: the tree by prior over the playout
/// bank ([`prior_tree`]), what the FPGA player plays, move for move
/// (engines `board-model[:MS]` and `prior-tree[:MS]`; the history it gives
/// its first search of a game is what the position alone tells, see
/// [`prior_tree::PriorTree`]).
pub type BoardModel = prior_tree::PriorTree;
