//! One search's recursion: negamax alpha-beta with the transposition table,
//! ordered children, repetition as a draw, quiescence, the stop test
//! (limits, clock, or a watcher's request: [`crate::thinking`]), and the
//! refinements each engine switches on ([`Refinements`]): move ordering by
//! hints, killers and history, principal variation search, null-move
//! pruning, late-move reductions, futility and late-move pruning, check
//! extensions and static exchange in quiescence.

use super::table::{Bound, Entry, Table};
use super::terms::{
    Evaluator, Game, Limits, Refinements, DECIDED, FUTILITY_DEPTH, FUTILITY_MARGIN,
    HISTORY_TRUSTED, IIR_DEPTH, INFINITY, PRUNING_DEPTH,
};
use crate::thinking;
use std::borrow::Cow;
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
    /// Two quiet moves a ply that last caused a cutoff there.
    killers: Vec<[Option<G::Move>; 2]>,
    /// Each quiet move's cutoffs, weighted by the depth squared.
    history: Vec<i32>,
    /// The iteration's depth (check extensions stop at twice it).
    iteration: u32,
    /// Move lists of finished nodes, kept for the next nodes to fill
    /// rather than each node allocating its own.
    spare_moves: Vec<Vec<G::Move>>,
    /// The ordering's scratch list of scored moves.
    scored: Vec<(i32, G::Move)>,
}

/// Ordering scores above every history score: the table's move, then
/// hinted moves (by their hint), then the killers.
const TABLE_MOVE: i32 = i32::MAX;
const HINTED: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;

/// The children a node searches: played out beforehand (the one-ply
/// ordering) or moves played as they come ([`Refinements::ordering`]).
enum Ordered<G: Game> {
    Children(Vec<Child<G>>),
    Moves(Vec<G::Move>),
}

impl<G: Game> Ordered<G> {
    fn len(&self) -> usize {
        match self {
            Ordered::Children(children) => children.len(),
            Ordered::Moves(moves) => moves.len(),
        }
    }

    /// The `i`th move, the position after it, and its one-ply score if known.
    fn get<'c>(&'c self, parent: &G, i: usize) -> (G::Move, Cow<'c, G>, Option<i32>) {
        match self {
            Ordered::Children(children) => {
                let child = &children[i];
                (child.m, Cow::Borrowed(&child.position), Some(child.order))
            }
            Ordered::Moves(moves) => {
                let mut position = parent.clone();
                position.play(moves[i]);
                (moves[i], Cow::Owned(position), None)
            }
        }
    }
}

/// What a node tells the search of its `index`th child.
struct Node {
    index: usize,
    depth: u32,
    ply: u32,
    in_check: bool,
    /// A quiet move here is pruned (futility, late-move pruning).
    skip_if_quiet: bool,
}

