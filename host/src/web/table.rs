//! The games of one kind in progress, behind the [`Lobby`] interface the API
//! routes to: create one (each seat a person or an engine), show it, play a
//! move (the engine seat then answers), let an engine move, write and read
//! its record. Written once over every [`WebGame`].

use super::games::{read_options, WebGame};
use super::Refusal;
use crate::game::player::{EngineSpec, Player};
use crate::game::record::Record;
use crate::game::Side;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A game still going after this many plies is scored a draw (as in `arena GAME play`).
pub const MAX_PLIES: usize = 400;
/// The games kept of each kind; the oldest are dropped past it (engines hold tables).
pub const KEPT_GAMES: usize = 32;
/// The most seconds a move the page may give an engine.
const MAX_SECONDS: f64 = 60.0;
/// The largest engine table the page may ask for, in bits.
const MAX_TABLE_BITS: u32 = 24;

/// One game's API, whatever the game: what the router calls.
pub trait Lobby {
    /// The game's name in paths ("dobutsu").
    fn name(&self) -> &'static str;
    /// The game, its options and its engines, for the index and the page.
    fn describe(&self) -> Value;
    /// A new game numbered `id` from `{"first", "second", "options"}`; its state.
    fn create(&mut self, id: u64, request: &Value) -> Result<Value, Refusal>;
    /// A game numbered `id` from `{"record", "first", "second"}`; its state.
    fn load(&mut self, id: u64, request: &Value) -> Result<Value, Refusal>;
    /// The state of game `id`.
    fn state(&self, id: u64) -> Result<Value, Refusal>;
    /// A person's move `text` in game `id`, and the engine's answer; the new state.
    fn play(&mut self, id: u64, text: &str) -> Result<Value, Refusal>;
    /// One move of the engine whose turn it is; the new state.
    fn engine_move(&mut self, id: u64) -> Result<Value, Refusal>;
    /// The record file of game `id` and its file name.
    fn record(&self, id: u64) -> Result<(String, String), Refusal>;
}

/// One seat: a person at the page or an engine.
struct Seat<G: WebGame> {
    name: String,
    engine: Option<Box<dyn Player<G>>>,
}

/// A game and its seats.
struct Session<G: WebGame> {
    record: Record<G>,
    seats: [Seat<G>; 2],
    /// What the last engine move found.
    info: Option<String>,
}

/// The games of kind `G`, by number.
pub struct Table<G: WebGame> {
    sessions: BTreeMap<u64, Session<G>>,
}

impl<G: WebGame> Default for Table<G> {
    fn default() -> Self {
        Table {
            sessions: BTreeMap::new(),
        }
    }
}

/// The seat `spec` names (`human`, `default` or an engine of the game); only
/// the game's own engines, within limits: the page runs no programs and loads no tables.
fn seat<G: WebGame>(spec: &str, seed: u64) -> Result<Seat<G>, String> {
    let spec = spec.trim();
    if spec == "human" {
        return Ok(Seat {
            name: "human".to_string(),
            engine: None,
        });
    }
    let spec = if spec == "default" {
        G::DEFAULT_ENGINE
    } else {
        spec
    };
    let parsed = EngineSpec::parse(spec)?;
    let kinds: Vec<&str> = G::engine_kinds().iter().map(|k| k.name).collect();
    if parsed.name != "random" && !kinds.contains(&parsed.name.as_str()) {
        return Err(format!(
            "engine `{spec}`: the page offers human, random, {}",
            kinds.join(", ")
        ));
    }
    if parsed.time.is_some_and(|t| t.as_secs_f64() > MAX_SECONDS) {
        return Err(format!(
            "engine `{spec}`: at most {MAX_SECONDS} seconds a move"
        ));
    }
    if parsed.table_bits.is_some_and(|b| b > MAX_TABLE_BITS) {
        return Err(format!(
            "engine `{spec}`: at most {MAX_TABLE_BITS} bits of table"
        ));
    }
    Ok(Seat {
        name: spec.to_string(),
        engine: Some(G::player(spec, seed)?),
    })
}

/// A string field of `request`, `default` when absent.
fn field<'a>(request: &'a Value, name: &str, default: &'a str) -> Result<&'a str, Refusal> {
    match request.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::String(text)) => Ok(text),
        Some(other) => Err(Refusal::bad(format!("`{name}`: {other} is not a string"))),
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

impl<G: WebGame> Session<G> {
    /// Seats from `request`'s `first` and `second` (person and default engine when absent).
    fn seats(request: &Value, seed: u64) -> Result<[Seat<G>; 2], Refusal> {
        let first = field(request, "first", "human")?;
        let second = field(request, "second", "default")?;
        Ok([
            seat::<G>(first, seed).map_err(Refusal::bad)?,
            seat::<G>(second, seed.wrapping_add(1)).map_err(Refusal::bad)?,
        ])
    }

    /// The seat whose turn it is.
    fn to_move(&self) -> Side {
        self.record.position().side_to_move()
    }

    fn is_engine(&self, side: Side) -> bool {
        self.seats[side.index()].engine.is_some()
    }

    /// One move of the engine to move, if an engine is to move and the game goes on.
    fn engine_step(&mut self) -> Result<bool, Refusal> {
        if self.record.ending().is_some() {
            return Ok(false);
        }
        let side = self.to_move();
        let Some(engine) = self.seats[side.index()].engine.as_mut() else {
            return Ok(false);
        };
        let failed = |e: String| Refusal::new(500, format!("{}: {e}", engine_name(side)));
        let m = engine
            .choose(&self.record)
            .map_err(|e| failed(format!("{e:#}")))?;
        self.info = engine.last_info();
        self.record.play(m).map_err(failed)?;
        Ok(true)
    }

