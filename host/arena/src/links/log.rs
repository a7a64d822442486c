//! A refereed game's records, written as the game goes: the transcript and
//! SGF (`blokus::record::Recorder`, after every move), and a JSON-lines log
//! of every byte in both directions and every event, with times, one line
//! flushed at a time, so killing the referee loses nothing already played.
//! Each line is a typed event ([`Event`]), written by serde.

use blokus::record::Recorder;
use blokus::{MoveCode, Player};
use protocol::show_bytes;
use protocol::{EndReason, Outcome};
use serde::Serialize;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seat number as people write it: 1 or 2.
pub fn seat(player: Player) -> u8 {
    player.index() as u8 + 1
}

/// A game's end as the logs and the `--json` results write it.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeRecord {
    /// The winner's seat; none for a draw.
    pub winner: Option<u8>,
    /// The winner's label.
    pub winner_player: Option<String>,
    /// Both scores, player 1's first.
    pub scores: [i32; 2],
    /// Why it ended: `two-passes`, `all-tiles` or `fault`.
    pub reason: &'static str,
    pub fault: Option<FaultRecord>,
}

/// A player's fault as the logs write it.
#[derive(Clone, Debug, Serialize)]
pub struct FaultRecord {
    pub seat: u8,
    pub player: String,
    /// The fault's name (`timeout`, `illegal`, ...).
    pub fault: &'static str,
    /// What went wrong, for people.
    pub message: String,
    /// The bytes at fault, shown (`<CR><LF>aa`) and as numbers.
    pub raw: String,
    pub raw_bytes: Vec<u8>,
}

/// The name the logs give an end's reason.
pub fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::TwoPasses => "two-passes",
        EndReason::AllTiles => "all-tiles",
        EndReason::Fault => "fault",
    }
}

impl OutcomeRecord {
    /// The record of `outcome` between `labels`.
    pub fn new(outcome: &Outcome, labels: &[String; 2]) -> OutcomeRecord {
        OutcomeRecord {
            winner: outcome.winner.map(seat),
            winner_player: outcome.winner.map(|w| labels[w.index()].clone()),
            scores: outcome.scores,
            reason: reason_name(outcome.reason),
            fault: outcome.fault.as_ref().map(|f| FaultRecord {
                seat: seat(f.player),
                player: labels[f.player.index()].clone(),
                fault: f.kind.name(),
                message: f.kind.to_string(),
                raw: show_bytes(&f.raw),
                raw_bytes: f.raw.clone(),
            }),
        }
    }
}

/// A note of the log besides bytes and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A player's team code.
    Team,
    /// Something a player did that the referee let pass.
    Warning,
    /// A board's own time for its answer.
    BoardTime,
    /// A player's link closed.
    Closed,
}

/// One line of the JSON-lines log: what happened (`event`) and its fields.
#[derive(Debug, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
enum Event<'a> {
    /// The game starts: its number and its players' labels.
    Game {
        number: usize,
        players: &'a [String; 2],
    },
    /// Bytes `to` or `from` a seat, shown and as numbers.
    Bytes {
        direction: &'static str,
        seat: u8,
        text: String,
        bytes: &'a [u8],
    },
    /// A move played.
    Move {
        seat: u8,
        code: String,
    },
    Team {
        seat: u8,
        text: &'a str,
    },
    Warning {
        seat: u8,
        text: &'a str,
    },
    BoardTime {
        seat: u8,
        text: &'a str,
    },
    Closed {
        seat: u8,
        text: &'a str,
    },
    /// The end.
    Over(OutcomeRecord),
}

/// A log line: the event and its time in seconds from the game's start.
#[derive(Debug, Serialize)]
struct Line<'a> {
    #[serde(flatten)]
    event: Event<'a>,
    t: f64,
}

/// The files of one game under a record directory.
pub struct GameLog {
    recorder: Recorder,
    events: File,
    path: PathBuf,
}

