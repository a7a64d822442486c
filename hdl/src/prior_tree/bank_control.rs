//! When the bank plays a leaf out: as soon as a leaf waits and the bank is
//! free (its last run done), the bank's `start` the next cycle, while that
//! cycle is below the budget's `rounds_until`; once it is not, the search
//! is stopping (`model::prior_tree::search`'s `rounds`). A run's results are
//! kept from its `done` until its backup takes them. Each run holds the
//! path store the leaf was descended into, and the next descent writes the
//! other: `walk_store`, `flying_store` (the run in the bank's hands) and
//! `finished_store` (the run whose results wait).

use crate::search_budget::TIMER_BITS;
use rust_hdl::prelude::*;

/// The bank's runs.
#[derive(LogicBlock, Default)]
pub struct BankControl {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The search starts: no leaf, no run, the next run reseeds the bank.
    pub clear: Signal<In, Bit>,
    /// The cycle counter.
    pub timer: Signal<In, Bits<TIMER_BITS>>,
    /// No run starts in a cycle from this one on.
    pub rounds_until: Signal<In, Bits<TIMER_BITS>>,
    /// A leaf is ready in the walk from this cycle.
    pub leaf: Signal<In, Bit>,
    /// The bank's `done`.
    pub bank_done: Signal<In, Bit>,
    /// The bank's points, with `done`.
    pub bank_points: Signal<In, Bits<8>>,
    /// The bank's plies, with `done`.
    pub bank_plies: Signal<In, Bits<16>>,
    /// A backup takes the finished run's results.
    pub taken: Signal<In, Bit>,
    /// The bank's `start`.
    pub start: Signal<Out, Bit>,
    /// The bank's `reseed`.
    pub reseed: Signal<Out, Bit>,
    /// A run is in the bank's hands after this cycle (one started now
    /// included, one done now not).
    pub in_flight: Signal<Out, Bit>,
    /// A run's results wait for their backup (one done now included).
    pub finished: Signal<Out, Bit>,
    /// A leaf waits for the bank after this cycle.
    pub waiting: Signal<Out, Bit>,
    /// The rounds are over: no run will start again.
    pub stopping: Signal<Out, Bit>,
    /// The finished run's points and plies.
    pub points: Signal<Out, Bits<8>>,
    /// Its plies.
    pub plies: Signal<Out, Bits<16>>,
    /// The store a descent writes.
    pub walk_store: Signal<Out, Bit>,
    /// The store of the run in the bank's hands.
    pub flying_store: Signal<Out, Bit>,
    /// The store of the finished run.
    pub finished_store: Signal<Out, Bit>,
    /// Runs started.
    pub rounds: Signal<Out, Bits<20>>,
    waiting_q: DFF<Bit>,
    running: DFF<Bit>,
    finished_q: DFF<Bit>,
    stopping_q: DFF<Bit>,
    first: DFF<Bit>,
    start_q: DFF<Bit>,
    reseed_q: DFF<Bit>,
    points_q: DFF<Bits<8>>,
    plies_q: DFF<Bits<16>>,
    walk_q: DFF<Bit>,
    flying_q: DFF<Bit>,
    finished_store_q: DFF<Bit>,
    rounds_q: DFF<Bits<20>>,
    /// A leaf waits and the bank is free in this cycle.
    can: Signal<Local, Bit>,
    /// The next cycle is below `rounds_until`.
    in_budget: Signal<Local, Bit>,
    starting: Signal<Local, Bit>,
}

impl Logic for BankControl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            waiting_q,
            running,
            finished_q,
            stopping_q,
            first,
            start_q,
            reseed_q,
            points_q,
            plies_q,
            walk_q,
            flying_q,
            finished_store_q,
            rounds_q
        );
        self.can.next = (self.waiting_q.q.val() | self.leaf.val())
            & (!self.running.q.val() | self.bank_done.val())
            & !self.stopping_q.q.val();
        self.in_budget.next = self.timer.val() + 1 < self.rounds_until.val();
        self.starting.next = self.can.val() & self.in_budget.val();
        self.start_q.d.next = self.starting.val();
        self.reseed_q.d.next = self.first.q.val();
        if self.leaf.val() {
            self.waiting_q.d.next = true;
        }
        if self.bank_done.val() {
            self.running.d.next = false;
            self.finished_q.d.next = true;
            self.points_q.d.next = self.bank_points.val();
            self.plies_q.d.next = self.bank_plies.val();
            self.finished_store_q.d.next = self.flying_q.q.val();
        }
        if self.taken.val() {
            self.finished_q.d.next = false;
        }
        if self.starting.val() {
            self.waiting_q.d.next = false;
            self.running.d.next = true;
            self.first.d.next = false;
            self.flying_q.d.next = self.walk_q.q.val();
            self.walk_q.d.next = !self.walk_q.q.val();
            self.rounds_q.d.next = self.rounds_q.q.val() + 1;
        }
        if self.can.val() & !self.in_budget.val() {
            self.stopping_q.d.next = true;
        }
        if self.clear.val() {
            self.waiting_q.d.next = false;
            self.running.d.next = false;
            self.finished_q.d.next = false;
            self.stopping_q.d.next = false;
            self.first.d.next = true;
            self.start_q.d.next = false;
            self.rounds_q.d.next = 0.into();
        }
        self.start.next = self.start_q.q.val();
        self.reseed.next = self.reseed_q.q.val();
        self.in_flight.next = (self.running.q.val() & !self.bank_done.val()) | self.starting.val();
        self.finished.next = self.finished_q.q.val() | self.bank_done.val();
        self.waiting.next = (self.waiting_q.q.val() | self.leaf.val()) & !self.starting.val();
        self.stopping.next = self.stopping_q.q.val() | (self.can.val() & !self.in_budget.val());
        // A run's results from its `done`, when a backup may take them.
        self.points.next = self.points_q.q.val();
        self.plies.next = self.plies_q.q.val();
        if self.bank_done.val() {
            self.points.next = self.bank_points.val();
            self.plies.next = self.bank_plies.val();
        }
        self.walk_store.next = self.walk_q.q.val();
        self.flying_store.next = self.flying_q.q.val();
        self.finished_store.next = self.finished_store_q.q.val();
        if self.bank_done.val() {
            self.finished_store.next = self.flying_q.q.val();
        }
        self.rounds.next = self.rounds_q.q.val();
    }
}
