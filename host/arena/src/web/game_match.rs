//! What a game in progress is to the page, whatever the game ([`Match`]:
//! its seats, whose turn, an engine's move thought on a copy and then
//! played, a person's move, its views and record), written once
//! ([`Seated`]) over what each game brings ([`PageGame`]: its rules,
//! engines, views and record formats); and the helpers the games share: a
//! replay to any move.

use super::wire::{GameInfo, GameRequest};
use super::Refusal;

/// One seat: what a request named (`human`, `random`, `mcts:time=1`, ...)
/// and whether that is an engine (else a person at the page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub engine: bool,
}

/// One game in progress of some kind, with its seats: what a [`Table`]
/// keeps. The game itself is data (copied for an engine to think on); its
/// engines are built and run in the game's worker thread only. Every game
/// is a [`Seated`] [`PageGame`]: this trait has that one implementation.
pub trait Match: Clone + Send + 'static {
    /// A seat's engine.
    type Engine: 'static;
    /// An engine's move and what it found, from the worker to the game.
    type Answer: Send + 'static;
    /// The game's own fields of its state (a type of [`super::wire`]).
    type View: serde::Serialize;
    /// The game's name in paths and ids ("reversi").
    const NAME: &'static str;

    /// The game, its options and its engines (`name` and `title` among them).
    fn describe() -> GameInfo;
    /// A new game from a request's seats and options.
    fn create(request: &GameRequest) -> Result<Self, Refusal>;
    /// A game from `request`'s `record` (a record file's text) and seats.
    fn load(request: &GameRequest) -> Result<Self, Refusal>;
    /// The engine a seat's `spec` names, with `seed` (the reason it is
    /// refused for people).
    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String>;
    /// The seats, in turn order of the game's colours.
    fn seats(&self) -> &[Seat];
    /// The seat whose turn it is.
    fn to_move(&self) -> usize;
    /// The result for people, once the game is over.
    fn ending(&self) -> Option<String>;
    /// The move of `engine`, the engine of the seat to move, in this game.
    fn think(&self, engine: &mut Self::Engine) -> Result<Self::Answer, String>;
    /// Plays an engine's answer.
    fn apply(&mut self, answer: Self::Answer) -> Result<(), String>;
    /// Told once, when the game is over: the seats' engines (a board ends
    /// its game).
    fn game_over(engines: &mut [Option<Self::Engine>]);
    /// A person's move; the error is the rules' reason.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// The moves played so far.
    fn plies(&self) -> usize;
    /// The game's own fields of the state after its first `plies` moves (at
    /// most [`Match::plies`]): the position then, its legal moves, every move
    /// played so far; and the seat to move then. Refused (with the reason)
    /// when the game hides that from the page.
    fn view_at(&self, plies: usize) -> Result<(Self::View, usize), Refusal>;
    /// The record file's text and extension.
    fn record(&self) -> Result<(String, &'static str), Refusal>;
}

/// What one game brings to the page: its rules and positions, its
/// engines, its views and its record formats. The seats, what the last
/// engine move found, and the page's protocol are [`Seated`]'s, written
/// once for every game.
pub trait PageGame: Clone + Send + 'static {
    /// A seat's engine.
    type Engine: 'static;
    /// An engine's move and what came with it, from the worker to the game.
    type Answer: Send + 'static;
    /// The game's own fields of its state.
    type View: serde::Serialize;
    /// The game's name in paths and ids.
    const NAME: &'static str;

    /// The game, its options and its engines.
    fn describe() -> GameInfo;
    /// A new game from a request's options.
    fn create(request: &GameRequest) -> Result<Self, Refusal>;
    /// A game from a record file's text.
    fn load(record: &str) -> Result<Self, Refusal>;
    /// The seats' names (for messages), in turn order.
    fn seat_labels(&self) -> Vec<String>;
    /// The spec a seat gets when the request names none.
    fn seat_default(&self, seat: usize) -> String;
    /// The spec a seat plays with, given the request's (`default` expanded).
    fn seat_spec(&self, given: String) -> String {
        given
    }
    /// Refuses seats this game cannot take (a board cannot take over a record).
    fn check_seats(&self, _specs: &[String]) -> Result<(), Refusal> {
        Ok(())
    }
    /// The engine a seat's `spec` names, with `seed`.
    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String>;
    /// The seat whose turn it is.
    fn to_move(&self) -> usize;
    /// The result for people, once the game is over.
    fn ending(&self) -> Option<String>;
    /// The move of the engine of the seat to move.
    fn think(&self, engine: &mut Self::Engine) -> Result<Self::Answer, String>;
    /// Plays an engine's answer; what the page says of it.
    fn apply(&mut self, answer: Self::Answer) -> Result<Option<String>, String>;
    /// Told once, when the game is over: the seats' engines.
    fn game_over(_engines: &mut [Option<Self::Engine>]) {}
    /// A person's move; the error is the rules' reason.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// The moves played so far.
    fn plies(&self) -> usize;
    /// The view after the first `plies` moves and the seat to move then;
    /// `info` is what the last engine move found (given at the last
    /// position only).
    fn view_at(&self, plies: usize, info: Option<String>) -> Result<(Self::View, usize), Refusal>;
    /// The record file's text and extension, the seats' specs `seats` named in it.
    fn record(&self, seats: &[String]) -> Result<(String, &'static str), Refusal>;
}

