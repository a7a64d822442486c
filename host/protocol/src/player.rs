//! The player side of the contest protocol as a pure state machine: what a
//! board does with the referee's bytes. Bytes in ([`PlayerLink::received`]),
//! events out; the driver answers a move request with
//! [`PlayerLink::answer`] and writes the bytes it returns.
//!
//! `0` starts a new game at any time (the answer is the team code), `9` ends
//! it (repeated `9`s, as one early referee sent, are one end), CR and LF are
//! ignored. The two request schemes are told apart by the player's own state,
//! as `docs/rules/blokus-duo.md` says: a `3` as the first request of a game
//! is 2014's `3S MMMM`, a `3` after the player's own first move is 2013's
//! `3 MMMM`; a `4` after `25` and the first move is 2014's `4 MMMM`. One case
//! is not decided by the state: after `2A` (a blind first move in 2013, or
//! moving first from (a,a) in 2014, which only the referee's `-r` option
//! does) a `4` is followed by 8 bytes in 2013 and by 4 in 2014. The link then
//! follows the scheme it was configured with, or else the last scheme an
//! unambiguous request showed on this link, or else 2013 (the only scheme in
//! which `2A` is the normal opening).

use super::message::{player_of_start_byte, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME};
use blokus::CodeError;
use blokus::{IllegalMove, MoveCode, Player, Position};
use std::fmt;

/// What the player must do or know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Send these bytes (the team code, after `0`).
    Send(Vec<u8>),
    /// A move is requested: choose one for the side to move of this position
    /// and give it to [`PlayerLink::answer`].
    Move(Position),
    /// The game is over (`9`).
    GameOver,
    /// The referee's bytes make no sense here; they are dropped.
    Error(RequestError),
}

/// A request the player cannot follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// A byte that starts no message in this state.
    Unexpected { byte: u8, state: &'static str },
    /// `S` of `2S` / `3S` is neither `5` nor `A`.
    StartSquare(u8),
    /// An opponent's move that is not a move code.
    Malformed(CodeError),
    /// An opponent's move the rules forbid in the position the player keeps.
    Illegal(MoveCode, IllegalMove),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RequestError::Unexpected { byte, state } => write!(
                f,
                "unexpected byte {} {state}",
                super::message::show_bytes(&[*byte])
            ),
            RequestError::StartSquare(b) => write!(
                f,
                "start square {} is neither 5 nor A",
                super::message::show_bytes(&[*b])
            ),
            RequestError::Malformed(e) => write!(f, "opponent's move: {e}"),
            RequestError::Illegal(code, e) => write!(f, "opponent's move {code}: {e}"),
        }
    }
}

/// Where the link is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Before any `0`, or after `9`.
    Idle,
    /// In a game, waiting for a request.
    Waiting,
    /// Reading the rest of a request: its first byte and the bytes so far.
    Reading(u8, Vec<u8>),
    /// A move is requested; waiting for [`PlayerLink::answer`].
    Thinking,
}

/// One player's end of a contest link, over any number of games.
pub struct PlayerLink {
    team: [u8; 2],
    configured: Option<Scheme>,
    seen: Option<Scheme>,
    state: State,
    /// This game: who the player is.
    me: Player,
    /// This game: who moves first as the referee plays the moves.
    first: Player,
    /// This game's moves in the referee's order.
    moves: Vec<MoveCode>,
    /// This game: the player's own moves made.
    own_moves: usize,
    /// 2013, as player 2: its blind first move, until player 1's first is known.
    blind: Option<MoveCode>,
    /// The move being asked for is 2013's blind first move of player 2.
    asking_blind: bool,
}

impl PlayerLink {
    /// A player with team id `team` (two characters: it answers `1` + id),
    /// following `scheme` where the state cannot tell (see the module doc).
    pub fn new(team: [u8; 2], scheme: Option<Scheme>) -> PlayerLink {
        PlayerLink {
            team,
            configured: scheme,
            seen: None,
            state: State::Idle,
            me: Player::One,
            first: Player::One,
            moves: Vec::new(),
            own_moves: 0,
            blind: None,
            asking_blind: false,
        }
    }

    /// Who the player is in the current game.
    pub fn me(&self) -> Player {
        self.me
    }

    /// This game's moves so far, in the game's order (2013's blind first
    /// move of player 2 among them once player 1's first is known).
    pub fn moves(&self) -> &[MoveCode] {
        &self.moves
    }

    /// The scheme the link follows where the state cannot tell.
    pub fn scheme(&self) -> Scheme {
        self.configured.or(self.seen).unwrap_or(Scheme::S2013)
    }

