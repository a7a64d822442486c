//! The board's SDRAM and its controller (`hdl::sdram`), cycle for cycle: the
//! geometry the board uses, the chip's timings in the player's clock cycles
//! for the slowest part the ULX3S boards carry, the pads' register stages,
//! and the command schedule of every read, write, refresh and `sync`, so
//! that a block using the SDRAM (the board check, the search's node memory)
//! can count the cycles of each of its accesses exactly.
//!
//! # Geometry
//! 16-bit words; 4 banks of 8,192 rows of 512 columns: 2^24 words, 32 MB.
//! The 64 MB part (AS4C32M16SB) has 1,024 columns; the upper half of each
//! of its rows is never addressed (column address bit A9 is always 0). A
//! word address of [`ADDRESS_BITS`] bits is `row << 11 | bank << 9 |
//! column` ([`locate`]): consecutive addresses run along a row, then to the
//! same row of the next bank, so that a small span of words still touches
//! every bank.
//!
//! # Timings
//! In cycles of the player's clock, [`CLOCK_HZ`] (20 ns), each the largest
//! figure of the parts fitted to ULX3S boards (MT48LC16M16A2 and
//! M12L2561616A, IS42S16160G on 32 MB boards, AS4C32M16SB on some 64 MB
//! v3.0.7 boards), rounded up to whole cycles; the last column is the
//! largest figure those cycles still cover.
//!
//! | figure | binding part | its figure | cycles | covers up to |
//! |---|---|---|---|---|
//! | tRCD, ACTIVE to READ/WRITE | AS4C32M16SB-7 | 21 ns | [`T_RCD`] = 2 | 40 ns |
//! | tRP, PRECHARGE to ACTIVE/REFRESH | AS4C32M16SB-7 | 21 ns | [`T_RP`] = 2 | 40 ns |
//! | tRC, ACTIVE to ACTIVE | MT48LC16M16A2-75 | 66 ns | [`T_RC`] = 4 | 80 ns |
//! | tRAS, ACTIVE to PRECHARGE | MT48LC16M16A2-75 | 44 ns | [`T_RAS`] = 3 | 60 ns |
//! | tRFC, REFRESH to ACTIVE/REFRESH | MT48LC16M16A2-75 | 66 ns | [`T_RFC`] = 4 | 80 ns |
//! | tWR (tRDL, tDPL), last data in to PRECHARGE | M12L2561616A, IS42S16160G | 2 clocks | [`T_WR`] = 2 | 2 clocks, 40 ns |
//! | tMRD, LOAD MODE to a command | MT48LC16M16A2, IS42S16160G | 2 clocks | [`T_MRD`] = 2 | 2 clocks, 40 ns |
//! | power-up wait before the first command | AS4C32M16SB, M12L2561616A | 200 us | [`INIT_WAIT_CYCLES`] | 200 us |
//! | refreshes before LOAD MODE | AS4C32M16SB, IS42S16160G | 8 | [`INIT_REFRESHES`] | 8 |
//! | refresh interval (8,192 rows in 64 ms) | all | 7.8 us | [`REFRESH_LIMIT_CYCLES`] = 390 | 7.8 us |
//! | CAS latency 2 up to | all | 100 MHz | [`CAS_LATENCY`] = 2 | 50 MHz used |
//!
//! The MT48LC16M16A2's tWR is 15 ns (one cycle here), the AS4C32M16SB's
//! 14 ns; the ESMT and ISSI parts count it in clocks (2), which sets it.
//!
//! # Pads
//! Every output to the chip (command, bank, address, data, data enable) is
//! registered once in the FPGA's I/O cells ([`PAD_OUT_STAGES`]): a command
//! the controller decides in cycle `n` is on the pins in cycle `n + 1`. The
//! chip's clock is the player's clock inverted (an `ODDRX1F` from the same
//! clock): the chip samples a command half a cycle after it reaches the
//! pins. Read data is captured on the player's falling edge, where a beat
//! is valid at 50 MHz, by the `IDDRX1F` in each data pin's I/O cell, which
//! presents it at the next rising edge ([`PAD_IN_STAGES`]). A READ decided
//! in cycle `n` shows its word at the controller's `read_data` in cycle
//! `n +` [`READ_LATENCY`] (`hdl::sdram::SdramPads` says why this timing).
//!
//! # The controller
//! One access at a time, each in one row, the row closed after it as soon
//! as the chip allows: a read by an explicit PRECHARGE of its bank the
//! cycle after its last READ, a write by auto-precharge on its last WRITE
//! (the chip then precharges `T_WR` after that beat and takes the next
//! ACTIVE or REFRESH `T_WR + T_RP` after it). The mode register sets burst
//! length 1 ([`MODE_REGISTER`]): a beat is one READ or WRITE command, one a
//! cycle, each with its column. An access of `L` beats taken (`valid` and
//! `ready` high) in cycle `a`:
//!
//! | cycle | command |
//! |---|---|
//! | `a + 1` | ACTIVE bank, row |
//! | `a + 1 + T_RCD + i`, `i < L` | READ / WRITE bank, column + i (the write's word read from `write_data` in that cycle, asked for by `write_strobe` one cycle before; its last WRITE with auto-precharge) |
//! | `a + 1 + T_RCD + L` (read) | PRECHARGE bank |
//! | `a + T_RCD + L + T_RP` (read), `a + T_RCD + L + T_WR + T_RP - 1` (write) | idle again ([`Access::done`]) |
//!
//! A read of `L` beats takes `L + 4` cycles from `a` to `done`, a write
//! `L + 5` ([`access_cycles`]); the longest, [`MAX_ACCESS_CYCLES`]. A read's
//! beat `i` is at `read_data` in cycle `a + 1 + T_RCD + i + READ_LATENCY`:
//! the first 7 cycles after `a`.
//!
//! Why the two ways: an explicit PRECHARGE exactly `T_WR` after a write's
//! last beat is legal, but rust-hdl's chip model (`SDRAMSimulator`, which
//! the hardware is tested on) refuses it; auto-precharge takes the same
//! cycles and both are modelled exactly.
//!
//! # Refresh
//! A free-running counter credits one refresh every [`REFRESH_PERIOD`]
//! cycles (owed refreshes are counted); whenever the controller is idle and
//! a refresh is owed, it refreshes (REFRESH the cycle after, idle again
//! [`T_RFC`] cycles after the idle cycle) before taking any request: `ready`
//! is high only when idle with nothing owed. A refresh waits for at most one
//! access, so two refreshes are never more than `REFRESH_PERIOD +
//! MAX_ACCESS_CYCLES - 1` cycles apart, within [`REFRESH_LIMIT_CYCLES`]
//! (checked below at compile time): the chip never goes 7.8 us without
//! one. It costs `T_RFC` cycles in every `REFRESH_PERIOD`, 3.3 %.
//!
//! The counter starts when the power-up sequence ends
//! ([`INIT_CYCLES`]), and again at a `sync`, so that from it on the
//! controller's every cycle depends only on the requests and the cycles
//! they come in, whatever it was doing before:
//! - a `sync` is taken (`sync_ready` high) in the first cycle it is
//!   presented in which the controller is idle or refreshing (an access
//!   under way, or a `sync`'s own wait, ends first), a refresh owed or not;
//! - the refresh count restarts from that cycle (nothing owed, the next
//!   credit `REFRESH_PERIOD` cycles after the cycle after it);
//! - the controller refreshes, after the refresh under way if there is one
//!   (at most [`T_RFC`] cycles), and takes no request before `2 T_RFC`
//!   cycles after the `sync`'s ([`SYNC_CYCLES`]), where both refreshes have
//!   ended.
//!
//! [`Controller`] follows all of this arithmetically.
//!
//! # Power-up
//! NOP for [`INIT_WAIT_CYCLES`] (the chip's 200 us), PRECHARGE ALL in cycle
//! `INIT_WAIT_CYCLES`, then [`INIT_REFRESHES`] REFRESHes [`T_RFC`] apart
//! from `T_RP` later, LOAD MODE REGISTER `T_RFC` after the last, and idle
//! from [`INIT_CYCLES`] (`T_MRD - 1` after it): [`init_commands`].

