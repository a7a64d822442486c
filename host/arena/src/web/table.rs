//! The games of one kind in progress, behind the [`Lobby`] interface the API
//! routes to: create one (each seat a person or an engine), show it, play a
//! move (the engines then answer until a person is to move), let an engine
//! move, ask a thinking engine to move now, show the position after any
//! number of its moves (review), write and read its record. Written once
//! over every [`Match`]: the two-player games of `games::game`
//! ([`super::duel`]), Reversi for any number of colours ([`super::reversi`])
//! and Blokus Duo ([`super::blokus`]).
//!
//! No request waits for an engine: a game's engines live in its worker
//! thread ([`super::worker`]), which plays their moves on a copy of the
//! game while requests show the game as it stands and how the engine is
//! doing; the page polls until the move is in.

use super::game_match::{engine_name, engine_to_move, is_engine, person_plays, Match};
use super::wire::{GameRequest, GameState, SeatState, ThinkingState};
use super::worker::{Session, Slot};
use super::Refusal;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The games kept of each kind; the oldest are dropped past it (engines hold tables).
pub const KEPT_GAMES: usize = 32;

/// One game's API, whatever the game: what the router calls, from any of
/// the server's threads.
pub trait Lobby: Send + Sync {
    /// The game's name in paths ("dobutsu").
    fn name(&self) -> &'static str;
    /// The game, its options and its engines, for the index and the page.
    fn describe(&self) -> Value;
    /// A new game numbered `id` from `{"first", "second", "options"}` (or
    /// `{"seats": [...]}`); its state.
    fn create(&self, id: u64, request: &GameRequest) -> Result<Value, Refusal>;
    /// A game numbered `id` from `{"record", "first", "second"}`; its state.
    fn load(&self, id: u64, request: &GameRequest) -> Result<Value, Refusal>;
    /// The state of game `id`.
    fn state(&self, id: u64) -> Result<Value, Refusal>;
    /// The state of game `id` as it stood after its first `plies` moves
    /// (review); refused past the moves played.
    fn state_at(&self, id: u64, plies: usize) -> Result<Value, Refusal>;
    /// A person's move `text` in game `id`; the engines then answer (in the
    /// game's worker) until a person is to move. The new state. `at`, when
    /// given, is the moves the person saw played: a move chosen at an
    /// earlier position is refused.
    fn play(&self, id: u64, text: &str, at: Option<usize>) -> Result<Value, Refusal>;
    /// Starts one move of the engine whose turn it is; the state.
    fn engine_move(&self, id: u64) -> Result<Value, Refusal>;
    /// Asks the engine thinking in game `id` to move now; the state.
    fn stop(&self, id: u64) -> Result<Value, Refusal>;
    /// The record file of game `id` and its file name.
    fn record(&self, id: u64) -> Result<(String, String), Refusal>;
}

/// The state of game `id` after its first `at` moves (at most all of
/// them): the game's own fields and the shared ones, `at` and `plies` (the
/// moves played) among them, and at the last move the engine's search
/// (`thinking`: its seat, its time so far, its progress) or failure. An
/// earlier position is neither over nor an engine's to play.
fn state_at<M: Match>(slot: &Slot<M>, id: u64, at: usize) -> Result<Value, Refusal> {
    let game = &slot.game;
    let plies = game.plies();
    if at > plies {
        return Err(Refusal::not_found(format!(
            "game {}-{id} has {plies} moves: no position after {at}",
            M::NAME
        )));
    }
    let (view, seat) = game.view_at(at)?;
    let latest = at == plies;
    let ending = game.ending().filter(|_| latest);
    let thinking = slot
        .thinking
        .as_ref()
        .filter(|_| latest)
        .map(|t| ThinkingState {
            seat: t.seat,
            player: game.seats()[t.seat].name.clone(),
            ms: t.since.elapsed().as_millis() as u64,
            progress: t.watch.progress(),
            stopping: t.watch.is_stopped(),
        });
    let state = GameState {
        view,
        id: format!("{}-{id}", M::NAME),
        game: M::NAME.to_string(),
        seats: game
            .seats()
            .iter()
            .map(|s| SeatState {
                player: s.name.clone(),
                engine: s.engine,
            })
            .collect(),
        seat_to_move: seat,
        engine_to_move: latest && ending.is_none() && is_engine(game, seat),
        thinking,
        engine_error: slot.failure.clone().filter(|_| latest),
        over: ending.is_some(),
        result: ending,
        at,
        plies,
    };
    serde_json::to_value(state).map_err(|e| Refusal::new(500, format!("the state: {e}")))
}

