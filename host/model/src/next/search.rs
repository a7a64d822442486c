//! The board's next search itself: a tree in a node memory of fixed size,
//! rounds of descent, expansion, playouts and backup, in integers.
//!
//! # A node
//! Each node is one word of the node memory: the move into it (shape and
//! box corner, or a pass), its real visits, its count and value, its
//! prior weight, and, once expanded, where its children lie (they are
//! contiguous) with the sum of their weights. Counts are in sixteenths of
//! a visit (a new child starts with [`Config::virtual_count`] of them, and
//! RAVE adds fractions); a value is the sum, over the count, of results of
//! [`RESULT_BITS`] bits, [`DRAW`] a draw, from the point of view of the
//! side that made the node's move.
//!
//! # A round
//! 1. **Descent** from the root: at each expanded node the child with the
//!    highest score, the first of equals: UCB1 over real visits (unvisited
//!    first), or Pentobi's `mean + c P sqrt(N) ln(N + 1) / n` with `P` the
//!    child's weight over the parent's sum.
//! 2. **Expansion** of the leaf reached when it has enough visits
//!    ([`Expand`]), the memory has room and its game is not over: its
//!    children (the evaluator's best, or every legal move by prior), in
//!    order; with priors the best child is then entered at once.
//! 3. **Playouts**: [`Config::leaf_playouts`] engines play the leaf out,
//!    each on its own random stream (with [`Config::lgr`] trying the last
//!    good reply to the opponent's last placement first); a result may
//!    take Pentobi's quality bonus ([`Config::bonus`]).
//! 4. **Backup**: each node of the path counts every result for the side
//!    that made its move; with RAVE, the children along the path whose move
//!    its side made later in the round count it too, with a weight.
//!
//! With [`Config::leaves`] above 1, a round makes that many descents first,
//! each leaving a virtual loss on its path until its results are in, as
//! engines on leaves of their own would.
//!
//! The move played is the root child with the most visits, or the most
//! wins (its value).

use super::config::{Children, Config, Expand, Rave, Select};
use super::fixed::{explore_rom, ratio, sqrt_rom};
use super::prior::{exp_rom, priors};
use crate::board_tree::{
    ucb_with, BACKUP_CYCLES, CHECK_CYCLES, EXPANDER_DELAY, LEAF_CYCLES, LEVEL_CYCLES,
};
use crate::cell_playout::{run_refined, PlayoutHooks};
use crate::expander::expand;
use crate::expander::TAG_STAGES;
use crate::placer::placement_at;
use crate::playout_bank::FINISH_EDGES;
use crate::playout_bank::SALTS;
use blokus::{Move, Placement, Player, Position};

/// Cycles from a burst's request to its first word in the board's SDRAM
/// (16 bits wide, clocked with the logic at 50 MHz): the row opened (2),
/// the read's CAS latency (3), the bank precharged and the controller's
/// own registers (4). A block of children lies in one row.
pub const SDRAM_ACCESS_CYCLES: u64 = 9;
/// Beats of 16 bits a node word takes in SDRAM (94 bits, N3's word).
pub const SDRAM_BEATS: u64 = 6;

/// Bits of a playout's result.
pub const RESULT_BITS: u32 = 9;
/// A win's result: results lie in `0..=2 * DRAW`, bonuses included.
pub const WIN: u32 = 384;
/// A draw's result.
pub const DRAW: u32 = 256;
/// A loss's result.
pub const LOSS: u32 = 128;
/// A visit in a node's count.
pub const VISIT: u32 = 16;

/// One node of the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The move into it: `(shape, box corner)`, or `None` for a pass.
    pub mv: Option<(u8, u8)>,
    /// Real visits (playouts through it).
    pub visits: u32,
    /// Visits in sixteenths, virtual and RAVE ones included.
    pub count: u32,
    /// Results summed over the count (each result times its sixteenths).
    pub value: u64,
    /// The prior weight (`EXP` of its logit's distance below the best).
    pub weight: u32,
    /// Its children: the first's index and how many (0: not expanded).
    pub first: u32,
    pub children: u16,
    /// The sum of its children's weights.
    pub weight_sum: u32,
}

impl Node {
    fn new(mv: Option<(u8, u8)>, weight: u32, count: u32, value: u64) -> Node {
        Node {
            mv,
            visits: 0,
            count,
            value,
            weight,
            first: 0,
            children: 0,
            weight_sum: 0,
        }
    }

    fn mv(&self) -> Move {
        self.mv.map_or(Move::Pass, |(shape, corner)| {
            Move::Place(placement_at(shape, corner).expect("a child lies on the board"))
        })
    }

