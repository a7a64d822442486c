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

mod burst_beats;
mod chip_pairs;

use super::level_choice::LevelChoice;
use super::node_memory::{CHIP_ADDRESS, RAM_ADDRESS};
use super::path_store::DEPTH;
use super::sdram_place::SdramPlace;
use super::word::{NodeWord, ADDRESS, BLOCK, SELECTION, VISITS};
use crate::puct_score::PARENT_BITS;
use crate::sdram::SdramRequest;
use burst_beats::BurstBeats;
use chip_pairs::ChipPairs;
use model::prior_tree::search::MAX_DEPTH;
use model::prior_tree::timing::{CHIP_DRAIN, SDRAM_DRAIN};
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
    select_place: SdramPlace,
    other_place: SdramPlace,
    owed_place: SdramPlace,
    state: DFF<State>,
    /// The level's parent: the root, or the last level's chosen child.
    at_root: DFF<Bit>,
    parent: DFF<NodeWord>,
    parent_address: DFF<Bits<ADDRESS>>,
    /// The level: its block, children, those opened, those read, pairs.
    block: DFF<Bits<BLOCK>>,
    count: DFF<Bits<6>>,
    opened: DFF<Bits<5>>,
    read: DFF<Bits<6>>,
    pairs: DFF<Bits<5>>,
    parent_visits: DFF<Bits<PARENT_BITS>>,
    /// The level's cycle (block RAM), or the cycles since the burst's last
    /// beat (SDRAM).
    cycle: DFF<Bits<5>>,
    /// The SDRAM request of the state has been taken.
    taken: DFF<Bit>,
    /// A parent's other fields to write, and presented (once the chosen
    /// child's other fields are asked for).
    owed: DFF<Bit>,
    owing: DFF<Bit>,
    owed_word: DFF<Bits<SELECTION>>,
    owed_address: DFF<Bits<ADDRESS>>,
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
    next: Signal<Local, NodeWord>,
    next_depth: Signal<Local, Bits<DEPTH>>,
    next_read: Signal<Local, Bits<6>>,
    grown: Signal<Local, NodeWord>,
    root_read: Signal<Local, Bits<6>>,
    /// The bank's path still followed after this cycle.
    flying_after: Signal<Local, Bit>,
    /// The choice owes the parent's other fields to the SDRAM.
    owing_now: Signal<Local, Bit>,
    blank: Constant<NodeWord>,
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
            select_place: SdramPlace::new(on_chip_blocks),
            other_place: SdramPlace::new(on_chip_blocks),
            owed_place: SdramPlace::new(on_chip_blocks),
            state: Default::default(),
            at_root: Default::default(),
            parent: Default::default(),
            parent_address: Default::default(),
            block: Default::default(),
            count: Default::default(),
            opened: Default::default(),
            read: Default::default(),
            pairs: Default::default(),
            parent_visits: Default::default(),
            cycle: Default::default(),
            taken: Default::default(),
            owed: Default::default(),
            owing: Default::default(),
            owed_word: Default::default(),
            owed_address: Default::default(),
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
            next: Default::default(),
            next_depth: Default::default(),
            next_read: Default::default(),
            grown: Default::default(),
            root_read: Default::default(),
            flying_after: Default::default(),
            owing_now: Default::default(),
            blank: Constant::new(NodeWord::default()),
            on_chip: Constant::new((on_chip_blocks as u64).into()),
        }
    }
}

