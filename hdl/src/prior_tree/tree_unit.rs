//! The tree unit: the node memory's only user, one job at a time, each
//! chosen in a dispatch cycle (`model::prior_tree::search`'s `rounds`):
//! the backup of a finished run, else the choice when the rounds are over
//! (or the watchdog fires), else the link of a finished expansion, else a
//! descent when no leaf waits for the bank. The jobs are blocks of their
//! own ([`Descent`], [`Backup`], [`Link`], [`Choose`]); this block holds
//! what they share (the node memory, its block RAM behind [`MemoryPort`],
//! the path stores, the walk, the SDRAM's beats, the root's registers),
//! gives each its turn, and starts the search: the history placed, the
//! root expanded and linked.
//!
//! A descent's leaf is ready in the walk the cycle after the descent's
//! `done`; that cycle, if the leaf has earned its children ([`Earned`]) and
//! the expander is free, starts the expander (its `start` high the cycle
//! after) and the value its children start from ([`ValueBase`]), and is no
//! dispatch cycle (`EXPANDER_START`). The bank's runs are [`BankControl`]'s.

use super::backup::Backup;
use super::bank_control::BankControl;
use super::choose::Choose;
use super::descent::Descent;
use super::dispatch::Dispatch;
use super::earned::BLOCK_COUNT;
use super::expander_port::{CANDIDATE_BITS, COUNT_BITS, DISTANCE_BITS, SUM_BITS};
use super::leaf_expansion::LeafExpansion;
use super::link::Link;
use super::memory_port::MemoryPort;
use super::path_store::{PathStores, DEPTH};
use super::sdram_clients::SdramClients;
use super::walk::Walk;
use super::word::{ADDRESS, BLOCK};
use crate::board::Board;
use crate::cell_playout::RecentMoves;
use crate::sdram::SdramRequest;
use crate::search_budget::TIMER_BITS;
use crate::side::Side;
use rust_hdl::prelude::*;