    /// The real points, 2 a win and 1 a draw, where no bonus or RAVE
    /// changed the value (for UCB1).
    fn points(&self) -> u64 {
        (self.value / u64::from(VISIT)).saturating_sub(u64::from(LOSS) * u64::from(self.visits))
            / u64::from(DRAW - LOSS)
    }
}

/// A move's `(shape, box corner)` in the node memory.
pub(super) fn code_of(m: Move) -> Option<(u8, u8)> {
    match m {
        Move::Pass => None,
        Move::Place(p) => Some((p.shape, p.box_corner().index() as u8)),
    }
}

/// What a search found and the work it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move played.
    pub best: Move,
    /// Playouts played.
    pub playouts: u64,
    /// The board's clock cycles they would take by its timings.
    pub cycles: u64,
    /// Nodes in the memory at the end.
    pub nodes: usize,
    /// The deepest leaf reached.
    pub depth: usize,
    /// The root's children: move, visits, and mean result (1/256 of a win).
    pub root: Vec<(Move, u32, u32)>,
}

/// Moves made in a round, each with its mover (`None`: a pass).
type Line = Vec<(Player, Option<(u8, u8)>)>;

/// A playout's result for the leaf's side to move, with its round's line
/// (when RAVE or the last good replies keep it).
type Played = (u32, Line);

/// A leaf a descent reached: its position, the nodes from the root, the
/// moves into them with their movers.
struct Leaf {
    position: Position,
    path: Vec<usize>,
    line: Vec<(Player, Option<(u8, u8)>)>,
    /// The descent's cycles, and the expansion's beside the playouts (0:
    /// none).
    descent_cycles: u64,
    expansion_cycles: u64,
}

/// The tree: the node memory (the root is node 0) and the position at the root.
pub(super) struct Tree {
    pub nodes: Vec<Node>,
    /// The board's clock cycles the search has taken so far, by the
    /// board's timings ([`Tree::round`]).
    pub cycles: u64,
    pub root: Position,
    /// The placements before the root, the latest first (`None`: a pass or
    /// unknown), as many as the priors and playouts read.
    pub history: [Option<Placement>; 3],
}

/// Each playout engine's generator state.
pub(super) struct Streams(pub Vec<u32>);

impl Streams {
    pub fn new(seed: u32, engines: usize) -> Streams {
        Streams(
            (0..engines)
                .map(|e| (seed ^ SALTS[e % SALTS.len()].wrapping_mul(e as u32 / 3 + 1)) | 1)
                .collect(),
        )
    }
}

/// What a round's playouts tell and ask: the moves made, each with its
/// mover, the path's then a playout's (whose mover 0 is the leaf's side
/// to move), kept for RAVE and the last-good-reply table; and the table's
/// replies.
struct RoundHooks<'a> {
    leaf_mover: Player,
    line: Vec<(Player, Option<(u8, u8)>)>,
    keep_line: bool,
    lgr: Option<&'a LastGoodReply>,
}

impl RoundHooks<'_> {
    fn player(&self, mover: usize) -> Player {
        if mover == 0 {
            self.leaf_mover
        } else {
            self.leaf_mover.other()
        }
    }
}

impl PlayoutHooks for RoundHooks<'_> {
    fn played(&mut self, mover: usize, shape: u8, corner: u8) {
        if self.keep_line {
            let player = self.player(mover);
            self.line.push((player, Some((shape, corner))));
        }
    }

    fn reply(
        &mut self,
        mover: usize,
        last: Option<(u8, u8)>,
        _own_last: Option<(u8, u8)>,
    ) -> Option<(u8, u8)> {
        self.lgr?.reply(self.player(mover), last?)
    }
}

/// The last-good-reply table (Pentobi's LGR1): for each side and each
/// placement of its opponent, the reply that last won a playout after
/// it; forgotten when it loses one. In hardware one word a (side,
/// placement) pair: 2 x 91 x 196 words of 16 bits (a valid bit, the
/// shape and the box corner), some 32 DP16KD.
#[derive(Clone, Debug)]
pub struct LastGoodReply(Vec<u16>);

impl Default for LastGoodReply {
    fn default() -> LastGoodReply {
        LastGoodReply(vec![0; 2 * 256 * 196])
    }
}

impl LastGoodReply {
    fn slot(player: Player, (shape, corner): (u8, u8)) -> usize {
        (player.index() * 256 + usize::from(shape)) * 196 + usize::from(corner)
    }

    fn reply(&self, player: Player, last: (u8, u8)) -> Option<(u8, u8)> {
        let word = self.0[Self::slot(player, last)];
        (word & 0x8000 != 0).then_some(((word >> 8 & 0x7F) as u8, word as u8))
    }

