//! For simulation only: the board's SDRAM chip on its pins, rust-hdl's
//! `SDRAMSimulator` with the timings of the slowest part
//! ([`chip_timings`]), a data line that can be forced stuck at 0 or 1, and
//! checks of its own where the simulator is too lax for what the controller
//! relies on. `error` rises (and stays) on any violated timing.
//!
//! # What `SDRAMSimulator` checks, and how it is given the timings
//! Its banks check tRCD, tRC and tRAS (an explicit PRECHARGE from the
//! active state) exactly, and refuse a command while precharging or
//! refreshing, a READ or WRITE to a closed bank, and the power-up sequence
//! out of order. It leaves the precharging, refreshing and load-mode states
//! one cycle after the datasheet allows the next command, so it is given
//! tRP, tRFC and tMRD one cycle shorter than the controller keeps
//! (`T_RP - 1` cycles and so on): then it refuses a command one cycle
//! before the datasheet allows it and takes it exactly when allowed. It
//! errs two cycles before its refresh limit, so it is given 7.8 us and one
//! cycle. It checks nothing after a WRITE with auto-precharge but the
//! precharge itself (tRP, one cycle short), nor tRRD, CKE or DQM.
//!
//! # The checks added here
//! - after a WRITE with auto-precharge, no ACTIVE to its bank and no
//!   REFRESH before `T_WR + T_RP` cycles (tWR then tRP): the simulator
//!   takes either a cycle early;
//! - at most [`REFRESH_LIMIT_CYCLES`] cycles between two REFRESHes (from
//!   the first on);
//! - tRAS at any PRECHARGE of an open bank (the simulator checks it only
//!   from the active state, not right after a READ or WRITE);
//! - no WRITE within `CAS_LATENCY + 1` cycles of a READ (the chip still
//!   drives the data lines);
//! - CKE high and DQM low from the first command on.
//!
//! The chip drives the data lines in the cycle before its edge `CAS_LATENCY`
//! after a READ, which is when the simulator's read data is valid. The
//! checks and that timing are the block [`ChipChecks`]; the data lines are
//! continuous assignments (in Verilog, a block that read the lines and
//! drove them in one `always` would be a combinational loop to Verilator).
//! Its Verilog instantiates its two sub-blocks by the names rust-hdl gives
//! them at the top (`top$chip`, `top$checks`): it is generated as a top
//! module of its own and wired beside another block's Verilog
//! ([`super::rig::rig_verilog`]), never inside another rust-hdl block.

use model::clock::CLOCK_HZ;
use model::sdram::{CAS_LATENCY, REFRESH_LIMIT_CYCLES, T_MRD, T_RAS, T_RCD, T_RFC, T_RP, T_WR};
use rust_hdl::prelude::*;
use rust_hdl::widgets::sdram::cmd::SDRAMCommandDecoder;

/// The simulator's chip: 8,192 rows, 512 columns, 22 address bits a bank,
/// 16-bit words.
pub type Chip = SDRAMSimulator<13, 9, 22, 16>;

/// The timings the simulator is given: the slowest part's, adjusted for
/// the simulator's counting as the module explains.
pub fn chip_timings() -> MemoryTimings {
    let cycle_ns = 1e9 / CLOCK_HZ as f64;
    let ns = |cycles: u64| cycles as f64 * cycle_ns;
    MemoryTimings {
        initial_delay_in_nanoseconds: 100e3,
        t_rp_recharge_period_nanoseconds: ns(T_RP - 1),
        t_rfc_autorefresh_period_nanoseconds: ns(T_RFC - 1),
        load_mode_command_timing_clocks: (T_MRD - 1) as u32,
        t_ras_row_active_min_time_nanoseconds: 44.0,
        t_rc_row_to_row_min_time_nanoseconds: 66.0,
        t_rcd_row_to_column_min_time_nanoseconds: ns(T_RCD),
        t_rrd_bank_to_bank_activate_min_time_nanoseconds: 14.0,
        t_wr_write_recovery_time_nanoseconds: ns(T_WR),
        t_refresh_max_interval_nanoseconds: ns(REFRESH_LIMIT_CYCLES + 1),
        clock_speed_hz: CLOCK_HZ as f64,
        columns_per_bank: 512,
        rows_per_bank: 8192,
        num_banks: 4,
    }
}

/// Bits of the per-bank and since-last counters (they saturate).
const SINCE_BITS: usize = 4;
const _: () = assert!(T_WR + T_RP < 1 << SINCE_BITS && T_RAS < 1 << SINCE_BITS);
const _: () = assert!(CAS_LATENCY == 2 && REFRESH_LIMIT_CYCLES < 1 << 10);

