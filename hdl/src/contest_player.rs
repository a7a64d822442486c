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
//! * [`SearchControl`], the [`BoardTree`] search from those registers for
//!   the board's side, its budgets, and its move's code ([`CodeEncoder`]);
//! * [`ReplyQueue`], the sending side: a reply's bytes through a [`UartTx`].
//!
//! # Timing
//! A request's last byte is checked in the cycle after the receiver's
//! `valid`, the opponent's codes are chosen in the next one or two and each
//! is placed in the cycle after it is chosen ([`ContestState::PlaceLast`]
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

use crate::board::{board_from_cell_index, Board};
use crate::board_tree::BoardTree;
use crate::move_code::{code_bits, CodeDecoder, CodeEncoder};
use crate::placer::Placer;
use crate::search_budget::SearchBudget;
use crate::tiles::Tiles;
use crate::uart_rx::UartRx;
use crate::uart_tx::{UartTx, BOARD_CLOCK_HZ, DEFAULT_BAUD};
use blokus::Player;
use model::board_tree::{tree_budget, EXPAND_AFTER, VISIT_BITS};
use model::clock::Budget;
use protocol::Scheme;
use rust_hdl::prelude::*;

/// The team id the board answers `0` with (after `1`), unless told otherwise.
pub const DEFAULT_TEAM: [u8; 2] = *b"FP";

/// The states of the contest machine.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ContestState {
    /// No game (the power-up state, and after `9`).
    Idle,
    /// In a game, waiting for a request.
    Waiting,
    /// A request's bytes after its first.
    Reading,
    /// The cycle after a request's last byte: the decoders' outputs are
    /// registered at its end, so that no path runs from the request's bytes
    /// through a decoder into the machine in one cycle.
    Decode,
    /// The complete request checked.
    Check,
    /// The first of a `4`'s two codes (an opponent's move) chosen for placing.
    ApplyFirst,
    /// The opponent's (last) code chosen for placing.
    ApplyLast,
    /// The cycle after ApplyLast: the opponent's last placement, chosen
    /// there and registered, is written into the board's registers, which
    /// the search reads from SearchStart on.
    PlaceLast,
    /// The search's `start`.
    SearchStart,
    /// The search running.
    Searching,
    /// The search done: its move placed and queued.
    Answer,
}

/// How the board is built: its serial line, its team id, the scheme it
/// follows where its state cannot tell, and the search's budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerConfig {
    /// The clock's frequency.
    pub clock_hz: u64,
    /// The serial line's baud rate.
    pub baud: u64,
    /// The two characters after `1` in the answer to `0`.
    pub team: [u8; 2],
    /// The scheme for `4` after `2A` (`None`: the one seen, else 2013).
    pub scheme: Option<Scheme>,
    /// The tree search's round budget and watchdog, in clock cycles.
    pub budget: Budget,
}

impl Default for PlayerConfig {
    /// The board's clock ([`BOARD_CLOCK_HZ`], 50 MHz), 115,200 baud, team `FP`, the scheme found out on the link,
    /// the tree's budgets ([`tree_budget`]: rounds during 0.85 s).
    fn default() -> PlayerConfig {
        PlayerConfig {
            clock_hz: BOARD_CLOCK_HZ,
            baud: DEFAULT_BAUD,
            team: DEFAULT_TEAM,
            scheme: None,
            budget: tree_budget(),
        }
    }
}

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
    /// Working: a request being handled, a search, or a reply being sent.
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
    reader: RequestReader,
    machine: ContestMachine,
    position: PositionRegisters,
    control: SearchControl,
    reply: ReplyQueue,
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
            reader: RequestReader::new(config),
            machine: ContestMachine::new(config),
            position: Default::default(),
            control: SearchControl::new(config),
            reply: ReplyQueue::new(config),
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

        // The referee's bytes and requests, into the machine.
        self.reader.rx.next = self.rx.val();
        self.reader.waiting.next = self.machine.waiting.val();
        self.reader.reading.next = self.machine.reading.val();
        self.reader.own_moved.next = self.machine.own_moved.val();
        self.reader.blind.next = self.machine.blind.val();
        self.machine.byte_in.next = self.reader.byte_in.val();
        self.machine.zero.next = self.reader.zero.val();
        self.machine.nine.next = self.reader.nine.val();
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
        self.machine.search_done.next = self.control.done.val();
        self.machine.timed_out.next = self.control.timed_out.val();

        // The replies.
        self.reply.send_team.next = self.machine.new_game.val();
        self.reply.send_move.next = self.machine.place_best.val();
        self.reply.code.next = self.control.code.val();
        self.tx.next = self.reply.tx.val();

        self.in_game.next = self.machine.in_game.val();
        self.busy.next = self.machine.working.val() | self.reply.busy.val();
        self.player_two.next = self.machine.me_two.val();
        self.framing_error_seen.next = self.machine.framing_seen.val();
        self.malformed_seen.next = self.machine.malformed_seen.val();
        self.scheme_2014.next = self.machine.follows_2014.val();
        self.watchdog_fired.next = self.machine.watchdog_fired.val();
    }
}

