//! The referee side of the contest protocol as a pure state machine: one
//! game between two players, from `0` to `9`, in either request scheme.
//!
//! The machine does no I/O and reads no clock. Its driver hands it what
//! happened (bytes received from a player, a request written out, a player
//! gone, the time passing), each with the current time as a [`Duration`]
//! since any fixed instant, and carries out the [`Action`]s it returns in
//! order. Times: a reply must be complete (its last byte received) no later
//! than the limit after the driver reports its request written
//! ([`Referee::sent`]): "from the end of the request to the 4th byte of the
//! answer". The driver calls [`Referee::tick`] at [`Referee::next_deadline`]
//! so that silence is caught.
//!
//! A seat may be timed by the board's own clock instead ([`AnswerClock`],
//! a simulated board): its deadlines on the driver's clock are then only a
//! guard against a dead simulator, and each of its replies is judged by the
//! board time the driver hands in with the bytes that complete it
//! ([`Referee::received_in_board_time`]).
//!
//! As the organisers' referee: CR and LF from a player are ignored; a team
//! code is any 3 bytes (one that is not `1` and two printable characters
//! draws a [`Action::Warning`]); a malformed code, an illegal move, a pass as
//! a player's first move, a late or missing reply or a disconnection ends the
//! game at once as a loss for that player. Bytes a player sends while no reply
//! is awaited stay in its input, as in a serial port's buffer, and count as
//! the start of its next reply.

use super::board_time::AnswerClock;
use super::message::{show_bytes, Request, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME, TEAM_CODE_LEN};
use blokus::CodeError;
use blokus::{IllegalMove, MoveCode, Player, Position};
use std::fmt;
use std::time::Duration;

/// Time limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// For a move: from the request written to the reply's 4th byte.
    pub per_move: Duration,
    /// For the team code after `0`.
    pub team_code: Duration,
}

impl Default for Limits {
    /// 1 s a move (the organisers' default); 30 s for the team code.
    fn default() -> Limits {
        Limits {
            per_move: Duration::from_secs(1),
            team_code: Duration::from_secs(30),
        }
    }
}

/// What the driver must do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Write these bytes to the player; then report [`Referee::sent`].
    Send(Player, Vec<u8>),
    /// The player's team code (bytes 2-3 of its answer to `0`).
    TeamCode(Player, [u8; 2]),
    /// Something the organisers' referee let pass, worth telling.
    Warning(Player, String),
    /// A move was checked and played.
    Moved(Player, MoveCode),
    /// The game is over (after the `9`s have been sent).
    Over(Outcome),
}

/// What went wrong with a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// No complete team code within the limit after `0`.
    NoTeamCode,
    /// No complete move within the limit; `received` bytes of 4 had come.
    Timeout { received: usize },
    /// A reply that took more board time than the limit (a seat timed by
    /// the board's clock).
    OverBoardTime { took: Duration, limit: Duration },
    /// A board timed by its own clock sent no complete reply within the
    /// wall-clock guard: its simulator died or stalled.
    SimulatorStalled { received: usize, guard: Duration },
    /// The 4 bytes are not a move code.
    Malformed(CodeError),
    /// A well-formed code the rules forbid (a pass as a first move included).
    Illegal(MoveCode, IllegalMove),
    /// The link closed before the game was over.
    Disconnected,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            FaultKind::NoTeamCode => write!(f, "no team code in time"),
            FaultKind::Timeout { received } => {
                write!(f, "timeout ({received} of {MOVE_LEN} bytes in time)")
            }
            FaultKind::OverBoardTime { took, limit } => write!(
                f,
                "timeout: the reply took {:.3} ms of board time, over the limit of {} s",
                took.as_secs_f64() * 1e3,
                limit.as_secs_f64()
            ),
            FaultKind::SimulatorStalled { received, guard } => write!(
                f,
                "no complete reply ({received} bytes) within {:.0} s of wall-clock time: \
                 the guard against a dead or stalled simulator (its replies are judged in \
                 board time; --sim-wall-limit sets the guard)",
                guard.as_secs_f64()
            ),
            FaultKind::Malformed(e) => write!(f, "malformed move code: {e}"),
            FaultKind::Illegal(code, IllegalMove::PassAsFirstMove) => {
                write!(f, "pass ({code}) as its first move")
            }
            FaultKind::Illegal(code, e) => write!(f, "illegal move {code}: {e}"),
            FaultKind::Disconnected => write!(f, "disconnected"),
        }
    }
}

