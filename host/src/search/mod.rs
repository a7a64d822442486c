//! Game-independent search: alpha-beta (negamax) with iterative deepening,
//! ordering by a shallow evaluation, an optional beam, and a time budget.
//! It knows nothing of any one game: a game implements [`Game`].

use std::time::{Duration, Instant};

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

/// When the search must stop.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    /// Wall-clock budget; the deepest completed iteration's move is returned.
    pub time: Option<Duration>,
    /// At most this many moves (the best by a one-ply look) are searched at each node.
    pub beam: Option<usize>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// The best move of the deepest completed iteration (`None` if the game is over).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

struct Searcher {
    deadline: Option<Instant>,
    beam: Option<usize>,
    nodes: u64,
    stopped: bool,
}

/// Searches `root` within `limits`.
pub fn search<G: Game>(root: &G, limits: Limits) -> Outcome<G::Move> {
    let mut searcher = Searcher {
        deadline: limits.time.map(|t| Instant::now() + t),
        beam: limits.beam,
        nodes: 0,
        stopped: false,
    };
    let mut outcome = Outcome {
        best: None,
        score: root.evaluate(),
        depth: 0,
        nodes: 0,
    };
    let mut moves = ordered_children(root, None);
    if moves.is_empty() {
        return outcome;
    }
    outcome.best = Some(moves[0].0);
    for depth in 1..=limits.max_depth.max(1) {
        let mut alpha = -WIN * 2;
        let mut best = None;
        let mut scored = Vec::with_capacity(moves.len());
        for (m, child) in &moves {
            let score = -searcher.negamax(child, depth - 1, -WIN * 2, -alpha);
            if searcher.stopped {
                break;
            }
            scored.push((*m, child.clone(), score));
            if score > alpha {
                alpha = score;
                best = Some(*m);
            }
        }
        if searcher.stopped {
            break;
        }
        outcome.best = best;
        outcome.score = alpha;
        outcome.depth = depth;
        // The next iteration looks at the best moves of this one first.
        // The root keeps twice the beam after the first iteration.
        scored.sort_by_key(|(_, _, score)| -score);
        if let Some(width) = limits.beam {
            scored.truncate(2 * width.max(1));
        }
        moves = scored.into_iter().map(|(m, child, _)| (m, child)).collect();
        if alpha.abs() >= WIN {
            break;
        }
    }
    outcome.nodes = searcher.nodes;
    outcome
}

/// The children of `position`, best first by their static score, cut to the beam.
fn ordered_children<G: Game>(position: &G, beam: Option<usize>) -> Vec<(G::Move, G)> {
    let mut moves = Vec::new();
    position.moves(&mut moves);
    let mut children: Vec<(i32, G::Move, G)> = moves
        .into_iter()
        .map(|m| {
            let mut child = position.clone();
            child.play(m);
            (-child.evaluate(), m, child)
        })
        .collect();
    children.sort_by_key(|(score, _, _)| -score);
    if let Some(width) = beam {
        children.truncate(width.max(1));
    }
    children.into_iter().map(|(_, m, c)| (m, c)).collect()
}

impl Searcher {
    fn negamax<G: Game>(&mut self, position: &G, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if depth == 0 || self.stopped {
            return position.evaluate();
        }
        if depth == 1 {
            return self.best_leaf(position);
        }
        let children = ordered_children(position, self.beam);
        if children.is_empty() {
            return position.evaluate();
        }
        let mut best = -WIN * 2;
        for (_, child) in &children {
            let score = -self.negamax(child, depth - 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }

    /// One ply from the frontier: the best child by its static score. The beam
    /// would keep the best children by that same score, so it changes nothing here.
    fn best_leaf<G: Game>(&mut self, position: &G) -> i32 {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        if moves.is_empty() {
            return position.evaluate();
        }
        self.nodes += moves.len() as u64;
        moves
            .into_iter()
            .map(|m| {
                let mut child = position.clone();
                child.play(m);
                -child.evaluate()
            })
            .max()
            .expect("at least one move")
    }
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
            let limits = Limits {
                max_depth: 12,
                time: None,
                beam: None,
            };
            let outcome = search(&Nim(heap), limits);
            assert_eq!(outcome.best, Some(heap % 4), "heap {heap}");
            assert!(outcome.score >= WIN);
        }
    }

    #[test]
    fn a_lost_position_scores_as_lost_and_a_finished_game_has_no_move() {
        let limits = Limits {
            max_depth: 12,
            time: None,
            beam: None,
        };
        assert!(search(&Nim(8), limits).score <= -WIN);
        assert_eq!(search(&Nim(0), limits).best, None);
    }
}
