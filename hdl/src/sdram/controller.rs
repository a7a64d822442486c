//! The SDRAM controller's state machine: the power-up sequence, refreshes,
//! and one access at a time, each command decided from its registers (the
//! pads register it on its way to the chip). `model::sdram` is its
//! specification, cycle for cycle.

use super::refresh::RefreshCount;
use super::request::SdramRequest;
use model::sdram::{
    INIT_REFRESHES, INIT_WAIT_CYCLES, MODE_REGISTER, READ_LATENCY, SYNC_CYCLES, T_MRD, T_RCD,
    T_RFC, T_RP, T_WR,
};
use rust_hdl::prelude::*;
use rust_hdl::widgets::sdram::cmd::SDRAMCommandEncoder;

/// Bits of the controller's state timer: the power-up wait.
const TIMER_BITS: usize = 14;
const _: () = assert!(INIT_WAIT_CYCLES < 1 << TIMER_BITS);
/// Bits of a `sync`'s wait.
const HOLD_BITS: usize = 3;
const _: () = assert!(SYNC_CYCLES - 1 < 1 << HOLD_BITS);

/// The controller's states. Each state that issues a command does so in its
/// first cycle (its timer at 0) and holds as long as the command needs
/// before the next.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum SdramState {
    /// NOP for the chip's power-up wait.
    Boot,
    /// PRECHARGE ALL, `T_RP` cycles.
    InitPrecharge,
    /// REFRESH, `T_RFC` cycles, `INIT_REFRESHES` times.
    InitRefresh,
    /// LOAD MODE REGISTER, `T_MRD - 1` cycles (the next command comes
    /// from the idle state a cycle later).
    LoadMode,
    /// Taking a `sync`, else a refresh owed, else an access (none during a
    /// `sync`'s wait).
    Idle,
    /// REFRESH, `T_RFC - 1` cycles.
    Refresh,
    /// ACTIVE, `T_RCD` cycles.
    Activate,
    /// A READ or a WRITE a cycle, a beat each.
    Burst,
    /// After a read's last READ: PRECHARGE, `T_RP - 1` cycles.
    Precharge,
    /// After a write's last WRITE (auto-precharge): `T_WR + T_RP - 2` cycles.
    Recovery,
}

/// The controller: requests and their data on one side, the commands the
/// pads register on the other.
#[derive(LogicBlock)]
pub struct SdramController {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A request is presented (held until taken: `valid` and `ready` high).
    pub valid: Signal<In, Bit>,
    /// The request.
    pub request: Signal<In, SdramRequest>,
    /// An access presented now is taken: idle with no refresh owed and no
    /// `sync`'s wait (`model::sdram`, "Refresh"). Neither ready depends on
    /// the request, so that a client may decide its request from them in
    /// one block (no combinational loop through the two).
    pub ready: Signal<Out, Bit>,
    /// A `sync` presented now is taken: idle or refreshing, a refresh owed
    /// or not, and no `sync`'s wait.
    pub sync_ready: Signal<Out, Bit>,
    /// `write_data` must hold the write's next word in the next cycle.
    pub write_strobe: Signal<Out, Bit>,
    /// The word a WRITE takes (read in the cycle after `write_strobe`).
    pub write_data: Signal<In, Bits<16>>,
    /// The pads' `read_data` holds a read's word in this cycle.
    pub read_valid: Signal<Out, Bit>,
    /// The command's chip select (low: selected), to the pads.
    pub cs_n: Signal<Out, Bit>,
    /// The command's RAS, active low.
    pub ras_n: Signal<Out, Bit>,
    /// The command's CAS, active low.
    pub cas_n: Signal<Out, Bit>,
    /// The command's write enable, active low.
    pub we_n: Signal<Out, Bit>,
    /// The command's bank.
    pub bank: Signal<Out, Bits<2>>,
    /// The command's address lines.
    pub address: Signal<Out, Bits<13>>,
    /// The word on the data lines.
    pub dq: Signal<Out, Bits<16>>,
    /// Drive the data lines.
    pub dq_enable: Signal<Out, Bit>,
    encoder: SDRAMCommandEncoder,
    refresh: RefreshCount,
    cmd: Signal<Local, SDRAMCommand>,
    state: DFF<SdramState>,
    timer: DFF<Bits<TIMER_BITS>>,
    /// Beats left after this one (refreshes left at power-up).
    beats: DFF<Bits<8>>,
    write: DFF<Bit>,
    bank_q: DFF<Bits<2>>,
    row: DFF<Bits<13>>,
    column: DFF<Bits<9>>,
    /// READs decided in each of the last cycles, newest at bit 0.
    reads: DFF<Bits<4>>,
    /// Cycles left of a `sync`'s wait: no request is taken until 0.
    hold: DFF<Bits<HOLD_BITS>>,
    /// A `sync` is taken in this cycle.
    sync_taken: Signal<Local, Bit>,
    /// No `sync`'s wait.
    unheld: Signal<Local, Bit>,
    boot_last: Constant<Bits<TIMER_BITS>>,
    precharge_all_last: Constant<Bits<TIMER_BITS>>,
    init_refresh_last: Constant<Bits<TIMER_BITS>>,
    load_mode_last: Constant<Bits<TIMER_BITS>>,
    refresh_last: Constant<Bits<TIMER_BITS>>,
    activate_last: Constant<Bits<TIMER_BITS>>,
    precharge_last: Constant<Bits<TIMER_BITS>>,
    recovery_last: Constant<Bits<TIMER_BITS>>,
    hold_last: Constant<Bits<HOLD_BITS>>,
    init_refreshes: Constant<Bits<8>>,
    mode: Constant<Bits<13>>,
    /// A10 high: PRECHARGE ALL, or auto-precharge on a WRITE.
    a10: Constant<Bits<13>>,
}

