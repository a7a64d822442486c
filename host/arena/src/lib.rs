//! The host side of the project: the rules of the games, engines, notations
//! and the command-line tools built on them.

pub mod blokus;
pub mod cli;
pub mod contest;
pub mod dobutsu;
pub mod game;
pub mod janken;
pub mod kyoto;
pub mod model;
pub mod reversi;
pub mod search;
pub mod stats;
pub mod tune;
pub mod web;
