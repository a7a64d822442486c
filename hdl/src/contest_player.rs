//! The contest player: the whole board behind its serial line. The
//! referee's bytes come in through a [`UartRx`], requests are read and
//! checked by the contest machine, the opponent's moves decoded
//! ([`CodeDecoder`]) and placed ([`Placer`]) into the board's registers, the
//! [`BoardTree`] search chooses the board's move, and its code ([`CodeEncoder`]) goes
//! out through a [`UartTx`]. The hardware twin of
//! `model::player::BoardPlayer`, whose doc comment is the
//! specification: for every byte the referee sends, this block sends what
//! that model sends.
//!
//! # Timing
//! A request's last byte is checked in the cycle after the receiver's
//! `valid`, the opponent's codes are chosen in the next one or two and each
//! is placed in the cycle after it is chosen (PLACE_LAST after the last),
//! the search starts in the next, and its move is registered and queued for
//! the transmitter the cycle after its `done` and placed in the cycle after
//! that. Bytes that arrive while the board
//! is thinking: `0` and `9` abandon the search (`0` starts a new game), any
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
mod phase {
    pub const IDLE: u64 = 0;
    pub const WAITING: u64 = 1;
    pub const READING: u64 = 2;
    pub const CHECK: u64 = 3;
    pub const APPLY_FIRST: u64 = 4;
    pub const APPLY_LAST: u64 = 5;
    pub const SEARCH_START: u64 = 6;
    pub const SEARCHING: u64 = 7;
    pub const ANSWER: u64 = 8;
    /// The cycle after a request's last byte: the decoders' outputs are
    /// registered at its end, so that no path runs from the request's bytes
    /// through a decoder into the machine in one cycle.
    pub const DECODE: u64 = 9;
    /// The cycle after APPLY_LAST: the opponent's last placement, chosen
    /// there and registered, is written into the board's registers, which
    /// the search reads from SEARCH_START on.
    pub const PLACE_LAST: u64 = 10;
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
    receiver: UartRx,
    transmitter: UartTx,
    decode_first: CodeDecoder,
    decode_last: CodeDecoder,
    placer: Placer,
    encoder: CodeEncoder,
    search: BoardTree,
    phase: DFF<Bits<4>>,
    /// The request's first byte, the bytes after it so far, and how many it has.
    kind: DFF<Bits<8>>,
    got: DFF<Bits<4>>,
    need: DFF<Bits<4>>,
    /// The request's bytes, shifted in from the top: the last at bits 64..72.
    request: DFF<Bits<72>>,
    /// The board is player 2.
    me_two: DFF<Bit>,
    moved_first: DFF<Bit>,
    /// The board's own moves this game, stopping at 2.
    own_moves: DFF<Bits<2>>,
    blind: DFF<Bit>,
    asking_blind: DFF<Bit>,
    /// The search's `cancel`, a cycle after the `0` or `9` that asks for it:
    /// a register between the receiver's byte and the search's fan-out
    /// across the chip (the routed critical path at 50 MHz without it).
    cancel_q: DFF<Bit>,
    seen_valid: DFF<Bit>,
    seen_2014: DFF<Bit>,
    cells_one: DFF<Board>,
    cells_two: DFF<Board>,
    used_one: DFF<Tiles>,
    used_two: DFF<Tiles>,
    /// The reply not yet handed to the transmitter, first byte lowest.
    out_bytes: DFF<Bits<32>>,
    out_len: DFF<Bits<3>>,
    framing_seen: DFF<Bit>,
    malformed_q: DFF<Bit>,
    watchdog_q: DFF<Bit>,
    /// A byte other than CR and LF has arrived.
    byte_in: Signal<Local, Bit>,
    /// The machine follows 2014 where its state cannot tell.
    follows_2014: Signal<Local, Bit>,
    /// The start byte of `2S` / `3S` is `5`, `A` or `a`; and names player 2.
    start_ok: Signal<Local, Bit>,
    start_two: Signal<Local, Bit>,
    /// The start byte of the complete request.
    start_byte: Signal<Local, Bits<8>>,
    /// Each decoder's code is well-formed (a pass or a placement on the
    /// board), and what it decoded: registered (see `phase::DECODE`).
    first_ok: DFF<Bit>,
    last_ok: DFF<Bit>,
    first_place: DFF<Bit>,
    last_place: DFF<Bit>,
    first_shape: DFF<Bits<7>>,
    last_shape: DFF<Bits<7>>,
    first_corner: DFF<Bits<8>>,
    last_corner: DFF<Bits<8>>,
    /// The placer's cells as the board's move or an opponent's.
    new_cells: Signal<Local, Board>,
    new_used: Signal<Local, Tiles>,
    /// The placement chosen by the phase (an opponent's code or the
    /// search's move), registered: it is written a cycle later, so that no
    /// path runs from the phase through the placer into the board's
    /// registers in one cycle.
    place_shape: DFF<Bits<7>>,
    place_corner: DFF<Bits<8>>,
    /// The placement goes to player 2's registers (else player 1's).
    place_two: DFF<Bit>,
    /// Place the placer's cells in this cycle.
    place_now: DFF<Bit>,
    /// Start a new game now.
    new_game: Signal<Local, Bit>,
    /// A complete `2S` or `3S MMMM` starts the board's game now.
    starts_game: Signal<Local, Bit>,
    /// The search's budgets (`PlayerConfig::budget`; a Verilator model's
    /// command line may set others) and its leaves' expansion after
    /// `EXPAND_AFTER` visits.
    budget: SearchBudget,
    expand_after: Constant<Bits<VISIT_BITS>>,
    team_reply: Constant<Bits<32>>,
    configured_valid: Constant<Bit>,
    configured_2014: Constant<Bit>,
    start_one_square: Constant<Board>,
    start_two_square: Constant<Board>,
    tile_bit: Constant<Tiles>,
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
    moves_1: Constant<Bits<2>>,
    moves_2: Constant<Bits<2>>,
    len_1: Constant<Bits<4>>,
    len_4: Constant<Bits<4>>,
    len_5: Constant<Bits<4>>,
    len_8: Constant<Bits<4>>,
    p_idle: Constant<Bits<4>>,
    p_waiting: Constant<Bits<4>>,
    p_reading: Constant<Bits<4>>,
    p_check: Constant<Bits<4>>,
    p_decode: Constant<Bits<4>>,
    p_place_last: Constant<Bits<4>>,
    p_apply_first: Constant<Bits<4>>,
    p_apply_last: Constant<Bits<4>>,
    p_search_start: Constant<Bits<4>>,
    p_searching: Constant<Bits<4>>,
    p_answer: Constant<Bits<4>>,
}

