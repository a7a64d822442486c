//! The referee's end of one board's link, for a person playing the board
//! from the terminal or a page: `0` and the team code, the 2014 scheme's
//! requests (`2S`, `3S MMMM`, `4 MMMM`), the board's 4-byte answers checked
//! for form, legality and time, `9` at the end. The board cannot tell this
//! from the contest referee. Each answer comes with its board time and is
//! judged by it ([`protocol`'s board time](protocol::AnswerClock)): a simulated board's own count of
//! clock cycles (its report, as `arena referee` prints it) against the
//! contest's limit, with the wall clock only guarding against a dead
//! simulator; a board on a real line by the real time the host measured.

use super::{open, EngineOptions, Link, LinkSpec};
use anyhow::{bail, Context};
use blokus::{Move, MoveCode, Position};
use protocol::{show_bytes, Request, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME, TEAM_CODE_LEN};
use protocol::{AnswerClock, BoardTime, Reports, CONTEST_MOVE_LIMIT, REPORT_WAIT, SIM_WALL_GUARD};
use std::io::{Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a waiting client tells its caller how the board is doing.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The time limits a board is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLimits {
    /// A move's limit, in board time (wall-clock time for a real board).
    pub per_move: Duration,
    /// The wall-clock time a simulated board may take over an answer before
    /// it is taken for dead.
    pub sim_wall_guard: Duration,
}

impl Default for BoardLimits {
    /// The contest's 1 s a move; ten minutes' guard for a simulator.
    fn default() -> BoardLimits {
        BoardLimits {
            per_move: CONTEST_MOVE_LIMIT,
            sim_wall_guard: SIM_WALL_GUARD,
        }
    }
}

/// How a board is doing while it thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Wall-clock time since the request.
    pub wall: Duration,
    /// Board cycles since the request, as a simulated board last reported.
    pub cycles: Option<u64>,
}

/// A board's move and how long it took.
#[derive(Clone, Copy, Debug)]
pub struct BoardAnswer {
    pub m: Move,
    /// The host's wall-clock time from the request's last byte to the move's last.
    pub wall: Duration,
    /// Its board time.
    pub board_time: BoardTime,
}

/// One board on a link, playing games refereed from here.
pub struct BoardClient {
    label: String,
    writer: Box<dyn Write + Send>,
    bytes: Receiver<std::io::Result<u8>>,
    /// The simulated board's reports (none from a real board).
    reports: Option<Reports>,
    limits: BoardLimits,
    clock: AnswerClock,
    /// The board's own moves this game.
    own_moves: usize,
    /// Keeps the link (and a simulator child) alive.
    _link: LinkGuard,
}