/// The state of game `id` now.
fn state<M: Match>(slot: &Slot<M>, id: u64) -> Result<Value, Refusal> {
    state_at(slot, id, slot.game.plies())
}

/// The games of kind `M`, by number.
pub struct Table<M: Match> {
    sessions: Mutex<BTreeMap<u64, Session<M>>>,
}

impl<M: Match> Default for Table<M> {
    fn default() -> Self {
        Table {
            sessions: Mutex::new(BTreeMap::new()),
        }
    }
}

impl<M: Match> Table<M> {
    /// Game `id`'s session (a handle; the table's lock is not kept).
    fn session(&self, id: u64) -> Result<Session<M>, Refusal> {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions
            .get(&id)
            .cloned()
            .ok_or_else(|| Refusal::not_found(format!("no game {}-{id}", M::NAME)))
    }

    /// Starts game `id`'s worker with its engines (refused when one cannot
    /// be built), keeps it (dropping the oldest past [`KEPT_GAMES`]), lets
    /// an engine open against a person, and gives the state.
    fn open(&self, id: u64, game: M) -> Result<Value, Refusal> {
        let session = Session::start(game, id).map_err(Refusal::bad)?;
        let state = {
            let mut slot = session.lock();
            if person_plays(&slot.game) && engine_to_move(&slot.game) {
                session.think(&mut slot);
            }
            state(&slot, id)?
        };
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions.insert(id, session);
        while sessions.len() > KEPT_GAMES {
            sessions.pop_first();
        }
        Ok(state)
    }
}

/// Refused while an engine thinks in the game of `slot`.
fn idle<M: Match>(slot: &Slot<M>) -> Result<(), Refusal> {
    match &slot.thinking {
        Some(t) => Err(Refusal::new(
            409,
            format!("{} is thinking: wait for its move", engine_name(t.seat)),
        )),
        None => Ok(()),
    }
}

impl<M: Match> Lobby for Table<M> {
    fn name(&self) -> &'static str {
        M::NAME
    }

    fn describe(&self) -> Value {
        serde_json::to_value(M::describe()).expect("a game's description serializes")
    }

    fn create(&self, id: u64, request: &GameRequest) -> Result<Value, Refusal> {
        self.open(id, M::create(request)?)
    }

    fn load(&self, id: u64, request: &GameRequest) -> Result<Value, Refusal> {
        self.open(id, M::load(request)?)
    }

    fn state(&self, id: u64) -> Result<Value, Refusal> {
        state(&self.session(id)?.lock(), id)
    }

    fn state_at(&self, id: u64, plies: usize) -> Result<Value, Refusal> {
        state_at(&self.session(id)?.lock(), id, plies)
    }

    fn play(&self, id: u64, text: &str, at: Option<usize>) -> Result<Value, Refusal> {
        let session = self.session(id)?;
        let mut slot = session.lock();
        let plies = slot.game.plies();
        if let Some(at) = at.filter(|&at| at != plies) {
            return Err(Refusal::new(
                409,
                format!(
                    "the move was chosen at the position after move {at}; the game is at move {plies}: \
                     go to the last position to play"
                ),
            ));
        }
        idle(&slot)?;
        if engine_to_move(&slot.game) {
            return Err(Refusal::new(
                409,
                format!(
                    "it is {}'s turn, not a person's",
                    engine_name(slot.game.to_move())
                ),
            ));
        }
        slot.game.play(text).map_err(Refusal::rules)?;
        slot.failure = None;
        if slot.game.ending().is_some() {
            session.over();
        } else if engine_to_move(&slot.game) {
            session.think(&mut slot);
        }
        state(&slot, id)
    }

    fn engine_move(&self, id: u64) -> Result<Value, Refusal> {
        let session = self.session(id)?;
        let mut slot = session.lock();
        if let Some(ending) = slot.game.ending() {
            return Err(Refusal::new(409, format!("the game is over: {ending}")));
        }
        idle(&slot)?;
        if !engine_to_move(&slot.game) {
            return Err(Refusal::new(409, "it is a person's turn"));
        }
        session.think(&mut slot);
        state(&slot, id)
    }

    fn stop(&self, id: u64) -> Result<Value, Refusal> {
        let session = self.session(id)?;
        let slot = session.lock();
        match &slot.thinking {
            Some(t) => t.watch.stop(),
            None => return Err(Refusal::new(409, "no engine is thinking")),
        }
        state(&slot, id)
    }

    fn record(&self, id: u64) -> Result<(String, String), Refusal> {
        let (text, extension) = self.session(id)?.lock().game.record()?;
        Ok((text, format!("{}-{id}.{extension}", M::NAME)))
    }
}
