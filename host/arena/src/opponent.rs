//! Whom a person plays, in the terminal (`arena blokus play`) or on the web
//! page: a host engine, or a board (real or simulated) refereed from here
//! over the contest link; and how each of its moves went.

use crate::links::board_client::{BoardClient, Thinking};
use blokus::{Engine, Move, Position};
use protocol::BoardTime;
use std::time::Instant;

/// Whom a person plays.
pub enum Opponent {
    /// A host engine.
    Engine(Box<dyn Engine>),
    /// A board (real or simulated), refereed from here.
    Board(Box<BoardClient>),
}

impl Opponent {
    /// Its name for people: `the engine (alphabeta)`, `the board (sim)`.
    pub fn name(&self) -> String {
        match self {
            Opponent::Engine(e) => format!("the engine ({})", e.name()),
            Opponent::Board(b) => format!("the board ({})", b.label()),
        }
    }

    /// Its move in `position` after the person's move `last`, and how it
    /// went; a board tells `progress` how it is doing while it thinks.
    pub fn reply(
        &mut self,
        position: &Position,
        last: Option<Move>,
        progress: &mut dyn FnMut(Thinking),
    ) -> anyhow::Result<Reply> {
        match self {
            Opponent::Engine(engine) => {
                let started = Instant::now();
                let m = engine.choose(position);
                let info = engine
                    .last_info()
                    .map_or(String::new(), |i| format!(", {i}"));
                Ok(Reply {
                    m,
                    note: format!("{} ms{info}", started.elapsed().as_millis()),
                    board_time: None,
                })
            }
            Opponent::Board(board) => {
                let answer = board.request(position, last, progress)?;
                let wall = answer.wall.as_secs_f64();
                let note = match answer.board_time.cycles {
                    Some(_) => format!("{}; {wall:.1} s of wall time", answer.board_time),
                    None => answer.board_time.to_string(),
                };
                Ok(Reply {
                    m: answer.m,
                    note,
                    board_time: Some(answer.board_time),
                })
            }
        }
    }
}

/// An [`Opponent`]'s move and how it went.
pub struct Reply {
    pub m: Move,
    /// For people: the engine's time and search, or the board's times.
    pub note: String,
    /// A board's time for the answer.
    pub board_time: Option<BoardTime>,
}
