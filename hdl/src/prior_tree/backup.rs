//! The tree unit's backup: each node of a finished run's path, from the
//! leaf up, counts the bank's results for its mover
//! (`model::prior_tree::arith::backed_up`), then the root's registers:
//! `model::prior_tree::search`'s `back_up`, cycle for cycle.
//!
//! The nodes in the SDRAM (the path's deepest) come first: each a write of
//! its selection fields, taken from the path's store (`PathStores`, up to
//! date), presented from the cycle after the last is taken. Then the nodes
//! in block RAM, one a cycle: each read, its word out of the RAM and
//! registered two cycles later and written back changed in that cycle; the
//! root's registers take the backup with the last write (`BACKUP_END`),
//! when `done` is high. Every node written is given the other store too
//! (`snoop`), which keeps the copy it shares.

use super::node_memory::{CHIP_ADDRESS, CHIP_BLOCK, RAM_ADDRESS};
use super::path_store::DEPTH;
use super::sdram_place::SdramPlace;
use super::word::{NodeWord, ADDRESS, BLOCK, SELECTION, VISITS};
use crate::sdram::SdramRequest;
use model::playout_bank::ENGINES;
use model::prior_tree::arith::{DRAW, LOSS, WIN};
use model::prior_tree::timing::BACKUP_END;
use model::prior_tree::word::MAX_VISITS;
use rust_hdl::prelude::*;

/// Width of a run's results for a node: at most `ENGINES` wins.
pub const RESULTS: usize = 11;
const _: () = assert!(ENGINES as u32 * WIN < 1 << RESULTS && BACKUP_END == 2);
// `update` counts a draw's points as results by a shift.
const _: () = assert!(DRAW - LOSS == 1 << 7);

/// The backup's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// No backup.
    Idle,
    /// The path's nodes in the SDRAM, a write each.
    Sdram,
    /// The nodes in block RAM, read a cycle, written two cycles later.
    Chip,
}

