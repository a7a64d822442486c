//! The node memory's block RAM ([`NodeMemory`]) as the tree unit's jobs
//! share it: the job at work gives the read address (pair 0 of block 0
//! when none is, which the choice's start reads), and a job's write is
//! the one written (one job writes at a time).

use super::node_memory::{NodeMemory, CHIP_ADDRESS, RAM_ADDRESS};
use super::word::NodeWord;
use rust_hdl::prelude::*;

/// The shared node memory.
#[derive(LogicBlock, Default)]
pub struct MemoryPort {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The descent is the job at work.
    pub descending: Signal<In, Bit>,
    /// The backup is.
    pub backing_up: Signal<In, Bit>,
    /// The link is.
    pub linking: Signal<In, Bit>,
    /// The choice is.
    pub choosing: Signal<In, Bit>,
    /// The descent's read address.
    pub descent_read: Signal<In, Bits<RAM_ADDRESS>>,
    /// The backup's.
    pub backup_read: Signal<In, Bits<RAM_ADDRESS>>,
    /// The link's.
    pub link_read: Signal<In, Bits<RAM_ADDRESS>>,
    /// The choice's.
    pub choose_read: Signal<In, Bits<RAM_ADDRESS>>,
    /// The descent writes `descent_word` at `descent_address`.
    pub descent_write: Signal<In, Bit>,
    /// The address.
    pub descent_address: Signal<In, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub descent_word: Signal<In, NodeWord>,
    /// The backup writes.
    pub backup_write: Signal<In, Bit>,
    /// The address.
    pub backup_address: Signal<In, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub backup_word: Signal<In, NodeWord>,
    /// The link writes.
    pub link_write: Signal<In, Bit>,
    /// The address.
    pub link_address: Signal<In, Bits<CHIP_ADDRESS>>,
    /// The word.
    pub link_word: Signal<In, NodeWord>,
    /// The even child of the pair addressed in the cycle before.
    pub even: Signal<Out, NodeWord>,
    /// The odd child.
    pub odd: Signal<Out, NodeWord>,
    memory: NodeMemory,
}

impl Logic for MemoryPort {
    #[hdl_gen]
    fn update(&mut self) {
        self.memory.clock.next = self.clock.val();
        self.memory.read_address.next = 0.into();
        if self.descending.val() {
            self.memory.read_address.next = self.descent_read.val();
        }
        if self.backing_up.val() {
            self.memory.read_address.next = self.backup_read.val();
        }
        if self.linking.val() {
            self.memory.read_address.next = self.link_read.val();
        }
        if self.choosing.val() {
            self.memory.read_address.next = self.choose_read.val();
        }
        self.memory.write.next =
            self.descent_write.val() | self.backup_write.val() | self.link_write.val();
        self.memory.write_address.next = self.link_address.val();
        self.memory.word.next = self.link_word.val();
        if self.descent_write.val() {
            self.memory.write_address.next = self.descent_address.val();
            self.memory.word.next = self.descent_word.val();
        }
        if self.backup_write.val() {
            self.memory.write_address.next = self.backup_address.val();
            self.memory.word.next = self.backup_word.val();
        }
        self.even.next = self.memory.even.val();
        self.odd.next = self.memory.odd.val();
    }
}
