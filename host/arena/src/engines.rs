//! The Blokus Duo engine registry: the names `engine:NAME`, `--engine`
//! and `--p1`/`--p2` take, and the engines they make (the host's players,
//! the board's model, any GTP program).

use blokus::Engine;
use games::blokus::{GtpEngine, RandomEngine, SearchEngine};
use model::board_tree::board_tree_engine;
use model::light::{Local, Policy};
use model::tree::{ChildrenBy, LightTree, Select, TreeConfig};
use model::{board_flat_budget, board_model_budget, BoardFlat, BoardModel, ModelOnePly};
use std::time::Duration;

/// Names accepted by [`engine_by_name`], the strongest first.
pub const ENGINE_NAMES: [&str; 7] = [
    "alphabeta",
    "board-flat",
    "board-model",
    "board-tree",
    "greedy",
    "model-1ply",
    "random",
];

/// Whether `name` names an engine: one of [`ENGINE_NAMES`], `default`,
/// `board-model:MS` (the board's search during `MS` ms of board time; also
/// `board-tree:MS`, whose options `expand=N` and `c=Q8` build another
/// tree for tuning, `board-tree:MS,expand=96,c=90`; and the earlier flat
/// search `board-flat:MS`), or
/// `gtp:COMMAND` (a program speaking GTP, e.g. `pentobi-gtp -g duo -l 3`).
pub fn is_engine_name(name: &str) -> bool {
    name == "default"
        || ENGINE_NAMES.contains(&name)
        || board_model_budget(name).is_some()
        || board_tree_engine(name).is_ok()
        || board_flat_budget(name).is_some()
        || name.strip_prefix("gtp:").is_some_and(|c| !c.is_empty())
        || light_uct_config(name).is_some_and(|c| c.is_ok())
}

/// The tree search over light playouts an engine name
/// `light-uct[:playouts=N,children=K,expand=T,c=C,policy=pentobi|uniform|largest,local=off|near|attach,corner=any|row,draw=shapes|cells,
/// by=policy|eval|attach,select=ucb1|prior,temp=T,prior=V,rave=W,margin=M,heavy=H,leaf=E,seed=S]`
/// asks for (`None`: another name; `Err`: a malformed option, named).
pub fn light_uct_config(name: &str) -> Option<Result<TreeConfig, String>> {
    let rest = name.strip_prefix("light-uct")?;
    let mut config = TreeConfig::default();
    let options = match rest.strip_prefix(':') {
        None if rest.is_empty() => return Some(Ok(config)),
        None => return None,
        Some(options) => options,
    };
    for option in options.split(',') {
        let Some((key, value)) = option.split_once('=') else {
            return Some(Err(format!("`{option}` in `{name}` is not KEY=VALUE")));
        };
        let bad = || format!("`{value}` is no value for `{key}` in `{name}`");
        let parsed = match key {
            "playouts" => value
                .parse()
                .map(|v| config.playouts = v)
                .map_err(|_| bad()),
            "children" => value
                .parse()
                .map(|v| config.children = v)
                .map_err(|_| bad()),
            "expand" => value
                .parse()
                .map(|v| config.expand_after = v)
                .map_err(|_| bad()),
            "c" => value
                .parse()
                .map(|v| config.exploration = v)
                .map_err(|_| bad()),
            "seed" => value.parse().map(|v| config.seed = v).map_err(|_| bad()),
            "policy" => match value {
                "pentobi" => Ok(Policy::PENTOBI),
                "uniform" => Ok(Policy::UNIFORM),
                "largest" => Ok(Policy::LARGEST),
                _ => Err(bad()),
            }
            .map(|policy| {
                config.policy = Policy {
                    local: config.policy.local,
                    rows_first: config.policy.rows_first,
                    cells_first: config.policy.cells_first,
                    ..policy
                }
            }),
            "local" => match value {
                "true" | "near" => Ok(Local::Near),
                "false" | "off" => Ok(Local::Off),
                "attach" => Ok(Local::Attach),
                _ => Err(bad()),
            }
            .map(|local| config.policy.local = local),
            "corner" => match value {
                "any" => Ok(false),
                "row" => Ok(true),
                _ => Err(bad()),
            }
            .map(|rows_first| config.policy.rows_first = rows_first),
            "draw" => match value {
                "shapes" => Ok(false),
                "cells" => Ok(true),
                _ => Err(bad()),
            }
            .map(|cells_first| config.policy.cells_first = cells_first),
            "by" => match value {
                "policy" => Ok(ChildrenBy::Policy),
                "eval" => Ok(ChildrenBy::Evaluator),
                "attach" => Ok(ChildrenBy::EvaluatorWithoutReach),
                _ => Err(bad()),
            }
            .map(|by| config.children_by = by),
            "select" => match value {
                "ucb1" => Ok(Select::Ucb1),
                "prior" => Ok(Select::Prior),
                _ => Err(bad()),
            }
            .map(|select| config.select = select),
            "temp" => value
                .parse()
                .map(|v| config.prior_temperature = v)
                .map_err(|_| bad()),
            "prior" => value
                .parse()
                .map(|v| config.prior_visits = v)
                .map_err(|_| bad()),
            "rave" => value.parse().map(|v| config.rave = v).map_err(|_| bad()),
            "margin" => value
                .parse()
                .map(|v| config.margin_weight = v)
                .map_err(|_| bad()),
            "heavy" => value
                .parse()
                .map(|v| config.heavy_plies = v)
                .map_err(|_| bad()),
            "leaf" => value
                .parse()
                .map(|v| config.leaf_playouts = v)
                .map_err(|_| bad()),
            _ => Err(format!(
                "`{key}` in `{name}` is no option: playouts, children, expand, c, policy, \
                 local, corner, draw, by, select, temp, prior, rave, margin, heavy, leaf, seed"
            )),
        };
        if let Err(e) = parsed {
            return Some(Err(e));
        }
    }
    Some(Ok(config))
}

