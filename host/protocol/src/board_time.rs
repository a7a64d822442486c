//! Which clock a board's answers are judged by, and the simulated board's
//! reports that give its board time.
//!
//! The contest allows a board 1 s of real time a move. A real board (a
//! serial port, a TCP link, a program) is judged by the host's wall clock,
//! as the organisers' referee judged it. A simulated board runs its logic
//! hundreds of times slower than the hardware, so the wall clock says
//! nothing about it: it is judged by its *board time*, the clock cycles its
//! simulator counted for the answer (from the end of the request's last
//! byte to the end of the answer's last byte) at the board's clock, which
//! it reports on a side channel for each answer. The wall clock still
//! guards against a simulator that died or stalled, with a limit of minutes
//! ([`SIM_WALL_GUARD`]) that a loaded machine meets.
//!
//! The simulated board's report lines (`arena board-sim`'s stdout, and the
//! `sim` link's reports):
//! `answer <bytes> <cycles> cycles <ms> ms board time` for each answer, and
//! `busy <cycles> cycles` now and then while it thinks ([`Report`]).

use std::collections::VecDeque;
use std::fmt;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The contest's limit for a move: 1 s.
pub const CONTEST_MOVE_LIMIT: Duration = Duration::from_secs(1);

/// The wall-clock time a simulated board may take over one answer before it
/// is taken for dead: ten minutes, which even the real board's 850 ms search
/// (about 34 M cycles) meets on a loaded two-core machine.
pub const SIM_WALL_GUARD: Duration = Duration::from_secs(600);

/// How long a simulated board's report of an answer may come after the
/// answer's last byte (it is written at once; this only absorbs a busy
/// machine's scheduling).
pub const REPORT_WAIT: Duration = Duration::from_secs(30);

/// The clock a link's answers are timed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerClock {
    /// The host's wall clock, as the contest's referee timed a board.
    Wall,
    /// The board's own clock, counted by its simulator and reported for each
    /// answer; the wall clock only waits up to `guard` for it.
    Board {
        /// The wall-clock time after which a silent simulator is dead.
        guard: Duration,
    },
}

impl AnswerClock {
    /// How long to wait, on the wall clock, for an answer whose limit is
    /// `limit` on this clock.
    pub fn wall_wait(self, limit: Duration) -> Duration {
        match self {
            AnswerClock::Wall => limit,
            AnswerClock::Board { guard } => guard.max(limit),
        }
    }
}

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
    /// A board in real time that took `wall`.
    pub fn real(wall: Duration) -> BoardTime {
        BoardTime {
            cycles: None,
            ms: wall.as_secs_f64() * 1e3,
        }
    }

    /// As a duration.
    pub fn duration(&self) -> Duration {
        Duration::from_secs_f64(self.ms.max(0.0) / 1e3)
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

/// One line of a simulated board's reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Report<'a> {
    /// `answer <bytes> <cycles> cycles <ms> ms board time`: an answer (its
    /// bytes as text) and its board time.
    Answer { bytes: &'a str, time: BoardTime },
    /// `busy <cycles> cycles`: thinking, `cycles` since the request's last byte.
    Busy { cycles: u64 },
}

impl<'a> Report<'a> {
    /// The report on `line`, if it is one.
    pub fn parse(line: &'a str) -> Option<Report<'a>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["answer", bytes, cycles, "cycles", ms, "ms", "board", "time"] => {
                Some(Report::Answer {
                    bytes,
                    time: BoardTime {
                        cycles: Some(cycles.parse().ok()?),
                        ms: ms.parse().ok()?,
                    },
                })
            }
            ["busy", cycles, "cycles"] => Some(Report::Busy {
                cycles: cycles.parse().ok()?,
            }),
            _ => None,
        }
    }
}

/// A simulated board's report lines as they come: the answers' board times
/// in order, and how long the board has been thinking.
pub struct Reports {
    lines: Receiver<String>,
    /// Answer reports read but not yet asked for: (bytes, time).
    answers: VecDeque<(String, BoardTime)>,
    /// The latest `busy` count since the last answer.
    busy: Option<u64>,
}

