//! Model of `hdl::ContestPlayer`: the whole board player, byte by byte. The
//! referee's bytes in, the board's bytes out, with the board's registers
//! (each player's cells and used tiles, who the board is, the request being
//! read, the last three moves) and its search (the tree,
//! [`super::prior_tree`], within the board's budget). For any game the referee plays,
//! the hardware sends exactly the bytes this model sends; the engine
//! `board-model` plays through it.
//!
//! # The contest machine
//! It follows `protocol::PlayerLink` (the spec's protocol;
//! that module's doc explains the schemes) with the state a board keeps
//! instead of a move list:
//!
//! - CR and LF are ignored everywhere.
//! - `0`, unless a request is being read: a new game. Both boards and tile
//!   sets cleared, the board is player 1 until a request says otherwise;
//!   the reply is `1` + the team code. It also abandons a search.
//! - `9`: the game is over (idle until the next `0`); while a request is
//!   being read it is a byte of the request.
//! - `2`, `3`, `4` start a request while waiting for one; its length is
//!   `2S`: 1 byte, `3`: 5 bytes before the board's first move, else 4;
//!   `4`: 8 bytes after a blind first move (2013), else 4.
//! - `?` ([`crate::sdram_check::REQUEST`]) outside a game: the SDRAM check
//!   runs and its report line is the reply ([`crate::sdram_check`]: the
//!   model's is a perfect memory's, the span [`BoardPlayer::with_sdram_words`]
//!   says). The board ignores a `?` while a check runs; the model, which has
//!   no time, answers every one.
//! - Any other byte where a request may start is dropped (and counted as a
//!   malformed request).
//!
//! When its last byte is in, a request is checked (a start byte `5`, `A`
//! or `a`; every move code decodes (`super::move_code::decode`)) and then
//! carried out; a request that fails a check is dropped whole and nothing
//! of it is applied. The scheme seen on the link is updated as
//! `PlayerLink` does it, before the codes are checked:
//!
//! | request | effect |
//! |---|---|
//! | `2S` | new game as `S`'s player, moving first; asking a blind first move if the board is player 2 and the scheme is 2013 |
//! | `3S MMMM` | seen 2014; new game as `S`'s player, moving second; `MMMM` is the opponent's |
//! | `3 MMMM` (later) | seen 2013; `MMMM` is the opponent's |
//! | `4 MMMM MMMM` | both are the opponent's; the blind move is over |
//! | `4 MMMM` | seen 2014 if the board moved first and has made one move as player 1; `MMMM` is the opponent's |
//!
//! An opponent's placement is ORed into its cells and its tile marked used
//! (the board trusts the referee, which checks every move); `0000` changes
//! nothing. Then the board searches for its own player and answers the
//! search's move (or `0000`), which goes into its own registers.
//!
//! The search's history (its engines' refinements) is the game's last
//! three moves, the latest first, a pass as `None`, kept as they come in:
//! each opponent's code in the order its request gives them and each of
//! the board's own moves go in as the latest, but for the first code of a
//! `4 MMMM MMMM` (2013, after the board's blind first move as player 2),
//! which goes in under the latest (the blind move), where the game played
//! it. A new game (`0`, `2S`, `3S`) clears it.
//!
//! Unlike `PlayerLink`, the board does not replay the game, so it does not
//! notice an opponent's move that is well-formed but illegal, nor a request
//! that comes when it is the opponent's turn: it plays on from the boards
//! it holds. The referee never sends either.

use crate::board_tree::tree_budget;
use crate::clock::{Budget, CLOCK_HZ};
use crate::move_code::{decode, encode, Decoded};
use crate::placer::placement_at;
use crate::prior_tree::{search, Outcome};
use blokus::{Bitboard, Placement, Player, Position};
use protocol::Exchange;
use protocol::{player_of_start_byte, Scheme, GAME_OVER, MOVE_LEN, NEW_GAME};

/// The contest line's baud rate (8N1).
pub const LINE_BAUD: u64 = 115_200;

/// Board clock cycles one byte takes on the line: 10 bits (start, 8 data,
/// stop) of the UART's divider, [`CLOCK_HZ`] / [`LINE_BAUD`] rounded.
pub const BYTE_CYCLES: u64 = 10 * ((CLOCK_HZ + LINE_BAUD / 2) / LINE_BAUD);

/// Where the machine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Before any `0`, or after `9`.
    Idle,
    /// In a game, waiting for a request.
    Waiting,
    /// Reading a request: its first byte, the bytes after it so far.
    Reading { kind: u8, got: usize },
}

