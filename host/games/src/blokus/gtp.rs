//! An engine behind the Go Text Protocol, as Pentobi's `pentobi-gtp` speaks
//! it for Blokus Duo (`engine:gtp:COMMAND`): moves are Pentobi cell lists,
//! player 1 (start (5,5) = `e10`) is black `b`, player 2 is white `w`.
//!
//! The engine sees positions, not histories, so the adapter keeps the
//! position the program last saw. When the new position follows from it by
//! one new tile (or none: a pass) per player, it sends those tiles; otherwise
//! it starts over (`clear_board`) and rebuilds the position: each player's
//! cells are split into its used tiles (an exact cover, searched), and the
//! tiles are played in an order in which each touches the ones before it
//! corner to corner, as the rules require.

use anyhow::{anyhow, bail, Context};
use blokus::pentobi::{parse_placement, placement_to_string};
use blokus::tiles::{shape_table, Tile};
use blokus::{Bitboard, Cell, Engine, Move, Placement, Player, Position};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines of the program's standard error kept for [`GtpEngine::wait_for_log`].
const LOG_LINES: usize = 256;

/// A GTP program playing Blokus Duo.
pub struct GtpEngine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The position the program holds.
    known: Option<Position>,
    /// The program's standard error, line by line, since the last look
    /// (read by a thread of its own, so that the program never blocks on it).
    log: Arc<Mutex<VecDeque<String>>>,
}

fn colour(player: Player) -> &'static str {
    match player {
        Player::One => "b",
        Player::Two => "w",
    }
}

