//! The tree unit's link: an expansion's children written as the next free
//! block, and their node pointed to it (`model::prior_tree::search`'s
//! `link`, and the root's children at the search's start), cycle for cycle.
//!
//! The children are read from the expander one a cycle from the link's
//! first cycle (a pass child when it found none) and their words made by
//! the [`LinkPipe`]. In block RAM each word is written as it comes out,
//! `LINK_PIPE` cycles after its child; in the SDRAM it goes into a buffer
//! (a RAM of 32 words) from which the controller's beats are read, and the
//! block is written as two bursts, the selection fields presented
//! `SDRAM_LINK_LEAD` cycles into the link and the other fields the cycle
//! after that burst is taken. Then the node: in block RAM read, its word
//! registered and written with its children (`CHIP_REWRITE`); in the SDRAM
//! its other fields written, the link ending the cycle after that write is
//! taken. The root's link writes block 0 and ends with its last child.

use super::expander_port::{COUNT_BITS, DISTANCE_BITS, SUM_BITS};
use super::link_pipe::LinkPipe;
use super::node_memory::{CHIP_ADDRESS, CHIP_BLOCK, RAM_ADDRESS};
use super::sdram_place::SdramPlace;
use super::value_base::BASE;
use super::walk::PASS_SHAPE;
use super::word::{NodeWord, ADDRESS, BLOCK, SELECTION};
use super::write_beats::{Beats, LINK_ENTRY};
use crate::sdram::SdramRequest;
use model::prior_tree::timing::{CHIP_REWRITE, SDRAM_LINK_LEAD};
use rust_hdl::prelude::*;

const _: () = assert!(SDRAM_LINK_LEAD == 3 && CHIP_REWRITE == 3);

/// The link's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// No link.
    Idle,
    /// A block RAM block: the children's words written as they come.
    Chip,
    /// An SDRAM block: the first words into the buffer.
    Lead,
    /// The selection fields' burst presented.
    Selection,
    /// The other fields' burst presented.
    Other,
    /// The node in block RAM read, then written.
    Node,
    /// The node's other fields' write presented.
    NodeSdram,
}

/// The link.
#[derive(LogicBlock)]
pub struct Link {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Link from the next cycle; the inputs below are read now.
    pub start: Signal<In, Bit>,
    /// The root's children: block 0, no node to point.
    pub root: Signal<In, Bit>,
    /// The new block.
    pub block: Signal<In, Bits<BLOCK>>,
    /// The node expanded.
    pub node: Signal<In, Bits<ADDRESS>>,
    /// Its move (shape, and box corner at bit 7).
    pub node_code: Signal<In, Bits<15>>,
    /// The mean the children start from.
    pub base: Signal<In, Bits<BASE>>,
    /// The expander found a child.
    pub found: Signal<In, Bit>,
    /// Its children.
    pub children: Signal<In, Bits<COUNT_BITS>>,
    /// Their weights summed.
    pub weight_sum: Signal<In, Bits<SUM_BITS>>,
    /// The child read from the expander.
    pub index: Signal<Out, Bits<5>>,
    /// Its shape.
    pub child_shape: Signal<In, Bits<7>>,
    /// Its box corner.
    pub child_corner: Signal<In, Bits<8>>,
    /// Its logit's distance below the best.
    pub child_distance: Signal<In, Bits<DISTANCE_BITS>>,
    /// The block RAM's pair to read.
    pub read_address: Signal<Out, Bits<RAM_ADDRESS>>,
    /// The pair read in the cycle before: its even child.
    pub even: Signal<In, NodeWord>,
    /// Its odd child.
    pub odd: Signal<In, NodeWord>,
    /// Write a word in block RAM.
    pub write: Signal<Out, Bit>,
    /// Its address.
    pub write_address: Signal<Out, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub write_word: Signal<Out, NodeWord>,
    /// An SDRAM write is presented.
    pub sdram_valid: Signal<Out, Bit>,
    /// The write.
    pub sdram_request: Signal<Out, SdramRequest>,
    /// Where its beats come from.
    pub sdram_beats: Signal<Out, Beats>,
    /// A single node's fields (the node's other fields).
    pub sdram_word: Signal<Out, Bits<SELECTION>>,
    /// The SDRAM takes a request presented now.
    pub sdram_ready: Signal<In, Bit>,
    /// The buffer's child the beats read.
    pub buffer_index: Signal<In, Bits<5>>,
    /// Its entry, a cycle after its index: selection fields, then the move.
    pub buffer_entry: Signal<Out, Bits<LINK_ENTRY>>,
    /// Linking.
    pub busy: Signal<Out, Bit>,
    /// The link's last cycle.
    pub done: Signal<Out, Bit>,
    pipe: LinkPipe,
    buffer: RAM<Bits<LINK_ENTRY>, 5>,
    selection_place: SdramPlace,
    other_place: SdramPlace,
    node_place: SdramPlace,
    state: DFF<State>,
    root_q: DFF<Bit>,
    block_q: DFF<Bits<BLOCK>>,
    node_q: DFF<Bits<ADDRESS>>,
    code_q: DFF<Bits<15>>,
    count_q: DFF<Bits<COUNT_BITS>>,
    /// Children given the pipeline; words out of it.
    fed: DFF<Bits<COUNT_BITS>>,
    written: DFF<Bits<COUNT_BITS>>,
    cycle: DFF<Bits<2>>,
    node_word: DFF<NodeWord>,
    feeding: Signal<Local, Bit>,
    last_word: Signal<Local, Bit>,
    in_chip: Signal<Local, Bit>,
    node_in_chip: Signal<Local, Bit>,
    pointed: Signal<Local, NodeWord>,
    pass_shape: Constant<Bits<7>>,
    on_chip: Constant<Bits<BLOCK>>,
}

