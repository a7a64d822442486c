//! The board's SDRAM shared by the player's two clients: the search's node
//! memory and the SDRAM check. They never want it at once (the check runs
//! outside a game, the search inside one, and the contest machine starts
//! each in a state of its own), so the rule is one of ownership, not of
//! arbitration: the check takes the controller in the cycle after one in
//! which it ran and the search was not busy, and keeps it while it runs
//! (the search, waiting at its `sync` meanwhile, may say it is busy); the
//! search owns it otherwise.
//! The ownership is registered, so that no client's request or readies
//! pass through the other's logic in a cycle. The client not owning the
//! controller sees no `ready`, no `sync_ready`, no `write_strobe` and no
//! `read_valid`, so it waits at its `sync`, and each client's first
//! request is a `sync`, taken only once the other's last access is over:
//! neither sees a cycle of the other's.

use super::memory::Sdram;
use super::port::SdramServer;
use rust_hdl::prelude::*;

/// The SDRAM and its two clients.
#[derive(LogicBlock, Default)]
pub struct SharedSdram {
    /// The player's clock.
    pub clock: Signal<In, Clock>,
    /// The search's port.
    pub search: SdramServer,
    /// The search is working (its port may present a request; it also
    /// says so while it waits for the controller).
    pub search_busy: Signal<In, Bit>,
    /// The check's port.
    pub check: SdramServer,
    /// The check is running.
    pub check_busy: Signal<In, Bit>,
    /// The chip's clock pin.
    pub sdram_clk: Signal<Out, Clock>,
    /// Clock enable pin.
    pub sdram_cke: Signal<Out, Bit>,
    /// Chip select pin.
    pub sdram_csn: Signal<Out, Bit>,
    /// Write enable pin.
    pub sdram_wen: Signal<Out, Bit>,
    /// RAS pin.
    pub sdram_rasn: Signal<Out, Bit>,
    /// CAS pin.
    pub sdram_casn: Signal<Out, Bit>,
    /// Address pins.
    pub sdram_a: Signal<Out, Bits<13>>,
    /// Bank pins.
    pub sdram_ba: Signal<Out, Bits<2>>,
    /// Byte mask pins.
    pub sdram_dqm: Signal<Out, Bits<2>>,
    /// The data lines.
    pub sdram_d: Signal<InOut, Bits<16>>,
    sdram: Sdram,
    /// The check owns the controller in this cycle.
    check_owns: DFF<Bit>,
}

impl Logic for SharedSdram {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, check_owns);
        self.sdram.clock.next = self.clock.val();
        self.check_owns.d.next =
            self.check_busy.val() & (self.check_owns.q.val() | !self.search_busy.val());
        // The owner's request and words in.
        self.sdram.valid.next = self.search.valid.val();
        self.sdram.request.next = self.search.request.val();
        self.sdram.write_data.next = self.search.write_data.val();
        if self.check_owns.q.val() {
            self.sdram.valid.next = self.check.valid.val();
            self.sdram.request.next = self.check.request.val();
            self.sdram.write_data.next = self.check.write_data.val();
        }
        // The controller's answers to the owner only.
        self.search.ready.next = self.sdram.ready.val() & !self.check_owns.q.val();
        self.search.sync_ready.next = self.sdram.sync_ready.val() & !self.check_owns.q.val();
        self.search.write_strobe.next = self.sdram.write_strobe.val() & !self.check_owns.q.val();
        self.search.read_valid.next = self.sdram.read_valid.val() & !self.check_owns.q.val();
        self.check.ready.next = self.sdram.ready.val() & self.check_owns.q.val();
        self.check.sync_ready.next = self.sdram.sync_ready.val() & self.check_owns.q.val();
        self.check.write_strobe.next = self.sdram.write_strobe.val() & self.check_owns.q.val();
        self.check.read_valid.next = self.sdram.read_valid.val() & self.check_owns.q.val();
        self.search.read_data.next = self.sdram.read_data.val();
        self.check.read_data.next = self.sdram.read_data.val();
        // The pins.
        self.sdram_clk.next = self.sdram.sdram_clk.val();
        self.sdram_cke.next = self.sdram.sdram_cke.val();
        self.sdram_csn.next = self.sdram.sdram_csn.val();
        self.sdram_wen.next = self.sdram.sdram_wen.val();
        self.sdram_rasn.next = self.sdram.sdram_rasn.val();
        self.sdram_casn.next = self.sdram.sdram_casn.val();
        self.sdram_a.next = self.sdram.sdram_a.val();
        self.sdram_ba.next = self.sdram.sdram_ba.val();
        self.sdram_dqm.next = self.sdram.sdram_dqm.val();
        Signal::<InOut, Bits<16>>::link(&mut self.sdram_d, &mut self.sdram.sdram_d);
    }
}
