//! The board's search: a two-ply alpha-beta with move ordering over the
//! one-ply core ([`OnePly`]), and a watchdog. The hardware twin of
//! `host::model::two_ply::search`, whose doc comment is the specification;
//! this block chooses exactly the move that function chooses.
//!
//! # How
//! 1. Root: the core scores every candidate of the side to move; each scored
//!    candidate goes into a [`BEAM`]-entry list kept in order of score,
//!    highest first (a new entry goes after every entry with a score at
//!    least its own, so ties keep the hardware order; the last entry drops
//!    out when the list is full).
//! 2. No candidate: a pass. One tile left: the list's first entry, at once
//!    (it ends the game). Otherwise, for each entry in order (popped off the
//!    list's head): its cells through a [`Placer`], then the core again with
//!    the roles swapped (the opponent to move on the boards after the move);
//!    the replies' scores stream by and their running maximum `r` is kept.
//! 3. Cutoff: as soon as `s - r <= best` (a value is already held) the entry
//!    is refuted and the next one starts (a `start` of the core abandons the
//!    rest of its stream). Otherwise, when the replies are done, its value
//!    `v = s - r` (`r = 0` without replies) becomes the best if none is held
//!    or it is greater.
//! 4. `done` rises with the best entry (`found`), or with `found` low for a
//!    pass.
//!
//! Values are 13-bit two's complement; every comparison is made on offset
//! binary keys (the sign bit flipped), which order as the signed values do.
//!
//! # Watchdog
//! A cycle counter runs from `start`. If it reaches the budget while the
//! replies are being searched, the search stops at once with the best entry
//! so far, or the list's first entry if none has a value yet, and raises
//! `timed_out` with `done`: the move is always one of the root's legal
//! candidates. The root itself is never cut short: it takes at most
//! `7 + 2047 + 10` cycles. With the default budget (half a second at 25 MHz)
//! the watchdog cannot fire: the whole search takes at most
//! `(BEAM + 1) * (7 + 2047 + 10) + 3 * BEAM + 2` cycles, under 36,000.

use crate::board::Board;
use crate::candidates::Count;
use crate::move_gen::Tiles;
use crate::one_ply::OnePly;
use crate::placer::Placer;
use rust_hdl::prelude::*;

/// Entries of the ordered list searched at the second ply
/// (`host::model::two_ply::BEAM`).
pub const BEAM: usize = 16;
const _: () = assert!(BEAM == host::model::two_ply::BEAM);

/// The list's last entry. rust-hdl's Verilog generator resolves an array
/// index only from loop variables and literals, so `update` writes it `[15]`.
const LAST_ENTRY: usize = BEAM - 1;
const _: () = assert!(LAST_ENTRY == 15);

/// Bits of the watchdog's cycle counter.
pub const TIMER_BITS: usize = 24;

/// The default watchdog budget: half a second of the 25 MHz board clock.
pub const DEFAULT_BUDGET: u64 = 12_500_000;

/// The longest search without the watchdog, in cycles (see the module doc).
pub const MAX_SEARCH_CYCLES: u64 = (BEAM as u64 + 1) * (7 + 2047 + 10) + 3 * BEAM as u64 + 2;
const _: () = assert!(MAX_SEARCH_CYCLES < DEFAULT_BUDGET);

/// A 13-bit value in offset binary.
type Key13 = Bits<13>;

/// The states of the search.
mod state {
    pub const IDLE: u64 = 0;
    pub const ROOT_START: u64 = 1;
    pub const ROOT: u64 = 2;
    pub const DECIDE: u64 = 3;
    pub const PLACE: u64 = 4;
    pub const CHILD_START: u64 = 5;
    pub const CHILD: u64 = 6;
    pub const FINISH: u64 = 7;
}

