//! The Blokus Duo player as hardware: RustHDL blocks, one block a file, each
//! simulated bit-exact against the host's rules (`blokus`), and the
//! Verilog generated from them.
//!
//! Every board is a 196-bit vector in the layout of `blokus`:
//! cell `(x, y)` is bit `14 * (y - 1) + (x - 1)`; see [`board`].

#![warn(missing_docs)]

pub mod bit_count;
pub mod board;
pub mod board_tree;
pub mod cell_candidates;
pub mod cell_playout;
pub mod cell_window;
pub mod class_unit;
pub mod contest_player;
pub mod evaluator;
pub mod expander;
pub mod grow;
pub mod lut_ram;
pub mod mask_unit;
pub mod move_code;
pub mod neighbours;
pub mod optional;
pub mod placer;
pub mod playout_bank;
pub mod pll;
pub mod pop_count;
pub mod prior_expander;
pub mod prior_scorer;
pub mod prior_tree;
pub mod puct_score;
pub mod scorer;
pub mod sdram;
pub mod sdram_check;
pub mod search_budget;
pub mod shape_fields;
pub mod side;
pub mod sim_board;
pub mod tile_tally;
pub mod tiles;
pub mod uart_rx;
pub mod uart_tx;
pub mod ucb_score;
pub mod ulx3s_top;
pub mod verilog;

pub use bit_count::{BoardCount, NthSetBit, RowCount};
pub use board::{board_from_words, board_to_words, Board, CELLS, SIZE};
pub use board_tree::BoardTree;
pub use cell_candidates::CellCandidates;
pub use cell_playout::{CellPlayout, RecentMoves};
pub use cell_window::{CellHot, CellWindow, PairFits};
pub use class_unit::{CellClasses, ClassUnit, CLASS_LATENCY};
pub use contest_player::{ContestPlayer, PlayerConfig};
pub use evaluator::{Evaluator, EVAL_LATENCY};
pub use expander::Expander;
pub use grow::Grow;
pub use mask_unit::MaskUnit;
pub use move_code::{CodeDecoder, CodeEncoder};
pub use neighbours::Neighbours;
pub use optional::Optional;
pub use placer::Placer;
pub use playout_bank::PlayoutBank;
pub use pll::{Pll, PllSettings};
pub use pop_count::{PopCount196, POP_COUNT_LATENCY};
pub use prior_expander::{PriorExpander, PriorList};
pub use prior_scorer::{PriorCounts, PriorScorer, PRIOR_LATENCY};
pub use prior_tree::PriorTree;
pub use puct_score::{PuctScore, ScoredChild, SCORE_LATENCY};
pub use scorer::Scorer;
pub use sdram::{Sdram, SdramChipModel, SdramRequest, SdramRig};
pub use sdram_check::SdramCheck;
pub use search_budget::SearchBudget;
pub use side::{PlayoutSide, Side};
pub use tile_tally::TileTally;
pub use uart_rx::UartRx;
pub use uart_tx::UartTx;
pub use ucb_score::{UcbScore, UCB_LATENCY};
pub use ulx3s_top::Ulx3sTop;