    /// After a round's `line` whose winner (a draw: both) is `won`.
    fn update(&mut self, line: &[(Player, Option<(u8, u8)>)], won: impl Fn(Player) -> bool) {
        for pair in line.windows(2) {
            let ((_, last), (player, reply)) = (pair[0], pair[1]);
            let (Some(last), Some(reply)) = (last, reply) else {
                continue;
            };
            let slot = &mut self.0[Self::slot(player, last)];
            let word = 0x8000 | u16::from(reply.0) << 8 | u16::from(reply.1);
            if won(player) {
                *slot = word;
            } else if *slot == word {
                *slot = 0;
            }
        }
    }
}

impl Tree {
    /// A tree with an unexpanded root at `root`.
    pub fn new(root: Position, history: [Option<Placement>; 3]) -> Tree {
        Tree {
            nodes: vec![Node::new(None, 0, 0, 0)],
            cycles: 0,
            root,
            history,
        }
    }

    /// How full the memory of `capacity` words is: 0 while at most half is
    /// used, then 1 more at each halving of what is free (the bit length
    /// of `capacity / free`, less one). Pentobi's expansion threshold is
    /// doubled as many times, so that the tree grows ever more slowly
    /// rather than stopping when the memory fills.
    fn pressure(&self, capacity: usize) -> u32 {
        let free = capacity.saturating_sub(self.nodes.len()).max(1);
        (capacity / free).max(1).ilog2()
    }

    /// Expands the root (at `position`), whatever its visits.
    pub fn expand_root(&mut self, position: &Position, config: &Config) {
        let recent = self.recent_of(&[], position.to_move());
        self.expand(0, position, &recent, config, u64::from(DRAW - LOSS));
        self.cycles += expansion_cycles_of(position, self.nodes[0].children) + 1;
    }

    /// The move into node `index`.
    pub fn move_of(&self, index: usize) -> Move {
        self.nodes[index].mv()
    }

    /// The opponent's latest placements before the position reached by
    /// `line` (each move with its mover), the latest first.
    fn recent_of(&self, line: &[(Player, Option<(u8, u8)>)], mover: Player) -> Vec<Placement> {
        let mut out = Vec::new();
        for &(player, mv) in line.iter().rev() {
            if player != mover {
                if let Some((shape, corner)) = mv {
                    out.push(placement_at(shape, corner).expect("on the board"));
                }
            }
            if out.len() == 2 {
                return out;
            }
        }
        // Before the root: the history alternates, the latest by the root's
        // opponent.
        let root_mover = self.root.to_move();
        for (k, p) in self.history.iter().enumerate() {
            let player = if k % 2 == 0 {
                root_mover.other()
            } else {
                root_mover
            };
            if player != mover {
                if let Some(p) = p {
                    out.push(*p);
                }
            }
            if out.len() == 2 {
                break;
            }
        }
        out
    }

    /// The last three placements before the position reached by `line`,
    /// the latest first.
    fn last_three(&self, line: &[(Player, Option<(u8, u8)>)]) -> [Option<Placement>; 3] {
        let placed =
            |mv: Option<(u8, u8)>| mv.map(|(s, c)| placement_at(s, c).expect("on the board"));
        let mut out = [None; 3];
        let from_line = line.iter().rev().map(|&(_, mv)| placed(mv));
        for (slot, p) in out
            .iter_mut()
            .zip(from_line.chain(self.history.iter().copied()))
        {
            *slot = p;
        }
        out
    }

    /// Writes the children of node `index` at `position` (not over), if
    /// the memory has room: `false` when it has not.
    fn expand(
        &mut self,
        index: usize,
        position: &Position,
        recent: &[Placement],
        config: &Config,
        value_base: u64,
    ) -> bool {
        // Room for the children first (the legal placements bound them; a
        // pass is one).
        let bound = match config.children {
            Children::Evaluator => crate::expander::CHILDREN,
            Children::Prior(limit) => limit.min(position.count_placements().max(1) as usize),
        };
        if self.nodes.len() + bound > config.nodes {
            return false;
        }
        // Each child's move and its logit's distance below the best's.
        let children: Vec<(Option<(u8, u8)>, u32)> = match config.children {
            Children::Evaluator => {
                let kept = expand(position).children;
                if kept.is_empty() {
                    vec![(None, 0)]
                } else {
                    kept.iter()
                        .map(|c| (Some((c.shape, c.corner)), 0))
                        .collect()
                }
            }
            Children::Prior(limit) => {
                let smallest = if config.size_filter {
                    size_filter(position)
                } else {
                    1
                };
                let list = if position.legal_placements().is_empty() {
                    Vec::new()
                } else {
                    priors(position, recent, &config.weights, limit, smallest)
                };
                if list.is_empty() {
                    vec![(None, 0)]
                } else {
                    list.iter()
                        .map(|p| (code_of(Move::Place(p.placement)), p.distance))
                        .collect()
                }
            }
        };
        if self.nodes.len() + children.len() > config.nodes {
            return false;
        }
        let first = self.nodes.len() as u32;
        let mut sum = 0u32;
        for &(mv, distance) in &children {
            let weight = exp_rom(distance);
            // Pentobi's start: a virtual count, at the mover's mean so far
            // scaled by the square root of the prior relative to the best's.
            let (count, value) = if config.virtual_count > 0 {
                let mean = u64::from(LOSS) + ((value_base * u64::from(sqrt_rom(distance))) >> 8);
                (config.virtual_count, mean * u64::from(config.virtual_count))
            } else {
                (0, 0)
            };
            self.nodes.push(Node::new(mv, weight, count, value));
            sum += weight >> 8;
        }
        let node = &mut self.nodes[index];
        node.first = first;
        node.children = children.len() as u16;
        node.weight_sum = sum.max(1);
        true
    }

