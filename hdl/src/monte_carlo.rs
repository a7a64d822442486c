//! The board's search: flat Monte Carlo over the one-ply core ([`OnePly`]),
//! with a round budget and a watchdog. The hardware twin of
//! `model::monte_carlo::search`, whose doc comment is the
//! specification (the algorithm and the cycles of every state); this block
//! chooses exactly the move that function chooses, after exactly the cycles
//! it counts.
//!
//! # How
//! 1. Root: the core scores every candidate of the side to move; each goes
//!    into an [`ENTRIES`]-entry list kept in order of score, highest first
//!    (a new entry goes after every entry with a score at least its own, so
//!    ties keep the hardware order; the last entry drops out when the list
//!    is full).
//! 2. No candidate: a pass. One tile left, or one entry: the core's best
//!    (the list's first entry) at once.
//! 3. Rounds: the list's valid entries (always its first ones) are played
//!    out from its head, the list rotating by one entry after each playout
//!    (the head, its total updated, going behind the last valid entry), so
//!    after a round the list is back in order. For each, a playout.
//!    The playout's registers hold the side to move's cells, tiles and
//!    start square and the other side's (`own_p`, `opp_p`, ...): the core
//!    reads them directly, and after every ply they swap, so the core's
//!    inputs never need a selection between the sides. The set-up loads
//!    them from the root's registers with the entry placed (through the
//!    [`Placer`]) and the roles swapped. At each ply the core streams its
//!    scored candidates; each advances the xorshift32 generator and the
//!    first with the highest `score + noise` (the generator's low
//!    [`NOISE_BITS`] bits) is kept, then played through the placer. A side
//!    without a candidate passes; the playout ends after two passes in a
//!    row or when a side has no tile left.
//! 4. Two [`PopCount196`]s count both boards; after their latency the
//!    playout's value `WIN * sign(d) + d`, `d` the root mover's cells less
//!    the other side's, is added to the head's 20-bit total.
//! 5. Choose: the list rotates once more, one entry a cycle, and the first
//!    entry from the head with the highest total is kept.
//!
//! Every input of the [`Placer`] is a register (the list's head, or the
//! playout's chosen move), so no combinational path runs from its outputs
//! back to its inputs through this block's logic.
//!
//! Values are two's complement; totals and keys are compared as offset
//! binary (the sign bit flipped), which orders them as the signed values.
//!
//! # Watchdog
//! In every state of the rounds the cycle counter is compared with the
//! watchdog's budget; once it is reached the block goes to choose at once
//! (from the totals as they stand) and raises `timed_out` with `done`. The
//! root is never cut short. With the board's budgets
//! (`model::monte_carlo::Budget::board`) the watchdog cannot fire.

use crate::board::Board;
use crate::candidates::Count;
use crate::move_gen::Tiles;
use crate::one_ply::OnePly;
use crate::placer::Placer;
use crate::pop_count::PopCount196;
use crate::search_budget::SearchBudget;
use ::model::monte_carlo as model;
pub use ::model::monte_carlo::Budget;
use rust_hdl::prelude::*;

/// Entries of the root list (`model::monte_carlo::ENTRIES`).
pub const ENTRIES: usize = model::ENTRIES;
const _: () = assert!(ENTRIES == 16);

/// Bits of the noise added to a score in a playout.
pub const NOISE_BITS: usize = model::NOISE_BITS as usize;
const _: () = assert!(NOISE_BITS == 6);

/// The list's last entry; rust-hdl's Verilog generator resolves an array
/// index only from loop variables and literals, so `update` writes it `[15]`.
const LAST_ENTRY: usize = ENTRIES - 1;
const _: () = assert!(LAST_ENTRY == 15);

/// Bits of the cycle counter (`SearchBudget`'s): budgets up to 2^26 cycles (1.34 s at 50 MHz).
pub use crate::search_budget::TIMER_BITS;
const _: () = assert!(model::Budget::board().watchdog < 1 << TIMER_BITS);
/// Bits of a total.
pub const TOTAL_BITS: usize = 20;
/// Bits of the round counter.
pub const ROUND_BITS: usize = 10;
const _: () = assert!(model::ROUND_LIMIT == (1 << ROUND_BITS) - 1);
const _: () =
    assert!((model::ROUND_LIMIT as i64) * (model::WIN as i64 + 196) < 1 << (TOTAL_BITS - 1));