use crate::clock::CLOCK_HZ;
use std::fmt;

/// Bits of a word address: bank, row and column.
pub const ADDRESS_BITS: u32 = 24;
/// Words the board addresses: 2^24, 32 MB.
pub const WORDS: u32 = 1 << ADDRESS_BITS;
/// Bits of a column address (the low bits of a word address).
pub const COLUMN_BITS: u32 = 9;
/// Bits of a bank address (above the column).
pub const BANK_BITS: u32 = 2;
/// Bits of a row address (the high bits).
pub const ROW_BITS: u32 = 13;
/// Columns in a row.
pub const COLUMNS: u32 = 1 << COLUMN_BITS;
/// Banks.
pub const BANKS: u32 = 1 << BANK_BITS;
/// Rows in a bank.
pub const ROWS: u32 = 1 << ROW_BITS;
/// Bits of a word.
pub const WORD_BITS: u32 = 16;
/// The most beats an access may have (all in one row).
pub const MAX_BEATS: u32 = 256;

const _: () = assert!(COLUMN_BITS + BANK_BITS + ROW_BITS == ADDRESS_BITS);
const _: () = assert!(MAX_BEATS <= COLUMNS);

/// Where a word is: its bank, row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The bank, `0..BANKS`.
    pub bank: u32,
    /// The row, `0..ROWS`.
    pub row: u32,
    /// The column, `0..COLUMNS`.
    pub column: u32,
}

