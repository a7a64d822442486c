//! The games of one kind in progress, behind the [`Lobby`] interface the API
//! routes to: create one (each seat a person or an engine), show it, play a
//! move (the engines then answer until a person is to move), let an engine
//! move, show the position after any number of its moves (review), write and
//! read its record. Written once over every [`Match`]: the
//! two-player games of [`crate::game`] ([`super::duel`]), Reversi for any
//! number of colours ([`super::reversi`]) and Blokus Duo ([`super::blokus`]).

use super::Refusal;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The games kept of each kind; the oldest are dropped past it (engines hold tables).
pub const KEPT_GAMES: usize = 32;

/// One game's API, whatever the game: what the router calls.
pub trait Lobby {
    /// The game's name in paths ("dobutsu").
    fn name(&self) -> &'static str;
    /// The game, its options and its engines, for the index and the page.
    fn describe(&self) -> Value;
    /// A new game numbered `id` from `{"first", "second", "options"}` (or
    /// `{"seats": [...]}`); its state.
    fn create(&mut self, id: u64, request: &Value) -> Result<Value, Refusal>;
    /// A game numbered `id` from `{"record", "first", "second"}`; its state.
    fn load(&mut self, id: u64, request: &Value) -> Result<Value, Refusal>;
    /// The state of game `id`.
    fn state(&self, id: u64) -> Result<Value, Refusal>;
    /// The state of game `id` as it stood after its first `plies` moves
    /// (review); refused past the moves played.
    fn state_at(&self, id: u64, plies: usize) -> Result<Value, Refusal>;
    /// A person's move `text` in game `id`, and the engines' answers; the new
    /// state. `at`, when given, is the moves the person saw played: a move
    /// chosen at an earlier position is refused.
    fn play(&mut self, id: u64, text: &str, at: Option<usize>) -> Result<Value, Refusal>;
    /// One move of the engine whose turn it is; the new state.
    fn engine_move(&mut self, id: u64) -> Result<Value, Refusal>;
    /// The record file of game `id` and its file name.
    fn record(&self, id: u64) -> Result<(String, String), Refusal>;
}

/// One seat: a person at the page (no engine) or an engine of type `E`.
pub struct Seat<E> {
    /// What the request named (`human`, `random`, `mcts:time=1`, ...).
    pub name: String,
    pub engine: Option<E>,
}

/// One game in progress of some kind, with its seats: what a [`Table`] keeps.
pub trait Match: Sized {
    /// A seat's engine.
    type Engine;
    /// The game's name in paths and ids ("reversi").
    const NAME: &'static str;

