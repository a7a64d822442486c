//! The board's next search, unit by unit and cycle by cycle: the tree
//! unit's jobs, the bank's runs and the expander's expansions, and the
//! node memory's words they read and write (see the parent module's doc).

use super::arith::{self, explore, score, with_virtual_loss};
use super::expansion::{expand, Expansion};
use super::memory::Layout;
use super::timing::*;
use super::word::{Node, BLOCKS, BLOCK_WORDS, OTHER_BEATS, PASS_SHAPE, SELECTION_BEATS};
use super::Outcome;
use crate::clock::Budget;
use crate::placer::placement_at;
use crate::playout_bank::{PlayoutBank, ENGINES};
use crate::sdram::Controller;
use blokus::{Move, Placement, Position};

/// The deepest a descent goes: a node this deep is a leaf.
pub const MAX_DEPTH: usize = 32;

/// A leaf a descent reached: its position, the path's word addresses
/// below the root (block times 32 plus child), the moves from the root.
#[derive(Clone, Debug)]
struct Leaf {
    position: Position,
    path: Vec<usize>,
    moves: Vec<Option<(u8, u8)>>,
    /// The cycle the tree unit has it ready (the walk registers hold it).
    ready: u64,
}

/// A bank run: its leaf, its points and the cycle its `done` is high (the
/// tree unit sees it in that cycle).
struct Run {
    leaf: Leaf,
    points: u32,
    plies: u32,
    done: u64,
}

/// An expansion at work: the node, the leaf's position, its children and
/// the cycle the expander's `done` is high.
struct Expanding {
    node: usize,
    base: u32,
    children: Expansion,
    done: u64,
}

/// One expansion as the expander is given it: the leaf's position, the
/// opponent's last two placements (the latest first), what it gives, and
/// the edge its start is taken at.
#[derive(Clone, Debug)]
pub struct TracedExpansion {
    pub position: Position,
    pub recent: [Option<Placement>; 2],
    pub expansion: Expansion,
    pub start_edge: u64,
}

/// One bank run: the cycle its `start` is high, the leaf's position and its
/// last three placements (the latest first), and the cycle its `done` is.
#[derive(Clone, Debug)]
pub struct TracedRun {
    pub start: u64,
    pub position: Position,
    pub last_three: [Option<Placement>; 3],
    pub done: u64,
}

/// One descent: the leaf's word address (block times 32 plus child) and
/// the cycle it is ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TracedDescent {
    pub leaf: usize,
    pub ready: u64,
}

/// What a search gave its units, in order: for tests, which play the
/// expander's part from it (`hdl::PriorTree` built with a scripted
/// expander) and check the positions the hardware gives it, and the
/// descents' leaves.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub expansions: Vec<TracedExpansion>,
    pub runs: Vec<TracedRun>,
    pub descents: Vec<TracedDescent>,
}

/// The search's state: the node memory (word addresses of blocks on chip and
/// in SDRAM alike), the root's registers, the SDRAM controller.
pub(super) struct Tree {
    root: Position,
    history: [Option<Placement>; 3],
    layout: Layout,
    words: Vec<Node>,
    next_block: usize,
    root_children: usize,
    root_opened: usize,
    root_visits: u32,
    root_results: u64,
    sdram: Controller,
    /// The deepest leaf reached.
    pub depth: usize,
    /// What the units were given.
    pub trace: Trace,
}

impl Tree {
    pub fn new(root: Position, history: [Option<Placement>; 3], layout: Layout) -> Self {
        Tree {
            root,
            history,
            layout,
            words: vec![Node::default(); BLOCK_WORDS],
            next_block: 1,
            root_children: 0,
            root_opened: 0,
            root_visits: 0,
            root_results: 0,
            sdram: Controller::synced(0),
            depth: 0,
            trace: Trace::default(),
        }
    }

    fn node(&self, address: usize) -> &Node {
        &self.words[address]
    }

    /// The opponent's last two placements before `moves` from the root
    /// (each alternate move back, then the history), the latest first.
    fn recent(&self, moves: &[Option<(u8, u8)>]) -> [Option<Placement>; 2] {
        let placed = |m: Option<(u8, u8)>| m.and_then(|(s, c)| placement_at(s, c));
        let before: Vec<Option<Placement>> = moves
            .iter()
            .rev()
            .map(|&m| placed(m))
            .chain(self.history.iter().copied())
            .collect();
        [
            before.first().copied().flatten(),
            before.get(2).copied().flatten(),
        ]
    }

