//! The SDRAM (`hdl::Sdram`: the controller and its pads) on the chip model
//! (`hdl::SdramChipModel`: rust-hdl's `SDRAMSimulator` with the slowest
//! part's timings and the checks it lacks) in rust-hdl's simulator, against
//! `model::sdram`:
//! - from power-up, hundreds of random reads and writes (1 to 256 beats,
//!   every bank, many rows) and `sync`s at random times: every cycle's
//!   `ready`, `write_strobe`, `read_valid`, the words read (a software copy
//!   of what was written) and the REFRESHes the chip sees are the model's;
//!   the chip model's `error` never rises; no two REFRESHes more than 7.8 us
//!   apart;
//! - a `sync` requested while a refresh is under way: taken at once, and
//!   from it on the outputs of one taken idle, cycle for cycle;
//! - a data line forced stuck in the chip model: exactly that bit differs;
//! - the chip model: the simulator given the slowest part's timings takes
//!   commands exactly when the datasheet allows and refuses them a cycle
//!   earlier, and the checks added to it refuse what it takes (an ACTIVE
//!   a cycle early after a WRITE with auto-precharge, a REFRESH late);
//! - the pads' Verilog: the ECP5 cells, the chip's clock inverted.

#[path = "common/rows.rs"]
mod rows;
#[path = "common/sdram_bench.rs"]
mod sdram_bench;

use hdl::sdram::{chip_timings, Chip, SdramPads};
use hdl::{SdramChipModel, SdramRequest, SdramRig};
use model::sdram::{
    init_commands, Command, INIT_WAIT_CYCLES, MODE_REGISTER, PAD_OUT_STAGES, REFRESH_LIMIT_CYCLES,
    T_MRD, T_RAS, T_RCD, T_RFC, T_RP, T_WR,
};
use rows::{simulate_cycles, simulate_settled_cycles};
use rust_hdl::prelude::*;
use sdram_bench::{coverage, differences, longest_refresh_interval, plan, Inputs, Outputs, Plan};
use std::time::Instant;

/// The rig's request port from the bench's inputs.
fn request_of(inputs: &Inputs) -> SdramRequest {
    if inputs.sync {
        return SdramRequest::sync();
    }
    SdramRequest {
        write: inputs.write,
        sync: false,
        address: u64::from(inputs.address).into(),
        last_beat: u64::from(inputs.last_beat).into(),
    }
}

/// What the rig shows before its first edge: nothing, not ready.
const POWER_UP: Outputs = Outputs {
    ready: false,
    write_strobe: false,
    read_valid: false,
    read_data: None,
    error: false,
    refresh: false,
};

/// Runs `plan` on the rig in rust-hdl's simulator (data line `stuck` forced
/// to `level` if given): the outputs of every cycle.
fn run_rig(plan: &Plan, stuck: Option<(u8, bool)>) -> Vec<Outputs> {
    let inputs = plan.inputs.clone();
    let cycles = inputs.len() - 1;
    let started = Instant::now();
    let samples = simulate_settled_cycles(
        SdramRig::default(),
        cycles,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            let i = inputs[t];
            x.valid.next = i.valid;
            x.request.next = request_of(&i);
            x.write_data.next = u64::from(i.write_data).into();
            x.stuck.next = stuck.is_some();
            x.stuck_bit.next = u64::from(stuck.map_or(0, |s| s.0)).into();
            x.stuck_value.next = stuck.is_some_and(|s| s.1);
        },
        |x| Outputs {
            ready: x.ready.val(),
            write_strobe: x.write_strobe.val(),
            read_valid: x.read_valid.val(),
            read_data: Some(x.read_data.val().index() as u16),
            error: x.error.val(),
            refresh: x.refresh.val(),
        },
    );
    println!(
        "{cycles} cycles in rust-hdl's simulator in {:.1?}",
        started.elapsed()
    );
    std::iter::once(POWER_UP).chain(samples).collect()
}