    /// Cycles to read (or write) the block of `node`'s children: a word a
    /// cycle on chip, a burst of [`SDRAM_BEATS`] a word from SDRAM.
    fn block_cycles(&self, node: &Node, config: &Config) -> u64 {
        let children = u64::from(node.children);
        if (node.first as usize) < config.on_chip {
            children
        } else {
            SDRAM_ACCESS_CYCLES + SDRAM_BEATS * children
        }
    }

    /// The child of `index` the descent takes (`index` expanded).
    fn select(&self, index: usize, config: &Config) -> usize {
        let node = &self.nodes[index];
        let range = node.first as usize..node.first as usize + usize::from(node.children);
        match config.select {
            Select::Ucb1 => {
                if let Some(i) = range.clone().find(|&i| self.nodes[i].visits == 0) {
                    return i;
                }
                let parent = u64::from(node.visits);
                let mut best = range.start;
                let mut best_score = 0;
                for i in range.clone() {
                    let child = &self.nodes[i];
                    let score = ucb_with(
                        child.points(),
                        u64::from(child.visits),
                        parent,
                        u64::from(config.c_q8),
                    );
                    if i == range.start || score > best_score {
                        best = i;
                        best_score = score;
                    }
                }
                best
            }
            Select::Prior => {
                // In result units times 2^15: the win-loss span times
                // c sqrt(N) ln(N + 1); then times P, then over n.
                let explore =
                    explore_rom(u64::from(node.visits), config.c_q8) * u64::from(WIN - LOSS);
                let mut best = range.start;
                let mut best_score = 0;
                for i in range.clone() {
                    let child = &self.nodes[i];
                    let mean = ratio(child.value, u64::from(child.count));
                    let p = ratio(u64::from(child.weight >> 8), u64::from(node.weight_sum));
                    let scaled = (explore * p) >> 15;
                    // n = count / 16: times 16 is 2^4 of the ratio's 2^15.
                    let score = mean + (ratio(scaled, u64::from(child.count.max(1))) >> 11);
                    if i == range.start || score > best_score {
                        best = i;
                        best_score = score;
                    }
                }
                best
            }
        }
    }

    /// One round: [`Config::leaves`] descents (each leaf's path holding a
    /// virtual loss until its results are in, so that the next descent
    /// looks elsewhere), then each leaf's playouts and backup; the playouts
    /// played.
    pub fn round(&mut self, config: &Config, streams: &mut Streams, stats: &mut RoundStats) -> u32 {
        let leaves: Vec<Leaf> = (0..config.leaves)
            .map(|_| {
                let leaf = self.descend(config, stats);
                if config.leaves > 1 {
                    self.virtual_loss(&leaf.path, 1);
                }
                leaf
            })
            .collect();
        let mut played = 0;
        // The board's cycles: the descents one after another, then the
        // engines all at once beside the expansions, then the backups.
        let mut beside = 0;
        self.cycles += CHECK_CYCLES + LEAF_CYCLES;
        for leaf in &leaves {
            if config.leaves > 1 {
                self.virtual_loss(&leaf.path, -1);
            }
            let (results, edges) = self.play_out(leaf, config, streams, stats);
            self.back_up(leaf, &results, config, stats);
            played += results.len() as u32;
            // The path's nodes below the root are written back.
            let backup: u64 = leaf.path[1..]
                .iter()
                .map(|&i| {
                    if i < config.on_chip {
                        BACKUP_CYCLES
                    } else {
                        SDRAM_ACCESS_CYCLES + SDRAM_BEATS
                    }
                })
                .sum();
            self.cycles += leaf.descent_cycles + backup;
            beside = beside.max(edges + FINISH_EDGES).max(leaf.expansion_cycles);
        }
        self.cycles += beside;
        played
    }

