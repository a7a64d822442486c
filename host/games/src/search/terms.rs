//! What the search works with: the traits a game and an evaluation
//! implement, the score scale, the limits a search runs within and what it
//! reports.

use std::time::Duration;

/// What the search needs of a game. Scores are from the side to move's point of view.
pub trait Game: Clone {
    type Move: Copy + PartialEq;

    /// The moves of the side to move; empty exactly when the game is over.
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move returned by [`Game::moves`].
    fn play(&mut self, m: Self::Move);
    /// A static score for the side to move; for a finished game, the exact result
    /// scaled beyond any heuristic score (see [`WIN`]).
    fn evaluate(&self) -> i32;
    /// The result when the game is over by a rule seen on the board without
    /// generating moves (a lion caught, a try): `Some(-WIN)` lost for the side
    /// to move, `Some(0)` drawn, `Some(WIN)` won. `None` while the game goes on.
    fn terminal(&self) -> Option<i32> {
        None
    }
    /// The score for the side to move when it has no move (and [`Game::terminal`]
    /// said the game goes on): by default the game's own evaluation.
    fn no_move_score(&self) -> i32 {
        self.evaluate()
    }
    /// A hash of everything that makes the position (pieces, hands, side to
    /// move, points): the transposition table's and the repetition test's key.
    /// 0 means the game has none.
    fn key(&self) -> u64 {
        0
    }
    /// Whether `m` changes the material (a capture, a promotion): quiescence
    /// searches these past the nominal depth.
    fn is_noisy(&self, _m: Self::Move) -> bool {
        false
    }
    /// A cheap guess of how good `m` is, for ordering without playing it
    /// (captures by most valuable victim, least valuable attacker): above 0
    /// tries it before the killers and the history. Used with
    /// [`Refinements::ordering`].
    fn order_hint(&self, _m: Self::Move) -> i32 {
        0
    }
    /// Whether the side to move is in check (check extensions, and no null
    /// move or reduction out of check).
    fn in_check(&self) -> bool {
        false
    }
    /// The position with the turn passed, where passing is a fair test of a
    /// position's strength (zugzwang rare); `None` where it is not.
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// The material a move wins once the likely recaptures are counted
    /// (static exchange); below 0 it loses material: quiescence skips such
    /// a capture with [`Refinements::exchange`], and such a check is not
    /// extended with [`Refinements::safe_checks`].
    fn exchange(&self, _m: Self::Move) -> i32 {
        0
    }
    /// The size of the history table (0: no history heuristic).
    const HISTORY_SIZE: usize = 0;
    /// The history slot of a quiet move, below [`Game::HISTORY_SIZE`].
    fn history_index(&self, _m: Self::Move) -> usize {
        0
    }
}

/// A static evaluation for the side to move, apart from the game so that one game
/// can have several (the seed's weights, tuned weights, ours).
pub trait Evaluator<G> {
    fn evaluate(&self, position: &G) -> i32;
}

/// The game's own evaluation, [`Game::evaluate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnEvaluation;

impl<G: Game> Evaluator<G> for OwnEvaluation {
    fn evaluate(&self, position: &G) -> i32 {
        position.evaluate()
    }
}

/// Scores at or beyond this size are decided game results.
pub const WIN: i32 = 1_000_000;
/// Scores of at least this size are decided results found some plies away
/// (the search moves a [`WIN`] one point toward zero a ply).
pub const DECIDED: i32 = WIN - 100_000;
/// Beyond every score.
pub(super) const INFINITY: i32 = 4 * WIN;

/// How the move is picked from the root's scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// The first best move in search order (deterministic).
    #[default]
    First,
    /// Uniformly among the moves tied for best (the Dobutsu seed's choice).
    RandomTie,
    /// The Kyoto seed's choice: every root move scored exactly, sorted best
    /// first, and the rank `min(r1, r2)` of two uniform random ranks taken, so
    /// that better moves are likelier.
    SeedRank,
}

/// The refinements of plain alpha-beta, each on or off. All off is the
/// seeds' plain search (every root move scored exactly, children ordered by
/// a one-ply look); each is switched on for an engine only where a measured
/// match shows it gains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refinements {
    /// `order`: children ordered by the table's move, [`Game::order_hint`],
    /// two killer moves a ply and the history heuristic, without playing
    /// each child first.
    pub ordering: bool,
    /// `pvs`: principal variation search (later moves tried with a null window).
    pub pvs: bool,
    /// `null`: null-move pruning (where [`Game::null_move`] allows it).
    pub null_move: bool,
    /// `lmr`: late quiet moves searched shallower first.
    pub reductions: bool,
    /// `check`: a move that gives check searched a ply deeper, and every
    /// move searched in check in quiescence.
    pub check_extension: bool,
    /// `safecheck`: with `check`, only a check that does not lose the
    /// checking piece by static exchange ([`Game::exchange`]) is extended.
    pub safe_checks: bool,
    /// `see`: quiescence skips captures that lose material by static exchange.
    pub exchange: bool,
    /// `aspiration`: each iteration starts with a narrow window about the last score.
    pub aspiration: bool,
    /// `buckets`: two table entries a slot, one kept for the deeper search
    /// and one always replaced, and entries of earlier searches aged out.
    pub buckets: bool,
    /// `futility`: away from the principal variation and out of check, a
    /// node whose evaluation beats beta by a margin growing with the depth
    /// is cut (reverse futility, to [`FUTILITY_DEPTH`] plies), and near the
    /// leaves a quiet move is skipped where even a margin above the
    /// evaluation cannot reach alpha.
    pub futility: bool,
    /// `lmp`: late-move pruning: near the leaves, away from the principal
    /// variation and out of check, quiet moves after the first few are skipped.
    pub late_moves: bool,
    /// `iir`: internal iterative reduction: a node at least [`IIR_DEPTH`]
    /// deep that the table has no move for is searched a ply shallower.
    pub iterative_reduction: bool,
    /// `deepnull`: with `null`, the null move searched `3 + depth / 3`
    /// plies shallower instead of `2 + depth / 6`.
    pub deep_null: bool,
    /// `hlmr`: with `lmr`, a late quiet move that never cut off (its
    /// history 0) is reduced a ply more, and one with a history of at least
    /// [`HISTORY_TRUSTED`] a ply less.
    pub history_reductions: bool,
}

