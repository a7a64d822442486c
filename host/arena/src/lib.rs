//! The `arena` program's library: everything a person or a tool drives from
//! the command line or a web page, on top of the rules (`blokus`), the
//! hardware's model (`model`), the contest protocol (`protocol`) and the
//! games (`games`):
//!
//! - [`cli`]: the command line's arguments (clap) and commands, kept in the
//!   library so that tests can run them with in-memory I/O;
//! - [`links`]: the contest protocol on real transports (serial ports, TCP,
//!   processes, in-process engines, the simulated board), the referee's
//!   match loop with its records, the player loop, a person's board client;
//! - [`engines`]: the Blokus Duo engine registry (`engine:NAME`);
//! - [`opponent`]: whom a person plays Blokus Duo against (an engine or a
//!   board), shared by the terminal game and the web page;
//! - [`web`]: `arena serve`, the games on a local web page;
//! - [`bench`]: the Blokus Duo speed figures of BENCHMARKS.md;
//! - [`chart`]: the tuning chart.

pub mod bench;
pub mod chart;
pub mod cli;
pub mod engines;
pub mod links;
pub mod opponent;
pub mod web;