const _: () = assert!(model::WIN == 128 && model::POP_COUNT_LATENCY == 3);

/// A 13-bit key in offset binary.
type Key13 = Bits<13>;
/// A total (two's complement).
type Total = Bits<TOTAL_BITS>;

/// The states.
mod state {
    pub const IDLE: u64 = 0;
    pub const ROOT_START: u64 = 1;
    pub const ROOT: u64 = 2;
    pub const DECIDE: u64 = 3;
    pub const ROUND: u64 = 4;
    pub const SET_UP: u64 = 5;
    pub const PLY_START: u64 = 6;
    pub const PLY: u64 = 7;
    pub const PLAY: u64 = 8;
    pub const COUNT: u64 = 9;
    pub const SCORE: u64 = 10;
    pub const CHOOSE: u64 = 11;
    pub const FINISH: u64 = 12;
}

/// The Monte Carlo search with its round budget and watchdog.
#[derive(LogicBlock)]
pub struct MonteCarlo {
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
    /// Its total (two's complement; 0 when taken at once).
    pub best_total: Signal<Out, Total>,
    /// The watchdog ended this search.
    pub timed_out: Signal<Out, Bit>,
    /// The root's candidates.
    pub candidates: Signal<Out, Count>,
    /// Rounds completed.
    pub rounds: Signal<Out, Bits<ROUND_BITS>>,
    /// Playouts completed.
    pub playouts: Signal<Out, Bits<16>>,
    /// The cycle counter at `done`: the edges from `start` to `done`, plus one.
    pub cycles: Signal<Out, Bits<TIMER_BITS>>,
    /// The core.
    core: OnePly,
    /// The cells and tile of the list's head, or of the playout's move.
    placer: Placer,
    /// Cells of the playout's side to move, and of the other side.
    count_own: PopCount196,
    count_opp: PopCount196,
    state: DFF<Bits<4>>,
    /// The root position.
    own_q: DFF<Board>,
    opponent_q: DFF<Board>,
    start_q: DFF<Board>,
    opponent_start_q: DFF<Board>,
    tiles_q: DFF<Tiles>,
    opponent_tiles_q: DFF<Tiles>,
    /// One tile left: the first entry ends the game.
    last_tile_q: DFF<Bit>,
    /// The ordered list: valid bits, score keys, coordinates; and totals.
    beam_valid: [DFF<Bit>; ENTRIES],
    beam_key: [DFF<Bits<12>>; ENTRIES],
    beam_shape: [DFF<Bits<7>>; ENTRIES],
    beam_corner: [DFF<Bits<8>>; ENTRIES],
    total: [DFF<Total>; ENTRIES],
    /// The valid entries, and those left in the round (or to weigh).
    entries_q: DFF<Bits<5>>,
    left: DFF<Bits<5>>,
    /// The playout's position: the side to move's and the other side's.
    own_p: DFF<Board>,
    opp_p: DFF<Board>,
    start_p: DFF<Board>,
    opp_start_p: DFF<Board>,
    tiles_p: DFF<Tiles>,
    opp_tiles_p: DFF<Tiles>,
    /// The side to move is the root's mover.
    mover_is_root: DFF<Bit>,
    /// The last ply was a pass.
    passed: DFF<Bit>,
    /// The generator.
    rng: DFF<Bits<32>>,
    /// The ply's best noisy candidate.
    noisy_valid: DFF<Bit>,
    noisy_key: DFF<Key13>,
    noisy_shape: DFF<Bits<7>>,
    noisy_corner: DFF<Bits<8>>,
    /// Cycles waited for the counts.
    settle: DFF<Bits<2>>,
    /// The choice: found, coordinates, tile, total.
    found_q: DFF<Bit>,
    best_shape_q: DFF<Bits<7>>,
    best_corner_q: DFF<Bits<8>>,
    best_tile_q: DFF<Bits<5>>,
    best_total_q: DFF<Total>,
    timed_out_q: DFF<Bit>,
    timer: DFF<Bits<TIMER_BITS>>,
    rounds_q: DFF<Bits<ROUND_BITS>>,
    playouts_q: DFF<Bits<16>>,
    candidates_q: DFF<Count>,
    /// Root insertion: entry `i` stays (valid, score at least the new one).
    keep: [Signal<Local, Bit>; ENTRIES],
    /// The scored candidate's score as bits, and as a key (offset binary).
    score_bits: Signal<Local, Bits<12>>,
    new_key: Signal<Local, Bits<12>>,
    /// The head's total with the playout's value added.
    head_total: Signal<Local, Total>,
    /// The list rotates by one entry.
    rotate: Signal<Local, Bit>,
    /// The generator's next state, in its three steps.
    rng_a: Signal<Local, Bits<32>>,
    rng_b: Signal<Local, Bits<32>>,
    rng_next: Signal<Local, Bits<32>>,
    /// The scored candidate's score sign-extended, plus the noise, offset binary.
    score13: Signal<Local, Bits<13>>,
    noisy_now: Signal<Local, Key13>,
    /// The playout's move: its tile's bit, the mover's tiles after it.
    tiles_after: Signal<Local, Tiles>,
    /// The root mover's cells less the other side's, and the playout's value.
    diff: Signal<Local, Bits<10>>,
    value: Signal<Local, Bits<10>>,
    value20: Signal<Local, Total>,
    /// The watchdog's budget reached; a round may start.
    expired: Signal<Local, Bit>,
    rounds_left: Signal<Local, Bit>,
    /// The round budget and the watchdog (a Verilator model's command line
    /// may set others: `crate::search_budget`).
    budget: SearchBudget,
    seed: Constant<Bits<32>>,
    noise_mask: Constant<Bits<32>>,
    tile_bit: Constant<Tiles>,
    sign12: Constant<Bits<12>>,
    sign13: Constant<Bits<13>>,
    sign_total: Constant<Total>,
    extend13: Constant<Bits<13>>,
    extend20: Constant<Total>,
    win: Constant<Bits<10>>,
    round_limit: Constant<Bits<ROUND_BITS>>,
    entries_limit: Constant<Count>,
    entries_full: Constant<Bits<5>>,
    s_idle: Constant<Bits<4>>,
    s_root_start: Constant<Bits<4>>,
    s_root: Constant<Bits<4>>,
    s_decide: Constant<Bits<4>>,
    s_round: Constant<Bits<4>>,
    s_set_up: Constant<Bits<4>>,
    s_ply_start: Constant<Bits<4>>,
    s_ply: Constant<Bits<4>>,
    s_play: Constant<Bits<4>>,
    s_count: Constant<Bits<4>>,
    s_score: Constant<Bits<4>>,
    s_choose: Constant<Bits<4>>,
    s_finish: Constant<Bits<4>>,
}

