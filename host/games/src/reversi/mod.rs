//! Reversi for any number of players on any board within 8 x 8: the variant
//! as data (shape with holes, start stones, turn order), the rules, perft,
//! and players (random, the seed's primitive Monte Carlo, MCTS).

pub mod perft;
pub mod players;
pub mod position;
pub mod record;
pub mod series;
pub mod setup;

pub use position::{Move, Position};
pub use setup::Setup;

#[cfg(test)]
mod tests;
