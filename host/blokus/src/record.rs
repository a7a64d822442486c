//! Blokus Duo game records: the plain transcript (one contest code a line)
//! and Pentobi's SGF (`GM[Blokus Duo]`), read and written, and a recorder that
//! keeps both files up to date after every move.
//!
//! Transcript format: one code a line (`0000` for a pass), blank lines and
//! lines starting with `#` ignored, except `# first: 2`, which says player 2
//! moved first (the referee's `-r`).
//!
//! In SGF, `B` is player 1 (start e10) and `W` player 2 (start j5), each move
//! its cells; passes are not written (Pentobi's convention) and are restored
//! on reading when the same colour moves twice, and at the end of a game
//! with a result (`RE`) that passes ended. A game with player 2 first
//! has `PL[W]` in the root node.

use crate::code::{CodeError, MoveCode};
use crate::pentobi::{self, PentobiError};
use crate::position::{IllegalMove, Move, Player, Position};
use crate::sgf::{self, SgfSyntaxError};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A game: who moved first and the moves in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    pub first: Player,
    pub moves: Vec<MoveCode>,
}

/// Why a record could not be read.
#[derive(Debug, Error)]
pub enum RecordError {
    #[error("line {line}: {error}")]
    Code { line: usize, error: CodeError },
    #[error("move {number} ({code}): {reason}")]
    Illegal {
        number: usize,
        code: String,
        reason: IllegalMove,
    },
    #[error(transparent)]
    Syntax(#[from] SgfSyntaxError),
    #[error("not a Blokus Duo record: the game property is {0:?}, expected GM[Blokus Duo]")]
    WrongGame(String),
    #[error("SGF node {node}: {message}")]
    Sgf { node: usize, message: String },
    #[error("SGF node {node}: {error}")]
    Cells { node: usize, error: PentobiError },
}

impl GameRecord {
    /// An empty game with `first` to move.
    pub fn new(first: Player) -> GameRecord {
        GameRecord {
            first,
            moves: Vec::new(),
        }
    }

    /// Plays the record from the start and returns the final position, or the first illegal move.
    pub fn replay(&self) -> Result<Position, RecordError> {
        let mut position = Position::with_first(self.first);
        for (i, &code) in self.moves.iter().enumerate() {
            position
                .play_code(code)
                .map_err(|reason| RecordError::Illegal {
                    number: i + 1,
                    code: code.to_string(),
                    reason,
                })?;
        }
        Ok(position)
    }

    /// The plain transcript.
    pub fn to_transcript(&self) -> String {
        let mut out = transcript_header(self.first);
        for code in &self.moves {
            out.push_str(&format!("{code}\n"));
        }
        out
    }

    /// Reads a plain transcript and checks every move.
    pub fn from_transcript(text: &str) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::new(Player::One);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                if comment.trim().replace(' ', "") == "first:2" {
                    record.first = Player::Two;
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let code = line
                .parse()
                .map_err(|error| RecordError::Code { line: n + 1, error })?;
            record.moves.push(code);
        }
        record.replay()?;
        Ok(record)
    }

    /// The record as Pentobi SGF.
    pub fn to_sgf(&self) -> String {
        let mut out = String::from("(;FF[4]CA[UTF-8]GM[Blokus Duo]AP[arena]");
        if self.first == Player::Two {
            out.push_str("PL[W]");
        }
        let final_position = self.replay().ok();
        if let Some(result) = final_position.filter(|p| p.is_over()).map(|p| result(&p)) {
            out.push_str(&format!("RE[{}]", sgf::escape(&result)));
        }
        out.push('\n');
        let mut position = Position::with_first(self.first);
        for &code in &self.moves {
            let mover = position.to_move();
            let Ok(m) = position.play_code(code) else {
                break;
            };
            if let Move::Place(p) = m {
                let colour = if mover == Player::One { 'B' } else { 'W' };
                out.push_str(&format!(";{colour}[{}]\n", pentobi::placement_to_string(p)));
            }
        }
        out.push_str(")\n");
        out
    }

    /// Reads a Pentobi SGF game record (main line) and checks every move.
    pub fn from_sgf(text: &str) -> Result<GameRecord, RecordError> {
        let nodes = sgf::main_line(text)?;
        let root = nodes.first().ok_or(RecordError::Sgf {
            node: 1,
            message: "the game tree has no node".into(),
        })?;
        let game = root
            .iter()
            .find(|(id, _)| id == "GM")
            .map(|(_, v)| v[0].clone())
            .unwrap_or_default();
        if game != "Blokus Duo" {
            return Err(RecordError::WrongGame(game));
        }
        let first = match root.iter().find(|(id, _)| id == "PL") {
            Some((_, v)) if v[0] == "W" => Player::Two,
            _ => Player::One,
        };
        let mut record = GameRecord::new(first);
        let mut position = Position::with_first(first);
        for (n, node) in nodes.iter().enumerate() {
            for (id, values) in node {
                let colour = match id.as_str() {
                    "B" => Player::One,
                    "W" => Player::Two,
                    "AB" | "AW" | "AE" => {
                        return Err(RecordError::Sgf {
                            node: n + 1,
                            message: format!("set-up property {id} is not supported"),
                        })
                    }
                    _ => continue,
                };
                if colour != position.to_move() {
                    record.play(&mut position, MoveCode::Pass)?;
                }
                let placement = pentobi::parse_placement(&values[0])
                    .map_err(|error| RecordError::Cells { node: n + 1, error })?;
                record.play(&mut position, placement.code())?;
            }
        }
        // A result says the game is over: the passes that ended it come back.
        if root.iter().any(|(id, _)| id == "RE") {
            for _ in 0..2 {
                if !position.is_over() {
                    record.play(&mut position, MoveCode::Pass)?;
                }
            }
        }
        Ok(record)
    }

