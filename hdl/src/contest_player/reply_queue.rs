//! The sending side of the contest player: a reply's bytes, a byte at a
//! time, to the transmitter, and the SDRAM check's report line between
//! replies.

use super::config::PlayerConfig;
use crate::move_code::code_bits;
use crate::uart_tx::UartTx;
use rust_hdl::prelude::*;

/// The sending side: the reply not yet handed to the [`UartTx`], a byte at
/// a time. A new reply replaces what is left of the one before; the team
/// code wins over a move queued in the same cycle. A byte of the SDRAM
/// check's report is taken whenever no reply is queued.
#[derive(LogicBlock)]
pub struct ReplyQueue {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Queue the team code (`1` and the team's two characters).
    pub send_team: Signal<In, Bit>,
    /// Queue the move `code` (the team code wins in the same cycle).
    pub send_move: Signal<In, Bit>,
    /// The move to queue.
    pub code: Signal<In, Bits<32>>,
    /// A report byte is offered.
    pub report_valid: Signal<In, Bit>,
    /// The report byte.
    pub report_byte: Signal<In, Bits<8>>,
    /// The report byte is taken.
    pub report_taken: Signal<Out, Bit>,
    /// The serial line to the referee.
    pub tx: Signal<Out, Bit>,
    /// Bytes queued or on the line.
    pub busy: Signal<Out, Bit>,
    transmitter: UartTx,
    /// The reply not yet handed to the transmitter, first byte lowest.
    out_bytes: DFF<Bits<32>>,
    out_len: DFF<Bits<3>>,
    team_reply: Constant<Bits<32>>,
}

impl ReplyQueue {
    /// A queue onto `config`'s serial line, answering `0` with its team.
    pub fn new(config: PlayerConfig) -> ReplyQueue {
        ReplyQueue {
            clock: Default::default(),
            send_team: Default::default(),
            send_move: Default::default(),
            code: Default::default(),
            report_valid: Default::default(),
            report_byte: Default::default(),
            report_taken: Default::default(),
            tx: Default::default(),
            busy: Default::default(),
            transmitter: UartTx::new(config.clock_hz, config.baud),
            out_bytes: Default::default(),
            out_len: Default::default(),
            team_reply: Constant::new(code_bits([b'1', config.team[0], config.team[1], 0]).into()),
        }
    }
}

impl Logic for ReplyQueue {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, out_bytes, out_len);
        self.transmitter.clock.next = self.clock.val();
        // The transmitter takes the reply a byte at a time, else the report.
        self.transmitter.data.next = self.out_bytes.q.val().get_bits::<8>(0);
        self.transmitter.start.next = self.out_len.q.val().any() | self.report_valid.val();
        self.report_taken.next =
            !self.out_len.q.val().any() & self.report_valid.val() & self.transmitter.ready.val();
        if !self.out_len.q.val().any() {
            self.transmitter.data.next = self.report_byte.val();
        }
        if self.out_len.q.val().any() & self.transmitter.ready.val() {
            self.out_bytes.d.next = self.out_bytes.q.val() >> 8;
            self.out_len.d.next = self.out_len.q.val() - 1;
        }
        if self.send_move.val() {
            self.out_bytes.d.next = self.code.val();
            self.out_len.d.next = 4.into();
        }
        if self.send_team.val() {
            self.out_bytes.d.next = self.team_reply.val();
            self.out_len.d.next = 3.into();
        }
        self.tx.next = self.transmitter.tx.val();
        self.busy.next = self.out_len.q.val().any() | self.transmitter.busy.val();
    }
}