/// The receiving side: the referee's bytes off the line, a request's bytes
/// collected from its first (`2`, `3` or `4`) to its last, its start byte
/// checked and its codes decoded and registered.
#[derive(LogicBlock)]
pub struct RequestReader {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The serial line from the referee.
    pub rx: Signal<In, Bit>,
    /// The machine waits for a request: a `2`, `3` or `4` begins one.
    pub waiting: Signal<In, Bit>,
    /// The machine reads a request's bytes.
    pub reading: Signal<In, Bit>,
    /// The board has moved this game (a `3` is then not the opening's `3S MMMM`).
    pub own_moved: Signal<In, Bit>,
    /// The board's last move was blind (a `4` then has two codes).
    pub blind: Signal<In, Bit>,
    /// A framing error on the line.
    pub framing_error: Signal<Out, Bit>,
    /// A byte other than CR and LF has arrived.
    pub byte_in: Signal<Out, Bit>,
    /// It is a `0`.
    pub zero: Signal<Out, Bit>,
    /// It is a `9`.
    pub nine: Signal<Out, Bit>,
    /// A request's first byte, taken (`waiting`).
    pub begins: Signal<Out, Bit>,
    /// A request's last byte, taken (`reading`).
    pub ends: Signal<Out, Bit>,
    /// The request is a `2`.
    pub kind_2: Signal<Out, Bit>,
    /// The request is a `3`.
    pub kind_3: Signal<Out, Bit>,
    /// It is the opening's `3S MMMM` (5 bytes).
    pub opening: Signal<Out, Bit>,
    /// It is a `4` after a blind move (8 bytes, two codes).
    pub after_blind: Signal<Out, Bit>,
    /// Its start byte is `5`, `A` or `a`.
    pub start_ok: Signal<Out, Bit>,
    /// Its start byte names player 2.
    pub start_two: Signal<Out, Bit>,
    /// Its first code is well-formed (a pass or a placement on the board).
    /// This and what the codes decoded are registered (see
    /// [`ContestState::Decode`]).
    pub first_ok: Signal<Out, Bit>,
    /// Its last code is well-formed.
    pub last_ok: Signal<Out, Bit>,
    /// Its first code is a placement (not a pass).
    pub first_place: Signal<Out, Bit>,
    /// Its last code is a placement.
    pub last_place: Signal<Out, Bit>,
    /// Its first code's shape.
    pub first_shape: Signal<Out, Bits<7>>,
    /// Its last code's shape.
    pub last_shape: Signal<Out, Bits<7>>,
    /// Its first code's corner.
    pub first_corner: Signal<Out, Bits<8>>,
    /// Its last code's corner.
    pub last_corner: Signal<Out, Bits<8>>,
    receiver: UartRx,
    decode_first: CodeDecoder,
    decode_last: CodeDecoder,
    /// The request's first byte, the bytes after it so far, and how many it has.
    kind: DFF<Bits<8>>,
    got: DFF<Bits<4>>,
    need: DFF<Bits<4>>,
    /// The request's bytes, shifted in from the top: the last at bits 64..72.
    request: DFF<Bits<72>>,
    first_ok_q: DFF<Bit>,
    last_ok_q: DFF<Bit>,
    first_place_q: DFF<Bit>,
    last_place_q: DFF<Bit>,
    first_shape_q: DFF<Bits<7>>,
    last_shape_q: DFF<Bits<7>>,
    first_corner_q: DFF<Bits<8>>,
    last_corner_q: DFF<Bits<8>>,
    /// The start byte of the complete request.
    start_byte: Signal<Local, Bits<8>>,
    byte_cr: Constant<Bits<8>>,
    byte_lf: Constant<Bits<8>>,
    byte_0: Constant<Bits<8>>,
    byte_2: Constant<Bits<8>>,
    byte_3: Constant<Bits<8>>,
    byte_4: Constant<Bits<8>>,
    byte_5: Constant<Bits<8>>,
    byte_9: Constant<Bits<8>>,
    byte_upper_a: Constant<Bits<8>>,
    byte_lower_a: Constant<Bits<8>>,
    len_1: Constant<Bits<4>>,
    len_4: Constant<Bits<4>>,
    len_5: Constant<Bits<4>>,
    len_8: Constant<Bits<4>>,
}