const _: () = assert!(READ_LATENCY == 4);

impl Default for SdramController {
    fn default() -> SdramController {
        let last = |cycles: u64| Constant::new((cycles - 1).into());
        SdramController {
            clock: Default::default(),
            valid: Default::default(),
            request: Default::default(),
            ready: Default::default(),
            sync_ready: Default::default(),
            write_strobe: Default::default(),
            write_data: Default::default(),
            read_valid: Default::default(),
            cs_n: Default::default(),
            ras_n: Default::default(),
            cas_n: Default::default(),
            we_n: Default::default(),
            bank: Default::default(),
            address: Default::default(),
            dq: Default::default(),
            dq_enable: Default::default(),
            encoder: Default::default(),
            refresh: Default::default(),
            cmd: Default::default(),
            state: Default::default(),
            timer: Default::default(),
            beats: Default::default(),
            write: Default::default(),
            bank_q: Default::default(),
            row: Default::default(),
            column: Default::default(),
            reads: Default::default(),
            hold: Default::default(),
            sync_taken: Default::default(),
            unheld: Default::default(),
            hold_last: Constant::new((SYNC_CYCLES - 1).into()),
            boot_last: last(INIT_WAIT_CYCLES),
            precharge_all_last: last(T_RP),
            init_refresh_last: last(T_RFC),
            load_mode_last: last(T_MRD - 1),
            refresh_last: last(T_RFC - 1),
            activate_last: last(T_RCD),
            precharge_last: last(T_RP - 1),
            recovery_last: last(T_WR + T_RP - 2),
            init_refreshes: Constant::new((INIT_REFRESHES - 1).into()),
            mode: Constant::new(u64::from(MODE_REGISTER).into()),
            a10: Constant::new((1u64 << 10).into()),
        }
    }
}

