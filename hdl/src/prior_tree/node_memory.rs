//! The node memory's part in block RAM: `model::prior_tree::memory`'s
//! blocks on chip as two RAMs of 16,384 words (1,024 blocks of 16 pairs),
//! the even children in one and the odd in the other, so that a level of
//! the descent reads a pair a cycle. One read address (a block and a pair)
//! and one write (a block and a child) a cycle; a read's words are at the
//! outputs in the next cycle.

use super::word::NodeWord;
use rust_hdl::prelude::*;

/// Width of a block number on chip.
pub const CHIP_BLOCK: usize = 10;
/// Width of a RAM's address: a block and a pair.
pub const RAM_ADDRESS: usize = CHIP_BLOCK + 4;
/// Width of a child's address on chip: a block and a place in it.
pub const CHIP_ADDRESS: usize = CHIP_BLOCK + 5;
const _: () = assert!(1 << CHIP_BLOCK == model::prior_tree::memory::ON_CHIP_BLOCKS);

/// The two RAMs.
#[derive(LogicBlock, Default)]
pub struct NodeMemory {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The pair to read: its block (bits 4 and up) and its place in it.
    pub read_address: Signal<In, Bits<RAM_ADDRESS>>,
    /// The even child of the pair addressed in the cycle before.
    pub even: Signal<Out, NodeWord>,
    /// The odd child.
    pub odd: Signal<Out, NodeWord>,
    /// Write `word` at `write_address`.
    pub write: Signal<In, Bit>,
    /// The child to write: its block (bits 5 and up) and its place.
    pub write_address: Signal<In, Bits<CHIP_ADDRESS>>,
    /// The word to write.
    pub word: Signal<In, NodeWord>,
    evens: RAM<NodeWord, RAM_ADDRESS>,
    odds: RAM<NodeWord, RAM_ADDRESS>,
}

impl Logic for NodeMemory {
    #[hdl_gen]
    fn update(&mut self) {
        self.evens.read_clock.next = self.clock.val();
        self.evens.write_clock.next = self.clock.val();
        self.odds.read_clock.next = self.clock.val();
        self.odds.write_clock.next = self.clock.val();
        self.evens.read_address.next = self.read_address.val();
        self.odds.read_address.next = self.read_address.val();
        self.evens.write_address.next = self.write_address.val().get_bits::<RAM_ADDRESS>(1);
        self.odds.write_address.next = self.write_address.val().get_bits::<RAM_ADDRESS>(1);
        self.evens.write_data.next = self.word.val();
        self.odds.write_data.next = self.word.val();
        self.evens.write_enable.next = self.write.val() & !self.write_address.val().get_bit(0);
        self.odds.write_enable.next = self.write.val() & self.write_address.val().get_bit(0);
        self.even.next = self.evens.read_data.val();
        self.odd.next = self.odds.read_data.val();
    }
}
