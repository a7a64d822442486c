//! The refresh count of the SDRAM controller: one refresh credited every
//! `model::sdram::REFRESH_PERIOD` cycles, the refreshes owed counted until
//! the controller pays them.

use model::sdram::{MAX_OWED, REFRESH_PERIOD};
use rust_hdl::prelude::*;

/// Bits of the period counter.
const PHASE_BITS: usize = 7;
/// Bits of the count of refreshes owed.
const OWED_BITS: usize = 3;

const _: () = assert!(REFRESH_PERIOD <= 1 << PHASE_BITS);
const _: () = assert!(MAX_OWED < 1 << OWED_BITS);

/// The refresh count: while `run` is high a credit comes every
/// `REFRESH_PERIOD` cycles (the first `REFRESH_PERIOD` cycles after `run`
/// rises, or after `restart`); `take` pays one; `owed` is high while any is
/// owed. While `run` is low (the power-up sequence) nothing is counted.
/// A `restart` with `owe` leaves one refresh owed (a `sync` taken while
/// refreshing: its own refresh follows), else none.
#[derive(LogicBlock)]
pub struct RefreshCount {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Count (low during the power-up sequence).
    pub run: Signal<In, Bit>,
    /// A refresh is decided in this cycle: one fewer owed.
    pub take: Signal<In, Bit>,
    /// A `sync` is taken in this cycle: the period restarts, nothing owed
    /// (or one, with `owe`).
    pub restart: Signal<In, Bit>,
    /// With `restart`: one refresh owed.
    pub owe: Signal<In, Bit>,
    /// A refresh is owed.
    pub owed: Signal<Out, Bit>,
    /// Cycles since the last credit (or the start).
    phase: DFF<Bits<PHASE_BITS>>,
    /// Refreshes owed.
    count: DFF<Bits<OWED_BITS>>,
    /// Set when `phase` is at the period's last cycle.
    credit: Signal<Local, Bit>,
    period_last: Constant<Bits<PHASE_BITS>>,
}

impl Default for RefreshCount {
    fn default() -> RefreshCount {
        RefreshCount {
            clock: Default::default(),
            run: Default::default(),
            take: Default::default(),
            restart: Default::default(),
            owe: Default::default(),
            owed: Default::default(),
            phase: Default::default(),
            count: Default::default(),
            credit: Default::default(),
            period_last: Constant::new((REFRESH_PERIOD - 1).into()),
        }
    }
}

impl Logic for RefreshCount {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, phase, count);
        self.credit.next = self.phase.q.val() == self.period_last.val();
        self.phase.d.next = self.phase.q.val() + 1;
        if self.credit.val() {
            self.phase.d.next = 0.into();
            self.count.d.next = self.count.q.val() + 1;
            if self.take.val() {
                self.count.d.next = self.count.q.val();
            }
        } else if self.take.val() {
            self.count.d.next = self.count.q.val() - 1;
        }
        if self.restart.val() | !self.run.val() {
            self.phase.d.next = 0.into();
            self.count.d.next = 0.into();
            if self.restart.val() & self.owe.val() {
                self.count.d.next = 1.into();
            }
        }
        self.owed.next = self.count.q.val().any();
    }
}