/// The two-ply search with its watchdog.
#[derive(LogicBlock)]
pub struct Search {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: take the position and search (taken when idle or
    /// in the `done` cycle, ignored while searching).
    pub start: Signal<In, Bit>,
    /// Abandon the search (no `done` follows); wins over `start`.
    pub cancel: Signal<In, Bit>,
    /// Cells of the side to move, sampled with `start`.
    pub own: Signal<In, Board>,
    /// Cells of the other side, sampled with `start`.
    pub opponent: Signal<In, Board>,
    /// The start square of the side to move, one-hot, sampled with `start`.
    pub start_square: Signal<In, Board>,
    /// The other side's start square, one-hot, sampled with `start`.
    pub opponent_start_square: Signal<In, Board>,
    /// Tiles the side to move holds, sampled with `start`.
    pub tiles_left: Signal<In, Tiles>,
    /// Tiles the other side holds, sampled with `start`.
    pub opponent_tiles_left: Signal<In, Tiles>,
    /// High for one cycle when the move is chosen.
    pub done: Signal<Out, Bit>,
    /// From `start` to `done`.
    pub busy: Signal<Out, Bit>,
    /// A placement was chosen (else a pass), from `done` on.
    pub found: Signal<Out, Bit>,
    /// Its oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its box corner cell.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Its tile.
    pub best_tile: Signal<Out, Bits<5>>,
    /// Its value `s - r`, offset binary (its own score when taken at once).
    pub best_value: Signal<Out, Key13>,
    /// The watchdog ended this search.
    pub timed_out: Signal<Out, Bit>,
    /// The root's candidates.
    pub candidates: Signal<Out, Count>,
    /// Replies scored at the second ply.
    pub replies: Signal<Out, Bits<16>>,
    /// Cycles from `start` to `done`.
    pub cycles: Signal<Out, Bits<TIMER_BITS>>,
    /// The core.
    core: OnePly,
    /// The cells of the entry being searched.
    placer: Placer,
    state: DFF<Bits<3>>,
    own_q: DFF<Board>,
    opponent_q: DFF<Board>,
    start_q: DFF<Board>,
    opponent_start_q: DFF<Board>,
    tiles_q: DFF<Tiles>,
    opponent_tiles_q: DFF<Tiles>,
    /// One tile left: the first entry ends the game.
    last_tile_q: DFF<Bit>,
    /// The ordered list: valid bits, score keys, coordinates.
    beam_valid: [DFF<Bit>; BEAM],
    beam_key: [DFF<Bits<12>>; BEAM],
    beam_shape: [DFF<Bits<7>>; BEAM],
    beam_corner: [DFF<Bits<8>>; BEAM],
    /// The root's first entry (the watchdog's fallback).
    first_shape: DFF<Bits<7>>,
    first_corner: DFF<Bits<8>>,
    first_tile: DFF<Bits<5>>,
    first_key: DFF<Key13>,
    /// The entry being searched: its cells after the placer, and itself.
    child_cells: DFF<Board>,
    cur_shape: DFF<Bits<7>>,
    cur_corner: DFF<Bits<8>>,
    cur_tile: DFF<Bits<5>>,
    /// Its score, sign-extended to 13 bits (two's complement).
    cur_score: DFF<Bits<13>>,
    /// Replies seen for it, and their best score (two's complement, 13 bits).
    reply_seen: DFF<Bit>,
    reply: DFF<Bits<13>>,
    /// The best entry so far and its value (offset binary).
    best_valid: DFF<Bit>,
    best_shape_q: DFF<Bits<7>>,
    best_corner_q: DFF<Bits<8>>,
    best_tile_q: DFF<Bits<5>>,
    best_key: DFF<Key13>,
    found_q: DFF<Bit>,
    timed_out_q: DFF<Bit>,
    timer: DFF<Bits<TIMER_BITS>>,
    replies_q: DFF<Bits<16>>,
    candidates_q: DFF<Count>,
    /// Root insertion: entry `i` stays (valid, score at least the new one).
    keep: [Signal<Local, Bit>; BEAM],
    /// The scored candidate's score, as bits.
    score_bits: Signal<Local, Bits<12>>,
    /// The scored candidate's key.
    new_key: Signal<Local, Bits<12>>,
    /// The scored reply's score, sign-extended.
    reply_score: Signal<Local, Bits<13>>,
    /// The running maximum including this cycle's reply.
    reply_now: Signal<Local, Bits<13>>,
    /// `s - reply_now`, offset binary.
    value_key: Signal<Local, Key13>,
    /// The entry's reply score when its replies are done: 0 without any.
    reply_final: Signal<Local, Bits<13>>,
    /// `s - reply_final`, offset binary.
    final_key: Signal<Local, Key13>,
    /// The list's head entry's score, sign-extended.
    head_score: Signal<Local, Bits<13>>,
    /// The core's one-ply best score, as bits and as a 13-bit key.
    best_bits: Signal<Local, Bits<12>>,
    best_score_key: Signal<Local, Key13>,
    /// The watchdog's budget reached.
    expired: Signal<Local, Bit>,
    budget: Constant<Bits<TIMER_BITS>>,
    sign12: Constant<Bits<12>>,
    sign13: Constant<Bits<13>>,
    s_idle: Constant<Bits<3>>,
    s_root_start: Constant<Bits<3>>,
    s_root: Constant<Bits<3>>,
    s_decide: Constant<Bits<3>>,
    s_place: Constant<Bits<3>>,
    s_child_start: Constant<Bits<3>>,
    s_child: Constant<Bits<3>>,
    s_finish: Constant<Bits<3>>,
}

impl Search {
    /// A search whose watchdog stops it `budget` cycles after `start`.
    ///
    /// # Panics
    /// If `budget` does not fit [`TIMER_BITS`] bits or is 0.
    pub fn new(budget: u64) -> Search {
        assert!(budget > 0 && budget < 1 << TIMER_BITS, "budget {budget}");
        let s = |v: u64| Constant::new(Bits::<3>::from(v));
        Search {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
            opponent_tiles_left: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            best_value: Default::default(),
            timed_out: Default::default(),
            candidates: Default::default(),
            replies: Default::default(),
            cycles: Default::default(),
            core: OnePly::new(),
            placer: Placer::new(),
            state: Default::default(),
            own_q: Default::default(),
            opponent_q: Default::default(),
            start_q: Default::default(),
            opponent_start_q: Default::default(),
            tiles_q: Default::default(),
            opponent_tiles_q: Default::default(),
            last_tile_q: Default::default(),
            beam_valid: Default::default(),
            beam_key: Default::default(),
            beam_shape: Default::default(),
            beam_corner: Default::default(),
            first_shape: Default::default(),
            first_corner: Default::default(),
            first_tile: Default::default(),
            first_key: Default::default(),
            child_cells: Default::default(),
            cur_shape: Default::default(),
            cur_corner: Default::default(),
            cur_tile: Default::default(),
            cur_score: Default::default(),
            reply_seen: Default::default(),
            reply: Default::default(),
            best_valid: Default::default(),
            best_shape_q: Default::default(),
            best_corner_q: Default::default(),
            best_tile_q: Default::default(),
            best_key: Default::default(),
            found_q: Default::default(),
            timed_out_q: Default::default(),
            timer: Default::default(),
            replies_q: Default::default(),
            candidates_q: Default::default(),
            keep: Default::default(),
            score_bits: Default::default(),
            new_key: Default::default(),
            reply_score: Default::default(),
            reply_now: Default::default(),
            value_key: Default::default(),
            reply_final: Default::default(),
            final_key: Default::default(),
            head_score: Default::default(),
            best_bits: Default::default(),
            best_score_key: Default::default(),
            expired: Default::default(),
            budget: Constant::new(budget.into()),
            sign12: Constant::new(0x800u64.into()),
            sign13: Constant::new(0x1000u64.into()),
            s_idle: s(state::IDLE),
            s_root_start: s(state::ROOT_START),
            s_root: s(state::ROOT),
            s_decide: s(state::DECIDE),
            s_place: s(state::PLACE),
            s_child_start: s(state::CHILD_START),
            s_child: s(state::CHILD),
            s_finish: s(state::FINISH),
        }
    }
}

impl Default for Search {
    fn default() -> Search {
        Search::new(DEFAULT_BUDGET)
    }
}

impl Logic for Search {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            own_q,
            opponent_q,
            start_q,
            opponent_start_q,
            tiles_q,
            opponent_tiles_q,
            last_tile_q,
            first_shape,
            first_corner,
            first_tile,
            first_key,
            child_cells,
            cur_shape,
            cur_corner,
            cur_tile,
            cur_score,
            reply_seen,
            reply,
            best_valid,
            best_shape_q,
            best_corner_q,
            best_tile_q,
            best_key,
            found_q,
            timed_out_q,
            timer,
            replies_q,
            candidates_q
        );
        for i in 0..BEAM {
            self.beam_valid[i].clock.next = self.clock.val();
            self.beam_key[i].clock.next = self.clock.val();
            self.beam_shape[i].clock.next = self.clock.val();
            self.beam_corner[i].clock.next = self.clock.val();
            self.beam_valid[i].d.next = self.beam_valid[i].q.val();
            self.beam_key[i].d.next = self.beam_key[i].q.val();
            self.beam_shape[i].d.next = self.beam_shape[i].q.val();
            self.beam_corner[i].d.next = self.beam_corner[i].q.val();
        }

