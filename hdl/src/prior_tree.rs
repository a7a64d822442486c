//! The board's next search in hardware: `model::prior_tree`, whose doc
//! comment is the specification (the units, the jobs and their order, the
//! node memory, every cycle): it chooses that move after those cycles.
//!
//! # How
//! Three units work at once, as the model's: the tree unit ([`TreeUnit`],
//! the node memory's only user: its jobs, each a block of
//! `prior_tree/`), the bank ([`PlayoutBank`] with the engines'
//! refinements, on the leaf in the walk's registers with the leaf's last
//! three moves) and the expander, behind the tree unit's expander port
//! (`prior_tree::expander_port`). The node memory is two RAMs in block RAM
//! for the first `on_chip_blocks` blocks (`NodeMemory`) and the SDRAM for
//! the others, through the port this block gives the SDRAM's controller
//! (`hdl::Sdram`'s user side, both its readies): the search presents the
//! controller a `sync` and begins once it is taken.
//!
//! Built with [`PriorTree::new`], the expander is `hdl::PriorExpander`
//! with a buffer of its children ([`BufferedExpander`]), as
//! `model::prior_tree::expansion` models it. Built with
//! [`PriorTree::scripted`], it is a [`ScriptedExpander`] whose expansions a
//! test gives through the `script_` ports (and the `seen_` ports show
//! what the search did).

pub mod backup;
pub mod bank_control;
pub mod buffered_expander;
pub mod choose;
pub mod descent;
pub mod dispatch;
pub mod earned;
pub mod expander_port;
pub mod leaf_expansion;
pub mod level_choice;
pub mod link;
pub mod link_pipe;
pub mod memory_port;
pub mod node_memory;
pub mod path_store;
pub mod rig;
pub mod scripted_expander;
pub mod sdram_clients;
pub mod sdram_place;
pub mod tree_unit;
pub mod value_base;
pub mod walk;
pub mod word;
pub mod write_beats;

use crate::board::Board;
use crate::cell_playout::RecentMoves;
use crate::optional::Optional;
use crate::playout_bank::PlayoutBank;
use crate::sdram::SdramRequest;
use crate::search_budget::TIMER_BITS;
use crate::side::Side;
use buffered_expander::BufferedExpander;
use earned::BLOCK_COUNT;
use expander_port::{CANDIDATE_BITS, COUNT_BITS, SUM_BITS};
use model::cell_playout::Refinements;
use model::placer::placer_tile;
use model::random::SEED;
use path_store::DEPTH;
use rust_hdl::prelude::*;
pub use scripted_expander::{ScriptedExpander, SCRIPT_CHILDREN};
pub use tree_unit::TreeUnit;
use word::ADDRESS;

