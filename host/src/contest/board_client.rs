//! The referee's end of one board's link, for a person playing the board
//! from the terminal: `0` and the team code, the 2014 scheme's requests
//! (`2S`, `3S MMMM`, `4 MMMM`), the board's 4-byte answers checked for
//! form, legality and time, `9` at the end. The board cannot tell this from
//! the contest referee. Each answer comes with its board time: the
//! simulated board's own count of clock cycles (its report, as `arena
//! referee` prints it), or for a board on a real line the real time the host
//! measured.

use super::link::{open, EngineOptions, Link, LinkSpec};
use super::message::{show_bytes, Request, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME, TEAM_CODE_LEN};
use crate::blokus::{Move, MoveCode, Position};
use anyhow::{bail, Context};
use std::fmt;
use std::io::{Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the simulated board's report of an answer may come after the answer.
const REPORT_WAIT: Duration = Duration::from_secs(5);

/// The time a board took over one answer, from the request's last byte to
/// the answer's last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardTime {
    /// Board clock cycles, as the simulated board counts them; `None` for a
    /// board in real time, whose cycles nobody counts.
    pub cycles: Option<u64>,
    /// Milliseconds of board time: the cycles at the board's clock, or the
    /// real time the host measured.
    pub ms: f64,
}

impl BoardTime {
    /// A simulated board's report `answer <bytes> <cycles> cycles <ms> ms
    /// board time`: the answer's bytes as text and its board time.
    pub fn from_report(line: &str) -> Option<(&str, BoardTime)> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["answer", bytes, cycles, "cycles", ms, "ms", "board", "time"] => Some((
                bytes,
                BoardTime {
                    cycles: Some(cycles.parse().ok()?),
                    ms: ms.parse().ok()?,
                },
            )),
            _ => None,
        }
    }
}

impl fmt::Display for BoardTime {
    /// `308625 cycles, 12.345 ms board time` or `12.3 ms board time (real time)`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.cycles {
            Some(cycles) => write!(f, "{cycles} cycles, {:.3} ms board time", self.ms),
            None => write!(f, "{:.1} ms board time (real time)", self.ms),
        }
    }
}

/// A board's move and how long it took.
#[derive(Clone, Copy, Debug)]
pub struct BoardAnswer {
    pub m: Move,
    /// The host's wall-clock time from the request's last byte to the move's last.
    pub wall: Duration,
    /// Its board time (`None` if a simulated board's report did not come).
    pub board_time: Option<BoardTime>,
}