        // The core: the root position, or the reply position of the entry.
        self.core.clock.next = self.clock.val();
        self.core.start.next = false;
        self.core.own.next = self.own_q.q.val();
        self.core.opponent.next = self.opponent_q.q.val();
        self.core.start_square.next = self.start_q.q.val();
        self.core.opponent_start_square.next = self.opponent_start_q.q.val();
        self.core.tiles_left.next = self.tiles_q.q.val();
        if self.state.q.val() == self.s_child_start.val() {
            self.core.own.next = self.opponent_q.q.val();
            self.core.opponent.next = self.own_q.q.val() | self.child_cells.q.val();
            self.core.start_square.next = self.opponent_start_q.q.val();
            self.core.opponent_start_square.next = self.start_q.q.val();
            self.core.tiles_left.next = self.opponent_tiles_q.q.val();
        }
        self.placer.shape.next = self.beam_shape[0].q.val();
        self.placer.corner.next = self.beam_corner[0].q.val();

        // The scored candidate as a key, and as a 13-bit reply score.
        self.score_bits.next = unsigned_cast(self.core.scored_score.val());
        self.new_key.next = self.score_bits.val() ^ self.sign12.val();
        self.reply_score.next = bit_cast::<13, 12>(self.score_bits.val())
            | (bit_cast::<13, 1>(self.score_bits.val().get_bit(11).into()) << 12);
        self.reply_now.next = self.reply_score.val();
        if self.reply_seen.q.val()
            & ((self.reply.q.val() ^ self.sign13.val())
                > (self.reply_score.val() ^ self.sign13.val()))
        {
            self.reply_now.next = self.reply.q.val();
        }
        self.value_key.next = (self.cur_score.q.val() - self.reply_now.val()) ^ self.sign13.val();
        self.reply_final.next = 0.into();
        if self.core.scored.val() {
            self.reply_final.next = self.reply_now.val();
        } else if self.reply_seen.q.val() {
            self.reply_final.next = self.reply.q.val();
        }
        self.final_key.next = (self.cur_score.q.val() - self.reply_final.val()) ^ self.sign13.val();
        self.head_score.next = bit_cast::<13, 12>(self.beam_key[0].q.val() ^ self.sign12.val())
            | (bit_cast::<13, 1>((!self.beam_key[0].q.val().get_bit(11)).into()) << 12);
        self.best_bits.next = unsigned_cast(self.core.best_score.val());
        self.best_score_key.next = (bit_cast::<13, 12>(self.best_bits.val())
            | (bit_cast::<13, 1>(self.best_bits.val().get_bit(11).into()) << 12))
            ^ self.sign13.val();
        self.expired.next = self.timer.q.val() >= self.budget.val();