    /// The last three placements before the leaf (the bank's history), the
    /// latest first.
    fn last_three(&self, moves: &[Option<(u8, u8)>]) -> [Option<Placement>; 3] {
        let placed = |m: Option<(u8, u8)>| m.and_then(|(s, c)| placement_at(s, c));
        let mut out = [None; 3];
        let before = moves
            .iter()
            .rev()
            .map(|&m| placed(m))
            .chain(self.history.iter().copied());
        for (slot, p) in out.iter_mut().zip(before) {
            *slot = p;
        }
        out
    }

    /// Writes `children` as block `block`'s words.
    fn write_block(&mut self, block: usize, children: &Expansion, base: u32) {
        let words = &mut self.words;
        if words.len() < (block + 1) * BLOCK_WORDS {
            words.resize((block + 1) * BLOCK_WORDS, Node::default());
        }
        for (i, child) in children.children.iter().enumerate() {
            let (shape, corner) = child.code.unwrap_or((PASS_SHAPE, 0));
            words[block * BLOCK_WORDS + i] = Node {
                shape,
                corner,
                visits: 0,
                value: arith::start_value(child.d, base),
                prior: arith::prior(child.d, children.weight_sum),
                block: 0,
                last: 0,
                opened: 0,
            };
        }
    }

    /// The root's expansion: its children in block 0, and the cycle they
    /// are written (or `None` when it has no child, or one only: no round).
    pub fn expand_root(&mut self, start: u64) -> (Expansion, u64) {
        let recent = self.recent(&[]);
        let children = expand(&self.root, recent);
        self.trace.expansions.push(TracedExpansion {
            position: self.root.clone(),
            recent,
            expansion: children.clone(),
            start_edge: start,
        });
        let base = arith::DRAW - arith::LOSS;
        self.write_block(0, &children, base);
        self.root_children = children.children.len();
        let written = start + children.cycles + link_on_chip(children.children.len());
        (children, written)
    }

    /// The explore factor and the virtual loss of a parent: `parent` the
    /// node's address (`None`: the root), `flying` the in-flight path.
    fn children_of(&self, parent: Option<usize>) -> (usize, usize, usize, u32) {
        match parent {
            None => (0, self.root_children, self.root_opened, self.root_visits),
            Some(a) => {
                let n = self.node(a);
                (
                    usize::from(n.block),
                    n.children(),
                    usize::from(n.opened),
                    n.visits,
                )
            }
        }
    }

    /// A descent from the root from cycle `now` with the path `flying` in
    /// the bank's hands (a virtual loss on each of its nodes): the leaf, the
    /// cycle it is ready, whether it has earned its children.
    fn descend(&mut self, now: u64, flying: Option<&[usize]>) -> (Leaf, bool) {
        let mut position = self.root.clone();
        let mut path = Vec::new();
        let mut moves = Vec::new();
        let mut parent: Option<usize> = None;
        let mut t = now;
        // Whether the descent is still on the in-flight path.
        let mut on_flying = flying.is_some();
        loop {
            let (block, count, opened, mut visits) = self.children_of(parent);
            let depth = path.len();
            if count == 0 || depth == MAX_DEPTH {
                break;
            }
            if on_flying && parent.is_some() {
                visits += 1;
            }
            let e = explore(visits);
            let read = (opened + 1).min(count);
            let flying_child = flying
                .filter(|_| on_flying)
                .and_then(|p| p.get(depth).copied());
            let mut best = 0;
            let mut best_score = 0;
            for i in 0..read {
                let address = block * BLOCK_WORDS + i;
                let mut child = *self.node(address);
                if flying_child == Some(address) {
                    child = with_virtual_loss(&child);
                }
                let s = score(e, &child);
                if i == 0 || s > best_score {
                    best = i;
                    best_score = s;
                }
            }
            // Children are in order of prior: the first never chosen
            // outscores every later one, so the prefix read is the whole.
            debug_assert!((read..count).all(|i| {
                let child = self.node(block * BLOCK_WORDS + i);
                child.visits == 0 && score(e, child) <= best_score
            }));
            let chosen = block * BLOCK_WORDS + best;
            let opens = best == opened && opened + 1 < count;
            // The level's cycles.
            let layout = self.layout;
            t = if layout.on_chip(block) {
                t + chip_level(read)
            } else {
                let first = self
                    .sdram
                    .read(
                        t,
                        layout.selection_address(block, 0),
                        SELECTION_BEATS * read as u32,
                    )
                    .expect("a read within a row");
                let choice = first.last_beat + SDRAM_DRAIN;
                let other = self
                    .sdram
                    .read(choice, layout.other_address(block, best), OTHER_BEATS)
                    .expect("a read within a row");
                let next = other.last_beat + WORD_ASSEMBLY;
                if opens {
                    // The parent's other fields, with one more child opened.
                    let (pb, pi) = match parent {
                        Some(a) => (a / BLOCK_WORDS, a % BLOCK_WORDS),
                        None => unreachable!("the root's block is on chip"),
                    };
                    if !layout.on_chip(pb) {
                        self.sdram
                            .write(
                                other.accepted + 1,
                                layout.other_address(pb, pi),
                                OTHER_BEATS,
                            )
                            .expect("a write within a row");
                    }
                }
                next
            };
            if opens {
                match parent {
                    None => self.root_opened += 1,
                    Some(a) => self.words[a].opened += 1,
                }
            }
            if flying_child != Some(chosen) {
                on_flying = false;
            }
            let node = *self.node(chosen);
            moves.push(node.code());
            position.play(node.code().map_or(Move::Pass, |(s, c)| {
                Move::Place(placement_at(s, c).expect("a child on the board"))
            }));
            path.push(chosen);
            parent = Some(chosen);
            if !node.expanded() {
                break;
            }
        }
        self.depth = self.depth.max(path.len());
        let leaf = *path.last().expect("the root has children");
        let free = BLOCKS - self.next_block;
        let earned = !self.node(leaf).expanded()
            && arith::earned(self.node(leaf).visits, path.len(), free)
            && !position.is_over()
            && free > 0;
        (
            Leaf {
                position,
                path,
                moves,
                ready: t + LEAF,
            },
            earned,
        )
    }