/// One board on a link, playing games refereed from here.
pub struct BoardClient {
    label: String,
    writer: Box<dyn Write + Send>,
    bytes: Receiver<std::io::Result<u8>>,
    /// The simulated board's reports of its answers (none from a real board).
    reports: Option<Receiver<String>>,
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
        BoardClient::on_link(open(spec, options, &mut |_| {})?, timeout)
    }

    /// The board on an open `link`; each answer must come within `timeout`.
    pub fn on_link(mut link: Link, timeout: Duration) -> anyhow::Result<BoardClient> {
        let label = link.label.clone();
        let reports = link.reports.take();
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
            reports,
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
        self.skip_reports();
        self.own_moves = 0;
        self.send(&[NEW_GAME])?;
        let team = self.receive(TEAM_CODE_LEN, "its team code", Duration::from_secs(30))?;
        Ok(show_bytes(&team))
    }

    /// Drops the reports of answers already read.
    fn skip_reports(&mut self) {
        if let Some(reports) = &self.reports {
            while reports.try_recv().is_ok() {}
        }
    }

    /// The board time of the answer `bytes` that took `wall`: the simulated
    /// board's report of it, or on a link without reports `wall` itself.
    fn board_time(&self, bytes: &[u8], wall: Duration) -> Option<BoardTime> {
        let Some(reports) = &self.reports else {
            return Some(BoardTime {
                cycles: None,
                ms: wall.as_secs_f64() * 1e3,
            });
        };
        let text = String::from_utf8_lossy(bytes);
        let deadline = Instant::now() + REPORT_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = reports.recv_timeout(left).ok()?;
            match BoardTime::from_report(&line) {
                // CR or LF around the move would be in the report's bytes.
                Some((said, time)) if said.contains(text.as_ref()) => return Some(time),
                _ => continue,
            }
        }
    }

    /// The board's move in `position` (the board to move), after the
    /// opponent's move `last` (`None` when the board opens the game), and
    /// how long it took from the request's last byte.
    pub fn request(
        &mut self,
        position: &Position,
        last: Option<Move>,
    ) -> anyhow::Result<BoardAnswer> {
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
        self.skip_reports();
        self.send(&request.to_bytes())?;
        let asked = Instant::now();
        let bytes = self.receive(MOVE_LEN, "its move", self.timeout)?;
        let wall = asked.elapsed();
        let code = MoveCode::from_wire(&bytes)
            .map_err(|e| anyhow::anyhow!("the board sent a malformed move: {e}"))?;
        let m = position
            .check(code)
            .map_err(|e| anyhow::anyhow!("the board's move {code} is illegal: {e}"))?;
        if self.own_moves == 0 && m == Move::Pass {
            bail!("the board passed on its first move, which the rules forbid");
        }
        self.own_moves += 1;
        Ok(BoardAnswer {
            m,
            wall,
            board_time: self.board_time(&bytes, wall),
        })
    }

    /// `9`: the game is over.
    pub fn end_game(&mut self) -> anyhow::Result<()> {
        self.send(&[GAME_OVER])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::net::UnixStream;
    use std::sync::mpsc::channel;

    /// A board that answers `0` with a team code and its first request with
    /// `55a0`, reporting both answers as the simulated board does (the first
    /// report late, among the second's).
    fn fake_board(mut stream: UnixStream, report: std::sync::mpsc::Sender<String>) {
        let mut byte = [0u8; 1];
        stream.read_exact(&mut byte).unwrap();
        assert_eq!(byte[0], NEW_GAME);
        stream.write_all(b"AB1").unwrap();
        let mut request = [0u8; 2];
        stream.read_exact(&mut request).unwrap();
        assert_eq!(&request, b"25");
        report
            .send("answer AB1 777 cycles 0.031 ms board time".into())
            .unwrap();
        report.send("something else".into()).unwrap();
        stream.write_all(b"55a0").unwrap();
        report
            .send("answer 55a0 1234 cycles 0.049 ms board time".into())
            .unwrap();
    }

    #[test]
    fn each_answer_carries_the_board_time_the_simulated_board_reported() {
        let (ours, theirs) = UnixStream::pair().unwrap();
        let (report, reports) = channel();
        let board = std::thread::spawn(move || fake_board(theirs, report));
        let mut link = Link::from_parts("fake", ours.try_clone().unwrap(), ours);
        link.reports = Some(reports);
        let mut client = BoardClient::on_link(link, Duration::from_secs(10)).unwrap();
        assert_eq!(client.new_game().unwrap(), "AB1");
        let answer = client.request(&Position::new(), None).unwrap();
        assert_eq!(answer.m.code().to_string(), "55a0");
        let time = answer.board_time.unwrap();
        assert_eq!((time.cycles, time.ms), (Some(1234), 0.049));
        board.join().unwrap();
    }

    #[test]
    fn a_board_without_reports_is_timed_in_real_time() {
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let link = Link::from_parts("real", ours.try_clone().unwrap(), ours);
        let mut client = BoardClient::on_link(link, Duration::from_secs(10)).unwrap();
        let board = std::thread::spawn(move || {
            let mut request = [0u8; 2];
            theirs.read_exact(&mut request).unwrap();
            std::thread::sleep(Duration::from_millis(30));
            theirs.write_all(b"55a0").unwrap();
        });
        let answer = client.request(&Position::new(), None).unwrap();
        board.join().unwrap();
        let time = answer.board_time.unwrap();
        assert_eq!(time.cycles, None);
        assert!(time.ms >= 30.0 && time.ms == answer.wall.as_secs_f64() * 1e3);
        assert!(time.to_string().ends_with("ms board time (real time)"));
    }

    #[test]
    fn a_simulated_board_report_gives_the_answer_and_its_board_time() {
        let (bytes, time) =
            BoardTime::from_report("answer 56a0 308625 cycles 12.345 ms board time").unwrap();
        assert_eq!(bytes, "56a0");
        assert_eq!(time.cycles, Some(308_625));
        assert_eq!(time.ms, 12.345);
        assert_eq!(time.to_string(), "308625 cycles, 12.345 ms board time");
        for line in [
            "answer 56a0 x cycles 1 ms board time",
            "pty: /dev/pts/3",
            "",
        ] {
            assert_eq!(BoardTime::from_report(line), None, "{line}");
        }
    }
}