impl RequestReader {
    /// A reader of `config`'s serial line.
    pub fn new(config: PlayerConfig) -> RequestReader {
        let b8 = |v: u8| Constant::new(Bits::<8>::from(u64::from(v)));
        let l4 = |v: u64| Constant::new(Bits::<4>::from(v));
        RequestReader {
            clock: Default::default(),
            rx: Default::default(),
            waiting: Default::default(),
            reading: Default::default(),
            own_moved: Default::default(),
            blind: Default::default(),
            framing_error: Default::default(),
            byte_in: Default::default(),
            zero: Default::default(),
            nine: Default::default(),
            begins: Default::default(),
            ends: Default::default(),
            kind_2: Default::default(),
            kind_3: Default::default(),
            opening: Default::default(),
            after_blind: Default::default(),
            start_ok: Default::default(),
            start_two: Default::default(),
            first_ok: Default::default(),
            last_ok: Default::default(),
            first_place: Default::default(),
            last_place: Default::default(),
            first_shape: Default::default(),
            last_shape: Default::default(),
            first_corner: Default::default(),
            last_corner: Default::default(),
            receiver: UartRx::new(config.clock_hz, config.baud),
            decode_first: CodeDecoder::new(),
            decode_last: CodeDecoder::new(),
            kind: Default::default(),
            got: Default::default(),
            need: Default::default(),
            request: Default::default(),
            first_ok_q: Default::default(),
            last_ok_q: Default::default(),
            first_place_q: Default::default(),
            last_place_q: Default::default(),
            first_shape_q: Default::default(),
            last_shape_q: Default::default(),
            first_corner_q: Default::default(),
            last_corner_q: Default::default(),
            start_byte: Default::default(),
            byte_cr: b8(b'\r'),
            byte_lf: b8(b'\n'),
            byte_0: b8(b'0'),
            byte_2: b8(b'2'),
            byte_3: b8(b'3'),
            byte_4: b8(b'4'),
            byte_5: b8(b'5'),
            byte_9: b8(b'9'),
            byte_upper_a: b8(b'A'),
            byte_lower_a: b8(b'a'),
            len_1: l4(1),
            len_4: l4(4),
            len_5: l4(5),
            len_8: l4(8),
        }
    }
}

impl Logic for RequestReader {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            kind,
            got,
            need,
            request,
            first_ok_q,
            last_ok_q,
            first_place_q,
            last_place_q,
            first_shape_q,
            last_shape_q,
            first_corner_q,
            last_corner_q
        );
        self.receiver.clock.next = self.clock.val();
        self.receiver.rx.next = self.rx.val();
        self.framing_error.next = self.receiver.framing_error.val();

        // The byte.
        self.byte_in.next = self.receiver.valid.val()
            & (self.receiver.data.val() != self.byte_cr.val())
            & (self.receiver.data.val() != self.byte_lf.val());
        self.zero.next = self.byte_in.val() & (self.receiver.data.val() == self.byte_0.val());
        self.nine.next = self.byte_in.val() & (self.receiver.data.val() == self.byte_9.val());
        self.begins.next = self.waiting.val()
            & self.byte_in.val()
            & ((self.receiver.data.val() == self.byte_2.val())
                | (self.receiver.data.val() == self.byte_3.val())
                | (self.receiver.data.val() == self.byte_4.val()));
        self.ends.next =
            self.reading.val() & self.byte_in.val() & ((self.got.q.val() + 1) == self.need.q.val());

        // A request's first byte says how many follow; the bytes after it
        // shift in.
        if self.begins.val() {
            self.kind.d.next = self.receiver.data.val();
            self.got.d.next = 0.into();
            self.need.d.next = self.len_4.val();
            if self.receiver.data.val() == self.byte_2.val() {
                self.need.d.next = self.len_1.val();
            }
            if (self.receiver.data.val() == self.byte_3.val()) & !self.own_moved.val() {
                self.need.d.next = self.len_5.val();
            }
            if (self.receiver.data.val() == self.byte_4.val()) & self.blind.val() {
                self.need.d.next = self.len_8.val();
            }
        }
        if self.reading.val() & self.byte_in.val() {
            self.request.d.next =
                (self.request.q.val() >> 8) | (bit_cast::<72, 8>(self.receiver.data.val()) << 64);
            self.got.d.next = self.got.q.val() + 1;
        }
        self.kind_2.next = self.kind.q.val() == self.byte_2.val();
        self.kind_3.next = self.kind.q.val() == self.byte_3.val();
        self.opening.next = self.need.q.val() == self.len_5.val();
        self.after_blind.next = self.need.q.val() == self.len_8.val();

        // The complete request: its start byte, its codes.
        self.start_byte.next = self.request.q.val().get_bits::<8>(64);
        if self.opening.val() {
            self.start_byte.next = self.request.q.val().get_bits::<8>(32);
        }
        self.start_ok.next = (self.start_byte.val() == self.byte_5.val())
            | (self.start_byte.val() == self.byte_upper_a.val())
            | (self.start_byte.val() == self.byte_lower_a.val());
        self.start_two.next = self.start_byte.val() != self.byte_5.val();
        self.decode_first.code.next = self.request.q.val().get_bits::<32>(8);
        self.decode_last.code.next = self.request.q.val().get_bits::<32>(40);
        self.first_ok_q.d.next = self.decode_first.pass.val() | self.decode_first.place.val();
        self.last_ok_q.d.next = self.decode_last.pass.val() | self.decode_last.place.val();
        self.first_place_q.d.next = self.decode_first.place.val();
        self.last_place_q.d.next = self.decode_last.place.val();
        self.first_shape_q.d.next = self.decode_first.shape.val();
        self.last_shape_q.d.next = self.decode_last.shape.val();
        self.first_corner_q.d.next = self.decode_first.corner.val();
        self.last_corner_q.d.next = self.decode_last.corner.val();
        self.first_ok.next = self.first_ok_q.q.val();
        self.last_ok.next = self.last_ok_q.q.val();
        self.first_place.next = self.first_place_q.q.val();
        self.last_place.next = self.last_place_q.q.val();
        self.first_shape.next = self.first_shape_q.q.val();
        self.last_shape.next = self.last_shape_q.q.val();
        self.first_corner.next = self.first_corner_q.q.val();
        self.last_corner.next = self.last_corner_q.q.val();
    }
}

