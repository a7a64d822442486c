//! A level's children in block RAM, a pair a cycle: pair `pair` of block
//! `block` addressed while `reading`, its words out of the RAM the next
//! cycle and registered the cycle after, when they are given as the even
//! and the odd candidate (the odd one only when among the `read` first).

use crate::prior_tree::node_memory::RAM_ADDRESS;
use crate::prior_tree::word::{NodeWord, BLOCK};
use rust_hdl::prelude::*;

/// The pair reader.
#[derive(LogicBlock, Default)]
pub struct ChipPairs {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A pair is read in this cycle.
    pub reading: Signal<In, Bit>,
    /// The level's block.
    pub block: Signal<In, Bits<BLOCK>>,
    /// The pair.
    pub pair: Signal<In, Bits<4>>,
    /// The children the level reads.
    pub read: Signal<In, Bits<6>>,
    /// The RAMs' address.
    pub read_address: Signal<Out, Bits<RAM_ADDRESS>>,
    /// The RAMs' words of the pair read in the cycle before.
    pub ram_even: Signal<In, NodeWord>,
    /// The odd one.
    pub ram_odd: Signal<In, NodeWord>,
    /// The even candidate is given.
    pub even: Signal<Out, Bit>,
    /// Its index.
    pub even_index: Signal<Out, Bits<5>>,
    /// Its word.
    pub even_word: Signal<Out, NodeWord>,
    /// The odd candidate is given.
    pub odd: Signal<Out, Bit>,
    /// Its index.
    pub odd_index: Signal<Out, Bits<5>>,
    /// Its word.
    pub odd_word: Signal<Out, NodeWord>,
    fetched: DFF<Bit>,
    fetched_pair: DFF<Bits<4>>,
    valid: DFF<Bit>,
    pair_q: DFF<Bits<4>>,
    even_q: DFF<NodeWord>,
    odd_q: DFF<NodeWord>,
}

impl Logic for ChipPairs {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            fetched,
            fetched_pair,
            valid,
            pair_q,
            even_q,
            odd_q
        );
        self.read_address.next = (bit_cast::<RAM_ADDRESS, BLOCK>(self.block.val()) << 4)
            | bit_cast::<RAM_ADDRESS, 4>(self.pair.val());
        self.fetched.d.next = self.reading.val();
        self.fetched_pair.d.next = self.pair.val();
        self.valid.d.next = self.fetched.q.val();
        self.pair_q.d.next = self.fetched_pair.q.val();
        self.even_q.d.next = self.ram_even.val();
        self.odd_q.d.next = self.ram_odd.val();
        self.even.next = self.valid.q.val();
        self.even_index.next = bit_cast::<5, 4>(self.pair_q.q.val()) << 1;
        self.even_word.next = self.even_q.q.val();
        self.odd.next = self.valid.q.val()
            & ((bit_cast::<6, 4>(self.pair_q.q.val()) << 1) + 1 < self.read.val());
        self.odd_index.next = (bit_cast::<5, 4>(self.pair_q.q.val()) << 1) + 1;
        self.odd_word.next = self.odd_q.q.val();
    }
}
