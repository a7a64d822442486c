//! A refereed game with neither clock nor link: the referee's machine
//! drives two players that each turn the bytes of a request into the bytes
//! of their reply at once. For checking player machines (the board's model,
//! its hardware in simulation) against each other and the rules, whole
//! games at a time, without threads or timeouts.

use super::message::Scheme;
use super::player::{Event, PlayerLink};
use super::referee::{Action, Limits, Outcome, Referee};
use blokus::Engine;
use blokus::{MoveCode, Player};
use std::time::Duration;

/// A player seen from the referee: request bytes in, reply bytes out.
pub trait Exchange {
    /// The player's answer to `bytes` (possibly nothing).
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8>;
}

impl<F: FnMut(&[u8]) -> Vec<u8>> Exchange for F {
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8> {
        self(bytes)
    }
}

/// A host engine behind the protocol machine, as `engine:NAME` links play.
pub struct EnginePlayer {
    link: PlayerLink,
    engine: Box<dyn Engine>,
}

impl EnginePlayer {
    /// `engine` playing as team `team`, following `scheme` where the state cannot tell.
    pub fn new(engine: Box<dyn Engine>, team: [u8; 2], scheme: Option<Scheme>) -> EnginePlayer {
        EnginePlayer {
            link: PlayerLink::new(team, scheme),
            engine,
        }
    }
}

impl Exchange for EnginePlayer {
    /// # Panics
    /// If the protocol machine rejects a request: the referee never sends one it would.
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut reply = Vec::new();
        for &b in bytes {
            match self.link.received(b) {
                Some(Event::Send(team)) => reply.extend(team),
                Some(Event::Move(position)) => {
                    let m = self.engine.choose(&position);
                    reply.extend(self.link.answer(m.code()));
                }
                Some(Event::GameOver) | None => {}
                Some(Event::Error(e)) => panic!("{}: {e}", self.engine.name()),
            }
        }
        reply
    }
}

/// How an offline game went.
#[derive(Clone, Debug)]
pub struct OfflineGame {
    /// The referee's verdict.
    pub outcome: Outcome,
    /// The moves in order.
    pub moves: Vec<(Player, MoveCode)>,
    /// Every request and its reply, in order: who, the request, the reply.
    pub exchanges: Vec<(Player, Vec<u8>, Vec<u8>)>,
}

/// One game refereed in `scheme` between `players` (player 1 first), with
/// the contest's limits. Replies take no time; a player that does not
/// answer in full is timed out (the clock jumps to its deadline).
pub fn play_offline(scheme: Scheme, players: [&mut dyn Exchange; 2]) -> OfflineGame {
    let [one, two] = players;
    let mut referee = Referee::new(scheme, Limits::default());
    let mut exchanges = Vec::new();
    let mut queue = referee.start();
    let mut now = Duration::ZERO;
    loop {
        if queue.is_empty() {
            now = referee
                .next_deadline()
                .expect("a referee with nothing to send awaits a reply");
            queue.extend(referee.tick(now));
            continue;
        }
        match queue.remove(0) {
            Action::Send(p, bytes) => {
                queue.extend(referee.sent(p, now));
                let reply = match p {
                    Player::One => one.exchange(&bytes),
                    Player::Two => two.exchange(&bytes),
                };
                queue.extend(referee.received(p, &reply, now));
                exchanges.push((p, bytes, reply));
            }
            Action::Over(outcome) => {
                return OfflineGame {
                    outcome,
                    moves: referee.moves().to_vec(),
                    exchanges,
                }
            }
            _ => {}
        }
    }
}