impl Logic for Descent {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            at_root,
            parent,
            parent_address,
            block,
            count,
            opened,
            read,
            pairs,
            parent_visits,
            cycle,
            taken,
            owed,
            owing,
            owed_word,
            owed_address,
            depth,
            on_flying,
            shared_q,
            applying,
            done_q
        );
        // The candidates: a pair from block RAM, or a child from a burst.
        self.pairs_unit.clock.next = self.clock.val();
        self.pairs_unit.reading.next = (self.state.q.val() == State::Chip)
            & (bit_cast::<5, 5>(self.cycle.q.val()) < self.pairs.q.val());
        self.pairs_unit.block.next = self.block.q.val();
        self.pairs_unit.pair.next = self.cycle.q.val().get_bits::<4>(0);
        self.pairs_unit.read.next = self.read.q.val();
        self.pairs_unit.ram_even.next = self.even.val();
        self.pairs_unit.ram_odd.next = self.odd.val();
        self.read_address.next = self.pairs_unit.read_address.val();
        self.burst.clock.next = self.clock.val();
        self.burst.clear.next = false;
        self.burst.read_valid.next = self.read_valid.val();
        self.burst.read_data.next = self.read_data.val();
        self.choice.clock.next = self.clock.val();
        self.choice.clear.next = false;
        self.choice.parent.next = self.parent_visits.q.val();
        self.choice.even.next = self.pairs_unit.even.val() | self.burst.child.val();
        self.choice.even_index.next = self.pairs_unit.even_index.val();
        self.choice.even_word.next = self.pairs_unit.even_word.val();
        if self.burst.child.val() {
            self.choice.even_index.next = self.burst.child_index.val();
            self.choice.even_word.next = self.blank.val();
            self.choice.even_word.next.visits = self.burst.selection.val().get_bits::<20>(0);
            self.choice.even_word.next.value = self.burst.selection.val().get_bits::<29>(20);
            self.choice.even_word.next.prior = self.burst.selection.val().get_bits::<15>(49);
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
            & (((bit_cast::<ADDRESS, BLOCK>(self.block.q.val()) << 5)
                | bit_cast::<ADDRESS, 5>(self.choice.even_index.val()))
                == self.flying_address.val());
        self.choice.odd_in_flight.next = self.flying_here.val()
            & (((bit_cast::<ADDRESS, BLOCK>(self.block.q.val()) << 5)
                | bit_cast::<ADDRESS, 5>(self.choice.odd_index.val()))
                == self.flying_address.val());
        // The state machine.
        self.push.next = false;
        self.finish.next = false;
        self.open_root.next = false;
        self.write.next = false;
        self.choosing.next = false;
        self.loading.next = false;
        self.done_q.d.next = false;
        self.applying.d.next = false;
        if self.cycle.q.val() != 31 {
            self.cycle.d.next = self.cycle.q.val() + 1;
        }
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    // The root's level.
                    self.at_root.d.next = true;
                    self.block.d.next = 0.into();
                    self.count.d.next = self.root_children.val();
                    self.opened.d.next = self.root_opened.val();
                    self.root_read.next = bit_cast::<6, 5>(self.root_opened.val()) + 1;
                    if self.root_children.val() < self.root_read.val() {
                        self.root_read.next = self.root_children.val();
                    }
                    self.read.d.next = self.root_read.val();
                    self.pairs.d.next = bit_cast::<5, 6>((self.root_read.val() + 1) >> 1);
                    self.parent_visits.d.next = self.root_visits.val();
                    self.cycle.d.next = 0.into();
                    self.depth.d.next = 0.into();
                    self.on_flying.d.next = self.flying.val();
                    self.shared_q.d.next = 0.into();
                    self.choice.clear.next = true;
                    self.state.d.next = State::Chip;
                }
            }
            State::Chip => {
                if self.cycle.q.val() == bit_cast::<5, 5>(self.pairs.q.val()) + 9 {
                    self.choosing.next = true;
                    self.loading.next = true;
                }
            }
            State::SdramSelect => {
                if self.burst.beats.val() == bit_cast::<8, 6>(self.read.q.val()) << 2 {
                    self.cycle.d.next = 2.into();
                    self.state.d.next = State::SdramDrain;
                }
            }
            State::SdramDrain => {
                if self.cycle.q.val() == 8 {
                    self.taken.d.next = false;
                    self.burst.clear.next = true;
                    self.state.d.next = State::SdramOther;
                }
            }
            State::SdramOther => {
                self.choosing.next = self.cycle.q.val() == 9;
                self.loading.next = self.taken.q.val() & (self.burst.beats.val() == 3);
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
        self.chosen_address.next = (bit_cast::<ADDRESS, BLOCK>(self.block.q.val()) << 5)
            | bit_cast::<ADDRESS, 5>(self.choice.index.val());
        self.still_flying.next =
            self.flying_here.val() & (self.chosen_address.val() == self.flying_address.val());
        self.push_depth.next = self.depth.q.val().get_bits::<5>(0);
        self.push_address.next = self.chosen_address.val();
        self.push_selection.next = bit_cast::<SELECTION, 20>(self.choice.word.val().visits)
            | (bit_cast::<SELECTION, 29>(self.choice.word.val().value) << 20)
            | (bit_cast::<SELECTION, 15>(self.choice.word.val().prior) << 49);
        self.grown.next = self.parent.q.val();
        self.grown.next.opened = self.opened.q.val() + 1;
        self.write_address.next = bit_cast::<CHIP_ADDRESS, ADDRESS>(self.parent_address.q.val());
        self.write_word.next = self.grown.val();
        self.next_depth.next = self.depth.q.val();
        self.flying_after.next = self.on_flying.q.val();
        self.owing_now.next = self.owed.q.val();
        if self.choosing.val() {
            self.flying_after.next = self.still_flying.val();
            self.push.next = true;
            self.next_depth.next = self.depth.q.val() + 1;
            self.depth.d.next = self.next_depth.val();
            self.on_flying.d.next = self.still_flying.val();
            if self.still_flying.val() {
                self.shared_q.d.next = self.shared_q.q.val() + 1;
            }
            if (self.choice.index.val() == self.opened.q.val())
                & (bit_cast::<6, 5>(self.opened.q.val()) + 1 < self.count.q.val())
            {
                if self.at_root.q.val() {
                    self.open_root.next = true;
                } else if self.parent_address.q.val().get_bits::<BLOCK>(5) < self.on_chip.val() {
                    self.write.next = true;
                } else {
                    self.owed.d.next = true;
                    self.owing_now.next = true;
                    self.owed_address.d.next = self.parent_address.q.val();
                    self.owed_word.d.next = bit_cast::<SELECTION, 7>(self.grown.val().shape)
                        | (bit_cast::<SELECTION, 8>(self.grown.val().corner) << 7)
                        | (bit_cast::<SELECTION, BLOCK>(self.grown.val().block) << 15)
                        | (bit_cast::<SELECTION, 5>(self.grown.val().last) << 30)
                        | (bit_cast::<SELECTION, 5>(self.grown.val().opened) << 35);
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
        self.next_read.next = bit_cast::<6, 5>(self.next.val().opened) + 1;
        if self.next.val().last < self.next.val().opened {
            self.next_read.next = bit_cast::<6, 5>(self.next.val().last) + 1;
        }
        if self.loading.val() {
            self.parent.d.next = self.next.val();
            self.parent_address.d.next = self.chosen_address.val();
            self.applying.d.next = true;
            self.cycle.d.next = 0.into();
            self.taken.d.next = false;
            if !self.next.val().block.any() | (self.next_depth.val() == 32) {
                self.state.d.next = State::Leaf;
            } else {
                self.at_root.d.next = false;
                self.block.d.next = self.next.val().block;
                self.count.d.next = bit_cast::<6, 5>(self.next.val().last) + 1;
                self.opened.d.next = self.next.val().opened;
                self.read.d.next = self.next_read.val();
                self.pairs.d.next = bit_cast::<5, 6>((self.next_read.val() + 1) >> 1);
                self.parent_visits.d.next = bit_cast::<PARENT_BITS, 20>(self.next.val().visits);
                if self.flying_after.val() {
                    self.parent_visits.d.next =
                        bit_cast::<PARENT_BITS, 20>(self.next.val().visits) + 1;
                }
                self.choice.clear.next = true;
                self.burst.clear.next = true;
                self.state.d.next = State::SdramSelect;
                if self.next.val().block < self.on_chip.val() {
                    self.state.d.next = State::Chip;
                }
            }
        }
        // The SDRAM: the level's burst, the best's other fields, a parent's
        // other fields owed (first when presented).
        self.select_place.block.next = self.block.q.val();
        self.select_place.child.next = 0.into();
        self.select_place.other.next = false;
        self.other_place.block.next = self.block.q.val();
        self.other_place.child.next = self.choice.index.val();
        self.other_place.other.next = true;
        self.owed_place.block.next = self.owed_address.q.val().get_bits::<BLOCK>(5);
        self.owed_place.child.next = self.owed_address.q.val().get_bits::<5>(0);
        self.owed_place.other.next = true;
        self.sdram_valid.next = false;
        self.sdram_request.next.write = false;
        self.sdram_request.next.sync = false;
        self.sdram_request.next.address = 0.into();
        self.sdram_request.next.last_beat = 0.into();
        self.sdram_word.next = self.owed_word.q.val();
        if self.owing.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.write = true;
            self.sdram_request.next.address = self.owed_place.address.val();
            self.sdram_request.next.last_beat = 2.into();
        } else if (self.state.q.val() == State::SdramSelect) & !self.taken.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.address = self.select_place.address.val();
            self.sdram_request.next.last_beat = (bit_cast::<8, 6>(self.read.q.val()) << 2) - 1;
        } else if (self.state.q.val() == State::SdramOther) & !self.taken.q.val() {
            self.sdram_valid.next = true;
            self.sdram_request.next.address = self.other_place.address.val();
            self.sdram_request.next.last_beat = 2.into();
        }
        if self.sdram_valid.val() & self.sdram_ready.val() {
            if self.owing.q.val() {
                self.owing.d.next = false;
            } else {
                self.taken.d.next = true;
                if self.state.q.val() == State::SdramOther {
                    self.owing.d.next = self.owing_now.val();
                    self.owed.d.next = false;
                }
            }
        }
        self.apply.next = self.applying.q.val();
        self.code.next = bit_cast::<15, 7>(self.parent.q.val().shape)
            | (bit_cast::<15, 8>(self.parent.q.val().corner) << 7);
        self.from_root.next = self.depth.q.val() == 1;
        self.length.next = self.depth.q.val();
        self.shared.next = self.shared_q.q.val();
        self.busy.next = self.state.q.val() != State::Idle;
        self.done.next = self.done_q.q.val();
        self.leaf_address.next = self.parent_address.q.val();
        self.leaf_visits.next = self.parent.q.val().visits;
        self.leaf_expanded.next = self.parent.q.val().block.any();
        self.leaf_code.next = self.code.val();
    }
}