/// The contest machine: the protocol's states ([`ContestState`]) and the
/// game's flags (the board's side, its moves, blind moves, the scheme seen,
/// what went wrong), driven by the [`RequestReader`]'s bytes and requests
/// and the search's end.
#[derive(LogicBlock)]
pub struct ContestMachine {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// From the [`RequestReader`], like the inputs below: a byte other
    /// than CR and LF.
    pub byte_in: Signal<In, Bit>,
    /// A `0`.
    pub zero: Signal<In, Bit>,
    /// A `9`.
    pub nine: Signal<In, Bit>,
    /// A request's first byte.
    pub begins: Signal<In, Bit>,
    /// A request's last byte.
    pub ends: Signal<In, Bit>,
    /// A framing error on the line.
    pub framing_error: Signal<In, Bit>,
    /// The request is a `2`.
    pub kind_2: Signal<In, Bit>,
    /// The request is a `3`.
    pub kind_3: Signal<In, Bit>,
    /// It is the opening's `3S MMMM`.
    pub opening: Signal<In, Bit>,
    /// It is a `4` after a blind move.
    pub after_blind: Signal<In, Bit>,
    /// Its start byte is `5`, `A` or `a`.
    pub start_ok: Signal<In, Bit>,
    /// Its start byte names player 2.
    pub start_two: Signal<In, Bit>,
    /// Its first code is well-formed.
    pub first_ok: Signal<In, Bit>,
    /// Its last code is well-formed.
    pub last_ok: Signal<In, Bit>,
    /// The search is done.
    pub search_done: Signal<In, Bit>,
    /// The search's watchdog ended it.
    pub timed_out: Signal<In, Bit>,
    /// Waiting for a request.
    pub waiting: Signal<Out, Bit>,
    /// Reading a request.
    pub reading: Signal<Out, Bit>,
    /// The board has moved this game.
    pub own_moved: Signal<Out, Bit>,
    /// The board's last move was blind.
    pub blind: Signal<Out, Bit>,
    /// Start a new game now (a `0`).
    pub new_game: Signal<Out, Bit>,
    /// Clear the board's registers: a new game, or a complete `2S` or
    /// `3S MMMM`, which starts the board's game.
    pub clear: Signal<Out, Bit>,
    /// The board is player 2.
    pub me_two: Signal<Out, Bit>,
    /// Choose the request's first code for placing.
    pub place_first: Signal<Out, Bit>,
    /// Choose the request's last code for placing.
    pub place_last: Signal<Out, Bit>,
    /// Choose the search's move for placing, and queue its code.
    pub place_best: Signal<Out, Bit>,
    /// The search's `start`.
    pub search_start: Signal<Out, Bit>,
    /// The search's `cancel`.
    pub cancel: Signal<Out, Bit>,
    /// In a game.
    pub in_game: Signal<Out, Bit>,
    /// A request handled or a search running.
    pub working: Signal<Out, Bit>,
    /// A framing error on the line since the last `0`.
    pub framing_seen: Signal<Out, Bit>,
    /// A malformed request was dropped since the last `0`.
    pub malformed_seen: Signal<Out, Bit>,
    /// The watchdog ended a search since the last `0`.
    pub watchdog_fired: Signal<Out, Bit>,
    /// The machine follows 2014 where its state cannot tell.
    pub follows_2014: Signal<Out, Bit>,
    state: DFF<ContestState>,
    me_two_q: DFF<Bit>,
    moved_first: DFF<Bit>,
    /// The board's own moves this game, stopping at 2.
    own_moves: DFF<Bits<2>>,
    blind_q: DFF<Bit>,
    asking_blind: DFF<Bit>,
    /// The search's `cancel`, a cycle after the `0` or `9` that asks for it:
    /// a register between the receiver's byte and the search's fan-out
    /// across the chip (the routed critical path at 50 MHz without it).
    cancel_q: DFF<Bit>,
    seen_valid: DFF<Bit>,
    seen_2014: DFF<Bit>,
    framing_q: DFF<Bit>,
    malformed_q: DFF<Bit>,
    watchdog_q: DFF<Bit>,
    /// A byte here is a `0`, a `9` or a request's first (else malformed).
    listening: Signal<Local, Bit>,
    /// A complete `2S` or `3S MMMM` starts the board's game now.
    starts_game: Signal<Local, Bit>,
    configured_valid: Constant<Bit>,
    configured_2014: Constant<Bit>,
    moves_1: Constant<Bits<2>>,
    moves_2: Constant<Bits<2>>,
}

