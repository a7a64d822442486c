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
}