    /// Adds (`sign` 1) or takes back (-1) a lost visit along `path` below
    /// the root.
    fn virtual_loss(&mut self, path: &[usize], sign: i64) {
        for &i in &path[1..] {
            let node = &mut self.nodes[i];
            node.visits = (i64::from(node.visits) + sign) as u32;
            node.count = (i64::from(node.count) + sign * i64::from(VISIT)) as u32;
            node.value = (node.value as i64 + sign * i64::from(LOSS * VISIT)) as u64;
        }
    }

    /// The descent from the root to a leaf, expanding it when it has earned
    /// it (and entering its best child at once with [`Config::enter_best`]).
    fn descend(&mut self, config: &Config, stats: &mut RoundStats) -> Leaf {
        let mut position = self.root.clone();
        let mut path: Vec<usize> = vec![0];
        let mut line: Vec<(Player, Option<(u8, u8)>)> = Vec::new();
        let mut index = 0;
        let (mut descent_cycles, mut expansion_cycles) = (0, 0);
        loop {
            let node = self.nodes[index];
            if node.children == 0 {
                let depth = path.len() - 1;
                let ready = match config.expand {
                    Expand::After(n) => node.visits >= n,
                    Expand::Depth => {
                        2 * node.visits > (2 + depth as u32) << self.pressure(config.nodes)
                    }
                };
                if !ready || position.is_over() {
                    break;
                }
                let recent = self.recent_of(&line, position.to_move());
                let base = self.value_base(stats, position.to_move());
                if !self.expand(index, &position, &recent, config, base) {
                    break;
                }
                let expanded = self.nodes[index];
                // The new block is written to SDRAM beside the expansion.
                expansion_cycles = expansion_cycles_of(&position, expanded.children)
                    + self.block_cycles(&expanded, config)
                    - u64::from(expanded.children);
                if !config.enter_best {
                    break;
                }
                // Enter the best child at once.
                let child = self.nodes[index].first as usize;
                line.push((position.to_move(), self.nodes[child].mv));
                position.play(self.nodes[child].mv());
                path.push(child);
                break;
            }
            let child = self.select(index, config);
            descent_cycles += LEVEL_CYCLES + self.block_cycles(&node, config);
            line.push((position.to_move(), self.nodes[child].mv));
            position.play(self.nodes[child].mv());
            path.push(child);
            index = child;
        }
        stats.depth = stats.depth.max(path.len() - 1);
        Leaf {
            position,
            path,
            line,
            descent_cycles,
            expansion_cycles,
        }
    }

    /// The leaf's playouts, one an engine: each result for the leaf's side
    /// to move (bonus included), with the round's line when it is kept.
    fn play_out(
        &self,
        leaf: &Leaf,
        config: &Config,
        streams: &mut Streams,
        stats: &mut RoundStats,
    ) -> (Vec<Played>, u64) {
        let recent = config
            .refinements
            .history
            .then(|| self.last_three(&leaf.line));
        let leaf_mover = leaf.position.to_move();
        let mut results = Vec::with_capacity(streams.0.len());
        let mut slowest = 0;
        for stream in streams.0.iter_mut() {
            let mut hooks = RoundHooks {
                leaf_mover,
                line: leaf.line.clone(),
                keep_line: config.rave.is_some() || config.lgr,
                lgr: if config.lgr { Some(&stats.lgr) } else { None },
            };
            let run = if config.refinements.reference {
                super::reference::run(
                    &leaf.position,
                    *stream,
                    self.last_three(&leaf.line),
                    &mut hooks,
                )
            } else {
                run_refined(
                    &leaf.position,
                    *stream,
                    config.refinements.policy,
                    recent,
                    &mut hooks,
                )
            };
            *stream = run.rng;
            slowest = slowest.max(run.edges);
            let round_line = hooks.line;
            let length = leaf.line.len() as u32 + run.plies;
            let mut result = result_for_leaf_mover(run.margin);
            if config.bonus {
                // For player 1, as Pentobi keeps its statistics.
                let sign = if leaf_mover == Player::One { 1 } else { -1 };
                let margin_one = sign * run.margin;
                let bonus =
                    sign * stats.bonus(margin_one, length, result_for_leaf_mover(margin_one));
                result = (result as i32 + bonus).clamp(0, (1 << RESULT_BITS) - 1) as u32;
            }
            stats.observe(run.margin, length);
            results.push((result, round_line));
        }
        (results, slowest)
    }

