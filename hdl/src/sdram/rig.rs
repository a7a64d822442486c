//! For simulation only: the SDRAM on the chip model, their pins wired
//! together, the user's side and the chip model's controls and checks
//! outside: what the tests drive in rust-hdl's simulator ([`SdramRig`])
//! and, as Verilog, in Verilator ([`rig_verilog`]).

use super::chip_model::SdramChipModel;
use super::memory::Sdram;
use super::request::SdramRequest;
use crate::verilog::verilog_named;
use rust_hdl::prelude::*;

/// The SDRAM ([`Sdram`]) on the chip model ([`SdramChipModel`]), for
/// rust-hdl's simulator: its Verilog is [`rig_verilog`].
#[derive(LogicBlock, Default)]
pub struct SdramRig {
    /// The player's clock.
    pub clock: Signal<In, Clock>,
    /// A request is presented.
    pub valid: Signal<In, Bit>,
    /// The request.
    pub request: Signal<In, SdramRequest>,
    /// A write's word.
    pub write_data: Signal<In, Bits<16>>,
    /// Force a data line.
    pub stuck: Signal<In, Bit>,
    /// The data line forced.
    pub stuck_bit: Signal<In, Bits<4>>,
    /// Its level.
    pub stuck_value: Signal<In, Bit>,
    /// The request is taken now.
    pub ready: Signal<Out, Bit>,
    /// The next cycle's `write_data` is a write's next word.
    pub write_strobe: Signal<Out, Bit>,
    /// `read_data` is a read's word.
    pub read_valid: Signal<Out, Bit>,
    /// A read's word.
    pub read_data: Signal<Out, Bits<16>>,
    /// The chip model saw a timing violated.
    pub error: Signal<Out, Bit>,
    /// The chip model sees a REFRESH.
    pub refresh: Signal<Out, Bit>,
    sdram: Sdram,
    chip: SdramChipModel,
}

impl Logic for SdramRig {
    fn update(&mut self) {
        self.sdram.clock.next = self.clock.val();
        self.sdram.valid.next = self.valid.val();
        self.sdram.request.next = self.request.val();
        self.sdram.write_data.next = self.write_data.val();
        // The request presented is taken: a `sync` by the SDRAM's
        // `sync_ready`, an access by its `ready`.
        self.ready.next = if self.request.val().sync {
            self.sdram.sync_ready.val()
        } else {
            self.sdram.ready.val()
        };
        self.write_strobe.next = self.sdram.write_strobe.val();
        self.read_valid.next = self.sdram.read_valid.val();
        self.read_data.next = self.sdram.read_data.val();
        self.chip.sdram_clk.next = self.sdram.sdram_clk.val();
        self.chip.sdram_cke.next = self.sdram.sdram_cke.val();
        self.chip.sdram_csn.next = self.sdram.sdram_csn.val();
        self.chip.sdram_wen.next = self.sdram.sdram_wen.val();
        self.chip.sdram_rasn.next = self.sdram.sdram_rasn.val();
        self.chip.sdram_casn.next = self.sdram.sdram_casn.val();
        self.chip.sdram_a.next = self.sdram.sdram_a.val();
        self.chip.sdram_ba.next = self.sdram.sdram_ba.val();
        self.chip.sdram_dqm.next = self.sdram.sdram_dqm.val();
        self.sdram.sdram_d.join(&mut self.chip.sdram_d);
        self.chip.stuck.next = self.stuck.val();
        self.chip.stuck_bit.next = self.stuck_bit.val();
        self.chip.stuck_value.next = self.stuck_value.val();
        self.error.next = self.chip.error.val();
        self.refresh.next = self.chip.refresh.val();
    }

    fn connect(&mut self) {
        self.sdram.clock.connect();
        self.sdram.valid.connect();
        self.sdram.request.connect();
        self.sdram.write_data.connect();
        self.ready.connect();
        self.write_strobe.connect();
        self.read_valid.connect();
        self.read_data.connect();
        self.chip.sdram_clk.connect();
        self.chip.sdram_cke.connect();
        self.chip.sdram_csn.connect();
        self.chip.sdram_wen.connect();
        self.chip.sdram_rasn.connect();
        self.chip.sdram_casn.connect();
        self.chip.sdram_a.connect();
        self.chip.sdram_ba.connect();
        self.chip.sdram_dqm.connect();
        self.sdram.sdram_d.connect();
        self.chip.sdram_d.connect();
        self.chip.stuck.connect();
        self.chip.stuck_bit.connect();
        self.chip.stuck_value.connect();
        self.error.connect();
        self.refresh.connect();
    }

    /// The rig has no Verilog of its own: [`rig_verilog`] wires the two
    /// blocks' modules.
    fn hdl(&self) -> Verilog {
        Verilog::Empty
    }
}

/// The rig's Verilog, named as rust-hdl names a top module (`top`, for
/// [`crate::verilog::rename_top`]): the ports of [`SdramRig`], wiring
/// [`Sdram`]'s module (`top$sdram`) to the chip model's (`top$chip`) on one
/// data bus. (rust-hdl's own joining of two blocks' tristate ports is an
/// `assign`, one way only, and the chip model's Verilog is a top module of
/// its own.)
pub fn rig_verilog() -> Result<String, String> {
    let sdram = verilog_named(Sdram::default(), "top$sdram")?;
    let chip = verilog_named(SdramChipModel::default(), "top$chip")?;
    Ok(format!("{RIG}{sdram}{chip}"))
}

const RIG: &str = r#"
// The SDRAM on the chip model (simulation only).
module top(clock,valid,request,write_data,stuck,stuck_bit,stuck_value,ready,write_strobe,read_valid,read_data,error,refresh);
    input wire clock;
    input wire valid;
    input wire [33:0] request;
    input wire [15:0] write_data;
    input wire stuck;
    input wire [3:0] stuck_bit;
    input wire stuck_value;
    output wire ready;
    output wire write_strobe;
    output wire read_valid;
    output wire [15:0] read_data;
    output wire error;
    output wire refresh;
    wire sdram_clk;
    wire sdram_cke;
    wire sdram_csn;
    wire sdram_wen;
    wire sdram_rasn;
    wire sdram_casn;
    wire [12:0] sdram_a;
    wire [1:0] sdram_ba;
    wire [1:0] sdram_dqm;
    wire [15:0] sdram_d;
    wire access_ready;
    wire sync_ready;
    // The request presented is taken (`request[1]`: a sync).
    assign ready = request[1] ? sync_ready : access_ready;
    top$sdram sdram(
        .clock(clock), .valid(valid), .request(request), .ready(access_ready), .sync_ready(sync_ready),
        .write_strobe(write_strobe), .write_data(write_data),
        .read_valid(read_valid), .read_data(read_data),
        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),
        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),
        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d)
    );
    top$chip chip(
        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),
        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),
        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d),
        .stuck(stuck), .stuck_bit(stuck_bit), .stuck_value(stuck_value),
        .error(error), .refresh(refresh)
    );
endmodule // top
"#;