/// The board player's registers.
#[derive(Clone, Debug)]
pub struct BoardPlayer {
    team: [u8; 2],
    configured: Option<Scheme>,
    seen: Option<Scheme>,
    phase: Phase,
    request: [u8; 2 * MOVE_LEN + 1],
    me: Player,
    moved_first: bool,
    /// The board's own moves this game, stopping at 2.
    own_moves: u8,
    blind: bool,
    asking_blind: bool,
    cells: [Bitboard; 2],
    used: [u32; 2],
    /// The last three moves taken in, the latest first (`None`: a pass).
    recent: [Option<Placement>; 3],
    malformed: bool,
    budget: Budget,
    last_search: Option<(Position, Outcome)>,
    /// The SDRAM check's span, and its report once computed.
    sdram_words: u32,
    sdram_report: Option<crate::sdram_check::Report>,
}

impl BoardPlayer {
    /// A board with team id `team` (it answers `0` with `1` + id), following
    /// `scheme` where its state cannot tell (as `PlayerLink::new`).
    pub fn new(team: [u8; 2], scheme: Option<Scheme>) -> BoardPlayer {
        BoardPlayer {
            team,
            configured: scheme,
            seen: None,
            phase: Phase::Idle,
            request: [0; 2 * MOVE_LEN + 1],
            me: Player::One,
            moved_first: false,
            own_moves: 0,
            blind: false,
            asking_blind: false,
            cells: [Bitboard::EMPTY; 2],
            used: [0; 2],
            recent: [None; 3],
            malformed: false,
            budget: tree_budget(),
            last_search: None,
            sdram_words: crate::sdram_check::DEFAULT_WORDS,
            sdram_report: None,
        }
    }

    /// The same board checking `words` words of its SDRAM when asked (the
    /// board's: [`crate::sdram_check::DEFAULT_WORDS`]; a simulated board's
    /// from its command line).
    ///
    /// # Panics
    /// If the check does not take that span (`sdram_check::check_span`).
    pub fn with_sdram_words(self, words: u32) -> BoardPlayer {
        if let Err(e) = crate::sdram_check::check_span(words) {
            panic!("{e}");
        }
        BoardPlayer {
            sdram_words: words,
            sdram_report: None,
            ..self
        }
    }

    /// The same board with the search's budgets `budget` (the board's are
    /// [`tree_budget`]).
    pub fn with_budget(self, budget: Budget) -> BoardPlayer {
        BoardPlayer { budget, ..self }
    }

    /// Who the board is in the current game.
    pub fn me(&self) -> Player {
        self.me
    }

    /// In a game (the `in game` LED).
    pub fn in_game(&self) -> bool {
        self.phase != Phase::Idle
    }

    /// The scheme seen on the link, if any.
    pub fn seen(&self) -> Option<Scheme> {
        self.seen
    }

    /// A malformed request was dropped since the last `0` (its LED).
    pub fn malformed(&self) -> bool {
        self.malformed
    }

    /// The position and result of the last search.
    pub fn last_search(&self) -> Option<&(Position, Outcome)> {
        self.last_search.as_ref()
    }

    /// The board's registers as a position with the board to move.
    pub fn position(&self) -> Position {
        Position::from_registers(self.cells, self.used, self.me)
    }

    /// The board time of `reply`, the bytes [`BoardPlayer::received`] just
    /// returned, in board clock cycles as the model counts them: for a move,
    /// the search's own cycles ([`Outcome::edges`], exact), for the
    /// SDRAM check's report its passes' cycles, then the reply's bytes on
    /// the line; the few cycles of the contest machine around the search
    /// (and of the check around its passes) are not modelled.
    pub fn reply_cycles(&self, reply: &[u8]) -> u64 {
        let search = match (reply.len(), &self.last_search, &self.sdram_report) {
            (MOVE_LEN, Some((_, outcome)), _) => outcome.edges,
            (crate::sdram_check::REPORT_LEN, _, Some(report)) => report.cycles(),
            _ => 0,
        };
        search + reply.len() as u64 * BYTE_CYCLES
    }

    fn scheme(&self) -> Scheme {
        self.configured.or(self.seen).unwrap_or(Scheme::S2013)
    }

    /// One byte from the referee; the bytes the board sends in answer.
    pub fn received(&mut self, byte: u8) -> Vec<u8> {
        if byte == b'\r' || byte == b'\n' {
            return Vec::new();
        }
        match self.phase {
            Phase::Reading { kind, got } => {
                self.request[got] = byte;
                let got = got + 1;
                if got < self.request_len(kind) {
                    self.phase = Phase::Reading { kind, got };
                    return Vec::new();
                }
                self.phase = Phase::Waiting;
                self.request(kind, got)
            }
            _ if byte == NEW_GAME => {
                self.new_game();
                self.me = Player::One;
                self.moved_first = true;
                self.malformed = false;
                self.phase = Phase::Waiting;
                vec![b'1', self.team[0], self.team[1]]
            }
            _ if byte == GAME_OVER => {
                self.phase = Phase::Idle;
                Vec::new()
            }
            Phase::Idle if byte == crate::sdram_check::REQUEST => {
                let words = self.sdram_words;
                self.sdram_report
                    .get_or_insert_with(|| crate::sdram_check::perfect(words))
                    .line()
            }
            Phase::Waiting if matches!(byte, b'2' | b'3' | b'4') => {
                self.phase = Phase::Reading { kind: byte, got: 0 };
                Vec::new()
            }
            _ => {
                self.malformed = true;
                Vec::new()
            }
        }
    }

