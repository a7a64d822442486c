//! A level's SDRAM beats: the 16-bit words of a burst assembled, four a
//! child's selection fields (given as a candidate the cycle after its last
//! beat, with its index, as a word of its selection fields, the others
//! zero), three the chosen child's other fields.

use crate::prior_tree::word::{NodeWord, SELECTION};
use rust_hdl::prelude::*;

/// The beats' assembly.
#[derive(LogicBlock, Default)]
pub struct BurstBeats {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A burst is asked for: no beat yet.
    pub clear: Signal<In, Bit>,
    /// A beat is at `read_data`.
    pub read_valid: Signal<In, Bit>,
    /// The beat.
    pub read_data: Signal<In, Bits<16>>,
    /// Beats since `clear`.
    pub beats: Signal<Out, Bits<8>>,
    /// A child's selection fields are complete: the cycle after its fourth beat.
    pub child: Signal<Out, Bit>,
    /// Its index.
    pub child_index: Signal<Out, Bits<5>>,
    /// Its selection fields (the last four beats, the first lowest) in a
    /// word, the other fields zero.
    pub word: Signal<Out, NodeWord>,
    /// The last three beats, the first lowest: a node's other fields.
    pub other: Signal<Out, Bits<40>>,
    count: DFF<Bits<8>>,
    words: DFF<Bits<SELECTION>>,
    complete: DFF<Bit>,
    index: DFF<Bits<5>>,
}

impl Logic for BurstBeats {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count, words, complete, index);
        self.complete.d.next = false;
        if self.read_valid.val() {
            self.words.d.next = (self.words.q.val() >> 16)
                | (bit_cast::<SELECTION, 16>(self.read_data.val()) << 48);
            self.count.d.next = self.count.q.val() + 1;
            self.complete.d.next = self.count.q.val().get_bits::<2>(0) == 3;
            self.index.d.next = self.count.q.val().get_bits::<5>(2);
        }
        if self.clear.val() {
            self.count.d.next = 0.into();
        }
        self.beats.next = self.count.q.val();
        self.child.next = self.complete.q.val();
        self.child_index.next = self.index.q.val();
        self.word.next.visits = self.words.q.val().get_bits::<20>(0);
        self.word.next.value = self.words.q.val().get_bits::<29>(20);
        self.word.next.prior = self.words.q.val().get_bits::<15>(49);
        self.word.next.shape = 0.into();
        self.word.next.corner = 0.into();
        self.word.next.block = 0.into();
        self.word.next.last = 0.into();
        self.word.next.opened = 0.into();
        self.other.next = self.words.q.val().get_bits::<40>(16);
    }
}
