//! One search's recursion: negamax alpha-beta with the transposition table,
//! ordered children, repetition as a draw, quiescence, and the stop test
//! (limits, clock, or a watcher's request: [`crate::thinking`]).

use super::table::{Bound, Entry, Table};
use super::terms::{Evaluator, Game, Limits, DECIDED, INFINITY};
use crate::thinking;
use std::time::Instant;

/// Quiescence follows at most this many noisy moves past the nominal depth.
const QUIESCENCE_PLIES: u32 = 12;

/// A child of a node: the move, the position after it, and its one-ply score
/// for the mover (the order the node searches its children in).
#[derive(Clone)]
pub struct Child<G: Game> {
    pub m: G::Move,
    pub position: G,
    pub order: i32,
}

/// The state of one search.
pub struct Run<'a, G: Game, E: ?Sized> {
    table: &'a mut Table<G::Move>,
    eval: &'a E,
    limits: Limits,
    deadline: Option<Instant>,
    /// Keys of the game's positions before this node, oldest first.
    path: Vec<u64>,
    nodes: u64,
    stopped: bool,
}

/// A decided score `ply` plies from the root: wins sooner and losses later score higher.
fn at_ply(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= DECIDED {
        score - ply
    } else if score <= -DECIDED {
        score + ply
    } else {
        score
    }
}

/// A decided score as the table keeps it: counted from the stored node, not the root.
fn to_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= DECIDED {
        score + ply
    } else if score <= -DECIDED {
        score - ply
    } else {
        score
    }
}

impl<'a, G: Game, E: Evaluator<G> + ?Sized> Run<'a, G, E> {
    pub fn new(
        table: &'a mut Table<G::Move>,
        eval: &'a E,
        limits: Limits,
        history: &[u64],
    ) -> Run<'a, G, E> {
        Run {
            table,
            eval,
            limits,
            deadline: limits.time.map(|t| Instant::now() + t),
            path: history.iter().copied().filter(|&k| k != 0).collect(),
            nodes: 0,
            stopped: false,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Puts the root's key on the path (its children's repetitions see it).
    pub fn enter(&mut self, key: u64) {
        if key != 0 {
            self.path.push(key);
        }
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(64)
            && (self.deadline.is_some_and(|d| Instant::now() >= d) || thinking::stop_requested())
        {
            self.stopped = true;
        }
    }

    fn repeats(&self, key: u64) -> bool {
        key != 0 && self.path.contains(&key)
    }

    /// The one-ply score of `child` for the side that moved into it, `ply` plies
    /// from the root: its decided result, a draw if it repeats, else the evaluation.
    fn one_ply(&self, child: &G, ply: u32) -> i32 {
        if let Some(result) = child.terminal() {
            -at_ply(result, ply)
        } else if self.repeats(child.key()) {
            0
        } else {
            -self.eval.evaluate(child)
        }
    }

    /// The children of `position` (`ply` from the root), the table's move first,
    /// then best first by their one-ply score, cut to `beam`; only noisy moves
    /// when `noisy_only`.
    pub fn children(
        &mut self,
        position: &G,
        ply: u32,
        first: Option<G::Move>,
        beam: Option<usize>,
    ) -> Vec<Child<G>> {
        self.children_where(position, ply, first, beam, false)
    }

    fn children_where(
        &mut self,
        position: &G,
        ply: u32,
        first: Option<G::Move>,
        beam: Option<usize>,
        noisy_only: bool,
    ) -> Vec<Child<G>> {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        let mut children: Vec<Child<G>> = moves
            .into_iter()
            .filter(|&m| !noisy_only || position.is_noisy(m))
            .map(|m| {
                let mut child = position.clone();
                child.play(m);
                let order = self.one_ply(&child, ply + 1);
                Child {
                    m,
                    position: child,
                    order,
                }
            })
            .collect();
        children.sort_by_key(|c| -c.order);
        if let Some(first) = first {
            if let Some(at) = children.iter().position(|c| c.m == first) {
                let child = children.remove(at);
                children.insert(0, child);
            }
        }
        if let Some(width) = beam {
            children.truncate(width.max(1));
        }
        children
    }

    /// The score of `position` for its side to move, searched `depth` plies deep
    /// within (`alpha`, `beta`), `ply` plies from the root.
    pub fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        if let Some(result) = position.terminal() {
            return at_ply(result, ply);
        }
        let key = position.key();
        if self.repeats(key) {
            return 0;
        }
        if depth == 0 {
            return if self.limits.quiescence {
                self.quiesce(position, ply, alpha, beta, 0)
            } else {
                self.eval.evaluate(position)
            };
        }
        let mut first = None;
        if let Some(entry) = (key != 0).then(|| self.table.probe(key)).flatten() {
            first = entry.best;
            if entry.depth >= depth {
                let score = at_ply(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        self.enter(key);
        let children = self.children(position, ply, first, self.limits.beam);
        let alpha_at_entry = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for child in &children {
            let score = if depth == 1 && !self.limits.quiescence {
                // The one-ply score is this child's whole search at depth 0.
                self.count_node();
                child.order
            } else {
                -self.negamax(&child.position, depth - 1, ply + 1, -beta, -alpha)
            };
            if score > best {
                best = score;
                best_move = Some(child.m);
            }
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        if key != 0 {
            self.path.pop();
        }
        if children.is_empty() {
            return at_ply(position.no_move_score(), ply);
        }
        if !self.stopped && key != 0 {
            let bound = if best <= alpha_at_entry {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(Entry {
                key,
                depth,
                score: to_table(best, ply),
                bound,
                best: best_move,
            });
        }
        best
    }

    /// The score of `position` searching only noisy moves, the side to move
    /// free to stand pat on the evaluation.
    fn quiesce(&mut self, position: &G, ply: u32, mut alpha: i32, beta: i32, taken: u32) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        if let Some(result) = position.terminal() {
            return at_ply(result, ply);
        }
        let stand = self.eval.evaluate(position);
        if stand >= beta || taken >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for child in self.children_where(position, ply, None, None, true) {
            let score = -self.quiesce(&child.position, ply + 1, -beta, -alpha, taken + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}