    /// Each result up the leaf's path, each node counting it for the side
    /// that made its move; then the last good replies and RAVE.
    fn back_up(
        &mut self,
        leaf: &Leaf,
        results: &[Played],
        config: &Config,
        stats: &mut RoundStats,
    ) {
        let leaf_mover = leaf.position.to_move();
        let mut first_played = std::mem::replace(&mut stats.first_played, FirstPlayed(Vec::new()));
        for (result, round_line) in results {
            self.nodes[0].visits += 1;
            self.nodes[0].count += VISIT;
            for (k, &i) in leaf.path.iter().enumerate().skip(1) {
                let mover = leaf.line[k - 1].0;
                let r = if mover == leaf_mover {
                    *result
                } else {
                    WIN + LOSS - *result
                };
                let node = &mut self.nodes[i];
                node.visits += 1;
                node.count += VISIT;
                node.value += u64::from(r) * u64::from(VISIT);
            }
            if config.lgr {
                let (leaf_won, leaf_lost) = (*result >= DRAW, *result <= DRAW);
                stats.lgr.update(round_line, |p| {
                    if p == leaf_mover {
                        leaf_won
                    } else {
                        leaf_lost
                    }
                });
            }
            if let Some(rave) = config.rave {
                first_played.mark(round_line);
                self.rave(
                    &leaf.path,
                    round_line,
                    &first_played,
                    *result,
                    leaf_mover,
                    rave,
                );
                first_played.clear(round_line);
            }
            stats.root_results_add(u64::from(if self.root.to_move() == leaf_mover {
                *result
            } else {
                WIN + LOSS - *result
            }));
        }
        stats.first_played = first_played;
    }

    /// The value a new child of a node where `mover` moves starts from,
    /// above a loss: that side's mean result so far (Pentobi's
    /// `root_val`), a draw's before any playout.
    fn value_base(&self, stats: &RoundStats, mover: Player) -> u64 {
        let n = u64::from(self.nodes[0].visits);
        if n == 0 {
            return u64::from(DRAW - LOSS);
        }
        let root_side = (stats.root_results / n).saturating_sub(u64::from(LOSS));
        if mover == self.root.to_move() {
            root_side
        } else {
            u64::from(WIN - LOSS).saturating_sub(root_side)
        }
    }

    /// RAVE (Pentobi's, folded into the counts): for each node of the path
    /// with at most `rave.parent_max` visits, its children whose move the
    /// same side made later in the round (`line`: the moves out of the
    /// path's nodes, then the playout's), with at most `rave.child_max`
    /// visits, count the result with a weight that falls with the move's
    /// distance. `first` maps a placement to its index in `line`, plus one.
    fn rave(
        &mut self,
        path: &[usize],
        line: &[(Player, Option<(u8, u8)>)],
        first: &FirstPlayed,
        result: u32,
        leaf_mover: Player,
        rave: Rave,
    ) {
        let total = line.len() as u32;
        for (k, &i) in path.iter().enumerate() {
            let node = self.nodes[i];
            if node.children == 0 || node.visits > rave.parent_max {
                continue;
            }
            let Some(&(mover, _)) = line.get(k) else {
                continue;
            };
            let r = if mover == leaf_mover {
                result
            } else {
                WIN + LOSS - result
            };
            let left = total - k as u32;
            let start = node.first as usize;
            for c in start..start + usize::from(node.children) {
                let Some(mv) = self.nodes[c].mv else { continue };
                if self.nodes[c].visits > rave.child_max {
                    continue;
                }
                let at = first.get(mover, mv);
                if at <= k as u32 + 1 {
                    continue; // not played after this node (or not at all)
                }
                let distance = at - 1 - k as u32;
                let w = rave.weight_q4 * (left - distance) / left;
                if w == 0 {
                    continue;
                }
                let child = &mut self.nodes[c];
                child.count += w;
                child.value += u64::from(r) * u64::from(w);
            }
        }
    }

    /// The move to play: the root child with the most visits, or the most
    /// value; the first of equals.
    pub fn choice(&self, by_wins: bool) -> usize {
        let root = self.nodes[0];
        let first = root.first as usize;
        let key = |i: usize| -> u64 {
            let n = &self.nodes[i];
            if by_wins {
                n.value / u64::from(VISIT)
            } else {
                u64::from(n.visits)
            }
        };
        (first..first + usize::from(root.children))
            .fold(first, |b, i| if key(i) > key(b) { i } else { b })
    }

    /// The root's children for people.
    pub fn root_children(&self) -> Vec<(Move, u32, u32)> {
        let root = self.nodes[0];
        let first = root.first as usize;
        (first..first + usize::from(root.children))
            .map(|i| {
                let n = &self.nodes[i];
                let mean = if n.count == 0 {
                    0
                } else {
                    (n.value / u64::from(n.count)) as u32
                };
                (n.mv(), n.visits, mean)
            })
            .collect()
    }

