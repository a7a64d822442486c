//! A refereed game's records, written as the game goes: the transcript and
//! SGF (`blokus::record::Recorder`, after every move), and a JSON-lines log
//! of every byte in both directions and every event, with times, one line
//! flushed at a time, so killing the referee loses nothing already played.

use blokus::record::Recorder;
use blokus::{MoveCode, Player};
use protocol::show_bytes;
use protocol::Outcome;
use serde_json::{json, Value};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seat number as people write it: 1 or 2.
pub fn seat(player: Player) -> u8 {
    player.index() as u8 + 1
}

/// The JSON form of a game's end (the `--json` results use it too).
pub fn outcome_json(outcome: &Outcome, labels: &[String; 2]) -> Value {
    let fault = outcome.fault.as_ref().map(|f| {
        json!({
            "seat": seat(f.player),
            "player": labels[f.player.index()],
            "fault": f.kind.name(),
            "message": f.kind.to_string(),
            "raw": show_bytes(&f.raw),
            "raw_bytes": f.raw,
        })
    });
    json!({
        "winner": outcome.winner.map(seat),
        "winner_player": outcome.winner.map(|w| labels[w.index()].clone()),
        "scores": outcome.scores,
        "reason": format!("{:?}", outcome.reason),
        "fault": fault,
    })
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
            json!({"event": "game", "number": number, "players": labels}),
        )?;
        Ok(log)
    }

    /// The JSON-lines file's path.
    pub fn events_path(&self) -> &Path {
        &self.path
    }

    fn line(&mut self, at: Duration, mut value: Value) -> io::Result<()> {
        value["t"] = json!(at.as_secs_f64());
        writeln!(self.events, "{value}")?;
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
        direction: &str,
        player: Player,
        bytes: &[u8],
    ) -> io::Result<()> {
        self.line(
            at,
            json!({"event": "bytes", "direction": direction, "seat": seat(player),
                   "text": show_bytes(bytes), "bytes": bytes}),
        )
    }

    /// A move played: the log line, the transcript and the SGF.
    pub fn moved(&mut self, at: Duration, player: Player, code: MoveCode) -> io::Result<()> {
        self.line(
            at,
            json!({"event": "move", "seat": seat(player), "code": code.to_string()}),
        )?;
        self.recorder.push(code)
    }

    /// Anything else worth keeping (team codes, warnings, a link closing).
    pub fn note(&mut self, at: Duration, what: &str, player: Player, text: &str) -> io::Result<()> {
        self.line(
            at,
            json!({"event": what, "seat": seat(player), "text": text}),
        )
    }

    /// The end of the game.
    pub fn over(
        &mut self,
        at: Duration,
        outcome: &Outcome,
        labels: &[String; 2],
    ) -> io::Result<()> {
        let mut value = outcome_json(outcome, labels);
        value["event"] = json!("over");
        self.line(at, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{EndReason, Fault, FaultKind};

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
        let value = outcome_json(&outcome, &labels);
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
