//! The referee's end of one board's link, for a person playing the board
//! from the terminal: `0` and the team code, the 2014 scheme's requests
//! (`2S`, `3S MMMM`, `4 MMMM`), the board's 4-byte answers checked for
//! form, legality and time, `9` at the end. The board cannot tell this from
//! the contest referee.

use super::link::{open, EngineOptions, Link, LinkSpec};
use super::message::{show_bytes, Request, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME, TEAM_CODE_LEN};
use crate::blokus::{Move, MoveCode, Position};
use anyhow::{bail, Context};
use std::io::{Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One board on a link, playing games refereed from here.
pub struct BoardClient {
    label: String,
    writer: Box<dyn Write + Send>,
    bytes: Receiver<std::io::Result<u8>>,
    timeout: Duration,
    /// The board's own moves this game.
    own_moves: usize,
    /// Keeps the link (and a simulator child) alive.
    _link: LinkGuard,
}

/// The parts of a [`Link`] that must live as long as the client.
struct LinkGuard(#[allow(dead_code)] Link);

impl BoardClient {
    /// Opens the board at `spec`; each answer must come within `timeout`.
    pub fn open(spec: &LinkSpec, timeout: Duration) -> anyhow::Result<BoardClient> {
        let options = EngineOptions {
            time: Duration::from_secs(1),
            seed: 1,
            scheme: None,
        };
        let mut link = open(spec, options, &mut |_| {})?;
        let label = link.label.clone();
        let mut reader = std::mem::replace(&mut link.reader, Box::new(std::io::empty()));
        let writer = std::mem::replace(&mut link.writer, Box::new(std::io::sink()));
        let (tx, bytes) = channel();
        std::thread::Builder::new()
            .name(format!("board reader {label}"))
            .spawn(move || {
                let mut byte = [0u8; 1];
                loop {
                    match reader.read(&mut byte) {
                        Ok(0) => break,
                        Ok(_) => {
                            if tx.send(Ok(byte[0])).is_err() {
                                break;
                            }
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => {
                            let _ = tx.send(Err(e));
                            break;
                        }
                    }
                }
            })
            .context("cannot start the board's reader thread")?;
        Ok(BoardClient {
            label,
            writer,
            bytes,
            timeout,
            own_moves: 0,
            _link: LinkGuard(link),
        })
    }

    /// The link, for people.
    pub fn label(&self) -> &str {
        &self.label
    }

    fn send(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.writer
            .write_all(bytes)
            .and_then(|()| self.writer.flush())
            .with_context(|| format!("cannot write to the board on {}", self.label))
    }

    /// `n` bytes from the board (CR and LF dropped) within the time limit.
    fn receive(&mut self, n: usize, what: &str, limit: Duration) -> anyhow::Result<Vec<u8>> {
        let deadline = Instant::now() + limit;
        let mut got = Vec::with_capacity(n);
        while got.len() < n {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.bytes.recv_timeout(left) {
                Ok(Ok(b'\r' | b'\n')) => {}
                Ok(Ok(b)) => got.push(b),
                Ok(Err(e)) => bail!("the board's link {} failed: {e}", self.label),
                Err(RecvTimeoutError::Timeout) => bail!(
                    "the board did not send {what} within {:.1} s (got {:?})",
                    limit.as_secs_f64(),
                    show_bytes(&got)
                ),
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("the board's link {} closed", self.label)
                }
            }
        }
        Ok(got)
    }

    /// `0`: a new game; the board's team code (its 3 bytes).
    pub fn new_game(&mut self) -> anyhow::Result<String> {
        // Whatever an earlier game left unread is not this game's.
        while self.bytes.try_recv().is_ok() {}
        self.own_moves = 0;
        self.send(&[NEW_GAME])?;
        let team = self.receive(TEAM_CODE_LEN, "its team code", Duration::from_secs(30))?;
        Ok(show_bytes(&team))
    }

    /// The board's move in `position` (the board to move), after the
    /// opponent's move `last` (`None` when the board opens the game), and
    /// how long it took from the request's last byte.
    pub fn request(
        &mut self,
        position: &Position,
        last: Option<Move>,
    ) -> anyhow::Result<(Move, Duration)> {
        let board = position.to_move();
        let request = match (self.own_moves, last) {
            (0, None) => Request::First { start: board },
            (0, Some(m)) => Request::Second {
                start: board,
                opponent: m.code(),
            },
            (_, m) => Request::Later {
                scheme: Scheme::S2014,
                opponent: m.map_or(MoveCode::Pass, Move::code),
            },
        };
        self.send(&request.to_bytes())?;
        let asked = Instant::now();
        let bytes = self.receive(MOVE_LEN, "its move", self.timeout)?;
        let took = asked.elapsed();
        let code = MoveCode::from_wire(&bytes)
            .map_err(|e| anyhow::anyhow!("the board sent a malformed move: {e}"))?;
        let m = position
            .check(code)
            .map_err(|e| anyhow::anyhow!("the board's move {code} is illegal: {e}"))?;
        if self.own_moves == 0 && m == Move::Pass {
            bail!("the board passed on its first move, which the rules forbid");
        }
        self.own_moves += 1;
        Ok((m, took))
    }

    /// `9`: the game is over.
    pub fn end_game(&mut self) -> anyhow::Result<()> {
        self.send(&[GAME_OVER])
    }
}