impl FaultKind {
    /// A short stable name (for tables and JSON).
    pub fn name(&self) -> &'static str {
        match self {
            FaultKind::NoTeamCode => "no-team-code",
            FaultKind::Timeout { .. } | FaultKind::OverBoardTime { .. } => "timeout",
            FaultKind::SimulatorStalled { .. } => "simulator-stalled",
            FaultKind::Malformed(_) => "malformed",
            FaultKind::Illegal(_, IllegalMove::PassAsFirstMove) => "first-move-pass",
            FaultKind::Illegal(..) => "illegal",
            FaultKind::Disconnected => "disconnected",
        }
    }
}

/// A player's fault: who, what, and the raw bytes of the reply (CR and LF included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub player: Player,
    pub kind: FaultKind,
    pub raw: Vec<u8>,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.player, self.kind)?;
        if !self.raw.is_empty() {
            write!(f, " (received \"{}\")", show_bytes(&self.raw))?;
        }
        Ok(())
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Two passes in a row.
    TwoPasses,
    /// A player placed all 21 tiles.
    AllTiles,
    /// A player's fault.
    Fault,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Player>,
    /// Both scores (bonuses included) of the final position, player 1's first.
    pub scores: [i32; 2],
    pub reason: EndReason,
    pub fault: Option<Fault>,
}

/// A reply being awaited from one player.
#[derive(Clone, Copy, Debug)]
struct Awaited {
    /// 3 (team code) or 4 (move) bytes.
    len: usize,
    /// When the reply must be complete on the driver's clock; `None` until
    /// the request is written.
    deadline: Option<Duration>,
}

impl Awaited {
    fn new(len: usize) -> Awaited {
        Awaited {
            len,
            deadline: None,
        }
    }
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    TeamCodes,
    Moves,
    Over,
}

/// One game, refereed.
pub struct Referee {
    scheme: Scheme,
    limits: Limits,
    /// Per player: the clock its replies are judged by.
    clocks: [AnswerClock; 2],
    position: Position,
    phase: Phase,
    awaited: [Option<Awaited>; 2],
    /// Per player: bytes received and not yet used, CR and LF dropped.
    input: [Vec<u8>; 2],
    /// Per player: the same with CR and LF, for fault reports.
    raw: [Vec<u8>; 2],
    /// Team codes received.
    teams: [bool; 2],
    /// 2013: the blind first moves, until both are in.
    blind: [Option<(MoveCode, Vec<u8>)>; 2],
    /// Moves played, in order.
    moves: Vec<(Player, MoveCode)>,
}

impl Referee {
    /// A game in `scheme`, player 1 (start square (5,5)) moving first.
    pub fn new(scheme: Scheme, limits: Limits) -> Referee {
        Referee {
            scheme,
            limits,
            clocks: [AnswerClock::Wall; 2],
            position: Position::new(),
            phase: Phase::TeamCodes,
            awaited: [None, None],
            input: [Vec::new(), Vec::new()],
            raw: [Vec::new(), Vec::new()],
            teams: [false; 2],
            blind: [None, None],
            moves: Vec::new(),
        }
    }

    /// The same with each player's replies judged by `clocks` (player 1's
    /// first); both are [`AnswerClock::Wall`] unless said.
    pub fn with_clocks(self, clocks: [AnswerClock; 2]) -> Referee {
        Referee { clocks, ..self }
    }

