//! The SDRAM check a person runs after flashing a board
//! (`model::sdram_check`, its specification: the patterns, the passes and
//! their cycles, the report line): [`SdramCheck`], a `LogicState` machine
//! ([`CheckState`]) over the board's SDRAM (its user side, [`SdramClient`]), the patterns
//! ([`CheckPatterns`], `patterns`), the span ([`CheckSpan`], `span`: a
//! constant a Verilator model can take from its command line) and the
//! report line ([`ReportLine`], `report`), which goes out a byte at a time
//! through the player's reply path.
//!
//! # Timing
//! `start` is taken in an idle cycle; the `sync` is presented from the
//! next; each pass starts the cycle after the `sync` is taken or after the
//! last beat of the pass before, presents a burst of 256 words whenever the
//! one before is taken, and ends with its own last beat: a write's last
//! word taken by the controller (the cycle after its `write_strobe`), a
//! read's last `read_valid`. The report line starts the cycle after the
//! last pass. `cancel` (a new game) abandons the check at once.

use crate::sdram::SdramClient;
use rust_hdl::prelude::*;

mod patterns;
mod report;
mod span;

pub use model::sdram_check::check_span;
pub use patterns::CheckPatterns;
pub use report::{LineState, ReportLine};
pub use span::{CheckSpan, SPAN_BITS, SPAN_PLUSARG};

/// The check's states.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum CheckState {
    /// No check running.
    Idle,
    /// The `sync` presented.
    Sync,
    /// A pass: bursts presented, words written or compared.
    Pass,
    /// The report line going out.
    Report,
}

/// The SDRAM check over the board's SDRAM.
#[derive(LogicBlock)]
pub struct SdramCheck {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Begin a check (taken only when none runs).
    pub start: Signal<In, Bit>,
    /// Abandon the check.
    pub cancel: Signal<In, Bit>,
    /// The report's byte offered is taken.
    pub report_taken: Signal<In, Bit>,
    /// The report's byte offered.
    pub report_byte: Signal<Out, Bits<8>>,
    /// A report byte is offered.
    pub report_valid: Signal<Out, Bit>,
    /// A check is running or its report going out.
    pub busy: Signal<Out, Bit>,
    /// The SDRAM's user side (`crate::SharedSdram` serves it).
    pub sdram: SdramClient,
    span: CheckSpan,
    patterns: CheckPatterns,
    report: ReportLine,
    state: DFF<CheckState>,
    pass: DFF<Bits<3>>,
    /// The next burst's address.
    issued: DFF<Bits<SPAN_BITS>>,
    /// The pass's beats so far.
    words: DFF<Bits<SPAN_BITS>>,
    /// Cycles since the pass started.
    timer: DFF<Bits<32>>,
    cycles: [DFF<Bits<32>>; 8],
    errors: DFF<Bits<32>>,
    failed: DFF<Bit>,
    /// The first failure: its pass and address, the words read and expected.
    failed_at: DFF<Bits<32>>,
    failed_words: DFF<Bits<32>>,
    /// The write's next word.
    data: DFF<Bits<16>>,
    /// The cycle after a `write_strobe`: the controller takes a word.
    word_taken: DFF<Bit>,
    writing: Signal<Local, Bit>,
    beat: Signal<Local, Bit>,
    last_beat: Constant<Bits<8>>,
    burst: Constant<Bits<SPAN_BITS>>,
}

impl SdramCheck {
    /// A check of `words` words (the board's: `model::sdram_check::DEFAULT_WORDS`).
    pub fn new(words: u32) -> SdramCheck {
        SdramCheck {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            report_taken: Default::default(),
            report_byte: Default::default(),
            report_valid: Default::default(),
            busy: Default::default(),
            sdram: Default::default(),
            span: CheckSpan::new(words),
            patterns: Default::default(),
            report: Default::default(),
            state: Default::default(),
            pass: Default::default(),
            issued: Default::default(),
            words: Default::default(),
            timer: Default::default(),
            cycles: Default::default(),
            errors: Default::default(),
            failed: Default::default(),
            failed_at: Default::default(),
            failed_words: Default::default(),
            data: Default::default(),
            word_taken: Default::default(),
            writing: Default::default(),
            beat: Default::default(),
            last_beat: Constant::new(u64::from(model::sdram_check::BURST - 1).into()),
            burst: Constant::new(u64::from(model::sdram_check::BURST).into()),
        }
    }
}

impl Default for SdramCheck {
    fn default() -> SdramCheck {
        SdramCheck::new(model::sdram_check::DEFAULT_WORDS)
    }
}

const _: () = assert!(model::sdram_check::PASSES == 8);