/// The chip model (see the module).
#[derive(LogicBlock)]
pub struct SdramChipModel {
    /// The chip's clock.
    pub sdram_clk: Signal<In, Clock>,
    /// Clock enable: must stay high.
    pub sdram_cke: Signal<In, Bit>,
    /// Chip select, active low.
    pub sdram_csn: Signal<In, Bit>,
    /// Write enable, active low.
    pub sdram_wen: Signal<In, Bit>,
    /// RAS, active low.
    pub sdram_rasn: Signal<In, Bit>,
    /// CAS, active low.
    pub sdram_casn: Signal<In, Bit>,
    /// Address lines.
    pub sdram_a: Signal<In, Bits<13>>,
    /// Bank lines.
    pub sdram_ba: Signal<In, Bits<2>>,
    /// Byte masks: must stay low.
    pub sdram_dqm: Signal<In, Bits<2>>,
    /// The data lines.
    pub sdram_d: Signal<InOut, Bits<16>>,
    /// Force data line `stuck_bit` to `stuck_value`, both ways.
    pub stuck: Signal<In, Bit>,
    /// The data line forced.
    pub stuck_bit: Signal<In, Bits<4>>,
    /// The level it is forced to.
    pub stuck_value: Signal<In, Bit>,
    /// A timing was violated (stays high).
    pub error: Signal<Out, Bit>,
    /// A REFRESH is on the pins (sampled at this edge of the chip's clock).
    pub refresh: Signal<Out, Bit>,
    chip: Chip,
    checks: ChipChecks,
}

impl Default for SdramChipModel {
    fn default() -> SdramChipModel {
        SdramChipModel {
            sdram_clk: Default::default(),
            sdram_cke: Default::default(),
            sdram_csn: Default::default(),
            sdram_wen: Default::default(),
            sdram_rasn: Default::default(),
            sdram_casn: Default::default(),
            sdram_a: Default::default(),
            sdram_ba: Default::default(),
            sdram_dqm: Default::default(),
            sdram_d: Default::default(),
            stuck: Default::default(),
            stuck_bit: Default::default(),
            stuck_value: Default::default(),
            error: Default::default(),
            refresh: Default::default(),
            chip: Chip::new(chip_timings()),
            checks: Default::default(),
        }
    }
}

impl SdramChipModel {
    /// `word` with the stuck line forced.
    fn forced(&self, word: Bits<16>) -> Bits<16> {
        if !self.stuck.val() {
            return word;
        }
        let mask = Bits::<16>::from(1u64 << self.stuck_bit.val().index());
        if self.stuck_value.val() {
            word | mask
        } else {
            word & !mask
        }
    }
}

impl Logic for SdramChipModel {
    fn update(&mut self) {
        let written = self.forced(self.sdram_d.val());
        self.chip.sdram.clk.next = self.sdram_clk.val();
        self.chip.sdram.cs_not.next = self.sdram_csn.val();
        self.chip.sdram.ras_not.next = self.sdram_rasn.val();
        self.chip.sdram.cas_not.next = self.sdram_casn.val();
        self.chip.sdram.we_not.next = self.sdram_wen.val();
        self.chip.sdram.bank.next = self.sdram_ba.val();
        self.chip.sdram.address.next = self.sdram_a.val();
        self.chip.sdram.write_enable.next = true;
        self.chip.sdram.write_data.next = written;
        self.checks.sdram_clk.next = self.sdram_clk.val();
        self.checks.sdram_cke.next = self.sdram_cke.val();
        self.checks.sdram_csn.next = self.sdram_csn.val();
        self.checks.sdram_wen.next = self.sdram_wen.val();
        self.checks.sdram_rasn.next = self.sdram_rasn.val();
        self.checks.sdram_casn.next = self.sdram_casn.val();
        self.checks.a10.next = self.sdram_a.val().get_bit(10);
        self.checks.sdram_ba.next = self.sdram_ba.val();
        self.checks.sdram_dqm.next = self.sdram_dqm.val();
        let driving = self.checks.driving.val();
        if driving {
            self.sdram_d.next = self.forced(self.chip.sdram.read_data.val());
        }
        self.sdram_d.set_tristate_is_output(driving);
        self.error.next = self.checks.failed.val() | self.chip.test_error.val();
        self.refresh.next = self.checks.refresh.val();
    }

    fn connect(&mut self) {
        self.chip.sdram.clk.connect();
        self.chip.sdram.cs_not.connect();
        self.chip.sdram.ras_not.connect();
        self.chip.sdram.cas_not.connect();
        self.chip.sdram.we_not.connect();
        self.chip.sdram.bank.connect();
        self.chip.sdram.address.connect();
        self.chip.sdram.write_enable.connect();
        self.chip.sdram.write_data.connect();
        self.checks.sdram_clk.connect();
        self.checks.sdram_cke.connect();
        self.checks.sdram_csn.connect();
        self.checks.sdram_wen.connect();
        self.checks.sdram_rasn.connect();
        self.checks.sdram_casn.connect();
        self.checks.a10.connect();
        self.checks.sdram_ba.connect();
        self.checks.sdram_dqm.connect();
        self.sdram_d.connect();
        self.error.connect();
        self.refresh.connect();
    }

