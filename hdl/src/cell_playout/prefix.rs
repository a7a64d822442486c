//! PREFIX: the entries' counts and their running sums (over 1, 2, 4 and 8
//! entries back), each entry's start and end registered for LOCATE.

use crate::bit_count::RowCount;
use crate::board::SIZE;
use rust_hdl::prelude::*;

/// The counts, the running sums, and the starts and ends taken on `latch`.
#[derive(LogicBlock)]
pub struct Prefix {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Register each entry's start and end.
    pub latch: Signal<In, Bit>,
    /// The entries' bits to count.
    pub entries: [Signal<In, Bits<SIZE>>; SIZE],
    /// Each entry's count.
    pub counts: [Signal<Out, Bits<8>>; SIZE],
    /// The running count before each entry, as registered.
    pub starts: [Signal<Out, Bits<8>>; SIZE],
    /// The running count to each entry's end, as registered.
    pub ends: [Signal<Out, Bits<8>>; SIZE],
    counters: [RowCount; SIZE],
    starts_q: [DFF<Bits<8>>; SIZE],
    ends_q: [DFF<Bits<8>>; SIZE],
    counts_wide: [Signal<Local, Bits<8>>; SIZE],
    sums1: [Signal<Local, Bits<8>>; SIZE],
    sums2: [Signal<Local, Bits<8>>; SIZE],
    sums4: [Signal<Local, Bits<8>>; SIZE],
    sums8: [Signal<Local, Bits<8>>; SIZE],
}

impl Default for Prefix {
    fn default() -> Prefix {
        Prefix {
            clock: Default::default(),
            latch: Default::default(),
            entries: Default::default(),
            counts: Default::default(),
            starts: Default::default(),
            ends: Default::default(),
            counters: std::array::from_fn(|_| RowCount::new()),
            starts_q: Default::default(),
            ends_q: Default::default(),
            counts_wide: Default::default(),
            sums1: Default::default(),
            sums2: Default::default(),
            sums4: Default::default(),
            sums8: Default::default(),
        }
    }
}

impl Logic for Prefix {
    #[hdl_gen]
    fn update(&mut self) {
        for e in 0..14 {
            self.starts_q[e].clock.next = self.clock.val();
            self.ends_q[e].clock.next = self.clock.val();
            self.starts_q[e].d.next = self.starts_q[e].q.val();
            self.ends_q[e].d.next = self.ends_q[e].q.val();
            self.counters[e].bits.next = self.entries[e].val();
        }
        // (hdl_gen takes a function's arguments indexed by constants only.)
        self.counts_wide[0].next = bit_cast::<8, 4>(self.counters[0].count.val());
        self.counts_wide[1].next = bit_cast::<8, 4>(self.counters[1].count.val());
        self.counts_wide[2].next = bit_cast::<8, 4>(self.counters[2].count.val());
        self.counts_wide[3].next = bit_cast::<8, 4>(self.counters[3].count.val());
        self.counts_wide[4].next = bit_cast::<8, 4>(self.counters[4].count.val());
        self.counts_wide[5].next = bit_cast::<8, 4>(self.counters[5].count.val());
        self.counts_wide[6].next = bit_cast::<8, 4>(self.counters[6].count.val());
        self.counts_wide[7].next = bit_cast::<8, 4>(self.counters[7].count.val());
        self.counts_wide[8].next = bit_cast::<8, 4>(self.counters[8].count.val());
        self.counts_wide[9].next = bit_cast::<8, 4>(self.counters[9].count.val());
        self.counts_wide[10].next = bit_cast::<8, 4>(self.counters[10].count.val());
        self.counts_wide[11].next = bit_cast::<8, 4>(self.counters[11].count.val());
        self.counts_wide[12].next = bit_cast::<8, 4>(self.counters[12].count.val());
        self.counts_wide[13].next = bit_cast::<8, 4>(self.counters[13].count.val());
        self.sums1[0].next = self.counts_wide[0].val();
        for e in 1..14 {
            self.sums1[e].next = self.counts_wide[e].val() + self.counts_wide[e - 1].val();
        }
        for e in 0..2 {
            self.sums2[e].next = self.sums1[e].val();
        }
        for e in 2..14 {
            self.sums2[e].next = self.sums1[e].val() + self.sums1[e - 2].val();
        }
        for e in 0..4 {
            self.sums4[e].next = self.sums2[e].val();
        }
        for e in 4..14 {
            self.sums4[e].next = self.sums2[e].val() + self.sums2[e - 4].val();
        }
        for e in 0..8 {
            self.sums8[e].next = self.sums4[e].val();
        }
        for e in 8..14 {
            self.sums8[e].next = self.sums4[e].val() + self.sums4[e - 8].val();
        }
        if self.latch.val() {
            self.starts_q[0].d.next = 0.into();
            for e in 1..14 {
                self.starts_q[e].d.next = self.sums8[e - 1].val();
            }
            for e in 0..14 {
                self.ends_q[e].d.next = self.sums8[e].val();
            }
        }
        for e in 0..14 {
            self.counts[e].next = self.counts_wide[e].val();
            self.starts[e].next = self.starts_q[e].q.val();
            self.ends[e].next = self.ends_q[e].q.val();
        }
    }
}
