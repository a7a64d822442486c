//! The SDRAM check (`hdl::SdramCheck`) on the chip model in rust-hdl's
//! simulator, against `model::sdram_check`: from power-up, the report line
//! byte for byte (the words checked, no error, every pass's cycles) on a
//! perfect chip; with a data line stuck, the errors counted and the first
//! failure as the model finds them on a memory with that fault; a check
//! abandoned by `cancel` sends nothing and the next runs whole; the chip
//! model's `error` never rises.

#[path = "common/rows.rs"]
mod rows;

use hdl::sdram::SharedSdram;
use hdl::{SdramCheck, SdramChipModel};
use model::sdram::INIT_CYCLES;
use model::sdram_check::{check, REPORT_LEN};
use rows::simulate_cycles;
use rust_hdl::prelude::*;

/// The check on the chip model through the player's shared SDRAM (the
/// search's port idle), a test's own wiring (the report's bytes taken as
/// soon as offered).
#[derive(LogicBlock)]
struct CheckRig {
    clock: Signal<In, Clock>,
    start: Signal<In, Bit>,
    cancel: Signal<In, Bit>,
    stuck: Signal<In, Bit>,
    stuck_bit: Signal<In, Bits<4>>,
    stuck_value: Signal<In, Bit>,
    report_byte: Signal<Out, Bits<8>>,
    report_valid: Signal<Out, Bit>,
    busy: Signal<Out, Bit>,
    error: Signal<Out, Bit>,
    check: SdramCheck,
    shared: SharedSdram,
    chip: SdramChipModel,
}

impl CheckRig {
    fn new(words: u32) -> CheckRig {
        CheckRig {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            stuck: Default::default(),
            stuck_bit: Default::default(),
            stuck_value: Default::default(),
            report_byte: Default::default(),
            report_valid: Default::default(),
            busy: Default::default(),
            error: Default::default(),
            check: SdramCheck::new(words),
            shared: Default::default(),
            chip: Default::default(),
        }
    }
}

impl Logic for CheckRig {
    fn update(&mut self) {
        self.check.clock.next = self.clock.val();
        self.check.start.next = self.start.val();
        self.check.cancel.next = self.cancel.val();
        self.check.report_taken.next = self.check.report_valid.val();
        self.report_byte.next = self.check.report_byte.val();
        self.report_valid.next = self.check.report_valid.val();
        self.busy.next = self.check.busy.val();
        let (c, h) = (&mut self.check.sdram, &mut self.shared);
        h.clock.next = self.clock.val();
        h.search_busy.next = false;
        h.search.valid.next = false;
        h.search.request.next = Default::default();
        h.search.write_data.next = 0.into();
        h.check_busy.next = self.check.busy.val();
        h.check.valid.next = c.valid.val();
        h.check.request.next = c.request.val();
        h.check.write_data.next = c.write_data.val();
        c.ready.next = h.check.ready.val();
        c.sync_ready.next = h.check.sync_ready.val();
        c.write_strobe.next = h.check.write_strobe.val();
        c.read_valid.next = h.check.read_valid.val();
        c.read_data.next = h.check.read_data.val();
        self.chip.sdram_clk.next = h.sdram_clk.val();
        self.chip.sdram_cke.next = h.sdram_cke.val();
        self.chip.sdram_csn.next = h.sdram_csn.val();
        self.chip.sdram_wen.next = h.sdram_wen.val();
        self.chip.sdram_rasn.next = h.sdram_rasn.val();
        self.chip.sdram_casn.next = h.sdram_casn.val();
        self.chip.sdram_a.next = h.sdram_a.val();
        self.chip.sdram_ba.next = h.sdram_ba.val();
        self.chip.sdram_dqm.next = h.sdram_dqm.val();
        h.sdram_d.join(&mut self.chip.sdram_d);
        self.chip.stuck.next = self.stuck.val();
        self.chip.stuck_bit.next = self.stuck_bit.val();
        self.chip.stuck_value.next = self.stuck_value.val();
        self.error.next = self.chip.error.val();
    }

