//! Players of any two-player game: a random mover and the shared alpha-beta
//! searcher with an evaluation, built from engine specs such as `random`,
//! `seed:depth=4` or `alphabeta:time=0.2`.

use super::record::Record;
use super::TwoPlayerGame;
use crate::search::{Choice, Evaluator, Limits, Refinements, Searcher};
use crate::spec::{number_in, value, EngineName};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::Duration;

pub use crate::play::Player;

/// A two-player game's player, as a series, the terminal and the web build it.
pub type BoxedPlayer<G> = Box<dyn Player<Record<G>>>;

/// Uniformly random legal moves.
pub struct RandomPlayer(StdRng);

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer(StdRng::seed_from_u64(seed))
    }
}

impl<G: TwoPlayerGame> Player<Record<G>> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &Record<G>) -> anyhow::Result<G::Move> {
        let moves = game.legal_moves();
        anyhow::ensure!(!moves.is_empty(), "no legal move");
        Ok(moves[self.0.random_range(0..moves.len())])
    }
}

/// The shared alpha-beta search with an evaluation.
pub struct SearchPlayer<G: TwoPlayerGame> {
    name: String,
    limits: Limits,
    evaluation: Box<dyn Evaluator<G>>,
    searcher: Searcher<G::Move>,
    last: Option<String>,
}

impl<G: TwoPlayerGame> SearchPlayer<G> {
    /// A searcher with a table of `2^table_bits` entries and random choices from `seed`.
    pub fn new(
        name: &str,
        limits: Limits,
        evaluation: Box<dyn Evaluator<G>>,
        table_bits: u32,
        seed: u64,
    ) -> SearchPlayer<G> {
        SearchPlayer {
            name: name.to_string(),
            limits,
            evaluation,
            searcher: Searcher::new(table_bits, seed),
            last: None,
        }
    }
}

impl<G: TwoPlayerGame> SearchPlayer<G> {
    /// Searches the game's position as [`Player::choose`] does, with the
    /// whole outcome (every iteration's depth, nodes and time).
    pub fn search(&mut self, game: &Record<G>) -> crate::search::Outcome<G::Move> {
        self.searcher.search(
            game.position(),
            game.history(),
            self.limits,
            self.evaluation.as_ref(),
        )
    }

    /// The search's limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Searches with `limits` from now on.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }
}

impl<G: TwoPlayerGame> Player<Record<G>> for SearchPlayer<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Record<G>) -> anyhow::Result<G::Move> {
        let outcome = self.search(game);
        self.last = Some(format!(
            "depth {}, score {}, {} nodes",
            outcome.depth, outcome.score, outcome.nodes
        ));
        outcome
            .best
            .ok_or_else(|| anyhow::anyhow!("{}: no legal move", self.name))
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn last_info(&self) -> Option<String> {
        self.last.clone()
    }
}

/// The options of the searchers, as `arena GAME engines` lists them.
pub const SEARCH_OPTIONS: &str =
    "depth=N, time=S, nodes=N, eval=E, choice=first|tie|rank, quiescence=on|off, table=BITS, seed=N, contempt=N, \
     refine=R+R..., without=R+R... (R: order, pvs, null, lmr, check, safecheck, see, aspiration, buckets, \
     futility, lmp, iir, deepnull, hlmr, all, none)";

/// An engine as written on the command line: `NAME[:key=value,...]`, with
/// the keys `depth`, `time` (seconds a move), `nodes`, `eval`, `choice`
/// (`first`, `tie` or `rank`), `quiescence` (`on`/`off`), `table` (bits),
/// `seed`, `contempt` (a repetition's score below a draw for the searcher), and the search's refinements: `refine` (exactly these) and
/// `without` (the engine's own but these).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    pub eval: Option<String>,
    pub choice: Option<Choice>,
    pub quiescence: Option<bool>,
    pub table_bits: Option<u32>,
    pub seed: Option<u64>,
    /// `refine=`: exactly these refinements.
    pub refine: Option<String>,
    /// `without=`: the engine's refinements but these.
    pub without: Option<String>,
    /// `contempt=`: a repetition's score below a draw for the searching side.
    pub contempt: Option<i32>,
}

