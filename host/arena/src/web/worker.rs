//! One game's worker thread, so that no request waits for an engine: it
//! builds the game's engines when the game is made, keeps them, and plays
//! their moves on a copy of the game while the requests read the game as it
//! stands ([`Slot`]: the game, the search in progress, the last failure).
//! A search runs under a [`Watch`] (its progress for the page, the page's
//! request to move now); an engine's panic is a failure of its move, not of
//! the server. The worker ends when its game is dropped.

use super::game_match::{engine_name, engine_to_move, person_plays, Match};
use games::thinking::{self, Watch};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// A game as the requests see it.
pub struct Slot<M> {
    pub game: M,
    /// The engine's search under way (its move not yet played).
    pub thinking: Option<Thinking>,
    /// Why the last engine move failed (cleared by the next move).
    pub failure: Option<String>,
}

/// An engine's search under way.
pub struct Thinking {
    /// The seat whose engine thinks.
    pub seat: usize,
    pub since: Instant,
    pub watch: Watch,
}

impl Thinking {
    fn of(seat: usize) -> Thinking {
        Thinking {
            seat,
            since: Instant::now(),
            watch: Watch::new(),
        }
    }
}

/// What the requests ask of a worker.
enum Command {
    /// The engine marked thinking moves; then, when a person plays the
    /// game, every engine to move after it, until a person is to move.
    Think,
    /// The game has ended by a person's move.
    Over,
}

/// A game and its worker: what the table keeps (a handle: clones share
/// both; the worker ends once every handle is dropped).
pub struct Session<M> {
    slot: Arc<Mutex<Slot<M>>>,
    commands: Sender<Command>,
}

impl<M> Clone for Session<M> {
    fn clone(&self) -> Self {
        Session {
            slot: self.slot.clone(),
            commands: self.commands.clone(),
        }
    }
}

/// `slot` locked (a panic that poisoned it left the game consistent: the
/// games change only by whole moves).
fn lock<M>(slot: &Mutex<Slot<M>>) -> MutexGuard<'_, Slot<M>> {
    slot.lock().unwrap_or_else(|e| e.into_inner())
}

impl<M: Match> Session<M> {
    /// `game` with its worker, once the worker has built its seats'
    /// engines (seat `i`'s with the seed `seed + i`); the first that cannot
    /// be built is refused with its reason.
    pub fn start(game: M, seed: u64) -> Result<Session<M>, String> {
        let specs: Vec<Option<String>> = game
            .seats()
            .iter()
            .map(|s| s.engine.then(|| s.name.clone()))
            .collect();
        let slot = Arc::new(Mutex::new(Slot {
            game,
            thinking: None,
            failure: None,
        }));
        let (commands, inbox) = channel();
        let (built, ready) = channel();
        let shared = slot.clone();
        std::thread::Builder::new()
            .name(format!("{}-{seed}", M::NAME))
            .spawn(move || {
                let engines = specs
                    .iter()
                    .enumerate()
                    .map(|(i, spec)| {
                        spec.as_deref()
                            .map(|spec| M::engine(spec, seed.wrapping_add(i as u64)))
                            .transpose()
                    })
                    .collect::<Result<Vec<_>, String>>();
                match engines {
                    Ok(engines) => {
                        let _ = built.send(Ok(()));
                        serve(&shared, engines, inbox);
                    }
                    Err(reason) => {
                        let _ = built.send(Err(reason));
                    }
                }
            })
            .map_err(|e| format!("the game's worker cannot start: {e}"))?;
        ready
            .recv()
            .map_err(|_| "the game's worker failed while building its engines".to_string())??;
        Ok(Session { slot, commands })
    }

    /// The game, locked.
    pub fn lock(&self) -> MutexGuard<'_, Slot<M>> {
        lock(&self.slot)
    }

    /// Marks the engine to move in `slot` (this session's, locked) thinking
    /// and sets the worker to it; then, when a person plays the game, the
    /// engines after it until a person is to move.
    pub fn think(&self, slot: &mut Slot<M>) {
        slot.thinking = Some(Thinking::of(slot.game.to_move()));
        slot.failure = None;
        if self.commands.send(Command::Think).is_err() {
            slot.thinking = None;
            slot.failure = Some("the game's worker has stopped".to_string());
        }
    }

    /// Tells the worker the game has ended by a person's move.
    pub fn over(&self) {
        let _ = self.commands.send(Command::Over);
    }
}

/// The worker's loop: each command in turn, and the engines told once when
/// the game is over.
fn serve<M: Match>(
    slot: &Mutex<Slot<M>>,
    mut engines: Vec<Option<M::Engine>>,
    inbox: Receiver<Command>,
) {
    let mut told = false;
    for command in inbox {
        if let Command::Think = command {
            think(slot, &mut engines);
        }
        if !told && lock(slot).game.ending().is_some() {
            told = true;
            M::game_over(&mut engines);
        }
    }
}

/// Plays the move of the engine marked thinking (and, when a person plays,
/// of the engines after it until a person is to move), each searched on a
/// copy of the game, without the lock.
fn think<M: Match>(slot: &Mutex<Slot<M>>, engines: &mut [Option<M::Engine>]) {
    loop {
        let (game, seat, watch) = {
            let slot = lock(slot);
            let Some(thinking) = &slot.thinking else {
                return;
            };
            (slot.game.clone(), thinking.seat, thinking.watch.clone())
        };
        let answer = match engines.get_mut(seat).and_then(Option::as_mut) {
            None => Err("no engine at this seat".to_string()),
            Some(engine) => catch_unwind(AssertUnwindSafe(|| {
                thinking::watched(&watch, || game.think(engine))
            }))
            .unwrap_or_else(|_| Err("it failed (see the server's log)".to_string())),
        };
        let mut slot = lock(slot);
        slot.thinking = None;
        let game = &mut slot.game;
        if let Err(reason) = answer.and_then(|answer| game.apply(answer)) {
            slot.failure = Some(format!("{}: {reason}", engine_name(seat)));
            return;
        }
        if !(person_plays(&slot.game) && engine_to_move(&slot.game)) {
            return;
        }
        slot.thinking = Some(Thinking::of(slot.game.to_move()));
    }
}