    fn new_game(&mut self) {
        self.cells = [Bitboard::EMPTY; 2];
        self.used = [0; 2];
        self.recent = [None; 3];
        self.own_moves = 0;
        self.blind = false;
        self.asking_blind = false;
    }

    fn request_len(&self, kind: u8) -> usize {
        match kind {
            b'2' => 1,
            b'3' if self.own_moves == 0 => 1 + MOVE_LEN,
            b'4' if self.blind => 2 * MOVE_LEN,
            _ => MOVE_LEN,
        }
    }

    /// The request `kind` + `self.request[..len]`, checked and carried out.
    fn request(&mut self, kind: u8, len: usize) -> Vec<u8> {
        let bytes = self.request;
        let code = |at: usize| decode(bytes[at..at + MOVE_LEN].try_into().expect("4 bytes"));
        let valid = |d: &Decoded| *d != Decoded::Invalid;
        match (kind, len) {
            (b'2', _) => {
                let Some(me) = player_of_start_byte(bytes[0]) else {
                    return self.drop_request();
                };
                self.new_game();
                self.me = me;
                self.moved_first = true;
                self.asking_blind = me == Player::Two && self.scheme() == Scheme::S2013;
            }
            (b'3', 5) => {
                let (Some(me), opponent) = (player_of_start_byte(bytes[0]), code(1)) else {
                    return self.drop_request();
                };
                if !valid(&opponent) {
                    return self.drop_request();
                }
                self.seen = Some(Scheme::S2014);
                self.new_game();
                self.me = me;
                self.moved_first = false;
                self.opponent_plays(opponent);
            }
            (b'3', _) => {
                self.seen = Some(Scheme::S2013);
                let opponent = code(0);
                if !valid(&opponent) {
                    return self.drop_request();
                }
                self.opponent_plays(opponent);
            }
            (_, 8) => {
                let (one, two) = (code(0), code(MOVE_LEN));
                if !valid(&one) || !valid(&two) {
                    return self.drop_request();
                }
                // Player 1's first move goes in under the board's blind one,
                // which the game played after it.
                self.opponent_plays(one);
                self.recent.swap(0, 1);
                self.opponent_plays(two);
                self.blind = false;
                self.moved_first = false;
            }
            _ => {
                if self.moved_first && self.own_moves == 1 && self.me == Player::One {
                    self.seen = Some(Scheme::S2014);
                }
                let opponent = code(0);
                if !valid(&opponent) {
                    return self.drop_request();
                }
                self.opponent_plays(opponent);
            }
        }
        self.answer()
    }

    fn drop_request(&mut self) -> Vec<u8> {
        self.malformed = true;
        Vec::new()
    }

    fn opponent_plays(&mut self, decoded: Decoded) {
        match decoded {
            Decoded::Place { shape, corner } => self.place(self.me.other(), shape, corner),
            _ => self.taken_in(None),
        }
    }

    fn place(&mut self, player: Player, shape: u8, corner: u8) {
        let placement = placement_at(shape, corner).expect("a decoded code lies on the board");
        self.cells[player.index()] |= placement.cells();
        self.used[player.index()] |= placement.tile().bit();
        self.taken_in(Some(placement));
    }

    /// A move into the history.
    fn taken_in(&mut self, placed: Option<Placement>) {
        self.recent = [placed, self.recent[0], self.recent[1]];
    }

    /// The search for the board's player and the reply it sends.
    fn answer(&mut self) -> Vec<u8> {
        let position = self.position();
        let choice = search(&position, self.recent, self.budget);
        let reply = match choice.best {
            Some((shape, corner)) => {
                self.place(self.me, shape, corner);
                encode(false, shape, corner)
            }
            None => {
                self.taken_in(None);
                encode(true, 0, 0)
            }
        };
        self.last_search = Some((position, choice));
        self.own_moves = (self.own_moves + 1).min(2);
        if std::mem::take(&mut self.asking_blind) {
            self.blind = true;
        }
        reply.to_vec()
    }
}

impl Exchange for BoardPlayer {
    /// The replies to each byte in turn.
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8> {
        bytes.iter().flat_map(|&b| self.received(b)).collect()
    }
}

#[cfg(test)]
mod tests;