    /// The subtree below root child `a` then its child `b` as a new tree
    /// (nodes renumbered breadth first, children kept contiguous): the
    /// tree kept from one move to the next. `None` when either move is not
    /// there.
    pub fn subtree(
        &self,
        moves: &[Option<(u8, u8)>],
        root: Position,
        history: [Option<Placement>; 3],
    ) -> Option<Tree> {
        let mut index = 0usize;
        for mv in moves {
            let node = self.nodes[index];
            let first = node.first as usize;
            index =
                (first..first + usize::from(node.children)).find(|&i| self.nodes[i].mv == *mv)?;
        }
        let mut nodes = vec![self.nodes[index]];
        nodes[0].mv = None;
        let mut queue = vec![(index, 0usize)];
        let mut at = 0;
        while at < queue.len() {
            let (old, new) = queue[at];
            at += 1;
            let node = self.nodes[old];
            if node.children == 0 {
                continue;
            }
            let first = nodes.len();
            for c in node.first as usize..node.first as usize + usize::from(node.children) {
                queue.push((c, nodes.len()));
                nodes.push(self.nodes[c]);
            }
            nodes[new].first = first as u32;
        }
        Some(Tree {
            nodes,
            cycles: 0,
            root,
            history,
        })
    }
}

/// The board's cycles for an expansion of `position` into `children`
/// children: the expander's (`model::expander`: the candidate stream, the
/// scorer, the children written one a cycle) after its start's register.
fn expansion_cycles_of(position: &Position, children: u16) -> u64 {
    let (_, done) = crate::cell_candidates::timeline(position);
    EXPANDER_DELAY + done as u64 + TAG_STAGES + 2 + u64::from(children)
}

/// The smallest tile the opening filter allows the side to move (Pentobi's
/// in Duo: only 5 cells before 4 tiles are on the board, at least 4 before
/// 6, at least 3 before 10).
pub fn size_filter(position: &Position) -> u8 {
    let placed = position.tiles_placed(Player::One) + position.tiles_placed(Player::Two);
    match placed {
        0..=3 => 5,
        4..=5 => 4,
        6..=9 => 3,
        _ => 1,
    }
}

/// `sig(z) = 2 / (1 + e^(-2z)) - 1` in 256ths for `z` in sixteenths
/// (clamped to 8): the bonus's ROM.
fn sigmoid_rom(z16: i32) -> i32 {
    let z = f64::from(z16.clamp(-128, 128)) / 16.0;
    (256.0 * (2.0 / (1.0 + (-2.0 * z).exp()) - 1.0)).round() as i32
}

/// The result of a playout whose margin is `margin` for the leaf's side to move.
fn result_for_leaf_mover(margin: i32) -> u32 {
    match margin.signum() {
        1 => WIN,
        0 => DRAW,
        _ => LOSS,
    }
}

/// What the rounds of a search saw.
#[derive(Clone, Debug, Default)]
pub struct RoundStats {
    pub depth: usize,
    /// The root side's results summed.
    pub root_results: u64,
    /// RAVE's table of where each placement was made in a round.
    first_played: FirstPlayed,
    /// The last-good-reply table, kept through the search.
    lgr: LastGoodReply,
    /// Playouts' margins and lengths, for the bonuses.
    pub margins: i64,
    pub margins_squared: i64,
    pub lengths: u64,
    pub lengths_squared: u64,
    pub observed: u64,
}

impl RoundStats {
    /// Pentobi's quality bonus for a playout whose margin for player 1 is
    /// `margin`, of `length` plies, with `result` for player 1: 0.3 of a
    /// win times `sig(z)` of the margin's z-score among the search's
    /// playouts so far, less 0.12 times the result's distance from a draw
    /// times `sig(z)` of the length's; `sig(z) = 2 / (1 + e^(-2z)) - 1`
    /// from a ROM of z in sixteenths, the z-scores by the reciprocal ROM
    /// and an integer square root. In 256ths of a win, for player 1.
    fn bonus(&self, margin: i32, length: u32, result: u32) -> i32 {
        if self.observed < 2 {
            return 0;
        }
        let n = self.observed as i64;
        let z16 = |x: i64, sum: i64, squares: i64| -> i32 {
            // Variance times n^2: n squares - sum^2.
            let spread = n * squares - sum * sum;
            if spread <= 0 {
                return 0;
            }
            let root = spread.isqrt() as u64; // n times the deviation
            let deviation = (n * x - sum).unsigned_abs(); // n times |x - mean|
            let z = (super::fixed::ratio(deviation * 16, root) >> super::fixed::RATIO_BITS) as i32;
            if n * x >= sum {
                z
            } else {
                -z
            }
        };
        let score_z = z16(i64::from(margin), self.margins, self.margins_squared);
        let length_z = z16(
            i64::from(length),
            self.lengths as i64,
            self.lengths_squared as i64,
        );
        let score_bonus = 77 * sigmoid_rom(score_z) / 256;
        let from_draw = result as i32 - DRAW as i32; // +-128 for a win or loss
        let length_bonus = -(31 * from_draw / 128) * sigmoid_rom(length_z) / 256;
        score_bonus + length_bonus
    }

