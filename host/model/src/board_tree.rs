//! The board's search as its hardware (`hdl::BoardTree`) runs it: a Monte
//! Carlo tree in block RAM over the evaluator's best moves, whose leaves the
//! playout bank ([`crate::playout_bank`]) plays out, in integer arithmetic
//! and with the cycles of every step, so that the hardware chooses exactly
//! this move after exactly these cycles. The engines `board-model[:MS]` and
//! `board-tree[:MS]` play it.
//!
//! # The search
//! 1. **Root**: the expander ([`crate::expander`]): the evaluator scores
//!    every candidate and the [`CHILDREN`] best are kept in order of score,
//!    ties in hardware order. No candidate: a pass; one tile left or one
//!    candidate: the best at once.
//! 2. **Rounds**, while the cycle counter is below the budget:
//!    - **Descent** from the root: at each node with children, the first
//!      child never visited, else the child with the highest
//!      [`ucb`] score (the first of equals); its move is played. It stops at
//!      a node without children, or [`MAX_DEPTH`] deep.
//!    - **Expansion** of that leaf when it has been visited at least
//!      [`EXPAND_AFTER`] times (the block's input `expand_after`), has no children, its game is not over and the node memory
//!      ([`NODES`]) has room: the expander's children of the leaf, in order,
//!      become its children (a pass when it has none). It runs beside the
//!      playouts.
//!    - **Playout**: the bank plays the leaf out ([`ENGINES`] playouts); its
//!      points (2 a win, 1 a draw) go up the path, each node counting them
//!      for the side that made its move.
//! 3. **Choice**: the root child with the most visits (the first of equals).
//!
//! # Selection in integers
//! A child with `v` visits and `p` points under a node with `n` visits scores
//! `mean + explore`, both with 16 fractional bits:
//! - `mean = (p >> s) * RECIPROCAL[v >> s]`, `s` the shift that leaves `v`
//!   8 bits at most, `RECIPROCAL[m] = 2^15 / m`: `p / 2v` (`p` counts 2 a win);
//! - `explore = (EXPLORE[bits(n)] * INVERSE_ROOT[v >> t] >> t / 2) >> 10`,
//!   `t` the even shift that leaves `v` 8 bits at most,
//!   `INVERSE_ROOT[m] = 2^12 / sqrt(m)` and
//!   `EXPLORE[b] = c sqrt(ln 2^(b - 1/2)) 2^14` for `n` of `b` bits: UCB1's
//!   `c sqrt(ln n / v)` with `ln n` read from the bit length of `n`.
//!
//! Each table is a small ROM; each score takes two 16 x 16 products.
//!
//! # Timing
//! `start` is taken at edge 1; the expander starts on the root
//! [`EXPANDER_DELAY`] edges later, and the root takes the expander's edges,
//! that delay and one more to decide. A round: [`CHECK_CYCLES`] to compare the
//! counter with the budget; a level of the descent [`LEVEL_CYCLES`] plus a
//! cycle per child; [`LEAF_CYCLES`] at the leaf; the playout (the bank's
//! edges) and, beside it, the expansion (the expander's edges after its
//! [`EXPANDER_DELAY`]), the longer
//! of the two; [`BACKUP_CYCLES`] per node of the
//! path. The choice takes a cycle per root child and [`CHOICE_CYCLES`] more;
//! `done` is high after its last edge. A node's word is read from the
//! memory into a register before it is used, two cycles after its address.

use crate::cell_playout::MAX_PLAYOUT_CYCLES;
use crate::clock::{Budget, CLOCK_HZ};
use crate::expander::expand;
use crate::ordered::Scored;
use crate::placer::placement_at;
use crate::playout_bank::FINISH_EDGES;
use crate::playout_bank::{PlayoutBank, ENGINES};
use crate::random::SEED;
use blokus::{Engine, Move, Player, Position};