/// The tree unit.
#[derive(LogicBlock)]
pub struct TreeUnit {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Search the position below (taken when idle).
    pub start: Signal<In, Bit>,
    /// Abandon the search.
    pub cancel: Signal<In, Bit>,
    /// The root's side to move.
    pub own: Signal<In, Side>,
    /// The root's other side.
    pub opponent: Signal<In, Side>,
    /// Passes in a row before the root.
    pub passes: Signal<In, Bits<2>>,
    /// The root's last three moves, the latest first.
    pub recent: Signal<In, RecentMoves>,
    /// No run starts in a cycle from this one on.
    pub rounds_until: Signal<In, Bits<TIMER_BITS>>,
    /// A run still in the bank's hands at this cycle ends the search.
    pub watchdog: Signal<In, Bits<TIMER_BITS>>,
    /// The walk's position and moves, which the bank and expander read.
    pub walk_own: Signal<Out, Side>,
    /// The walk's other side.
    pub walk_opponent: Signal<Out, Side>,
    /// Passes before the walk's position.
    pub walk_passes: Signal<Out, Bits<2>>,
    /// The walk's last three moves.
    pub walk_moves: Signal<Out, RecentMoves>,
    /// The cells of the walk's latest move.
    pub walk_latest: Signal<Out, Board>,
    /// The cells of its third latest.
    pub walk_earlier: Signal<Out, Board>,
    /// The bank's `start`.
    pub bank_start: Signal<Out, Bit>,
    /// The bank's `reseed`.
    pub bank_reseed: Signal<Out, Bit>,
    /// The bank's `done`.
    pub bank_done: Signal<In, Bit>,
    /// The bank's points.
    pub bank_points: Signal<In, Bits<8>>,
    /// The bank's plies.
    pub bank_plies: Signal<In, Bits<16>>,
    /// The expander's `start`.
    pub expander_start: Signal<Out, Bit>,
    /// The expander is at work.
    pub expander_busy: Signal<In, Bit>,
    /// The bank is at work.
    pub bank_busy: Signal<In, Bit>,
    /// The expander's `done`.
    pub expander_done: Signal<In, Bit>,
    /// It found a child.
    pub expander_found: Signal<In, Bit>,
    /// Its children.
    pub expander_children: Signal<In, Bits<COUNT_BITS>>,
    /// Their weights summed.
    pub expander_sum: Signal<In, Bits<SUM_BITS>>,
    /// Its candidates.
    pub expander_candidates: Signal<In, Bits<CANDIDATE_BITS>>,
    /// The child shown.
    pub expander_index: Signal<Out, Bits<5>>,
    /// Its shape.
    pub child_shape: Signal<In, Bits<7>>,
    /// Its box corner.
    pub child_corner: Signal<In, Bits<8>>,
    /// Its distance below the best.
    pub child_distance: Signal<In, Bits<DISTANCE_BITS>>,
    /// The SDRAM: a request presented.
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
    /// The search is over: the outputs below hold until the next `start`.
    pub done: Signal<Out, Bit>,
    /// A move was chosen (else: a pass).
    pub found: Signal<Out, Bit>,
    /// Its shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// It was forced: no rounds.
    pub forced: Signal<Out, Bit>,
    /// The root's candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// Runs started.
    pub rounds: Signal<Out, Bits<20>>,
    /// Plies the engines played in the runs backed up.
    pub plies: Signal<Out, Bits<32>>,
    /// Blocks handed out.
    pub blocks: Signal<Out, Bits<BLOCK_COUNT>>,
    /// The deepest leaf.
    pub depth: Signal<Out, Bits<DEPTH>>,
    /// The watchdog ended the search.
    pub timed_out: Signal<Out, Bit>,
    /// Searching.
    pub busy: Signal<Out, Bit>,
    /// A descent's last cycle (for tests: the walk holds its leaf next).
    pub descended: Signal<Out, Bit>,
    /// Its leaf's address.
    pub leaf_address: Signal<Out, Bits<ADDRESS>>,
    memory: MemoryPort,
    paths: PathStores,
    walk: Walk,
    sdram: SdramClients,
    bank: BankControl,
    expansion: LeafExpansion,
    sequencer: Dispatch,
    descent: Descent,
    backup: Backup,
    link: Link,
    choose: Choose,
    /// A leaf is ready in the walk in this cycle.
    leaf_new: DFF<Bit>,
}

impl TreeUnit {
    /// An idle tree unit over a node memory with `on_chip_blocks` blocks on
    /// chip (the board's `model::prior_tree::memory::ON_CHIP_BLOCKS`).
    pub fn new(on_chip_blocks: usize) -> TreeUnit {
        TreeUnit {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            passes: Default::default(),
            recent: Default::default(),
            rounds_until: Default::default(),
            watchdog: Default::default(),
            walk_own: Default::default(),
            walk_opponent: Default::default(),
            walk_passes: Default::default(),
            walk_moves: Default::default(),
            walk_latest: Default::default(),
            walk_earlier: Default::default(),
            bank_start: Default::default(),
            bank_reseed: Default::default(),
            bank_done: Default::default(),
            bank_points: Default::default(),
            bank_plies: Default::default(),
            expander_start: Default::default(),
            expander_busy: Default::default(),
            bank_busy: Default::default(),
            expander_done: Default::default(),
            expander_found: Default::default(),
            expander_children: Default::default(),
            expander_sum: Default::default(),
            expander_candidates: Default::default(),
            expander_index: Default::default(),
            child_shape: Default::default(),
            child_corner: Default::default(),
            child_distance: Default::default(),
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
            forced: Default::default(),
            candidates: Default::default(),
            rounds: Default::default(),
            plies: Default::default(),
            blocks: Default::default(),
            depth: Default::default(),
            timed_out: Default::default(),
            busy: Default::default(),
            descended: Default::default(),
            leaf_address: Default::default(),
            memory: Default::default(),
            paths: Default::default(),
            walk: Walk::new(),
            sdram: Default::default(),
            bank: Default::default(),
            expansion: Default::default(),
            sequencer: Default::default(),
            descent: Descent::new(on_chip_blocks),
            backup: Backup::new(on_chip_blocks),
            link: Link::new(on_chip_blocks),
            choose: Default::default(),
            leaf_new: Default::default(),
        }
    }
}