        // Root insertion.
        for i in 0..BEAM {
            self.keep[i].next =
                self.beam_valid[i].q.val() & (self.beam_key[i].q.val() >= self.new_key.val());
        }

        self.done.next = false;
        if self.state.q.val() != self.s_idle.val() {
            self.timer.d.next = self.timer.q.val() + 1;
        }
        if (self.state.q.val() == self.s_idle.val()) | (self.state.q.val() == self.s_finish.val()) {
            // FINISH: `done` for a cycle, then idle; a `start` is taken in
            // either.
            self.done.next = self.state.q.val() == self.s_finish.val();
            self.state.d.next = self.s_idle.val();
            if self.start.val() {
                self.own_q.d.next = self.own.val();
                self.opponent_q.d.next = self.opponent.val();
                self.start_q.d.next = self.start_square.val();
                self.opponent_start_q.d.next = self.opponent_start_square.val();
                self.tiles_q.d.next = self.tiles_left.val();
                self.opponent_tiles_q.d.next = self.opponent_tiles_left.val();
                self.last_tile_q.d.next = self.tiles_left.val().any()
                    & !(self.tiles_left.val() & (self.tiles_left.val() - 1)).any();
                self.timer.d.next = 1.into();
                self.best_valid.d.next = false;
                self.timed_out_q.d.next = false;
                self.found_q.d.next = false;
                self.replies_q.d.next = 0.into();
                for i in 0..BEAM {
                    self.beam_valid[i].d.next = false;
                }
                self.state.d.next = self.s_root_start.val();
            }
        } else if self.state.q.val() == self.s_root_start.val() {
            self.core.start.next = true;
            self.state.d.next = self.s_root.val();
        } else if self.state.q.val() == self.s_root.val() {
            if self.core.scored.val() {
                // Entry 0 takes the new candidate unless it stays; entry i
                // takes it where i - 1 stays and i does not, and entry i - 1
                // where neither does.
                if !self.keep[0].val() {
                    self.beam_valid[0].d.next = true;
                    self.beam_key[0].d.next = self.new_key.val();
                    self.beam_shape[0].d.next = self.core.scored_shape.val();
                    self.beam_corner[0].d.next = self.core.scored_corner.val();
                }
                for i in 1..BEAM {
                    if !self.keep[i].val() {
                        if self.keep[i - 1].val() {
                            self.beam_valid[i].d.next = true;
                            self.beam_key[i].d.next = self.new_key.val();
                            self.beam_shape[i].d.next = self.core.scored_shape.val();
                            self.beam_corner[i].d.next = self.core.scored_corner.val();
                        } else {
                            self.beam_valid[i].d.next = self.beam_valid[i - 1].q.val();
                            self.beam_key[i].d.next = self.beam_key[i - 1].q.val();
                            self.beam_shape[i].d.next = self.beam_shape[i - 1].q.val();
                            self.beam_corner[i].d.next = self.beam_corner[i - 1].q.val();
                        }
                    }
                }
            }
            if self.core.done.val() {
                self.candidates_q.d.next = self.core.candidates.val();
                self.state.d.next = self.s_decide.val();
            }
        } else if self.state.q.val() == self.s_decide.val() {
            // The core's one-ply best is the list's first entry (the first
            // candidate with the highest score): the watchdog's fallback,
            // and the move when one tile is left.
            self.first_shape.d.next = self.core.best_shape.val();
            self.first_corner.d.next = self.core.best_corner.val();
            self.first_tile.d.next = self.core.best_tile.val();
            self.first_key.d.next = self.best_score_key.val();
            if !self.core.found.val() {
                self.state.d.next = self.s_finish.val();
            } else if self.last_tile_q.q.val() {
                self.found_q.d.next = true;
                self.best_shape_q.d.next = self.core.best_shape.val();
                self.best_corner_q.d.next = self.core.best_corner.val();
                self.best_tile_q.d.next = self.core.best_tile.val();
                self.best_key.d.next = self.best_score_key.val();
                self.state.d.next = self.s_finish.val();
            } else {
                self.state.d.next = self.s_place.val();
            }
        } else if self.state.q.val() == self.s_place.val() {
            // The head entry's cells; the list moves up by one.
            self.child_cells.d.next = self.placer.cells.val();
            self.cur_shape.d.next = self.beam_shape[0].q.val();
            self.cur_corner.d.next = self.beam_corner[0].q.val();
            self.cur_tile.d.next = self.placer.tile.val();
            self.cur_score.d.next = self.head_score.val();
            for i in 0..LAST_ENTRY {
                self.beam_valid[i].d.next = self.beam_valid[i + 1].q.val();
                self.beam_key[i].d.next = self.beam_key[i + 1].q.val();
                self.beam_shape[i].d.next = self.beam_shape[i + 1].q.val();
                self.beam_corner[i].d.next = self.beam_corner[i + 1].q.val();
            }
            self.beam_valid[15].d.next = false;
            self.state.d.next = self.s_child_start.val();
        } else if self.state.q.val() == self.s_child_start.val() {
            self.core.start.next = true;
            self.reply_seen.d.next = false;
            self.state.d.next = self.s_child.val();
        } else if self.state.q.val() == self.s_child.val() {
            if self.core.scored.val() {
                self.replies_q.d.next = self.replies_q.q.val() + 1;
                self.reply_seen.d.next = true;
                self.reply.d.next = self.reply_now.val();
            }
            if self.core.scored.val()
                & self.best_valid.q.val()
                & (self.value_key.val() <= self.best_key.q.val())
            {
                // Refuted: the next entry, or the end.
                if self.beam_valid[0].q.val() {
                    self.state.d.next = self.s_place.val();
                } else {
                    self.state.d.next = self.s_finish.val();
                }
            } else if self.core.done.val() {
                if !self.best_valid.q.val() | (self.final_key.val() > self.best_key.q.val()) {
                    self.best_valid.d.next = true;
                    self.found_q.d.next = true;
                    self.best_shape_q.d.next = self.cur_shape.q.val();
                    self.best_corner_q.d.next = self.cur_corner.q.val();
                    self.best_tile_q.d.next = self.cur_tile.q.val();
                    self.best_key.d.next = self.final_key.val();
                }
                if self.beam_valid[0].q.val() {
                    self.state.d.next = self.s_place.val();
                } else {
                    self.state.d.next = self.s_finish.val();
                }
            }
            if self.expired.val() {
                // The watchdog: the best so far, else the root's first entry.
                self.timed_out_q.d.next = true;
                self.found_q.d.next = true;
                if !self.best_valid.q.val() {
                    self.best_shape_q.d.next = self.first_shape.q.val();
                    self.best_corner_q.d.next = self.first_corner.q.val();
                    self.best_tile_q.d.next = self.first_tile.q.val();
                    self.best_key.d.next = self.first_key.q.val();
                }
                self.state.d.next = self.s_finish.val();
            }
        }
        if self.cancel.val() {
            self.state.d.next = self.s_idle.val();
        }

        self.busy.next = self.state.q.val() != self.s_idle.val();
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.best_shape_q.q.val();
        self.best_corner.next = self.best_corner_q.q.val();
        self.best_tile.next = self.best_tile_q.q.val();
        self.best_value.next = self.best_key.q.val();
        self.timed_out.next = self.timed_out_q.q.val();
        self.candidates.next = self.candidates_q.q.val();
        self.replies.next = self.replies_q.q.val();
        self.cycles.next = self.timer.q.val();
    }
}