/// How many plies a late quiet move is searched shallower first.
fn reduction(depth: u32, index: usize) -> u32 {
    let r = (f64::from(depth).ln() * (index as f64).ln() / 2.0).round() as u32;
    r.clamp(1, 4)
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
            killers: Vec::new(),
            history: vec![0; G::HISTORY_SIZE],
            iteration: 0,
            spare_moves: Vec::new(),
            scored: Vec::new(),
        }
    }

    fn refine(&self) -> Refinements {
        self.limits.refine
    }

    /// Starts the root's iteration at `depth`.
    pub fn begin_iteration(&mut self, depth: u32) {
        self.iteration = depth;
    }

    /// Pops the key [`Run::enter`] pushed.
    fn leave(&mut self, key: u64) {
        if key != 0 {
            self.path.pop();
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
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

    /// A repetition's score for the side to move `ply` plies from the root
    /// ([`Limits::contempt`]).
    fn draw_score(&self, ply: u32) -> i32 {
        if ply.is_multiple_of(2) {
            -self.limits.contempt
        } else {
            self.limits.contempt
        }
    }

    /// The one-ply score of `child` for the side that moved into it, `ply` plies
    /// from the root: its decided result, a draw if it repeats, else the evaluation.
    fn one_ply(&self, child: &G, ply: u32) -> i32 {
        if let Some(result) = child.terminal() {
            -at_ply(result, ply)
        } else if self.repeats(child.key()) {
            -self.draw_score(ply)
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

    /// The moves of `position` (`ply` from the root) in the order the
    /// refined search tries them: the table's move, hinted moves by their
    /// hint, the killers, then the rest by history; only noisy ones when
    /// `noisy_only`.
    fn ordered_moves(
        &mut self,
        position: &G,
        ply: u32,
        first: Option<G::Move>,
        noisy_only: bool,
    ) -> Vec<G::Move> {
        let mut moves = self.spare_moves.pop().unwrap_or_default();
        moves.clear();
        position.moves(&mut moves);
        if noisy_only {
            moves.retain(|&m| position.is_noisy(m));
        }
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None; 2]);
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        scored.extend(moves.iter().map(|&m| {
            let score = if Some(m) == first {
                TABLE_MOVE
            } else {
                let hint = position.order_hint(m);
                if hint > 0 {
                    HINTED + hint.min(HINTED - 1)
                } else if Some(m) == killers[0] {
                    KILLER + 1
                } else if Some(m) == killers[1] {
                    KILLER
                } else if G::HISTORY_SIZE > 0 {
                    self.history[position.history_index(m)] + hint
                } else {
                    hint
                }
            };
            (score, m)
        }));
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        moves.clear();
        moves.extend(scored.iter().map(|&(_, m)| m));
        self.scored = scored;
        moves
    }

    /// Keeps a finished node's move list for the next node.
    fn recycle(&mut self, ordered: Ordered<G>) {
        if let Ordered::Moves(moves) = ordered {
            self.spare_moves.push(moves);
        }
    }

    /// Remembers that the quiet move `m` of `position` cut off at `ply`, `depth` deep.
    fn reward(&mut self, position: &G, m: G::Move, ply: u32, depth: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        if G::HISTORY_SIZE > 0 {
            let slot = &mut self.history[position.history_index(m)];
            *slot = (*slot + (depth * depth) as i32).min(KILLER - 1);
        }
    }

    /// The score of `position` for its side to move, searched `depth` plies deep
    /// within (`alpha`, `beta`), `ply` plies from the root; `null_ok` when
    /// the move into it was not a null move; `known_check` whether its side
    /// to move is in check, when the caller has found it out already.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
        known_check: Option<bool>,
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
            return self.draw_score(ply);
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
        let refine = self.refine();
        let depth = if refine.iterative_reduction && first.is_none() && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };
        let in_check = (refine.null_move
            || refine.reductions
            || refine.check_extension
            || refine.futility
            || refine.late_moves)
            && known_check.unwrap_or_else(|| position.in_check());
        // Away from the principal variation and out of check, the node may
        // be cut or thinned on its evaluation.
        let prunable = beta - alpha == 1 && !in_check && beta.abs() < DECIDED;
        // Evaluated here only for futility; the null move evaluates the
        // node itself when it gets that far.
        let static_eval = (prunable && refine.futility).then(|| self.eval.evaluate(position));
        if let Some(eval) = static_eval.filter(|_| refine.futility && depth <= FUTILITY_DEPTH) {
            if eval - FUTILITY_MARGIN * depth as i32 >= beta {
                return eval;
            }
        }
        if refine.null_move && null_ok && prunable && depth >= 3 {
            if let Some(passed) = position.null_move() {
                if static_eval.unwrap_or_else(|| self.eval.evaluate(position)) >= beta {
                    let r = if refine.deep_null {
                        3 + depth / 3
                    } else {
                        2 + depth / 6
                    };
                    let reduced = depth - 1 - r.min(depth - 1);
                    self.enter(key);
                    let score =
                        -self.negamax(&passed, reduced, ply + 1, -beta, 1 - beta, false, None);
                    self.leave(key);
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return score.min(DECIDED - 1);
                    }
                }
            }
        }
        self.enter(key);
        let ordered = if refine.ordering {
            let mut moves = self.ordered_moves(position, ply, first, false);
            if let Some(width) = self.limits.beam {
                moves.truncate(width.max(1));
            }
            Ordered::Moves(moves)
        } else {
            Ordered::Children(self.children(position, ply, first, self.limits.beam))
        };
        let alpha_at_entry = alpha;
        // Near the leaves, quiet moves past `quiet_limit` are not searched:
        // all of them where the evaluation is too far below alpha.
        let near_leaves = prunable && depth <= PRUNING_DEPTH;
        let futile = refine.futility
            && near_leaves
            && static_eval.is_some_and(|eval| eval + FUTILITY_MARGIN * (depth as i32 + 1) <= alpha);
        let quiet_limit = if futile {
            1
        } else if refine.late_moves && near_leaves {
            3 + (depth * depth) as usize
        } else {
            usize::MAX
        };
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..ordered.len() {
            let (m, child, order) = ordered.get(position, i);
            let score = match order {
                Some(order) if depth == 1 && !self.limits.quiescence => {
                    // The one-ply score is this child's whole search at depth 0.
                    self.count_node();
                    order
                }
                _ => {
                    let node = Node {
                        index: i,
                        depth,
                        ply,
                        in_check,
                        skip_if_quiet: i >= quiet_limit,
                    };
                    match self.search_child(position, m, &child, &node, alpha, beta) {
                        Some(score) => score,
                        None => continue,
                    }
                }
            };
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if self.stopped {
                break;
            }
            if alpha >= beta {
                if refine.ordering && !position.is_noisy(m) {
                    self.reward(position, m, ply, depth);
                }
                break;
            }
        }
        self.leave(key);
        let searched_none = ordered.len() == 0;
        self.recycle(ordered);
        if searched_none {
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

    /// The score of the child of `parent` (`child`, after `m`) `node` describes,
    /// within (`alpha`, `beta`): extended if it gives check, reduced if it
    /// is a late quiet move, and with a null window first under PVS; `None`
    /// when it is a quiet move `node` lets go unsearched.
    fn search_child(
        &mut self,
        parent: &G,
        m: G::Move,
        child: &G,
        node: &Node,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let refine = self.refine();
        // A move that gives check is never pruned, whether or not it is extended.
        let known_check = (refine.check_extension || node.skip_if_quiet).then(|| child.in_check());
        let gives_check = known_check == Some(true);
        let quiet = !gives_check && !node.in_check && !parent.is_noisy(m);
        if quiet && node.skip_if_quiet {
            return None;
        }
        let extend = refine.check_extension
            && gives_check
            && node.ply < 2 * self.iteration
            && (!refine.safe_checks || parent.exchange(m) >= 0);
        let depth = node.depth - 1 + u32::from(extend);
        let ply = node.ply + 1;
        let reduce = if refine.reductions && quiet && depth >= 2 && node.index >= 3 {
            let r = reduction(depth + 1, node.index);
            let r = if refine.history_reductions && G::HISTORY_SIZE > 0 {
                match self.history[parent.history_index(m)] {
                    0 => r + 1,
                    h if h >= HISTORY_TRUSTED => r - 1,
                    _ => r,
                }
            } else {
                r
            };
            r.min(depth - 1)
        } else {
            0
        };
        if reduce > 0 {
            let score = -self.negamax(
                child,
                depth - reduce,
                ply,
                -alpha - 1,
                -alpha,
                true,
                known_check,
            );
            if score <= alpha {
                return Some(score);
            }
        }
        if node.index > 0 && refine.pvs && beta - alpha > 1 {
            let score = -self.negamax(child, depth, ply, -alpha - 1, -alpha, true, known_check);
            if score <= alpha || score >= beta {
                return Some(score);
            }
        }
        Some(-self.negamax(child, depth, ply, -beta, -alpha, true, known_check))
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
        let refine = self.refine();
        // In check (with check extensions on), every evasion is searched and
        // standing pat is no option.
        let evading = refine.check_extension && taken < QUIESCENCE_PLIES && position.in_check();
        let stand = if evading {
            -INFINITY
        } else {
            self.eval.evaluate(position)
        };
        if stand >= beta || taken >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let ordered = if refine.ordering {
            let mut moves = self.ordered_moves(position, ply, None, !evading);
            if refine.exchange && !evading {
                moves.retain(|&m| position.exchange(m) >= 0);
            }
            Ordered::Moves(moves)
        } else {
            Ordered::Children(self.children_where(position, ply, None, None, !evading))
        };
        if evading && ordered.len() == 0 {
            return at_ply(position.no_move_score(), ply);
        }
        for i in 0..ordered.len() {
            let (_, child, _) = ordered.get(position, i);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, taken + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        self.recycle(ordered);
        best
    }
}
