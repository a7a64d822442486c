//! The next search pipelined as the board would run it: the tree unit
//! descends to the next leaf and backs up the last while the playout bank
//! plays the current leaf out, and the expander grows a leaf's children
//! beside both, so that a round takes the longer of the tree's work and
//! the bank's rather than their sum.
//!
//! # A round
//! At a round's boundary the bank starts on the leaf the last descent
//! reached, and the expander on it when that leaf has earned its children
//! and the expander is free. During the round the tree unit, one job after
//! another: links the expander's children into the memory when they are
//! ready, backs up the results of the last round's leaf, descends to the
//! next leaf (the leaf in the bank's hands holding a virtual loss, so that
//! the descent looks elsewhere), then links again if the children came
//! meanwhile. The next boundary is when both the tree unit and the bank
//! are done.
//!
//! A leaf is played out itself (no child of it is entered at once, as the
//! unpipelined search does, since its children come later); the memory's
//! words and the arithmetic are [`super::search`]'s.

use super::config::{Config, Expand};
use super::search::{expansion_cycles_of, Leaf, Played, RoundStats, Streams, Tree};
use crate::playout_bank::FINISH_EDGES;
use blokus::{Placement, Player, Position};

/// The tree unit's timings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pipeline {
    /// Children read from block RAM a cycle (two with words in pairs).
    pub on_chip_per_cycle: u32,
    /// Beats of 16 bits of a child's selection fields in SDRAM (its
    /// visits, value and prior), and of its other fields.
    pub selection_beats: u32,
    pub other_beats: u32,
    /// The SDRAM on a clock twice the logic's: two beats a logic cycle.
    pub fast_sdram: bool,
    /// Visits of virtual loss on the leaf in the bank's hands.
    pub virtual_loss: u32,
    /// A level reads its visited children and the first unvisited one only
    /// (children are in order of prior, so the first unvisited child
    /// outscores every later one).
    pub prefix: bool,
    /// The backup writes the words the descent read (corrected by the
    /// backup between), without reading them again.
    pub backup_from_path: bool,
    /// The expander takes no time (an experiment: what its latency costs).
    pub instant_expander: bool,
}

impl Pipeline {
    /// The plan's tree unit: a child a cycle on chip, the selection fields
    /// in 4 beats, the others in 3, the SDRAM at the logic's clock, a
    /// virtual loss of one visit.
    pub const PLAN: Pipeline = Pipeline {
        on_chip_per_cycle: 1,
        selection_beats: 4,
        other_beats: 3,
        fast_sdram: false,
        virtual_loss: 1,
        prefix: false,
        backup_from_path: false,
        instant_expander: false,
    };

    fn beats(&self, beats: u64) -> u64 {
        if self.fast_sdram {
            beats.div_ceil(2)
        } else {
            beats
        }
    }
}

/// Cycles of an SDRAM access before its first beat (row opened, CAS).
const SDRAM_ACCESS: u64 = super::search::SDRAM_ACCESS_CYCLES;
/// Cycles of a level besides its children's reads (the scores' pipeline,
/// the choice, the chosen child's word, its placement).
const LEVEL: u64 = crate::board_tree::LEVEL_CYCLES;
/// Cycles of a read-modify-write pipeline's fill on chip.
const RMW_FILL: u64 = 3;

/// An expansion the expander works on: the node, its position, the
/// opponent's recent placements, the root's mean when it started, and the
/// cycle its children are ready.
struct Expansion {
    node: usize,
    position: Position,
    recent: Vec<Placement>,
    base: u64,
    ready_at: u64,
}

impl Tree {
    /// Cycles to read a level whose children lie at `first` (`count` of
    /// them) and the chosen child's other fields.
    fn level_cycles(&self, first: usize, count: u64, config: &Config, pipe: &Pipeline) -> u64 {
        if first < config.on_chip {
            LEVEL + count.div_ceil(u64::from(pipe.on_chip_per_cycle))
        } else {
            LEVEL
                + SDRAM_ACCESS
                + pipe.beats(u64::from(pipe.selection_beats) * count)
                + SDRAM_ACCESS
                + pipe.beats(u64::from(pipe.other_beats))
        }
    }

    /// Cycles to back up `path` (the root a register).
    fn backup_cycles(&self, path: &[usize], config: &Config, pipe: &Pipeline) -> u64 {
        let (chip, sdram): (Vec<usize>, Vec<usize>) =
            path[1..].iter().partition(|&&i| i < config.on_chip);
        let chip = if chip.is_empty() {
            0
        } else {
            chip.len() as u64 + RMW_FILL
        };
        let accesses = if pipe.backup_from_path { 1 } else { 2 };
        chip + sdram.len() as u64
            * accesses
            * (SDRAM_ACCESS + pipe.beats(u64::from(pipe.selection_beats)))
    }

