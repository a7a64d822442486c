//! The contest machine: the protocol's states ([`ContestState`]) and the
//! game's flags, driven by the request reader's bytes and requests and the
//! search's end.

use super::config::PlayerConfig;
use protocol::Scheme;
use rust_hdl::prelude::*;

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
    /// The SDRAM check's request: taken outside a game.
    pub query: Signal<In, Bit>,
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
    /// Start the SDRAM check (its request, outside a game).
    pub check_start: Signal<Out, Bit>,
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
            query: Default::default(),
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
            check_start: Default::default(),
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
        // The SDRAM check's request outside a game starts it.
        self.check_start.next = (self.state.q.val() == ContestState::Idle) & self.query.val();
        // Any other byte where a request may start: `9` abandons the game,
        // a request's first byte (while waiting) begins it, the rest are
        // malformed. (A `0` is a new game: below, after the machine.)
        if self.listening.val() & self.byte_in.val() & !self.new_game.val() {
            if self.nine.val() {
                self.state.d.next = ContestState::Idle;
                self.cancel_q.d.next = true;
            } else if !self.begins.val() & !self.check_start.val() {
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