    /// The game, its options and its engines (`name` and `title` among them).
    fn describe() -> Value;
    /// A new game from a request's seats and options; `seed` for the engines.
    fn create(request: &Value, seed: u64) -> Result<Self, Refusal>;
    /// A game from `request`'s `record` (a record file's text) and seats.
    fn load(request: &Value, seed: u64) -> Result<Self, Refusal>;
    /// The seats, in turn order of the game's colours.
    fn seats(&self) -> &[Seat<Self::Engine>];
    /// The seat whose turn it is.
    fn to_move(&self) -> usize;
    /// The result for people, once the game is over.
    fn ending(&self) -> Option<String>;
    /// The move of the engine at the seat to move (one is, and the game goes on).
    fn engine_step(&mut self) -> Result<(), String>;
    /// A person's move; the error is the rules' reason.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// The moves played so far.
    fn plies(&self) -> usize;
    /// The game's own fields of the state after its first `plies` moves (at
    /// most [`Match::plies`]): the position then, its legal moves, every move
    /// played so far; and the seat to move then. Refused (with the reason)
    /// when the game hides that from the page.
    fn view_at(&self, plies: usize) -> Result<(Value, usize), Refusal>;
    /// The record file's text and extension.
    fn record(&self) -> Result<(String, &'static str), Refusal>;
}

/// The specs of `labels.len()` seats in `request`: its `seats` array, or one
/// field a seat named by its label (`first`, `second`); `defaults` when absent.
pub fn seat_specs(
    request: &Value,
    labels: &[&str],
    defaults: &[&str],
) -> Result<Vec<String>, Refusal> {
    let text = |value: &Value, name: &str| match value {
        Value::String(text) => Ok(text.trim().to_string()),
        other => Err(Refusal::bad(format!("`{name}`: {other} is not a string"))),
    };
    if let Some(seats) = request.get("seats").filter(|v| !v.is_null()) {
        let seats = seats
            .as_array()
            .ok_or_else(|| Refusal::bad("`seats`: not an array of strings"))?;
        if seats.len() != labels.len() {
            return Err(Refusal::bad(format!(
                "`seats`: {} given, the game has {} ({})",
                seats.len(),
                labels.len(),
                labels.join(", ")
            )));
        }
        return seats.iter().map(|s| text(s, "seats")).collect();
    }
    labels
        .iter()
        .zip(defaults)
        .map(|(label, default)| match request.get(*label) {
            None | Some(Value::Null) => Ok(default.to_string()),
            Some(value) => text(value, label),
        })
        .collect()
}

/// The seats `specs` name: `human` a person, anything else the engine `make`
/// builds from the spec and a seed (`seed`, then one more a seat).
pub fn make_seats<E>(
    specs: &[String],
    seed: u64,
    make: impl Fn(&str, u64) -> Result<E, String>,
) -> Result<Vec<Seat<E>>, Refusal> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let engine = match spec.as_str() {
                "human" => None,
                spec => Some(make(spec, seed.wrapping_add(i as u64)).map_err(Refusal::bad)?),
            };
            Ok(Seat {
                name: spec.clone(),
                engine,
            })
        })
        .collect()
}

/// The text of `request`'s `record`, refused when missing.
pub fn record_text(request: &Value) -> Result<&str, Refusal> {
    match request.get("record") {
        Some(Value::String(text)) => Ok(text),
        _ => Err(Refusal::bad("`record`: the record file's text is missing")),
    }
}

/// Replays `moves` from `start`, each played by `play` (given its index; it
/// gives what the page shows of the move): the position after the first
/// `plies` of them (all of them, at most), and what `play` gave of each.
pub fn replay<P: Clone, M: Copy, T>(
    start: P,
    moves: &[M],
    plies: usize,
    mut play: impl FnMut(&mut P, usize, M) -> T,
) -> (P, Vec<T>) {
    let mut position = start;
    let mut then = None;
    let mut shown = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        if i == plies {
            then = Some(position.clone());
        }
        shown.push(play(&mut position, i, m));
    }
    (then.unwrap_or(position), shown)
}

/// The games of kind `M`, by number.
pub struct Table<M: Match> {
    sessions: BTreeMap<u64, M>,
}

impl<M: Match> Default for Table<M> {
    fn default() -> Self {
        Table {
            sessions: BTreeMap::new(),
        }
    }
}

/// The seat's engine, for messages.
fn engine_name(seat: usize) -> String {
    format!("the engine at seat {}", seat + 1)
}

fn is_engine<M: Match>(game: &M, seat: usize) -> bool {
    game.seats()[seat].engine.is_some()
}

/// One move of the engine to move, if an engine is to move and the game goes on.
fn engine_step<M: Match>(game: &mut M) -> Result<bool, Refusal> {
    let seat = game.to_move();
    if game.ending().is_some() || !is_engine(game, seat) {
        return Ok(false);
    }
    game.engine_step()
        .map_err(|e| Refusal::new(500, format!("{}: {e}", engine_name(seat))))?;
    Ok(true)
}

/// The engines' answers while an engine is to move and a person plays.
fn answer<M: Match>(game: &mut M) -> Result<(), Refusal> {
    let person_plays = game.seats().iter().any(|s| s.engine.is_none());
    while person_plays && engine_step(game)? {}
    Ok(())
}