/// Children a node keeps: the expander's best ([`crate::expander`]).
pub use crate::expander::CHILDREN;
/// Nodes the block RAM holds (the root's children among them): 32,768
/// words of 84 bits, 160 DP16KD (77% of them; the player's other 6 hold
/// the scorer's ROMs and the engines' and the expander's tables). With
/// nextpnr's HeAP placer this memory made the player route in over an
/// hour; the electrostatic placer (`--placer static`) places and routes
/// it in CI's time (BENCHMARKS.md; docs/design-log.md has the 8,192-node
/// tree it replaced, ten points weaker against Pentobi level 5).
pub const NODES: usize = 32_768;
/// Width of a node's visits (a search's playouts stay below `2^23`; the
/// root's count is one bit wider than any child's needs).
pub const VISIT_BITS: usize = 24;
/// Width of a node's points (at most twice its visits).
pub const POINT_BITS: usize = VISIT_BITS + 1;
/// Visits (playouts) a leaf takes before it is expanded: 32 rounds, so
/// that the node memory fills late in an opening move's search rather
/// than early (three engines of 14 cycles a placement play some 250,000
/// playouts in an opening move, and one expansion per 48 could ask for
/// 5,000; with 96 the board scored 62.5% of 100 games against Pentobi
/// level 5 where 48 had 50.0% of 63: docs/design-log.md).
pub const EXPAND_AFTER: u32 = 32 * ENGINES as u32;
/// The exploration constant `c`, in 1/256: 0.4 a round of two playouts,
/// scaled by the square root of the playouts a round (visits count
/// playouts, and the exploration term falls as one over the root of a
/// child's visits), so that the tree explores as much per round whatever
/// [`ENGINES`] is: 144 for four engines.
pub const EXPLORATION_Q8: u64 = exploration_q8(ENGINES as u64);

/// `102 sqrt(engines / 2)`, rounded to nearest ([`EXPLORATION_Q8`]).
const fn exploration_q8(engines: u64) -> u64 {
    // Twice the root, rounded down, by bisection (a const fn has no
    // floating point); halved rounding up, that is the root to nearest.
    let target = 102 * 102 * engines * 4 / 2;
    let (mut lo, mut hi) = (0u64, 1u64 << 16);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if mid * mid <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo.div_ceil(2)
}
/// Cycles of a round's budget check.
pub const CHECK_CYCLES: u64 = 1;
/// Cycles of a level of the descent besides one a child: the last child's
/// word out of the memory and into its register, its score
/// (`hdl::UCB_LATENCY`), the chosen child's read and its word's two cycles,
/// its placement registered, its move played.
pub const LEVEL_CYCLES: u64 = 2 + 4 + 1 + 1 + 1 + 1;
/// Cycles at the leaf before the playouts (the bank starts).
pub const LEAF_CYCLES: u64 = 1;
/// Edges from the phase that starts the expander (the root's `start`, the
/// leaf) to the expander's own `start`: a register between them, so that
/// no logic lies before the expander's fan-out (`hdl::BoardTree`).
pub const EXPANDER_DELAY: u64 = 1;
/// The deepest a descent goes (the path's stack): a node this deep is a
/// leaf even with children.
pub const MAX_DEPTH: usize = 32;
/// Cycles to write a node's counts back: its read, its word registered, its
/// write.
pub const BACKUP_CYCLES: u64 = 3;
/// Cycles of the choice besides one a root child: the last child's word out
/// of the memory and into its register.
pub const CHOICE_CYCLES: u64 = 2;

/// The longest the bank can play: an engine's longest playout, then the
/// bank's own edges.
pub const MAX_PLAYOUT_EDGES: u64 = MAX_PLAYOUT_CYCLES + FINISH_EDGES;
/// The longest an expansion can take from the leaf: the expander's delay, the
/// candidate stream's longest run (every cell an attach cell, 2,047
/// candidates: the count's width), the scorer, then the children streamed
/// out.
pub const MAX_EXPANSION_EDGES: u64 = EXPANDER_DELAY
    + crate::cell_candidates::MAX_DONE_EDGE as u64
    + crate::expander::TAG_STAGES
    + 2
    + CHILDREN as u64;
