//! The board's next search's settings: each feature of the design switched
//! alone ([`Config`]), and how much a move gets ([`Playouts`]).

use super::budget::board_playouts;
use super::prior::{self, Weights};
use crate::cell_playout::Refinements;

/// How much a move gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playouts {
    /// The board's own playouts at that ply ([`board_playouts`]), times
    /// `per_mille / 1000`: equal work.
    Board { per_mille: u32 },
    /// This many playouts, every move.
    Fixed(u64),
    /// Rounds start while the search's cycles by the board's timings are
    /// below `ms` milliseconds at the board's clock: equal time, were it
    /// built with today's engines and timings.
    Time { ms: u32 },
}

impl Playouts {
    /// The playouts for a move at `ply` (for [`Playouts::Time`], the
    /// board's own: what pondering counts its rate by).
    pub fn at(self, ply: usize) -> u64 {
        match self {
            Playouts::Board { per_mille } => board_playouts(ply) * u64::from(per_mille) / 1000,
            Playouts::Fixed(n) => n,
            Playouts::Time { ms } => board_playouts(ply) * u64::from(ms) / 850,
        }
    }
}

/// The search's settings: each feature of the design, switched alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub playouts: Playouts,
    pub children: Children,
    pub select: Select,
    /// The exploration constant, in 1/256.
    pub c_q8: u32,
    pub expand: Expand,
    /// After an expansion, the best child is entered at once (Pentobi's).
    pub enter_best: bool,
    /// A new child's virtual count, in sixteenths of a visit (Pentobi: 3 visits).
    pub virtual_count: u32,
    /// Playouts a leaf gets: the engines that share it.
    pub leaf_playouts: usize,
    /// Leaves a round: descents one after another, each holding a virtual
    /// loss on its path until its playouts are in (engines on leaves of
    /// their own).
    pub leaves: usize,
    pub rave: Option<Rave>,
    /// The subtree of the moves played is kept from one move to the next.
    pub reuse: bool,
    /// The move played is the root child with the most wins, not visits.
    pub by_wins: bool,
    /// Pentobi's early size filter in the tree.
    pub size_filter: bool,
    /// Pentobi's quality bonus on each result (the margin's and the game
    /// length's z-scores).
    pub bonus: bool,
    /// The last-good-reply table in the playouts.
    pub lgr: bool,
    pub refinements: PlayoutRefinements,
    /// The tree grows on the opponent's time (with [`Config::reuse`]).
    pub ponder: bool,
    /// Words of the node memory.
    pub nodes: usize,
    /// Words of it in block RAM, the first allocated (the top of the
    /// tree); the rest in the board's SDRAM, whose reads and writes the
    /// board's cycles count at [`super::search::SDRAM_ACCESS_CYCLES`] a
    /// burst and [`super::search::SDRAM_BEATS`] a word.
    pub on_chip: usize,
    pub weights: Weights,
    pub seed: u32,
}

impl Config {
    /// Today's board's tree, counted in playouts: the evaluator's 16 best
    /// children, UCB1, expansion after 96 visits, three engines on a leaf,
    /// the most visited move; the ladder's first step.
    pub const BOARD: Config = Config {
        playouts: Playouts::Board { per_mille: 1000 },
        children: Children::Evaluator,
        select: Select::Ucb1,
        c_q8: crate::board_tree::EXPLORATION_Q8 as u32,
        expand: Expand::After(crate::board_tree::EXPAND_AFTER),
        enter_best: false,
        virtual_count: 0,
        leaf_playouts: crate::playout_bank::ENGINES,
        leaves: 1,
        rave: None,
        reuse: false,
        by_wins: false,
        size_filter: false,
        bonus: false,
        lgr: false,
        refinements: PlayoutRefinements {
            policy: crate::cell_playout::Refinements::BOARD,
            history: false,
            reference: false,
        },
        ponder: false,
        nodes: crate::board_tree::NODES,
        on_chip: usize::MAX,
        weights: prior::FITTED,
        seed: crate::random::SEED,
    };
}

impl Default for Config {
    fn default() -> Config {
        Config::BOARD
    }
}

/// How a leaf earns its expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expand {
    /// After this many visits (the board's tree: 96).
    After(u32),
    /// Pentobi's: more than `1 + depth / 2` visits, the root at depth 0;
    /// doubled at each halving of the free memory (`Tree::pressure` in [`super::search`](mod@super::search)).
    Depth,
}

/// Which moves a node's children are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Children {
    /// The evaluator's 16 best (the board's expander), all of one weight.
    Evaluator,
    /// The legal moves by prior, at most this many.
    Prior(usize),
}

/// How a child is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// The board's UCB1 in integers (`model::board_tree::ucb`), unvisited first.
    Ucb1,
    /// Pentobi's prior-scaled exploration.
    Prior,
}

/// RAVE's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rave {
    /// The weight of a RAVE result at distance 0, in sixteenths.
    pub weight_q4: u32,
    /// Parents above this many visits give no RAVE results.
    pub parent_max: u32,
    /// Children above this many visits take none.
    pub child_max: u32,
}

/// The refinements of the playouts a config asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutRefinements {
    /// The engine's own refinements.
    pub policy: Refinements,
    /// The playouts know the placements that led to the leaf (the board's
    /// engines start knowing none): engines with history, which load them
    /// in [`crate::cell_playout::HISTORY_CYCLES`] at each start.
    pub history: bool,
    /// Pentobi's playout policy on the rules engine ([`super::reference`],
    /// software only) instead of the board's engine.
    pub reference: bool,
}
