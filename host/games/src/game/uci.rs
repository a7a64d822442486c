//! A UCI engine (Fairy-Stockfish) as a player of a variant it knows: the game
//! so far is sent as the start FEN and the moves, and the engine's `bestmove`
//! is read back through the game's own move parser, so an illegal or
//! malformed answer is an error that names it.

use super::player::Player;
use super::record::Record;
use super::Engines;
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