impl MonteCarlo {
    /// A search with `budget`'s round budget and watchdog.
    ///
    /// # Panics
    /// If a budget does not fit [`TIMER_BITS`] bits.
    pub fn new(budget: Budget) -> MonteCarlo {
        let s = |v: u64| Constant::new(Bits::<4>::from(v));
        MonteCarlo {
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
            best_total: Default::default(),
            timed_out: Default::default(),
            candidates: Default::default(),
            rounds: Default::default(),
            playouts: Default::default(),
            cycles: Default::default(),
            core: OnePly::new(),
            placer: Placer::new(),
            count_own: PopCount196::new(),
            count_opp: PopCount196::new(),
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
            total: Default::default(),
            entries_q: Default::default(),
            left: Default::default(),
            own_p: Default::default(),
            opp_p: Default::default(),
            start_p: Default::default(),
            opp_start_p: Default::default(),
            tiles_p: Default::default(),
            opp_tiles_p: Default::default(),
            mover_is_root: Default::default(),
            passed: Default::default(),
            rng: Default::default(),
            noisy_valid: Default::default(),
            noisy_key: Default::default(),
            noisy_shape: Default::default(),
            noisy_corner: Default::default(),
            settle: Default::default(),
            found_q: Default::default(),
            best_shape_q: Default::default(),
            best_corner_q: Default::default(),
            best_tile_q: Default::default(),
            best_total_q: Default::default(),
            timed_out_q: Default::default(),
            timer: Default::default(),
            rounds_q: Default::default(),
            playouts_q: Default::default(),
            candidates_q: Default::default(),
            keep: Default::default(),
            score_bits: Default::default(),
            new_key: Default::default(),
            head_total: Default::default(),
            rotate: Default::default(),
            rng_a: Default::default(),
            rng_b: Default::default(),
            rng_next: Default::default(),
            score13: Default::default(),
            noisy_now: Default::default(),
            tiles_after: Default::default(),
            diff: Default::default(),
            value: Default::default(),
            value20: Default::default(),
            expired: Default::default(),
            rounds_left: Default::default(),
            budget: SearchBudget::new(budget),
            seed: Constant::new(u64::from(model::SEED).into()),
            noise_mask: Constant::new(((1u64 << NOISE_BITS) - 1).into()),
            tile_bit: Constant::new(1u64.into()),
            sign12: Constant::new(0x800u64.into()),
            sign13: Constant::new(0x1000u64.into()),
            sign_total: Constant::new((1u64 << (TOTAL_BITS - 1)).into()),
            extend13: Constant::new(0x1000u64.into()),
            extend20: Constant::new(((1u64 << TOTAL_BITS) - (1 << 10)).into()),
            win: Constant::new((model::WIN as u64).into()),
            round_limit: Constant::new(u64::from(model::ROUND_LIMIT).into()),
            entries_limit: Constant::new((ENTRIES as u64).into()),
            entries_full: Constant::new((ENTRIES as u64).into()),
            s_idle: s(state::IDLE),
            s_root_start: s(state::ROOT_START),
            s_root: s(state::ROOT),
            s_decide: s(state::DECIDE),
            s_round: s(state::ROUND),
            s_set_up: s(state::SET_UP),
            s_ply_start: s(state::PLY_START),
            s_ply: s(state::PLY),
            s_play: s(state::PLAY),
            s_count: s(state::COUNT),
            s_score: s(state::SCORE),
            s_choose: s(state::CHOOSE),
            s_finish: s(state::FINISH),
        }
    }
}