    /// Backs up a run's points along its path from cycle `now`: the cycle
    /// the job ends.
    fn back_up(&mut self, run: &Run, now: u64) -> u64 {
        let leaf_side = run.leaf.position.to_move();
        let engines = ENGINES as u32;
        let mut t = now;
        for (k, &address) in run.leaf.path.iter().enumerate().rev() {
            // The node's mover made move k: the root's side when k is even.
            let mover = if k % 2 == 0 {
                self.root.to_move()
            } else {
                self.root.to_move().other()
            };
            let results = arith::results(run.points, engines, mover == leaf_side);
            self.words[address] = arith::backed_up(self.node(address), engines, results);
            let block = address / BLOCK_WORDS;
            t = if self.layout.on_chip(block) {
                t + CHIP_WRITE
            } else {
                let w = self
                    .sdram
                    .write(
                        t,
                        self.layout.selection_address(block, address % BLOCK_WORDS),
                        SELECTION_BEATS,
                    )
                    .expect("a write within a row");
                w.accepted + 1
            };
        }
        self.root_visits += engines;
        self.root_results += u64::from(arith::results(
            run.points,
            engines,
            self.root.to_move() == leaf_side,
        ));
        t + BACKUP_END
    }

    /// Links an expansion's children under its node from cycle `now`: the
    /// cycle the job ends.
    fn link(&mut self, e: &Expanding, now: u64) -> u64 {
        let block = self.next_block;
        self.next_block += 1;
        self.write_block(block, &e.children, e.base);
        let n = e.children.children.len();
        let node = &mut self.words[e.node];
        node.block = block as u16;
        node.last = (n - 1) as u8;
        node.opened = 0;
        let layout = self.layout;
        let mut t = if layout.on_chip(block) {
            now + link_on_chip(n)
        } else {
            let s = self
                .sdram
                .write(
                    now + SDRAM_LINK_LEAD,
                    layout.selection_address(block, 0),
                    SELECTION_BEATS * n as u32,
                )
                .expect("a write within a row");
            let o = self
                .sdram
                .write(
                    s.accepted + 1,
                    layout.other_address(block, 0),
                    OTHER_BEATS * n as u32,
                )
                .expect("a write within a row");
            o.accepted + 1
        };
        let parent_block = e.node / BLOCK_WORDS;
        t = if layout.on_chip(parent_block) {
            t + CHIP_REWRITE
        } else {
            let w = self
                .sdram
                .write(
                    t,
                    layout.other_address(parent_block, e.node % BLOCK_WORDS),
                    OTHER_BEATS,
                )
                .expect("a write within a row");
            w.accepted + 1
        };
        t
    }

    /// The root child with the most visits, the first of equals.
    pub fn choice(&self) -> usize {
        (0..self.root_children).fold(0, |b, i| {
            if self.words[i].visits > self.words[b].visits {
                i
            } else {
                b
            }
        })
    }