impl ContestMachine {
    /// A machine following `config`'s scheme.
    pub fn new(config: PlayerConfig) -> ContestMachine {
        ContestMachine {
            clock: Default::default(),
            byte_in: Default::default(),
            zero: Default::default(),
            nine: Default::default(),
            begins: Default::default(),
            ends: Default::default(),
            framing_error: Default::default(),
            kind_2: Default::default(),
            kind_3: Default::default(),
            opening: Default::default(),
            after_blind: Default::default(),
            start_ok: Default::default(),
            start_two: Default::default(),
            first_ok: Default::default(),
            last_ok: Default::default(),
            search_done: Default::default(),
            timed_out: Default::default(),
            waiting: Default::default(),
            reading: Default::default(),
            own_moved: Default::default(),
            blind: Default::default(),
            new_game: Default::default(),
            clear: Default::default(),
            me_two: Default::default(),
            place_first: Default::default(),
            place_last: Default::default(),
            place_best: Default::default(),
            search_start: Default::default(),
            cancel: Default::default(),
            in_game: Default::default(),
            working: Default::default(),
            framing_seen: Default::default(),
            malformed_seen: Default::default(),
            watchdog_fired: Default::default(),
            follows_2014: Default::default(),
            state: Default::default(),
            me_two_q: Default::default(),
            moved_first: Default::default(),
            own_moves: Default::default(),
            blind_q: Default::default(),
            asking_blind: Default::default(),
            cancel_q: Default::default(),
            seen_valid: Default::default(),
            seen_2014: Default::default(),
            framing_q: Default::default(),
            malformed_q: Default::default(),
            watchdog_q: Default::default(),
            listening: Default::default(),
            starts_game: Default::default(),
            configured_valid: Constant::new(config.scheme.is_some()),
            configured_2014: Constant::new(config.scheme == Some(Scheme::S2014)),
            moves_1: Constant::new(1u64.into()),
            moves_2: Constant::new(2u64.into()),
        }
    }
}