impl Default for MonteCarlo {
    fn default() -> MonteCarlo {
        MonteCarlo::new(Budget::board())
    }
}

impl Logic for MonteCarlo {
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
            entries_q,
            left,
            own_p,
            opp_p,
            start_p,
            opp_start_p,
            tiles_p,
            opp_tiles_p,
            mover_is_root,
            passed,
            rng,
            noisy_valid,
            noisy_key,
            noisy_shape,
            noisy_corner,
            settle,
            found_q,
            best_shape_q,
            best_corner_q,
            best_tile_q,
            best_total_q,
            timed_out_q,
            timer,
            rounds_q,
            playouts_q,
            candidates_q
        );
        for i in 0..ENTRIES {
            self.beam_valid[i].clock.next = self.clock.val();
            self.beam_key[i].clock.next = self.clock.val();
            self.beam_shape[i].clock.next = self.clock.val();
            self.beam_corner[i].clock.next = self.clock.val();
            self.total[i].clock.next = self.clock.val();
            self.beam_valid[i].d.next = self.beam_valid[i].q.val();
            self.beam_key[i].d.next = self.beam_key[i].q.val();
            self.beam_shape[i].d.next = self.beam_shape[i].q.val();
            self.beam_corner[i].d.next = self.beam_corner[i].q.val();
            self.total[i].d.next = self.total[i].q.val();
        }

        // The core always plays the playout's side to move; the root is
        // loaded into the playout's registers with `start`.
        self.core.clock.next = self.clock.val();
        self.core.start.next = false;
        self.core.own.next = self.own_p.q.val();
        self.core.opponent.next = self.opp_p.q.val();
        self.core.start_square.next = self.start_p.q.val();
        self.core.opponent_start_square.next = self.opp_start_p.q.val();
        self.core.tiles_left.next = self.tiles_p.q.val();
        self.count_own.clock.next = self.clock.val();
        self.count_opp.clock.next = self.clock.val();
        self.count_own.bits.next = self.own_p.q.val();
        self.count_opp.bits.next = self.opp_p.q.val();

        // The placer: the list's head, or the playout's move.
        self.placer.shape.next = self.beam_shape[0].q.val();
        self.placer.corner.next = self.beam_corner[0].q.val();
        if self.state.q.val() == self.s_play.val() {
            self.placer.shape.next = self.noisy_shape.q.val();
            self.placer.corner.next = self.noisy_corner.q.val();
        }

        // The generator, and the scored candidate's keys.
        self.rng_a.next = self.rng.q.val() ^ (self.rng.q.val() << 13);
        self.rng_b.next = self.rng_a.val() ^ (self.rng_a.val() >> 17);
        self.rng_next.next = self.rng_b.val() ^ (self.rng_b.val() << 5);
        self.score_bits.next = unsigned_cast(self.core.scored_score.val());
        self.new_key.next = self.score_bits.val() ^ self.sign12.val();
        self.score13.next = bit_cast::<13, 12>(self.score_bits.val());
        if self.score_bits.val().get_bit(11) {
            self.score13.next = bit_cast::<13, 12>(self.score_bits.val()) | self.extend13.val();
        }
        self.noisy_now.next = (self.score13.val()
            + bit_cast::<13, 32>(self.rng_next.val() & self.noise_mask.val()))
            ^ self.sign13.val();
        self.tiles_after.next =
            self.tiles_p.q.val() & !(self.tile_bit.val() << self.placer.tile.val());

        // The playout's value for the root's mover.
        self.diff.next = bit_cast::<10, 8>(self.count_own.count.val())
            - bit_cast::<10, 8>(self.count_opp.count.val());
        if !self.mover_is_root.q.val() {
            self.diff.next = bit_cast::<10, 8>(self.count_opp.count.val())
                - bit_cast::<10, 8>(self.count_own.count.val());
        }
        self.value.next = self.diff.val();
        if self.diff.val().get_bit(9) {
            self.value.next = self.diff.val() - self.win.val();
        } else if self.diff.val().any() {
            self.value.next = self.diff.val() + self.win.val();
        }
        self.value20.next = bit_cast::<TOTAL_BITS, 10>(self.value.val());
        if self.value.val().get_bit(9) {
            self.value20.next = bit_cast::<TOTAL_BITS, 10>(self.value.val()) | self.extend20.val();
        }

        self.expired.next = self.timer.q.val() >= self.budget.watchdog.val();
        self.rounds_left.next = (self.timer.q.val() < self.budget.rounds_until.val())
            & (self.rounds_q.q.val() != self.round_limit.val());

        // Rotation of the valid entries (a prefix of the list): each takes
        // the next one's place, the last valid one the head's, with the
        // head's total updated when a playout is scored.
        self.head_total.next = self.total[0].q.val();
        if self.state.q.val() == self.s_score.val() {
            self.head_total.next = self.total[0].q.val() + self.value20.val();
        }
        self.rotate.next = (self.state.q.val() == self.s_score.val())
            | (self.state.q.val() == self.s_choose.val());
        if self.rotate.val() {
            for i in 0..LAST_ENTRY {
                if self.beam_valid[i].q.val() {
                    if self.beam_valid[i + 1].q.val() {
                        self.beam_shape[i].d.next = self.beam_shape[i + 1].q.val();
                        self.beam_corner[i].d.next = self.beam_corner[i + 1].q.val();
                        self.total[i].d.next = self.total[i + 1].q.val();
                    } else {
                        self.beam_shape[i].d.next = self.beam_shape[0].q.val();
                        self.beam_corner[i].d.next = self.beam_corner[0].q.val();
                        self.total[i].d.next = self.head_total.val();
                    }
                }
            }
            if self.beam_valid[15].q.val() {
                self.beam_shape[15].d.next = self.beam_shape[0].q.val();
                self.beam_corner[15].d.next = self.beam_corner[0].q.val();
                self.total[15].d.next = self.head_total.val();
            }
        }

        // Root insertion.
        for i in 0..ENTRIES {
            self.keep[i].next =
                self.beam_valid[i].q.val() & (self.beam_key[i].q.val() >= self.new_key.val());
        }

        self.done.next = false;
        if self.state.q.val() != self.s_idle.val() {
            self.timer.d.next = self.timer.q.val() + 1;
        }
        if (self.state.q.val() == self.s_idle.val()) | (self.state.q.val() == self.s_finish.val()) {
            // FINISH: `done` for a cycle, then idle; a `start` is taken in either.
            self.done.next = self.state.q.val() == self.s_finish.val();
            self.state.d.next = self.s_idle.val();
            if self.start.val() {
                self.own_q.d.next = self.own.val();
                self.opponent_q.d.next = self.opponent.val();
                self.start_q.d.next = self.start_square.val();
                self.opponent_start_q.d.next = self.opponent_start_square.val();
                self.tiles_q.d.next = self.tiles_left.val();
                self.opponent_tiles_q.d.next = self.opponent_tiles_left.val();
                self.own_p.d.next = self.own.val();
                self.opp_p.d.next = self.opponent.val();
                self.start_p.d.next = self.start_square.val();
                self.opp_start_p.d.next = self.opponent_start_square.val();
                self.tiles_p.d.next = self.tiles_left.val();
                self.last_tile_q.d.next = self.tiles_left.val().any()
                    & !(self.tiles_left.val() & (self.tiles_left.val() - 1)).any();
                self.timer.d.next = 1.into();
                self.timed_out_q.d.next = false;
                self.found_q.d.next = false;
                self.best_total_q.d.next = 0.into();
                self.rounds_q.d.next = 0.into();
                self.playouts_q.d.next = 0.into();
                self.rng.d.next = self.seed.val();
                for i in 0..ENTRIES {
                    self.beam_valid[i].d.next = false;
                    self.total[i].d.next = 0.into();
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
                for i in 1..ENTRIES {
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
            // The core's one-ply best is the list's first entry: the move
            // at once when one tile or one entry is left.
            self.found_q.d.next = self.core.found.val();
            self.best_shape_q.d.next = self.core.best_shape.val();
            self.best_corner_q.d.next = self.core.best_corner.val();
            self.best_tile_q.d.next = self.core.best_tile.val();
            self.entries_q.d.next = bit_cast::<5, 11>(self.core.candidates.val());
            if self.core.candidates.val() >= self.entries_limit.val() {
                self.entries_q.d.next = self.entries_full.val();
            }
            if !self.core.found.val() | self.last_tile_q.q.val() | !self.beam_valid[1].q.val() {
                self.state.d.next = self.s_finish.val();
            } else {
                self.state.d.next = self.s_round.val();
            }
        } else if self.state.q.val() == self.s_round.val() {
            self.left.d.next = self.entries_q.q.val();
            self.found_q.d.next = false;
            if self.rounds_left.val() {
                self.state.d.next = self.s_set_up.val();
            } else {
                self.state.d.next = self.s_choose.val();
            }
        } else if self.state.q.val() == self.s_set_up.val() {
            // The entry placed; the opponent moves next.
            self.own_p.d.next = self.opponent_q.q.val();
            self.opp_p.d.next = self.own_q.q.val() | self.placer.cells.val();
            self.start_p.d.next = self.opponent_start_q.q.val();
            self.opp_start_p.d.next = self.start_q.q.val();
            self.tiles_p.d.next = self.opponent_tiles_q.q.val();
            self.opp_tiles_p.d.next =
                self.tiles_q.q.val() & !(self.tile_bit.val() << self.placer.tile.val());
            self.mover_is_root.d.next = false;
            self.passed.d.next = false;
            self.state.d.next = self.s_ply_start.val();
        } else if self.state.q.val() == self.s_ply_start.val() {
            self.core.start.next = true;
            self.noisy_valid.d.next = false;
            self.state.d.next = self.s_ply.val();
        } else if self.state.q.val() == self.s_ply.val() {
            if self.core.scored.val() {
                self.rng.d.next = self.rng_next.val();
                if !self.noisy_valid.q.val() | (self.noisy_now.val() > self.noisy_key.q.val()) {
                    self.noisy_valid.d.next = true;
                    self.noisy_key.d.next = self.noisy_now.val();
                    self.noisy_shape.d.next = self.core.scored_shape.val();
                    self.noisy_corner.d.next = self.core.scored_corner.val();
                }
            }
            if self.core.done.val() {
                self.state.d.next = self.s_play.val();
            }
        } else if self.state.q.val() == self.s_play.val() {
            // Play the noisy best (or pass), then the other side moves.
            self.own_p.d.next = self.opp_p.q.val();
            self.opp_p.d.next = self.own_p.q.val();
            self.start_p.d.next = self.opp_start_p.q.val();
            self.opp_start_p.d.next = self.start_p.q.val();
            self.tiles_p.d.next = self.opp_tiles_p.q.val();
            self.opp_tiles_p.d.next = self.tiles_p.q.val();
            self.mover_is_root.d.next = !self.mover_is_root.q.val();
            self.settle.d.next = 0.into();
            self.state.d.next = self.s_ply_start.val();
            if self.noisy_valid.q.val() {
                self.opp_p.d.next = self.own_p.q.val() | self.placer.cells.val();
                self.opp_tiles_p.d.next = self.tiles_after.val();
                self.passed.d.next = false;
                if !self.tiles_after.val().any() {
                    self.state.d.next = self.s_count.val();
                }
            } else {
                self.passed.d.next = true;
                if self.passed.q.val() {
                    self.state.d.next = self.s_count.val();
                }
            }
        } else if self.state.q.val() == self.s_count.val() {
            self.settle.d.next = self.settle.q.val() + 1;
            if self.settle.q.val() == 2 {
                self.state.d.next = self.s_score.val();
            }
        } else if self.state.q.val() == self.s_score.val() {
            // The head's total (rotated behind the last entry, above).
            self.playouts_q.d.next = self.playouts_q.q.val() + 1;
            self.left.d.next = self.left.q.val() - 1;
            if self.left.q.val() == 1 {
                self.rounds_q.d.next = self.rounds_q.q.val() + 1;
                self.state.d.next = self.s_round.val();
            } else {
                self.state.d.next = self.s_set_up.val();
            }
        } else if self.state.q.val() == self.s_choose.val() {
            // The head, one entry a cycle: the first with the highest total.
            if !self.found_q.q.val()
                | ((self.total[0].q.val() ^ self.sign_total.val())
                    > (self.best_total_q.q.val() ^ self.sign_total.val()))
            {
                self.found_q.d.next = true;
                self.best_shape_q.d.next = self.beam_shape[0].q.val();
                self.best_corner_q.d.next = self.beam_corner[0].q.val();
                self.best_tile_q.d.next = self.placer.tile.val();
                self.best_total_q.d.next = self.total[0].q.val();
            }
            self.left.d.next = self.left.q.val() - 1;
            if self.left.q.val() == 1 {
                self.state.d.next = self.s_finish.val();
            }
        }
        if self.expired.val()
            & ((self.state.q.val() == self.s_round.val())
                | (self.state.q.val() == self.s_set_up.val())
                | (self.state.q.val() == self.s_ply_start.val())
                | (self.state.q.val() == self.s_ply.val())
                | (self.state.q.val() == self.s_play.val())
                | (self.state.q.val() == self.s_count.val())
                | (self.state.q.val() == self.s_score.val()))
        {
            // The watchdog: choose from the totals as they stand.
            self.timed_out_q.d.next = true;
            self.found_q.d.next = false;
            self.left.d.next = self.entries_q.q.val();
            self.state.d.next = self.s_choose.val();
        }
        if self.cancel.val() {
            self.state.d.next = self.s_idle.val();
        }

        self.busy.next = self.state.q.val() != self.s_idle.val();
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.best_shape_q.q.val();
        self.best_corner.next = self.best_corner_q.q.val();
        self.best_tile.next = self.best_tile_q.q.val();
        self.best_total.next = self.best_total_q.q.val();
        self.timed_out.next = self.timed_out_q.q.val();
        self.candidates.next = self.candidates_q.q.val();
        self.rounds.next = self.rounds_q.q.val();
        self.playouts.next = self.playouts_q.q.val();
        self.cycles.next = self.timer.q.val();
    }
}