    fn play(&mut self, position: &mut Position, code: MoveCode) -> Result<(), RecordError> {
        self.moves.push(code);
        position
            .play_code(code)
            .map_err(|reason| RecordError::Illegal {
                number: self.moves.len(),
                code: code.to_string(),
                reason,
            })?;
        Ok(())
    }
}

fn transcript_header(first: Player) -> String {
    match first {
        Player::One => "# Blokus Duo transcript: one contest code a line\n".to_string(),
        Player::Two => "# Blokus Duo transcript: one contest code a line\n# first: 2\n".to_string(),
    }
}

/// The SGF result of a finished game: `B+n`, `W+n` (n = difference in unplaced cells) or `0`.
fn result(position: &Position) -> String {
    let one = position.unplaced_cells(Player::One) as i64;
    let two = position.unplaced_cells(Player::Two) as i64;
    match one.cmp(&two) {
        std::cmp::Ordering::Less => format!("B+{}", two - one),
        std::cmp::Ordering::Greater => format!("W+{}", one - two),
        std::cmp::Ordering::Equal => "0".to_string(),
    }
}

/// Keeps a game's transcript and SGF on disk as it goes: the transcript gets
/// each move appended and flushed, the SGF is rewritten (atomically) after each move.
pub struct Recorder {
    record: GameRecord,
    transcript: File,
    sgf: PathBuf,
}

impl Recorder {
    /// Starts `BASE.txt` and `BASE.sgf` for a new game.
    pub fn create(base: &Path, first: Player) -> io::Result<Recorder> {
        let transcript_path = base.with_extension("txt");
        let mut transcript = File::create(&transcript_path)?;
        transcript.write_all(transcript_header(first).as_bytes())?;
        transcript.flush()?;
        let recorder = Recorder {
            record: GameRecord::new(first),
            transcript,
            sgf: base.with_extension("sgf"),
        };
        recorder.write_sgf()?;
        Ok(recorder)
    }

    /// Records one move that has been played.
    pub fn push(&mut self, code: MoveCode) -> io::Result<()> {
        self.record.moves.push(code);
        writeln!(self.transcript, "{code}")?;
        self.transcript.flush()?;
        self.write_sgf()
    }

    /// The record so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    fn write_sgf(&self) -> io::Result<()> {
        let temporary = self.sgf.with_extension("sgf.part");
        fs::write(&temporary, self.record.to_sgf())?;
        fs::rename(&temporary, &self.sgf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(list: &str) -> Vec<MoveCode> {
        crate::code::parse_code_list(list).unwrap()
    }

    #[test]
    fn transcripts_round_trip_and_name_the_bad_line() {
        let record = GameRecord {
            first: Player::Two,
            moves: codes("aau0,56j0"),
        };
        let text = record.to_transcript();
        assert_eq!(GameRecord::from_transcript(&text).unwrap(), record);
        let err = GameRecord::from_transcript("56j0\n\naau9\n").unwrap_err();
        assert!(err.to_string().starts_with("line 3: byte 4"), "{err}");
        let err = GameRecord::from_transcript("56j0\n0000\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 2 (0000): a player may not pass on its first move"
        );
    }

    #[test]
    fn sgf_round_trips_with_passes_restored() {
        // The seed thesis's opening, then player 1 passes once.
        let record = GameRecord {
            first: Player::One,
            moves: codes("56j0,aap0,0000,8ca0"),
        };
        let text = record.to_sgf();
        assert!(text.contains("GM[Blokus Duo]"));
        assert!(text.contains(";B[e7,e8,e9,e10,e11]"), "{text}");
        let back = GameRecord::from_sgf(&text).unwrap();
        assert_eq!(back.replay().unwrap(), record.replay().unwrap());
        assert_eq!(back.moves[2], MoveCode::Pass);
        // Two passes end the game: the result brings them back.
        let ended = GameRecord {
            first: Player::One,
            moves: codes("56j0,aap0,0000,0000"),
        };
        let text = ended.to_sgf();
        assert!(text.contains("RE["), "{text}");
        assert_eq!(GameRecord::from_sgf(&text).unwrap(), ended);
    }

    #[test]
    fn sgf_errors_say_what_is_wrong() {
        let err = GameRecord::from_sgf("(;GM[Blokus])").unwrap_err();
        assert!(matches!(err, RecordError::WrongGame(ref g) if g == "Blokus"));
        let err = GameRecord::from_sgf("(;GM[Blokus Duo];B[a1,a2])").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 1 (1db0): the first tile must cover the start square 55"
        );
        let err = GameRecord::from_sgf("(;GM[Blokus Duo];B[e10,z2])").unwrap_err();
        assert!(matches!(err, RecordError::Cells { node: 2, .. }), "{err}");
    }

    #[test]
    fn the_recorder_keeps_both_files_current_after_every_move() {
        let dir = std::env::temp_dir().join(format!("arena-recorder-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let base = dir.join("game");
        let mut recorder = Recorder::create(&base, Player::One).unwrap();
        for code in codes("56j0,aap0") {
            recorder.push(code).unwrap();
            let on_disk = fs::read_to_string(base.with_extension("txt")).unwrap();
            assert_eq!(
                GameRecord::from_transcript(&on_disk).unwrap(),
                *recorder.record()
            );
            let sgf = fs::read_to_string(base.with_extension("sgf")).unwrap();
            assert_eq!(GameRecord::from_sgf(&sgf).unwrap(), *recorder.record());
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