#[test]
fn the_rig_follows_the_model_cycle_for_cycle_on_random_accesses() {
    let plan = plan(2025, 240, 256, 64, 900);
    let (banks, rows) = coverage(&plan);
    assert_eq!(banks, 4);
    assert!(rows > 60, "{rows} rows");
    let seen = run_rig(&plan, None);
    let wrong = differences(&plan, &seen);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(seen.iter().all(|o| !o.error));
    let refreshes = seen.iter().filter(|o| o.refresh).count();
    assert!(refreshes > 300, "{refreshes} refreshes");
    let longest = longest_refresh_interval(seen.iter().map(|o| o.refresh));
    assert!(
        longest <= REFRESH_LIMIT_CYCLES,
        "{longest} cycles between two REFRESHes"
    );
    println!(
        "{} accesses, {} syncs, {refreshes} REFRESHes, at most {longest} cycles apart",
        plan.accesses.len(),
        plan.syncs.len()
    );
}

/// A `sync` requested while a refresh is under way is taken at once and
/// gives the later timeline of one taken idle: the same accesses, each
/// presented the same cycles after the sync, show the same outputs the same
/// cycles after it (and the model's), whatever the controller was doing.
#[test]
fn a_sync_requested_during_a_refresh_gives_the_same_later_timeline() {
    use model::sdram::{Kind, INIT_CYCLES, REFRESH_PERIOD};
    // Idle from power-up: the first refresh is decided at the first credit.
    let decided = INIT_CYCLES + REFRESH_PERIOD;
    let run = |at: u64| {
        let mut builder = sdram_bench::Builder::new(5);
        let synced = builder.sync(at);
        assert_eq!(synced, at, "taken at once");
        // Writes and reads back, presented at once, as the one before ends
        // and after pauses.
        let accesses = [
            (Kind::Write, 0, 3, 0),
            (Kind::Read, 0, 3, 0),
            (Kind::Write, 0x800, 256, 150),
            (Kind::Read, 0x800, 256, 10),
            (Kind::Write, 0x1234, 17, 300),
            (Kind::Read, 0x1234, 17, 0),
        ];
        let mut now = synced + 1;
        let mut last = now;
        for (kind, address, beats, pause) in accesses {
            let access = builder.access(kind, now, address, beats);
            now = access.accepted + 1 + pause;
            last = access.done;
        }
        let plan = builder.finish(last, 300);
        let seen = run_rig(&plan, None);
        let wrong = differences(&plan, &seen);
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert!(seen.iter().all(|o| !o.error));
        seen[synced as usize..].to_vec()
    };
    // The REFRESH is on the chip's pins the cycle after its command, which
    // comes the cycle after its decision.
    let refreshing = run(decided + 2);
    let idle = run(decided + REFRESH_PERIOD / 2);
    let length = refreshing.len().min(idle.len());
    assert!(length > 600, "{length} cycles compared");
    let strobes = idle.iter().filter(|o| o.write_strobe).count();
    assert_eq!(strobes, 3 + 256 + 17, "words written");
    // The sync's own REFRESH comes after the one under way; from the end
    // of its wait on, and in every other output from the sync on, the two
    // timelines are one.
    let settled = (model::sdram::SYNC_CYCLES + PAD_OUT_STAGES) as usize;
    for k in 1..length {
        let (a, b) = (refreshing[k], idle[k]);
        if k < settled {
            assert_eq!(
                Outputs {
                    refresh: false,
                    ..a
                },
                Outputs {
                    refresh: false,
                    ..b
                },
                "{k} cycles after the sync"
            );
        } else {
            assert_eq!(a, b, "{k} cycles after the sync");
        }
    }
    // The chip sees the refresh under way as the sync is taken, then the
    // sync's own; idle, the sync's own only.
    let refreshes = |seen: &[Outputs]| seen[..settled].iter().filter(|o| o.refresh).count();
    assert!(refreshing[0].refresh);
    assert_eq!((refreshes(&refreshing), refreshes(&idle)), (2, 1));
}

