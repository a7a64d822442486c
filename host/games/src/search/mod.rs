//! Game-independent search, written once for every two-player game of the
//! project: negamax alpha-beta with iterative deepening, a transposition
//! table, move ordering (the table's move, then a one-ply look), quiescence
//! on noisy moves, repetition as a draw, depth / node / time limits, an
//! optional beam, and the seeds' random move choices. It knows nothing of any
//! one game: a game implements [`Game`], an evaluation [`Evaluator`].

mod negamax;
#[cfg(test)]
mod properties;
mod table;

use negamax::Run;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::Duration;
use table::Table;

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
const INFINITY: i32 = 4 * WIN;

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

/// A searcher that keeps its transposition table and random generator from
/// one search to the next (one per player in a game).
pub struct Searcher<M> {
    table: Table<M>,
    rng: StdRng,
}

impl<M: Copy> Searcher<M> {
    /// A searcher with a table of `2^table_bits` entries (0: no table) and
    /// random choices from `seed`.
    pub fn new(table_bits: u32, seed: u64) -> Searcher<M> {
        Searcher {
            table: Table::new(table_bits),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Forgets every stored position (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches `root` within `limits` with the evaluation `eval`. `history`
    /// holds the keys of the game's earlier positions (oldest first, not the
    /// root's): a position met again is scored as a draw.
    pub fn search<G, E>(
        &mut self,
        root: &G,
        history: &[u64],
        limits: Limits,
        eval: &E,
    ) -> Outcome<M>
    where
        G: Game<Move = M>,
        E: Evaluator<G> + ?Sized,
    {
        let mut run = Run::new(&mut self.table, eval, limits, history);
        let mut outcome = Outcome {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            root: Vec::new(),
        };
        if let Some(result) = root.terminal() {
            outcome.score = result;
            return outcome;
        }
        let mut children = run.children(root, 0, None, None);
        if children.is_empty() {
            outcome.score = root.no_move_score();
            return outcome;
        }
        outcome.best = Some(children[0].m);
        // A move is scored exactly when it comes within `margin` of the best.
        let margin = match limits.choice {
            Choice::First => 0,
            Choice::RandomTie => 1,
            Choice::SeedRank => INFINITY,
        };
        run.enter(root.key());
        for depth in 1..=limits.max_depth.max(1) {
            let mut alpha = -INFINITY;
            let mut scored = Vec::with_capacity(children.len());
            for child in &children {
                let floor = alpha.saturating_sub(margin).max(-INFINITY);
                let score = -run.negamax(&child.position, depth - 1, 1, -INFINITY, -floor);
                if run.stopped() {
                    break;
                }
                scored.push((child.clone(), score));
                alpha = alpha.max(score);
            }
            if run.stopped() {
                break;
            }
            // Stable: among equal scores the earlier-searched move stays first.
            scored.sort_by_key(|(_, score)| -score);
            outcome.score = alpha;
            outcome.depth = depth;
            outcome.root = scored.iter().map(|(c, s)| (c.m, *s)).collect();
            outcome.best = Some(pick(&mut self.rng, &outcome.root, limits.choice));
            children = scored.into_iter().map(|(c, _)| c).collect();
            // The root keeps twice the beam after the first iteration.
            if let Some(width) = limits.beam {
                children.truncate(2 * width.max(1));
            }
            if alpha.abs() >= DECIDED {
                break;
            }
        }
        outcome.nodes = run.nodes();
        outcome
    }
}

/// The move `choice` picks from the root's scores, best first.
fn pick<M: Copy>(rng: &mut StdRng, root: &[(M, i32)], choice: Choice) -> M {
    let index = match choice {
        Choice::First => 0,
        Choice::RandomTie => {
            let ties = root.iter().take_while(|(_, s)| *s == root[0].1).count();
            rng.random_range(0..ties)
        }
        Choice::SeedRank => {
            let a = rng.random_range(0..root.len());
            let b = rng.random_range(0..root.len());
            a.min(b)
        }
    };
    root[index].0
}

/// Searches `root` within `limits` with the game's own evaluation, no table
/// and no history.
pub fn search<G: Game>(root: &G, limits: Limits) -> Outcome<G::Move> {
    Searcher::new(0, 0).search(root, &[], limits, &OwnEvaluation)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One heap, take 1 to 3, whoever takes the last stone wins: the winning move
    /// leaves a multiple of 4.
    #[derive(Clone)]
    struct Nim(u32);

    impl Game for Nim {
        type Move = u32;
        fn moves(&self, out: &mut Vec<u32>) {
            out.extend((1..=3).filter(|&k| k <= self.0));
        }
        fn play(&mut self, m: u32) {
            self.0 -= m;
        }
        fn evaluate(&self) -> i32 {
            // The previous player took the last stone: the side to move has lost.
            if self.0 == 0 {
                -WIN
            } else {
                0
            }
        }
    }

    #[test]
    fn finds_the_winning_nim_move_at_enough_depth() {
        for heap in [5, 6, 7, 9, 10, 11] {
            let limits = Limits::depth(12);
            let outcome = search(&Nim(heap), limits);
            assert_eq!(outcome.best, Some(heap % 4), "heap {heap}");
            assert!(outcome.score >= WIN);
        }
    }

    #[test]
    fn a_lost_position_scores_as_lost_and_a_finished_game_has_no_move() {
        let limits = Limits::depth(12);
        assert!(search(&Nim(8), limits).score <= -WIN);
        assert_eq!(search(&Nim(0), limits).best, None);
    }
}