impl EngineSpec {
    /// Reads a spec by the one engine-name grammar ([`crate::spec`]); the
    /// error names the part at fault.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let name = EngineName::parse(text)?;
        let mut spec = EngineSpec {
            name: name.name.to_string(),
            depth: None,
            time: None,
            nodes: None,
            eval: None,
            choice: None,
            quiescence: None,
            table_bits: None,
            seed: None,
            refine: None,
            without: None,
            contempt: None,
        };
        name.read(SEARCH_OPTIONS, |key, v| {
            match key {
                "depth" => spec.depth = Some(value(v, "a depth")?),
                "time" => {
                    let seconds: f64 = number_in(v, 1e-6, 1e6, "seconds")?;
                    spec.time = Some(Duration::from_secs_f64(seconds));
                }
                "nodes" => spec.nodes = Some(value(v, "a count")?),
                "eval" => spec.eval = Some(value(v, "an evaluation's name")?),
                "contempt" => spec.contempt = Some(value(v, "a score")?),
                "choice" => {
                    spec.choice = Some(match v {
                        Some("first") => Choice::First,
                        Some("tie") => Choice::RandomTie,
                        Some("rank") => Choice::SeedRank,
                        _ => return Err("choices are first, tie and rank".to_string()),
                    })
                }
                "quiescence" => {
                    spec.quiescence = Some(match v {
                        Some("on") => true,
                        Some("off") => false,
                        _ => return Err("on or off".to_string()),
                    })
                }
                "table" => spec.table_bits = Some(number_in(v, 0, 30, "a number of bits")?),
                "seed" => spec.seed = Some(value(v, "a number")?),
                "refine" | "without" => {
                    let list: String = value(v, "refinements")?;
                    Refinements::default().with(&list, true)?;
                    if key == "refine" {
                        spec.refine = Some(list);
                    } else {
                        spec.without = Some(list);
                    }
                }
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(spec)
    }

    /// The limits of a search engine whose own defaults are `defaults`.
    pub fn limits(&self, defaults: Limits) -> Limits {
        let mut limits = defaults;
        if let Some(depth) = self.depth {
            limits.max_depth = depth;
            // A depth alone means exactly that depth, not a time budget.
            if self.time.is_none() {
                limits.time = None;
            }
        }
        if self.time.is_some() {
            limits.time = self.time;
        }
        if self.nodes.is_some() {
            limits.nodes = self.nodes;
        }
        if let Some(choice) = self.choice {
            limits.choice = choice;
        }
        if let Some(contempt) = self.contempt {
            limits.contempt = contempt;
        }
        if let Some(quiescence) = self.quiescence {
            limits.quiescence = quiescence;
        }
        // Both checked when the spec was read.
        if let Some(list) = &self.refine {
            limits.refine = Refinements::default().with(list, true).expect("checked");
        }
        if let Some(list) = &self.without {
            limits.refine = limits.refine.with(list, false).expect("checked");
        }
        limits
    }
}

/// Makes the evaluation an `eval=` value names (`None`: the engine kind's own).
pub type EvaluationByName<G> = fn(Option<&str>) -> Result<Box<dyn Evaluator<G>>, String>;

/// How a game describes its engines: each name with its evaluation, default
/// limits and table size. `random` is always there.
pub struct EngineKind<G> {
    pub name: &'static str,
    pub about: &'static str,
    pub limits: Limits,
    pub table_bits: u32,
    /// The evaluation for an `eval=` value (`None`: the kind's own).
    pub evaluation: EvaluationByName<G>,
}

/// Builds the player a spec names from a game's engine kinds.
pub fn build_player<G: TwoPlayerGame + 'static>(
    kinds: &[EngineKind<G>],
    text: &str,
    seed: u64,
) -> Result<BoxedPlayer<G>, String> {
    let spec = EngineSpec::parse(text)?;
    if spec.name == "random" {
        return Ok(Box::new(RandomPlayer::new(spec.seed.unwrap_or(seed))));
    }
    Ok(Box::new(build_search(kinds, text, seed)?))
}

/// Builds the search player a spec names from a game's engine kinds.
pub fn build_search<G: TwoPlayerGame + 'static>(
    kinds: &[EngineKind<G>],
    text: &str,
    seed: u64,
) -> Result<SearchPlayer<G>, String> {
    let spec = EngineSpec::parse(text)?;
    let seed = spec.seed.unwrap_or(seed);
    let kind = kinds.iter().find(|k| k.name == spec.name).ok_or_else(|| {
        let names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
        format!(
            "no {} engine `{}`: the engines are random, {}",
            G::NAME,
            spec.name,
            names.join(", ")
        )
    })?;
    let evaluation =
        (kind.evaluation)(spec.eval.as_deref()).map_err(|e| format!("engine `{text}`: {e}"))?;
    Ok(SearchPlayer::new(
        text,
        spec.limits(kind.limits),
        evaluation,
        spec.table_bits.unwrap_or(kind.table_bits),
        seed,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_their_options_and_name_what_is_wrong() {
        let spec = EngineSpec::parse("seed:depth=4,choice=rank,eval=seed").unwrap();
        assert_eq!(spec.name, "seed");
        assert_eq!(spec.depth, Some(4));
        assert_eq!(spec.choice, Some(Choice::SeedRank));
        assert_eq!(spec.eval.as_deref(), Some("seed"));
        let limits = spec.limits(Limits {
            time: Some(Duration::from_secs(1)),
            ..Limits::depth(9)
        });
        assert_eq!((limits.max_depth, limits.time), (4, None));
        let refined = EngineSpec::parse("alphabeta:refine=order+pvs,without=pvs").unwrap();
        assert_eq!(refined.limits(Limits::default()).refine.names(), "order");
        let without = EngineSpec::parse("alphabeta:without=null").unwrap();
        let defaults = Limits {
            refine: Refinements::all(),
            ..Limits::default()
        };
        assert!(!without.limits(defaults).refine.null_move);
        assert!(without.limits(defaults).refine.pvs);
        let timed = EngineSpec::parse("alphabeta:time=0.25,quiescence=off").unwrap();
        assert_eq!(timed.time, Some(Duration::from_millis(250)));
        assert_eq!(timed.quiescence, Some(false));
        for (bad, says) in [
            ("", "not an engine name"),
            ("seed:depth", "depth: not a depth"),
            ("seed:depth=x", "depth=x: not a depth"),
            ("alphabeta:refine=pvs+lnr", "no refinement `lnr`"),
            ("seed:time=-1", "time=-1: not seconds"),
            ("seed:choice=best", "first, tie and rank"),
            ("seed:colour=red", "no option `colour=red`"),
            (
                "seed:table=40",
                "table=40: not a number of bits from 0 to 30",
            ),
        ] {
            let error = EngineSpec::parse(bad).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