impl Link {
    /// An idle link over a node memory with `on_chip_blocks` blocks on chip.
    pub fn new(on_chip_blocks: usize) -> Link {
        Link {
            clock: Default::default(),
            start: Default::default(),
            root: Default::default(),
            block: Default::default(),
            node: Default::default(),
            node_code: Default::default(),
            base: Default::default(),
            found: Default::default(),
            children: Default::default(),
            weight_sum: Default::default(),
            index: Default::default(),
            child_shape: Default::default(),
            child_corner: Default::default(),
            child_distance: Default::default(),
            read_address: Default::default(),
            even: Default::default(),
            odd: Default::default(),
            write: Default::default(),
            write_address: Default::default(),
            write_word: Default::default(),
            sdram_valid: Default::default(),
            sdram_request: Default::default(),
            sdram_beats: Default::default(),
            sdram_word: Default::default(),
            sdram_ready: Default::default(),
            buffer_index: Default::default(),
            buffer_entry: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            pipe: LinkPipe::new(),
            buffer: Default::default(),
            selection_place: SdramPlace::new(on_chip_blocks),
            other_place: SdramPlace::new(on_chip_blocks),
            node_place: SdramPlace::new(on_chip_blocks),
            state: Default::default(),
            root_q: Default::default(),
            block_q: Default::default(),
            node_q: Default::default(),
            code_q: Default::default(),
            count_q: Default::default(),
            fed: Default::default(),
            written: Default::default(),
            cycle: Default::default(),
            node_word: Default::default(),
            feeding: Default::default(),
            last_word: Default::default(),
            in_chip: Default::default(),
            node_in_chip: Default::default(),
            pointed: Default::default(),
            pass_shape: Constant::new(PASS_SHAPE.into()),
            on_chip: Constant::new((on_chip_blocks as u64).into()),
        }
    }
}

