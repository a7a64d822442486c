//! A UCI engine (Fairy-Stockfish) as a player of a variant it knows: the game
//! so far is sent as the start FEN and the moves, and the engine's `bestmove`
//! is read back through the game's own move parser, so an illegal or
//! malformed answer is an error that names it. It also reports its search
//! depth by depth ([`UciPlayer::profile`]) for `arena profile`.

use super::player::Player;
use super::record::Record;
use super::Engines;
use crate::search::{Iteration, DECIDED};
use anyhow::Context;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// A running UCI engine.
pub struct UciPlayer {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    movetime: Duration,
}

impl UciPlayer {
    /// Starts `program`, selects `variant`, and plays `movetime` a move.
    pub fn start(program: &str, variant: &str, movetime: Duration) -> anyhow::Result<UciPlayer> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start the UCI engine {program}"))?;
        let input = child.stdin.take().context("the engine's stdin")?;
        let output = BufReader::new(child.stdout.take().context("the engine's stdout")?);
        let mut player = UciPlayer {
            name: format!("uci:{program}"),
            child,
            input,
            output,
            movetime,
        };
        player.send("uci")?;
        player.wait_for("uciok")?;
        player.send(&format!("setoption name UCI_Variant value {variant}"))?;
        player.send("isready")?;
        player.wait_for("readyok")?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}").context("the UCI engine stopped reading")?;
        self.input.flush().context("the UCI engine stopped reading")
    }

    /// Reads lines until one starts with `word`; returns it.
    fn wait_for(&mut self, word: &str) -> anyhow::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                anyhow::bail!("{}: the engine exited before `{word}`", self.name);
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim().to_string());
            }
        }
    }
}

impl UciPlayer {
    /// Searches the position `fen` to `depth` from a new game's empty
    /// tables and returns the engine's report of each depth it completed (the
    /// last `info depth` line with a principal variation at each depth: its
    /// score in centipawns, a mate as +-[`DECIDED`], its nodes and time).
    pub fn profile(&mut self, fen: &str, depth: u32) -> anyhow::Result<Vec<Iteration>> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let mut iterations: Vec<Iteration> = Vec::new();
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                anyhow::bail!("{}: the engine exited before `bestmove`", self.name);
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => return Ok(iterations),
                Some(&"info") if words.contains(&"pv") => {
                    let Some(iteration) = info_iteration(&words) else {
                        anyhow::bail!("{}: cannot read `{}`", self.name, line.trim());
                    };
                    match iterations.last_mut() {
                        Some(last) if last.depth == iteration.depth => *last = iteration,
                        _ => iterations.push(iteration),
                    }
                }
                _ => {}
            }
        }
    }
}

/// The depth, score, nodes and time of a UCI `info` line's words.
fn info_iteration(words: &[&str]) -> Option<Iteration> {
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).copied()
    };
    let number = |key: &str| after(key)?.parse::<i64>().ok();
    let score = match after("score")? {
        "cp" => i32::try_from(number("cp")?).ok()?,
        "mate" => {
            let plies = number("mate")?;
            if plies > 0 {
                DECIDED
            } else {
                -DECIDED
            }
        }
        _ => return None,
    };
    Some(Iteration {
        depth: u32::try_from(number("depth")?).ok()?,
        score,
        nodes: u64::try_from(number("nodes")?).ok()?,
        elapsed: Duration::from_millis(u64::try_from(number("time")?).ok()?),
    })
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl<G: Engines> Player<Record<G>> for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Record<G>) -> anyhow::Result<G::Move> {
        let fen = game.start().to_fen();
        anyhow::ensure!(
            !fen.contains("points="),
            "{}: Fairy-Stockfish does not know the points rule (use plain Kyoto shogi)",
            self.name
        );
        let moves = game.move_texts().join(" ");
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {moves}")
        };
        self.send(&position)?;
        self.send(&format!("go movetime {}", self.movetime.as_millis().max(1)))?;
        let line = self.wait_for("bestmove")?;
        let text = line
            .split_whitespace()
            .nth(1)
            .with_context(|| format!("{}: `{line}` names no move", self.name))?;
        if text == "(none)" {
            // Fairy-Stockfish's Dobutsu ends the game as a lion reaches a far
            // cell no piece attacks; our rules end it a ply later, when the
            // lion is still there: every move of the side to move loses, and
            // the engine plays the first.
            let legal = game.legal_moves();
            anyhow::ensure!(
                G::UCI_NONE_LOSES && !legal.is_empty(),
                "{}: answered no move in a game that goes on",
                self.name
            );
            return Ok(legal[0]);
        }
        game.position()
            .parse_move(text)
            .map_err(|e| anyhow::anyhow!("{} answered {text}: {e}", self.name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_depth_score_nodes_and_time() {
        let words = |line: &'static str| line.split_whitespace().collect::<Vec<_>>();
        let line = "info depth 14 seldepth 18 multipv 1 score cp -15 nodes 49045 nps 681180 \
                    tbhits 0 time 72 pv b2b3 c4b3";
        assert_eq!(
            info_iteration(&words(line)),
            Some(Iteration {
                depth: 14,
                score: -15,
                nodes: 49045,
                elapsed: Duration::from_millis(72),
            })
        );
        let mate = "info depth 9 score mate -4 nodes 100 time 3 pv a1a2";
        assert_eq!(info_iteration(&words(mate)).unwrap().score, -DECIDED);
        assert_eq!(info_iteration(&words("info depth 9 nodes 5 pv a1a2")), None);
    }
}