/// The bank, row and column of word `address` (`row << 11 | bank << 9 |
/// column`); bits above [`ADDRESS_BITS`] are ignored.
pub const fn locate(address: u32) -> Location {
    Location {
        column: address & (COLUMNS - 1),
        bank: (address >> COLUMN_BITS) & (BANKS - 1),
        row: (address >> (COLUMN_BITS + BANK_BITS)) & (ROWS - 1),
    }
}

/// The word address of `location` ([`locate`]'s inverse).
pub const fn address_of(location: Location) -> u32 {
    (location.row << (COLUMN_BITS + BANK_BITS)) | (location.bank << COLUMN_BITS) | location.column
}

/// Whole cycles of [`CLOCK_HZ`] covering `picoseconds` (rounded up).
pub const fn cycles_covering(picoseconds: u64) -> u64 {
    (picoseconds * CLOCK_HZ).div_ceil(1_000_000_000_000)
}

/// Whole cycles of [`CLOCK_HZ`] within `picoseconds` (rounded down).
pub const fn cycles_within(picoseconds: u64) -> u64 {
    picoseconds * CLOCK_HZ / 1_000_000_000_000
}

const fn max(a: u64, b: u64) -> u64 {
    if a > b {
        a
    } else {
        b
    }
}

/// ACTIVE to READ or WRITE (tRCD, 21 ns: AS4C32M16SB-7).
pub const T_RCD: u64 = cycles_covering(21_000);
/// PRECHARGE to ACTIVE or REFRESH (tRP, 21 ns: AS4C32M16SB-7).
pub const T_RP: u64 = cycles_covering(21_000);
/// ACTIVE to ACTIVE in a bank (tRC, 66 ns: MT48LC16M16A2-75).
pub const T_RC: u64 = cycles_covering(66_000);
/// ACTIVE to PRECHARGE (tRAS, 44 ns: MT48LC16M16A2-75).
pub const T_RAS: u64 = cycles_covering(44_000);
/// REFRESH to ACTIVE or REFRESH (tRFC, 66 ns: MT48LC16M16A2-75).
pub const T_RFC: u64 = cycles_covering(66_000);
/// The last WRITE to PRECHARGE (tWR: 15 ns on the MT48LC16M16A2, 2 clocks
/// on the M12L2561616A and IS42S16160G).
pub const T_WR: u64 = max(cycles_covering(15_000), 2);
/// LOAD MODE REGISTER to the next command (tMRD: 14 ns on the AS4C32M16SB,
/// 2 clocks on the others).
pub const T_MRD: u64 = max(cycles_covering(14_000), 2);
/// The CAS latency the mode register sets: 2, allowed up to 100 MHz on
/// every part.
pub const CAS_LATENCY: u64 = 2;
/// Register stages between the controller's command and the chip's pins.
pub const PAD_OUT_STAGES: u64 = 1;
/// Rising edges between the chip's beat (sampled on the falling edge) and
/// the controller's `read_data`.
pub const PAD_IN_STAGES: u64 = 1;
/// Cycles from a READ decided by the controller to its word at `read_data`.
pub const READ_LATENCY: u64 = PAD_OUT_STAGES + CAS_LATENCY + PAD_IN_STAGES;
/// The mode register: burst length 1, sequential, CAS latency
/// [`CAS_LATENCY`], standard operation, bursts for writes as for reads.
pub const MODE_REGISTER: u32 = (CAS_LATENCY as u32) << 4;
/// Cycles of NOP at power-up before the first command (200 us: AS4C32M16SB,
/// M12L2561616A).
pub const INIT_WAIT_CYCLES: u64 = cycles_covering(200_000_000);
/// REFRESHes in the power-up sequence (8: AS4C32M16SB, IS42S16160G).
pub const INIT_REFRESHES: u64 = 8;
/// The first cycle the controller is idle after power-up: PRECHARGE ALL in
/// cycle [`INIT_WAIT_CYCLES`], the refreshes from `T_RP` after it, LOAD
/// MODE `T_RFC` after the last, idle `T_MRD - 1` after that.
pub const INIT_CYCLES: u64 = INIT_WAIT_CYCLES + T_RP + INIT_REFRESHES * T_RFC + T_MRD - 1;
/// The longest the chip may go between two REFRESHes: 7.8 us (8,192 rows
/// every 64 ms), in whole cycles.
pub const REFRESH_LIMIT_CYCLES: u64 = cycles_within(7_800_000);
/// Cycles between two refresh credits.
pub const REFRESH_PERIOD: u64 = 120;
/// Cycles from a `sync` taken to the controller idle again: its refresh
/// after one under way.
pub const SYNC_CYCLES: u64 = 2 * T_RFC;

