//! The SDRAM as the player takes it: the controller behind the pads, the
//! user's side on one hand and the chip's pins on the other.

use super::controller::SdramController;
use super::pads::SdramPads;
use super::request::SdramRequest;
use rust_hdl::prelude::*;

/// The SDRAM: the controller behind the pads.
#[derive(LogicBlock, Default)]
pub struct Sdram {
    /// The player's clock.
    pub clock: Signal<In, Clock>,
    /// A request is presented.
    pub valid: Signal<In, Bit>,
    /// The request.
    pub request: Signal<In, SdramRequest>,
    /// An access presented now is taken (the controller's `ready`).
    pub ready: Signal<Out, Bit>,
    /// A `sync` presented now is taken (the controller's `sync_ready`).
    pub sync_ready: Signal<Out, Bit>,
    /// The next cycle's `write_data` is a write's next word.
    pub write_strobe: Signal<Out, Bit>,
    /// A write's word.
    pub write_data: Signal<In, Bits<16>>,
    /// `read_data` is a read's word.
    pub read_valid: Signal<Out, Bit>,
    /// A read's word.
    pub read_data: Signal<Out, Bits<16>>,
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
    controller: SdramController,
    pads: SdramPads,
}

impl Logic for Sdram {
    #[hdl_gen]
    fn update(&mut self) {
        self.controller.clock.next = self.clock.val();
        self.pads.clock.next = self.clock.val();
        self.controller.valid.next = self.valid.val();
        self.controller.request.next = self.request.val();
        self.ready.next = self.controller.ready.val();
        self.sync_ready.next = self.controller.sync_ready.val();
        self.write_strobe.next = self.controller.write_strobe.val();
        self.controller.write_data.next = self.write_data.val();
        self.read_valid.next = self.controller.read_valid.val();
        self.read_data.next = self.pads.read_data.val();
        self.pads.cs_n.next = self.controller.cs_n.val();
        self.pads.ras_n.next = self.controller.ras_n.val();
        self.pads.cas_n.next = self.controller.cas_n.val();
        self.pads.we_n.next = self.controller.we_n.val();
        self.pads.bank.next = self.controller.bank.val();
        self.pads.address.next = self.controller.address.val();
        self.pads.dq.next = self.controller.dq.val();
        self.pads.dq_enable.next = self.controller.dq_enable.val();
        self.sdram_clk.next = self.pads.sdram_clk.val();
        self.sdram_cke.next = self.pads.sdram_cke.val();
        self.sdram_csn.next = self.pads.sdram_csn.val();
        self.sdram_wen.next = self.pads.sdram_wen.val();
        self.sdram_rasn.next = self.pads.sdram_rasn.val();
        self.sdram_casn.next = self.pads.sdram_casn.val();
        self.sdram_a.next = self.pads.sdram_a.val();
        self.sdram_ba.next = self.pads.sdram_ba.val();
        self.sdram_dqm.next = self.pads.sdram_dqm.val();
        Signal::<InOut, Bits<16>>::link(&mut self.sdram_d, &mut self.pads.sdram_d);
    }
}