/// The longest a round can take: the check, a descent [`MAX_DEPTH`] deep
/// through nodes of [`CHILDREN`] children, the leaf, the longer of the
/// playouts and the expansion, the backup.
pub const MAX_ROUND_CYCLES: u64 = CHECK_CYCLES
    + MAX_DEPTH as u64 * (LEVEL_CYCLES + CHILDREN as u64)
    + LEAF_CYCLES
    + if MAX_PLAYOUT_EDGES > MAX_EXPANSION_EDGES {
        MAX_PLAYOUT_EDGES
    } else {
        MAX_EXPANSION_EDGES
    }
    + BACKUP_CYCLES * MAX_DEPTH as u64;
// The board's watchdog cannot fire: the last round starts before
// `rounds_until` and ends within `MAX_ROUND_CYCLES`.
const _: () = assert!(tree_budget().rounds_until + MAX_ROUND_CYCLES < tree_budget().watchdog);

/// `2^15 / m` for `m` in 0..256 (0 for 0): the `RECIPROCAL` ROM.
pub fn reciprocal(m: u64) -> u64 {
    (1u64 << 15).checked_div(m).unwrap_or(0)
}

/// `2^12 / sqrt(m)` for `m` in 0..256 (0 for 0), rounded down exactly:
/// the `INVERSE_ROOT` ROM.
pub fn inverse_root(m: u64) -> u64 {
    if m == 0 {
        return 0;
    }
    // The largest r with r^2 * m <= 2^24.
    let mut r = ((1u64 << 24) as f64 / m as f64).sqrt() as u64;
    while r * r * m > 1 << 24 {
        r -= 1;
    }
    while (r + 1) * (r + 1) * m <= 1 << 24 {
        r += 1;
    }
    r
}

/// `c sqrt(ln 2^(b - 1/2)) 2^14` for `b` bits (0 for `b` 0), rounded down:
/// the `EXPLORE` ROM.
pub fn explore_factor(bits: u32) -> u64 {
    explore_factor_with(bits, EXPLORATION_Q8)
}

/// [`explore_factor`] for another `c`, `exploration_q8 / 256`.
pub fn explore_factor_with(bits: u32, exploration_q8: u64) -> u64 {
    if bits == 0 {
        return 0;
    }
    let ln = (f64::from(bits) - 0.5) * std::f64::consts::LN_2;
    (exploration_q8 as f64 / 256.0 * ln.sqrt() * 16384.0) as u64
}

/// The bit length of `x`.
pub fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// A child's selection score (16 fractional bits) with `visits` (> 0) and
/// `points` under a node with `parent` visits; see the module's doc.
pub fn ucb(points: u64, visits: u64, parent: u64) -> u64 {
    ucb_with(points, visits, parent, EXPLORATION_Q8)
}

/// [`ucb`] for another `c`, `exploration_q8 / 256`.
pub fn ucb_with(points: u64, visits: u64, parent: u64, exploration_q8: u64) -> u64 {
    let s = bits(visits).saturating_sub(8);
    let mean = (points >> s) * reciprocal(visits >> s);
    let t = (s + 1) & !1;
    let explore = (explore_factor_with(bits(parent), exploration_q8)
        * (inverse_root(visits >> t) >> (t / 2)))
        >> 10;
    mean + explore
}

/// A node of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    /// The move into it (`None`: a pass).
    chosen: Option<(u8, u8)>,
    visits: u64,
    /// Points for the side that made the move.
    points: u64,
    /// Its children, once expanded: the first's index and how many.
    children: Option<(usize, usize)>,
}

impl Node {
    fn new(chosen: Option<(u8, u8)>) -> Node {
        Node {
            chosen,
            visits: 0,
            points: 0,
            children: None,
        }
    }
}