    fn root_results_add(&mut self, r: u64) {
        self.root_results += r;
    }

    fn observe(&mut self, margin: i32, length: u32) {
        self.margins += i64::from(margin);
        self.margins_squared += i64::from(margin) * i64::from(margin);
        self.lengths += u64::from(length);
        self.lengths_squared += u64::from(length) * u64::from(length);
        self.observed += 1;
    }
}

/// Where in a round's line each placement was first made, per side: the
/// hardware's two 17,836-bit "played" memories, here with the index.
#[derive(Clone, Debug)]
struct FirstPlayed(Vec<u32>);

impl Default for FirstPlayed {
    fn default() -> FirstPlayed {
        FirstPlayed(vec![0; 2 * 256 * 196])
    }
}

impl FirstPlayed {
    fn slot(player: Player, (shape, corner): (u8, u8)) -> usize {
        (player.index() * 256 + usize::from(shape)) * 196 + usize::from(corner)
    }

    /// Index in the line plus one, 0 when not made.
    fn get(&self, player: Player, mv: (u8, u8)) -> u32 {
        self.0[Self::slot(player, mv)]
    }

    fn mark(&mut self, line: &[(Player, Option<(u8, u8)>)]) {
        for (j, &(player, mv)) in line.iter().enumerate() {
            if let Some(mv) = mv {
                let slot = &mut self.0[Self::slot(player, mv)];
                if *slot == 0 {
                    *slot = j as u32 + 1;
                }
            }
        }
    }

    fn clear(&mut self, line: &[(Player, Option<(u8, u8)>)]) {
        for &(player, mv) in line {
            if let Some(mv) = mv {
                self.0[Self::slot(player, mv)] = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_reply_is_kept_after_a_win_and_forgotten_after_a_loss() {
        let mut lgr = LastGoodReply::default();
        let (theirs, ours) = ((3u8, 40u8), (77u8, 150u8));
        let line = [(Player::Two, Some(theirs)), (Player::One, Some(ours))];
        assert_eq!(lgr.reply(Player::One, theirs), None);
        lgr.update(&line, |p| p == Player::One);
        assert_eq!(lgr.reply(Player::One, theirs), Some(ours));
        assert_eq!(
            lgr.reply(Player::Two, theirs),
            None,
            "kept for its side only"
        );
        // A loss after it forgets it; a loss after another reply does not.
        let other = [(Player::Two, Some(theirs)), (Player::One, Some((5, 6)))];
        lgr.update(&other, |p| p == Player::Two);
        assert_eq!(lgr.reply(Player::One, theirs), Some(ours));
        lgr.update(&line, |p| p == Player::Two);
        assert_eq!(lgr.reply(Player::One, theirs), None);
        // A pass neither is replied to nor replies.
        lgr.update(&[(Player::Two, None), (Player::One, Some(ours))], |_| true);
        assert!(lgr.0.iter().all(|&w| w == 0));
    }

    #[test]
    fn the_bonus_rewards_wide_margins_and_short_wins() {
        let mut stats = RoundStats::default();
        assert_eq!(stats.bonus(10, 40, WIN), 0, "no statistics yet");
        for (margin, length) in [(-10, 40), (0, 42), (10, 44), (-5, 38), (5, 46)] {
            stats.observe(margin, length);
        }
        let wide = stats.bonus(20, 42, WIN);
        let narrow = stats.bonus(1, 42, WIN);
        assert!(
            wide > narrow && wide > 0 && wide <= 77 + 31,
            "{wide} {narrow}"
        );
        assert!(stats.bonus(-20, 42, LOSS) < 0);
        // At the mean margin, a short win gains and a long one loses.
        assert!(stats.bonus(0, 30, WIN) > 0 && stats.bonus(0, 54, WIN) < 0);
        assert!(stats.bonus(0, 30, LOSS) < 0 && stats.bonus(0, 54, LOSS) > 0);
        assert_eq!(sigmoid_rom(0), 0);
        assert_eq!(sigmoid_rom(1000), -sigmoid_rom(-1000));
    }
}