    /// The simulator (`top$chip`) and the checks (`top$checks`) on the
    /// pins, the data lines as continuous assignments.
    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: CHIP_MODEL.to_string(),
            cores: String::new(),
        })
    }
}

const CHIP_MODEL: &str = r#"
wire [15:0] stuck_mask = stuck ? (16'h1 << stuck_bit) : 16'h0;
wire [15:0] stuck_level = stuck_value ? stuck_mask : 16'h0;
wire [15:0] chip_read;
wire chip_error;
wire driving;
wire failed;
/* verilator lint_off PINCONNECTEMPTY */
top$chip chip(
    .sdram$clk(sdram_clk), .sdram$we_not(sdram_wen), .sdram$cas_not(sdram_casn),
    .sdram$ras_not(sdram_rasn), .sdram$cs_not(sdram_csn), .sdram$bank(sdram_ba),
    .sdram$address(sdram_a), .sdram$write_data((sdram_d & ~stuck_mask) | stuck_level),
    .sdram$read_data(chip_read), .sdram$write_enable(1'b1),
    .test_error(chip_error), .test_ready()
);
/* verilator lint_on PINCONNECTEMPTY */
top$checks checks(
    .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),
    .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),
    .a10(sdram_a[10]), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm),
    .failed(failed), .refresh(refresh), .driving(driving)
);
assign sdram_d = driving ? ((chip_read & ~stuck_mask) | stuck_level) : 16'bz;
assign error = failed | chip_error;
"#;

/// The chip model's own checks (see the module) and when the chip drives
/// the data lines.
#[derive(LogicBlock)]
pub struct ChipChecks {
    /// The chip's clock.
    pub sdram_clk: Signal<In, Clock>,
    /// Clock enable.
    pub sdram_cke: Signal<In, Bit>,
    /// Chip select, active low.
    pub sdram_csn: Signal<In, Bit>,
    /// Write enable, active low.
    pub sdram_wen: Signal<In, Bit>,
    /// RAS, active low.
    pub sdram_rasn: Signal<In, Bit>,
    /// CAS, active low.
    pub sdram_casn: Signal<In, Bit>,
    /// Address line A10 (all banks, auto-precharge).
    pub a10: Signal<In, Bit>,
    /// Bank lines.
    pub sdram_ba: Signal<In, Bits<2>>,
    /// Byte masks.
    pub sdram_dqm: Signal<In, Bits<2>>,
    /// A check failed (stays high).
    pub failed: Signal<Out, Bit>,
    /// A REFRESH is on the pins.
    pub refresh: Signal<Out, Bit>,
    /// The chip drives the data lines: the cycle before its edge
    /// `CAS_LATENCY` after a READ.
    pub driving: Signal<Out, Bit>,
    decode: SDRAMCommandDecoder,
    cmd: Signal<Local, SDRAMCommand>,
    /// Cycles since each bank's ACTIVE (saturating), and whether it is open.
    since_activate: [DFF<Bits<SINCE_BITS>>; 4],
    open: [DFF<Bit>; 4],
    /// Cycles since each bank's WRITE with auto-precharge, while its
    /// precharge is pending.
    since_close: [DFF<Bits<SINCE_BITS>>; 4],
    closing: [DFF<Bit>; 4],
    since_read: DFF<Bits<SINCE_BITS>>,
    since_refresh: DFF<Bits<10>>,
    refreshed: DFF<Bit>,
    /// A command other than NOP has come.
    started: DFF<Bit>,
    /// READs sampled at the last edges, newest at bit 0.
    reads: DFF<Bits<2>>,
    failed_q: DFF<Bit>,
    ras_last: Constant<Bits<SINCE_BITS>>,
    dal_last: Constant<Bits<SINCE_BITS>>,
    turnaround: Constant<Bits<SINCE_BITS>>,
    refresh_limit: Constant<Bits<10>>,
}

