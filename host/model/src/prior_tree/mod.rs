//! The board's next search as its hardware will run it: N3 (a tree of
//! 1,048,576 words over the 32 children of each node by prior, Pentobi's
//! exploration and expansion, the three engines' refinements) pipelined,
//! its node memory in block RAM and the SDRAM, every step counted in the
//! board's cycles, so that the hardware (`hdl::PriorTree`, built to this
//! module) chooses exactly this move after exactly these cycles. The engine
//! `prior-tree[:MS]` plays it.
//!
//! # Units
//! Three units work at once: the **tree unit** (the node memory's only
//! user), the **bank** (three playout engines on one leaf, with the
//! `block`, `last2` and history refinements) and the **expander** (a
//! node's children by prior). The tree unit does one job at a time, each
//! chosen in a [`timing::DISPATCH`] cycle, in this order:
//! 1. **Backup**, when the bank's results are in: each node of the leaf's
//!    path counts the bank's three results for its mover
//!    ([`arith::backed_up`]); the root's visits and results are registers.
//! 2. **Link**, when the expander's children are ready: they are written
//!    as the next free block ([`arith::prior`], [`arith::start_value`]),
//!    and their node points to it.
//! 3. **Descent**, when no leaf waits for the bank: from the root, at each
//!    node the child with the highest [`arith::score`], the first of
//!    equals, reading only the first `opened + 1` children (they are in
//!    order of prior, so the first never chosen outscores every later
//!    one, and choosing it opens the next); the leaf in the bank's hands
//!    holds a virtual loss on its path ([`arith::with_virtual_loss`]). At
//!    a node without children, or [`search::MAX_DEPTH`] deep, the leaf: it
//!    waits for the bank, and when it has earned its children
//!    ([`arith::earned`]) and the expander is free, the expander starts on
//!    it. The leaf itself is played out: its children come later.
//!
//! The bank starts on the waiting leaf as soon as it is free, while the
//! cycle counter is below the budget's `rounds_until`; after the last run's
//! backup, the move is the root child with the most visits. The watchdog
//! (`watchdog` of the budget) ends a search whose bank is still at work,
//! as today's board's does.
//!
//! # Timing
//! [`timing`] gives the cycles and how they are counted: `start` is taken
//! at edge 1, the search's SDRAM `sync` is presented with it (cycle 0), the
//! expander takes its start on the root at edge [`timing::ROOT_EXPANDER`]
//! (the history's placements placed first). A bank run started at `t` (its
//! `start` high in cycle `t`) is done in cycle `t` plus the bank's edges
//! (`crate::playout_bank::BankRun::edges`), when the tree unit sees it; an
//! expansion whose start is taken at edge `e` is done in cycle `e - 1` plus
//! its edges. [`search_traced`] gives, beside the outcome, what the units
//! were given and when ([`search::Trace`]), and takes the node memory's
//! [`memory::Layout`].
//!
//! # The node memory
//! [`word`] gives a node's fields; [`memory`] where each block lies: the
//! first 1,024 blocks of 32 words in block RAM, a pair of children read a
//! cycle, the others in the SDRAM, whose every access (and refresh) the
//! controller's model ([`crate::sdram`]) times.

pub mod arith;
pub mod expansion;
pub mod memory;
pub mod search;
pub mod timing;
pub mod word;

use crate::clock::{Budget, CLOCK_HZ};
use crate::placer::placement_at;
use blokus::{Bitboard, Engine, Move, Placement, Player, Position};
pub use expansion::{Expansion, CHILDREN};

/// A root child for people: its move (`None`, a pass), its visits and
/// its mean result.
pub type RootChild = (Option<(u8, u8)>, u32, u32);

/// What a search found and the work it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The move.
    pub best: Option<(u8, u8)>,
    /// Its tile is the side's last, or it is the only candidate: no round.
    pub forced: bool,
    /// The root's legal placements.
    pub candidates: usize,
    /// Bank runs started (each [`crate::playout_bank::ENGINES`] playouts).
    pub rounds: u64,
    /// Plies the engines played.
    pub plies: u64,
    /// Blocks of the node memory handed out.
    pub blocks: usize,
    /// The deepest leaf.
    pub depth: usize,
    /// The edge after which `done` is high, counted from `start`'s.
    pub edges: u64,
    /// The watchdog ended the search.
    pub timed_out: bool,
    /// The root's children: move, visits, mean result.
    pub root: Vec<RootChild>,
}