impl GameLog {
    /// Starts `DIR/game-NNN.{txt,sgf,jsonl}` for game `number` (1-based).
    pub fn create(dir: &Path, number: usize, labels: &[String; 2]) -> io::Result<GameLog> {
        std::fs::create_dir_all(dir)?;
        let base = dir.join(format!("game-{number:03}"));
        let recorder = Recorder::create(&base, Player::One)?;
        let path = base.with_extension("jsonl");
        let events = File::create(&path)?;
        let mut log = GameLog {
            recorder,
            events,
            path,
        };
        log.line(
            Duration::ZERO,
            Event::Game {
                number,
                players: labels,
            },
        )?;
        Ok(log)
    }

    /// The JSON-lines file's path.
    pub fn events_path(&self) -> &Path {
        &self.path
    }

    fn line(&mut self, at: Duration, event: Event) -> io::Result<()> {
        let line = Line {
            event,
            t: at.as_secs_f64(),
        };
        let text = serde_json::to_string(&line).map_err(io::Error::other)?;
        writeln!(self.events, "{text}")?;
        self.events.flush()
    }

    /// Bytes written to a player.
    pub fn sent(&mut self, at: Duration, player: Player, bytes: &[u8]) -> io::Result<()> {
        self.bytes(at, "to", player, bytes)
    }

    /// Bytes received from a player.
    pub fn received(&mut self, at: Duration, player: Player, bytes: &[u8]) -> io::Result<()> {
        self.bytes(at, "from", player, bytes)
    }

    fn bytes(
        &mut self,
        at: Duration,
        direction: &'static str,
        player: Player,
        bytes: &[u8],
    ) -> io::Result<()> {
        self.line(
            at,
            Event::Bytes {
                direction,
                seat: seat(player),
                text: show_bytes(bytes),
                bytes,
            },
        )
    }

    /// A move played: the log line, the transcript and the SGF.
    pub fn moved(&mut self, at: Duration, player: Player, code: MoveCode) -> io::Result<()> {
        self.line(
            at,
            Event::Move {
                seat: seat(player),
                code: code.to_string(),
            },
        )?;
        self.recorder.push(code)
    }

    /// Anything else worth keeping (team codes, warnings, a board's time,
    /// a link closing).
    pub fn note(&mut self, at: Duration, note: Note, player: Player, text: &str) -> io::Result<()> {
        let seat = seat(player);
        let event = match note {
            Note::Team => Event::Team { seat, text },
            Note::Warning => Event::Warning { seat, text },
            Note::BoardTime => Event::BoardTime { seat, text },
            Note::Closed => Event::Closed { seat, text },
        };
        self.line(at, event)
    }

    /// The end of the game.
    pub fn over(
        &mut self,
        at: Duration,
        outcome: &Outcome,
        labels: &[String; 2],
    ) -> io::Result<()> {
        self.line(at, Event::Over(OutcomeRecord::new(outcome, labels)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{Fault, FaultKind};
    use serde_json::json;

    #[test]
    fn a_fault_in_json_names_the_player_the_fault_and_the_raw_bytes() {
        let outcome = Outcome {
            winner: Some(Player::One),
            scores: [-80, -84],
            reason: EndReason::Fault,
            fault: Some(Fault {
                player: Player::Two,
                kind: FaultKind::Timeout { received: 2 },
                raw: b"\r\naa".to_vec(),
            }),
        };
        let labels = [
            "serial:/dev/ttyUSB0@115200".to_string(),
            "engine:random".to_string(),
        ];
        let value = serde_json::to_value(OutcomeRecord::new(&outcome, &labels)).unwrap();
        assert_eq!(value["reason"], "fault");
        assert_eq!(value["winner"], 1);
        assert_eq!(value["winner_player"], "serial:/dev/ttyUSB0@115200");
        let fault = &value["fault"];
        assert_eq!(fault["seat"], 2);
        assert_eq!(fault["player"], "engine:random");
        assert_eq!(fault["fault"], "timeout");
        assert_eq!(fault["raw"], "<CR><LF>aa");
        assert_eq!(fault["raw_bytes"], json!([13, 10, 97, 97]));
        assert!(fault["message"].as_str().unwrap().contains("2 of 4 bytes"));
    }
}