impl ContestPlayer {
    /// A board built as `config` says.
    pub fn new(config: PlayerConfig) -> ContestPlayer {
        let b8 = |v: u8| Constant::new(Bits::<8>::from(u64::from(v)));
        let l4 = |v: u64| Constant::new(Bits::<4>::from(v));
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
            receiver: UartRx::new(config.clock_hz, config.baud),
            transmitter: UartTx::new(config.clock_hz, config.baud),
            decode_first: CodeDecoder::new(),
            decode_last: CodeDecoder::new(),
            placer: Placer::new(),
            encoder: CodeEncoder::new(),
            search: BoardTree::new(),
            budget: SearchBudget::new(config.budget),
            expand_after: Constant::new(u64::from(EXPAND_AFTER).into()),
            phase: Default::default(),
            kind: Default::default(),
            got: Default::default(),
            need: Default::default(),
            request: Default::default(),
            me_two: Default::default(),
            moved_first: Default::default(),
            own_moves: Default::default(),
            blind: Default::default(),
            asking_blind: Default::default(),
            cancel_q: Default::default(),
            seen_valid: Default::default(),
            seen_2014: Default::default(),
            cells_one: Default::default(),
            cells_two: Default::default(),
            used_one: Default::default(),
            used_two: Default::default(),
            out_bytes: Default::default(),
            out_len: Default::default(),
            framing_seen: Default::default(),
            malformed_q: Default::default(),
            watchdog_q: Default::default(),
            byte_in: Default::default(),
            follows_2014: Default::default(),
            start_ok: Default::default(),
            start_two: Default::default(),
            start_byte: Default::default(),
            first_ok: Default::default(),
            last_ok: Default::default(),
            first_place: Default::default(),
            last_place: Default::default(),
            first_shape: Default::default(),
            last_shape: Default::default(),
            first_corner: Default::default(),
            last_corner: Default::default(),
            new_cells: Default::default(),
            new_used: Default::default(),
            place_shape: Default::default(),
            place_corner: Default::default(),
            place_two: Default::default(),
            place_now: Default::default(),
            new_game: Default::default(),
            starts_game: Default::default(),
            team_reply: Constant::new(code_bits([b'1', config.team[0], config.team[1], 0]).into()),
            configured_valid: Constant::new(config.scheme.is_some()),
            configured_2014: Constant::new(config.scheme == Some(Scheme::S2014)),
            start_one_square: Constant::new(board_from_cell_index(
                Player::One.start_square().index(),
            )),
            start_two_square: Constant::new(board_from_cell_index(
                Player::Two.start_square().index(),
            )),
            tile_bit: Constant::new(1u64.into()),
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
            moves_1: Constant::new(1u64.into()),
            moves_2: Constant::new(2u64.into()),
            len_1: l4(1),
            len_4: l4(4),
            len_5: l4(5),
            len_8: l4(8),
            p_idle: l4(phase::IDLE),
            p_waiting: l4(phase::WAITING),
            p_reading: l4(phase::READING),
            p_check: l4(phase::CHECK),
            p_decode: l4(phase::DECODE),
            p_place_last: l4(phase::PLACE_LAST),
            p_apply_first: l4(phase::APPLY_FIRST),
            p_apply_last: l4(phase::APPLY_LAST),
            p_search_start: l4(phase::SEARCH_START),
            p_searching: l4(phase::SEARCHING),
            p_answer: l4(phase::ANSWER),
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
        dff_setup!(
            self,
            clock,
            phase,
            kind,
            got,
            need,
            request,
            me_two,
            moved_first,
            own_moves,
            blind,
            asking_blind,
            cancel_q,
            seen_valid,
            seen_2014,
            cells_one,
            cells_two,
            used_one,
            used_two,
            out_bytes,
            out_len,
            framing_seen,
            malformed_q,
            watchdog_q,
            first_ok,
            last_ok,
            first_place,
            last_place,
            first_shape,
            last_shape,
            first_corner,
            last_corner,
            place_shape,
            place_corner,
            place_two,
            place_now
        );
        self.receiver.clock.next = self.clock.val();
        self.transmitter.clock.next = self.clock.val();
        self.search.clock.next = self.clock.val();
        self.receiver.rx.next = self.rx.val();

        self.byte_in.next = self.receiver.valid.val()
            & (self.receiver.data.val() != self.byte_cr.val())
            & (self.receiver.data.val() != self.byte_lf.val());
        self.follows_2014.next = self.seen_valid.q.val() & self.seen_2014.q.val();
        if self.configured_valid.val() {
            self.follows_2014.next = self.configured_2014.val();
        }

        // The complete request: its start byte, its codes.
        self.start_byte.next = self.request.q.val().get_bits::<8>(64);
        if self.need.q.val() == self.len_5.val() {
            self.start_byte.next = self.request.q.val().get_bits::<8>(32);
        }
        self.start_ok.next = (self.start_byte.val() == self.byte_5.val())
            | (self.start_byte.val() == self.byte_upper_a.val())
            | (self.start_byte.val() == self.byte_lower_a.val());
        self.start_two.next = self.start_byte.val() != self.byte_5.val();
        self.decode_first.code.next = self.request.q.val().get_bits::<32>(8);
        self.decode_last.code.next = self.request.q.val().get_bits::<32>(40);
        self.first_ok.d.next = self.decode_first.pass.val() | self.decode_first.place.val();
        self.last_ok.d.next = self.decode_last.pass.val() | self.decode_last.place.val();
        self.first_place.d.next = self.decode_first.place.val();
        self.last_place.d.next = self.decode_last.place.val();
        self.first_shape.d.next = self.decode_first.shape.val();
        self.last_shape.d.next = self.decode_last.shape.val();
        self.first_corner.d.next = self.decode_first.corner.val();
        self.last_corner.d.next = self.decode_last.corner.val();

        // The placement, chosen in its phase (an opponent's code, or the
        // search's move) and placed in the next cycle.
        self.place_shape.d.next = self.last_shape.q.val();
        self.place_corner.d.next = self.last_corner.q.val();
        self.place_now.d.next = false;
        self.place_two.d.next = !self.me_two.q.val();
        if self.phase.q.val() == self.p_apply_first.val() {
            self.place_shape.d.next = self.first_shape.q.val();
            self.place_corner.d.next = self.first_corner.q.val();
            self.place_now.d.next = self.first_place.q.val();
        }
        if self.phase.q.val() == self.p_apply_last.val() {
            self.place_now.d.next = self.last_place.q.val();
        }
        if self.phase.q.val() == self.p_answer.val() {
            self.place_shape.d.next = self.search.best_shape.val();
            self.place_corner.d.next = self.search.best_corner.val();
            self.place_now.d.next = self.search.found.val();
            self.place_two.d.next = self.me_two.q.val();
        }
        self.placer.shape.next = self.place_shape.q.val();
        self.placer.corner.next = self.place_corner.q.val();
        self.new_cells.next = self.placer.cells.val();
        self.new_used.next = self.tile_bit.val() << self.placer.tile.val();
        if self.place_now.q.val() {
            if self.place_two.q.val() {
                self.cells_two.d.next = self.cells_two.q.val() | self.new_cells.val();
                self.used_two.d.next = self.used_two.q.val() | self.new_used.val();
            } else {
                self.cells_one.d.next = self.cells_one.q.val() | self.new_cells.val();
                self.used_one.d.next = self.used_one.q.val() | self.new_used.val();
            }
        }

        // The search, for the board's player.
        self.search.start.next = self.phase.q.val() == self.p_search_start.val();
        self.search.cancel.next = self.cancel_q.q.val();
        self.cancel_q.d.next = false;
        self.search.own.next = self.cells_one.q.val();
        self.search.opponent.next = self.cells_two.q.val();
        self.search.start_square.next = self.start_one_square.val();
        self.search.opponent_start_square.next = self.start_two_square.val();
        self.search.tiles_left.next = !self.used_one.q.val();
        self.search.opponent_tiles_left.next = !self.used_two.q.val();
        // The board searches from its registers, which hold no passes
        // (`model::player`'s position neither).
        self.search.passes.next = 0.into();
        self.search.rounds_until.next = self.budget.rounds_until.val();
        self.search.watchdog.next = self.budget.watchdog.val();
        self.search.expand_after.next = self.expand_after.val();
        if self.me_two.q.val() {
            self.search.own.next = self.cells_two.q.val();
            self.search.opponent.next = self.cells_one.q.val();
            self.search.start_square.next = self.start_two_square.val();
            self.search.opponent_start_square.next = self.start_one_square.val();
            self.search.tiles_left.next = !self.used_two.q.val();
            self.search.opponent_tiles_left.next = !self.used_one.q.val();
        }
        self.encoder.pass.next = !self.search.found.val();
        self.encoder.shape.next = self.search.best_shape.val();
        self.encoder.corner.next = self.search.best_corner.val();

        // The transmitter takes the reply a byte at a time.
        self.transmitter.data.next = self.out_bytes.q.val().get_bits::<8>(0);
        self.transmitter.start.next = self.out_len.q.val().any();
        if self.out_len.q.val().any() & self.transmitter.ready.val() {
            self.out_bytes.d.next = self.out_bytes.q.val() >> 8;
            self.out_len.d.next = self.out_len.q.val() - 1;
        }
        if self.receiver.framing_error.val() {
            self.framing_seen.d.next = true;
        }

        // The contest machine. A `0` where a request may start is a new
        // game; it and a complete `2S` or `3S MMMM` clear the game's
        // registers (what the machine sets below comes on top).
        self.new_game.next = self.byte_in.val()
            & (self.receiver.data.val() == self.byte_0.val())
            & ((self.phase.q.val() == self.p_idle.val())
                | (self.phase.q.val() == self.p_waiting.val())
                | (self.phase.q.val() == self.p_searching.val()));
        self.starts_game.next = (self.phase.q.val() == self.p_check.val())
            & (((self.kind.q.val() == self.byte_2.val()) & self.start_ok.val())
                | ((self.kind.q.val() == self.byte_3.val())
                    & (self.need.q.val() == self.len_5.val())
                    & self.start_ok.val()
                    & self.last_ok.q.val()));
        if self.new_game.val() | self.starts_game.val() {
            self.cells_one.d.next = 0.into();
            self.cells_two.d.next = 0.into();
            self.used_one.d.next = 0.into();
            self.used_two.d.next = 0.into();
            self.own_moves.d.next = 0.into();
            self.blind.d.next = false;
            self.asking_blind.d.next = false;
        }
        if self.phase.q.val() == self.p_reading.val() {
            if self.byte_in.val() {
                self.request.d.next = (self.request.q.val() >> 8)
                    | (bit_cast::<72, 8>(self.receiver.data.val()) << 64);
                self.got.d.next = self.got.q.val() + 1;
                if (self.got.q.val() + 1) == self.need.q.val() {
                    self.phase.d.next = self.p_decode.val();
                }
            }
        } else if (self.phase.q.val() == self.p_idle.val())
            | (self.phase.q.val() == self.p_waiting.val())
            | (self.phase.q.val() == self.p_searching.val())
        {
            // (A `0` is a new game: below, after the machine.)
            if self.byte_in.val() & !self.new_game.val() {
                if self.receiver.data.val() == self.byte_9.val() {
                    self.phase.d.next = self.p_idle.val();
                    self.cancel_q.d.next = true;
                } else if (self.phase.q.val() == self.p_waiting.val())
                    & ((self.receiver.data.val() == self.byte_2.val())
                        | (self.receiver.data.val() == self.byte_3.val())
                        | (self.receiver.data.val() == self.byte_4.val()))
                {
                    self.phase.d.next = self.p_reading.val();
                    self.kind.d.next = self.receiver.data.val();
                    self.got.d.next = 0.into();
                    self.need.d.next = self.len_4.val();
                    if self.receiver.data.val() == self.byte_2.val() {
                        self.need.d.next = self.len_1.val();
                    }
                    if (self.receiver.data.val() == self.byte_3.val())
                        & !self.own_moves.q.val().any()
                    {
                        self.need.d.next = self.len_5.val();
                    }
                    if (self.receiver.data.val() == self.byte_4.val()) & self.blind.q.val() {
                        self.need.d.next = self.len_8.val();
                    }
                } else {
                    self.malformed_q.d.next = true;
                }
            }
            if (self.phase.q.val() == self.p_searching.val()) & self.search.done.val() {
                self.phase.d.next = self.p_answer.val();
            }
        } else if self.phase.q.val() == self.p_decode.val() {
            self.phase.d.next = self.p_check.val();
        } else if self.phase.q.val() == self.p_check.val() {
            self.phase.d.next = self.p_waiting.val();
            if self.kind.q.val() == self.byte_2.val() {
                if self.start_ok.val() {
                    self.me_two.d.next = self.start_two.val();
                    self.moved_first.d.next = true;
                    self.asking_blind.d.next = self.start_two.val() & !self.follows_2014.val();
                    self.phase.d.next = self.p_search_start.val();
                } else {
                    self.malformed_q.d.next = true;
                }
            } else if self.kind.q.val() == self.byte_3.val() {
                if self.need.q.val() == self.len_5.val() {
                    if self.start_ok.val() & self.last_ok.q.val() {
                        self.seen_valid.d.next = true;
                        self.seen_2014.d.next = true;
                        self.me_two.d.next = self.start_two.val();
                        self.moved_first.d.next = false;
                        self.phase.d.next = self.p_apply_last.val();
                    } else {
                        self.malformed_q.d.next = true;
                    }
                } else {
                    self.seen_valid.d.next = true;
                    self.seen_2014.d.next = false;
                    if self.last_ok.q.val() {
                        self.phase.d.next = self.p_apply_last.val();
                    } else {
                        self.malformed_q.d.next = true;
                    }
                }
            } else if self.need.q.val() == self.len_8.val() {
                if self.first_ok.q.val() & self.last_ok.q.val() {
                    self.blind.d.next = false;
                    self.moved_first.d.next = false;
                    self.phase.d.next = self.p_apply_first.val();
                } else {
                    self.malformed_q.d.next = true;
                }
            } else {
                if self.moved_first.q.val()
                    & (self.own_moves.q.val() == self.moves_1.val())
                    & !self.me_two.q.val()
                {
                    self.seen_valid.d.next = true;
                    self.seen_2014.d.next = true;
                }
                if self.last_ok.q.val() {
                    self.phase.d.next = self.p_apply_last.val();
                } else {
                    self.malformed_q.d.next = true;
                }
            }
        } else if self.phase.q.val() == self.p_apply_first.val() {
            self.phase.d.next = self.p_apply_last.val();
        } else if self.phase.q.val() == self.p_apply_last.val() {
            self.phase.d.next = self.p_place_last.val();
        } else if self.phase.q.val() == self.p_place_last.val() {
            self.phase.d.next = self.p_search_start.val();
        } else if self.phase.q.val() == self.p_search_start.val() {
            self.phase.d.next = self.p_searching.val();
        } else {
            // ANSWER: the move is placed (above) and queued.
            self.out_bytes.d.next = self.encoder.code.val();
            self.out_len.d.next = 4.into();
            if self.own_moves.q.val() != self.moves_2.val() {
                self.own_moves.d.next = self.own_moves.q.val() + 1;
            }
            if self.asking_blind.q.val() {
                self.blind.d.next = true;
                self.asking_blind.d.next = false;
            }
            if self.search.timed_out.val() {
                self.watchdog_q.d.next = true;
            }
            self.phase.d.next = self.p_waiting.val();
        }

        if self.new_game.val() {
            self.cancel_q.d.next = true;
            self.me_two.d.next = false;
            self.moved_first.d.next = true;
            self.malformed_q.d.next = false;
            self.framing_seen.d.next = false;
            self.watchdog_q.d.next = false;
            self.out_bytes.d.next = self.team_reply.val();
            self.out_len.d.next = 3.into();
            self.phase.d.next = self.p_waiting.val();
        }

        self.tx.next = self.transmitter.tx.val();
        self.in_game.next = self.phase.q.val() != self.p_idle.val();
        self.busy.next = ((self.phase.q.val() != self.p_idle.val())
            & (self.phase.q.val() != self.p_waiting.val())
            & (self.phase.q.val() != self.p_reading.val()))
            | self.out_len.q.val().any()
            | self.transmitter.busy.val();
        self.player_two.next = self.me_two.q.val();
        self.framing_error_seen.next = self.framing_seen.q.val();
        self.malformed_seen.next = self.malformed_q.q.val();
        self.scheme_2014.next = self.follows_2014.val();
        self.watchdog_fired.next = self.watchdog_q.q.val();
    }
}