/// A command on the chip model's pins, with its bank and address lines.
#[derive(Clone, Copy, Debug)]
struct Pins {
    command: SDRAMCommand,
    bank: u32,
    address: u32,
}

const NOP: Pins = Pins {
    command: SDRAMCommand::NOP,
    bank: 0,
    address: 0,
};

fn pins(command: SDRAMCommand, bank: u32, address: u32) -> Pins {
    Pins {
        command,
        bank,
        address,
    }
}

/// The power-up sequence as the controller puts it on the pins (the
/// model's `init_commands`), NOPs between, up to its last cycle.
fn power_up() -> Vec<Pins> {
    let commands = init_commands();
    let last = commands.last().unwrap().0;
    let mut out = vec![NOP; last as usize + T_MRD as usize];
    for (t, c) in commands {
        out[t as usize] = match c {
            Command::PrechargeAll => pins(SDRAMCommand::Precharge, 0, 1 << 10),
            Command::Refresh => pins(SDRAMCommand::AutoRefresh, 0, 0),
            Command::LoadMode => pins(SDRAMCommand::LoadModeRegister, 0, MODE_REGISTER),
            _ => unreachable!("the power-up sequence"),
        };
    }
    out
}

/// Drives `sequence` onto the chip model's pins, a command a cycle (the
/// data lines undriven): the chip model's `error` after each.
fn chip_errors(sequence: Vec<Pins>) -> Vec<bool> {
    let cycles = sequence.len();
    simulate_cycles(
        SdramChipModel::default(),
        cycles,
        |x| x.sdram_clk.val().clk,
        |x| x.sdram_clk.next = !x.sdram_clk.val(),
        move |x, t| {
            let p = sequence[t];
            let (ras, cas, we) = match p.command {
                SDRAMCommand::NOP => (true, true, true),
                SDRAMCommand::Active => (false, true, true),
                SDRAMCommand::Read => (true, false, true),
                SDRAMCommand::Write => (true, false, false),
                SDRAMCommand::Precharge => (false, true, false),
                SDRAMCommand::AutoRefresh => (false, false, true),
                SDRAMCommand::LoadModeRegister => (false, false, false),
                SDRAMCommand::BurstTerminate => (true, true, false),
            };
            x.sdram_cke.next = true;
            x.sdram_csn.next = false;
            x.sdram_rasn.next = ras;
            x.sdram_casn.next = cas;
            x.sdram_wen.next = we;
            x.sdram_ba.next = u64::from(p.bank).into();
            x.sdram_a.next = u64::from(p.address).into();
            x.sdram_dqm.next = 0.into();
            x.stuck.next = false;
            x.stuck_bit.next = 0.into();
            x.stuck_value.next = false;
        },
        |x| x.error.val(),
    )
}

/// The pins of cycle `t` of `sequence` on a chip's command lines.
fn command_lines(command: SDRAMCommand) -> (bool, bool, bool) {
    match command {
        SDRAMCommand::NOP => (true, true, true),
        SDRAMCommand::Active => (false, true, true),
        SDRAMCommand::Read => (true, false, true),
        SDRAMCommand::Write => (true, false, false),
        SDRAMCommand::Precharge => (false, true, false),
        SDRAMCommand::AutoRefresh => (false, false, true),
        SDRAMCommand::LoadModeRegister => (false, false, false),
        SDRAMCommand::BurstTerminate => (true, true, false),
    }
}

/// `sequence` on rust-hdl's `SDRAMSimulator` alone, with the timings the
/// chip model gives it: its `test_error` at the end.
fn simulator_error(sequence: Vec<Pins>) -> bool {
    let cycles = sequence.len();
    let errors = simulate_cycles(
        Chip::new(chip_timings()),
        cycles,
        |x| x.sdram.clk.val().clk,
        |x| x.sdram.clk.next = !x.sdram.clk.val(),
        move |x, t| {
            let p = sequence[t];
            let (ras, cas, we) = command_lines(p.command);
            x.sdram.cs_not.next = false;
            x.sdram.ras_not.next = ras;
            x.sdram.cas_not.next = cas;
            x.sdram.we_not.next = we;
            x.sdram.bank.next = u64::from(p.bank).into();
            x.sdram.address.next = u64::from(p.address).into();
            x.sdram.write_enable.next = true;
            x.sdram.write_data.next = 0.into();
        },
        |x| x.test_error.val(),
    );
    *errors.last().unwrap()
}

