//! Blokus Duo's host players on the shared search: a random player, a
//! greedy one-ply player, alpha-beta ([`SearchEngine`]), any program that
//! speaks GTP such as Pentobi ([`GtpEngine`]); and the games sampled from
//! them that tests, cross-checks and benchmarks share ([`random_games`]).

mod engines;
mod gtp;
mod play;
mod sample;

pub use engines::{evaluate, RandomEngine, SearchEngine};
pub use gtp::GtpEngine;
pub use play::{EnginePlayer, Sgf, Transcript};
pub use sample::{mid_game_positions, random_games, sensible_games};
