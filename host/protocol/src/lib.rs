//! The contest link: the ICFPT Blokus Duo wire protocol between a referee and
//! two players (`../shared/spec/blokus-duo-contest.md`, "Serial link",
//! "Messages", "Time and faults").
//!
//! - [`message`]: the two request schemes and the bytes of each message;
//! - [`referee`] and [`player`]: the protocol as pure state machines (bytes
//!   and times in, bytes and events out; no I/O);
//! - [`link`]: the transports (serial port, TCP, listening socket, child
//!   process, in-process engine, stdio) as one byte stream;
//! - [`run`]: the drivers that put the machines on links: the referee's
//!   match loop with its records, and the player loop;
//! - [`board_client`]: the referee's end of one board's link, for a person
//!   playing the board from the terminal or a page;
//! - [`board_time`]: which clock a board's answers are judged by (a
//!   simulated board by its own board time), and the simulated board's
//!   reports of it;
//! - [`offline`]: a refereed game between in-memory players, no clock, no link;
//! - [`log`]: game records written as they go (transcript, JSON lines, SGF);
//! - [`latency`]: the time the referee adds per move, measured over pseudo-terminals.

pub mod board_client;
pub mod board_time;
pub mod latency;
pub mod link;
pub mod log;
pub mod message;
pub mod offline;
pub mod player;
pub mod referee;
pub mod run;

pub use message::Scheme;
