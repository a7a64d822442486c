//! The contest protocol (`protocol`'s pure machines) on real links:
//!
//! - [`LinkSpec`] (`spec`): where a player is, as the command line names it;
//! - [`Link`] (`stream`): an open link, one byte stream;
//! - [`open`] (`open`): the transports (serial port, TCP, listening socket,
//!   child process, in-process engine, stdio, the simulated board);
//! - [`run`]: the referee's match loop with its records and results, and
//!   the player loop;
//! - [`board_client`]: the referee's end of one board's link, for a person
//!   playing the board from the terminal or a page;
//! - [`log`]: game records written as they go (transcript, JSON lines, SGF);
//! - [`latency`]: the time the referee adds per move, over pseudo-terminals.

pub mod board_client;
pub mod latency;
pub mod log;
mod open;
pub mod run;
mod spec;
mod stream;

pub use open::{open, open_serial, EngineOptions};
pub use spec::{check_referee_spec, LinkSpec, DEFAULT_BAUD};
pub use stream::Link;