    /// Cycles to link `count` children at `first` under node `parent`.
    fn link_cycles(
        &self,
        parent: usize,
        first: usize,
        count: u64,
        config: &Config,
        pipe: &Pipeline,
    ) -> u64 {
        let block = if first < config.on_chip {
            count.div_ceil(u64::from(pipe.on_chip_per_cycle))
        } else {
            SDRAM_ACCESS + pipe.beats(u64::from(pipe.selection_beats + pipe.other_beats) * count)
        };
        let parent = if parent < config.on_chip {
            RMW_FILL
        } else {
            2 * (SDRAM_ACCESS + pipe.beats(u64::from(pipe.other_beats)))
        };
        block + parent
    }

    /// The descent to a leaf, selecting only (the leaf's expansion is the
    /// expander's); whether the leaf has earned its children, and the
    /// descent's cycles.
    fn descend_only(
        &mut self,
        config: &Config,
        pipe: &Pipeline,
        stats: &mut RoundStats,
    ) -> (Leaf, bool) {
        let mut position = self.root.clone();
        let mut path: Vec<usize> = vec![0];
        let mut line: Vec<(Player, Option<(u8, u8)>)> = Vec::new();
        let mut index = 0;
        let mut cycles = 0;
        let ready = loop {
            let node = self.nodes[index];
            if node.children == 0 {
                let depth = path.len() - 1;
                let earned = match config.expand {
                    Expand::After(n) => node.visits >= n,
                    Expand::Depth => {
                        2 * node.visits > (2 + depth as u32) << self.pressure(config.nodes)
                    }
                };
                break earned && !position.is_over() && index != 0;
            }
            let child = self.select(index, config);
            let first = node.first as usize;
            let kids = &self.nodes[first..first + usize::from(node.children)];
            let visited = kids.iter().take_while(|k| k.visits > 0).count();
            assert!(
                kids[visited..].iter().all(|k| k.visits == 0),
                "visited children are a prefix"
            );
            assert!(
                child - first <= visited,
                "the choice within the prefix and one more"
            );
            let read = if pipe.prefix {
                (visited + 1).min(kids.len())
            } else {
                kids.len()
            };
            let c = self.level_cycles(first, read as u64, config, pipe);
            cycles += c;
            line.push((position.to_move(), self.nodes[child].mv));
            position.play(self.nodes[child].mv());
            path.push(child);
            index = child;
        };
        stats.depth = stats.depth.max(path.len() - 1);
        (
            Leaf {
                position,
                path,
                line,
                descent_cycles: cycles,
                expansion_cycles: 0,
            },
            ready,
        )
    }
}

/// A round's leaf in the bank's hands: its results and the cycle they are in.
struct InFlight {
    leaf: Leaf,
    results: Vec<Played>,
    done_at: u64,
}

/// Cycles to enter the best child of a node just linked (its move placed).
const ENTER: u64 = 3;