    /// One byte from the referee.
    pub fn received(&mut self, byte: u8) -> Option<Event> {
        if byte == b'\r' || byte == b'\n' {
            return None;
        }
        if byte == NEW_GAME && !matches!(self.state, State::Reading(..)) {
            self.state = State::Waiting;
            self.new_game(Player::One, Player::One);
            return Some(Event::Send(vec![b'1', self.team[0], self.team[1]]));
        }
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Idle if byte == GAME_OVER => None,
            State::Idle => {
                Some(self.unexpected(byte, "outside a game (waiting for 0)", State::Idle))
            }
            // The referee ends a game whose reply is late with `9`.
            State::Thinking if byte == GAME_OVER => Some(Event::GameOver),
            State::Thinking => Some(self.unexpected(
                byte,
                "while the player is choosing its move",
                State::Thinking,
            )),
            State::Waiting => match byte {
                GAME_OVER => Some(Event::GameOver),
                b'2' | b'3' | b'4' => {
                    self.state = State::Reading(byte, Vec::new());
                    None
                }
                _ => Some(self.unexpected(byte, "where a request was due", State::Waiting)),
            },
            State::Reading(kind, mut bytes) => {
                bytes.push(byte);
                if bytes.len() < self.request_len(kind) {
                    self.state = State::Reading(kind, bytes);
                    return None;
                }
                self.state = State::Waiting;
                Some(match self.request(kind, &bytes) {
                    Ok(position) => {
                        self.state = State::Thinking;
                        Event::Move(position)
                    }
                    Err(e) => Event::Error(e),
                })
            }
        }
    }

    /// The player's move for the last [`Event::Move`]: the bytes to send.
    /// Outside a request the move is not recorded, but its bytes are still given.
    pub fn answer(&mut self, code: MoveCode) -> [u8; 4] {
        if self.state == State::Thinking {
            self.state = State::Waiting;
            self.own_moves += 1;
            if std::mem::take(&mut self.asking_blind) {
                self.blind = Some(code);
            } else {
                self.moves.push(code);
            }
        }
        code.to_wire()
    }

    fn new_game(&mut self, me: Player, first: Player) {
        self.me = me;
        self.first = first;
        self.moves.clear();
        self.own_moves = 0;
        self.blind = None;
        self.asking_blind = false;
    }

    fn unexpected(&mut self, byte: u8, state: &'static str, back: State) -> Event {
        self.state = back;
        Event::Error(RequestError::Unexpected { byte, state })
    }

    /// Bytes after the first byte of a request of kind `kind`.
    fn request_len(&self, kind: u8) -> usize {
        match kind {
            b'2' => 1,
            b'3' if self.own_moves == 0 => 1 + MOVE_LEN,
            b'4' if self.blind.is_some() => 2 * MOVE_LEN,
            _ => MOVE_LEN,
        }
    }

    /// The position for the player's move after request `kind` + `bytes`.
    fn request(&mut self, kind: u8, bytes: &[u8]) -> Result<Position, RequestError> {
        let parse = |b: &[u8]| MoveCode::from_wire(b).map_err(RequestError::Malformed);
        let start = || player_of_start_byte(bytes[0]).ok_or(RequestError::StartSquare(bytes[0]));
        let mut moves = self.moves.clone();
        match (kind, bytes.len()) {
            (b'2', _) => {
                let me = start()?;
                let blind = me == Player::Two && self.scheme() == Scheme::S2013;
                // 2014 from (a,a) (the referee's `-r`): player 2 moves first.
                self.new_game(me, me);
                self.asking_blind = blind;
                moves.clear();
            }
            (b'3', 5) => {
                let me = start()?;
                let opponent = parse(&bytes[1..])?;
                self.seen = Some(Scheme::S2014);
                self.new_game(me, me.other());
                moves = vec![opponent];
            }
            (b'3', _) => {
                self.seen = Some(Scheme::S2013);
                moves.push(parse(bytes)?);
            }
            (_, 8) => {
                // 2013: player 1's first and second moves, our blind move between.
                let (one, two) = (parse(&bytes[..4])?, parse(&bytes[4..])?);
                let own = self.blind.expect("8 bytes only after a blind first move");
                moves = vec![one, own, two];
            }
            _ => {
                if self.first == self.me && self.own_moves == 1 && self.me == Player::One {
                    self.seen = Some(Scheme::S2014);
                }
                moves.push(parse(bytes)?);
            }
        }
        let first = if self.asking_blind || bytes.len() != 8 {
            self.first
        } else {
            Player::One
        };
        let mut position = Position::with_first(first);
        for &code in &moves {
            position
                .play_code(code)
                .map_err(|e| RequestError::Illegal(code, e))?;
        }
        if position.to_move() != self.me {
            return Err(RequestError::Unexpected {
                byte: kind,
                state: "when it is the opponent's turn",
            });
        }
        if bytes.len() == 8 {
            self.first = Player::One;
            self.blind = None;
        }
        self.moves = moves;
        Ok(position)
    }
}

#[cfg(test)]
mod tests;