    /// The position so far.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[(Player, MoveCode)] {
        &self.moves
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The earliest time at which [`Referee::tick`] has something to do.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.awaited
            .iter()
            .filter_map(|a| a.as_ref().and_then(|a| a.deadline))
            .min()
    }

    /// Starts the game: `0` to both players.
    pub fn start(&mut self) -> Vec<Action> {
        let mut actions = Vec::new();
        for p in [Player::One, Player::Two] {
            self.awaited[p.index()] = Some(Awaited::new(TEAM_CODE_LEN));
            actions.push(Action::Send(p, vec![NEW_GAME]));
        }
        actions
    }

    /// The driver has written the last request to `player`: its clock starts now.
    pub fn sent(&mut self, player: Player, now: Duration) -> Vec<Action> {
        let Some(awaited) = self.awaited[player.index()].as_ref() else {
            return Vec::new();
        };
        if awaited.deadline.is_none() {
            let wait = self.clocks[player.index()].wall_wait(self.limit(awaited));
            self.awaited[player.index()] = Some(Awaited {
                deadline: Some(now + wait),
                ..*awaited
            });
        }
        // Bytes already waiting in the player's input may complete the reply.
        self.take_reply(player, now, None)
    }

    /// The limit of an awaited reply.
    fn limit(&self, awaited: &Awaited) -> Duration {
        if awaited.len == TEAM_CODE_LEN {
            self.limits.team_code
        } else {
            self.limits.per_move
        }
    }

    /// Whether `bytes` from `player` would complete the reply it owes (so
    /// that a driver knows when to hand in a board time with them).
    pub fn completes_reply(&self, player: Player, bytes: &[u8]) -> bool {
        let i = player.index();
        let Some(awaited) = &self.awaited[i] else {
            return false;
        };
        let new = bytes.iter().filter(|&&b| b != b'\r' && b != b'\n').count();
        awaited.deadline.is_some()
            && self.input[i].len() < awaited.len
            && self.input[i].len() + new >= awaited.len
    }

    /// Bytes from `player` arrived at `now`.
    pub fn received(&mut self, player: Player, bytes: &[u8], now: Duration) -> Vec<Action> {
        self.received_in_board_time(player, bytes, now, None)
    }

    /// Bytes from `player` arrived at `now`; when they complete its reply
    /// and it is timed by the board's clock, `board_time` is the time the
    /// board reported for that reply (`None`: not reported, so judged by
    /// the wall-clock guard alone, with a warning).
    pub fn received_in_board_time(
        &mut self,
        player: Player,
        bytes: &[u8],
        now: Duration,
        board_time: Option<Duration>,
    ) -> Vec<Action> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        let i = player.index();
        self.raw[i].extend_from_slice(bytes);
        self.input[i].extend(bytes.iter().filter(|&&b| b != b'\r' && b != b'\n'));
        self.take_reply(player, now, board_time)
    }

    /// The link to `player` closed at `now`.
    pub fn disconnected(&mut self, player: Player, _now: Duration) -> Vec<Action> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        let raw = std::mem::take(&mut self.raw[player.index()]);
        self.fault(player, FaultKind::Disconnected, raw)
    }

    /// Time has passed: a reply not complete by its deadline is a fault
    /// (the earliest deadline's player's, if several have passed).
    pub fn tick(&mut self, now: Duration) -> Vec<Action> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        let late = [Player::One, Player::Two]
            .into_iter()
            .filter_map(|p| {
                let deadline = self.awaited[p.index()].as_ref()?.deadline?;
                (deadline < now).then_some((deadline, p.index(), p))
            })
            .min_by_key(|&(deadline, i, _)| (deadline, i))
            .map(|(deadline, _, p)| (deadline, p));
        match late {
            None => Vec::new(),
            Some((_, p)) => self.late(p),
        }
    }

    /// The fault of a player whose reply is not complete in time.
    fn late(&mut self, player: Player) -> Vec<Action> {
        let i = player.index();
        let received = self.input[i].len().min(MOVE_LEN);
        let kind = match self.clocks[i] {
            AnswerClock::Board { guard } => FaultKind::SimulatorStalled { received, guard },
            AnswerClock::Wall if self.phase == Phase::TeamCodes => FaultKind::NoTeamCode,
            AnswerClock::Wall => FaultKind::Timeout { received },
        };
        let raw = std::mem::take(&mut self.raw[i]);
        self.fault(player, kind, raw)
    }

    /// Takes a complete reply from `player`'s input, if one is awaited and
    /// there; `board_time`: the board's time for it, if reported.
    fn take_reply(
        &mut self,
        player: Player,
        now: Duration,
        board_time: Option<Duration>,
    ) -> Vec<Action> {
        let i = player.index();
        let Some(awaited) = self.awaited[i] else {
            return Vec::new();
        };
        let Some(deadline) = awaited.deadline else {
            return Vec::new(); // the request is not out yet
        };
        if self.input[i].len() < awaited.len {
            return Vec::new();
        }
        if now > deadline {
            return self.late(player);
        }
        let limit = self.limit(&awaited);
        let reply: Vec<u8> = self.input[i].drain(..awaited.len).collect();
        let raw = self.take_raw(i, awaited.len);
        let mut actions = Vec::new();
        if let AnswerClock::Board { .. } = self.clocks[i] {
            match board_time {
                Some(took) if took > limit => {
                    return self.fault(player, FaultKind::OverBoardTime { took, limit }, raw);
                }
                Some(_) => {}
                None => actions.push(Action::Warning(
                    player,
                    format!(
                        "no board time was reported for \"{}\": judged by the wall-clock \
                         guard alone",
                        show_bytes(&raw)
                    ),
                )),
            }
        }
        self.awaited[i] = None;
        if awaited.len == TEAM_CODE_LEN {
            actions.extend(self.team_code(player, &reply));
        } else {
            actions.extend(self.move_reply(player, &reply, raw));
        }
        actions
    }

    /// The raw bytes (CR and LF too) up to and including the `len`-th other byte.
    fn take_raw(&mut self, i: usize, len: usize) -> Vec<u8> {
        let mut seen = 0;
        let end = self.raw[i]
            .iter()
            .position(|&b| {
                if b != b'\r' && b != b'\n' {
                    seen += 1;
                }
                seen == len
            })
            .map_or(self.raw[i].len(), |e| e + 1);
        self.raw[i].drain(..end).collect()
    }

    fn team_code(&mut self, player: Player, reply: &[u8]) -> Vec<Action> {
        let mut actions = Vec::new();
        if reply[0] != b'1' || !reply[1..].iter().all(|b| b.is_ascii_graphic()) {
            actions.push(Action::Warning(
                player,
                format!(
                    "team code \"{}\" is not `1` and two characters; accepted, as the \
                     organisers' referee did",
                    show_bytes(reply)
                ),
            ));
        }
        actions.push(Action::TeamCode(player, [reply[1], reply[2]]));
        self.teams[player.index()] = true;
        if self.teams == [true, true] {
            self.phase = Phase::Moves;
            match self.scheme {
                Scheme::S2014 => actions.extend(self.request(Player::One)),
                Scheme::S2013 => {
                    for p in [Player::One, Player::Two] {
                        actions.extend(self.send_request(p, Request::First { start: p }));
                    }
                }
            }
        }
        actions
    }

    fn move_reply(&mut self, player: Player, reply: &[u8], raw: Vec<u8>) -> Vec<Action> {
        let code = match MoveCode::from_wire(reply) {
            Ok(code) => code,
            Err(e) => return self.fault(player, FaultKind::Malformed(e), raw),
        };
        if self.scheme == Scheme::S2013 && !self.position.has_moved(player) {
            // A blind first move: both are played once both are in.
            self.blind[player.index()] = Some((code, raw));
            if self.blind.iter().any(Option::is_none) {
                return Vec::new();
            }
            let mut actions = Vec::new();
            for p in [Player::One, Player::Two] {
                let (code, raw) = self.blind[p.index()].take().expect("both are in");
                match self.play(p, code, raw) {
                    Ok(a) => actions.push(a),
                    Err(fault) => {
                        actions.extend(fault);
                        return actions;
                    }
                }
            }
            actions.extend(self.request(Player::One));
            return actions;
        }
        match self.play(player, code, raw) {
            Err(fault) => fault,
            Ok(moved) => {
                let mut actions = vec![moved];
                if self.position.is_over() {
                    actions.extend(self.finish(None));
                } else {
                    actions.extend(self.request(self.position.to_move()));
                }
                actions
            }
        }
    }

    /// Checks and plays one move: the [`Action::Moved`], or the fault's actions.
    fn play(
        &mut self,
        player: Player,
        code: MoveCode,
        raw: Vec<u8>,
    ) -> Result<Action, Vec<Action>> {
        debug_assert_eq!(self.position.to_move(), player);
        match self.position.play_code(code) {
            Ok(_) => {
                self.moves.push((player, code));
                Ok(Action::Moved(player, code))
            }
            Err(e) => Err(self.fault(player, FaultKind::Illegal(code, e), raw)),
        }
    }

    /// The request for the side to move, by the scheme.
    fn request(&mut self, player: Player) -> Vec<Action> {
        let opponent_moves: Vec<MoveCode> = self
            .moves
            .iter()
            .filter(|(p, _)| *p != player)
            .map(|&(_, c)| c)
            .collect();
        let own_moves = self.moves.len() - opponent_moves.len();
        let request = match (self.scheme, own_moves, opponent_moves.as_slice()) {
            (Scheme::S2014, 0, []) => Request::First { start: player },
            (Scheme::S2014, 0, [first]) => Request::Second {
                start: player,
                opponent: *first,
            },
            (Scheme::S2013, 1, [first, second]) if player == Player::Two => Request::SecondOf2013 {
                first: *first,
                second: *second,
            },
            (scheme, _, [.., last]) => Request::Later {
                scheme,
                opponent: *last,
            },
            (_, _, []) => unreachable!("a player who has moved has an opponent who has"),
        };
        self.send_request(player, request)
    }

    fn send_request(&mut self, player: Player, request: Request) -> Vec<Action> {
        self.awaited[player.index()] = Some(Awaited::new(MOVE_LEN));
        vec![Action::Send(player, request.to_bytes())]
    }

    fn fault(&mut self, player: Player, kind: FaultKind, raw: Vec<u8>) -> Vec<Action> {
        self.finish(Some(Fault { player, kind, raw }))
    }

    /// Ends the game: `9` to both (not to a player whose link is gone).
    fn finish(&mut self, fault: Option<Fault>) -> Vec<Action> {
        self.phase = Phase::Over;
        self.awaited = [None, None];
        let scores = [
            self.position.score(Player::One),
            self.position.score(Player::Two),
        ];
        let (winner, reason) = match &fault {
            Some(f) => (Some(f.player.other()), EndReason::Fault),
            None if self.position.passes_in_row() >= 2 => {
                (self.position.winner(), EndReason::TwoPasses)
            }
            None => (self.position.winner(), EndReason::AllTiles),
        };
        let mut actions: Vec<Action> = [Player::One, Player::Two]
            .into_iter()
            .filter(|&p| {
                !matches!(&fault, Some(Fault { player, kind: FaultKind::Disconnected, .. }) if *player == p)
            })
            .map(|p| Action::Send(p, vec![GAME_OVER]))
            .collect();
        actions.push(Action::Over(Outcome {
            winner,
            scores,
            reason,
            fault,
        }));
        actions
    }
}

#[cfg(test)]
pub(crate) mod tests;