impl Default for ChipChecks {
    fn default() -> ChipChecks {
        ChipChecks {
            sdram_clk: Default::default(),
            sdram_cke: Default::default(),
            sdram_csn: Default::default(),
            sdram_wen: Default::default(),
            sdram_rasn: Default::default(),
            sdram_casn: Default::default(),
            a10: Default::default(),
            sdram_ba: Default::default(),
            sdram_dqm: Default::default(),
            failed: Default::default(),
            refresh: Default::default(),
            driving: Default::default(),
            decode: Default::default(),
            cmd: Default::default(),
            since_activate: Default::default(),
            open: Default::default(),
            since_close: Default::default(),
            closing: Default::default(),
            since_read: Default::default(),
            since_refresh: Default::default(),
            refreshed: Default::default(),
            started: Default::default(),
            reads: Default::default(),
            failed_q: Default::default(),
            ras_last: Constant::new((T_RAS - 1).into()),
            dal_last: Constant::new((T_WR + T_RP - 1).into()),
            turnaround: Constant::new((CAS_LATENCY + 1).into()),
            refresh_limit: Constant::new(REFRESH_LIMIT_CYCLES.into()),
        }
    }
}

impl Logic for ChipChecks {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            sdram_clk,
            since_read,
            since_refresh,
            refreshed,
            started,
            reads,
            failed_q
        );
        // Per bank: counters that saturate, an auto-precharge done once
        // tWR + tRP have passed.
        for i in 0..4 {
            self.since_activate[i].clock.next = self.sdram_clk.val();
            self.since_close[i].clock.next = self.sdram_clk.val();
            self.open[i].clock.next = self.sdram_clk.val();
            self.closing[i].clock.next = self.sdram_clk.val();
            self.since_activate[i].d.next = self.since_activate[i].q.val();
            self.since_close[i].d.next = self.since_close[i].q.val();
            self.open[i].d.next = self.open[i].q.val();
            self.closing[i].d.next = self.closing[i].q.val();
            if self.since_activate[i].q.val() != 15 {
                self.since_activate[i].d.next = self.since_activate[i].q.val() + 1;
            }
            if self.since_close[i].q.val() != 15 {
                self.since_close[i].d.next = self.since_close[i].q.val() + 1;
            }
            if self.since_close[i].q.val() >= self.dal_last.val() {
                self.closing[i].d.next = false;
            }
        }
        self.decode.cs_not.next = self.sdram_csn.val();
        self.decode.ras_not.next = self.sdram_rasn.val();
        self.decode.cas_not.next = self.sdram_casn.val();
        self.decode.we_not.next = self.sdram_wen.val();
        self.cmd.next = self.decode.cmd.val();
        self.reads.d.next = (self.reads.q.val() << 1)
            | bit_cast::<2, 1>((self.cmd.val() == SDRAMCommand::Read).into());
        self.driving.next = self.reads.q.val().get_bit(1);
        if self.since_read.q.val() != 15 {
            self.since_read.d.next = self.since_read.q.val() + 1;
        }
        self.since_refresh.d.next = self.since_refresh.q.val() + 1;
        self.refresh.next = self.cmd.val() == SDRAMCommand::AutoRefresh;
        if self.refreshed.q.val() & (self.since_refresh.q.val() >= self.refresh_limit.val()) {
            self.failed_q.d.next = true;
        }
        if self.cmd.val() != SDRAMCommand::NOP {
            self.started.d.next = true;
        }
        if (self.started.q.val() | (self.cmd.val() != SDRAMCommand::NOP))
            & (!self.sdram_cke.val() | self.sdram_dqm.val().any())
        {
            self.failed_q.d.next = true;
        }
        for i in 0..4 {
            if self.sdram_ba.val().index() == i {
                if self.cmd.val() == SDRAMCommand::Active {
                    self.since_activate[i].d.next = 0.into();
                    self.open[i].d.next = true;
                    if self.closing[i].q.val() & (self.since_close[i].q.val() < self.dal_last.val())
                    {
                        self.failed_q.d.next = true;
                    }
                }
                if (self.cmd.val() == SDRAMCommand::Write) & self.a10.val() {
                    self.since_close[i].d.next = 0.into();
                    self.closing[i].d.next = true;
                    self.open[i].d.next = false;
                }
            }
            if (self.cmd.val() == SDRAMCommand::Precharge)
                & (self.a10.val() | (self.sdram_ba.val().index() == i))
            {
                if self.open[i].q.val() & (self.since_activate[i].q.val() < self.ras_last.val()) {
                    self.failed_q.d.next = true;
                }
                self.open[i].d.next = false;
            }
            if (self.cmd.val() == SDRAMCommand::AutoRefresh)
                & self.closing[i].q.val()
                & (self.since_close[i].q.val() < self.dal_last.val())
            {
                self.failed_q.d.next = true;
            }
        }
        if self.cmd.val() == SDRAMCommand::Read {
            self.since_read.d.next = 0.into();
        }
        if (self.cmd.val() == SDRAMCommand::Write)
            & (self.since_read.q.val() < self.turnaround.val())
        {
            self.failed_q.d.next = true;
        }
        if self.cmd.val() == SDRAMCommand::AutoRefresh {
            self.since_refresh.d.next = 0.into();
            self.refreshed.d.next = true;
        }
        self.failed.next = self.failed_q.q.val();
    }
}
