//! The engine's random numbers: a xorshift32 generator whose next number
//! is registered from the state it takes, so that a draw may follow a draw
//! in the next cycle.

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
    state_q: DFF<Bits<32>>,
    /// Never behind `state_q`: registered from the state it takes.
    next_q: DFF<Bits<32>>,
    /// The state from the next cycle on.
    taken: Signal<Local, Bits<32>>,
    x_a: Signal<Local, Bits<32>>,
    x_b: Signal<Local, Bits<32>>,
}

impl Logic for Generator {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state_q, next_q);
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
        self.next_q.d.next = self.x_b.val() ^ (self.x_b.val() << 5);
        self.state.next = self.state_q.q.val();
        self.high.next = self.next_q.q.val().get_bits::<16>(16);
    }
}