    /// The root's children: move, visits, value over visits.
    pub fn root(&self) -> Vec<super::RootChild> {
        (0..self.root_children)
            .map(|i| {
                let n = &self.words[i];
                (
                    n.code(),
                    n.visits,
                    n.value / (n.visits + arith::VIRTUAL_VISITS),
                )
            })
            .collect()
    }

    /// Blocks handed out.
    pub fn blocks(&self) -> usize {
        self.next_block
    }
}

/// The rounds from cycle `start` (the root's children written) with
/// `budget`: the tree unit's jobs one at a time (a backup of the bank's
/// results when they are in, then a link of the expander's children when
/// they are, then a descent when no leaf waits for the bank), the bank on
/// each leaf as soon as it is free while the cycle counter is below
/// `budget.rounds_until`, the expander on each leaf that has earned its
/// children while it is free. The outcome's counts; the cycle the rounds
/// end (the last results backed up, or the watchdog).
pub(super) fn rounds(tree: &mut Tree, start: u64, budget: Budget, out: &mut Outcome) -> u64 {
    let mut bank = PlayoutBank::new(crate::random::SEED);
    let refinements = crate::cell_playout::Refinements::NEXT;
    let mut t = start;
    let mut running: Option<Run> = None;
    let mut bank_free = start;
    let mut waiting: Option<Leaf> = None;
    let mut expanding: Option<Expanding> = None;
    let mut stopping = false;
    loop {
        // The bank takes a waiting leaf as soon as it is free; a run whose
        // `done` is by the tree unit's cycle gives its results.
        let finished = match running.as_ref() {
            Some(r) if r.done <= t => running.take(),
            _ => None,
        };
        if let Some(r) = finished.as_ref() {
            bank_free = r.done;
        }
        if running.is_none() && finished.is_none() && !stopping {
            if let Some(leaf) = waiting.as_ref() {
                let at = leaf.ready.max(bank_free) + BANK_START;
                if at < budget.rounds_until {
                    let leaf = waiting.take().expect("a leaf");
                    let last_three = tree.last_three(&leaf.moves);
                    let run = bank.run_refined(&leaf.position, refinements, last_three);
                    out.rounds += 1;
                    tree.trace.runs.push(TracedRun {
                        start: at,
                        position: leaf.position.clone(),
                        last_three,
                        done: at + run.edges,
                    });
                    running = Some(Run {
                        done: at + run.edges,
                        points: run.points,
                        plies: run.plies,
                        leaf,
                    });
                    continue;
                }
                stopping = true;
            }
        }
        if let Some(run) = finished {
            t = tree.back_up(&run, t + DISPATCH);
            out.plies += u64::from(run.plies);
            continue;
        }
        if stopping && running.is_none() {
            return t;
        }
        if running.is_some() && t >= budget.watchdog {
            out.timed_out = true;
            return t;
        }
        if expanding.as_ref().is_some_and(|e| e.done <= t) {
            let e = expanding.take().expect("an expansion");
            t = tree.link(&e, t + DISPATCH);
            continue;
        }
        if waiting.is_none() && !stopping {
            let flying = running.as_ref().map(|r| r.leaf.path.clone());
            let (leaf, earned) = tree.descend(t + DISPATCH, flying.as_deref());
            t = leaf.ready;
            tree.trace.descents.push(TracedDescent {
                leaf: *leaf.path.last().expect("a path"),
                ready: leaf.ready,
            });
            if earned && expanding.is_none() {
                let address = *leaf.path.last().expect("a path");
                let recent = tree.recent(&leaf.moves);
                let children = expand(&leaf.position, recent);
                tree.trace.expansions.push(TracedExpansion {
                    position: leaf.position.clone(),
                    recent,
                    expansion: children.clone(),
                    start_edge: t + EXPANDER_START + 1,
                });
                let mover_is_root = leaf.position.to_move() == tree.root.to_move();
                expanding = Some(Expanding {
                    node: address,
                    base: arith::value_base(tree.root_visits, tree.root_results, mover_is_root),
                    done: t + EXPANDER_START + children.cycles,
                    children,
                });
                t += EXPANDER_START;
            }
            waiting = Some(leaf);
            continue;
        }
        // Nothing to do: wait for the bank or the expander.
        let next = [
            running.as_ref().map(|r| r.done),
            expanding.as_ref().map(|e| e.done),
        ]
        .into_iter()
        .flatten()
        .filter(|&at| at > t)
        .min();
        match next {
            Some(at) => t = at.min(budget.watchdog.max(t + 1)),
            None => unreachable!("a unit at work ends"),
        }
    }
}