/// What a search found and the work it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeOutcome {
    /// The move chosen: a root candidate, or `None` for a pass.
    pub best: Option<Scored>,
    /// The root's candidates.
    pub candidates: usize,
    /// The root's children: each kept candidate, its visits and points.
    pub root: Vec<(Scored, u64, u64)>,
    /// Rounds completed (each the bank's [`ENGINES`] playouts).
    pub rounds: u32,
    /// Nodes in the tree memory.
    pub nodes: usize,
    /// The deepest leaf reached.
    pub depth: usize,
    /// Plies the engines played.
    pub plies: u64,
    /// The edge after which `done` is high, counted from the one that took `start`.
    pub edges: u64,
    /// The watchdog ended the search.
    pub timed_out: bool,
}

impl TreeOutcome {
    /// Playouts completed.
    pub fn playouts(&self) -> u64 {
        u64::from(self.rounds) * ENGINES as u64
    }
}

/// The board's budget for the tree: rounds start during 0.85 s of board
/// time; a round ([`MAX_ROUND_CYCLES`]) is far shorter than the 0.05 s left
/// before the watchdog, which therefore never fires.
pub const fn tree_budget() -> Budget {
    Budget {
        rounds_until: CLOCK_HZ * 85 / 100,
        watchdog: CLOCK_HZ * 90 / 100,
    }
}

/// A move of the expander's list as the model's move.
fn move_of(chosen: Option<(u8, u8)>) -> Move {
    chosen.map_or(Move::Pass, |(shape, corner)| {
        Move::Place(placement_at(shape, corner).expect("a candidate lies on the board"))
    })
}

/// The tree search of the side to move of `position` (not over), with
/// rounds until `budget.rounds_until`, as the board runs it.
pub fn search(position: &Position, budget: Budget) -> TreeOutcome {
    search_expanding_after(position, budget, EXPAND_AFTER)
}

/// The tree's two settings: a leaf is expanded after `expand_after` visits
/// (`hdl::BoardTree`'s input of that name), and the exploration constant
/// is `exploration_q8 / 256` (the hardware's `EXPLORE` ROM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeSettings {
    pub expand_after: u32,
    pub exploration_q8: u64,
}

impl TreeSettings {
    /// The board's: [`EXPAND_AFTER`] and [`EXPLORATION_Q8`].
    pub const BOARD: TreeSettings = TreeSettings {
        expand_after: EXPAND_AFTER,
        exploration_q8: EXPLORATION_Q8,
    };
}

/// [`search`] with a leaf expanded after `expand_after` visits (the
/// board's is [`EXPAND_AFTER`]; tests take fewer to grow deep trees in few
/// rounds).
pub fn search_expanding_after(
    position: &Position,
    budget: Budget,
    expand_after: u32,
) -> TreeOutcome {
    let settings = TreeSettings {
        expand_after,
        ..TreeSettings::BOARD
    };
    search_with(position, budget, settings)
}

