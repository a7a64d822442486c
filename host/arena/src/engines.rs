//! The Blokus Duo engine registry: the names `engine:NAME`, `--engine`
//! and `--p1`/`--p2` take, and the engines they make (the host's players,
//! the board's model, any GTP program).

use blokus::Engine;
use games::blokus::{GtpEngine, RandomEngine, SearchEngine};
use games::spec::{number_in, value, EngineName};
use model::board_tree::{tree_budget, BoardTree, TreeSettings};
use model::clock::Budget;
use model::next::{
    BoardNext, Children, Config as NextConfig, Expand, Playouts, Rave, Select as NextSelect,
};
use model::policy::{Local, Policy};
use model::retired::flat::flat_budget;
use model::retired::light_playout::{LARGEST, UNIFORM};
use model::retired::light_uct::{ChildrenBy, Select, TreeConfig};
use model::retired::{BoardFlat, LightTree, ModelOnePly};
use model::BoardModel;
use std::time::Duration;

/// Names accepted by [`engine_by_name`], in alphabetical order.
pub const ENGINE_NAMES: [&str; 9] = [
    "alphabeta",
    "board-flat",
    "board-model",
    "board-next",
    "board-tree",
    "greedy",
    "model-1ply",
    "prior-tree",
    "random",
];

/// Whether `name` names an engine: one of [`ENGINE_NAMES`], `default`,
/// `board-model:MS` (the board's search during `MS` ms of board time; also
/// `board-tree:MS`, whose options `expand=N` and `c=Q8` build another
/// tree for tuning, `board-tree:MS,expand=96,c=90`; and the earlier flat
/// search `board-flat:MS`), `light-uct:OPTIONS`, or
/// `gtp:COMMAND` (a program speaking GTP, e.g. `pentobi-gtp -g duo -l 3`).
pub fn is_engine_name(name: &str) -> bool {
    if let Some(command) = name.strip_prefix("gtp:") {
        return !command.is_empty();
    }
    name == "default" || engine_spec(name).is_ok()
}

/// The options `light-uct` takes.
const LIGHT_UCT_OPTIONS: &str = "playouts, children, expand, c, policy, local, corner, draw, \
     by, select, temp, prior, rave, margin, heavy, leaf, seed";

/// The tree search over light playouts an engine name
/// `light-uct[:playouts=N,children=K,expand=T,c=C,policy=pentobi|uniform|largest,local=off|near|attach,corner=any|row,draw=shapes|cells,
/// by=policy|eval|attach,select=ucb1|prior,temp=T,prior=V,rave=W,margin=M,heavy=H,leaf=E,seed=S]`
/// asks for (`None`: another name; `Err`: a malformed option, named).
pub fn light_uct_config(name: &str) -> Option<Result<TreeConfig, String>> {
    let spec = EngineName::parse(name).ok()?;
    (spec.name == "light-uct").then(|| light_uct(&spec))
}