/// The chip model's `error` at the end of `sequence`.
fn chip_model_error(sequence: Vec<Pins>) -> bool {
    *chip_errors(sequence).last().unwrap()
}

/// The power-up sequence, then `commands` at their offsets from its end,
/// then a few NOPs.
fn after_power_up(commands: &[(u64, Pins)]) -> Vec<Pins> {
    let mut sequence = power_up();
    let start = sequence.len() as u64;
    let end = commands.iter().map(|(t, _)| *t).max().unwrap_or(0) + 6;
    sequence.extend(vec![NOP; end as usize]);
    for &(t, p) in commands {
        sequence[(start + t) as usize] = p;
    }
    sequence
}

const A10: u32 = 1 << 10;

#[test]
fn the_chip_model_takes_the_power_up_sequence_and_refuses_it_early() {
    assert!(!chip_model_error(after_power_up(&[])));
    // The first REFRESH a cycle too soon after PRECHARGE ALL.
    let mut early = power_up();
    let first_refresh = (INIT_WAIT_CYCLES + T_RP) as usize;
    early.swap(first_refresh, first_refresh - 1);
    assert!(chip_model_error(early));
}

/// Commands after power-up, at offsets that depend on a gap.
type Gapped<'a> = Box<dyn Fn(u64) -> Vec<(u64, Pins)> + 'a>;

/// Each gap the controller relies on, kept exactly and one cycle short:
/// the chip model takes the first and refuses the second. (tRC cannot be
/// broken alone here: tRAS and tRP after an ACTIVE already make it.)
#[test]
fn the_chip_model_takes_each_gap_exactly_and_refuses_it_a_cycle_short() {
    let act = |bank| pins(SDRAMCommand::Active, bank, 5);
    let read = |bank| pins(SDRAMCommand::Read, bank, 3);
    let pre = |bank| pins(SDRAMCommand::Precharge, bank, 0);
    let refresh = pins(SDRAMCommand::AutoRefresh, 0, 0);
    let cases: Vec<(&str, Gapped<'_>, u64)> = vec![
        ("tRCD", Box::new(|g| vec![(0, act(1)), (g, read(1))]), T_RCD),
        ("tRAS", Box::new(|g| vec![(0, act(1)), (g, pre(1))]), T_RAS),
        (
            "tRP",
            Box::new(|g| vec![(0, act(2)), (4, pre(2)), (4 + g, act(2))]),
            T_RP,
        ),
        (
            "tRFC",
            Box::new(move |g| vec![(0, refresh), (g, act(0))]),
            T_RFC,
        ),
    ];
    for (name, commands, gap) in cases {
        assert!(
            !chip_model_error(after_power_up(&commands(gap))),
            "{name} kept"
        );
        assert!(
            chip_model_error(after_power_up(&commands(gap - 1))),
            "{name} one short"
        );
    }
}

/// After a WRITE with auto-precharge the next ACTIVE to its bank (or a
/// REFRESH) needs tWR + tRP: `SDRAMSimulator` alone takes it a cycle
/// early; the chip model refuses it.
#[test]
fn the_chip_model_refuses_what_the_simulator_takes_after_an_auto_precharge() {
    let dal = T_WR + T_RP;
    let write_then = |gap: u64, next: Pins| {
        after_power_up(&[
            (0, pins(SDRAMCommand::Active, 1, 9)),
            (T_RCD, pins(SDRAMCommand::Write, 1, A10 | 4)),
            (T_RCD + gap, next),
        ])
    };
    for next in [
        pins(SDRAMCommand::Active, 1, 9),
        pins(SDRAMCommand::AutoRefresh, 0, 0),
    ] {
        assert!(!chip_model_error(write_then(dal, next)), "{next:?} kept");
        assert!(!simulator_error(write_then(dal - 1, next)), "{next:?}");
        assert!(
            chip_model_error(write_then(dal - 1, next)),
            "{next:?} early"
        );
    }
}