impl Logic for SdramCheck {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            pass,
            issued,
            words,
            timer,
            errors,
            failed,
            failed_at,
            failed_words,
            data,
            word_taken
        );
        for i in 0..8 {
            self.cycles[i].clock.next = self.clock.val();
            self.cycles[i].d.next = self.cycles[i].q.val();
        }
        self.patterns.clock.next = self.clock.val();
        self.report.clock.next = self.clock.val();
        // The request: a burst of the pass (a `sync` in the sync state).
        self.writing.next = !self.pass.q.val().get_bit(0);
        // Decided from the registers alone, outside the machine's match, so
        // that no block reads the controller's ready in the statement that
        // writes its request (Verilator's order would see a loop).
        self.sdram.valid.next = (self.state.q.val() == CheckState::Sync)
            | ((self.state.q.val() == CheckState::Pass)
                & (self.issued.q.val() < self.span.words.val()));
        self.sdram.request.next.write = self.writing.val();
        self.sdram.request.next.sync = self.state.q.val() == CheckState::Sync;
        self.sdram.request.next.address = self.issued.q.val().get_bits::<24>(0);
        self.sdram.request.next.last_beat = self.last_beat.val();
        self.sdram.write_data.next = self.data.q.val();
        self.word_taken.d.next = self.sdram.write_strobe.val();
        self.beat.next = (self.writing.val() & self.word_taken.q.val())
            | (!self.writing.val() & self.sdram.read_valid.val());
        self.patterns.pattern.next = self.pass.q.val().get_bits::<2>(1);
        self.patterns.restart.next = false;
        self.patterns.advance.next = false;
        self.report.start.next = false;
        self.timer.d.next = self.timer.q.val() + 1;
        match self.state.q.val() {
            CheckState::Idle => {
                if self.start.val() {
                    self.state.d.next = CheckState::Sync;
                    self.errors.d.next = 0.into();
                    self.failed.d.next = false;
                    self.failed_at.d.next = 0.into();
                    self.failed_words.d.next = 0.into();
                }
            }
            CheckState::Sync => {
                if self.sdram.sync_ready.val() {
                    self.state.d.next = CheckState::Pass;
                    self.pass.d.next = 0.into();
                    self.issued.d.next = 0.into();
                    self.words.d.next = 0.into();
                    self.timer.d.next = 0.into();
                    self.patterns.restart.next = true;
                }
            }
            CheckState::Pass => {
                // Bursts presented, a write's next word or a read's word
                // compared, and at the last beat the pass timed and the
                // next begun (or the report, after the last).
                if self.sdram.valid.val() & self.sdram.ready.val() {
                    self.issued.d.next = self.issued.q.val() + self.burst.val();
                }
                if self.writing.val() & self.sdram.write_strobe.val() {
                    self.data.d.next = self.patterns.word.val();
                    self.patterns.advance.next = true;
                }
                if !self.writing.val() & self.sdram.read_valid.val() {
                    self.patterns.advance.next = true;
                    if self.sdram.read_data.val() != self.patterns.word.val() {
                        self.errors.d.next = self.errors.q.val() + 1;
                        if !self.failed.q.val() {
                            self.failed.d.next = true;
                            self.failed_at.d.next = (bit_cast::<32, 3>(self.pass.q.val()) << 24)
                                | bit_cast::<32, 24>(self.words.q.val().get_bits::<24>(0));
                            self.failed_words.d.next =
                                (bit_cast::<32, 16>(self.sdram.read_data.val()) << 16)
                                    | bit_cast::<32, 16>(self.patterns.word.val());
                        }
                    }
                }
                if self.beat.val() {
                    self.words.d.next = self.words.q.val() + 1;
                    if self.words.q.val() == self.span.words.val() - 1 {
                        for i in 0..8 {
                            if self.pass.q.val().index() == i {
                                self.cycles[i].d.next = self.timer.q.val() + 1;
                            }
                        }
                        self.pass.d.next = self.pass.q.val() + 1;
                        self.issued.d.next = 0.into();
                        self.words.d.next = 0.into();
                        self.timer.d.next = 0.into();
                        self.patterns.restart.next = true;
                        if self.pass.q.val() == 7 {
                            self.state.d.next = CheckState::Report;
                            self.report.start.next = true;
                        }
                    }
                }
            }
            CheckState::Report => {
                if !self.report.busy.val() {
                    self.state.d.next = CheckState::Idle;
                }
            }
        }
        // The report's fields.
        self.report.cancel.next = self.cancel.val();
        self.report.taken.next = self.report_taken.val();
        self.report.field.next = 0.into();
        match self.report.field_index.val().index() {
            0 => self.report.field.next = bit_cast::<32, SPAN_BITS>(self.span.words.val()),
            1 => self.report.field.next = self.errors.q.val(),
            2 => self.report.field.next = self.failed_at.q.val(),
            3 => self.report.field.next = self.failed_words.q.val(),
            _ => {}
        }
        for i in 0..8 {
            if self.report.field_index.val().index() == i + 4 {
                self.report.field.next = self.cycles[i].q.val();
            }
        }
        self.report_byte.next = self.report.ascii.val();
        self.report_valid.next = self.report.valid.val();
        if self.cancel.val() {
            self.state.d.next = CheckState::Idle;
        }
        self.busy.next = self.state.q.val() != CheckState::Idle;
    }
}