impl Logic for ContestMachine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            me_two_q,
            moved_first,
            own_moves,
            blind_q,
            asking_blind,
            cancel_q,
            seen_valid,
            seen_2014,
            framing_q,
            malformed_q,
            watchdog_q
        );
        self.follows_2014.next = self.seen_valid.q.val() & self.seen_2014.q.val();
        if self.configured_valid.val() {
            self.follows_2014.next = self.configured_2014.val();
        }
        self.listening.next = (self.state.q.val() == ContestState::Idle)
            | (self.state.q.val() == ContestState::Waiting)
            | (self.state.q.val() == ContestState::Searching);
        // A `0` where a request may start is a new game; it and a complete
        // `2S` or `3S MMMM` clear the game's registers (what the machine
        // sets below comes on top).
        self.new_game.next = self.listening.val() & self.zero.val();
        self.starts_game.next = (self.state.q.val() == ContestState::Check)
            & ((self.kind_2.val() & self.start_ok.val())
                | (self.kind_3.val()
                    & self.opening.val()
                    & self.start_ok.val()
                    & self.last_ok.val()));
        self.clear.next = self.new_game.val() | self.starts_game.val();
        self.cancel_q.d.next = false;
        if self.framing_error.val() {
            self.framing_q.d.next = true;
        }
        if self.clear.val() {
            self.own_moves.d.next = 0.into();
            self.blind_q.d.next = false;
            self.asking_blind.d.next = false;
        }
        // Any other byte where a request may start: `9` abandons the game,
        // a request's first byte (while waiting) begins it, the rest are
        // malformed. (A `0` is a new game: below, after the machine.)
        if self.listening.val() & self.byte_in.val() & !self.new_game.val() {
            if self.nine.val() {
                self.state.d.next = ContestState::Idle;
                self.cancel_q.d.next = true;
            } else if !self.begins.val() {
                self.malformed_q.d.next = true;
            }
        }
        match self.state.q.val() {
            ContestState::Idle => {}
            ContestState::Waiting => {
                if self.begins.val() {
                    self.state.d.next = ContestState::Reading;
                }
            }
            ContestState::Reading => {
                if self.ends.val() {
                    self.state.d.next = ContestState::Decode;
                }
            }
            ContestState::Decode => {
                self.state.d.next = ContestState::Check;
            }
            ContestState::Check => {
                self.state.d.next = ContestState::Waiting;
                if self.kind_2.val() {
                    if self.start_ok.val() {
                        self.me_two_q.d.next = self.start_two.val();
                        self.moved_first.d.next = true;
                        self.asking_blind.d.next = self.start_two.val() & !self.follows_2014.val();
                        self.state.d.next = ContestState::SearchStart;
                    } else {
                        self.malformed_q.d.next = true;
                    }
                } else if self.kind_3.val() {
                    if self.opening.val() {
                        if self.start_ok.val() & self.last_ok.val() {
                            self.seen_valid.d.next = true;
                            self.seen_2014.d.next = true;
                            self.me_two_q.d.next = self.start_two.val();
                            self.moved_first.d.next = false;
                            self.state.d.next = ContestState::ApplyLast;
                        } else {
                            self.malformed_q.d.next = true;
                        }
                    } else {
                        self.seen_valid.d.next = true;
                        self.seen_2014.d.next = false;
                        if self.last_ok.val() {
                            self.state.d.next = ContestState::ApplyLast;
                        } else {
                            self.malformed_q.d.next = true;
                        }
                    }
                } else if self.after_blind.val() {
                    if self.first_ok.val() & self.last_ok.val() {
                        self.blind_q.d.next = false;
                        self.moved_first.d.next = false;
                        self.state.d.next = ContestState::ApplyFirst;
                    } else {
                        self.malformed_q.d.next = true;
                    }
                } else {
                    if self.moved_first.q.val()
                        & (self.own_moves.q.val() == self.moves_1.val())
                        & !self.me_two_q.q.val()
                    {
                        self.seen_valid.d.next = true;
                        self.seen_2014.d.next = true;
                    }
                    if self.last_ok.val() {
                        self.state.d.next = ContestState::ApplyLast;
                    } else {
                        self.malformed_q.d.next = true;
                    }
                }
            }
            ContestState::ApplyFirst => {
                self.state.d.next = ContestState::ApplyLast;
            }
            ContestState::ApplyLast => {
                self.state.d.next = ContestState::PlaceLast;
            }
            ContestState::PlaceLast => {
                self.state.d.next = ContestState::SearchStart;
            }
            ContestState::SearchStart => {
                self.state.d.next = ContestState::Searching;
            }
            ContestState::Searching => {
                if self.search_done.val() {
                    self.state.d.next = ContestState::Answer;
                }
            }
            ContestState::Answer => {
                // The move is placed and queued.
                if self.own_moves.q.val() != self.moves_2.val() {
                    self.own_moves.d.next = self.own_moves.q.val() + 1;
                }
                if self.asking_blind.q.val() {
                    self.blind_q.d.next = true;
                    self.asking_blind.d.next = false;
                }
                if self.timed_out.val() {
                    self.watchdog_q.d.next = true;
                }
                self.state.d.next = ContestState::Waiting;
            }
        }
        if self.new_game.val() {
            self.cancel_q.d.next = true;
            self.me_two_q.d.next = false;
            self.moved_first.d.next = true;
            self.malformed_q.d.next = false;
            self.framing_q.d.next = false;
            self.watchdog_q.d.next = false;
            self.state.d.next = ContestState::Waiting;
        }

        self.waiting.next = self.state.q.val() == ContestState::Waiting;
        self.reading.next = self.state.q.val() == ContestState::Reading;
        self.own_moved.next = self.own_moves.q.val().any();
        self.blind.next = self.blind_q.q.val();
        self.me_two.next = self.me_two_q.q.val();
        self.place_first.next = self.state.q.val() == ContestState::ApplyFirst;
        self.place_last.next = self.state.q.val() == ContestState::ApplyLast;
        self.place_best.next = self.state.q.val() == ContestState::Answer;
        self.search_start.next = self.state.q.val() == ContestState::SearchStart;
        self.cancel.next = self.cancel_q.q.val();
        self.in_game.next = self.state.q.val() != ContestState::Idle;
        self.working.next = (self.state.q.val() != ContestState::Idle)
            & (self.state.q.val() != ContestState::Waiting)
            & (self.state.q.val() != ContestState::Reading);
        self.framing_seen.next = self.framing_q.q.val();
        self.malformed_seen.next = self.malformed_q.q.val();
        self.watchdog_fired.next = self.watchdog_q.q.val();
    }
}