impl Outcome {
    /// Playouts played.
    pub fn playouts(&self) -> u64 {
        self.rounds * crate::playout_bank::ENGINES as u64
    }
}

/// The search of `position` (not over) with `budget`; `history` the last
/// three placements before it, the latest first (`None`: a pass or none).
pub fn search(position: &Position, history: [Option<Placement>; 3], budget: Budget) -> Outcome {
    search_traced(position, history, budget, memory::Layout::BOARD).0
}

/// [`search`] with the node memory's `layout`, and what the search gave its
/// units.
pub fn search_traced(
    position: &Position,
    history: [Option<Placement>; 3],
    budget: Budget,
    layout: memory::Layout,
) -> (Outcome, search::Trace) {
    let mut tree = search::Tree::new(position.clone(), history, layout);
    let out = search_tree(&mut tree, position, budget);
    (out, tree.trace)
}

fn search_tree(tree: &mut search::Tree, position: &Position, budget: Budget) -> Outcome {
    // `start` is edge 1; the expander takes its start on the root once the
    // history's placements are placed.
    let (root, written) = tree.expand_root(timing::ROOT_EXPANDER);
    let mut out = Outcome {
        candidates: root.candidates,
        best: root.children[0].code,
        ..Outcome::default()
    };
    let me = position.to_move();
    if root.children.len() <= 1 || position.tiles_placed(me) == 20 {
        out.forced = true;
        out.edges = timing::ROOT_EXPANDER + root.cycles + 1;
        return out;
    }
    let end = search::rounds(tree, written, budget, &mut out);
    let best = tree.choice();
    out.best = tree.root()[best].0;
    out.root = tree.root();
    out.blocks = tree.blocks();
    out.depth = tree.depth;
    out.edges = end + timing::choose(root.children.len());
    out
}

/// The search as an engine: `prior-tree[:MS]`.
pub struct PriorTree {
    budget: Budget,
    last: Option<Outcome>,
    /// The position after its own last move, and that move: to find the
    /// placements before the next position.
    after: Option<(Position, [Option<Placement>; 3])>,
}

impl PriorTree {
    /// The search with `budget` (`model::board_tree::tree_budget` is the
    /// board's).
    pub fn new(budget: Budget) -> PriorTree {
        PriorTree {
            budget,
            last: None,
            after: None,
        }
    }

    /// The last three placements before `position`, when it follows the
    /// engine's own last move by one of the opponent's, or the opening
    /// move alone (as the board, which takes in every move of its game,
    /// has them); else none.
    fn history(&self, position: &Position) -> [Option<Placement>; 3] {
        let Some((after, mine)) = self.after.as_ref() else {
            if position.plies() != 1 {
                return [None; 3];
            }
            return [Position::new().placement_to(position), None, None];
        };
        let grown = |p: Player| after.cells(p) & !position.cells(p) == Bitboard::EMPTY;
        if position.plies() != after.plies() + 1 || !grown(Player::One) || !grown(Player::Two) {
            return [None; 3];
        }
        [after.placement_to(position), mine[0], mine[1]]
    }
}

