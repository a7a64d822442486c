//! Retired designs, kept as software and used by nothing live: the flat
//! Monte Carlo search whose hardware the tree replaced, the baseline
//! BENCHMARKS.md and `arena blokus bench` compare the board against
//! ([`flat`], engine `board-flat[:MS]`), with its one-ply core
//! ([`one_ply`], engine `model-1ply`) and the core's candidate stream
//! ([`candidates`]); and the floating-point tree search over light
//! playouts the board's tree was designed with ([`light_uct`], engine
//! `light-uct[:options]`) with its shapes-first playouts
//! ([`light_playout`]). Each is still cycle-exact to the hardware it
//! specified where it had one; that hardware lives in git history.

pub mod candidates;
pub mod flat;
pub mod light_playout;
pub mod light_uct;
pub mod one_ply;

pub use flat::BoardFlat;
pub use light_uct::LightTree;
pub use one_ply::ModelOnePly;
