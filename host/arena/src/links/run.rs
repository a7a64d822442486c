//! The drivers that put the protocol machines on links: the player loop (an
//! engine answering a referee) and the referee's match loop (games between
//! two links, with records, a results table and JSON results).
//!
//! The referee reads each link on its own thread, which stamps every chunk
//! of bytes with the time it arrived; the match loop hands chunks, closed
//! links and the passing of deadlines to the referee machine in order. A
//! simulated board's replies are judged by the board time it reports for
//! each ([`protocol`'s board time](protocol::AnswerClock)), handed in with the bytes that complete them.

use super::log::{seat, GameLog, Note, OutcomeRecord};
use super::stream::Link;
use anyhow::Context;
use blokus::Engine;
use blokus::{Move, MoveCode, Player};
use protocol::{show_bytes, Scheme};
use protocol::{Action, EndReason, Limits, Outcome, Referee};
use protocol::{AnswerClock, Reports, REPORT_WAIT};
use protocol::{Event, PlayerLink};
use serde_json::json;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How a player plays.
#[derive(Clone, Copy, Debug)]
pub struct PlayerOptions {
    /// The two characters of its team code (`1` + these).
    pub team: [u8; 2],
    /// The scheme to follow where its state cannot tell (see `player`).
    pub scheme: Option<Scheme>,
}

/// What a player did on a link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerSummary {
    pub games: usize,
    pub moves: usize,
    /// Requests it could not follow.
    pub errors: usize,
}

/// Plays with `engine` on `link` until the link closes; tells `log` what happens.
pub fn play_link(
    mut link: Link,
    engine: &mut dyn Engine,
    options: PlayerOptions,
    log: &mut dyn Write,
) -> anyhow::Result<PlayerSummary> {
    let mut machine = PlayerLink::new(options.team, options.scheme);
    let mut summary = PlayerSummary::default();
    let mut buffer = [0u8; 512];
    loop {
        let n = match link.reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                writeln!(log, "link {}: {e}", link.label)?;
                break;
            }
        };
        for &byte in &buffer[..n] {
            let reply = match machine.received(byte) {
                None => continue,
                Some(Event::Send(bytes)) => bytes,
                Some(Event::Move(position)) => {
                    let m = if position.is_over() {
                        Move::Pass
                    } else {
                        engine.choose(&position)
                    };
                    summary.moves += 1;
                    writeln!(log, "{} plays {}", machine.me(), m.code())?;
                    machine.answer(m.code()).to_vec()
                }
                Some(Event::GameOver) => {
                    summary.games += 1;
                    writeln!(log, "game over")?;
                    continue;
                }
                Some(Event::Error(e)) => {
                    summary.errors += 1;
                    writeln!(log, "ignored: {e}")?;
                    continue;
                }
            };
            let written = link
                .writer
                .write_all(&reply)
                .and_then(|()| link.writer.flush());
            if written.is_err() {
                return Ok(summary); // the referee is gone
            }
        }
    }
    Ok(summary)
}

/// How a match is refereed.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub scheme: Scheme,
    pub limits: Limits,
    pub games: usize,
    /// Alternate the seats: in even-numbered games the second link moves first.
    pub swap: bool,
    /// Where the game records go.
    pub record: Option<PathBuf>,
    /// Where the JSON results go (rewritten after every game).
    pub json: Option<PathBuf>,
    /// The wall-clock time a simulated board may take over a reply before
    /// it is taken for dead (its replies are judged in board time).
    pub sim_wall_guard: Duration,
}

/// One refereed game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1-based.
    pub number: usize,
    /// The links' labels by seat (player 1 first).
    pub labels: [String; 2],
    /// Which link (0 = `--p1`, 1 = `--p2`) sat in each seat.
    pub links: [usize; 2],
    /// Team ids by seat, as received.
    pub teams: [Option<String>; 2],
    pub moves: Vec<(Player, MoveCode)>,
    pub warnings: Vec<String>,
    pub outcome: Outcome,
}

/// A chunk of bytes from a link (or its end), and when it arrived.
struct Incoming {
    link: usize,
    bytes: Option<Vec<u8>>,
    at: Instant,
}

/// Reads `reader` on a thread, sending what arrives (and then the end) to the channel.
fn spawn_reader(link: usize, mut reader: Box<dyn Read + Send>, to: mpsc::Sender<Incoming>) {
    std::thread::spawn(move || {
        let mut buffer = [0u8; 512];
        loop {
            let bytes = match reader.read(&mut buffer) {
                Ok(0) | Err(_) => None,
                Ok(n) => Some(buffer[..n].to_vec()),
            };
            let at = Instant::now();
            let end = bytes.is_none();
            if to.send(Incoming { link, bytes, at }).is_err() || end {
                return;
            }
        }
    });
}

/// A match between two links.
pub struct Match {
    links: [Link; 2],
    /// Per link: the simulated board's reports, if it is one.
    reports: [Option<Reports>; 2],
    closed: [bool; 2],
    incoming: Receiver<Incoming>,
    epoch: Instant,
    options: MatchOptions,
}

