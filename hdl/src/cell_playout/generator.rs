//! The engine's random numbers: a xorshift32 generator whose next number
//! is registered from the state it takes, so that a draw may follow a draw
//! in the next cycle; with it the pair's draws for every range of at most
//! 7, so that NTH_PAIR's draw is a selection, not a sum of shifts.

use rust_hdl::prelude::*;

/// The generator: `load` takes `seed` as the state, `step` moves it on to
/// the next number; else it holds.
#[derive(LogicBlock, Default)]
pub struct Generator {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Take `seed` as the state.
    pub load: Signal<In, Bit>,
    /// The state `load` takes.
    pub seed: Signal<In, Bits<32>>,
    /// Move on to the next number (a draw uses it in this cycle).
    pub step: Signal<In, Bit>,
    /// The state.
    pub state: Signal<Out, Bits<32>>,
    /// The next number's (`xorshift32(state)`) high half, all a draw uses.
    pub high: Signal<Out, Bits<16>>,
    /// The next number's draws for ranges 0 to 7: bits `3 k ..= 3 k + 2`
    /// hold `(high * k) >> 16`.
    pub pair_picks: Signal<Out, Bits<PAIR_PICKS_BITS>>,
    state_q: DFF<Bits<32>>,
    /// Never behind `state_q`: registered from the state it takes.
    next_q: DFF<Bits<32>>,
    /// Never behind `next_q`: its draws for the ranges 0 to 7.
    pair_picks_q: DFF<Bits<PAIR_PICKS_BITS>>,
    /// The next number from the next cycle on.
    next_number: Signal<Local, Bits<32>>,
    /// Its draws, gathered a range at a time.
    picks: Signal<Local, Bits<PAIR_PICKS_BITS>>,
    /// The next number's high half, and 3, 5 and 7 times it.
    high_next: Signal<Local, Bits<19>>,
    times_three: Signal<Local, Bits<19>>,
    times_five: Signal<Local, Bits<19>>,
    times_seven: Signal<Local, Bits<19>>,
    /// The state from the next cycle on.
    taken: Signal<Local, Bits<32>>,
    x_a: Signal<Local, Bits<32>>,
    x_b: Signal<Local, Bits<32>>,
}

impl Logic for Generator {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state_q, next_q, pair_picks_q);
        self.taken.next = self.state_q.q.val();
        if self.load.val() {
            self.taken.next = self.seed.val();
        }
        if self.step.val() {
            self.taken.next = self.next_q.q.val();
        }
        self.state_q.d.next = self.taken.val();
        self.x_a.next = self.taken.val() ^ (self.taken.val() << 13);
        self.x_b.next = self.x_a.val() ^ (self.x_a.val() >> 17);
        self.next_number.next = self.x_b.val() ^ (self.x_b.val() << 5);
        self.next_q.d.next = self.next_number.val();
        // (high * k) >> 16 for k = 0 to 7, by shifts and adds of the next
        // number's high half (19 bits hold 7 times 16).
        self.high_next.next = bit_cast::<19, 16>(self.next_number.val().get_bits::<16>(16));
        self.times_three.next = self.high_next.val() + (self.high_next.val() << 1);
        self.times_five.next = self.high_next.val() + (self.high_next.val() << 2);
        self.times_seven.next = (self.high_next.val() << 3) - self.high_next.val();
        self.picks.next = (bit_cast::<PAIR_PICKS_BITS, 19>(self.high_next.val() >> 16) << 3)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.high_next.val() >> 15) << 6)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.times_three.val() >> 16) << 9)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.high_next.val() >> 14) << 12)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.times_five.val() >> 16) << 15)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.times_three.val() >> 15) << 18)
            | (bit_cast::<PAIR_PICKS_BITS, 19>(self.times_seven.val() >> 16) << 21);
        self.pair_picks_q.d.next = self.picks.val();
        self.state.next = self.state_q.q.val();
        self.high.next = self.next_q.q.val().get_bits::<16>(16);
        self.pair_picks.next = self.pair_picks_q.q.val();
    }
}

/// The ranges of the pair's draw the generator draws ahead: 0 to 7.
pub const PAIR_RANGES: usize = 8;
/// Their draws, 3 bits each.
pub const PAIR_PICKS_BITS: usize = 3 * PAIR_RANGES;