fn light_uct(spec: &EngineName) -> Result<TreeConfig, String> {
    let mut config = TreeConfig::default();
    spec.read(LIGHT_UCT_OPTIONS, |key, v| {
        let one_of = |choices: &[&str]| -> Result<usize, String> {
            let text = v.unwrap_or("");
            choices
                .iter()
                .position(|c| c.split('|').any(|c| c == text))
                .ok_or_else(|| format!("not {}", choices.join(", ")))
        };
        match key {
            "playouts" => config.playouts = value(v, "a count")?,
            "children" => config.children = value(v, "a count")?,
            "expand" => config.expand_after = value(v, "a count of visits")?,
            "c" => config.exploration = value(v, "a constant")?,
            "seed" => config.seed = value(v, "a seed")?,
            "policy" => {
                let policy = [Policy::PENTOBI, UNIFORM, LARGEST]
                    [one_of(&["pentobi", "uniform", "largest"])?];
                config.policy = Policy {
                    local: config.policy.local,
                    rows_first: config.policy.rows_first,
                    cells_first: config.policy.cells_first,
                    ..policy
                }
            }
            "local" => {
                config.policy.local = [Local::Near, Local::Off, Local::Attach]
                    [one_of(&["near|true", "off|false", "attach"])?]
            }
            "corner" => config.policy.rows_first = one_of(&["any", "row"])? == 1,
            "draw" => config.policy.cells_first = one_of(&["shapes", "cells"])? == 1,
            "by" => {
                config.children_by = [
                    ChildrenBy::Policy,
                    ChildrenBy::Evaluator,
                    ChildrenBy::EvaluatorWithoutReach,
                ][one_of(&["policy", "eval", "attach"])?]
            }
            "select" => config.select = [Select::Ucb1, Select::Prior][one_of(&["ucb1", "prior"])?],
            "temp" => config.prior_temperature = value(v, "a temperature")?,
            "prior" => config.prior_visits = value(v, "a count of visits")?,
            "rave" => config.rave = value(v, "a weight")?,
            "margin" => config.margin_weight = value(v, "a weight")?,
            "heavy" => config.heavy_plies = value(v, "a count of plies")?,
            "leaf" => config.leaf_playouts = value(v, "a count")?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(config)
}

/// The options `board-next` takes.
pub const BOARD_NEXT_OPTIONS: &str =
    "base, playouts, children, select, c, expand, enter, virtual, \
     leaf, leaves, rave, rave-parent, rave-child, reuse, final, sizes, bonus, lgr, tiles, last2, block, \
     heavy, tries, counted, history, reference, \
     ponder, \
     nodes, on-chip, prior, seed";

/// The board's next search an engine name `board-next[:options]` asks
/// for (`model::next`): from the design chosen, or from today's board
/// counted in playouts with `base`, each option switching one feature
/// (`arena blokus engines` lists them); the error names a malformed one.
fn board_next(spec: &EngineName) -> Result<NextConfig, String> {
    let mut config = NextConfig::BOARD;
    spec.read(BOARD_NEXT_OPTIONS, |key, v| {
        let on = |v: Option<&str>| match v {
            None | Some("on") => Ok(true),
            Some("off") => Ok(false),
            Some(_) => Err("not on or off".to_string()),
        };
        match key {
            "base" => config = NextConfig::BOARD,
            "playouts" => {
                config.playouts = match v {
                    Some("board") => Playouts::Board { per_mille: 1000 },
                    Some(x) if x.ends_with("ms") => Playouts::Time {
                        ms: number_in(
                            Some(&x[..x.len() - 2]),
                            1,
                            1000,
                            "ms of board time like 850ms",
                        )?,
                    },
                    Some(x) if x.ends_with('x') => Playouts::Board {
                        per_mille: (value::<f64>(Some(&x[..x.len() - 1]), "a factor like 0.25x")?
                            * 1000.0)
                            .round() as u32,
                    },
                    _ => Playouts::Fixed(number_in(
                        v,
                        1,
                        1 << 30,
                        "a count, board or a factor like 0.25x",
                    )?),
                }
            }
            "children" => {
                config.children = match v {
                    Some("eval") => Children::Evaluator,
                    Some("all") => Children::Prior(usize::MAX),
                    _ => Children::Prior(number_in(v, 1, 4096, "eval, all or a count")?),
                }
            }
            "select" => {
                config.select = match v {
                    Some("ucb1") => NextSelect::Ucb1,
                    Some("prior") => NextSelect::Prior,
                    _ => return Err("not ucb1 or prior".into()),
                }
            }
            "c" => {
                config.c_q8 = (number_in::<f64>(v, 0.0, 16.0, "a constant")? * 256.0).round() as u32
            }
            "expand" => {
                config.expand = match v {
                    Some("depth") => Expand::Depth,
                    _ => Expand::After(number_in(v, 0, 1 << 20, "depth or a count of visits")?),
                }
            }
            "enter" => config.enter_best = on(v)?,
            "virtual" => {
                config.virtual_count = number_in::<u32>(v, 0, 64, "a count of visits")? * 16
            }
            "leaf" => config.leaf_playouts = number_in(v, 1, 64, "a count of engines")?,
            "leaves" => config.leaves = number_in(v, 1, 64, "a count of leaves")?,
            "rave" => {
                let weight: f64 = number_in(v, 0.0, 4.0, "a weight")?;
                config.rave = (weight > 0.0).then(|| Rave {
                    weight_q4: (weight * 16.0).round() as u32,
                    ..config.rave.unwrap_or(RAVE_PENTOBI)
                });
            }
            "rave-parent" | "rave-child" => {
                let mut rave = config.rave.ok_or("give rave=W first")?;
                let n = number_in(v, 0, u32::MAX, "a count of visits")?;
                if key == "rave-parent" {
                    rave.parent_max = n;
                } else {
                    rave.child_max = n;
                }
                config.rave = Some(rave);
            }
            "reuse" => config.reuse = on(v)?,
            "final" => {
                config.by_wins = match v {
                    Some("visits") => false,
                    Some("wins") => true,
                    _ => return Err("not visits or wins".into()),
                }
            }
            "sizes" => config.size_filter = on(v)?,
            "bonus" => config.bonus = on(v)?,
            "lgr" => config.lgr = on(v)?,
            "tiles" => config.refinements.policy.tile_weights = on(v)?,
            "last2" => config.refinements.policy.last_two = on(v)?,
            "block" => config.refinements.policy.block = on(v)?,
            "heavy" => {
                config.refinements.policy.heavy_cap = number_in(v, 0, (1 << 16) - 1, "a weight")?
            }
            "tries" => config.refinements.policy.tries = number_in(v, 0, 64, "a count of cells")?,
            "counted" => config.refinements.policy.counted = on(v)?,
            "history" => config.refinements.history = on(v)?,
            "reference" => config.refinements.reference = on(v)?,
            "ponder" => config.ponder = on(v)?,
            "nodes" => config.nodes = number_in(v, 1, 1 << 26, "a count of words")?,
            "on-chip" => config.on_chip = number_in(v, 1, 1 << 26, "a count of words")?,
            "prior" => {
                config.weights = match v {
                    Some("fitted") => model::next::prior::FITTED,
                    Some("uniform") => model::next::prior::Weights::UNIFORM,
                    _ => return Err("not fitted or uniform".into()),
                }
            }
            "seed" => config.seed = value(v, "a seed")?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(config)
}

/// Pentobi's RAVE limits for Duo, with its weight 0.7.
const RAVE_PENTOBI: Rave = Rave {
    weight_q4: 11,
    parent_max: 25_000,
    child_max: 2_000,
};

/// The board's search an engine name gives: a bare `MS` (rounds during `MS`
/// ms of board time), and for `board-tree` also `expand=N` (a leaf
/// expanded after `N` visits) and `c=Q8` (the exploration constant
/// `Q8 / 256`); `own` and the board's settings without them.
fn board_search(spec: &EngineName, own: Budget) -> Result<(Budget, TreeSettings), String> {
    let tree = spec.name == "board-tree";
    let mut budget = own;
    let mut settings = TreeSettings::BOARD;
    let known = if tree { "MS, expand=N, c=Q8" } else { "MS" };
    spec.read(known, |key, v| {
        match (key, v) {
            ("expand", Some(_)) if tree => {
                settings.expand_after = number_in(v, 1, u32::MAX, "a number of visits")?
            }
            ("c", Some(_)) if tree => {
                settings.exploration_q8 = number_in(v, 1, 1 << 16, "a constant in 1/256")?
            }
            (ms, None) => {
                budget = ms
                    .parse()
                    .ok()
                    .and_then(Budget::for_ms)
                    .ok_or("not a budget in ms of board time (0 to 1000)")?
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok((budget, settings))
}

/// The budget an engine name `board-model[:MS]` gives: the tree's rounds
/// during `MS` milliseconds of board time (the board's own, [`tree_budget`],
/// without `:MS`); `None` for another name or a malformed `MS`.
pub fn board_model_budget(name: &str) -> Option<Budget> {
    let spec = EngineName::parse(name).ok()?;
    (spec.name == "board-model")
        .then(|| board_search(&spec, tree_budget()).ok())
        .flatten()
        .map(|(budget, _)| budget)
}

/// What an engine name (not `gtp:`) asks for, checked.
enum Spec {
    AlphaBeta,
    Greedy,
    OnePly,
    Random,
    LightUct(TreeConfig),
    BoardModel(Budget),
    BoardTree(Budget, TreeSettings),
    BoardFlat(Budget),
    BoardNext(NextConfig),
    PriorTree(Budget),
}

/// Reads an engine name by the one grammar; the error names what is wrong.
fn engine_spec(name: &str) -> Result<Spec, String> {
    let spec = EngineName::parse(name)?;
    let plain = |made: Spec| spec.no_options().map(|()| made);
    match spec.name {
        "alphabeta" | "default" => plain(Spec::AlphaBeta),
        "greedy" => plain(Spec::Greedy),
        "model-1ply" => plain(Spec::OnePly),
        "random" => plain(Spec::Random),
        "light-uct" => light_uct(&spec).map(Spec::LightUct),
        "board-model" => board_search(&spec, tree_budget()).map(|(b, _)| Spec::BoardModel(b)),
        "board-tree" => board_search(&spec, tree_budget()).map(|(b, s)| Spec::BoardTree(b, s)),
        "board-flat" => board_search(&spec, flat_budget()).map(|(b, _)| Spec::BoardFlat(b)),
        "board-next" => board_next(&spec).map(Spec::BoardNext),
        "prior-tree" => board_search(&spec, tree_budget()).map(|(b, _)| Spec::PriorTree(b)),
        other => Err(format!(
            "unknown engine `{other}`; engines: {}, gtp:COMMAND",
            ENGINE_NAMES.join(", ")
        )),
    }
}

/// The engine called `name` (`default` is alphabeta), with a time
/// budget per move for those that search and a seed for those that draw
/// lots; the error names an unknown engine, a malformed option, or a `gtp:`
/// program that does not start and answer.
pub fn engine_named(name: &str, time: Duration, seed: u64) -> anyhow::Result<Box<dyn Engine>> {
    if let Some(command) = name.strip_prefix("gtp:") {
        return Ok(Box::new(GtpEngine::spawn(command)?));
    }
    let spec = engine_spec(name).map_err(anyhow::Error::msg)?;
    Ok(match spec {
        Spec::AlphaBeta => Box::new(SearchEngine::alphabeta(time)),
        Spec::Greedy => Box::new(SearchEngine::greedy()),
        Spec::OnePly => Box::new(ModelOnePly),
        Spec::Random => Box::new(RandomEngine::new(seed)),
        Spec::LightUct(config) => Box::new(LightTree::new(name, config)),
        Spec::BoardModel(budget) => Box::new(BoardModel::new(budget)),
        Spec::BoardTree(budget, settings) => Box::new(BoardTree::with_settings(budget, settings)),
        Spec::BoardFlat(budget) => Box::new(BoardFlat::new(budget)),
        Spec::BoardNext(config) => Box::new(BoardNext::new(name, config)),
        Spec::PriorTree(budget) => Box::new(model::prior_tree::PriorTree::new(budget)),
    })
}

/// [`engine_named`], `None` for any error (told on standard error for a
/// `gtp:` program that fails).
pub fn engine_by_name(name: &str, time: Duration, seed: u64) -> Option<Box<dyn Engine>> {
    engine_named(name, time, seed)
        .map_err(|e| eprintln!("engine {name}: {e:#}"))
        .ok()
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
        assert!(error.ends_with("playouts=many: not a count"), "{error}");
        let error = light_uct_config("light-uct:depth=3").unwrap().unwrap_err();
        assert!(
            error.contains("no option `depth=3`") && error.contains("playouts, children"),
            "{error}"
        );
        assert!(is_engine_name("light-uct:playouts=10"));
        assert!(!is_engine_name("light-uct:playouts=ten"));
        let mut engine = engine_by_name("light-uct:playouts=50", Duration::ZERO, 1).unwrap();
        let start = blokus::Position::new();
        assert!(start.legal_moves().contains(&engine.choose(&start)));
    }

    #[test]
    fn board_next_takes_the_memory_and_playout_options_and_names_a_bad_one() {
        let Ok(Spec::BoardNext(config)) =
            engine_spec("board-next:nodes=1048576,on-chip=32768,heavy=324,tries=2,counted")
        else {
            panic!("board-next's options");
        };
        assert_eq!((config.nodes, config.on_chip), (1 << 20, 32_768));
        let policy = config.refinements.policy;
        assert_eq!(
            (policy.heavy_cap, policy.tries, policy.counted),
            (324, 2, true)
        );
        let Ok(Spec::BoardNext(plain)) = engine_spec("board-next") else {
            panic!("board-next");
        };
        assert_eq!(plain.on_chip, usize::MAX);
        assert_eq!(plain.refinements.policy.heavy_cap, 0);
        for (bad, says) in [
            ("board-next:on-chip=0", "on-chip=0"),
            ("board-next:heavy=much", "heavy=much"),
            ("board-next:tries=99", "tries=99"),
        ] {
            let error = engine_spec(bad).err().unwrap();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn board_engine_names_give_their_budgets_and_settings() {
        use model::board_tree::{EXPAND_AFTER, EXPLORATION_Q8};
        for (name, ms, expand, c) in [
            ("board-tree", None, EXPAND_AFTER, EXPLORATION_Q8),
            ("board-tree:expand=96", None, 96, EXPLORATION_Q8),
            ("board-tree:100", Some(100.0), EXPAND_AFTER, EXPLORATION_Q8),
            ("board-tree:100,expand=7", Some(100.0), 7, EXPLORATION_Q8),
            ("board-tree:c=90,100", Some(100.0), EXPAND_AFTER, 90),
        ] {
            let spec = EngineName::parse(name).unwrap();
            let budget = ms.map_or(tree_budget(), |ms| Budget::for_ms(ms).unwrap());
            let settings = TreeSettings {
                expand_after: expand,
                exploration_q8: c,
            };
            assert_eq!(
                board_search(&spec, tree_budget()),
                Ok((budget, settings)),
                "{name}"
            );
        }
        assert_eq!(board_model_budget("board-model"), Some(tree_budget()));
        assert_eq!(board_model_budget("board-model:100"), Budget::for_ms(100.0));
        assert!(matches!(engine_spec("board-flat"), Ok(Spec::BoardFlat(b)) if b == flat_budget()));
        for (bad, says) in [
            ("board-tree:expand=0", "expand=0: not a number of visits"),
            ("board-tree:expand=x", "expand=x: not a number of visits"),
            ("board-tree:x", "x: not a budget in ms"),
            ("board-tree:x,expand=9", "x: not a budget in ms"),
            ("board-tree:c=-1", "c=-1: not a constant"),
            (
                "board-tree:depth=3",
                "no option `depth=3` (options: MS, expand=N, c=Q8)",
            ),
            ("board-model:expand=9", "no option `expand=9` (options: MS)"),
            ("board-model:2000", "2000: not a budget in ms"),
            ("board-model:", "no option after `:`"),
            ("board-treex", "unknown engine `board-treex`"),
            ("greedy:3", "no option `3`"),
        ] {
            let error = engine_spec(bad).err().unwrap();
            assert!(error.contains(says), "{bad}: {error}");
            assert!(!is_engine_name(bad), "{bad}");
        }
        assert_eq!(board_model_budget("board-flat"), None);
        assert!(is_engine_name("gtp:pentobi-gtp -g duo"));
        assert!(!is_engine_name("gtp:"));
    }
}