/// The parts of a [`Link`] that must live as long as the client.
struct LinkGuard(#[allow(dead_code)] Link);

impl BoardClient {
    /// Opens the board at `spec`, held to `limits`.
    pub fn open(spec: &LinkSpec, limits: BoardLimits) -> anyhow::Result<BoardClient> {
        let options = EngineOptions {
            time: Duration::from_secs(1),
            seed: 1,
            scheme: None,
        };
        BoardClient::on_link(open(spec, options, &mut |_| {})?, limits)
    }

    /// The board on an open `link`, held to `limits`.
    pub fn on_link(mut link: Link, limits: BoardLimits) -> anyhow::Result<BoardClient> {
        let label = link.label.clone();
        let clock = link.answer_clock(limits.sim_wall_guard);
        // The board times are shown by whoever plays through this client.
        link.quiet_reports();
        let reports = link.reports.take().map(Reports::new);
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
            limits,
            clock,
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

    /// `n` bytes from the board (CR and LF dropped) within the wall-clock
    /// time the clock allows for `limit`, telling `progress` now and then.
    fn receive(
        &mut self,
        n: usize,
        what: &str,
        limit: Duration,
        progress: &mut dyn FnMut(Thinking),
    ) -> anyhow::Result<Vec<u8>> {
        let asked = Instant::now();
        let wait = self.clock.wall_wait(limit);
        let deadline = asked + wait;
        let mut got = Vec::with_capacity(n);
        while got.len() < n {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.bytes.recv_timeout(left.min(PROGRESS_EVERY)) {
                Ok(Ok(b'\r' | b'\n')) => {}
                Ok(Ok(b)) => got.push(b),
                Ok(Err(e)) => bail!("the board's link {} failed: {e}", self.label),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => progress(Thinking {
                    wall: asked.elapsed(),
                    cycles: self.reports.as_mut().and_then(Reports::busy_cycles),
                }),
                Err(RecvTimeoutError::Timeout) => match self.clock {
                    AnswerClock::Wall => bail!(
                        "the board did not send {what} within {:.1} s (got {:?})",
                        wait.as_secs_f64(),
                        show_bytes(&got)
                    ),
                    AnswerClock::Board { .. } => bail!(
                        "the simulated board did not send {what} within {:.0} s of wall-clock \
                         time (got {:?}): that is the guard against a dead or stalled \
                         simulator, whose answers are otherwise judged in board time \
                         (--sim-wall-limit sets it)",
                        wait.as_secs_f64(),
                        show_bytes(&got)
                    ),
                },
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
        let team = self.receive(
            TEAM_CODE_LEN,
            "its team code",
            Duration::from_secs(30),
            &mut |_| {},
        )?;
        Ok(show_bytes(&team))
    }

    /// Drops the reports of answers already read.
    fn skip_reports(&mut self) {
        if let Some(reports) = &mut self.reports {
            reports.clear();
        }
    }

    /// The board time of the answer `bytes` that took `wall`: the simulated
    /// board's report of it, or on a link without reports `wall` itself.
    fn board_time(&mut self, bytes: &[u8], wall: Duration) -> anyhow::Result<BoardTime> {
        let Some(reports) = &mut self.reports else {
            return Ok(BoardTime::real(wall));
        };
        let text = String::from_utf8_lossy(bytes);
        // CR or LF around the move would be in the report's bytes.
        reports.answer(&text, REPORT_WAIT).ok_or_else(|| {
            anyhow::anyhow!(
                "the simulated board did not report the board time of its answer {text:?} \
                 within {} s",
                REPORT_WAIT.as_secs()
            )
        })
    }

    /// The board's move in `position` (the board to move), after the
    /// opponent's move `last` (`None` when the board opens the game), and
    /// how long it took from the request's last byte; `progress` is told
    /// how the board is doing about every 0.1 s while it thinks.
    pub fn request(
        &mut self,
        position: &Position,
        last: Option<Move>,
        progress: &mut dyn FnMut(Thinking),
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
        let bytes = self.receive(MOVE_LEN, "its move", self.limits.per_move, progress)?;
        let wall = asked.elapsed();
        let board_time = self.board_time(&bytes, wall)?;
        if board_time.duration() > self.limits.per_move {
            bail!(
                "the board took {board_time} for its move {:?}, over the limit of {} s of \
                 board time",
                show_bytes(&bytes),
                self.limits.per_move.as_secs_f64()
            );
        }
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
            board_time,
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
    use std::sync::mpsc::{channel, Sender};

    /// A board that answers `0` with a team code and its first request with
    /// `answer` after `busy` reports, reporting both answers as the simulated
    /// board does (the first report late, among the second's), with the second
    /// taking `cycles` (at 25 MHz).
    fn fake_board(mut stream: UnixStream, report: Sender<String>, answer: &[u8], cycles: u64) {
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
        for busy in [1000, 2000] {
            report.send(format!("busy {busy} cycles")).unwrap();
            std::thread::sleep(PROGRESS_EVERY * 2);
        }
        stream.write_all(answer).unwrap();
        let ms = cycles as f64 / 25e3;
        report
            .send(format!(
                "answer {} {cycles} cycles {ms:.3} ms board time",
                String::from_utf8_lossy(answer)
            ))
            .unwrap();
    }

    /// A client on a fake simulated board that answers `answer` in `cycles`.
    fn simulated(
        answer: &'static [u8],
        cycles: u64,
        limits: BoardLimits,
    ) -> (BoardClient, std::thread::JoinHandle<()>) {
        let (ours, theirs) = UnixStream::pair().unwrap();
        let (report, reports) = channel();
        let board = std::thread::spawn(move || fake_board(theirs, report, answer, cycles));
        let mut link = Link::from_parts("fake", ours.try_clone().unwrap(), ours);
        link.reports = Some(reports);
        (BoardClient::on_link(link, limits).unwrap(), board)
    }

    #[test]
    fn each_answer_carries_the_board_time_the_simulated_board_reported() {
        let (mut client, board) = simulated(b"55a0", 1234, BoardLimits::default());
        assert_eq!(client.new_game().unwrap(), "AB1");
        let mut seen = Vec::new();
        let answer = client
            .request(&Position::new(), None, &mut |t| seen.push(t))
            .unwrap();
        assert_eq!(answer.m.code().to_string(), "55a0");
        let time = answer.board_time;
        assert_eq!((time.cycles, time.ms), (Some(1234), 0.049));
        board.join().unwrap();
        // While it thought, the progress carried the cycles it reported.
        let cycles: Vec<u64> = seen.iter().filter_map(|t| t.cycles).collect();
        assert!(cycles.contains(&1000) && cycles.contains(&2000), "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0].wall <= w[1].wall));
    }

    #[test]
    fn a_simulated_board_is_held_to_the_limit_in_board_time_not_wall_time() {
        // A wall-clock limit far below the fake's real time: board time rules.
        let limits = BoardLimits {
            per_move: Duration::from_millis(100),
            sim_wall_guard: Duration::from_secs(60),
        };
        let (mut client, board) = simulated(b"55a0", 2_000_000, limits);
        client.new_game().unwrap();
        let answer = client.request(&Position::new(), None, &mut |_| {}).unwrap();
        assert!(answer.wall > limits.per_move, "{:?}", answer.wall);
        assert_eq!(answer.board_time.cycles, Some(2_000_000));
        board.join().unwrap();
        // Over the limit in board time (3 M cycles = 120 ms at 25 MHz).
        let (mut client, board) = simulated(b"55a0", 3_000_000, limits);
        client.new_game().unwrap();
        let error = client
            .request(&Position::new(), None, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("3000000 cycles, 120.000 ms board time")
                && error.contains("over the limit of 0.1 s of board time"),
            "{error}"
        );
        board.join().unwrap();
    }

    #[test]
    fn a_silent_simulated_board_fails_at_the_wall_clock_guard_saying_so() {
        let limits = BoardLimits {
            per_move: Duration::from_secs(1),
            sim_wall_guard: Duration::from_millis(300),
        };
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let (_report, reports) = channel::<String>();
        let mut link = Link::from_parts("fake", ours.try_clone().unwrap(), ours);
        link.reports = Some(reports);
        let mut client = BoardClient::on_link(link, limits).unwrap();
        let started = Instant::now();
        let error = client
            .request(&Position::new(), None, &mut |_| {})
            .unwrap_err()
            .to_string();
        // The guard is below the move limit, so the move limit is waited.
        assert!(started.elapsed() >= Duration::from_secs(1));
        assert!(
            error.contains("within 1 s of wall-clock time") && error.contains("guard"),
            "{error}"
        );
        let mut request = [0u8; 2];
        theirs.read_exact(&mut request).unwrap();
    }

    #[test]
    fn a_board_without_reports_is_timed_in_real_time() {
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let link = Link::from_parts("real", ours.try_clone().unwrap(), ours);
        let mut client = BoardClient::on_link(link, BoardLimits::default()).unwrap();
        let board = std::thread::spawn(move || {
            let mut request = [0u8; 2];
            theirs.read_exact(&mut request).unwrap();
            std::thread::sleep(Duration::from_millis(30));
            theirs.write_all(b"55a0").unwrap();
            // Then silence: the next request times out on the wall clock.
            let _ = theirs.read(&mut [0u8; 16]).unwrap();
            std::thread::sleep(Duration::from_secs(3));
        });
        let answer = client.request(&Position::new(), None, &mut |_| {}).unwrap();
        let time = answer.board_time;
        assert_eq!(time.cycles, None);
        assert!(time.ms >= 30.0 && time.ms == answer.wall.as_secs_f64() * 1e3);
        assert!(time.to_string().ends_with("ms board time (real time)"));
        let mut position = Position::new();
        position.play(answer.m);
        let started = Instant::now();
        let error = client
            .request(&position, Some(answer.m), &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("did not send its move within 1.0 s"),
            "{error}"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        board.join().unwrap();
    }
}