impl Engine for PriorTree {
    fn name(&self) -> &str {
        "prior-tree"
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let history = self.history(position);
        let outcome = search(position, history, self.budget);
        let m = outcome.best.map_or(Move::Pass, |(s, c)| {
            Move::Place(placement_at(s, c).expect("a child on the board"))
        });
        let mut after = position.clone();
        after.play(m);
        let placed = match m {
            Move::Place(p) => Some(p),
            Move::Pass => None,
        };
        self.after = Some((after, [placed, history[0], history[1]]));
        self.last = Some(outcome);
        m
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            format!(
                "{} playouts in {:.0} ms of board time, {} blocks, depth {}",
                o.playouts(),
                o.edges as f64 * 1e3 / CLOCK_HZ as f64,
                o.blocks,
                o.depth
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::sensible_games;

    #[test]
    fn a_search_spends_its_budget_and_chooses_the_most_visited_root_child() {
        let position = sensible_games(3, 1, 4)[0][10].clone();
        let budget = Budget::rounds_for(2_000_000);
        let outcome = search(&position, [None; 3], budget);
        assert!(outcome.rounds > 1000 && !outcome.forced, "{outcome:?}");
        assert!(outcome.edges >= budget.rounds_until);
        assert!(outcome.edges < budget.rounds_until + 20_000);
        assert!(outcome.blocks > 10 && outcome.depth >= 3);
        // The root's children count every backed-up playout.
        let visits: u64 = outcome.root.iter().map(|r| u64::from(r.1)).sum();
        assert_eq!(visits, outcome.playouts());
        let most = outcome.root.iter().map(|r| r.1).max().unwrap();
        let first_most = outcome.root.iter().find(|r| r.1 == most).unwrap().0;
        assert_eq!(outcome.best, first_most);
        assert_eq!(
            search(&position, [None; 3], budget),
            outcome,
            "the same search"
        );
        let Some((shape, corner)) = outcome.best else {
            panic!("a pass with candidates")
        };
        let placed = placement_at(shape, corner).unwrap();
        assert!(position.legal_placements().contains(&placed));
    }

    #[test]
    fn at_the_boards_budget_the_tree_grows_into_the_sdram() {
        let budget = crate::board_tree::tree_budget();
        let outcome = search(&Position::new(), [None; 3], budget);
        assert!(
            outcome.blocks > memory::ON_CHIP_BLOCKS,
            "{} blocks",
            outcome.blocks
        );
        // Today's board plays 218,550 playouts from the opening in its 850 ms.
        assert!(outcome.playouts() > 207_426, "{}", outcome.playouts());
        assert!(!outcome.timed_out && outcome.edges < budget.watchdog);
    }

    #[test]
    fn forced_moves_take_no_round_and_the_watchdog_stops_a_search() {
        let games = sensible_games(11, 4, 4);
        let passing = games
            .iter()
            .flatten()
            .find(|p| !p.is_over() && p.legal_placements().is_empty())
            .expect("a position where the side to move must pass");
        let outcome = search(passing, [None; 3], crate::board_tree::tree_budget());
        assert_eq!(
            (outcome.best, outcome.rounds, outcome.forced),
            (None, 0, true)
        );
        let forced = games
            .iter()
            .flatten()
            .find(|p| p.legal_placements().len() == 1)
            .expect("a position with one move");
        let outcome = search(forced, [None; 3], crate::board_tree::tree_budget());
        assert!(outcome.forced && outcome.rounds == 0 && outcome.best.is_some());
        let position = sensible_games(3, 1, 4)[0][10].clone();
        let mut budget = Budget::rounds_for(200_000);
        let free = search(&position, [None; 3], budget);
        budget.watchdog = 100_000;
        let stopped = search(&position, [None; 3], budget);
        assert!(stopped.timed_out && !free.timed_out);
        assert!(stopped.rounds < free.rounds && stopped.rounds > 10);
        assert!(stopped.edges >= budget.watchdog);
    }

    #[test]
    fn the_engine_searches_with_the_moves_it_saw_before_the_position() {
        let budget = Budget::rounds_for(60_000);
        let mut engine = PriorTree::new(budget);
        // Its first search as the second player: the opening move.
        let mut position = Position::new();
        let opening = position.legal_placements()[25];
        position.play(Move::Place(opening));
        let mine = engine.choose(&position);
        let first = search(&position, [Some(opening), None, None], budget);
        assert_eq!(engine.last.as_ref(), Some(&first));
        // Its next: the opponent's reply, its own move, the opening move.
        position.play(mine);
        let Move::Place(mine) = mine else {
            panic!("a pass at the opening")
        };
        let theirs = position.legal_placements()[3];
        position.play(Move::Place(theirs));
        engine.choose(&position);
        let second = search(&position, [Some(theirs), Some(mine), Some(opening)], budget);
        assert_eq!(engine.last.as_ref(), Some(&second));
        assert_ne!(
            second,
            search(&position, [None; 3], budget),
            "the history counts"
        );
        // A position it has not seen grow from its last: no history.
        let elsewhere = sensible_games(5, 1, 4)[0][12].clone();
        engine.choose(&elsewhere);
        let fresh = search(&elsewhere, [None; 3], budget);
        assert_eq!(engine.last.as_ref(), Some(&fresh));
    }
}
