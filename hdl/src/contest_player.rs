//! The contest player: the whole board behind its serial line. The hardware
//! twin of `model::player::BoardPlayer`, whose doc comment is the
//! specification: for every byte the referee sends, this block sends what
//! that model sends. It is wiring between five sub-blocks, one job each:
//! * [`RequestReader`], the receiving side: the referee's bytes through a
//!   [`UartRx`], a request's bytes collected, its start byte checked and its
//!   codes decoded ([`CodeDecoder`]);
//! * [`ContestMachine`], the contest protocol's state machine
//!   ([`ContestState`]) and the game's flags;
//! * [`PositionRegisters`], the board's registers and the placements into
//!   them ([`Placer`]): the opponent's moves and the board's own;
//! * [`SearchControl`], the [`PriorTree`] search from those registers for
//!   the board's side, its budgets, and its move's code ([`CodeEncoder`]);
//! * [`ReplyQueue`], the sending side: a reply's bytes through a [`UartTx`].
//!
//! Beside them, the board's SDRAM ([`SharedSdram`], whose pins the player
//! carries), owned by the search's node memory in a game and by the
//! [`SdramCheck`] outside one: the check's request
//! (`model::sdram_check::REQUEST`) outside a game starts it, a `0`
//! abandons it, and its report line goes out through the reply queue
//! between replies.
//!
//! # Timing
//! A request's last byte is checked in the cycle after the receiver's
//! `valid`, the opponent's codes are chosen in the next one or two and each
//! is placed in the cycle after it is chosen (the machine's `PlaceLast` state
//! after the last), the search starts in the next, and its move is
//! registered and queued for the transmitter the cycle after its `done` and
//! placed in the cycle after that. Bytes that arrive while the board is
//! thinking: `0` and `9` abandon the search (`0` starts a new game), any
//! other counts as malformed. The few cycles between a request's last byte
//! and the search's start are far shorter than a byte on the line, so no
//! byte can arrive in them.
//!
//! A new reply (the team code, a move) replaces whatever of an earlier
//! reply has not yet been handed to the transmitter; the referee never asks
//! again before a reply is out.

use crate::sdram::{SdramClient, SharedSdram};
use crate::sdram_check::SdramCheck;
use rust_hdl::prelude::*;

mod config;
mod machine;
mod positions;
mod reply_queue;
mod request_reader;
mod search_control;

pub use config::{PlayerConfig, DEFAULT_TEAM};
use machine::ContestMachine;
use positions::PositionRegisters;
use reply_queue::ReplyQueue;
use request_reader::RequestReader;
use search_control::SearchControl;

/// The contest player.
#[derive(LogicBlock)]
pub struct ContestPlayer {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The serial line from the referee.
    pub rx: Signal<In, Bit>,
    /// The serial line to the referee.
    pub tx: Signal<Out, Bit>,
    /// In a game (from `0` to `9`).
    pub in_game: Signal<Out, Bit>,
    /// Working: a request being handled, a search, the SDRAM check, or a
    /// reply being sent.
    pub busy: Signal<Out, Bit>,
    /// The board plays as player 2 in this game.
    pub player_two: Signal<Out, Bit>,
    /// A framing error on the line since the last `0`.
    pub framing_error_seen: Signal<Out, Bit>,
    /// A malformed request was dropped since the last `0`.
    pub malformed_seen: Signal<Out, Bit>,
    /// The link follows the 2014 scheme (seen on it, or configured).
    pub scheme_2014: Signal<Out, Bit>,
    /// The watchdog ended a search since the last `0`.
    pub watchdog_fired: Signal<Out, Bit>,
    /// The SDRAM's clock pin.
    pub sdram_clk: Signal<Out, Clock>,
    /// The SDRAM's clock enable pin.
    pub sdram_cke: Signal<Out, Bit>,
    /// The SDRAM's chip select pin.
    pub sdram_csn: Signal<Out, Bit>,
    /// The SDRAM's write enable pin.
    pub sdram_wen: Signal<Out, Bit>,
    /// The SDRAM's RAS pin.
    pub sdram_rasn: Signal<Out, Bit>,
    /// The SDRAM's CAS pin.
    pub sdram_casn: Signal<Out, Bit>,
    /// The SDRAM's address pins.
    pub sdram_a: Signal<Out, Bits<13>>,
    /// The SDRAM's bank pins.
    pub sdram_ba: Signal<Out, Bits<2>>,
    /// The SDRAM's byte mask pins.
    pub sdram_dqm: Signal<Out, Bits<2>>,
    /// The SDRAM's data lines.
    pub sdram_d: Signal<InOut, Bits<16>>,
    reader: RequestReader,
    machine: ContestMachine,
    position: PositionRegisters,
    control: SearchControl,
    reply: ReplyQueue,
    check: SdramCheck,
    sdram: SharedSdram,
}

impl ContestPlayer {
    /// A board built as `config` says.
    pub fn new(config: PlayerConfig) -> ContestPlayer {
        ContestPlayer {
            clock: Default::default(),
            rx: Default::default(),
            tx: Default::default(),
            in_game: Default::default(),
            busy: Default::default(),
            player_two: Default::default(),
            framing_error_seen: Default::default(),
            malformed_seen: Default::default(),
            scheme_2014: Default::default(),
            watchdog_fired: Default::default(),
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
            reader: RequestReader::new(config),
            machine: ContestMachine::new(config),
            position: Default::default(),
            control: SearchControl::new(config),
            reply: ReplyQueue::new(config),
            check: SdramCheck::default(),
            sdram: Default::default(),
        }
    }
}