/// Cycles from an access of `beats` beats taken to the controller idle
/// again: `T_RCD + beats + T_RP` for a read, `T_RCD + beats + T_WR + T_RP
/// - 1` for a write (see the module's schedule).
pub const fn access_cycles(write: bool, beats: u64) -> u64 {
    if write {
        T_RCD + beats + T_WR - 1 + T_RP
    } else {
        T_RCD + beats + T_RP
    }
}

/// The longest access, taken to idle: a write of [`MAX_BEATS`].
pub const MAX_ACCESS_CYCLES: u64 = access_cycles(true, MAX_BEATS as u64);
/// The most refreshes ever owed at once: one credit when an access is
/// taken, and the credits during the longest access.
pub const MAX_OWED: u64 = 1 + MAX_ACCESS_CYCLES.div_ceil(REFRESH_PERIOD);
/// The longest the chip goes between two REFRESHes, in cycles: a credit
/// waits at most one access (from a credit in cycle `c` its REFRESH comes
/// between `c + 1` and `c + MAX_ACCESS_CYCLES`), the next credit comes
/// `REFRESH_PERIOD` after (after a `sync`'s REFRESH too), and the last
/// power-up REFRESH is `T_RFC + T_MRD - 1` before the count starts.
pub const MAX_REFRESH_INTERVAL: u64 = max(
    REFRESH_PERIOD + MAX_ACCESS_CYCLES,
    T_RFC + T_MRD - 1 + REFRESH_PERIOD + MAX_ACCESS_CYCLES,
);

