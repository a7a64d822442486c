//! The SDRAM check's report line (`model::sdram_check::Report::line`), a
//! byte at a time: `SDRAM`, each field as a space and eight lower-case hex
//! digits, CR LF.

use model::sdram_check::{FIELDS, REPORT_PREFIX};
use rust_hdl::prelude::*;

/// Where the line is.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum LineState {
    /// Nothing to send.
    Idle,
    /// The prefix's bytes.
    Prefix,
    /// The space before a field.
    Space,
    /// A field's hex digits, the most significant first.
    Digit,
    /// CR, then LF.
    End,
}

/// The report line: `start` begins it, each byte is offered on `ascii` with
/// `valid` until `taken`; `field_index` says which field `field` must hold
/// (read when its space is taken).
#[derive(LogicBlock)]
pub struct ReportLine {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Begin the line.
    pub start: Signal<In, Bit>,
    /// Abandon it.
    pub cancel: Signal<In, Bit>,
    /// The field `field_index` names.
    pub field: Signal<In, Bits<32>>,
    /// The byte offered is taken.
    pub taken: Signal<In, Bit>,
    /// The field wanted: 0 to `FIELDS - 1`.
    pub field_index: Signal<Out, Bits<4>>,
    /// The byte offered.
    pub ascii: Signal<Out, Bits<8>>,
    /// A byte is offered.
    pub valid: Signal<Out, Bit>,
    /// The line is being sent.
    pub busy: Signal<Out, Bit>,
    state: DFF<LineState>,
    /// The byte's place within the prefix, the field's digits or the end.
    count: DFF<Bits<4>>,
    field_q: DFF<Bits<4>>,
    digits: DFF<Bits<32>>,
    nibble: Signal<Local, Bits<8>>,
    last_field: Constant<Bits<4>>,
    prefix_last: Constant<Bits<4>>,
}

const _: () = assert!(FIELDS <= 16 && REPORT_PREFIX.len() == 5);

impl Default for ReportLine {
    fn default() -> ReportLine {
        ReportLine {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            field: Default::default(),
            taken: Default::default(),
            field_index: Default::default(),
            ascii: Default::default(),
            valid: Default::default(),
            busy: Default::default(),
            state: Default::default(),
            count: Default::default(),
            field_q: Default::default(),
            digits: Default::default(),
            nibble: Default::default(),
            last_field: Constant::new((FIELDS as u64 - 1).into()),
            prefix_last: Constant::new((REPORT_PREFIX.len() as u64 - 1).into()),
        }
    }
}

impl Logic for ReportLine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, count, field_q, digits);
        self.field_index.next = self.field_q.q.val();
        self.nibble.next = bit_cast::<8, 4>(self.digits.q.val().get_bits::<4>(28));
        self.ascii.next = 0.into();
        self.valid.next = true;
        match self.state.q.val() {
            LineState::Idle => {
                self.valid.next = false;
                if self.start.val() {
                    self.state.d.next = LineState::Prefix;
                    self.count.d.next = 0.into();
                    self.field_q.d.next = 0.into();
                }
            }
            LineState::Prefix => {
                match self.count.q.val().index() {
                    0 => self.ascii.next = 0x53.into(),
                    1 => self.ascii.next = 0x44.into(),
                    2 => self.ascii.next = 0x52.into(),
                    3 => self.ascii.next = 0x41.into(),
                    _ => self.ascii.next = 0x4d.into(),
                }
                if self.taken.val() {
                    self.count.d.next = self.count.q.val() + 1;
                    if self.count.q.val() == self.prefix_last.val() {
                        self.state.d.next = LineState::Space;
                    }
                }
            }
            LineState::Space => {
                self.ascii.next = 0x20.into();
                if self.taken.val() {
                    self.digits.d.next = self.field.val();
                    self.count.d.next = 0.into();
                    self.state.d.next = LineState::Digit;
                }
            }
            LineState::Digit => {
                // '0' + n below ten, 'a' + n - 10 from ten.
                self.ascii.next = self.nibble.val() + 0x30;
                if self.nibble.val() >= 10 {
                    self.ascii.next = self.nibble.val() + 0x57;
                }
                if self.taken.val() {
                    self.digits.d.next = self.digits.q.val() << 4;
                    self.count.d.next = self.count.q.val() + 1;
                    if self.count.q.val() == 7 {
                        self.field_q.d.next = self.field_q.q.val() + 1;
                        self.state.d.next = LineState::Space;
                        if self.field_q.q.val() == self.last_field.val() {
                            self.count.d.next = 0.into();
                            self.state.d.next = LineState::End;
                        }
                    }
                }
            }
            LineState::End => {
                self.ascii.next = 0x0d.into();
                if self.count.q.val().any() {
                    self.ascii.next = 0x0a.into();
                }
                if self.taken.val() {
                    self.count.d.next = self.count.q.val() + 1;
                    if self.count.q.val().any() {
                        self.state.d.next = LineState::Idle;
                    }
                }
            }
        }
        if self.cancel.val() {
            self.state.d.next = LineState::Idle;
        }
        self.busy.next = self.state.q.val() != LineState::Idle;
    }
}