impl Default for ContestPlayer {
    fn default() -> ContestPlayer {
        ContestPlayer::new(PlayerConfig::default())
    }
}

impl Logic for ContestPlayer {
    #[hdl_gen]
    fn update(&mut self) {
        self.reader.clock.next = self.clock.val();
        self.machine.clock.next = self.clock.val();
        self.position.clock.next = self.clock.val();
        self.control.clock.next = self.clock.val();
        self.reply.clock.next = self.clock.val();
        self.check.clock.next = self.clock.val();
        self.sdram.clock.next = self.clock.val();

        // The referee's bytes and requests, into the machine.
        self.reader.rx.next = self.rx.val();
        self.reader.waiting.next = self.machine.waiting.val();
        self.reader.reading.next = self.machine.reading.val();
        self.reader.own_moved.next = self.machine.own_moved.val();
        self.reader.blind.next = self.machine.blind.val();
        self.machine.byte_in.next = self.reader.byte_in.val();
        self.machine.zero.next = self.reader.zero.val();
        self.machine.nine.next = self.reader.nine.val();
        self.machine.query.next = self.reader.query.val();
        self.machine.begins.next = self.reader.begins.val();
        self.machine.ends.next = self.reader.ends.val();
        self.machine.framing_error.next = self.reader.framing_error.val();
        self.machine.kind_2.next = self.reader.kind_2.val();
        self.machine.kind_3.next = self.reader.kind_3.val();
        self.machine.opening.next = self.reader.opening.val();
        self.machine.after_blind.next = self.reader.after_blind.val();
        self.machine.start_ok.next = self.reader.start_ok.val();
        self.machine.start_two.next = self.reader.start_two.val();
        self.machine.first_ok.next = self.reader.first_ok.val();
        self.machine.last_ok.next = self.reader.last_ok.val();

        // The placements: the request's codes, the search's move.
        self.position.clear.next = self.machine.clear.val();
        self.position.me_two.next = self.machine.me_two.val();
        self.position.place_first.next = self.machine.place_first.val();
        self.position.place_last.next = self.machine.place_last.val();
        self.position.place_best.next = self.machine.place_best.val();
        self.position.first_place.next = self.reader.first_place.val();
        self.position.first_shape.next = self.reader.first_shape.val();
        self.position.first_corner.next = self.reader.first_corner.val();
        self.position.last_place.next = self.reader.last_place.val();
        self.position.last_shape.next = self.reader.last_shape.val();
        self.position.last_corner.next = self.reader.last_corner.val();
        self.position.found.next = self.control.found.val();
        self.position.best_shape.next = self.control.best_shape.val();
        self.position.best_corner.next = self.control.best_corner.val();

        // The search, for the board's side.
        self.control.start.next = self.machine.search_start.val();
        self.control.cancel.next = self.machine.cancel.val();
        self.control.me_two.next = self.machine.me_two.val();
        self.control.cells_one.next = self.position.cells_one.val();
        self.control.cells_two.next = self.position.cells_two.val();
        self.control.used_one.next = self.position.used_one.val();
        self.control.used_two.next = self.position.used_two.val();
        self.control.recent.next = self.position.recent.val();
        self.machine.search_done.next = self.control.done.val();
        self.machine.timed_out.next = self.control.timed_out.val();

        // The replies.
        self.reply.send_team.next = self.machine.new_game.val();
        self.reply.send_move.next = self.machine.place_best.val();
        self.reply.code.next = self.control.code.val();
        self.tx.next = self.reply.tx.val();

        // The SDRAM check, its report between replies.
        self.check.start.next = self.machine.check_start.val();
        self.check.cancel.next = self.machine.new_game.val();
        self.reply.report_valid.next = self.check.report_valid.val();
        self.reply.report_byte.next = self.check.report_byte.val();
        self.check.report_taken.next = self.reply.report_taken.val();

        // The SDRAM: the search's and the check's, and its pins.
        SdramClient::join(&mut self.control.sdram, &mut self.sdram.search);
        self.sdram.search_busy.next = self.control.busy.val();
        SdramClient::join(&mut self.check.sdram, &mut self.sdram.check);
        self.sdram.check_busy.next = self.check.busy.val();
        self.sdram_clk.next = self.sdram.sdram_clk.val();
        self.sdram_cke.next = self.sdram.sdram_cke.val();
        self.sdram_csn.next = self.sdram.sdram_csn.val();
        self.sdram_wen.next = self.sdram.sdram_wen.val();
        self.sdram_rasn.next = self.sdram.sdram_rasn.val();
        self.sdram_casn.next = self.sdram.sdram_casn.val();
        self.sdram_a.next = self.sdram.sdram_a.val();
        self.sdram_ba.next = self.sdram.sdram_ba.val();
        self.sdram_dqm.next = self.sdram.sdram_dqm.val();
        Signal::<InOut, Bits<16>>::link(&mut self.sdram_d, &mut self.sdram.sdram_d);

        self.in_game.next = self.machine.in_game.val();
        self.busy.next = self.machine.working.val() | self.reply.busy.val() | self.check.busy.val();
        self.player_two.next = self.machine.me_two.val();
        self.framing_error_seen.next = self.machine.framing_seen.val();
        self.malformed_seen.next = self.machine.malformed_seen.val();
        self.scheme_2014.next = self.machine.follows_2014.val();
        self.watchdog_fired.next = self.machine.watchdog_fired.val();
    }
}