/// The chip model's own refresh limit: 7.8 us between two REFRESHes.
#[test]
fn the_chip_model_refuses_a_refresh_late() {
    let refresh = pins(SDRAMCommand::AutoRefresh, 0, 0);
    let on_time = [(0, refresh), (REFRESH_LIMIT_CYCLES, refresh)];
    let late = [(0, refresh), (REFRESH_LIMIT_CYCLES + 1, refresh)];
    assert!(!chip_model_error(after_power_up(&on_time)));
    assert!(chip_model_error(after_power_up(&late)));
    // Without a REFRESH at all, it is late too.
    let mut silent = after_power_up(&[(0, refresh)]);
    silent.extend(vec![NOP; REFRESH_LIMIT_CYCLES as usize + 2]);
    assert!(chip_model_error(silent));
}

/// A data line stuck at 1: every word read has that bit set, every other
/// bit and every cycle as the model says.
#[test]
fn a_stuck_data_line_shows_in_exactly_its_bit() {
    const BIT: u8 = 5;
    let plan = plan(7, 24, 64, 8, 100);
    let seen = run_rig(&plan, Some((BIT, true)));
    let mut forced = 0;
    for (t, (want, got)) in plan.expected.iter().zip(&seen).enumerate() {
        assert_eq!(
            (want.ready, want.write_strobe, want.read_valid, want.error),
            (got.ready, got.write_strobe, got.read_valid, got.error),
            "cycle {t}"
        );
        if let (true, Some(w)) = (want.read_valid, want.read_data) {
            let g = got.read_data.unwrap();
            assert_eq!(g, w | 1 << BIT, "cycle {t}");
            forced += usize::from(w & 1 << BIT == 0);
        }
    }
    assert!(forced > 10, "{forced} words with the bit forced");
}

/// The longest wait a refresh can have: a 256-beat write taken the cycle
/// before a credit (after a sync, so its cycle is known). The chip sees
/// the two REFRESHes `REFRESH_PERIOD + MAX_ACCESS_CYCLES` apart.
#[test]
fn the_longest_refresh_wait_is_the_model_s_bound() {
    let plan = sdram_bench::worst_refresh_plan();
    let seen = run_rig(&plan, None);
    let wrong = differences(&plan, &seen);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let longest = longest_refresh_interval(seen.iter().map(|o| o.refresh));
    assert_eq!(
        longest,
        model::sdram::REFRESH_PERIOD + model::sdram::MAX_ACCESS_CYCLES
    );
    assert!(longest <= REFRESH_LIMIT_CYCLES);
}

#[test]
fn the_pads_are_ecp5_cells_with_the_chip_clock_inverted() {
    let mut pads = SdramPads::default();
    pads.connect_all();
    let verilog = generate_verilog(&pads);
    for expected in [
        "OFS1P3BX csn_r (.PD(1'b0), .D(cs_n)",
        "OFS1P3DX a_r (.CD(1'b0), .D(address[i])",
        "OFS1P3BX dq_t (.PD(1'b0), .D(~dq_enable)",
        "BB dq_b (.I(dq_out[i]), .T(dq_hold[i]), .O(dq_pin[i]), .B(sdram_d[i]));",
        "IDDRX1F dq_i (.D(dq_pin[i]), .SCLK(clock), .RST(1'b0), .Q0(), .Q1(read_data[i]));",
        "ODDRX1F clk_o (.SCLK(clock), .RST(1'b0), .D0(1'b0), .D1(1'b1), .Q(sdram_clk));",
        "assign sdram_cke = 1'b1;",
        "`ifdef VERILATOR",
    ] {
        assert!(
            verilog.contains(expected),
            "{expected} missing in\n{verilog}"
        );
    }
    assert_eq!(PAD_OUT_STAGES, 1);
}