/// Leaves that may wait for the bank or for their children, besides the
/// bank's own (an experiment's setting).
fn ready_leaves() -> usize {
    std::env::var("READY_LEAVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// Rounds on `tree` pipelined: the tree unit's jobs in turn (a backup when
/// the bank's results are in, then a link when the expander's children
/// are, then a descent while fewer than [`READY_LEAVES`] leaves wait), the
/// bank on each leaf as soon as it is free, while `more(playouts started,
/// cycle)`; the playouts played. A descent ending at a leaf that has
/// earned its children hands it to the expander when it is free (its leaf
/// is then the best child, once linked), else the leaf is played itself;
/// every leaf in flight (in the bank, waiting for it, or for its children)
/// holds a virtual loss on its path while another descent runs.
/// `tree.cycles` ends at the cycle the last backup is done.
pub(super) fn grow_pipelined(
    tree: &mut Tree,
    streams: &mut Streams,
    config: &Config,
    pipe: &Pipeline,
    stats: &mut RoundStats,
    more: impl Fn(u64, u64) -> bool,
) -> u64 {
    let mut tu = tree.cycles;
    let (mut played, mut started) = (0u64, 0u64);
    let mut bank: Option<InFlight> = None;
    let mut bank_free = tu;
    let mut finished: Option<InFlight> = None;
    let mut ready: std::collections::VecDeque<(Leaf, u64)> = Default::default();
    // The expander's queue: each leaf waiting for its children, the front
    // the one it works on (its expansion known once started).
    let mut expanding: std::collections::VecDeque<(Option<Expansion>, Leaf, bool)> =
        Default::default();
    let mut expander_free = tu;
    let mut stopping = false;
    loop {
        if bank.as_ref().is_some_and(|f| f.done_at <= tu) {
            let f = bank.take().expect("a run");
            bank_free = f.done_at;
            finished = Some(f);
        }
        // The bank takes a waiting leaf as soon as it is free.
        if bank.is_none() && finished.is_none() && !stopping {
            if let Some((_, at)) = ready.front() {
                let start = (*at).max(bank_free) + 1;
                if more(started, start) {
                    let (leaf, _) = ready.pop_front().expect("a leaf");
                    let (results, edges) = tree.play_out(&leaf, config, streams, stats);
                    started += results.len() as u64;
                    bank = Some(InFlight {
                        leaf,
                        results,
                        done_at: start + edges + FINISH_EDGES,
                    });
                    continue;
                }
                stopping = true;
            }
        }
        if stopping && bank.is_none() && finished.is_none() {
            // The last results are in: the leaves and expansions left are dropped.
            break;
        }
        if let Some(f) = finished.take() {
            let c = tree.backup_cycles(&f.leaf.path, config, pipe);
            tu += c;
            tree.back_up(&f.leaf, &f.results, config, stats);
            played += f.results.len() as u64;
            continue;
        }
        // The expander starts on the front of its queue when free.
        if let Some((slot @ None, leaf, _)) = expanding.front_mut() {
            let at = expander_free.max(tu);
            let index = *leaf.path.last().expect("a path");
            let mover = leaf.position.to_move();
            let children = match config.children {
                super::config::Children::Prior(limit) => {
                    limit.min(leaf.position.count_placements().max(1) as usize)
                }
                super::config::Children::Evaluator => crate::expander::CHILDREN,
            };
            *slot = Some(Expansion {
                node: index,
                recent: tree.recent_of(&leaf.line, mover),
                base: tree.value_base(stats, mover),
                ready_at: if pipe.instant_expander {
                    at
                } else {
                    at + expansion_cycles_of(&leaf.position, children as u16)
                },
                position: leaf.position.clone(),
            });
        }
        if ready.len() < ready_leaves()
            && expanding
                .front()
                .is_some_and(|(e, _, _)| e.as_ref().is_some_and(|e| e.ready_at <= tu))
        {
            let (e, mut leaf, waiting) = expanding.pop_front().expect("an expansion");
            let e = e.expect("started");
            expander_free = e.ready_at;
            let first = tree.nodes.len();
            if tree.nodes[e.node].children == 0
                && tree.expand(e.node, &e.position, &e.recent, config, e.base)
            {
                let count = u64::from(tree.nodes[e.node].children);
                let c = tree.link_cycles(e.node, first, count, config, pipe)
                    + if waiting { ENTER } else { 0 };
                tu += c;
                if waiting {
                    // Enter the best child.
                    let child = tree.nodes[e.node].first as usize;
                    let mv = tree.nodes[child].mv;
                    leaf.line.push((leaf.position.to_move(), mv));
                    leaf.position.play(tree.nodes[child].mv());
                    leaf.path.push(child);
                }
            }
            if waiting {
                ready.push_back((leaf, tu));
            }
            continue;
        }
        let waiting = expanding.iter().filter(|(_, _, w)| *w).count();
        if ready.len() + waiting < ready_leaves() && !stopping {
            let flying: Vec<Vec<usize>> = bank
                .iter()
                .map(|f| f.leaf.path.clone())
                .chain(ready.iter().map(|(l, _)| l.path.clone()))
                .chain(
                    expanding
                        .iter()
                        .filter(|(_, _, w)| *w)
                        .map(|(_, l, _)| l.path.clone()),
                )
                .collect();
            let vl = i64::from(pipe.virtual_loss);
            for path in &flying {
                tree.virtual_loss(path, vl);
            }
            let (leaf, earned) = tree.descend_only(config, pipe, stats);
            for path in &flying {
                tree.virtual_loss(path, -vl);
            }
            tu += leaf.descent_cycles;
            let queued = expanding
                .iter()
                .any(|(_, l, _)| l.path.last() == leaf.path.last());
            if earned && config.enter_best && !queued {
                expanding.push_back((None, leaf, true));
            } else if earned && !config.enter_best && expanding.is_empty() {
                // Its children come later; the leaf is played itself.
                expanding.push_back((None, leaf.clone(), false));
                ready.push_back((leaf, tu));
            } else {
                ready.push_back((leaf, tu));
            }
            continue;
        }
        // Nothing to do: wait for the bank or the expander.
        let next = [
            bank.as_ref().map(|f| f.done_at),
            expanding
                .front()
                .and_then(|(e, _, _)| e.as_ref().map(|e| e.ready_at)),
        ]
        .into_iter()
        .flatten()
        .filter(|&at| at > tu)
        .min();
        match next {
            Some(at) => {
                tu = at;
            }
            None if bank.is_none() && finished.is_none() => break,
            None => unreachable!("a unit at work has an end"),
        }
    }
    tree.cycles = tu;
    played
}