impl Logic for TreeUnit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, leaf_new);
        self.memory.clock.next = self.clock.val();
        self.paths.clock.next = self.clock.val();
        self.walk.clock.next = self.clock.val();
        self.sdram.clock.next = self.clock.val();
        self.bank.clock.next = self.clock.val();
        self.expansion.clock.next = self.clock.val();
        self.sequencer.clock.next = self.clock.val();
        self.descent.clock.next = self.clock.val();
        self.backup.clock.next = self.clock.val();
        self.link.clock.next = self.clock.val();
        self.choose.clock.next = self.clock.val();
        // The sequencing.
        self.sequencer.start.next = self.start.val();
        self.sequencer.cancel.next = self.cancel.val();
        self.sequencer.watchdog.next = self.watchdog.val();
        self.sequencer.working.next = self.descent.busy.val()
            | self.backup.busy.val()
            | self.link.busy.val()
            | self.bank_busy.val()
            | self.expander_busy.val()
            | !self.sdram.free.val();
        self.sequencer.finished.next = self.bank.finished.val();
        self.sequencer.in_flight.next = self.bank.in_flight.val();
        self.sequencer.waiting.next = self.bank.waiting.val();
        self.sequencer.stopping.next = self.bank.stopping.val();
        self.sequencer.run_plies.next = self.bank.plies.val();
        self.sequencer.expand_now.next = self.expansion.expand_now.val();
        self.sequencer.children_in.next = self.expansion.children_in.val();
        self.sequencer.expander_done.next = self.expander_done.val();
        self.sequencer.expander_found.next = self.expander_found.val();
        self.sequencer.expander_children.next = self.expander_children.val();
        self.sequencer.expander_candidates.next = self.expander_candidates.val();
        self.sequencer.first_child.next = (bit_cast::<15, 8>(self.child_corner.val()) << 7)
            | bit_cast::<15, 7>(self.child_shape.val());
        self.sequencer.one_tile.next = self.walk.one_tile.val();
        self.sequencer.descent_done.next = self.descent.done.val();
        self.sequencer.leaf_depth.next = self.descent.length.val();
        self.sequencer.open_root.next = self.descent.open_root.val();
        self.sequencer.backup_done.next = self.backup.done.val();
        self.sequencer.backup_results.next = self.backup.root_results.val();
        self.sequencer.link_done.next = self.link.done.val();
        self.sequencer.choose_finishing.next = self.choose.finishing.val();
        self.sequencer.choice.next = (bit_cast::<15, 8>(self.choose.corner.val()) << 7)
            | bit_cast::<15, 7>(self.choose.shape.val());
        // The walk: the root's position at the start, the descent's moves.
        self.walk.load.next = self.sequencer.beginning.val();
        self.walk.root_own.next = self.own.val();
        self.walk.root_opponent.next = self.opponent.val();
        self.walk.root_passes.next = self.passes.val();
        self.walk.root_moves.next = self.recent.val();
        self.walk.apply.next = self.descent.apply.val();
        self.walk.code.next = self.descent.code.val();
        self.walk.from_root.next = self.descent.from_root.val();
        // The bank's runs and the leaf's expansion.
        self.leaf_new.d.next = self.descent.done.val();
        self.bank.clear.next = self.sequencer.beginning.val();
        self.bank.timer.next = self.sequencer.timer.val();
        self.bank.rounds_until.next = self.rounds_until.val();
        self.bank.leaf.next = self.leaf_new.q.val();
        self.bank.bank_done.next = self.bank_done.val();
        self.bank.bank_points.next = self.bank_points.val();
        self.bank.bank_plies.next = self.bank_plies.val();
        self.bank.taken.next = self.sequencer.backup_start.val();
        self.expansion.clear.next = self.sequencer.beginning.val();
        self.expansion.dispatching.next = self.sequencer.dispatching.val();
        self.expansion.leaf_new.next = self.leaf_new.q.val();
        self.expansion.leaf_visits.next = self.descent.leaf_visits.val();
        self.expansion.leaf_expanded.next = self.descent.leaf_expanded.val();
        self.expansion.leaf_code.next = self.descent.leaf_code.val();
        self.expansion.leaf_address.next = self.descent.leaf_address.val();
        self.expansion.depth.next = self.descent.length.val();
        self.expansion.over.next = self.walk.over.val();
        self.expansion.blocks.next = self.sequencer.blocks.val();
        self.expansion.root_visits.next = self.sequencer.root_visits.val();
        self.expansion.root_results.next = self.sequencer.root_results.val();
        self.expansion.expander_done.next = self.expander_done.val();
        self.expansion.linked.next = self.link.busy.val();
        // The path stores: the descent's store is the bank's next; the
        // backup reads the finished run's and keeps the other's up to date.
        self.paths.push.next = self.descent.push.val();
        self.paths.push_store.next = self.bank.walk_store.val();
        self.paths.push_depth.next = self.descent.push_depth.val();
        self.paths.push_address.next = self.descent.push_address.val();
        self.paths.push_selection.next = self.descent.push_selection.val();
        self.paths.finish.next = self.descent.finish.val();
        self.paths.finish_length.next = self.descent.length.val();
        self.paths.finish_shared.next = self.descent.shared.val();
        self.paths.snoop.next = self.backup.snoop.val();
        self.paths.snoop_store.next = !self.bank.finished_store.val();
        self.paths.snoop_depth.next = self.backup.snoop_depth.val();
        self.paths.snoop_selection.next = self.backup.snoop_selection.val();
        self.paths.read_store.next = self.bank.finished_store.val();
        self.paths.read_depth.next = self.backup.read_depth.val();
        self.paths.flying_store.next = self.bank.flying_store.val();
        self.paths.flying_depth.next = self.descent.flying_depth.val();
        // The jobs.
        self.descent.start.next = self.sequencer.descent_start.val();
        self.descent.flying.next = self.bank.in_flight.val();
        self.descent.root_children.next = self.sequencer.root_children.val();
        self.descent.root_opened.next = self.sequencer.root_opened.val();
        self.descent.root_visits.next = self.sequencer.root_visits.val();
        self.descent.even.next = self.memory.even.val();
        self.descent.odd.next = self.memory.odd.val();
        self.descent.sdram_ready.next = self.sdram_ready.val();
        self.descent.read_valid.next = self.sdram_read_valid.val();
        self.descent.read_data.next = self.sdram_read_data.val();
        self.descent.flying_address.next = self.paths.flying_address.val();
        self.descent.flying_length.next = self.paths.flying_length.val();
        self.backup.start.next = self.sequencer.backup_start.val();
        self.backup.points.next = self.bank.points.val();
        self.backup.path_address.next = self.paths.read_address.val();
        self.backup.path_selection.next = self.paths.read_selection.val();
        self.backup.path_length.next = self.paths.read_length.val();
        self.backup.even.next = self.memory.even.val();
        self.backup.odd.next = self.memory.odd.val();
        self.backup.sdram_ready.next = self.sdram_ready.val();
        self.link.start.next = self.sequencer.link_start.val();
        self.link.root.next = self.sequencer.root_link.val();
        self.link.block.next = self.sequencer.blocks.val().get_bits::<BLOCK>(0);
        self.link.node.next = self.expansion.node.val();
        self.link.node_code.next = self.expansion.code.val();
        self.link.base.next = self.expansion.base.val();
        self.link.found.next = self.expander_found.val();
        self.link.children.next = self.expander_children.val();
        self.link.weight_sum.next = self.expander_sum.val();
        self.link.child_shape.next = self.child_shape.val();
        self.link.child_corner.next = self.child_corner.val();
        self.link.child_distance.next = self.child_distance.val();
        self.link.even.next = self.memory.even.val();
        self.link.odd.next = self.memory.odd.val();
        self.link.sdram_ready.next = self.sdram_ready.val();
        self.link.buffer_index.next = self.sdram.buffer_index.val();
        self.choose.start.next = self.sequencer.choose_start.val();
        self.choose.children.next = self.sequencer.root_children.val();
        self.choose.even.next = self.memory.even.val();
        self.choose.odd.next = self.memory.odd.val();
        // The node memory: the job's reads, the jobs' writes.
        self.memory.descending.next = self.sequencer.descending.val();
        self.memory.backing_up.next = self.sequencer.backing_up.val();
        self.memory.linking.next = self.sequencer.linking.val();
        self.memory.choosing.next = self.sequencer.choosing.val();
        self.memory.descent_read.next = self.descent.read_address.val();
        self.memory.backup_read.next = self.backup.read_address.val();
        self.memory.link_read.next = self.link.read_address.val();
        self.memory.choose_read.next = self.choose.read_address.val();
        self.memory.descent_write.next = self.descent.write.val();
        self.memory.descent_address.next = self.descent.write_address.val();
        self.memory.descent_word.next = self.descent.write_word.val();
        self.memory.backup_write.next = self.backup.write.val();
        self.memory.backup_address.next = self.backup.write_address.val();
        self.memory.backup_word.next = self.backup.write_word.val();
        self.memory.link_write.next = self.link.write.val();
        self.memory.link_address.next = self.link.write_address.val();
        self.memory.link_word.next = self.link.write_word.val();
        // The SDRAM: the jobs' requests, the sync at the start.
        self.sdram.sync.next = self.sequencer.beginning.val();
        self.sdram.descent_valid.next = self.descent.sdram_valid.val();
        self.sdram.descent_request.next = self.descent.sdram_request.val();
        self.sdram.descent_word.next = self.descent.sdram_word.val();
        self.sdram.backup_valid.next = self.backup.sdram_valid.val();
        self.sdram.backup_request.next = self.backup.sdram_request.val();
        self.sdram.backup_word.next = self.backup.sdram_word.val();
        self.sdram.link_valid.next = self.link.sdram_valid.val();
        self.sdram.link_request.next = self.link.sdram_request.val();
        self.sdram.link_word.next = self.link.sdram_word.val();
        self.sdram.link_beats.next = self.link.sdram_beats.val();
        self.sdram.buffer_entry.next = self.link.buffer_entry.val();
        self.sdram.ready.next = self.sdram_ready.val();
        self.sdram.sync_ready.next = self.sdram_sync_ready.val();
        self.sdram.write_strobe.next = self.sdram_write_strobe.val();
        // The ports.
        self.sdram_valid.next = self.sdram.valid.val();
        self.sdram_request.next = self.sdram.request.val();
        self.sdram_write_data.next = self.sdram.write_data.val();
        self.walk_own.next = self.walk.own.val();
        self.walk_opponent.next = self.walk.opponent.val();
        self.walk_passes.next = self.walk.passes.val();
        self.walk_moves.next = self.walk.moves.val();
        self.walk_latest.next = self.walk.latest.val();
        self.walk_earlier.next = self.walk.earlier.val();
        self.bank_start.next = self.bank.start.val();
        self.bank_reseed.next = self.bank.reseed.val();
        self.expander_start.next = self.sequencer.root_expander.val() | self.expansion.go.val();
        self.expander_index.next = self.link.index.val();
        self.done.next = self.sequencer.done.val();
        self.found.next = self.sequencer.found.val();
        self.best_shape.next = self.sequencer.best.val().get_bits::<7>(0);
        self.best_corner.next = self.sequencer.best.val().get_bits::<8>(7);
        self.forced.next = self.sequencer.forced.val();
        self.candidates.next = self.sequencer.candidates.val();
        self.rounds.next = self.bank.rounds.val();
        self.plies.next = self.sequencer.plies.val();
        self.blocks.next = self.sequencer.blocks.val();
        self.depth.next = self.sequencer.depth.val();
        self.timed_out.next = self.sequencer.timed_out.val();
        self.busy.next = self.sequencer.busy.val() | self.sequencer.working.val();
        self.descended.next = self.descent.done.val();
        self.leaf_address.next = self.descent.leaf_address.val();
    }
}