    fn connect(&mut self) {
        self.check.clock.connect();
        self.check.start.connect();
        self.check.cancel.connect();
        self.check.report_taken.connect();
        let (c, h) = (&mut self.check.sdram, &mut self.shared);
        h.clock.connect();
        h.search_busy.connect();
        h.search.valid.connect();
        h.search.request.connect();
        h.search.write_data.connect();
        h.check_busy.connect();
        h.check.valid.connect();
        h.check.request.connect();
        h.check.write_data.connect();
        c.ready.connect();
        c.sync_ready.connect();
        c.write_strobe.connect();
        c.read_valid.connect();
        c.read_data.connect();
        self.report_byte.connect();
        self.report_valid.connect();
        self.busy.connect();
        self.chip.sdram_clk.connect();
        self.chip.sdram_cke.connect();
        self.chip.sdram_csn.connect();
        self.chip.sdram_wen.connect();
        self.chip.sdram_rasn.connect();
        self.chip.sdram_casn.connect();
        self.chip.sdram_a.connect();
        self.chip.sdram_ba.connect();
        self.chip.sdram_dqm.connect();
        self.shared.sdram_d.connect();
        self.chip.sdram_d.connect();
        self.chip.stuck.connect();
        self.chip.stuck_bit.connect();
        self.chip.stuck_value.connect();
        self.error.connect();
    }
}

/// What the rig shows in a cycle.
#[derive(Clone, Copy, Debug)]
struct Seen {
    byte: Option<u8>,
    busy: bool,
    error: bool,
}

/// Runs a check of `words` words for `cycles` cycles, `start` (and
/// `cancel`) pulsed in the cycles listed, a data line forced if `stuck`.
fn run(
    words: u32,
    cycles: usize,
    starts: Vec<usize>,
    cancels: Vec<usize>,
    stuck: Option<(u8, bool)>,
) -> Vec<Seen> {
    simulate_cycles(
        CheckRig::new(words),
        cycles,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            x.start.next = starts.contains(&t);
            x.cancel.next = cancels.contains(&t);
            x.stuck.next = stuck.is_some();
            x.stuck_bit.next = u64::from(stuck.map_or(0, |s| s.0)).into();
            x.stuck_value.next = stuck.is_some_and(|s| s.1);
        },
        |x| Seen {
            byte: x
                .report_valid
                .val()
                .then(|| x.report_byte.val().index() as u8),
            busy: x.busy.val(),
            error: x.error.val(),
        },
    )
}

fn report_bytes(seen: &[Seen]) -> Vec<u8> {
    seen.iter().filter_map(|s| s.byte).collect()
}

#[test]
fn a_perfect_chip_gives_the_model_s_report_byte_for_byte() {
    let words = 512;
    let start = INIT_CYCLES as usize + 20;
    let expected = check(words, &mut |_, w| w);
    let length = start + expected.cycles() as usize + 400;
    let seen = run(words, length, vec![start], vec![], None);
    let line = report_bytes(&seen);
    assert_eq!(
        String::from_utf8_lossy(&line),
        String::from_utf8_lossy(&expected.line())
    );
    assert_eq!(line.len(), REPORT_LEN);
    assert!(seen.iter().all(|s| !s.error));
    assert!(!seen.last().unwrap().busy, "idle after its report");
}

#[test]
fn a_stuck_line_gives_the_model_s_errors_and_first_failure() {
    let words = 1024;
    let start = INIT_CYCLES as usize + 7;
    // Line 3 stuck at 1, as the chip model forces it both ways.
    let expected = check(words, &mut |_, w| w | 1 << 3);
    assert!(expected.errors > 1000);
    let length = start + expected.cycles() as usize + 400;
    let seen = run(words, length, vec![start], vec![], Some((3, true)));
    assert_eq!(
        String::from_utf8_lossy(&report_bytes(&seen)),
        String::from_utf8_lossy(&expected.line())
    );
    assert!(seen.iter().all(|s| !s.error));
}

#[test]
fn a_cancelled_check_sends_nothing_and_the_next_runs_whole() {
    let words = 256;
    let expected = check(words, &mut |_, w| w);
    let first = INIT_CYCLES as usize + 3;
    let cancel = first + 700;
    let second = cancel + 50;
    let length = second + expected.cycles() as usize + 400;
    let seen = run(words, length, vec![first, second], vec![cancel], None);
    assert!(seen[cancel + 2..second]
        .iter()
        .all(|s| !s.busy && s.byte.is_none()));
    assert_eq!(report_bytes(&seen), expected.line());
    assert!(seen.iter().all(|s| !s.error));
}