// The schedule's assumptions.
// A PRECHARGE right after a one-beat read, or a write's auto-precharge,
// meets tRAS.
const _: () = assert!(T_RCD + 1 >= T_RAS);
// An ACTIVE right after a precharge meets tRC.
const _: () = assert!(T_RCD + 1 + T_RP >= T_RC);
// The states that wait after their command hold at least a cycle.
const _: () = assert!(T_RP >= 2 && T_RFC >= 2 && T_MRD >= 2 && T_WR >= 2 && T_RCD >= 1);
// Refresh: never 7.8 us without one, whatever the requests.
const _: () = assert!(MAX_REFRESH_INTERVAL <= REFRESH_LIMIT_CYCLES);
// At most one refresh owed when the count restarts at a sync (none: sync
// is taken only with nothing owed), and the count fits its register.
const _: () = assert!(MAX_OWED < 8);

/// A command on the chip's pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// PRECHARGE with A10 high: every bank.
    PrechargeAll,
    /// AUTO REFRESH.
    Refresh,
    /// LOAD MODE REGISTER with [`MODE_REGISTER`].
    LoadMode,
    /// ACTIVE: opens `row` of `bank`.
    Activate {
        /// The bank.
        bank: u32,
        /// The row.
        row: u32,
    },
    /// READ of one word (burst length 1), no auto-precharge.
    Read {
        /// The bank.
        bank: u32,
        /// The column.
        column: u32,
    },
    /// WRITE of one word.
    Write {
        /// The bank.
        bank: u32,
        /// The column.
        column: u32,
        /// With auto-precharge (A10 high): the last beat of a write.
        auto_precharge: bool,
    },
    /// PRECHARGE of one bank (A10 low).
    Precharge {
        /// The bank.
        bank: u32,
    },
}

/// The power-up sequence: each command with the cycle the controller
/// decides it (on the pins [`PAD_OUT_STAGES`] later).
pub fn init_commands() -> Vec<(u64, Command)> {
    let mut commands = vec![(INIT_WAIT_CYCLES, Command::PrechargeAll)];
    let first = INIT_WAIT_CYCLES + T_RP;
    commands.extend((0..INIT_REFRESHES).map(|i| (first + i * T_RFC, Command::Refresh)));
    commands.push((first + INIT_REFRESHES * T_RFC, Command::LoadMode));
    commands
}

/// What went wrong with a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SdramError {
    /// Beats must be 1 to [`MAX_BEATS`].
    Beats(u32),
    /// The address is beyond [`WORDS`].
    Address(u32),
    /// The beats run past the end of the row.
    CrossesRow {
        /// The first word.
        address: u32,
        /// The beats asked for.
        beats: u32,
    },
    /// A request presented before the one before it was taken.
    OutOfOrder {
        /// The cycle it was presented in.
        now: u64,
        /// The cycle the one before was taken in.
        last: u64,
    },
}

impl fmt::Display for SdramError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SdramError::Beats(beats) => {
                write!(f, "an access has 1 to {MAX_BEATS} beats, not {beats}")
            }
            SdramError::Address(address) => write!(
                f,
                "word address {address:#x} is beyond the SDRAM's {WORDS:#x} words"
            ),
            SdramError::CrossesRow { address, beats } => write!(
                f,
                "{beats} beats from word {address:#x} (column {}) run past the end of its row ({COLUMNS} columns)",
                locate(*address).column
            ),
            SdramError::OutOfOrder { now, last } => write!(
                f,
                "a request presented in cycle {now}, not after the one taken in cycle {last}"
            ),
        }
    }
}

impl std::error::Error for SdramError {}

/// A read or a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Words from the chip.
    Read,
    /// Words to the chip.
    Write,
}