    /// The engines' answers while an engine is to move against a person.
    fn answer(&mut self) -> Result<(), Refusal> {
        let person_plays = !self.is_engine(Side::First) || !self.is_engine(Side::Second);
        while person_plays && self.engine_step()? {}
        Ok(())
    }

    fn state(&self, name: &str, id: u64) -> Value {
        let position = self.record.position();
        let hidden = position.hides_history();
        let moves: Vec<String> = if hidden {
            vec!["(hidden)".to_string(); self.record.moves().len()]
        } else {
            self.record.move_texts()
        };
        let view = position.view();
        let legal: Vec<String> = self
            .record
            .legal_moves()
            .into_iter()
            .map(|m| position.move_text(m))
            .collect();
        let ending = self.record.ending();
        let to_move = self.to_move();
        json!({
            "id": format!("{name}-{id}"),
            "game": name,
            "fen": view.to_fen(),
            "board": view.to_string(),
            "to_move": side_name(to_move),
            "engine_to_move": ending.is_none() && self.is_engine(to_move),
            "seats": self.seats.iter().map(|s| json!({
                "player": s.name,
                "engine": s.engine.is_some(),
            })).collect::<Vec<_>>(),
            "legal_moves": legal,
            "moves": moves,
            "over": ending.is_some(),
            "result": ending.map(|e| e.describe()),
            "engine_info": self.info,
        })
    }
}

fn engine_name(side: Side) -> String {
    format!("the {} seat's engine", side_name(side))
}

impl<G: WebGame> Table<G> {
    fn session(&self, id: u64) -> Result<&Session<G>, Refusal> {
        self.sessions
            .get(&id)
            .ok_or_else(|| Refusal::not_found(format!("no game {}-{id}", G::NAME)))
    }

    fn session_mut(&mut self, id: u64) -> Result<&mut Session<G>, Refusal> {
        self.sessions
            .get_mut(&id)
            .ok_or_else(|| Refusal::not_found(format!("no game {}-{id}", G::NAME)))
    }

    /// Keeps `session` as game `id` (dropping the oldest past [`KEPT_GAMES`]),
    /// lets an engine open against a person, and gives the state.
    fn open(&mut self, id: u64, mut session: Session<G>) -> Result<Value, Refusal> {
        session.answer()?;
        let state = session.state(G::NAME, id);
        self.sessions.insert(id, session);
        while self.sessions.len() > KEPT_GAMES {
            self.sessions.pop_first();
        }
        Ok(state)
    }
}

impl<G: WebGame> Lobby for Table<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn describe(&self) -> Value {
        json!({
            "name": G::NAME,
            "title": G::TITLE,
            "default_engine": G::DEFAULT_ENGINE,
            "engines": std::iter::once(json!({
                "name": "random",
                "about": "uniformly random legal moves",
            }))
            .chain(G::engine_kinds().iter().map(|k| json!({"name": k.name, "about": k.about})))
            .collect::<Vec<_>>(),
            "options": G::OPTIONS.iter().map(|(name, about)| json!({
                "name": name,
                "about": about,
            })).collect::<Vec<_>>(),
            "start": G::start().to_fen(),
        })
    }

    fn create(&mut self, id: u64, request: &Value) -> Result<Value, Refusal> {
        let options = read_options::<G>(request.get("options")).map_err(Refusal::bad)?;
        let session = Session {
            record: Record::new(G::start_with(&options), MAX_PLIES),
            seats: Session::seats(request, id)?,
            info: None,
        };
        self.open(id, session)
    }

    fn load(&mut self, id: u64, request: &Value) -> Result<Value, Refusal> {
        let text = match request.get("record") {
            Some(Value::String(text)) => text,
            _ => return Err(Refusal::bad("`record`: the record file's text is missing")),
        };
        let record = Record::<G>::parse(text, MAX_PLIES)
            .map_err(|e| Refusal::rules(format!("the record: {e}")))?;
        let session = Session {
            record,
            seats: Session::seats(request, id)?,
            info: None,
        };
        self.open(id, session)
    }

    fn state(&self, id: u64) -> Result<Value, Refusal> {
        Ok(self.session(id)?.state(G::NAME, id))
    }

    fn play(&mut self, id: u64, text: &str) -> Result<Value, Refusal> {
        let session = self.session_mut(id)?;
        let side = session.to_move();
        if session.record.ending().is_none() && session.is_engine(side) {
            return Err(Refusal::new(
                409,
                format!("it is {}'s turn, not a person's", engine_name(side)),
            ));
        }
        session.record.play_text(text).map_err(Refusal::rules)?;
        session.info = None;
        session.answer()?;
        Ok(session.state(G::NAME, id))
    }

    fn engine_move(&mut self, id: u64) -> Result<Value, Refusal> {
        let session = self.session_mut(id)?;
        if let Some(ending) = session.record.ending() {
            return Err(Refusal::new(
                409,
                format!("the game is over: {}", ending.describe()),
            ));
        }
        if !session.engine_step()? {
            return Err(Refusal::new(409, "it is a person's turn"));
        }
        Ok(session.state(G::NAME, id))
    }

    fn record(&self, id: u64) -> Result<(String, String), Refusal> {
        let session = self.session(id)?;
        if session.record.position().hides_history() {
            return Err(Refusal::new(
                409,
                "the record stays hidden until both players have set up",
            ));
        }
        let text = session
            .record
            .to_text(&session.seats[0].name, &session.seats[1].name);
        Ok((text, format!("{}-{id}.txt", G::NAME)))
    }
}