/// The search.
#[derive(LogicBlock)]
pub struct PriorTree {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: search the position below (held until the search
    /// begins: at once, or once the units have finished the work of a
    /// search abandoned before).
    pub start: Signal<In, Bit>,
    /// Abandon the search (no `done` follows).
    pub cancel: Signal<In, Bit>,
    /// The side to move.
    pub own: Signal<In, Side>,
    /// The other side.
    pub opponent: Signal<In, Side>,
    /// Passes in a row before the position.
    pub passes: Signal<In, Bits<2>>,
    /// The last three moves before the position, the latest first.
    pub recent: Signal<In, RecentMoves>,
    /// No round starts once the cycle counter reaches this.
    pub rounds_until: Signal<In, Bits<TIMER_BITS>>,
    /// A round still playing out when the cycle counter reaches this ends
    /// the search (`timed_out`).
    pub watchdog: Signal<In, Bits<TIMER_BITS>>,
    /// The SDRAM controller: a request presented.
    pub sdram_valid: Signal<Out, Bit>,
    /// The request.
    pub sdram_request: Signal<Out, SdramRequest>,
    /// An access presented now is taken (the controller's `ready`).
    pub sdram_ready: Signal<In, Bit>,
    /// A sync presented now is taken (the controller's `sync_ready`).
    pub sdram_sync_ready: Signal<In, Bit>,
    /// The controller asks for a write's next word.
    pub sdram_write_strobe: Signal<In, Bit>,
    /// The word.
    pub sdram_write_data: Signal<Out, Bits<16>>,
    /// A read's word is at `sdram_read_data`.
    pub sdram_read_valid: Signal<In, Bit>,
    /// The word.
    pub sdram_read_data: Signal<In, Bits<16>>,
    /// High for one cycle when the move is chosen; the outputs below hold
    /// until the next `start`.
    pub done: Signal<Out, Bit>,
    /// A move was chosen (else: a pass).
    pub found: Signal<Out, Bit>,
    /// The move's oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Its tile.
    pub best_tile: Signal<Out, Bits<5>>,
    /// It was forced (one candidate, or the last tile): no round.
    pub forced: Signal<Out, Bit>,
    /// The root's candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// Rounds played (bank runs started).
    pub rounds: Signal<Out, Bits<20>>,
    /// Plies the engines played in the runs backed up.
    pub plies: Signal<Out, Bits<32>>,
    /// Blocks of the node memory handed out.
    pub blocks: Signal<Out, Bits<BLOCK_COUNT>>,
    /// The deepest leaf.
    pub depth: Signal<Out, Bits<DEPTH>>,
    /// The watchdog ended the search.
    pub timed_out: Signal<Out, Bit>,
    /// Searching, or a unit still at work.
    pub busy: Signal<Out, Bit>,
    /// The scripted expander's next expansion (`ScriptedExpander`).
    pub script_children: Optional<Signal<In, Bits<SCRIPT_CHILDREN>>>,
    /// Its count.
    pub script_count: Optional<Signal<In, Bits<COUNT_BITS>>>,
    /// It found a child.
    pub script_found: Optional<Signal<In, Bit>>,
    /// Its weight sum.
    pub script_sum: Optional<Signal<In, Bits<SUM_BITS>>>,
    /// Its candidates.
    pub script_candidates: Optional<Signal<In, Bits<CANDIDATE_BITS>>>,
    /// Its edges.
    pub script_edges: Optional<Signal<In, Bits<16>>>,
    /// The scripted expander took a `start` at the last edge, or the
    /// search is done: what a test waits for.
    pub script_event: Optional<Signal<Out, Bit>>,
    /// The position its last `start` gave: the side to move.
    pub seen_own: Optional<Signal<Out, Side>>,
    /// The other side.
    pub seen_opponent: Optional<Signal<Out, Side>>,
    /// The latest placement's cells.
    pub seen_latest: Optional<Signal<Out, Board>>,
    /// The earlier one's.
    pub seen_earlier: Optional<Signal<Out, Board>>,
    /// A descent's last cycle (its leaf ready the cycle after).
    pub seen_descended: Optional<Signal<Out, Bit>>,
    /// Its leaf's word address (block times 32 plus child).
    pub seen_leaf: Optional<Signal<Out, Bits<ADDRESS>>>,
    /// The bank's `start`.
    pub seen_bank_start: Optional<Signal<Out, Bit>>,
    tree: TreeUnit,
    bank: PlayoutBank,
    scripted: Optional<ScriptedExpander>,
    expander: Optional<BufferedExpander>,
    tiles: ROM<Bits<5>, 7>,
    seed: Constant<Bits<32>>,
}

/// A part present in the scripted build only, made by default.
fn scripted_part<T: Default>(scripted: bool) -> Optional<T> {
    if scripted {
        Optional::present(T::default())
    } else {
        Optional::absent(T::default())
    }
}

impl PriorTree {
    /// The search with a scripted expander and `on_chip_blocks` blocks of
    /// the node memory on chip, the others in the SDRAM (the board's:
    /// `model::prior_tree::memory::ON_CHIP_BLOCKS`).
    pub fn scripted(on_chip_blocks: usize) -> PriorTree {
        PriorTree::build(on_chip_blocks, true)
    }

    /// The search with its expander (`hdl::PriorExpander`, the fitted
    /// weights) and `on_chip_blocks` blocks of the node memory on chip.
    pub fn new(on_chip_blocks: usize) -> PriorTree {
        PriorTree::build(on_chip_blocks, false)
    }

