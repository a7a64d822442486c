//! The perfect Dobutsu player: it reads every move's value from the
//! solution's table (`arena dobutsu solve`) and plays the fastest win, else
//! a draw, else the slowest loss; and it judges a played game's moves by
//! the same table ([`judge`]). A position the table lacks (a game from a
//! position not reachable from the start) is refused with the reason.

use super::solve::reach::is_leaf;
use super::solve::retro::{verdict, Verdict};
use super::solve::table::{self, Table};
use super::{Move, Position};
use crate::game::player::Player;
use crate::game::record::Record;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A move's worth for the mover: higher is better.
fn worth(v: Verdict) -> (i32, i32) {
    match v {
        // The opponent's loss: the sooner the better.
        Verdict::Lost(d) => (2, -i32::from(d)),
        Verdict::Drawn => (1, 0),
        // The opponent's win: the later the better.
        Verdict::Won(d) => (0, i32::from(d)),
    }
}

/// The value for the opponent after `m`, or why it is not known.
fn after(table: &Table, position: &Position, m: Move) -> Result<Verdict, String> {
    let mut child = *position;
    child.make(m);
    // A move that catches the lion, or a lion left on its far row: decided.
    match child.decided() {
        Some(false) => return Ok(Verdict::Lost(0)),
        Some(true) => return Ok(Verdict::Won(0)),
        None => {}
    }
    table
        .value(&child)
        .map(verdict)
        .ok_or_else(|| format!("the table has no value for {}", child.to_fen()))
}

/// The best move of `position` by the table, with the value it keeps for the mover.
pub fn best_move(table: &Table, position: &Position) -> Result<(Move, Verdict), String> {
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if is_leaf(position) {
        // Where the analysis stops: catch the lion, or lose whatever is played.
        let catch = moves.iter().find(|&&m| {
            let mut child = *position;
            child.make(m);
            child.decided() == Some(false)
        });
        return match (catch, moves.first()) {
            (Some(&m), _) => Ok((m, Verdict::Won(1))),
            (None, Some(&m)) => Ok((m, Verdict::Lost(1))),
            (None, None) => Err("no legal move".to_string()),
        };
    }
    let mut best: Option<(Move, Verdict)> = None;
    for m in moves {
        let v = after(table, position, m)?;
        if best.is_none_or(|(_, b)| worth(v) > worth(b)) {
            best = Some((m, v));
        }
    }
    let (m, v) = best.ok_or_else(|| "no legal move".to_string())?;
    Ok((m, for_mover(v)))
}

/// The mover's value, a ply further from the end, of a move whose value
/// for the opponent is `v`.
fn for_mover(v: Verdict) -> Verdict {
    match v {
        Verdict::Lost(d) => Verdict::Won(d + 1),
        Verdict::Won(d) => Verdict::Lost(d + 1),
        Verdict::Drawn => Verdict::Drawn,
    }
}

/// What the table makes of one move: the value its mover had before it,
/// and the value the move kept (`None`: a move out of a position the
/// analysis does not expand, where the lion could be caught and was not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub before: Verdict,
    pub kept: Option<Verdict>,
}

impl Judged {
    /// The move turned a win into a draw or a loss, or a draw into a loss
    /// (a slower win or a faster loss does not count).
    pub fn lost_ground(&self) -> bool {
        self.kept.is_none_or(|kept| rank(kept) < rank(self.before))
    }
}

/// A value's rank for its own side: won 2, drawn 1, lost 0.
fn rank(v: Verdict) -> u8 {
    match v {
        Verdict::Won(_) => 2,
        Verdict::Drawn => 1,
        Verdict::Lost(_) => 0,
    }
}

/// The table's judgement of each move of `moves`, played from `start`; an
/// illegal move, or a position the table lacks, is an error naming its ply.
pub fn judge(table: &Table, start: &Position, moves: &[Move]) -> Result<Vec<Judged>, String> {
    let mut position = *start;
    let mut judged = Vec::with_capacity(moves.len());
    for (ply, &m) in moves.iter().enumerate() {
        let at = |e: String| format!("ply {}: {e}", ply + 1);
        let mut legal = Vec::new();
        position.generate(&mut legal);
        if !legal.contains(&m) {
            return Err(at("not a legal move".to_string()));
        }
        let before = best_move(table, &position).map_err(at)?.1;
        let kept = match after(table, &position, m) {
            Ok(v) => Some(for_mover(v)),
            Err(_) if is_leaf(&position) => None,
            Err(e) => return Err(at(e)),
        };
        judged.push(Judged { before, kept });
        position.make(m);
    }
    Ok(judged)
}

/// A table read from a file, kept for the rest of the process: the file's
/// path, length and modification time (a file written again is read again).
type LoadedTable = (
    (std::path::PathBuf, u64, Option<std::time::SystemTime>),
    Arc<Table>,
);

/// The perfect player over a table.
pub struct PerfectPlayer {
    table: Arc<Table>,
    last: Option<Verdict>,
}

impl PerfectPlayer {
    pub fn new(table: Arc<Table>) -> PerfectPlayer {
        PerfectPlayer { table, last: None }
    }

    /// The player over the table at `path`, read once per process (and
    /// again if the file changes).
    pub fn from_file(path: &Path) -> Result<PerfectPlayer, String> {
        static TABLES: OnceLock<Mutex<Vec<LoadedTable>>> = OnceLock::new();
        let metadata = std::fs::metadata(path)
            .map_err(|e| format!("cannot open the table {}: {e}", path.display()))?;
        let key = (path.to_path_buf(), metadata.len(), metadata.modified().ok());
        let tables = TABLES.get_or_init(|| Mutex::new(Vec::new()));
        let mut tables = tables.lock().map_err(|_| "the table cache".to_string())?;
        if let Some((_, table)) = tables.iter().find(|(k, _)| *k == key) {
            return Ok(PerfectPlayer::new(table.clone()));
        }
        let table = Arc::new(table::read(path).map_err(|e| {
            format!("{e} (the perfect player reads the table `arena dobutsu solve` writes)")
        })?);
        tables.retain(|(k, _)| k.0 != path);
        tables.push((key, table.clone()));
        Ok(PerfectPlayer::new(table))
    }
}

impl Player<Record<Position>> for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".to_string()
    }

    fn choose(&mut self, game: &Record<Position>) -> anyhow::Result<Move> {
        let (m, v) = best_move(&self.table, game.position()).map_err(anyhow::Error::msg)?;
        self.last = Some(v);
        Ok(m)
    }

    fn last_info(&self) -> Option<String> {
        self.last.map(|v| match v {
            Verdict::Won(d) => format!("won in {d} plies"),
            Verdict::Lost(d) => format!("lost in {d} plies"),
            Verdict::Drawn => "drawn".to_string(),
        })
    }
}
