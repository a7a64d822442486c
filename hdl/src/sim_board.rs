//! For simulation only: the board as the simulated board (crate `sim`)
//! runs it, the Verilog of [`Ulx3sTop`] (the very top level `make
//! bitstream` builds) beside the SDRAM's chip model ([`SdramChipModel`]) on
//! its SDRAM pins, as one top module, [`SIM_BOARD`]: the board's other pins
//! its ports, and `sdram_error`, the chip model's `error`.
//!
//! The chip model's data line forced stuck comes from the model's command
//! line, `+sdram_stuck_bit=B` (0 to 15) and `+sdram_stuck_level=L` (0 or
//! 1, 0 if not given): [`stuck_plusargs`]. The SDRAM check's span likewise,
//! `+sdram_check_words=N` (`crate::sdram_check::CheckSpan`).

use crate::contest_player::PlayerConfig;
use crate::sdram::SdramChipModel;
use crate::ulx3s_top::Ulx3sTop;
use crate::verilog::{rename_top, verilog_named};

/// The top module's name.
pub const SIM_BOARD: &str = "sim_board";

/// The plusarg naming the data line the chip model forces.
pub const STUCK_BIT_PLUSARG: &str = "sdram_stuck_bit";
/// The plusarg giving its level.
pub const STUCK_LEVEL_PLUSARG: &str = "sdram_stuck_level";

/// The simulated board's Verilog, the top level built as `config` says,
/// its top module named as rust-hdl names one (`top`, for
/// [`crate::verilog::rename_top`]).
pub fn sim_board_verilog(config: PlayerConfig) -> Result<String, String> {
    let board = verilog_named(Ulx3sTop::new(config)?, "top$board")?;
    let chip = verilog_named(SdramChipModel::default(), "top$chip")?;
    Ok(format!("{}{board}{chip}", sim_top()))
}

/// [`sim_board_verilog`] with its top module named [`SIM_BOARD`].
pub fn sim_board_verilog_named(config: PlayerConfig) -> Result<String, String> {
    rename_top(&sim_board_verilog(config)?, SIM_BOARD)
}

/// The plusargs that force data line `bit` (0 to 15) to `level`.
pub fn stuck_plusargs(bit: u8, level: bool) -> Result<Vec<String>, String> {
    if bit > 15 {
        return Err(format!("the SDRAM's data lines are 0 to 15, not {bit}"));
    }
    Ok(vec![
        format!("+{STUCK_BIT_PLUSARG}={bit}"),
        format!("+{STUCK_LEVEL_PLUSARG}={}", u8::from(level)),
    ])
}

/// The top module, named as rust-hdl names one (`top`, for `rename_top`).
fn sim_top() -> String {
    format!(
        r#"
// The board beside its SDRAM's chip model (simulation only).
module top(clk_25mhz,ftdi_txd,ftdi_rxd,led,btn,wifi_gpio0,sdram_error);
    input wire clk_25mhz;
    input wire ftdi_txd;
    output wire ftdi_rxd;
    output wire [7:0] led;
    input wire [6:0] btn;
    output wire wifi_gpio0;
    output wire sdram_error;
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
    /* verilator lint_off UNUSEDSIGNAL */
    wire refresh;
    /* verilator lint_on UNUSEDSIGNAL */
    reg stuck;
    reg [3:0] stuck_bit;
    reg stuck_value;
    initial begin
        stuck = 1'b0;
        stuck_bit = 4'h0;
        stuck_value = 1'b0;
        if ($value$plusargs("{STUCK_BIT_PLUSARG}=%d", stuck_bit)) stuck = 1'b1;
        if ($value$plusargs("{STUCK_LEVEL_PLUSARG}=%d", stuck_value)) begin end
    end
    top$board board(
        .clk_25mhz(clk_25mhz), .ftdi_txd(ftdi_txd), .ftdi_rxd(ftdi_rxd),
        .led(led), .btn(btn), .wifi_gpio0(wifi_gpio0),
        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),
        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),
        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d)
    );
    top$chip chip(
        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),
        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),
        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d),
        .stuck(stuck), .stuck_bit(stuck_bit), .stuck_value(stuck_value),
        .error(sdram_error), .refresh(refresh)
    );
endmodule // top
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stuck_plusargs_name_a_data_line() {
        assert_eq!(
            stuck_plusargs(5, true).unwrap(),
            ["+sdram_stuck_bit=5", "+sdram_stuck_level=1"]
        );
        assert!(stuck_plusargs(16, false)
            .unwrap_err()
            .contains("0 to 15, not 16"));
    }
}