/// The board's registers (each player's cells and tiles used) and the
/// placements into them: the placement chosen by the machine (a request's
/// code, or the search's move) is registered, and the [`Placer`]'s cells
/// are written a cycle later, so that no path runs from the machine
/// through the placer into the registers in one cycle.
#[derive(LogicBlock)]
pub struct PositionRegisters {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Clear the registers (a new game, or the board's game starting).
    pub clear: Signal<In, Bit>,
    /// The board is player 2 (its move goes to player 2's registers, an
    /// opponent's code to player 1's).
    pub me_two: Signal<In, Bit>,
    /// Choose the request's first code.
    pub place_first: Signal<In, Bit>,
    /// Choose the request's last code.
    pub place_last: Signal<In, Bit>,
    /// Choose the search's move.
    pub place_best: Signal<In, Bit>,
    /// The request's first code is a placement (not a pass).
    pub first_place: Signal<In, Bit>,
    /// The request's first code's shape.
    pub first_shape: Signal<In, Bits<7>>,
    /// The request's first code's corner.
    pub first_corner: Signal<In, Bits<8>>,
    /// The request's last code is a placement.
    pub last_place: Signal<In, Bit>,
    /// The request's last code's shape.
    pub last_shape: Signal<In, Bits<7>>,
    /// The request's last code's corner.
    pub last_corner: Signal<In, Bits<8>>,
    /// The search found a move (not a pass).
    pub found: Signal<In, Bit>,
    /// The search's move's shape.
    pub best_shape: Signal<In, Bits<7>>,
    /// The search's move's corner.
    pub best_corner: Signal<In, Bits<8>>,
    /// Player 1's cells.
    pub cells_one: Signal<Out, Board>,
    /// Player 2's cells.
    pub cells_two: Signal<Out, Board>,
    /// Player 1's tiles used.
    pub used_one: Signal<Out, Tiles>,
    /// Player 2's tiles used.
    pub used_two: Signal<Out, Tiles>,
    placer: Placer,
    cells_one_q: DFF<Board>,
    cells_two_q: DFF<Board>,
    used_one_q: DFF<Tiles>,
    used_two_q: DFF<Tiles>,
    /// The placement chosen, registered.
    place_shape: DFF<Bits<7>>,
    place_corner: DFF<Bits<8>>,
    /// The placement goes to player 2's registers (else player 1's).
    place_two: DFF<Bit>,
    /// Place the placer's cells in this cycle.
    place_now: DFF<Bit>,
    /// The placer's cells and tile bit.
    new_cells: Signal<Local, Board>,
    new_used: Signal<Local, Tiles>,
    tile_bit: Constant<Tiles>,
}

impl Default for PositionRegisters {
    fn default() -> PositionRegisters {
        PositionRegisters {
            clock: Default::default(),
            clear: Default::default(),
            me_two: Default::default(),
            place_first: Default::default(),
            place_last: Default::default(),
            place_best: Default::default(),
            first_place: Default::default(),
            first_shape: Default::default(),
            first_corner: Default::default(),
            last_place: Default::default(),
            last_shape: Default::default(),
            last_corner: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            cells_one: Default::default(),
            cells_two: Default::default(),
            used_one: Default::default(),
            used_two: Default::default(),
            placer: Placer::new(),
            cells_one_q: Default::default(),
            cells_two_q: Default::default(),
            used_one_q: Default::default(),
            used_two_q: Default::default(),
            place_shape: Default::default(),
            place_corner: Default::default(),
            place_two: Default::default(),
            place_now: Default::default(),
            new_cells: Default::default(),
            new_used: Default::default(),
            tile_bit: Constant::new(1u64.into()),
        }
    }
}

impl Logic for PositionRegisters {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            cells_one_q,
            cells_two_q,
            used_one_q,
            used_two_q,
            place_shape,
            place_corner,
            place_two,
            place_now
        );
        // The placement, chosen (an opponent's code, or the search's move)
        // and placed in the next cycle.
        self.place_shape.d.next = self.last_shape.val();
        self.place_corner.d.next = self.last_corner.val();
        self.place_now.d.next = false;
        self.place_two.d.next = !self.me_two.val();
        if self.place_first.val() {
            self.place_shape.d.next = self.first_shape.val();
            self.place_corner.d.next = self.first_corner.val();
            self.place_now.d.next = self.first_place.val();
        }
        if self.place_last.val() {
            self.place_now.d.next = self.last_place.val();
        }
        if self.place_best.val() {
            self.place_shape.d.next = self.best_shape.val();
            self.place_corner.d.next = self.best_corner.val();
            self.place_now.d.next = self.found.val();
            self.place_two.d.next = self.me_two.val();
        }
        self.placer.shape.next = self.place_shape.q.val();
        self.placer.corner.next = self.place_corner.q.val();
        self.new_cells.next = self.placer.cells.val();
        self.new_used.next = self.tile_bit.val() << self.placer.tile.val();
        if self.place_now.q.val() {
            if self.place_two.q.val() {
                self.cells_two_q.d.next = self.cells_two_q.q.val() | self.new_cells.val();
                self.used_two_q.d.next = self.used_two_q.q.val() | self.new_used.val();
            } else {
                self.cells_one_q.d.next = self.cells_one_q.q.val() | self.new_cells.val();
                self.used_one_q.d.next = self.used_one_q.q.val() | self.new_used.val();
            }
        }
        if self.clear.val() {
            self.cells_one_q.d.next = 0.into();
            self.cells_two_q.d.next = 0.into();
            self.used_one_q.d.next = 0.into();
            self.used_two_q.d.next = 0.into();
        }
        self.cells_one.next = self.cells_one_q.q.val();
        self.cells_two.next = self.cells_two_q.q.val();
        self.used_one.next = self.used_one_q.q.val();
        self.used_two.next = self.used_two_q.q.val();
    }
}