/// The history score above which `hlmr` reduces a late move a ply less.
pub const HISTORY_TRUSTED: i32 = 256;

/// Reverse futility cuts to this depth; forward futility and late-move
/// pruning work to [`PRUNING_DEPTH`].
pub const FUTILITY_DEPTH: u32 = 6;
/// The least depth internal iterative reduction applies at.
pub const IIR_DEPTH: u32 = 4;
/// The depth to which quiet moves may be skipped.
pub const PRUNING_DEPTH: u32 = 3;
/// The futility margin a ply of depth, in the evaluations' unit (about a
/// hundredth of the least piece in every game here).
pub const FUTILITY_MARGIN: i32 = 120;

impl Refinements {
    /// Every refinement's name, as `refine=` and `without=` read them.
    pub const NAMES: [&'static str; 14] = [
        "order",
        "pvs",
        "null",
        "lmr",
        "check",
        "safecheck",
        "see",
        "aspiration",
        "buckets",
        "futility",
        "lmp",
        "iir",
        "deepnull",
        "hlmr",
    ];

    /// All refinements on.
    pub fn all() -> Refinements {
        let mut all = Refinements::default();
        for name in Refinements::NAMES {
            *all.flag(name).expect("a refinement") = true;
        }
        all
    }

    /// The refinements that keep a fixed-depth search's score exact.
    pub fn exact() -> Refinements {
        Refinements {
            null_move: false,
            reductions: false,
            check_extension: false,
            safe_checks: false,
            exchange: false,
            futility: false,
            late_moves: false,
            iterative_reduction: false,
            deep_null: false,
            history_reductions: false,
            ..Refinements::all()
        }
    }

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "order" => &mut self.ordering,
            "pvs" => &mut self.pvs,
            "null" => &mut self.null_move,
            "lmr" => &mut self.reductions,
            "check" => &mut self.check_extension,
            "safecheck" => &mut self.safe_checks,
            "see" => &mut self.exchange,
            "aspiration" => &mut self.aspiration,
            "buckets" => &mut self.buckets,
            "futility" => &mut self.futility,
            "lmp" => &mut self.late_moves,
            "iir" => &mut self.iterative_reduction,
            "deepnull" => &mut self.deep_null,
            "hlmr" => &mut self.history_reductions,
            _ => return None,
        })
    }

    /// These refinements with each of `list` (`+`-joined names, `all` or
    /// `none`) set to `on`; the error names an unknown one.
    pub fn with(mut self, list: &str, on: bool) -> Result<Refinements, String> {
        for name in list.split('+') {
            match name {
                "all" => {
                    self = if on {
                        Refinements::all()
                    } else {
                        Refinements::default()
                    }
                }
                "none" => {}
                _ => {
                    *self.flag(name).ok_or_else(|| {
                        format!(
                            "no refinement `{name}`: {}, all or none",
                            Refinements::NAMES.join(", ")
                        )
                    })? = on
                }
            }
        }
        Ok(self)
    }

    /// The names of the refinements on, `+`-joined (`none` when none is).
    pub fn names(&self) -> String {
        let mut copy = *self;
        let on: Vec<&str> = Refinements::NAMES
            .into_iter()
            .filter(|name| *copy.flag(name).expect("a refinement"))
            .collect();
        if on.is_empty() {
            "none".to_string()
        } else {
            on.join("+")
        }
    }
}

/// When the search must stop and how it plays.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    /// Wall-clock budget; the deepest completed iteration's move is returned.
    pub time: Option<Duration>,
    /// Node budget, the same way.
    pub nodes: Option<u64>,
    /// At most this many moves (the best by a one-ply look) are searched at each node.
    pub beam: Option<usize>,
    /// Search captures (noisy moves) past the nominal depth until the position is quiet.
    pub quiescence: bool,
    /// How the root's move is picked.
    pub choice: Choice,
    /// The refinements of plain alpha-beta in use.
    pub refine: Refinements,
    /// A position repeated in the search scores `-contempt` for the side to
    /// move at the root (`+contempt` for its opponent): above 0 the search
    /// plays on rather than repeat unless it stands that much below a draw.
    pub contempt: i32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: 64,
            time: None,
            nodes: None,
            beam: None,
            quiescence: false,
            choice: Choice::First,
            refine: Refinements::default(),
            contempt: 0,
        }
    }
}

impl Limits {
    /// A fixed-depth search with nothing else set.
    pub fn depth(max_depth: u32) -> Limits {
        Limits {
            max_depth,
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// The chosen move of the deepest completed iteration (`None` if the game is over).
    pub best: Option<M>,
    /// The best score for the side to move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The root's moves with their scores at that depth, best first (a move
    /// that cannot be best may carry only an upper bound).
    pub root: Vec<(M, i32)>,
    /// Each completed iteration, shallowest first.
    pub iterations: Vec<Iteration>,
}

/// One completed iteration of a search: its depth, its score, and the nodes
/// and time the search had spent when it ended (counted from the search's start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iteration {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: std::time::Duration,
}
