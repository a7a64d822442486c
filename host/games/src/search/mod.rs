//! Game-independent search, written once for every two-player game of the
//! project: negamax alpha-beta with iterative deepening, a transposition
//! table, move ordering (the table's move, then a one-ply look), quiescence
//! on noisy moves, repetition as a draw, depth / node / time limits, an
//! optional beam, the seeds' random move choices, and the refinements an
//! engine switches on ([`Refinements`]: ordering by hints, killers and
//! history, PVS, null move, late-move reductions, check extensions, static
//! exchange, aspiration windows, a bucketed table). It knows nothing of any
//! one game: a game implements [`Game`], an evaluation [`Evaluator`].

mod negamax;
#[cfg(test)]
mod properties;
mod table;
mod terms;

use negamax::Run;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use table::Table;
use terms::INFINITY;
pub use terms::{
    Choice, Evaluator, Game, Iteration, Limits, Outcome, OwnEvaluation, Refinements, DECIDED, WIN,
};

/// A searcher that keeps its transposition table and random generator from
/// one search to the next (one per player in a game).
pub struct Searcher<M> {
    table: Table<M>,
    rng: StdRng,
}

impl<M: Copy + PartialEq> Searcher<M> {
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
        let started = std::time::Instant::now();
        self.table.new_search(limits.refine.buckets);
        let mut run = Run::new(&mut self.table, eval, limits, history);
        let mut outcome = Outcome {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            root: Vec::new(),
            iterations: Vec::new(),
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
            run.begin_iteration(depth);
            // The window: everything, or about the last score (aspiration).
            let aspire = limits.refine.aspiration
                && margin == 0
                && depth >= 4
                && outcome.score.abs() < DECIDED;
            let mut width = ASPIRATION;
            let (mut low, mut high) = if aspire {
                (outcome.score - width, outcome.score + width)
            } else {
                (-INFINITY, INFINITY)
            };
            let scored = loop {
                let scored = root_iteration(&mut run, &children, depth, low, high, margin);
                if run.stopped() {
                    // Under PVS the last best move is searched first: a move
                    // of the unfinished iteration that proved better is kept.
                    if let Some((child, score)) = scored.iter().max_by_key(|(_, s)| *s) {
                        if limits.refine.pvs && margin == 0 && *score > low && *score > scored[0].1
                        {
                            outcome.best = Some(child.m);
                        }
                    }
                    break None;
                }
                let best = scored.iter().map(|(_, s)| *s).max().unwrap_or(-INFINITY);
                // Outside the window: search again with a wider one.
                width = width.saturating_mul(4);
                if best <= low && low > -INFINITY {
                    low = if width >= DECIDED {
                        -INFINITY
                    } else {
                        best - width
                    };
                } else if best >= high && high < INFINITY {
                    high = if width >= DECIDED {
                        INFINITY
                    } else {
                        best + width
                    };
                } else {
                    break Some(scored);
                }
                // The move that failed high is tried first.
                let mut order: Vec<_> = scored;
                order.sort_by_key(|(_, score)| -score);
                let tried: Vec<G::Move> = order.iter().map(|(c, _)| c.m).collect();
                children
                    .sort_by_key(|c| tried.iter().position(|&m| m == c.m).unwrap_or(usize::MAX));
            };
            let Some(mut scored) = scored else {
                break;
            };
            // Stable: among equal scores the earlier-searched move stays first.
            scored.sort_by_key(|(_, score)| -score);
            let alpha = scored[0].1;
            outcome.score = alpha;
            outcome.depth = depth;
            outcome.root = scored.iter().map(|(c, s)| (c.m, *s)).collect();
            outcome.best = Some(pick(&mut self.rng, &outcome.root, limits.choice));
            outcome.iterations.push(Iteration {
                depth,
                score: alpha,
                nodes: run.nodes(),
                elapsed: started.elapsed(),
            });
            children = scored.into_iter().map(|(c, _)| c).collect();
            // The root keeps twice the beam after the first iteration.
            if let Some(width) = limits.beam {
                children.truncate(2 * width.max(1));
            }
            crate::thinking::report(|| {
                format!("depth {depth}, score {alpha}, {} nodes", run.nodes())
            });
            if alpha.abs() >= DECIDED {
                break;
            }
        }
        outcome.nodes = run.nodes();
        outcome
    }
}

/// The first aspiration window's half-width, in evaluation units.
const ASPIRATION: i32 = 40;

/// One iteration over the root's `children` at `depth` within (`low`,
/// `high`): each move's score, in the order searched. A move is scored
/// exactly when it comes within `margin` of the best so far; under PVS a
/// move that cannot be best carries an upper bound. Stops early at a score
/// of `high` or more.
fn root_iteration<G, E>(
    run: &mut Run<'_, G, E>,
    children: &[negamax::Child<G>],
    depth: u32,
    low: i32,
    high: i32,
    margin: i32,
) -> Vec<(negamax::Child<G>, i32)>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
{
    let pvs = run.limits().refine.pvs && margin == 0;
    let mut alpha = low;
    let mut scored = Vec::with_capacity(children.len());
    for (i, child) in children.iter().enumerate() {
        let floor = alpha.saturating_sub(margin).max(-INFINITY);
        let mut score = if pvs && i > 0 {
            -run.negamax(
                &child.position,
                depth - 1,
                1,
                -alpha - 1,
                -alpha,
                true,
                None,
            )
        } else {
            floor
        };
        if !pvs || i == 0 || (score > alpha && score < high) {
            score = -run.negamax(&child.position, depth - 1, 1, -high, -floor, true, None);
        }
        if run.stopped() {
            break;
        }
        scored.push((child.clone(), score));
        alpha = alpha.max(score);
        if alpha >= high {
            break;
        }
    }
    scored
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

    /// Two rooms and a door out: the side to move steps to the other room
    /// (back and forth, a repetition) or leaves, ending the game 50 below
    /// even for itself.
    #[derive(Clone)]
    struct Rooms {
        room: u8,
        left: bool,
        side: u8,
    }

    impl Game for Rooms {
        type Move = bool;
        fn moves(&self, out: &mut Vec<bool>) {
            if !self.left {
                out.extend([false, true]);
            }
        }
        fn play(&mut self, leave: bool) {
            if leave {
                self.left = true;
            } else {
                self.room ^= 1;
            }
            self.side ^= 1;
        }
        fn evaluate(&self) -> i32 {
            // The side that left stands 50 below: its opponent is to move.
            if self.left {
                50
            } else {
                0
            }
        }
        fn key(&self) -> u64 {
            1 + u64::from(self.room) * 4 + u64::from(self.left) * 2 + u64::from(self.side)
        }
    }

    #[test]
    fn contempt_plays_on_rather_than_repeat_unless_it_stands_worse_than_that() {
        let start = Rooms {
            room: 0,
            left: false,
            side: 0,
        };
        let mut limits = Limits::depth(6);
        // A repetition scores 0, leaving -50: the search shuttles.
        let outcome = search(&start, limits);
        assert_eq!((outcome.best, outcome.score), (Some(false), 0));
        // A repetition at 100 below a draw for it: leaving is better.
        limits.contempt = 100;
        let outcome = search(&start, limits);
        assert_eq!((outcome.best, outcome.score), (Some(true), -50));
        // At 30 below, the repetition is still better than leaving.
        limits.contempt = 30;
        let outcome = search(&start, limits);
        assert_eq!((outcome.best, outcome.score), (Some(false), -30));
    }
}
