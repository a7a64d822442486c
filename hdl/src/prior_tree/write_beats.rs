//! The words of the tree unit's SDRAM writes, a beat a `write_strobe`: a
//! single node's fields (a backup's selection fields, a parent's other
//! fields), latched when the write is taken; or a new block's children,
//! read from the link's buffer one entry a child (its selection fields in
//! four beats, or its move and zeros in three), the entry asked for in the
//! cycle of the strobe and given with the beat the cycle after, when the
//! controller reads `write_data`.

use super::word::SELECTION;
use rust_hdl::prelude::*;

/// Width of a link buffer entry: a child's selection fields, then its
/// shape and box corner.
pub const LINK_ENTRY: usize = SELECTION + 15;

/// Where a write's beats come from.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
pub enum Beats {
    /// The word given with the request, from its lowest bits.
    Word,
    /// The link buffer's selection fields, four beats a child.
    Selections,
    /// The link buffer's moves as other fields, three beats a child.
    Moves,
}

/// The beats.
#[derive(LogicBlock, Default)]
pub struct WriteBeats {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A write is presented to the controller.
    pub write: Signal<In, Bit>,
    /// No request is: the port shows a sync.
    pub sync: Signal<In, Bit>,
    /// The controller takes what is presented (the write, or would take the
    /// sync).
    pub ready: Signal<In, Bit>,
    /// The controller would have taken a sync in the last cycle: no access
    /// under way. (Here, beside the write's `ready`, so that the port's
    /// requests are not computed in a block that reads `ready`: the
    /// search's start, which presents the sync, waits on this.)
    pub free: Signal<Out, Bit>,
    /// Where its beats come from.
    pub beats: Signal<In, Beats>,
    /// Its word (for `Beats::Word`).
    pub word: Signal<In, Bits<SELECTION>>,
    /// The controller asks for the next beat (given the cycle after).
    pub strobe: Signal<In, Bit>,
    /// The link buffer's entry to read.
    pub buffer_index: Signal<Out, Bits<5>>,
    /// The entry read in the cycle before.
    pub buffer_entry: Signal<In, Bits<LINK_ENTRY>>,
    /// The beat.
    pub write_data: Signal<Out, Bits<16>>,
    source: DFF<Beats>,
    word_q: DFF<Bits<SELECTION>>,
    /// The next beat's place in its child's fields, and its child.
    beat: DFF<Bits<2>>,
    child: DFF<Bits<5>>,
    /// The beat asked for in the last cycle.
    out_beat: DFF<Bits<2>>,
    free_q: DFF<Bit>,
    taken: Signal<Local, Bit>,
    next_beat: Signal<Local, Bits<2>>,
    selection: Signal<Local, Bits<SELECTION>>,
}

impl Logic for WriteBeats {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, source, word_q, beat, child, out_beat, free_q);
        self.taken.next = self.write.val() & self.ready.val();
        self.free_q.d.next = self.sync.val() & self.ready.val();
        self.free.next = self.free_q.q.val();
        self.buffer_index.next = self.child.q.val();
        self.next_beat.next = self.beat.q.val() + 1;
        if (self.source.q.val() == Beats::Moves) & (self.beat.q.val() == 2) {
            self.next_beat.next = 0.into();
        }
        if self.strobe.val() {
            self.out_beat.d.next = self.beat.q.val();
            self.beat.d.next = self.next_beat.val();
            if self.next_beat.val() == 0 {
                self.child.d.next = self.child.q.val() + 1;
            }
        }
        if self.taken.val() {
            self.source.d.next = self.beats.val();
            self.word_q.d.next = self.word.val();
            self.beat.d.next = 0.into();
            self.child.d.next = 0.into();
        }
        self.selection.next = self.word_q.q.val();
        if self.source.q.val() == Beats::Selections {
            self.selection.next = self.buffer_entry.val().get_bits::<SELECTION>(0);
        }
        if self.source.q.val() == Beats::Moves {
            self.selection.next =
                bit_cast::<SELECTION, 15>(self.buffer_entry.val().get_bits::<15>(64));
        }
        self.write_data.next = self.selection.val().get_bits::<16>(0);
        if self.out_beat.q.val() == 1 {
            self.write_data.next = self.selection.val().get_bits::<16>(16);
        }
        if self.out_beat.q.val() == 2 {
            self.write_data.next = self.selection.val().get_bits::<16>(32);
        }
        if self.out_beat.q.val() == 3 {
            self.write_data.next = self.selection.val().get_bits::<16>(48);
        }
    }
}