    /// The search, its expander scripted or real.
    fn build(on_chip_blocks: usize, scripted: bool) -> PriorTree {
        assert!(
            (1..=model::prior_tree::memory::ON_CHIP_BLOCKS).contains(&on_chip_blocks),
            "1 to 1,024 blocks on chip"
        );
        PriorTree {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            passes: Default::default(),
            recent: Default::default(),
            rounds_until: Default::default(),
            watchdog: Default::default(),
            sdram_valid: Default::default(),
            sdram_request: Default::default(),
            sdram_ready: Default::default(),
            sdram_sync_ready: Default::default(),
            sdram_write_strobe: Default::default(),
            sdram_write_data: Default::default(),
            sdram_read_valid: Default::default(),
            sdram_read_data: Default::default(),
            done: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            forced: Default::default(),
            candidates: Default::default(),
            rounds: Default::default(),
            plies: Default::default(),
            blocks: Default::default(),
            depth: Default::default(),
            timed_out: Default::default(),
            busy: Default::default(),
            script_children: scripted_part(scripted),
            script_count: scripted_part(scripted),
            script_found: scripted_part(scripted),
            script_sum: scripted_part(scripted),
            script_candidates: scripted_part(scripted),
            script_edges: scripted_part(scripted),
            script_event: scripted_part(scripted),
            seen_own: scripted_part(scripted),
            seen_opponent: scripted_part(scripted),
            seen_latest: scripted_part(scripted),
            seen_earlier: scripted_part(scripted),
            seen_descended: scripted_part(scripted),
            seen_leaf: scripted_part(scripted),
            seen_bank_start: scripted_part(scripted),
            tree: TreeUnit::new(on_chip_blocks),
            bank: PlayoutBank::with_refinements(Refinements::NEXT),
            scripted: scripted_part(scripted),
            expander: if scripted {
                Optional::absent(BufferedExpander::new())
            } else {
                Optional::present(BufferedExpander::new())
            },
            tiles: (0..128u8)
                .map(|s| Bits::<5>::from(u64::from(placer_tile(s))))
                .into(),
            seed: Constant::new(u64::from(SEED).into()),
        }
    }
}

impl Logic for PriorTree {
    #[hdl_gen]
    fn update(&mut self) {
        self.tree.clock.next = self.clock.val();
        self.bank.clock.next = self.clock.val();
        self.tree.start.next = self.start.val();
        self.tree.cancel.next = self.cancel.val();
        self.tree.own.next = self.own.val();
        self.tree.opponent.next = self.opponent.val();
        self.tree.passes.next = self.passes.val();
        self.tree.recent.next = self.recent.val();
        self.tree.rounds_until.next = self.rounds_until.val();
        self.tree.watchdog.next = self.watchdog.val();
        // The bank, on the walk's leaf.
        self.bank.start.next = self.tree.bank_start.val();
        self.bank.reseed.next = self.tree.bank_reseed.val();
        self.bank.seed.next = self.seed.val();
        self.bank.own.next = self.tree.walk_own.val();
        self.bank.opponent.next = self.tree.walk_opponent.val();
        self.bank.passes.next = self.tree.walk_passes.val();
        for _part in 0..self.bank.recent.len() {
            self.bank.recent.next = self.tree.walk_moves.val();
        }
        self.tree.bank_done.next = self.bank.done.val();
        self.tree.bank_points.next = self.bank.points.val();
        self.tree.bank_plies.next = self.bank.plies.val();
        self.tree.bank_busy.next = self.bank.busy.val();
        // The expander.
        self.tree.expander_busy.next = false;
        self.tree.expander_done.next = false;
        self.tree.expander_found.next = false;
        self.tree.expander_children.next = 0.into();
        self.tree.expander_sum.next = 0.into();
        self.tree.expander_candidates.next = 0.into();
        self.tree.child_shape.next = 0.into();
        self.tree.child_corner.next = 0.into();
        self.tree.child_distance.next = 0.into();
        for _part in 0..self.scripted.len() {
            self.scripted.clock.next = self.clock.val();
            self.scripted.start.next = self.tree.expander_start.val();
            self.scripted.own.next = self.tree.walk_own.val();
            self.scripted.opponent.next = self.tree.walk_opponent.val();
            self.scripted.latest.next = self.tree.walk_latest.val();
            self.scripted.earlier.next = self.tree.walk_earlier.val();
            self.scripted.index.next = self.tree.expander_index.val();
            self.tree.expander_busy.next = self.scripted.busy.val();
            self.tree.expander_done.next = self.scripted.done.val();
            self.tree.expander_found.next = self.scripted.found.val();
            self.tree.expander_children.next = self.scripted.children.val();
            self.tree.expander_sum.next = self.scripted.weight_sum.val();
            self.tree.expander_candidates.next = self.scripted.candidates.val();
            self.tree.child_shape.next = self.scripted.child_shape.val();
            self.tree.child_corner.next = self.scripted.child_corner.val();
            self.tree.child_distance.next = self.scripted.child_distance.val();
            self.scripted.script_children.next = self.script_children.val();
            self.scripted.script_count.next = self.script_count.val();
            self.scripted.script_found.next = self.script_found.val();
            self.scripted.script_sum.next = self.script_sum.val();
            self.scripted.script_candidates.next = self.script_candidates.val();
            self.scripted.script_edges.next = self.script_edges.val();
            self.script_event.next = self.scripted.taken.val() | self.tree.done.val();
            self.seen_own.next = self.scripted.seen_own.val();
            self.seen_opponent.next = self.scripted.seen_opponent.val();
            self.seen_latest.next = self.scripted.seen_latest.val();
            self.seen_earlier.next = self.scripted.seen_earlier.val();
            self.seen_descended.next = self.tree.descended.val();
            self.seen_leaf.next = self.tree.leaf_address.val();
            self.seen_bank_start.next = self.tree.bank_start.val();
        }
        for _part in 0..self.expander.len() {
            self.expander.clock.next = self.clock.val();
            self.expander.start.next = self.tree.expander_start.val();
            self.expander.own.next = self.tree.walk_own.val();
            self.expander.opponent.next = self.tree.walk_opponent.val();
            self.expander.latest.next = self.tree.walk_latest.val();
            self.expander.earlier.next = self.tree.walk_earlier.val();
            self.expander.index.next = self.tree.expander_index.val();
            self.tree.expander_busy.next = self.expander.busy.val();
            self.tree.expander_done.next = self.expander.done.val();
            self.tree.expander_found.next = self.expander.found.val();
            self.tree.expander_children.next = self.expander.children.val();
            self.tree.expander_sum.next = self.expander.weight_sum.val();
            self.tree.expander_candidates.next = self.expander.candidates.val();
            self.tree.child_shape.next = self.expander.child_shape.val();
            self.tree.child_corner.next = self.expander.child_corner.val();
            self.tree.child_distance.next = self.expander.child_distance.val();
        }
        // The SDRAM.
        self.sdram_valid.next = self.tree.sdram_valid.val();
        self.sdram_request.next = self.tree.sdram_request.val();
        self.tree.sdram_ready.next = self.sdram_ready.val();
        self.tree.sdram_sync_ready.next = self.sdram_sync_ready.val();
        self.tree.sdram_write_strobe.next = self.sdram_write_strobe.val();
        self.sdram_write_data.next = self.tree.sdram_write_data.val();
        self.tree.sdram_read_valid.next = self.sdram_read_valid.val();
        self.tree.sdram_read_data.next = self.sdram_read_data.val();
        // The outputs.
        self.tiles.address.next = self.tree.best_shape.val();
        self.done.next = self.tree.done.val();
        self.found.next = self.tree.found.val();
        self.best_shape.next = self.tree.best_shape.val();
        self.best_corner.next = self.tree.best_corner.val();
        self.best_tile.next = self.tiles.data.val();
        self.forced.next = self.tree.forced.val();
        self.candidates.next = self.tree.candidates.val();
        self.rounds.next = self.tree.rounds.val();
        self.plies.next = self.tree.plies.val();
        self.blocks.next = self.tree.blocks.val();
        self.depth.next = self.tree.depth.val();
        self.timed_out.next = self.tree.timed_out.val();
        self.busy.next = self.tree.busy.val();
    }
}