impl Logic for Link {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, root_q, block_q, node_q, code_q, count_q, fed, written, cycle,
            node_word
        );
        // The children into the pipeline, one a cycle from the link's first.
        self.feeding.next =
            (self.state.q.val() != State::Idle) & (self.fed.q.val() < self.count_q.q.val());
        self.index.next = self.fed.q.val().get_bits::<5>(0);
        self.pipe.clock.next = self.clock.val();
        self.pipe.valid.next = self.feeding.val();
        self.pipe.shape.next = self.child_shape.val();
        self.pipe.corner.next = self.child_corner.val();
        self.pipe.distance.next = self.child_distance.val();
        if !self.found.val() {
            self.pipe.shape.next = self.pass_shape.val();
            self.pipe.corner.next = 0.into();
            self.pipe.distance.next = 0.into();
        }
        self.pipe.sum.next = self.weight_sum.val();
        self.pipe.base.next = self.base.val();
        if self.feeding.val() {
            self.fed.d.next = self.fed.q.val() + 1;
        }
        // The words: into block RAM, or the buffer.
        self.in_chip.next = self.block_q.q.val() < self.on_chip.val();
        self.last_word.next =
            self.pipe.word_valid.val() & (self.written.q.val() + 1 == self.count_q.q.val());
        if self.pipe.word_valid.val() {
            self.written.d.next = self.written.q.val() + 1;
        }
        self.write.next = self.pipe.word_valid.val() & self.in_chip.val();
        self.write_address.next = (bit_cast::<CHIP_ADDRESS, BLOCK>(self.block_q.q.val()) << 5)
            | bit_cast::<CHIP_ADDRESS, COUNT_BITS>(self.written.q.val() & 31);
        self.write_word.next = self.pipe.word.val();
        self.buffer.write_clock.next = self.clock.val();
        self.buffer.read_clock.next = self.clock.val();
        self.buffer.write_enable.next = self.pipe.word_valid.val() & !self.in_chip.val();
        self.buffer.write_address.next = self.written.q.val().get_bits::<5>(0);
        self.buffer.write_data.next = bit_cast::<LINK_ENTRY, 20>(self.pipe.word.val().visits)
            | (bit_cast::<LINK_ENTRY, 29>(self.pipe.word.val().value) << 20)
            | (bit_cast::<LINK_ENTRY, 15>(self.pipe.word.val().prior) << 49)
            | (bit_cast::<LINK_ENTRY, 7>(self.pipe.word.val().shape) << 64)
            | (bit_cast::<LINK_ENTRY, 8>(self.pipe.word.val().corner) << 71);
        self.buffer.read_address.next = self.buffer_index.val();
        self.buffer_entry.next = self.buffer.read_data.val();
        // The node, pointed to its children.
        self.node_in_chip.next = self.node_q.q.val().get_bits::<BLOCK>(5) < self.on_chip.val();
        self.read_address.next =
            (bit_cast::<RAM_ADDRESS, CHIP_BLOCK>(self.node_q.q.val().get_bits::<CHIP_BLOCK>(5))
                << 4)
                | bit_cast::<RAM_ADDRESS, 4>(self.node_q.q.val().get_bits::<4>(1));
        self.pointed.next = self.node_word.q.val();
        self.pointed.next.block = self.block_q.q.val();
        self.pointed.next.last = bit_cast::<5, COUNT_BITS>(self.count_q.q.val() - 1);
        self.pointed.next.opened = 0.into();
        // The SDRAM: the block's two bursts, the node's other fields.
        self.selection_place.block.next = self.block_q.q.val();
        self.selection_place.child.next = 0.into();
        self.selection_place.other.next = false;
        self.other_place.block.next = self.block_q.q.val();
        self.other_place.child.next = 0.into();
        self.other_place.other.next = true;
        self.node_place.block.next = self.node_q.q.val().get_bits::<BLOCK>(5);
        self.node_place.child.next = self.node_q.q.val().get_bits::<5>(0);
        self.node_place.other.next = true;
        self.sdram_valid.next = false;
        self.sdram_request.next.write = true;
        self.sdram_request.next.sync = false;
        self.sdram_request.next.address = self.selection_place.address.val();
        self.sdram_request.next.last_beat =
            (bit_cast::<8, COUNT_BITS>(self.count_q.q.val()) << 2) - 1;
        self.sdram_beats.next = Beats::Selections;
        self.sdram_word.next = bit_cast::<SELECTION, 15>(self.code_q.q.val())
            | (bit_cast::<SELECTION, BLOCK>(self.block_q.q.val()) << 15)
            | (bit_cast::<SELECTION, COUNT_BITS>(self.count_q.q.val() - 1) << 30);
        self.done.next = false;
        self.cycle.d.next = self.cycle.q.val() + 1;
        match self.state.q.val() {
            State::Idle => {
                self.fed.d.next = 0.into();
                if self.start.val() {
                    self.root_q.d.next = self.root.val();
                    self.block_q.d.next = self.block.val();
                    self.node_q.d.next = self.node.val();
                    self.code_q.d.next = self.node_code.val();
                    self.count_q.d.next = 1.into();
                    if self.found.val() {
                        self.count_q.d.next = self.children.val();
                    }
                    self.fed.d.next = 0.into();
                    self.written.d.next = 0.into();
                    self.cycle.d.next = 0.into();
                    self.state.d.next = State::Lead;
                    if self.block.val() < self.on_chip.val() {
                        self.state.d.next = State::Chip;
                    }
                }
            }
            State::Chip => {
                if self.last_word.val() {
                    self.cycle.d.next = 0.into();
                    self.state.d.next = State::Node;
                    if self.root_q.q.val() {
                        self.done.next = true;
                        self.state.d.next = State::Idle;
                    }
                }
            }
            State::Lead => {
                if self.cycle.q.val() == 2 {
                    self.state.d.next = State::Selection;
                }
            }
            State::Selection => {
                self.sdram_valid.next = true;
                if self.sdram_ready.val() {
                    self.state.d.next = State::Other;
                }
            }
            State::Other => {
                self.sdram_valid.next = true;
                self.sdram_request.next.address = self.other_place.address.val();
                self.sdram_request.next.last_beat =
                    (bit_cast::<8, COUNT_BITS>(self.count_q.q.val()) << 1)
                        + bit_cast::<8, COUNT_BITS>(self.count_q.q.val())
                        - 1;
                self.sdram_beats.next = Beats::Moves;
                if self.sdram_ready.val() {
                    self.cycle.d.next = 0.into();
                    self.state.d.next = State::NodeSdram;
                    if self.node_in_chip.val() {
                        self.state.d.next = State::Node;
                    }
                }
            }
            State::Node => {
                // Read in cycle 0, registered in 1, written in 2.
                self.node_word.d.next = self.even.val();
                if self.node_q.q.val().get_bit(0) {
                    self.node_word.d.next = self.odd.val();
                }
                if self.cycle.q.val() == 2 {
                    self.write.next = true;
                    self.write_address.next =
                        bit_cast::<CHIP_ADDRESS, ADDRESS>(self.node_q.q.val());
                    self.write_word.next = self.pointed.val();
                    self.done.next = true;
                    self.state.d.next = State::Idle;
                }
            }
            State::NodeSdram => {
                self.sdram_valid.next = true;
                self.sdram_request.next.address = self.node_place.address.val();
                self.sdram_request.next.last_beat = 2.into();
                self.sdram_beats.next = Beats::Word;
                if self.sdram_ready.val() {
                    self.done.next = true;
                    self.state.d.next = State::Idle;
                }
            }
        }
        self.busy.next = self.state.q.val() != State::Idle;
    }
}
