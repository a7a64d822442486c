//! The Blokus Duo engine registry: the names `engine:NAME`, `--engine`
//! and `--p1`/`--p2` take, and the engines they make (the host's players,
//! the board's model, any GTP program).

use blokus::Engine;
use games::blokus::{GtpEngine, RandomEngine, SearchEngine};
use model::{board_model_budget, BoardModel, ModelOnePly};
use std::time::Duration;

/// Names accepted by [`engine_by_name`], the strongest first.
pub const ENGINE_NAMES: [&str; 5] = ["alphabeta", "board-model", "greedy", "model-1ply", "random"];

/// Whether `name` names an engine: one of [`ENGINE_NAMES`], `default`,
/// `board-model:MS` (the board's search during `MS` ms of board time), or
/// `gtp:COMMAND` (a program speaking GTP, e.g. `pentobi-gtp -g duo -l 3`).
pub fn is_engine_name(name: &str) -> bool {
    name == "default"
        || ENGINE_NAMES.contains(&name)
        || board_model_budget(name).is_some()
        || name.strip_prefix("gtp:").is_some_and(|c| !c.is_empty())
}

/// The engine called `name` (`default` is the strongest), with a time budget per move
/// for those that search and a seed for those that draw lots; `None` for an
/// unknown name or a `gtp:` program that does not start and answer.
pub fn engine_by_name(name: &str, time: Duration, seed: u64) -> Option<Box<dyn Engine>> {
    if let Some(command) = name.strip_prefix("gtp:") {
        return match GtpEngine::spawn(command) {
            Ok(engine) => Some(Box::new(engine)),
            Err(e) => {
                eprintln!("engine {name}: {e:#}");
                None
            }
        };
    }
    match name {
        "alphabeta" | "default" => Some(Box::new(SearchEngine::alphabeta(time))),
        "greedy" => Some(Box::new(SearchEngine::greedy())),
        "model-1ply" => Some(Box::new(ModelOnePly)),
        "random" => Some(Box::new(RandomEngine::new(seed))),
        _ => board_model_budget(name).map(|b| Box::new(BoardModel::new(b)) as Box<dyn Engine>),
    }
}