impl Logic for SdramController {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, timer, beats, write, bank_q, row, column, reads, hold);
        self.refresh.clock.next = self.clock.val();
        self.timer.d.next = self.timer.q.val() + 1;
        self.cmd.next = SDRAMCommand::NOP;
        self.address.next = 0.into();
        self.write_strobe.next = false;
        self.refresh.take.next = false;
        self.refresh.restart.next = false;
        self.refresh.owe.next = false;
        self.refresh.run.next = true;
        // A `sync`, taken idle or refreshing: the count restarts (one owed
        // when a refresh is under way: the sync's own) and no request is
        // taken for SYNC_CYCLES.
        self.unheld.next = !self.hold.q.val().any();
        self.hold.d.next = self.hold.q.val();
        if !self.unheld.val() {
            self.hold.d.next = self.hold.q.val() - 1;
        }
        self.sync_ready.next = self.unheld.val()
            & ((self.state.q.val() == SdramState::Idle)
                | (self.state.q.val() == SdramState::Refresh));
        self.ready.next =
            self.unheld.val() & !self.refresh.owed.val() & (self.state.q.val() == SdramState::Idle);
        self.sync_taken.next = self.valid.val() & self.request.val().sync & self.sync_ready.val();
        if self.sync_taken.val() {
            self.refresh.restart.next = true;
            self.refresh.owe.next = self.state.q.val() == SdramState::Refresh;
            self.hold.d.next = self.hold_last.val();
        }
        match self.state.q.val() {
            SdramState::Boot => {
                self.refresh.run.next = false;
                if self.timer.q.val() == self.boot_last.val() {
                    self.state.d.next = SdramState::InitPrecharge;
                    self.timer.d.next = 0.into();
                }
            }
            SdramState::InitPrecharge => {
                self.refresh.run.next = false;
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::Precharge;
                    self.address.next = self.a10.val();
                }
                if self.timer.q.val() == self.precharge_all_last.val() {
                    self.state.d.next = SdramState::InitRefresh;
                    self.timer.d.next = 0.into();
                    self.beats.d.next = self.init_refreshes.val();
                }
            }
            SdramState::InitRefresh => {
                self.refresh.run.next = false;
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::AutoRefresh;
                }
                if self.timer.q.val() == self.init_refresh_last.val() {
                    self.timer.d.next = 0.into();
                    self.beats.d.next = self.beats.q.val() - 1;
                    if !self.beats.q.val().any() {
                        self.state.d.next = SdramState::LoadMode;
                    }
                }
            }
            SdramState::LoadMode => {
                self.refresh.run.next = false;
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::LoadModeRegister;
                    self.address.next = self.mode.val();
                }
                if self.timer.q.val() == self.load_mode_last.val() {
                    self.state.d.next = SdramState::Idle;
                }
            }
            SdramState::Idle => {
                self.timer.d.next = 0.into();
                if self.sync_taken.val() {
                    self.state.d.next = SdramState::Refresh;
                } else if self.refresh.owed.val() {
                    self.refresh.take.next = true;
                    self.state.d.next = SdramState::Refresh;
                } else if self.valid.val() & !self.request.val().sync & self.unheld.val() {
                    self.state.d.next = SdramState::Activate;
                    self.write.d.next = self.request.val().write;
                    self.beats.d.next = self.request.val().last_beat;
                    self.column.d.next = self.request.val().address.get_bits::<9>(0);
                    self.bank_q.d.next = self.request.val().address.get_bits::<2>(9);
                    self.row.d.next = self.request.val().address.get_bits::<13>(11);
                }
            }
            SdramState::Refresh => {
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::AutoRefresh;
                }
                if self.timer.q.val() == self.refresh_last.val() {
                    self.state.d.next = SdramState::Idle;
                }
            }
            SdramState::Activate => {
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::Active;
                    self.address.next = self.row.q.val();
                }
                if self.timer.q.val() == self.activate_last.val() {
                    self.state.d.next = SdramState::Burst;
                    self.write_strobe.next = self.write.q.val();
                }
            }
            SdramState::Burst => {
                self.address.next = bit_cast::<13, 9>(self.column.q.val());
                self.cmd.next = SDRAMCommand::Read;
                if self.write.q.val() {
                    self.cmd.next = SDRAMCommand::Write;
                }
                self.column.d.next = self.column.q.val() + 1;
                self.beats.d.next = self.beats.q.val() - 1;
                self.timer.d.next = 0.into();
                if self.beats.q.val().any() {
                    self.write_strobe.next = self.write.q.val();
                } else if self.write.q.val() {
                    // The last WRITE closes the row itself.
                    self.address.next = bit_cast::<13, 9>(self.column.q.val()) | self.a10.val();
                    self.state.d.next = SdramState::Recovery;
                } else {
                    self.state.d.next = SdramState::Precharge;
                }
            }
            SdramState::Precharge => {
                if !self.timer.q.val().any() {
                    self.cmd.next = SDRAMCommand::Precharge;
                }
                if self.timer.q.val() == self.precharge_last.val() {
                    self.state.d.next = SdramState::Idle;
                }
            }
            SdramState::Recovery => {
                if self.timer.q.val() == self.recovery_last.val() {
                    self.state.d.next = SdramState::Idle;
                }
            }
        }
        // A READ's word is at the pads' `read_data` READ_LATENCY cycles on.
        self.reads.d.next = (self.reads.q.val() << 1)
            | bit_cast::<4, 1>(
                ((self.state.q.val() == SdramState::Burst) & !self.write.q.val()).into(),
            );
        self.read_valid.next = self.reads.q.val().get_bit(3);
        self.encoder.cmd.next = self.cmd.val();
        self.cs_n.next = self.encoder.cs_not.val();
        self.ras_n.next = self.encoder.ras_not.val();
        self.cas_n.next = self.encoder.cas_not.val();
        self.we_n.next = self.encoder.we_not.val();
        self.bank.next = self.bank_q.q.val();
        self.dq.next = self.write_data.val();
        self.dq_enable.next = (self.state.q.val() == SdramState::Burst) & self.write.q.val();
    }
}
