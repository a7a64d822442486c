//! The ICFPT Blokus Duo contest protocol between a referee and two players
//! (`docs/rules/blokus-duo.md`: "The serial link", "Messages", "Time limits",
//! "Faults") as pure state machines: bytes and times in, bytes and events
//! out. Nothing here does I/O or reads a clock; the drivers that put the
//! machines on serial ports, sockets and processes are `arena`'s links.
//!
//! - messages: the two request schemes ([`Scheme`]) and the bytes of each
//!   message ([`Request`]);
//! - [`Referee`]: one game refereed, every fault judged;
//! - [`PlayerLink`]: a player's side, the schemes told apart by its state;
//! - [`play_offline`]: a refereed game between in-memory players
//!   ([`Exchange`]), no clock, no link;
//! - board time: which clock a board's answers are judged by
//!   ([`AnswerClock`]), and the simulated board's reports of it
//!   ([`Report`], [`Reports`]).

mod board_time;
mod message;
mod offline;
mod player;
mod referee;

pub use board_time::{
    AnswerClock, BoardTime, Report, Reports, CONTEST_MOVE_LIMIT, REPORT_WAIT, SIM_WALL_GUARD,
};
pub use message::{
    player_of_start_byte, show_bytes, start_byte, Request, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME,
    TEAM_CODE_LEN,
};
pub use offline::{play_offline, EnginePlayer, Exchange, OfflineGame};
pub use player::{Event, PlayerLink, RequestError};
pub use referee::{Action, EndReason, Fault, FaultKind, Limits, Outcome, Referee};