/// The search for the board's side: the [`BoardTree`] started from the
/// board's registers (the board's own cells and tiles as its side's), its
/// budgets ([`SearchBudget`]), and its move's code ([`CodeEncoder`]).
#[derive(LogicBlock)]
pub struct SearchControl {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Start a search.
    pub start: Signal<In, Bit>,
    /// Abandon the search.
    pub cancel: Signal<In, Bit>,
    /// The board is player 2.
    pub me_two: Signal<In, Bit>,
    /// Player 1's cells.
    pub cells_one: Signal<In, Board>,
    /// Player 2's cells.
    pub cells_two: Signal<In, Board>,
    /// Player 1's tiles used.
    pub used_one: Signal<In, Tiles>,
    /// Player 2's tiles used.
    pub used_two: Signal<In, Tiles>,
    /// The search is done.
    pub done: Signal<Out, Bit>,
    /// The search's watchdog ended it.
    pub timed_out: Signal<Out, Bit>,
    /// It found a move (not a pass).
    pub found: Signal<Out, Bit>,
    /// Its move's shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its move's corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Its move's code (a pass's if none).
    pub code: Signal<Out, Bits<32>>,
    search: BoardTree,
    encoder: CodeEncoder,
    /// The search's budgets (`PlayerConfig::budget`; a Verilator model's
    /// command line may set others) and its leaves' expansion after
    /// `EXPAND_AFTER` visits.
    budget: SearchBudget,
    expand_after: Constant<Bits<VISIT_BITS>>,
    start_one_square: Constant<Board>,
    start_two_square: Constant<Board>,
}

impl SearchControl {
    /// A search within `config`'s budgets.
    pub fn new(config: PlayerConfig) -> SearchControl {
        SearchControl {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            me_two: Default::default(),
            cells_one: Default::default(),
            cells_two: Default::default(),
            used_one: Default::default(),
            used_two: Default::default(),
            done: Default::default(),
            timed_out: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            code: Default::default(),
            search: BoardTree::new(),
            encoder: CodeEncoder::new(),
            budget: SearchBudget::new(config.budget),
            expand_after: Constant::new(u64::from(EXPAND_AFTER).into()),
            start_one_square: Constant::new(board_from_cell_index(
                Player::One.start_square().index(),
            )),
            start_two_square: Constant::new(board_from_cell_index(
                Player::Two.start_square().index(),
            )),
        }
    }
}

impl Logic for SearchControl {
    #[hdl_gen]
    fn update(&mut self) {
        self.search.clock.next = self.clock.val();
        self.search.start.next = self.start.val();
        self.search.cancel.next = self.cancel.val();
        self.search.own.next = self.cells_one.val();
        self.search.opponent.next = self.cells_two.val();
        self.search.start_square.next = self.start_one_square.val();
        self.search.opponent_start_square.next = self.start_two_square.val();
        self.search.tiles_left.next = !self.used_one.val();
        self.search.opponent_tiles_left.next = !self.used_two.val();
        // The board searches from its registers, which hold no passes
        // (`model::player`'s position neither).
        self.search.passes.next = 0.into();
        self.search.rounds_until.next = self.budget.rounds_until.val();
        self.search.watchdog.next = self.budget.watchdog.val();
        self.search.expand_after.next = self.expand_after.val();
        if self.me_two.val() {
            self.search.own.next = self.cells_two.val();
            self.search.opponent.next = self.cells_one.val();
            self.search.start_square.next = self.start_two_square.val();
            self.search.opponent_start_square.next = self.start_one_square.val();
            self.search.tiles_left.next = !self.used_two.val();
            self.search.opponent_tiles_left.next = !self.used_one.val();
        }
        self.encoder.pass.next = !self.search.found.val();
        self.encoder.shape.next = self.search.best_shape.val();
        self.encoder.corner.next = self.search.best_corner.val();
        self.done.next = self.search.done.val();
        self.timed_out.next = self.search.timed_out.val();
        self.found.next = self.search.found.val();
        self.best_shape.next = self.search.best_shape.val();
        self.best_corner.next = self.search.best_corner.val();
        self.code.next = self.encoder.code.val();
    }
}

/// The sending side: the reply not yet handed to the [`UartTx`], a byte at
/// a time. A new reply replaces what is left of the one before; the team
/// code wins over a move queued in the same cycle.
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
        // The transmitter takes the reply a byte at a time.
        self.transmitter.data.next = self.out_bytes.q.val().get_bits::<8>(0);
        self.transmitter.start.next = self.out_len.q.val().any();
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
