//! The SDRAM's pads on the ECP5: every output registered once in its I/O
//! cell, the data lines through `BB` tristate buffers, the chip's clock made
//! by an `ODDRX1F`, CKE held high and DQM low.
//!
//! The chip's clock is the player's clock inverted (the `ODDRX1F` outputs
//! 0 after the rising edge, 1 after the falling edge), so the chip samples
//! each command and write word half a cycle (10 ns) after it leaves the I/O
//! register: 10 ns of setup and of hold against the chip's 1.5 ns and 0.8
//! ns. Silice's ULX3S controller runs the chip on the inverted clock too,
//! at 100 MHz; LiteX's (50 MHz, `GENSDRPHY`) shifts it from a second PLL
//! output. The inverted clock needs no second PLL output, so no PLL phase
//! convention to trust. A read's word leaves the chip `tAC` (6 ns at most)
//! after the chip's edge and stays `tOH` (2.5 ns at least) after the next:
//! at 50 MHz it is valid at the pins from about 0.5 ns to 17 ns after a
//! rising edge of the player's clock (half a cycle plus the `ODDRX1F`'s
//! delay, about 4.5 ns, from the chip's edge), so it is sampled on the
//! falling edge, in the middle, by an `IDDRX1F` in the pin's own I/O cell:
//! its output `Q1` is the pin at a falling edge, presented at the next
//! rising edge (Lattice's simulation model of the cell), and sharing the
//! cell with the pin's output and enable registers, which a register
//! clocked on the falling edge could not (nextpnr refuses two clocks in
//! one I/O cell). A register in the fabric would see the pin through a
//! route of 8 to 12 ns that changes from build to build (nextpnr's report
//! on this block alone). So `model::sdram::PAD_OUT_STAGES` is the output
//! register and `PAD_IN_STAGES` the `IDDRX1F`'s rising edge.
//!
//! Outputs power up as NOP (chip select high, `OFS1P3BX`, set by the
//! configuration) and the data lines undriven. In Verilator the cells are
//! models inside `` `ifdef VERILATOR `` (the chip's clock the inverted
//! clock, the registers as the cells); Yosys and nextpnr take the real
//! cells. In rust-hdl's simulator the block is the same in Rust: the
//! output registers on the rising edge, the chip's clock the inverted
//! clock, the data lines sampled on the falling edge and again on the
//! rising edge. (A chip clocked by the player's clock itself would, in
//! rust-hdl's simulator, see the pads' new outputs at the very edge that
//! registers them: its clock reaches it a few settling passes after.)

use rust_hdl::prelude::*;

/// What the pads hold in their output registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Registered {
    cs_n: bool,
    ras_n: bool,
    cas_n: bool,
    we_n: bool,
    bank: Bits<2>,
    address: Bits<13>,
    dq: Bits<16>,
    dq_enable: bool,
}

impl Default for Registered {
    /// At power-up: NOP (deselected), the data lines undriven.
    fn default() -> Registered {
        Registered {
            cs_n: true,
            ras_n: true,
            cas_n: true,
            we_n: true,
            bank: 0.into(),
            address: 0.into(),
            dq: 0.into(),
            dq_enable: false,
        }
    }
}

/// The pads: the controller's command, address and data registered onto
/// the chip's pins, the chip's words back.
#[derive(LogicBlock, Default)]
pub struct SdramPads {
    /// The player's clock.
    pub clock: Signal<In, Clock>,
    /// Chip select, active low (from the controller, registered here).
    pub cs_n: Signal<In, Bit>,
    /// RAS, active low.
    pub ras_n: Signal<In, Bit>,
    /// CAS, active low.
    pub cas_n: Signal<In, Bit>,
    /// Write enable, active low.
    pub we_n: Signal<In, Bit>,
    /// The bank.
    pub bank: Signal<In, Bits<2>>,
    /// The address lines.
    pub address: Signal<In, Bits<13>>,
    /// The word to drive on the data lines.
    pub dq: Signal<In, Bits<16>>,
    /// Drive the data lines.
    pub dq_enable: Signal<In, Bit>,
    /// The data lines, registered.
    pub read_data: Signal<Out, Bits<16>>,
    /// The chip's clock.
    pub sdram_clk: Signal<Out, Clock>,
    /// The chip's clock enable: high.
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
    /// Byte masks: low, every byte read and written.
    pub sdram_dqm: Signal<Out, Bits<2>>,
    /// The data lines.
    pub sdram_d: Signal<InOut, Bits<16>>,
    /// rust-hdl's simulation of the output registers.
    _registered: Registered,
    /// rust-hdl's simulation of the input registers (falling, rising edge).
    _fall: Bits<16>,
    _read: Bits<16>,
}

impl Logic for SdramPads {
    fn update(&mut self) {
        if self.clock.neg_edge() {
            self._fall = self.sdram_d.val();
        }
        if self.clock.pos_edge() {
            self._read = self._fall;
            self._registered = Registered {
                cs_n: self.cs_n.val(),
                ras_n: self.ras_n.val(),
                cas_n: self.cas_n.val(),
                we_n: self.we_n.val(),
                bank: self.bank.val(),
                address: self.address.val(),
                dq: self.dq.val(),
                dq_enable: self.dq_enable.val(),
            };
        }
        let r = self._registered;
        self.sdram_clk.next = !self.clock.val();
        self.sdram_cke.next = true;
        self.sdram_dqm.next = 0.into();
        self.sdram_csn.next = r.cs_n;
        self.sdram_rasn.next = r.ras_n;
        self.sdram_casn.next = r.cas_n;
        self.sdram_wen.next = r.we_n;
        self.sdram_ba.next = r.bank;
        self.sdram_a.next = r.address;
        if r.dq_enable {
            self.sdram_d.next = r.dq;
        }
        self.sdram_d.set_tristate_is_output(r.dq_enable);
        self.read_data.next = self._read;
    }