/// [`engine_by_name`], or an error naming the engines there are.
pub fn engine_named(name: &str, time: Duration, seed: u64) -> anyhow::Result<Box<dyn Engine>> {
    engine_by_name(name, time, seed).ok_or_else(|| {
        anyhow::anyhow!(
            "unknown engine {name:?}; engines: {}, gtp:COMMAND",
            ENGINE_NAMES.join(", ")
        )
    })
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
        _ if name.starts_with("light-uct") => match light_uct_config(name)? {
            Ok(config) => Some(Box::new(LightTree::new(name, config))),
            Err(e) => {
                eprintln!("engine {name}: {e}");
                None
            }
        },
        _ if name.starts_with("board-tree") => match board_tree_engine(name) {
            Ok(engine) => Some(Box::new(engine)),
            Err(e) => {
                eprintln!("engine {name}: {e}");
                None
            }
        },
        _ if name.starts_with("board-flat") => {
            board_flat_budget(name).map(|b| Box::new(BoardFlat::new(b)) as Box<dyn Engine>)
        }
        _ => board_model_budget(name).map(|b| Box::new(BoardModel::new(b)) as Box<dyn Engine>),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_uct_takes_its_options_and_names_a_bad_one() {
        let config = light_uct_config("light-uct:playouts=500,children=8,by=eval,local=true,c=0.3")
            .unwrap()
            .unwrap();
        assert_eq!(config.playouts, 500);
        assert_eq!(config.children, 8);
        assert_eq!(config.children_by, ChildrenBy::Evaluator);
        assert_eq!(config.policy.local, Local::Near);
        assert_eq!(config.exploration, 0.3);
        let by_attach = light_uct_config("light-uct:by=attach,corner=row")
            .unwrap()
            .unwrap();
        assert_eq!(by_attach.children_by, ChildrenBy::EvaluatorWithoutReach);
        assert!(by_attach.policy.rows_first && !config.policy.rows_first);
        assert_eq!(
            light_uct_config("light-uct"),
            Some(Ok(TreeConfig::default()))
        );
        assert_eq!(light_uct_config("light-uctx"), None);
        let error = light_uct_config("light-uct:playouts=many")
            .unwrap()
            .unwrap_err();
        assert!(
            error.contains("`many`") && error.contains("`playouts`"),
            "{error}"
        );
        let error = light_uct_config("light-uct:depth=3").unwrap().unwrap_err();
        assert!(
            error.contains("`depth`") && error.contains("playouts, children"),
            "{error}"
        );
        assert!(is_engine_name("light-uct:playouts=10"));
        assert!(!is_engine_name("light-uct:playouts=ten"));
        let mut engine = engine_by_name("light-uct:playouts=50", Duration::ZERO, 1).unwrap();
        let start = blokus::Position::new();
        assert!(start.legal_moves().contains(&engine.choose(&start)));
    }
}