/// One access as the controller carries it out, every cycle known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// Read or write.
    pub kind: Kind,
    /// Its first word.
    pub address: u32,
    /// Its words.
    pub beats: u32,
    /// The cycle it was taken in (`valid` and `ready` high).
    pub accepted: u64,
    /// A read: the cycle its first word is at `read_data` (`read_valid`
    /// high); a write: the cycle the controller reads its first word from
    /// `write_data` (`write_strobe` high the cycle before).
    pub first_beat: u64,
    /// The same for its last word (the beats are on consecutive cycles).
    pub last_beat: u64,
    /// The cycle the controller is idle again: from it a refresh or a new
    /// request can be taken.
    pub done: u64,
    /// The REFRESH commands (the cycles the controller decided them) since
    /// the last request, before this one was taken.
    pub refreshes: Vec<u64>,
}

impl Access {
    /// Its commands, each with the cycle the controller decides it.
    pub fn commands(&self) -> Vec<(u64, Command)> {
        let Location { bank, row, column } = locate(self.address);
        let activate = self.accepted + 1;
        let first = activate + T_RCD;
        let mut commands = vec![(activate, Command::Activate { bank, row })];
        for i in 0..self.beats {
            let column = column + i;
            commands.push((
                first + u64::from(i),
                match self.kind {
                    Kind::Read => Command::Read { bank, column },
                    Kind::Write => Command::Write {
                        bank,
                        column,
                        auto_precharge: i + 1 == self.beats,
                    },
                },
            ));
        }
        if self.kind == Kind::Read {
            let last = first + u64::from(self.beats) - 1;
            commands.push((last + 1, Command::Precharge { bank }));
        }
        commands
    }
}

/// A `sync` as the controller carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sync {
    /// The cycle it was taken in.
    pub accepted: u64,
    /// Its REFRESH: the cycle after, or the cycle after the refresh under
    /// way ends.
    pub refresh: u64,
    /// The cycle the controller is idle again, [`SYNC_CYCLES`] after.
    pub done: u64,
    /// The REFRESH commands since the last request, before it was taken.
    pub refreshes: Vec<u64>,
}

/// The controller's timeline, arithmetically: when each request is taken,
/// its beats, and every refresh. It starts at power-up (cycle 0 is the
/// first cycle of the player's clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Controller {
    /// The first cycle the controller is idle after all it has done.
    idle: u64,
    /// The first cycle it is idle after the last request (an access, or a
    /// `sync`'s wait): from it a `sync` is taken.
    requests_idle: u64,
    /// The cycle of the oldest refresh credit not yet paid: from it a
    /// refresh is owed.
    credit: u64,
    /// The cycle the last request was taken in.
    last: Option<u64>,
}

impl Default for Controller {
    fn default() -> Controller {
        Controller::new()
    }
}

impl Controller {
    /// The controller at power-up: idle from [`INIT_CYCLES`], the first
    /// refresh credited `REFRESH_PERIOD` later.
    pub fn new() -> Controller {
        Controller {
            idle: INIT_CYCLES,
            requests_idle: INIT_CYCLES,
            credit: INIT_CYCLES + REFRESH_PERIOD,
            last: None,
        }
    }

    /// The controller as a search sees it from its start: a `sync`
    /// presented at cycle `at` while it was idle or refreshing (no access
    /// under way), which the hardware takes at once, so that its refresh
    /// credits restart from that cycle and it is idle from `at +`
    /// [`SYNC_CYCLES`], whatever it was doing before: what [`Self::sync`]
    /// gives then.
    pub fn synced(at: u64) -> Controller {
        Controller {
            idle: at + SYNC_CYCLES,
            requests_idle: at + SYNC_CYCLES,
            credit: at + 1 + REFRESH_PERIOD,
            last: Some(at),
        }
    }

    /// The first cycle the controller is idle after what it has been asked.
    pub fn idle_from(&self) -> u64 {
        self.idle
    }

    /// The refreshes the controller decides, idle, in cycles before `now`
    /// (each REFRESH command the cycle after its decision).
    pub fn idle_until(&mut self, now: u64) -> Vec<u64> {
        let mut refreshes = Vec::new();
        while self.idle.max(self.credit) < now {
            refreshes.push(self.refresh());
        }
        refreshes
    }