    fn connect(&mut self) {
        self.read_data.connect();
        self.sdram_clk.connect();
        self.sdram_cke.connect();
        self.sdram_csn.connect();
        self.sdram_wen.connect();
        self.sdram_rasn.connect();
        self.sdram_casn.connect();
        self.sdram_a.connect();
        self.sdram_ba.connect();
        self.sdram_dqm.connect();
        self.sdram_d.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: PADS.to_string(),
            cores: VERILATOR_CELLS.to_string(),
        })
    }
}

/// The pads in ECP5 cells (the module's ports are the block's).
const PADS: &str = r#"
// Commands and addresses in the I/O cells' output registers; the command
// lines power up high (NOP), the others low.
OFS1P3BX csn_r (.PD(1'b0), .D(cs_n), .SP(1'b1), .SCLK(clock), .Q(sdram_csn));
OFS1P3BX rasn_r (.PD(1'b0), .D(ras_n), .SP(1'b1), .SCLK(clock), .Q(sdram_rasn));
OFS1P3BX casn_r (.PD(1'b0), .D(cas_n), .SP(1'b1), .SCLK(clock), .Q(sdram_casn));
OFS1P3BX wen_r (.PD(1'b0), .D(we_n), .SP(1'b1), .SCLK(clock), .Q(sdram_wen));
genvar i;
generate
    for (i = 0; i < 13; i = i + 1) begin : address_pins
        OFS1P3DX a_r (.CD(1'b0), .D(address[i]), .SP(1'b1), .SCLK(clock), .Q(sdram_a[i]));
    end
    for (i = 0; i < 2; i = i + 1) begin : bank_pins
        OFS1P3DX ba_r (.CD(1'b0), .D(bank[i]), .SP(1'b1), .SCLK(clock), .Q(sdram_ba[i]));
    end
endgenerate
// The data lines: the word and its enable (one register a line, so that
// each packs into its I/O cell; high: undriven) through a BB each.
wire [15:0] dq_out;
wire [15:0] dq_hold;
wire [15:0] dq_pin;
generate
    for (i = 0; i < 16; i = i + 1) begin : data_pins
        OFS1P3DX dq_r (.CD(1'b0), .D(dq[i]), .SP(1'b1), .SCLK(clock), .Q(dq_out[i]));
        OFS1P3BX dq_t (.PD(1'b0), .D(~dq_enable), .SP(1'b1), .SCLK(clock), .Q(dq_hold[i]));
        BB dq_b (.I(dq_out[i]), .T(dq_hold[i]), .O(dq_pin[i]), .B(sdram_d[i]));
    end
endgenerate
// A read's word: each line sampled on the falling edge, where it is
// valid, by the IDDRX1F in its I/O cell, and presented at the next rising
// edge on Q1 (Q0, the rising edge's sample, unused).
generate
    for (i = 0; i < 16; i = i + 1) begin : read_pins
        /* verilator lint_off PINCONNECTEMPTY */
        IDDRX1F dq_i (.D(dq_pin[i]), .SCLK(clock), .RST(1'b0), .Q0(), .Q1(read_data[i]));
        /* verilator lint_on PINCONNECTEMPTY */
    end
endgenerate
// The chip's clock: the player's, inverted.
ODDRX1F clk_o (.SCLK(clock), .RST(1'b0), .D0(1'b0), .D1(1'b1), .Q(sdram_clk));
assign sdram_cke = 1'b1;
assign sdram_dqm = 2'b00;
"#;

/// Verilator's models of the cells: the registers as their power-up
/// values and edges, the buffer as a tristate, the DDR output as the
/// clock it makes, the DDR input as Lattice's model of it (each edge's
/// sample, both presented at the next rising edge).
const VERILATOR_CELLS: &str = r#"
`ifdef VERILATOR
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off MULTITOP */
module OFS1P3BX (input PD, input D, input SP, input SCLK, output reg Q);
    initial Q = 1'b1;
    always @(posedge SCLK) if (PD) Q <= 1'b1; else if (SP) Q <= D;
endmodule
module OFS1P3DX (input CD, input D, input SP, input SCLK, output reg Q);
    initial Q = 1'b0;
    always @(posedge SCLK) if (CD) Q <= 1'b0; else if (SP) Q <= D;
endmodule
module BB (input I, input T, output O, inout B);
    assign B = T ? 1'bz : I;
    assign O = B;
endmodule
module ODDRX1F (input SCLK, input RST, input D0, input D1, output Q);
    assign Q = SCLK ? D0 : D1;
endmodule
module IDDRX1F (input D, input SCLK, input RST, output reg Q0, output reg Q1);
    reg rise;
    reg fall;
    initial begin rise = 1'b0; fall = 1'b0; Q0 = 1'b0; Q1 = 1'b0; end
    always @(posedge SCLK) rise <= D;
    always @(negedge SCLK) fall <= D;
    always @(posedge SCLK) begin Q0 <= rise; Q1 <= fall; end
endmodule
/* verilator lint_on MULTITOP */
/* verilator lint_on UNUSEDSIGNAL */
`endif
"#;