/// [`search`] with other [`TreeSettings`] than the board's: what a board
/// built with them would play (for tuning them).
pub fn search_with(position: &Position, budget: Budget, settings: TreeSettings) -> TreeOutcome {
    let TreeSettings {
        expand_after,
        exploration_q8,
    } = settings;
    let me = position.to_move();
    let root_expansion = expand(position);
    let kept = root_expansion.children;
    let mut edge = EXPANDER_DELAY + root_expansion.edges + 1;
    let mut outcome = TreeOutcome {
        best: kept.first().copied(),
        candidates: root_expansion.candidates,
        root: kept.iter().map(|&c| (c, 0, 0)).collect(),
        rounds: 0,
        nodes: kept.len(),
        depth: 0,
        plies: 0,
        edges: 0,
        timed_out: false,
    };
    let last_tile = position.tiles_placed(me) == 20;
    if kept.len() <= 1 || last_tile {
        outcome.edges = edge;
        return outcome;
    }
    let mut nodes: Vec<Node> = kept
        .iter()
        .map(|c| Node::new(Some((c.shape, c.corner))))
        .collect();
    let root_children = (0, kept.len());
    let mut root_visits = 0u64;
    let mut bank = PlayoutBank::new(SEED);
    let mut path: Vec<(usize, Player)> = Vec::new();
    loop {
        // The check reads the counter `edge + 1` in its cycle.
        let counter = edge + 1;
        edge += CHECK_CYCLES;
        if counter >= budget.rounds_until {
            break;
        }
        // Descent.
        let mut leaf = position.clone();
        let mut children = Some(root_children);
        let mut parent_visits = root_visits;
        path.clear();
        while let Some((first, count)) = children {
            let unvisited = (first..first + count).find(|&i| nodes[i].visits == 0);
            let chosen = unvisited.unwrap_or_else(|| {
                let mut best = first;
                let mut best_score = 0;
                for (i, node) in nodes.iter().enumerate().skip(first).take(count) {
                    let score = ucb_with(node.points, node.visits, parent_visits, exploration_q8);
                    if i == first || score > best_score {
                        best = i;
                        best_score = score;
                    }
                }
                best
            });
            edge += LEVEL_CYCLES + count as u64;
            path.push((chosen, leaf.to_move()));
            leaf.play(move_of(nodes[chosen].chosen));
            parent_visits = nodes[chosen].visits;
            children = nodes[chosen].children.filter(|_| path.len() < MAX_DEPTH);
        }
        edge += LEAF_CYCLES;
        outcome.depth = outcome.depth.max(path.len());
        // Expansion, beside the playouts: the new children, each with the
        // edge after which the expander shows it (it is written at the next).
        let (leaf_index, _) = *path.last().expect("the root has children");
        let mut expansion = 0;
        let mut new_children: Vec<(Node, u64)> = Vec::new();
        if nodes[leaf_index].visits >= u64::from(expand_after)
            && nodes[leaf_index].children.is_none()
            && !leaf.is_over()
            && nodes.len() + CHILDREN <= NODES
        {
            let children = expand(&leaf);
            expansion = EXPANDER_DELAY + children.edges;
            let n = children.children.len() as u64;
            if n == 0 {
                new_children.push((Node::new(None), edge + expansion - 1));
            } else {
                let first_shown = edge + expansion - n - 2;
                new_children.extend(
                    children
                        .children
                        .iter()
                        .zip(first_shown..)
                        .map(|(c, at)| (Node::new(Some((c.shape, c.corner))), at)),
                );
            }
        }
        // Playouts.
        let run = bank.run(&leaf);
        let playing = run.edges.max(expansion);
        if budget.watchdog <= edge + playing {
            // The watchdog fires in the cycle after edge `fired`: what was
            // written or counted by then stands; the choice follows.
            let fired = edge.max(budget.watchdog - 1);
            nodes.extend(
                new_children
                    .iter()
                    .filter(|&&(_, at)| at <= fired)
                    .map(|&(node, _)| node),
            );
            if edge + run.edges - 1 <= fired {
                outcome.plies += u64::from(run.plies);
            }
            edge = fired + 1;
            outcome.timed_out = true;
            break;
        }
        if !new_children.is_empty() {
            let first = nodes.len();
            nodes.extend(new_children.iter().map(|&(node, _)| node));
            nodes[leaf_index].children = Some((first, nodes.len() - first));
        }
        edge += playing;
        outcome.plies += u64::from(run.plies);
        // Backup: each node counts the points for the side that moved into it.
        let full = 2 * ENGINES as u64;
        for &(i, mover) in &path {
            let points = u64::from(run.points);
            nodes[i].visits += ENGINES as u64;
            nodes[i].points += if mover == leaf.to_move() {
                points
            } else {
                full - points
            };
        }
        root_visits += ENGINES as u64;
        edge += BACKUP_CYCLES * path.len() as u64;
        outcome.rounds += 1;
    }
    // Choice: the most visited root child, the first of equals.
    edge += kept.len() as u64 + CHOICE_CYCLES;
    let mut best = 0;
    for i in 0..kept.len() {
        if nodes[i].visits > nodes[best].visits {
            best = i;
        }
    }
    outcome.best = Some(kept[best]);
    outcome.root = kept
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, nodes[i].visits, nodes[i].points))
        .collect();
    outcome.nodes = nodes.len();
    outcome.edges = edge;
    outcome
}