/// A game with its seats, and what its last engine move found: the one [`Match`].
#[derive(Clone)]
pub struct Seated<G> {
    game: G,
    seats: Vec<Seat>,
    info: Option<String>,
}

impl<G: PageGame> Seated<G> {
    fn new(game: G, request: &GameRequest) -> Result<Seated<G>, Refusal> {
        let labels = game.seat_labels();
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let defaults: Vec<String> = (0..labels.len()).map(|s| game.seat_default(s)).collect();
        let defaults: Vec<&str> = defaults.iter().map(String::as_str).collect();
        let specs: Vec<String> = seat_specs(request, &labels, &defaults)?
            .into_iter()
            .map(|spec| game.seat_spec(spec))
            .collect();
        game.check_seats(&specs)?;
        Ok(Seated {
            game,
            seats: seats_of(&specs),
            info: None,
        })
    }
}

impl<G: PageGame> Match for Seated<G> {
    type Engine = G::Engine;
    type Answer = G::Answer;
    type View = G::View;
    const NAME: &'static str = G::NAME;

    fn describe() -> GameInfo {
        G::describe()
    }

    fn create(request: &GameRequest) -> Result<Self, Refusal> {
        Seated::new(G::create(request)?, request)
    }

    fn load(request: &GameRequest) -> Result<Self, Refusal> {
        Seated::new(G::load(record_text(request)?)?, request)
    }

    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String> {
        G::engine(spec, seed)
    }

    fn seats(&self) -> &[Seat] {
        &self.seats
    }

    fn to_move(&self) -> usize {
        self.game.to_move()
    }

    fn ending(&self) -> Option<String> {
        self.game.ending()
    }

    fn think(&self, engine: &mut Self::Engine) -> Result<Self::Answer, String> {
        self.game.think(engine)
    }

    fn apply(&mut self, answer: Self::Answer) -> Result<(), String> {
        self.info = self.game.apply(answer)?;
        Ok(())
    }

    fn game_over(engines: &mut [Option<Self::Engine>]) {
        G::game_over(engines)
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        self.game.play(text)?;
        self.info = None;
        Ok(())
    }

    fn plies(&self) -> usize {
        self.game.plies()
    }

    fn view_at(&self, plies: usize) -> Result<(Self::View, usize), Refusal> {
        let info = self.info.clone().filter(|_| plies == self.game.plies());
        self.game.view_at(plies, info)
    }

    fn record(&self) -> Result<(String, &'static str), Refusal> {
        let specs: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
        self.game.record(&specs)
    }
}

/// The specs of `labels.len()` seats in `request` (`labels` name them in
/// messages): its `seats`, or its `first` and `second` for the first two
/// seats; `defaults` for those not given.
fn seat_specs(
    request: &GameRequest,
    labels: &[&str],
    defaults: &[&str],
) -> Result<Vec<String>, Refusal> {
    if let Some(seats) = &request.seats {
        if seats.len() != labels.len() {
            return Err(Refusal::bad(format!(
                "`seats`: {} given, the game has {} ({})",
                seats.len(),
                labels.len(),
                labels.join(", ")
            )));
        }
        return Ok(seats.iter().map(|s| s.trim().to_string()).collect());
    }
    let given = [&request.first, &request.second];
    Ok(defaults
        .iter()
        .enumerate()
        .map(|(i, default)| {
            given
                .get(i)
                .and_then(|g| g.as_deref())
                .unwrap_or(default)
                .trim()
                .to_string()
        })
        .collect())
}

/// The seats `specs` name: `human` a person, anything else an engine (built
/// by the game's worker, which refuses a spec it cannot build).
fn seats_of(specs: &[String]) -> Vec<Seat> {
    specs
        .iter()
        .map(|spec| Seat {
            name: spec.clone(),
            engine: spec != "human",
        })
        .collect()
}

/// The text of `request`'s `record`, refused when missing.
fn record_text(request: &GameRequest) -> Result<&str, Refusal> {
    request
        .record
        .as_deref()
        .ok_or_else(|| Refusal::bad("`record`: the record file's text is missing"))
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

/// The seat's engine, for messages.
pub fn engine_name(seat: usize) -> String {
    format!("the engine at seat {}", seat + 1)
}

/// Whether the seat `seat` of `game` is an engine's.
pub fn is_engine<M: Match>(game: &M, seat: usize) -> bool {
    game.seats()[seat].engine
}

/// Whether a person plays `game` (its engines then answer on their own).
pub fn person_plays<M: Match>(game: &M) -> bool {
    game.seats().iter().any(|s| !s.engine)
}

/// Whether an engine is to move in `game`, which goes on.
pub fn engine_to_move<M: Match>(game: &M) -> bool {
    game.ending().is_none() && is_engine(game, game.to_move())
}