impl Match {
    /// Starts reading both links.
    pub fn new(mut links: [Link; 2], options: MatchOptions) -> Match {
        let (to, incoming) = mpsc::channel();
        for (i, link) in links.iter_mut().enumerate() {
            let reader = std::mem::replace(&mut link.reader, Box::new(io::empty()));
            spawn_reader(i, reader, to.clone());
        }
        let reports = [0, 1].map(|i| links[i].reports.take().map(Reports::new));
        Match {
            links,
            reports,
            closed: [false; 2],
            incoming,
            epoch: Instant::now(),
            options,
        }
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Plays every game, telling `progress` as it goes; the reports.
    pub fn run(&mut self, progress: &mut dyn Write) -> anyhow::Result<Vec<GameReport>> {
        let mut reports = Vec::new();
        for number in 1..=self.options.games {
            let report = self.game(number, progress)?;
            writeln!(progress, "{}", describe(&report))?;
            reports.push(report);
            if let Some(path) = &self.options.json {
                write_json(path, &self.options, &reports)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        Ok(reports)
    }

    /// One game.
    fn game(&mut self, number: usize, progress: &mut dyn Write) -> anyhow::Result<GameReport> {
        let links = if self.options.swap && number.is_multiple_of(2) {
            [1, 0]
        } else {
            [0, 1]
        };
        let labels = links.map(|l| self.links[l].label.clone());
        let seat_of = |link: usize| {
            if links[0] == link {
                Player::One
            } else {
                Player::Two
            }
        };
        // Each game starts clean: what came after the last game's `9` is dropped.
        while let Ok(stale) = self.incoming.try_recv() {
            match stale.bytes {
                None => self.closed[stale.link] = true,
                Some(bytes) => writeln!(
                    progress,
                    "game {number}: dropped \"{}\" left from {}",
                    show_bytes(&bytes),
                    self.links[stale.link].label
                )?,
            }
        }
        let mut log = match &self.options.record {
            Some(dir) => Some(
                GameLog::create(dir, number, &labels)
                    .with_context(|| format!("cannot write records in {}", dir.display()))?,
            ),
            None => None,
        };
        let clocks = links.map(|link| match self.reports[link] {
            Some(_) => AnswerClock::Board {
                guard: self.options.sim_wall_guard,
            },
            None => AnswerClock::Wall,
        });
        let mut referee =
            Referee::new(self.options.scheme, self.options.limits).with_clocks(clocks);
        let mut pending: std::collections::VecDeque<Action> = referee.start().into();
        for p in [Player::One, Player::Two] {
            if self.closed[links[p.index()]] {
                pending.extend(referee.disconnected(p, self.now()));
            }
        }
        let mut teams: [Option<String>; 2] = [None, None];
        let mut warnings = Vec::new();
        loop {
            while let Some(action) = pending.pop_front() {
                match action {
                    Action::Send(p, bytes) => {
                        let link = links[p.index()];
                        if self.closed[link] {
                            continue;
                        }
                        if let Some(reports) = &mut self.reports[link] {
                            reports.clear();
                        }
                        let writer = &mut self.links[link].writer;
                        let written = writer.write_all(&bytes).and_then(|()| writer.flush());
                        let now = self.now();
                        if let Some(log) = log.as_mut() {
                            log.sent(now, p, &bytes)?;
                        }
                        match written {
                            Ok(()) => pending.extend(referee.sent(p, now)),
                            Err(_) => {
                                self.closed[link] = true;
                                pending.extend(referee.disconnected(p, now));
                            }
                        }
                    }
                    Action::TeamCode(p, id) => {
                        let id = show_bytes(&id);
                        if let Some(log) = log.as_mut() {
                            log.note(self.now(), Note::Team, p, &id)?;
                        }
                        teams[p.index()] = Some(id);
                    }
                    Action::Warning(p, text) => {
                        writeln!(
                            progress,
                            "game {number}: warning: {}: {text}",
                            labels[p.index()]
                        )?;
                        if let Some(log) = log.as_mut() {
                            log.note(self.now(), Note::Warning, p, &text)?;
                        }
                        warnings.push(format!("{}: {text}", labels[p.index()]));
                    }
                    Action::Moved(p, code) => {
                        if let Some(log) = log.as_mut() {
                            log.moved(self.now(), p, code)?;
                        }
                    }
                    Action::Over(outcome) => {
                        if let Some(log) = log.as_mut() {
                            log.over(self.now(), &outcome, &labels)?;
                        }
                        return Ok(GameReport {
                            number,
                            labels,
                            links,
                            teams,
                            moves: referee.moves().to_vec(),
                            warnings,
                            outcome,
                        });
                    }
                }
            }
            // Wait for bytes, a closed link or the next deadline.
            let wait = referee
                .next_deadline()
                .map(|d| d.saturating_sub(self.now()) + Duration::from_micros(100))
                .unwrap_or(Duration::from_secs(3600));
            match self.incoming.recv_timeout(wait) {
                Ok(Incoming { link, bytes, at }) => {
                    let p = seat_of(link);
                    let at = at.saturating_duration_since(self.epoch);
                    match bytes {
                        Some(bytes) => {
                            if let Some(log) = log.as_mut() {
                                log.received(at, p, &bytes)?;
                            }
                            let board_time = match &mut self.reports[link] {
                                Some(reports) if referee.completes_reply(p, &bytes) => {
                                    let text = String::from_utf8_lossy(&bytes);
                                    let text = text.trim_matches(['\r', '\n']);
                                    reports.answer(text, REPORT_WAIT)
                                }
                                _ => None,
                            };
                            if let (Some(time), Some(log)) = (board_time, log.as_mut()) {
                                log.note(at, Note::BoardTime, p, &time.to_string())?;
                            }
                            let took = board_time.map(|t| t.duration());
                            pending.extend(referee.received_in_board_time(p, &bytes, at, took));
                        }
                        None => {
                            self.closed[link] = true;
                            if let Some(log) = log.as_mut() {
                                log.note(at, Note::Closed, p, "the link closed")?;
                            }
                            pending.extend(referee.disconnected(p, at));
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => pending.extend(referee.tick(self.now())),
                Err(RecvTimeoutError::Disconnected) => {
                    // Both readers are gone, so both links are closed.
                    for p in [Player::One, Player::Two] {
                        self.closed[links[p.index()]] = true;
                        pending.extend(referee.disconnected(p, self.now()));
                    }
                }
            }
        }
    }
}

/// One line about a finished game.
pub fn describe(report: &GameReport) -> String {
    let o = &report.outcome;
    let result = match (o.winner, &o.fault) {
        (_, Some(f)) => format!(
            "{} wins: {} faulted: {f}",
            report.labels[f.player.other().index()],
            report.labels[f.player.index()]
        ),
        (Some(w), None) => format!("{} wins", report.labels[w.index()]),
        (None, None) => "draw".to_string(),
    };
    let end = match o.reason {
        EndReason::TwoPasses => "two passes",
        EndReason::AllTiles => "all 21 tiles placed",
        EndReason::Fault => "fault",
    };
    format!(
        "game {}: {} (1) vs {} (2): {} moves, {end}, score {} to {}; {result}",
        report.number,
        report.labels[0],
        report.labels[1],
        report.moves.len(),
        o.scores[0],
        o.scores[1]
    )
}

/// Per link: games, wins, draws, losses, score sums and faults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub score_for: i64,
    pub score_against: i64,
    pub faults: usize,
}

/// The standings of the two links over `reports`.
pub fn standings(reports: &[GameReport]) -> [Standing; 2] {
    let mut table: [Standing; 2] = Default::default();
    for r in reports {
        for p in [Player::One, Player::Two] {
            let s = &mut table[r.links[p.index()]];
            s.games += 1;
            match r.outcome.winner {
                Some(w) if w == p => s.wins += 1,
                Some(_) => s.losses += 1,
                None => s.draws += 1,
            }
            s.score_for += i64::from(r.outcome.scores[p.index()]);
            s.score_against += i64::from(r.outcome.scores[p.other().index()]);
            s.faults += usize::from(r.outcome.fault.as_ref().is_some_and(|f| f.player == p));
        }
    }
    table
}

/// The results table, one row per link.
pub fn results_table(labels: [&str; 2], reports: &[GameReport]) -> String {
    let width = labels.iter().map(|l| l.len()).max().unwrap_or(0).max(6);
    let mut out = format!(
        "{:width$}  games  wins  draws  losses  score for  against  faults\n",
        "player"
    );
    for (label, s) in labels.iter().zip(standings(reports)) {
        out += &format!(
            "{label:width$}  {:5}  {:4}  {:5}  {:6}  {:9}  {:7}  {:6}\n",
            s.games, s.wins, s.draws, s.losses, s.score_for, s.score_against, s.faults
        );
    }
    out
}

/// Writes the results as JSON (to a temporary file renamed into place).
pub fn write_json(
    path: &std::path::Path,
    options: &MatchOptions,
    reports: &[GameReport],
) -> io::Result<()> {
    let games: Vec<serde_json::Value> = reports
        .iter()
        .map(|r| {
            json!({
                "game": r.number,
                "players": r.labels,
                "teams": r.teams,
                "moves": r.moves.iter().map(|(p, c)| json!({"seat": seat(*p), "code": c.to_string()})).collect::<Vec<_>>(),
                "warnings": r.warnings,
                "result": OutcomeRecord::new(&r.outcome, &r.labels),
            })
        })
        .collect();
    let value = json!({
        "scheme": options.scheme.to_string(),
        "timeout_seconds": options.limits.per_move.as_secs_f64(),
        "games": games,
    });
    let temporary = path.with_extension("json.part");
    std::fs::write(&temporary, serde_json::to_string_pretty(&value)? + "\n")?;
    std::fs::rename(&temporary, path)
}