/// The tree search as an engine (`board-tree[:MS]`): the board's next
/// search, move for move (or, with other [`TreeSettings`], the search a
/// board built with them would make: for tuning them).
pub struct BoardTree {
    budget: Budget,
    settings: TreeSettings,
    last: Option<TreeOutcome>,
}

impl BoardTree {
    /// The search with `budget` ([`tree_budget`] is the board's).
    pub fn new(budget: Budget) -> BoardTree {
        BoardTree::with_settings(budget, TreeSettings::BOARD)
    }

    /// The search with `budget` and `settings`.
    pub fn with_settings(budget: Budget, settings: TreeSettings) -> BoardTree {
        BoardTree {
            budget,
            settings,
            last: None,
        }
    }
}

impl Engine for BoardTree {
    fn name(&self) -> &str {
        "board-tree"
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let outcome = search_with(position, self.budget, self.settings);
        let m = move_of(outcome.best.map(|c| (c.shape, c.corner)));
        self.last = Some(outcome);
        m
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            format!(
                "{} playouts in {} rounds, {} nodes, depth {}, {:.0} ms of board time",
                o.playouts(),
                o.rounds,
                o.nodes,
                o.depth,
                o.edges as f64 * 1e3 / CLOCK_HZ as f64
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::sensible_games;

    #[test]
    fn exploration_is_scaled_by_the_root_of_the_playouts_a_round() {
        assert_eq!(exploration_q8(2), 102);
        assert_eq!(exploration_q8(4), 144); // 102 x 1.414 = 144.2
        assert_eq!(exploration_q8(8), 204);
        for engines in 1..=16u64 {
            let exact = 102.0 * (engines as f64 / 2.0).sqrt();
            assert!(
                (exploration_q8(engines) as f64 - exact).abs() <= 0.5,
                "{engines}"
            );
        }
    }

    #[test]
    fn the_tables_are_what_their_names_say() {
        assert_eq!(reciprocal(1), 32_768);
        assert_eq!(reciprocal(255), 128);
        assert_eq!(inverse_root(1), 4096);
        assert_eq!(inverse_root(4), 2048);
        assert_eq!(inverse_root(255), 256); // 4096 / 15.97 = 256.5
        for m in 1..256 {
            let r = inverse_root(m);
            assert!(
                r * r * m <= 1 << 24 && (r + 1) * (r + 1) * m > 1 << 24,
                "m {m}"
            );
        }
        // c sqrt(ln 2^(b - 1/2)) for b = 11: 2^10.5 = 1448.15.
        let want = EXPLORATION_Q8 as f64 / 256.0 * 1448.15f64.ln().sqrt() * 16384.0;
        assert!((explore_factor(11) as f64 - want).abs() < 2.0);
        assert_eq!(explore_factor(0), 0);
        // Every factor fits the 16-bit multiplier.
        assert!((0..32).all(|b| explore_factor(b) < 1 << 16));
    }

    #[test]
    fn the_integer_score_follows_ucb1_within_a_few_percent() {
        for (points, visits, parent) in [
            (6, 4, 100),
            (300, 200, 5_000),
            (51_000, 40_000, 100_000),
            (10, 100, 1_000_000),
        ] {
            let exact = points as f64 / (2.0 * visits as f64)
                + EXPLORATION_Q8 as f64 / 256.0 * ((parent as f64).ln() / visits as f64).sqrt();
            let got = ucb(points, visits, parent) as f64 / 65536.0;
            assert!(
                (got - exact).abs() < 0.03 * exact + 0.01,
                "{points}/{visits} under {parent}: {got} against {exact}"
            );
        }
        // More points, or fewer visits, never score lower.
        assert!(ucb(30, 20, 400) > ucb(20, 20, 400));
        assert!(ucb(20, 10, 400) > ucb(20, 20, 400));
    }

    #[test]
    fn a_search_spends_its_budget_and_chooses_the_most_visited_root_child() {
        let games = sensible_games(3, 1, 4);
        let position = games[0][10].clone();
        let budget = Budget::rounds_for(2_000_000);
        let outcome = search(&position, budget);
        assert!(outcome.rounds > 100, "{outcome:?}");
        assert!(outcome.edges >= budget.rounds_until);
        assert!(outcome.edges < budget.rounds_until + 20_000);
        assert!(outcome.nodes > CHILDREN && outcome.depth >= 2);
        let visits: u64 = outcome.root.iter().map(|r| r.1).sum();
        assert_eq!(visits, outcome.playouts());
        let most = outcome.root.iter().map(|r| r.1).max().unwrap();
        let best = outcome.best.unwrap();
        let first_most = outcome.root.iter().find(|r| r.1 == most).unwrap().0;
        assert_eq!(
            (best.shape, best.corner),
            (first_most.shape, first_most.corner)
        );
        // The same search again is the same search.
        assert_eq!(search(&position, budget), outcome);
        let mut engine = BoardTree::new(budget);
        let m = engine.choose(&position);
        let Move::Place(placed) = m else {
            panic!("a pass with candidates")
        };
        assert!(position.legal_placements().contains(&placed), "{m:?}");
    }

    #[test]
    fn the_round_bounds_hold_and_the_watchdog_stops_a_search() {
        let mut bank = PlayoutBank::new(SEED);
        let mut checked = 0;
        for game in sensible_games(5, 4, 4) {
            for p in game.iter().step_by(3).filter(|p| !p.is_over()) {
                assert!(expand(p).edges <= MAX_EXPANSION_EDGES);
                let run = bank.run(p);
                assert!(run.edges <= MAX_PLAYOUT_EDGES, "{} edges", run.edges);
                checked += 1;
            }
        }
        assert!(checked > 40);
        // A watchdog inside the rounds: the search stops there and chooses.
        let position = sensible_games(3, 1, 4)[0][10].clone();
        let mut budget = Budget::rounds_for(200_000);
        let free = search(&position, budget);
        budget.watchdog = 100_000;
        let stopped = search(&position, budget);
        assert!(stopped.timed_out && !free.timed_out);
        assert!(stopped.rounds < free.rounds && stopped.rounds > 10);
        assert!(stopped.edges > budget.watchdog);
        assert!(stopped.edges < budget.watchdog + MAX_ROUND_CYCLES);
        let visits: u64 = stopped.root.iter().map(|r| r.1).sum();
        assert_eq!(visits, stopped.playouts());
    }

    #[test]
    fn forced_moves_and_passes_take_no_rounds() {
        let games = sensible_games(11, 4, 4);
        // A side without a candidate passes at once.
        let passing = games
            .iter()
            .flatten()
            .find(|p| !p.is_over() && p.legal_placements().is_empty())
            .expect("a position where the side to move must pass");
        let outcome = search(passing, tree_budget());
        assert_eq!((outcome.best, outcome.rounds, outcome.nodes), (None, 0, 0));
        // One candidate: it at once.
        let forced = games
            .iter()
            .flatten()
            .find(|p| p.legal_placements().len() == 1)
            .expect("a position with one move");
        let outcome = search(forced, tree_budget());
        assert_eq!((outcome.rounds, outcome.nodes), (0, 1));
        assert_eq!(outcome.edges, EXPANDER_DELAY + expand(forced).edges + 1);
        // After the other side's pass, the search runs as usual.
        let mut position = Position::new();
        position.play(Move::Pass);
        assert!(search(&position, Budget::rounds_for(100_000)).rounds > 0);
    }
}
