//! The tree unit's descent: from the root, a level a node, each reading the
//! first `opened + 1` children of the node (in block RAM a pair a cycle, in
//! the SDRAM their selection fields in one burst), scoring them
//! ([`LevelChoice`]) and choosing the best, until a node without children
//! or `MAX_DEPTH` deep: `model::prior_tree::search`'s `descend`, cycle for
//! cycle (`model::prior_tree::timing`).
//!
//! # A level
//! Its first cycle `t0` has the parent's fields in registers (the root's,
//! or the last level's chosen child's).
//! - **Block RAM** (`Chip`): pair `k` read in cycle `t0 + k`, its words
//!   registered and given the scorer in `t0 + k + 2`; the best of all is
//!   known in `t0 + P + 9` for `P` pairs (`CHIP_DRAIN` after the last read),
//!   the choice's cycle, and the chosen child's word is registered for the
//!   next level's first cycle.
//! - **SDRAM** (`SdramSelect`, `SdramDrain`, `SdramOther`): the selection
//!   fields' burst presented from `t0`; each child's four beats assembled
//!   and scored the cycle after its last; the choice `SDRAM_DRAIN` after the
//!   last beat, when the chosen child's other fields are asked for; its
//!   word registered `WORD_ASSEMBLY` after their last beat.
//!
//! At the choice the chosen child goes on the path (the store `push`ed),
//! and when it is the first never chosen its parent's `opened` grows: the
//! root's register, a word in block RAM written at once, or in the SDRAM
//! the parent's other fields written the cycle after the chosen child's
//! other fields are asked for (before the next level's burst). A child is
//! in flight when it is the node of the bank's path at its depth and the
//! descent has followed that path so far. The chosen move is played into
//! the walk in the next level's first cycle, or in the leaf's two cycles
//! (`LEAF`), after which `done` is high for a cycle.
//!
//! # Parts
//! This block is the level's state machine and the choice's decisions; the
//! level's registers are `DescentLevel`'s (`descent::level`), the SDRAM's
//! requests `DescentRequests`'s (`descent::requests`), the candidates'
//! reads `ChipPairs`' and `BurstBeats`'.

mod burst_beats;
mod chip_pairs;
mod level;
mod requests;

use super::level_choice::LevelChoice;
use super::node_memory::{CHIP_ADDRESS, RAM_ADDRESS};
use super::path_store::DEPTH;
use super::word::{NodeWord, ADDRESS, BLOCK, SELECTION, VISITS};
use crate::puct_score::PARENT_BITS;
use crate::sdram::SdramRequest;
use burst_beats::BurstBeats;
use chip_pairs::ChipPairs;
use level::DescentLevel;
use model::prior_tree::search::MAX_DEPTH;
use model::prior_tree::timing::{CHIP_DRAIN, SDRAM_DRAIN};
use requests::DescentRequests;
use rust_hdl::prelude::*;

// `update` counts a level's cycles with these as literals.
const _: () = assert!(CHIP_DRAIN == 10 && SDRAM_DRAIN == 9 && MAX_DEPTH == 32);

/// The descent's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// No descent.
    Idle,
    /// A level in block RAM: reading pairs, then draining the scorer.
    Chip,
    /// A level in the SDRAM: the selection fields' burst.
    SdramSelect,
    /// The scorer draining after the burst's last beat.
    SdramDrain,
    /// The choice, and the chosen child's other fields read.
    SdramOther,
    /// The last move played into the walk.
    Leaf,
}

