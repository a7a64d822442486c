//! The games of the seeds on one shared search and one match machinery:
//! the search ([`search`]: negamax alpha-beta for any two-player game), what
//! the tools need of a game ([`game`]: notation, records, players, series,
//! UCI engines), the games ([`dobutsu`], [`kyoto`], [`janken`], [`reversi`]),
//! Blokus Duo's host players ([`blokus`]: random, greedy, alpha-beta, any
//! GTP program, and the sampled games the tests and benchmarks share), the
//! seed's genetic algorithm ([`tune`]) and the statistics of results
//! ([`stats`]). Each game is a module of its own, behind the common traits.

pub mod blokus;
pub mod dobutsu;
pub mod game;
pub mod janken;
pub mod kyoto;
pub mod play;
pub mod records;
pub mod reversi;
pub mod search;
pub mod series;
pub mod spec;
pub mod stats;
pub mod thinking;
pub mod tune;
pub mod workers;