impl GtpEngine {
    /// Starts `command` (run by `sh -c`).
    pub fn spawn(command: &str) -> anyhow::Result<GtpEngine> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start `{command}`"))?;
        let log = Arc::new(Mutex::new(VecDeque::with_capacity(LOG_LINES)));
        let errors = BufReader::new(child.stderr.take().expect("piped stderr"));
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in errors.lines().map_while(Result::ok) {
                let mut lines = lines.lock().expect("the log's lock");
                if lines.len() == LOG_LINES {
                    lines.pop_front();
                }
                lines.push_back(line);
            }
        });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut engine = GtpEngine {
            name: format!("gtp:{command}"),
            child,
            input,
            output,
            known: None,
            log,
        };
        engine
            .send("clear_board")
            .with_context(|| format!("`{command}` does not answer GTP"))?;
        Ok(engine)
    }

    /// Sends one command; its answer (after `= `), or the program's error.
    pub fn send(&mut self, command: &str) -> anyhow::Result<String> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                bail!("{} closed its output after `{command}`", self.name);
            }
            let line = line.trim_end();
            if line.is_empty() && !answer.is_empty() {
                break;
            }
            if !line.is_empty() {
                answer.push_str(line);
                answer.push('\n');
            }
        }
        let answer = answer.trim_end();
        match answer.split_at(1) {
            ("=", rest) => Ok(rest.trim().to_string()),
            ("?", rest) => Err(anyhow!(
                "{} refuses `{command}`: {}",
                self.name,
                rest.trim()
            )),
            _ => Err(anyhow!(
                "{} answered `{command}` with `{answer}`",
                self.name
            )),
        }
    }

    /// The program's move in `position` and the first line of its standard
    /// error containing `mark` written while it chose (waiting up to `wait`
    /// after its answer for the line, which comes on another pipe).
    pub fn genmove_logged(
        &mut self,
        position: &Position,
        mark: &str,
        wait: Duration,
    ) -> anyhow::Result<(Move, Option<String>)> {
        self.log.lock().expect("the log's lock").clear();
        let m = self.genmove(position)?;
        let deadline = Instant::now() + wait;
        loop {
            let found = self
                .log
                .lock()
                .expect("the log's lock")
                .iter()
                .find(|line| line.contains(mark))
                .cloned();
            if found.is_some() || Instant::now() >= deadline {
                return Ok((m, found));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Brings the program to `position`.
    fn sync(&mut self, position: &Position) -> anyhow::Result<()> {
        if let Some(known) = &self.known {
            let mut news = Vec::new();
            let mut follows = position.plies() >= known.plies();
            for p in [Player::One, Player::Two] {
                let (before, now) = (known.cells(p), position.cells(p));
                follows &= before & now == before;
                let new = now & !before;
                if new != Bitboard::EMPTY {
                    match blokus::pentobi::placement_from_cells(new) {
                        Some(placement) => news.push((p, placement)),
                        None => follows = false,
                    }
                }
            }
            if follows {
                for (p, placement) in news {
                    self.play(p, placement)?;
                }
                self.known = Some(position.clone());
                return Ok(());
            }
        }
        self.send("clear_board")?;
        for p in [Player::One, Player::Two] {
            let tiles = reconstruct(position, p)
                .ok_or_else(|| anyhow!("cannot split {p}'s cells into its used tiles"))?;
            for placement in tiles {
                self.play(p, placement)?;
            }
        }
        self.known = Some(position.clone());
        Ok(())
    }

    fn play(&mut self, player: Player, placement: Placement) -> anyhow::Result<()> {
        self.send(&format!(
            "play {} {}",
            colour(player),
            placement_to_string(placement)
        ))
        .map(|_| ())
    }

    /// The program's move for the side to move.
    fn genmove(&mut self, position: &Position) -> anyhow::Result<Move> {
        self.sync(position)?;
        let me = position.to_move();
        let answer = self.send(&format!("genmove {}", colour(me)))?;
        let m = if answer.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(
                parse_placement(&answer)
                    .map_err(|e| anyhow!("{}'s move `{answer}`: {e}", self.name))?,
            )
        };
        position
            .check(m.code())
            .map_err(|e| anyhow!("{}'s move `{answer}` is illegal here: {e}", self.name))?;
        let mut after = position.clone();
        after.play(m);
        self.known = Some(after);
        Ok(m)
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Engine for GtpEngine {
    fn name(&self) -> &str {
        &self.name
    }

    /// The program's move. A program that fails or answers an illegal move
    /// is a broken opponent: this panics with the reason (an engine link
    /// then closes, which the referee scores as a disconnection).
    fn choose(&mut self, position: &Position) -> Move {
        self.genmove(position).unwrap_or_else(|e| panic!("{e:#}"))
    }
}

/// `player`'s tiles in `position`, in an order the rules allow: each covers
/// the start square or touches the earlier ones corner to corner.
pub fn reconstruct(position: &Position, player: Player) -> Option<Vec<Placement>> {
    let cells = position.cells(player);
    let tiles: Vec<Tile> = Tile::all()
        .filter(|&t| position.is_used(player, t))
        .collect();
    let mut cover = Vec::new();
    if !exact_cover(cells, &tiles, &mut vec![false; tiles.len()], &mut cover) {
        return None;
    }
    // Order: grow from the start square along corner contacts.
    let mut placed = Bitboard::EMPTY;
    let mut order = Vec::with_capacity(cover.len());
    while !cover.is_empty() {
        let next = cover.iter().position(|p: &Placement| {
            let c = p.cells();
            if placed == Bitboard::EMPTY {
                c.contains(player.start_square())
            } else {
                c & placed.diagonal_neighbours() != Bitboard::EMPTY
            }
        })?;
        let p = cover.remove(next);
        placed |= p.cells();
        order.push(p);
    }
    Some(order)
}

/// Covers `cells` exactly with distinct tiles of `tiles` (the lowest cell first).
fn exact_cover(
    cells: Bitboard,
    tiles: &[Tile],
    used: &mut Vec<bool>,
    cover: &mut Vec<Placement>,
) -> bool {
    let Some(first) = cells.cells().next() else {
        return used.iter().all(|&u| u);
    };
    let table = shape_table();
    for (i, &tile) in tiles.iter().enumerate() {
        if used[i] {
            continue;
        }
        for id in table.tile_shapes[tile.index()].clone() {
            let shape = &table.shapes[id];
            for &(dx, dy) in &shape.cells {
                // The shape placed so that its cell (dx, dy) lies on `first`.
                let (Some(cx), Some(cy)) = (first.x().checked_sub(dx), first.y().checked_sub(dy))
                else {
                    continue;
                };
                let Some(corner) = Cell::new(cx, cy) else {
                    continue;
                };
                if !shape.fitting_corners.contains(corner) {
                    continue;
                }
                let placed = shape.mask.translated_to(corner);
                if placed & cells != placed {
                    continue;
                }
                let Some(p) = blokus::pentobi::placement_from_cells(placed) else {
                    continue;
                };
                used[i] = true;
                cover.push(p);
                if exact_cover(cells & !placed, tiles, used, cover) {
                    return true;
                }
                cover.pop();
                used[i] = false;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::random_games;

    /// A GTP program that logs every command to `log` and passes on `genmove`.
    fn logging_stub(log: &std::path::Path) -> String {
        format!(
            "python3 -u -c 'import sys\nf = open(\"{}\", \"w\")\nfor line in sys.stdin:\n    f.write(line); f.flush()\n    print(\"= pass\" if line.startswith(\"genmove\") else \"=\")\n    print()\n    sys.stdout.flush()'",
            log.display()
        )
    }

    #[test]
    fn the_program_gets_the_new_tiles_or_a_rebuilt_position() {
        let log = std::env::temp_dir().join(format!("gtp-stub-{}.log", std::process::id()));
        let mut engine = GtpEngine::spawn(&logging_stub(&log)).unwrap();
        let history = &random_games(83, 1)[0];
        // Join at ply 6 (a rebuild), then follow two plies (one new tile).
        let (a, b) = (&history[6], &history[8]);
        assert_eq!(engine.choose(a), Move::Pass);
        assert_eq!(engine.choose(b), Move::Pass);
        drop(engine);
        let commands = std::fs::read_to_string(&log).unwrap();
        let _ = std::fs::remove_file(&log);
        let lines: Vec<&str> = commands.lines().collect();
        let genmoves: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("genmove"))
            .collect();
        assert_eq!(genmoves.len(), 2);
        // The rebuild: clear_board, then 6 tiles (3 a player), then genmove.
        assert_eq!(lines[genmoves[0] - 7], "clear_board");
        assert!(lines[genmoves[0] - 6..genmoves[0]]
            .iter()
            .all(|l| l.starts_with("play ")));
        assert_eq!(
            lines[genmoves[0]],
            format!("genmove {}", colour(a.to_move()))
        );
        // Following: each player's one new tile since (the stub's pass was
        // not the game's move, so both players' tiles are new), then genmove.
        let between = &lines[genmoves[0] + 1..genmoves[1]];
        let want: Vec<String> = [Player::One, Player::Two]
            .into_iter()
            .filter(|&p| b.cells(p) != a.cells(p))
            .map(|p| {
                let new = b.cells(p) & !a.cells(p);
                format!(
                    "play {} {}",
                    colour(p),
                    blokus::pentobi::cells_to_string(new)
                )
            })
            .collect();
        assert_eq!(want.len(), 2);
        assert_eq!(between, want);
    }

    #[test]
    fn positions_are_rebuilt_from_their_cells_in_a_legal_order() {
        for history in random_games(81, 4) {
            for position in history.iter().step_by(5) {
                let mut rebuilt = Position::new();
                for p in [Player::One, Player::Two] {
                    let tiles = reconstruct(position, p).expect("a cover exists");
                    for placement in tiles {
                        // Each in turn is legal for its player on the board so far.
                        while rebuilt.to_move() != p {
                            rebuilt.play(Move::Pass);
                        }
                        rebuilt
                            .play_code(Move::Place(placement).code())
                            .unwrap_or_else(|e| panic!("{p} {placement:?}: {e}"));
                    }
                }
                for p in [Player::One, Player::Two] {
                    assert_eq!(rebuilt.cells(p), position.cells(p));
                    assert_eq!(rebuilt.used_tiles(p), position.used_tiles(p));
                }
            }
        }
    }
}