/// The state of `game` numbered `id` after its first `at` moves (at most
/// all of them): the game's own fields and the shared ones, `at` and `plies`
/// (the moves played) among them. An earlier position is neither over nor
/// an engine's to play.
fn state_at<M: Match>(game: &M, id: u64, at: usize) -> Result<Value, Refusal> {
    let plies = game.plies();
    if at > plies {
        return Err(Refusal::not_found(format!(
            "game {}-{id} has {plies} moves: no position after {at}",
            M::NAME
        )));
    }
    let (mut state, seat) = game.view_at(at)?;
    let ending = game.ending().filter(|_| at == plies);
    let fields = json!({
        "id": format!("{}-{id}", M::NAME),
        "game": M::NAME,
        "seats": game.seats().iter().map(|s| json!({
            "player": s.name,
            "engine": s.engine.is_some(),
        })).collect::<Vec<_>>(),
        "seat_to_move": seat,
        "engine_to_move": at == plies && ending.is_none() && is_engine(game, seat),
        "over": ending.is_some(),
        "result": ending,
        "at": at,
        "plies": plies,
    });
    if let (Value::Object(state), Value::Object(fields)) = (&mut state, fields) {
        state.extend(fields);
    }
    Ok(state)
}

/// The state of `game` numbered `id` now.
fn state<M: Match>(game: &M, id: u64) -> Result<Value, Refusal> {
    state_at(game, id, game.plies())
}

impl<M: Match> Table<M> {
    fn session(&self, id: u64) -> Result<&M, Refusal> {
        self.sessions
            .get(&id)
            .ok_or_else(|| Refusal::not_found(format!("no game {}-{id}", M::NAME)))
    }

    fn session_mut(&mut self, id: u64) -> Result<&mut M, Refusal> {
        self.sessions
            .get_mut(&id)
            .ok_or_else(|| Refusal::not_found(format!("no game {}-{id}", M::NAME)))
    }

    /// Keeps `game` as game `id` (dropping the oldest past [`KEPT_GAMES`]),
    /// lets an engine open against a person, and gives the state.
    fn open(&mut self, id: u64, mut game: M) -> Result<Value, Refusal> {
        answer(&mut game)?;
        let state = state(&game, id)?;
        self.sessions.insert(id, game);
        while self.sessions.len() > KEPT_GAMES {
            self.sessions.pop_first();
        }
        Ok(state)
    }
}

impl<M: Match> Lobby for Table<M> {
    fn name(&self) -> &'static str {
        M::NAME
    }

    fn describe(&self) -> Value {
        M::describe()
    }

    fn create(&mut self, id: u64, request: &Value) -> Result<Value, Refusal> {
        let game = M::create(request, id)?;
        self.open(id, game)
    }

    fn load(&mut self, id: u64, request: &Value) -> Result<Value, Refusal> {
        let game = M::load(request, id)?;
        self.open(id, game)
    }

    fn state(&self, id: u64) -> Result<Value, Refusal> {
        state(self.session(id)?, id)
    }

    fn state_at(&self, id: u64, plies: usize) -> Result<Value, Refusal> {
        state_at(self.session(id)?, id, plies)
    }

    fn play(&mut self, id: u64, text: &str, at: Option<usize>) -> Result<Value, Refusal> {
        let game = self.session_mut(id)?;
        if let Some(at) = at.filter(|&at| at != game.plies()) {
            return Err(Refusal::new(
                409,
                format!(
                    "the move was chosen at the position after move {at}; the game is at move {}: \
                     go to the last position to play",
                    game.plies()
                ),
            ));
        }
        let seat = game.to_move();
        if game.ending().is_none() && is_engine(game, seat) {
            return Err(Refusal::new(
                409,
                format!("it is {}'s turn, not a person's", engine_name(seat)),
            ));
        }
        game.play(text).map_err(Refusal::rules)?;
        answer(game)?;
        state(game, id)
    }

    fn engine_move(&mut self, id: u64) -> Result<Value, Refusal> {
        let game = self.session_mut(id)?;
        if let Some(ending) = game.ending() {
            return Err(Refusal::new(409, format!("the game is over: {ending}")));
        }
        if !engine_step(game)? {
            return Err(Refusal::new(409, "it is a person's turn"));
        }
        state(game, id)
    }

    fn record(&self, id: u64) -> Result<(String, String), Refusal> {
        let (text, extension) = self.session(id)?.record()?;
        Ok((text, format!("{}-{id}.{extension}", M::NAME)))
    }
}