/// The backup.
#[derive(LogicBlock)]
pub struct Backup {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Back up from the next cycle (given in a cycle the tree unit chooses
    /// its job in); the path's store and the points below are read then on.
    pub start: Signal<In, Bit>,
    /// The run's points for its leaf's side to move (2 a win, 1 a draw).
    pub points: Signal<In, Bits<8>>,
    /// The path's depth read.
    pub read_depth: Signal<Out, Bits<5>>,
    /// The path's node there.
    pub path_address: Signal<In, Bits<ADDRESS>>,
    /// Its selection fields.
    pub path_selection: Signal<In, Bits<SELECTION>>,
    /// The path's length.
    pub path_length: Signal<In, Bits<DEPTH>>,
    /// The block RAM's pair to read.
    pub read_address: Signal<Out, Bits<RAM_ADDRESS>>,
    /// The pair read in the cycle before: its even child.
    pub even: Signal<In, NodeWord>,
    /// Its odd child.
    pub odd: Signal<In, NodeWord>,
    /// Write a node's word in block RAM.
    pub write: Signal<Out, Bit>,
    /// Its address.
    pub write_address: Signal<Out, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub write_word: Signal<Out, NodeWord>,
    /// An SDRAM write is presented.
    pub sdram_valid: Signal<Out, Bit>,
    /// The write.
    pub sdram_request: Signal<Out, SdramRequest>,
    /// Its fields: the node's selection fields.
    pub sdram_word: Signal<Out, Bits<SELECTION>>,
    /// The SDRAM takes a request presented now.
    pub sdram_ready: Signal<In, Bit>,
    /// A node written: the other store's copy (if it shares it) takes it.
    pub snoop: Signal<Out, Bit>,
    /// Its depth.
    pub snoop_depth: Signal<Out, Bits<5>>,
    /// Its selection fields as written.
    pub snoop_selection: Signal<Out, Bits<SELECTION>>,
    /// The backup's last cycle: the root's registers take the run, its
    /// visits and these results.
    pub done: Signal<Out, Bit>,
    /// The run's results for the root's side.
    pub root_results: Signal<Out, Bits<RESULTS>>,
    /// Backing up.
    pub busy: Signal<Out, Bit>,
    place: SdramPlace,
    state: DFF<State>,
    /// The path's length, and the depth of the next node to read.
    length: DFF<Bits<DEPTH>>,
    depth: DFF<Bits<5>>,
    /// The leaf's results for its side (the engines' points as results).
    leaf: DFF<Bits<RESULTS>>,
    /// Block RAM: nodes left to read; a node read in the last cycle, its
    /// depth and address.
    reading: DFF<Bit>,
    fetched: DFF<Bit>,
    fetched_depth: DFF<Bits<5>>,
    fetched_address: DFF<Bits<CHIP_ADDRESS>>,
    /// Its word registered, with its depth and address.
    word_valid: DFF<Bit>,
    word: DFF<NodeWord>,
    word_depth: DFF<Bits<5>>,
    word_address: DFF<Bits<CHIP_ADDRESS>>,
    /// The node being backed up: its depth, visits and value.
    at_depth: Signal<Local, Bits<5>>,
    visits: Signal<Local, Bits<VISITS>>,
    value: Signal<Local, Bits<29>>,
    results: Signal<Local, Bits<RESULTS>>,
    new_visits: Signal<Local, Bits<VISITS>>,
    new_value: Signal<Local, Bits<29>>,
    selection: Signal<Local, Bits<SELECTION>>,
    in_sdram: Signal<Local, Bit>,
    changed: Signal<Local, NodeWord>,
    loss: Constant<Bits<RESULTS>>,
    both: Constant<Bits<RESULTS>>,
    most: Constant<Bits<VISITS>>,
    on_chip: Constant<Bits<BLOCK>>,
}

impl Backup {
    /// An idle backup over a node memory with `on_chip_blocks` blocks on
    /// chip.
    pub fn new(on_chip_blocks: usize) -> Backup {
        let e = ENGINES as u64;
        Backup {
            clock: Default::default(),
            start: Default::default(),
            points: Default::default(),
            read_depth: Default::default(),
            path_address: Default::default(),
            path_selection: Default::default(),
            path_length: Default::default(),
            read_address: Default::default(),
            even: Default::default(),
            odd: Default::default(),
            write: Default::default(),
            write_address: Default::default(),
            write_word: Default::default(),
            sdram_valid: Default::default(),
            sdram_request: Default::default(),
            sdram_word: Default::default(),
            sdram_ready: Default::default(),
            snoop: Default::default(),
            snoop_depth: Default::default(),
            snoop_selection: Default::default(),
            done: Default::default(),
            root_results: Default::default(),
            busy: Default::default(),
            place: SdramPlace::new(on_chip_blocks),
            state: Default::default(),
            length: Default::default(),
            depth: Default::default(),
            leaf: Default::default(),
            reading: Default::default(),
            fetched: Default::default(),
            fetched_depth: Default::default(),
            fetched_address: Default::default(),
            word_valid: Default::default(),
            word: Default::default(),
            word_depth: Default::default(),
            word_address: Default::default(),
            at_depth: Default::default(),
            visits: Default::default(),
            value: Default::default(),
            results: Default::default(),
            new_visits: Default::default(),
            new_value: Default::default(),
            selection: Default::default(),
            in_sdram: Default::default(),
            changed: Default::default(),
            loss: Constant::new((e * u64::from(LOSS)).into()),
            both: Constant::new((e * u64::from(WIN + LOSS)).into()),
            most: Constant::new((u64::from(MAX_VISITS) - e).into()),
            on_chip: Constant::new((on_chip_blocks as u64).into()),
        }
    }
}

impl Logic for Backup {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            length,
            depth,
            leaf,
            reading,
            fetched,
            fetched_depth,
            fetched_address,
            word_valid,
            word,
            word_depth,
            word_address
        );
        // The node at hand: from the store (the SDRAM's), or read (block RAM).
        self.read_depth.next = self.depth.q.val();
        self.in_sdram.next = self.path_address.val().get_bits::<BLOCK>(5) >= self.on_chip.val();
        self.at_depth.next = self.depth.q.val();
        self.visits.next = self.path_selection.val().get_bits::<VISITS>(0);
        self.value.next = self.path_selection.val().get_bits::<29>(20);
        if self.state.q.val() == State::Chip {
            self.at_depth.next = self.word_depth.q.val();
            self.visits.next = self.word.q.val().visits;
            self.value.next = self.word.q.val().value;
        }
        // Its results: the leaf's for the leaf's side (depth and length of
        // one parity), the rest for the other; then `backed_up`.
        self.results.next = self.both.val() - self.leaf.q.val();
        if self.at_depth.val().get_bit(0) == self.length.q.val().get_bit(0) {
            self.results.next = self.leaf.q.val();
        }
        self.new_visits.next = self.visits.val();
        self.new_value.next = self.value.val();
        if self.visits.val() <= self.most.val() {
            self.new_visits.next = self.visits.val() + 3;
            self.new_value.next = self.value.val() + bit_cast::<29, RESULTS>(self.results.val());
        }
        self.selection.next = bit_cast::<SELECTION, VISITS>(self.new_visits.val())
            | (bit_cast::<SELECTION, 29>(self.new_value.val()) << 20)
            | (bit_cast::<SELECTION, 15>(self.path_selection.val().get_bits::<15>(49)) << 49);
        self.changed.next = self.word.q.val();
        self.changed.next.visits = self.new_visits.val();
        self.changed.next.value = self.new_value.val();
        if self.state.q.val() == State::Chip {
            self.selection.next = bit_cast::<SELECTION, VISITS>(self.new_visits.val())
                | (bit_cast::<SELECTION, 29>(self.new_value.val()) << 20)
                | (bit_cast::<SELECTION, 15>(self.word.q.val().prior) << 49);
        }
        self.snoop_depth.next = self.at_depth.val();
        self.snoop_selection.next = self.selection.val();
        self.snoop.next = false;
        // The SDRAM's write of the node at hand.
        self.place.block.next = self.path_address.val().get_bits::<BLOCK>(5);
        self.place.child.next = self.path_address.val().get_bits::<5>(0);
        self.place.other.next = false;
        self.sdram_valid.next = false;
        self.sdram_request.next.write = true;
        self.sdram_request.next.sync = false;
        self.sdram_request.next.address = self.place.address.val();
        self.sdram_request.next.last_beat = 3.into();
        self.sdram_word.next = self.selection.val();
        // Block RAM: the node at hand read; its word registered; written.
        self.read_address.next = (bit_cast::<RAM_ADDRESS, CHIP_BLOCK>(
            self.path_address.val().get_bits::<CHIP_BLOCK>(5),
        ) << 4)
            | bit_cast::<RAM_ADDRESS, 4>(self.path_address.val().get_bits::<4>(1));
        self.fetched.d.next = false;
        self.fetched_depth.d.next = self.depth.q.val();
        self.fetched_address.d.next = self.path_address.val().get_bits::<CHIP_ADDRESS>(0);
        self.word_valid.d.next = self.fetched.q.val();
        self.word_depth.d.next = self.fetched_depth.q.val();
        self.word_address.d.next = self.fetched_address.q.val();
        self.word.d.next = self.even.val();
        if self.fetched_address.q.val().get_bit(0) {
            self.word.d.next = self.odd.val();
        }
        self.write.next = self.word_valid.q.val();
        self.write_address.next = self.word_address.q.val();
        self.write_word.next = self.changed.val();
        self.done.next = false;
        self.root_results.next = self.both.val() - self.leaf.q.val();
        if !self.length.q.val().get_bit(0) {
            self.root_results.next = self.leaf.q.val();
        }
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.length.d.next = self.path_length.val();
                    self.depth.d.next = bit_cast::<5, DEPTH>(self.path_length.val() - 1);
                    self.leaf.d.next =
                        self.loss.val() + (bit_cast::<RESULTS, 8>(self.points.val()) << 7);
                    self.state.d.next = State::Sdram;
                }
            }
            State::Sdram => {
                if self.in_sdram.val() {
                    self.sdram_valid.next = true;
                    if self.sdram_ready.val() {
                        self.snoop.next = true;
                        self.depth.d.next = self.depth.q.val() - 1;
                    }
                } else {
                    // The first node in block RAM: read now, the others
                    // one a cycle after it.
                    self.fetched.d.next = true;
                    self.reading.d.next = self.depth.q.val().any();
                    self.depth.d.next = self.depth.q.val() - 1;
                    self.state.d.next = State::Chip;
                }
            }
            State::Chip => {
                if self.reading.q.val() {
                    self.fetched.d.next = true;
                    self.reading.d.next = self.depth.q.val().any();
                    self.depth.d.next = self.depth.q.val() - 1;
                }
                self.snoop.next = self.word_valid.q.val();
                if self.word_valid.q.val() & !self.word_depth.q.val().any() {
                    self.done.next = true;
                    self.state.d.next = State::Idle;
                }
            }
        }
        self.busy.next = self.state.q.val() != State::Idle;
    }
}