    /// Pays the oldest credit with a refresh decided as soon as the
    /// controller is idle and the credit due; its REFRESH command's cycle.
    fn refresh(&mut self) -> u64 {
        let decided = self.idle.max(self.credit);
        self.idle = decided + T_RFC;
        self.credit += REFRESH_PERIOD;
        decided + 1
    }

    /// The cycle a request presented from `now` on is taken (`valid` held
    /// until then), after the refreshes owed by then (their commands).
    fn take(&mut self, now: u64) -> Result<(u64, Vec<u64>), SdramError> {
        if let Some(last) = self.last {
            if now <= last {
                return Err(SdramError::OutOfOrder { now, last });
            }
        }
        let mut refreshes = Vec::new();
        // A refresh owed in the cycle the request could be taken goes first.
        while self.credit <= self.idle.max(now) {
            refreshes.push(self.refresh());
        }
        let accepted = self.idle.max(now);
        self.last = Some(accepted);
        Ok((accepted, refreshes))
    }

    /// A `sync` presented from cycle `now` on: taken at once when the
    /// controller is idle or refreshing, else when the access under way (or
    /// a `sync`'s wait) ends, a refresh owed or not; it restarts the refresh
    /// count from that cycle and refreshes after the refresh under way, if
    /// one is; no request is taken before [`SYNC_CYCLES`] after it.
    pub fn sync(&mut self, now: u64) -> Result<Sync, SdramError> {
        if let Some(last) = self.last {
            if now <= last {
                return Err(SdramError::OutOfOrder { now, last });
            }
        }
        let accepted = now.max(self.requests_idle);
        // The refreshes decided before it; the last may be under way.
        let refreshes = self.idle_until(accepted);
        let refresh = self.idle.max(accepted) + 1;
        self.idle = accepted + SYNC_CYCLES;
        self.requests_idle = self.idle;
        self.credit = accepted + 1 + REFRESH_PERIOD;
        self.last = Some(accepted);
        Ok(Sync {
            accepted,
            refresh,
            done: self.idle,
            refreshes,
        })
    }

    /// A read of `beats` words from `address` presented from cycle `now` on.
    pub fn read(&mut self, now: u64, address: u32, beats: u32) -> Result<Access, SdramError> {
        self.access(Kind::Read, now, address, beats)
    }

    /// A write of `beats` words from `address` presented from cycle `now` on.
    pub fn write(&mut self, now: u64, address: u32, beats: u32) -> Result<Access, SdramError> {
        self.access(Kind::Write, now, address, beats)
    }

    /// A read or a write.
    pub fn access(
        &mut self,
        kind: Kind,
        now: u64,
        address: u32,
        beats: u32,
    ) -> Result<Access, SdramError> {
        check(address, beats)?;
        let (accepted, refreshes) = self.take(now)?;
        let first = accepted + 1 + T_RCD;
        let (first_beat, write) = match kind {
            Kind::Read => (first + READ_LATENCY, false),
            Kind::Write => (first, true),
        };
        self.idle = accepted + access_cycles(write, u64::from(beats));
        self.requests_idle = self.idle;
        Ok(Access {
            kind,
            address,
            beats,
            accepted,
            first_beat,
            last_beat: first_beat + u64::from(beats) - 1,
            done: self.idle,
            refreshes,
        })
    }
}

/// Whether `beats` words from `address` are an access the controller
/// takes: 1 to [`MAX_BEATS`] words within one row.
pub fn check(address: u32, beats: u32) -> Result<(), SdramError> {
    if !(1..=MAX_BEATS).contains(&beats) {
        return Err(SdramError::Beats(beats));
    }
    if address >= WORDS {
        return Err(SdramError::Address(address));
    }
    if locate(address).column + beats > COLUMNS {
        return Err(SdramError::CrossesRow { address, beats });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