/// The descent.
#[derive(LogicBlock)]
pub struct Descent {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Descend from the next cycle (given in a cycle the tree unit chooses
    /// its job in).
    pub start: Signal<In, Bit>,
    /// A run is in the bank's hands: its path, in the stores' flying store,
    /// holds a virtual loss.
    pub flying: Signal<In, Bit>,
    /// The root's children.
    pub root_children: Signal<In, Bits<6>>,
    /// The root's children ever chosen.
    pub root_opened: Signal<In, Bits<5>>,
    /// The root's visits.
    pub root_visits: Signal<In, Bits<PARENT_BITS>>,
    /// The block RAM's pair to read.
    pub read_address: Signal<Out, Bits<RAM_ADDRESS>>,
    /// The pair read in the cycle before: its even child.
    pub even: Signal<In, NodeWord>,
    /// Its odd child.
    pub odd: Signal<In, NodeWord>,
    /// Write a parent's word (`opened` grown) in block RAM.
    pub write: Signal<Out, Bit>,
    /// Its address.
    pub write_address: Signal<Out, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub write_word: Signal<Out, NodeWord>,
    /// An SDRAM request is presented.
    pub sdram_valid: Signal<Out, Bit>,
    /// The request.
    pub sdram_request: Signal<Out, SdramRequest>,
    /// A write's fields (a parent's other fields), its beats from bit 0.
    pub sdram_word: Signal<Out, Bits<SELECTION>>,
    /// The SDRAM takes a request presented now.
    pub sdram_ready: Signal<In, Bit>,
    /// A read's word is at `read_data`.
    pub read_valid: Signal<In, Bit>,
    /// The word.
    pub read_data: Signal<In, Bits<16>>,
    /// A node chosen: onto the path at `push_depth`.
    pub push: Signal<Out, Bit>,
    /// Its depth.
    pub push_depth: Signal<Out, Bits<5>>,
    /// Its address.
    pub push_address: Signal<Out, Bits<ADDRESS>>,
    /// Its selection fields.
    pub push_selection: Signal<Out, Bits<SELECTION>>,
    /// The path is complete (its length and shared depth below).
    pub finish: Signal<Out, Bit>,
    /// The path's length.
    pub length: Signal<Out, Bits<DEPTH>>,
    /// Its first nodes that are the bank's path.
    pub shared: Signal<Out, Bits<DEPTH>>,
    /// The bank's path at this level's depth (the path stores' flying read).
    pub flying_depth: Signal<Out, Bits<5>>,
    /// The bank's node there.
    pub flying_address: Signal<In, Bits<ADDRESS>>,
    /// The bank's path's length.
    pub flying_length: Signal<In, Bits<DEPTH>>,
    /// Play `code` into the walk.
    pub apply: Signal<Out, Bit>,
    /// The move.
    pub code: Signal<Out, Bits<15>>,
    /// Play it into the root's position.
    pub from_root: Signal<Out, Bit>,
    /// The root's `opened` grows.
    pub open_root: Signal<Out, Bit>,
    /// Descending.
    pub busy: Signal<Out, Bit>,
    /// The last cycle of the descent: the walk holds the leaf from the next.
    pub done: Signal<Out, Bit>,
    /// The leaf's address (held from `done` to the next `start`).
    pub leaf_address: Signal<Out, Bits<ADDRESS>>,
    /// The leaf's visits.
    pub leaf_visits: Signal<Out, Bits<VISITS>>,
    /// It has children (a leaf `MAX_DEPTH` deep).
    pub leaf_expanded: Signal<Out, Bit>,
    /// Its move (shape, and box corner at bit 7).
    pub leaf_code: Signal<Out, Bits<15>>,
    choice: LevelChoice,
    pairs_unit: ChipPairs,
    burst: BurstBeats,
    requests: DescentRequests,
    level: DescentLevel,
    state: DFF<State>,
    /// The level's cycle (block RAM), or the cycles since the burst's last
    /// beat (SDRAM).
    cycle: DFF<Bits<5>>,
    depth: DFF<Bits<DEPTH>>,
    on_flying: DFF<Bit>,
    shared_q: DFF<Bits<DEPTH>>,
    applying: DFF<Bit>,
    done_q: DFF<Bit>,
    /// The bank's path is followed at this depth.
    flying_here: Signal<Local, Bit>,
    /// The choice's cycle, and what it decides.
    choosing: Signal<Local, Bit>,
    chosen_address: Signal<Local, Bits<ADDRESS>>,
    still_flying: Signal<Local, Bit>,
    /// The chosen child's word registered as the next level's parent.
    loading: Signal<Local, Bit>,
    next_depth: Signal<Local, Bits<DEPTH>>,
    /// The chosen child's word, its other fields in, and it is the leaf.
    next: Signal<Local, NodeWord>,
    leaf: Signal<Local, Bit>,
    /// The bank's path still followed after this cycle.
    flying_after: Signal<Local, Bit>,
    on_chip: Constant<Bits<BLOCK>>,
}

impl Descent {
    /// An idle descent over a node memory with `on_chip_blocks` blocks on
    /// chip.
    pub fn new(on_chip_blocks: usize) -> Descent {
        Descent {
            clock: Default::default(),
            start: Default::default(),
            flying: Default::default(),
            root_children: Default::default(),
            root_opened: Default::default(),
            root_visits: Default::default(),
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
            read_valid: Default::default(),
            read_data: Default::default(),
            push: Default::default(),
            push_depth: Default::default(),
            push_address: Default::default(),
            push_selection: Default::default(),
            finish: Default::default(),
            length: Default::default(),
            shared: Default::default(),
            flying_depth: Default::default(),
            flying_address: Default::default(),
            flying_length: Default::default(),
            apply: Default::default(),
            code: Default::default(),
            from_root: Default::default(),
            open_root: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            leaf_address: Default::default(),
            leaf_visits: Default::default(),
            leaf_expanded: Default::default(),
            leaf_code: Default::default(),
            choice: LevelChoice::new(),
            pairs_unit: Default::default(),
            burst: Default::default(),
            requests: DescentRequests::new(on_chip_blocks),
            level: Default::default(),
            state: Default::default(),
            cycle: Default::default(),
            depth: Default::default(),
            on_flying: Default::default(),
            shared_q: Default::default(),
            applying: Default::default(),
            done_q: Default::default(),
            flying_here: Default::default(),
            choosing: Default::default(),
            chosen_address: Default::default(),
            still_flying: Default::default(),
            loading: Default::default(),
            next_depth: Default::default(),
            next: Default::default(),
            leaf: Default::default(),
            flying_after: Default::default(),
            on_chip: Constant::new((on_chip_blocks as u64).into()),
        }
    }
}

impl Logic for Descent {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, cycle, depth, on_flying, shared_q, applying, done_q);
        self.level.clock.next = self.clock.val();
        self.requests.clock.next = self.clock.val();
        // The candidates: a pair from block RAM, or a child from a burst.
        self.pairs_unit.clock.next = self.clock.val();
        self.pairs_unit.reading.next = (self.state.q.val() == State::Chip)
            & (bit_cast::<5, 5>(self.cycle.q.val()) < self.level.pairs.val());
        self.pairs_unit.block.next = self.level.block.val();
        self.pairs_unit.pair.next = self.cycle.q.val().get_bits::<4>(0);
        self.pairs_unit.read.next = self.level.read.val();
        self.pairs_unit.ram_even.next = self.even.val();
        self.pairs_unit.ram_odd.next = self.odd.val();
        self.read_address.next = self.pairs_unit.read_address.val();
        self.burst.clock.next = self.clock.val();
        self.burst.clear.next = false;
        self.burst.read_valid.next = self.read_valid.val();
        self.burst.read_data.next = self.read_data.val();
        self.choice.clock.next = self.clock.val();
        self.choice.clear.next = false;
        self.choice.parent.next = self.level.parent_visits.val();
        self.choice.even.next = self.pairs_unit.even.val() | self.burst.child.val();
        self.choice.even_index.next = self.pairs_unit.even_index.val();
        self.choice.even_word.next = self.pairs_unit.even_word.val();
        if self.burst.child.val() {
            self.choice.even_index.next = self.burst.child_index.val();
            self.choice.even_word.next = self.burst.word.val();
        }
        self.choice.odd.next = self.pairs_unit.odd.val();
        self.choice.odd_index.next = self.pairs_unit.odd_index.val();
        self.choice.odd_word.next = self.pairs_unit.odd_word.val();
        // A candidate is in flight when it is the bank's node at this depth
        // and the descent has followed the bank's path so far.
        self.flying_depth.next = self.depth.q.val().get_bits::<5>(0);
        self.flying_here.next =
            self.on_flying.q.val() & (self.depth.q.val() < self.flying_length.val());
        self.choice.even_in_flight.next = self.flying_here.val()
            & (((bit_cast::<ADDRESS, BLOCK>(self.level.block.val()) << 5)
                | bit_cast::<ADDRESS, 5>(self.choice.even_index.val()))
                == self.flying_address.val());
        self.choice.odd_in_flight.next = self.flying_here.val()
            & (((bit_cast::<ADDRESS, BLOCK>(self.level.block.val()) << 5)
                | bit_cast::<ADDRESS, 5>(self.choice.odd_index.val()))
                == self.flying_address.val());
        // The state machine.
        self.push.next = false;
        self.finish.next = false;
        self.open_root.next = false;
        self.write.next = false;
        self.choosing.next = false;
        self.loading.next = false;
        self.requests.clear.next = false;
        self.requests.owe.next = false;
        self.done_q.d.next = false;
        self.applying.d.next = false;
        if self.cycle.q.val() != 31 {
            self.cycle.d.next = self.cycle.q.val() + 1;
        }
        self.level.root.next = (self.state.q.val() == State::Idle) & self.start.val();
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    // The root's level.
                    self.cycle.d.next = 0.into();
                    self.depth.d.next = 0.into();
                    self.on_flying.d.next = self.flying.val();
                    self.shared_q.d.next = 0.into();
                    self.choice.clear.next = true;
                    self.state.d.next = State::Chip;
                }
            }
            State::Chip => {
                if self.cycle.q.val() == bit_cast::<5, 5>(self.level.pairs.val()) + 9 {
                    self.choosing.next = true;
                    self.loading.next = true;
                }
            }
            State::SdramSelect => {
                if self.burst.beats.val() == bit_cast::<8, 6>(self.level.read.val()) << 2 {
                    self.cycle.d.next = 2.into();
                    self.state.d.next = State::SdramDrain;
                }
            }
            State::SdramDrain => {
                if self.cycle.q.val() == 8 {
                    self.requests.clear.next = true;
                    self.burst.clear.next = true;
                    self.state.d.next = State::SdramOther;
                }
            }
            State::SdramOther => {
                self.choosing.next = self.cycle.q.val() == 9;
                self.loading.next = self.requests.taken.val() & (self.burst.beats.val() == 3);
            }
            State::Leaf => {
                self.finish.next = self.cycle.q.val() == 0;
                self.done_q.d.next = self.cycle.q.val() == 0;
                if self.cycle.q.val() == 1 {
                    self.state.d.next = State::Idle;
                }
            }
        }
        // The choice: onto the path; the bank's path still followed; the
        // parent's `opened` grown when the first child never chosen is.
        self.chosen_address.next = (bit_cast::<ADDRESS, BLOCK>(self.level.block.val()) << 5)
            | bit_cast::<ADDRESS, 5>(self.choice.index.val());
        self.still_flying.next =
            self.flying_here.val() & (self.chosen_address.val() == self.flying_address.val());
        self.push_depth.next = self.depth.q.val().get_bits::<5>(0);
        self.push_address.next = self.chosen_address.val();
        self.push_selection.next = bit_cast::<SELECTION, 20>(self.choice.word.val().visits)
            | (bit_cast::<SELECTION, 29>(self.choice.word.val().value) << 20)
            | (bit_cast::<SELECTION, 15>(self.choice.word.val().prior) << 49);
        self.write_address.next =
            bit_cast::<CHIP_ADDRESS, ADDRESS>(self.level.parent_address.val());
        self.write_word.next = self.level.grown.val();
        self.next_depth.next = self.depth.q.val();
        self.flying_after.next = self.on_flying.q.val();
        if self.choosing.val() {
            self.flying_after.next = self.still_flying.val();
            self.push.next = true;
            self.next_depth.next = self.depth.q.val() + 1;
            self.depth.d.next = self.next_depth.val();
            self.on_flying.d.next = self.still_flying.val();
            if self.still_flying.val() {
                self.shared_q.d.next = self.shared_q.q.val() + 1;
            }
            if (self.choice.index.val() == self.level.opened.val())
                & (bit_cast::<6, 5>(self.level.opened.val()) + 1 < self.level.count.val())
            {
                if self.level.at_root.val() {
                    self.open_root.next = true;
                } else if self.level.parent_address.val().get_bits::<BLOCK>(5) < self.on_chip.val()
                {
                    self.write.next = true;
                } else {
                    self.requests.owe.next = true;
                }
            }
        }
        // The chosen word: the next level's parent, or the leaf.
        self.next.next = self.choice.word.val();
        if self.state.q.val() == State::SdramOther {
            self.next.next.shape = self.burst.other.val().get_bits::<7>(0);
            self.next.next.corner = self.burst.other.val().get_bits::<8>(7);
            self.next.next.block = self.burst.other.val().get_bits::<BLOCK>(15);
            self.next.next.last = self.burst.other.val().get_bits::<5>(30);
            self.next.next.opened = self.burst.other.val().get_bits::<5>(35);
        }
        self.leaf.next = !self.next.val().block.any() | (self.next_depth.val() == 32);
        self.level.root_children.next = self.root_children.val();
        self.level.root_opened.next = self.root_opened.val();
        self.level.root_visits.next = self.root_visits.val();
        self.level.chosen.next = self.next.val();
        self.level.chosen_address.next = self.chosen_address.val();
        self.level.leaf.next = self.leaf.val();
        self.level.flying.next = self.flying_after.val();
        self.level.load.next = self.loading.val();
        if self.loading.val() {
            self.applying.d.next = true;
            self.cycle.d.next = 0.into();
            self.requests.clear.next = true;
            if self.leaf.val() {
                self.state.d.next = State::Leaf;
            } else {
                self.choice.clear.next = true;
                self.burst.clear.next = true;
                self.state.d.next = State::SdramSelect;
                if self.next.val().block < self.on_chip.val() {
                    self.state.d.next = State::Chip;
                }
            }
        }
        // The SDRAM: the level's burst, the best's other fields, a parent's
        // other fields owed.
        self.requests.select.next = self.state.q.val() == State::SdramSelect;
        self.requests.other.next = self.state.q.val() == State::SdramOther;
        self.requests.parent_other.next = self.level.grown_other.val();
        self.requests.parent_address.next = self.level.parent_address.val();
        self.requests.block.next = self.level.block.val();
        self.requests.read.next = self.level.read.val();
        self.requests.child.next = self.choice.index.val();
        self.requests.sdram_ready.next = self.sdram_ready.val();
        self.sdram_valid.next = self.requests.sdram_valid.val();
        self.sdram_request.next = self.requests.sdram_request.val();
        self.sdram_word.next = self.requests.sdram_word.val();
        self.apply.next = self.applying.q.val();
        self.code.next = self.level.code.val();
        self.from_root.next = self.depth.q.val() == 1;
        self.length.next = self.depth.q.val();
        self.shared.next = self.shared_q.q.val();
        self.busy.next = self.state.q.val() != State::Idle;
        self.done.next = self.done_q.q.val();
        self.leaf_address.next = self.level.parent_address.val();
        self.leaf_visits.next = self.level.visits.val();
        self.leaf_expanded.next = self.level.expanded.val();
        self.leaf_code.next = self.level.code.val();
    }
}