impl Reports {
    /// The reports arriving on `lines`.
    pub fn new(lines: Receiver<String>) -> Reports {
        Reports {
            lines,
            answers: VecDeque::new(),
            busy: None,
        }
    }

    fn take(&mut self, line: &str) {
        match Report::parse(line) {
            Some(Report::Answer { bytes, time }) => {
                self.answers.push_back((bytes.to_string(), time));
                self.busy = None;
            }
            Some(Report::Busy { cycles }) => self.busy = Some(cycles),
            None => {}
        }
    }

    /// Reads what has arrived, without waiting.
    fn poll(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            self.take(&line);
        }
    }

    /// Forgets every report so far: a new request is about to go out.
    pub fn clear(&mut self) {
        self.poll();
        self.answers.clear();
        self.busy = None;
    }

    /// The cycles the board has been thinking for, as last reported.
    pub fn busy_cycles(&mut self) -> Option<u64> {
        self.poll();
        self.busy
    }

    /// The board time of the next answer reported since [`Reports::clear`]
    /// (its bytes as text must contain `bytes`, CR and LF aside), waiting up
    /// to `wait` for it.
    pub fn answer(&mut self, bytes: &str, wait: Duration) -> Option<BoardTime> {
        let deadline = Instant::now() + wait;
        loop {
            self.poll();
            while let Some((said, time)) = self.answers.pop_front() {
                if said.contains(bytes) {
                    return Some(time);
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.take(&line),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn a_simulated_board_report_gives_the_answer_and_its_board_time() {
        let Some(Report::Answer { bytes, time }) =
            Report::parse("answer 56a0 308625 cycles 12.345 ms board time")
        else {
            panic!("an answer report");
        };
        assert_eq!(bytes, "56a0");
        assert_eq!(time.cycles, Some(308_625));
        assert_eq!(time.ms, 12.345);
        assert_eq!(time.to_string(), "308625 cycles, 12.345 ms board time");
        assert_eq!(time.duration(), Duration::from_micros(12_345));
        assert_eq!(
            Report::parse("busy 4096 cycles"),
            Some(Report::Busy { cycles: 4096 })
        );
        for line in [
            "answer 56a0 x cycles 1 ms board time",
            "busy many cycles",
            "pty: /dev/pts/3",
            "",
        ] {
            assert_eq!(Report::parse(line), None, "{line}");
        }
    }

    #[test]
    fn reports_give_each_answer_in_turn_and_the_thinking_so_far() {
        let (tx, rx) = channel();
        let mut reports = Reports::new(rx);
        tx.send("answer 1FP 700 cycles 0.028 ms board time".into())
            .unwrap();
        reports.clear();
        assert_eq!(reports.busy_cycles(), None);
        tx.send("busy 1000 cycles".into()).unwrap();
        tx.send("busy 2000 cycles".into()).unwrap();
        assert_eq!(reports.busy_cycles(), Some(2000));
        tx.send("something else".into()).unwrap();
        tx.send("answer 56a0 2500 cycles 0.100 ms board time".into())
            .unwrap();
        let time = reports.answer("56a0", Duration::from_secs(1)).unwrap();
        assert_eq!(time.cycles, Some(2500));
        assert_eq!(reports.busy_cycles(), None, "the answer ends the thinking");
        // A report that never comes.
        assert_eq!(reports.answer("66b1", Duration::from_millis(20)), None);
    }

    #[test]
    fn a_board_clock_waits_minutes_on_the_wall_a_real_one_the_limit() {
        let limit = Duration::from_secs(1);
        assert_eq!(AnswerClock::Wall.wall_wait(limit), limit);
        let guard = Duration::from_secs(600);
        assert_eq!(AnswerClock::Board { guard }.wall_wait(limit), guard);
        assert_eq!(
            AnswerClock::Board { guard: limit / 2 }.wall_wait(limit),
            limit
        );
    }
}
