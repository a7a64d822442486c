//! The flat search, specified: flat Monte Carlo over the one-ply core
//! ([`super::one_ply`]), `hdl::MonteCarlo`. The root's candidates are
//! scored by the evaluator and the best [`ENTRIES`] kept in order of score;
//! then, round after round, each kept move is played out to the end of the
//! game by both sides with the evaluator's choice made noisy by a
//! pseudo-random number, and the result added to the move's total. The
//! move with the best total wins. For the same position and budget the
//! hardware chooses the same move, after the same number of clock cycles.
//! The engine `board-flat[:MS]` ([`BoardFlat`]) plays it, within
//! [`flat_budget`] by default.
//!
//! # The search
//! 1. Root: [`super::one_ply::scored`] every candidate of the side to move (hardware order);
//!    keep the first [`ENTRIES`] by score, highest first, ties in hardware
//!    order ([`ordered`]).
//! 2. No candidate: a pass. One tile left, or a single entry: the first
//!    entry at once.
//! 3. Rounds. Before each round the cycle counter is compared with the
//!    round budget: a round starts only while fewer cycles than
//!    [`Budget::rounds_until`] have passed and fewer than [`ROUND_LIMIT`]
//!    rounds are done. A round plays one playout from each entry, in list
//!    order.
//! 4. A playout starts from the root position with the entry placed; the
//!    opponent moves next. At each ply the side to move's candidates stream
//!    by in hardware order; each draws the next number `x` of the
//!    generator ([`Xorshift32`], seeded with [`SEED`] at every search) and
//!    its key is `score + (x mod 2^NOISE_BITS)`; the first candidate with the
//!    highest key is played (its cells ORed into the side's board, its tile
//!    taken). A side without a candidate passes. The playout ends when a
//!    side has placed all 21 tiles or after two passes in a row.
//! 5. Its result, for the root's mover: `d = cells(mover) - cells(other)`
//!    (the difference of unplaced cells, with the sign that wins), and the
//!    value `WIN * sign(d) + d` is added to the entry's total.
//! 6. After the last round, the first entry with the highest total wins.
//!
//! The hardware plays the entries from the head of its list and rotates
//! the list by one after each scored playout, and its choice weighs the
//! entries from the head: after whole rounds that is list order. When the
//! watchdog stops a round, the head is the entry after the last one scored,
//! and the choice weighs the entries from there on (wrapping), the first
//! with the highest total winning.
//!
//! # Watchdog
//! A second budget, [`Budget::watchdog`], stops the search wherever a
//! playout is: the choice is then made from the totals as they stand (the
//! entries ahead in the unfinished round have one playout more); with no
//! playout finished, every total is 0 and the first entry, the evaluator's
//! best, is chosen. The root is never cut short. The default budgets keep
//! the watchdog from firing at all (see [`flat_budget`]).
//!
//! # Timing
//! Rising edges are counted from the one that samples `start` (edge 0).
//! A state entered at edge `e` holds the cycle after it, where the cycle
//! counter reads `e + 1`. With `D(p)` the one-ply core's `done` edge for
//! position `p` ([`super::one_ply::Decision::done_edge`]):
//!
//! | state | cycles |
//! |---|---|
//! | root (start the core, wait for its `done`) | `1 + D(root) + 1` |
//! | decide | 1 |
//! | round check | 1 |
//! | playout set-up (the entry placed) | 1 |
//! | a ply: start the core, wait for its `done`, play | `1 + D(p) + 1 + 1` |
//! | count the cells ([`POP_COUNT_LATENCY`]) | 3 |
//! | score (the total updated) | 1 |
//! | choose (one entry a cycle) | the entries kept |
//!
//! `done` is high in the cycle after the last edge; the search's length in
//! edges is what [`Outcome::edges`] reports.

use super::one_ply::scored_with_done;
use crate::clock::{Budget, CLOCK_HZ};
use crate::ordered::{ordered, Scored, ENTRIES};
use crate::placer::{placement_at, placer_cells, placer_tile};
use crate::random::{Xorshift32, SEED};
use blokus::{Bitboard, Engine, Move, Player, Position};

/// Bits of the noise added to each score in a playout.
pub const NOISE_BITS: u32 = 6;
/// The value of a won playout beyond its cell difference.
pub const WIN: i32 = 128;
/// Rounds at most (the totals' width: `ROUND_LIMIT * (WIN + 89)` fits 20 signed bits).
pub const ROUND_LIMIT: u32 = 1023;
/// Cycles the cell counts take after a playout's last move (`hdl::POP_COUNT_LATENCY`).
pub const POP_COUNT_LATENCY: u64 = 3;

/// The longest a ply of a playout can take: a core run over 2,047
/// candidates (its count's width) plus the ply's three states.
pub const MAX_PLY_CYCLES: u64 = 3 + 7 + 2047 + 10;
/// The longest a round can take: every entry's playout of at most 42
/// placements and 2 passes, its set-up, count and score.
pub const MAX_ROUND_CYCLES: u64 =
    ENTRIES as u64 * (1 + 44 * MAX_PLY_CYCLES + POP_COUNT_LATENCY + 1) + 1;

/// The flat search's budget: rounds start during 0.65 s; the watchdog at
/// 0.75 s never fires, since a round takes at most [`MAX_ROUND_CYCLES`]
/// (0.06 s) and the choice 17 cycles.
pub const fn flat_budget() -> Budget {
    Budget {
        rounds_until: CLOCK_HZ * 65 / 100,
        watchdog: CLOCK_HZ * 75 / 100,
    }
}

const _: () = assert!(flat_budget().rounds_until + MAX_ROUND_CYCLES + 64 < flat_budget().watchdog);

/// The result of a search and the work it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The chosen candidate (`None`: a pass) and its total.
    pub best: Option<(Scored, i32)>,
    /// The root's candidates.
    pub candidates: usize,
    /// The kept entries in list order, each with its total.
    pub entries: Vec<(Scored, i32)>,
    /// Rounds completed.
    pub rounds: u32,
    /// Playouts completed.
    pub playouts: u32,
    /// The watchdog ended the search.
    pub timed_out: bool,
    /// The edge after which `done` is high, counted from the one that took `start`.
    pub edges: u64,
}

/// A playout's registers: both sides' cells and used tiles, who moves, a pass pending.
struct Playout {
    cells: [Bitboard; 2],
    used: [u32; 2],
    to_move: Player,
    passed: bool,
}

/// The search's cycle counter and its watchdog.
struct Timer {
    edge: u64,
    watchdog: u64,
}

impl Timer {
    /// Runs a playout state of `cycles` cycles from the current edge; true
    /// when the watchdog stopped it: it fires in the first cycle whose
    /// counter (edge + 1) reaches the budget, and the search leaves the
    /// state at the edge that ends that cycle.
    fn stopped_in(&mut self, cycles: u64) -> bool {
        let first_late = self.watchdog.saturating_sub(1).max(self.edge);
        if first_late < self.edge + cycles {
            self.edge = first_late + 1;
            true
        } else {
            self.edge += cycles;
            false
        }
    }
}

/// The value of a finished playout for `mover`.
fn playout_value(cells: &[Bitboard; 2], mover: Player) -> i32 {
    let d = cells[mover.index()].count() as i32 - cells[mover.other().index()].count() as i32;
    WIN * d.signum() + d
}

/// Plays one playout from `state`; `None` when the watchdog stopped it
/// before its score cycle, else its value.
fn play_out(
    mut state: Playout,
    mover: Player,
    rng: &mut Xorshift32,
    timer: &mut Timer,
) -> Option<i32> {
    let noise_mask = (1u32 << NOISE_BITS) - 1;
    // The set-up cycle.
    if timer.stopped_in(1) {
        return None;
    }
    loop {
        let position = Position::from_registers(state.cells, state.used, state.to_move);
        let (candidates, done_edge) = scored_with_done(&position);
        // Start, wait for `done`, play: the watchdog may stop any cycle.
        let ply = 1 + done_edge as u64 + 1 + 1;
        let stopped = timer.stopped_in(ply);
        // The generator advances with every candidate that streamed by
        // before the watchdog; a stopped playout's draws no longer matter.
        let mut best: Option<(i32, Scored)> = None;
        for c in candidates {
            let key = i32::from(c.score) + (rng.draw() & noise_mask) as i32;
            if best.is_none_or(|(b, _)| key > b) {
                best = Some((key, c));
            }
        }
        if stopped {
            return None;
        }
        let side = state.to_move.index();
        let over = match best {
            Some((_, c)) => {
                state.cells[side] |= placer_cells(c.shape, c.corner);
                state.used[side] |= 1 << placer_tile(c.shape);
                state.passed = false;
                state.used[side] == blokus::tiles::ALL_TILES
            }
            None => {
                let over = state.passed;
                state.passed = true;
                over
            }
        };
        state.to_move = state.to_move.other();
        if over {
            break;
        }
    }
    // Count, then score: the value counts if the score cycle is reached.
    if timer.stopped_in(POP_COUNT_LATENCY) {
        return None;
    }
    let value = playout_value(&state.cells, mover);
    // The score cycle: its update stands even if the watchdog fires in it.
    timer.stopped_in(1);
    Some(value)
}

/// The search of the side to move of `position` within `budget`.
pub fn search(position: &Position, budget: Budget) -> Outcome {
    let me = position.to_move();
    let (root, root_done) = scored_with_done(position);
    let kept = ordered(&root);
    // Start, root, decide.
    let mut timer = Timer {
        edge: 1 + root_done as u64 + 1 + 1,
        watchdog: budget.watchdog,
    };
    let mut outcome = Outcome {
        best: None,
        candidates: root.len(),
        entries: kept.iter().map(|&c| (c, 0)).collect(),
        rounds: 0,
        playouts: 0,
        timed_out: false,
        edges: 0,
    };
    if kept.is_empty() {
        outcome.edges = timer.edge;
        return outcome;
    }
    let last_tile = position.tiles_placed(me) == 20;
    if last_tile || kept.len() == 1 {
        outcome.best = Some((kept[0], 0));
        outcome.edges = timer.edge;
        return outcome;
    }
    let mut rng = Xorshift32(SEED);
    // The list's rotation: the entry at its head.
    let mut head = 0;
    'rounds: loop {
        // The round check: the counter reads `edge + 1` in its cycle.
        let check_counter = timer.edge + 1;
        if timer.stopped_in(1) {
            outcome.timed_out = true;
            break;
        }
        if check_counter >= budget.rounds_until || outcome.rounds == ROUND_LIMIT {
            break;
        }
        for entry in 0..kept.len() {
            let c = kept[entry];
            let mut cells = [position.cells(Player::One), position.cells(Player::Two)];
            let mut used = [
                position.used_tiles(Player::One),
                position.used_tiles(Player::Two),
            ];
            cells[me.index()] |= placer_cells(c.shape, c.corner);
            used[me.index()] |= 1 << placer_tile(c.shape);
            let state = Playout {
                cells,
                used,
                to_move: me.other(),
                passed: false,
            };
            match play_out(state, me, &mut rng, &mut timer) {
                Some(value) => {
                    outcome.entries[entry].1 += value;
                    outcome.playouts += 1;
                    head = (entry + 1) % kept.len();
                    if entry + 1 == kept.len() {
                        outcome.rounds += 1;
                    }
                    if timer.edge >= budget.watchdog {
                        // Fired in the score cycle: its update stands.
                        outcome.timed_out = true;
                        break 'rounds;
                    }
                }
                None => {
                    outcome.timed_out = true;
                    break 'rounds;
                }
            }
        }
    }
    // Choose: one entry a cycle from the head, the first with the highest total.
    timer.edge += kept.len() as u64;
    outcome.edges = timer.edge;
    let mut best: Option<(Scored, i32)> = None;
    for k in 0..kept.len() {
        let (c, total) = outcome.entries[(head + k) % kept.len()];
        if best.is_none_or(|(_, b)| total > b) {
            best = Some((c, total));
        }
    }
    outcome.best = best;
    outcome
}

/// The flat search's move within `budget`; a pass once the game is over or without a candidate.
pub fn choose(position: &Position, budget: Budget) -> Move {
    if position.is_over() {
        return Move::Pass;
    }
    search(position, budget).best.map_or(Move::Pass, |(m, _)| {
        Move::Place(placement_at(m.shape, m.corner).expect("a candidate lies on the board"))
    })
}

/// The flat search as an engine (`board-flat[:MS]`).
pub struct BoardFlat {
    budget: Budget,
    last: Option<Outcome>,
}

impl BoardFlat {
    /// The flat search with `budget` (its own: [`flat_budget`]).
    pub fn new(budget: Budget) -> BoardFlat {
        BoardFlat { budget, last: None }
    }
}

impl Default for BoardFlat {
    fn default() -> BoardFlat {
        BoardFlat::new(flat_budget())
    }
}

impl Engine for BoardFlat {
    fn name(&self) -> &str {
        "board-flat"
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let outcome = search(position, self.budget);
        let m = outcome.best.map_or(Move::Pass, |(m, _)| {
            Move::Place(placement_at(m.shape, m.corner).expect("a candidate lies on the board"))
        });
        self.last = Some(outcome);
        m
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            format!(
                "{} playouts in {} rounds, {:.0} ms of board time",
                o.playouts,
                o.rounds,
                o.edges as f64 * 1e3 / CLOCK_HZ as f64
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::{random_games, sensible_games};

    #[test]
    fn every_choice_is_legal_and_a_pass_only_without_moves() {
        let budget = Budget::rounds_for(20_000);
        for history in random_games(81, 2) {
            for position in history.iter().filter(|p| !p.is_over()) {
                match choose(position, budget) {
                    Move::Pass => assert!(position.legal_placements().is_empty()),
                    m => assert!(position.check(m.code()).is_ok(), "{m}"),
                }
            }
        }
    }

    #[test]
    fn the_totals_are_whole_rounds_of_playouts_and_the_best_total_wins() {
        let budget = Budget::rounds_for(60_000);
        let mut searched = 0;
        for position in sensible_games(82, 1, 4)
            .into_iter()
            .flatten()
            .filter(|p| !p.is_over() && p.legal_placements().len() > 1)
            .step_by(4)
        {
            let o = search(&position, budget);
            let kept = o.entries.len();
            assert_eq!(kept, position.legal_placements().len().min(ENTRIES));
            assert!(!o.timed_out);
            assert_eq!(o.playouts, o.rounds * kept as u32, "{o:?}");
            for &(_, total) in &o.entries {
                // A playout's value is WIN + d, or -WIN + d, or 0 (a draw).
                assert!(total.unsigned_abs() <= o.rounds * (WIN as u32 + 89));
            }
            let (best, total) = o.best.unwrap();
            let top = o.entries.iter().map(|e| e.1).max().unwrap();
            assert_eq!(total, top);
            let first = o.entries.iter().find(|e| e.1 == top).unwrap().0;
            assert_eq!(best, first, "the first entry with the best total");
            // A round ends past the budget only by less than its own length.
            assert!(o.edges < budget.rounds_until + MAX_ROUND_CYCLES + 64);
            searched += 1;
        }
        assert!(searched > 5);
    }

    #[test]
    fn the_watchdog_stops_a_round_and_the_root_best_stands_without_playouts() {
        let position = Position::new();
        // No round may start: the evaluator's best, after the choice.
        let none = search(
            &position,
            Budget {
                rounds_until: 0,
                watchdog: 1 << 24,
            },
        );
        assert_eq!((none.rounds, none.playouts, none.timed_out), (0, 0, false));
        assert_eq!(none.best.unwrap().0, none.entries[0].0);
        // The watchdog before the first playout ends: totals all 0, the first entry.
        let cut = search(
            &position,
            Budget {
                rounds_until: 1 << 20,
                watchdog: 2_000,
            },
        );
        assert!(cut.timed_out && cut.playouts == 0, "{cut:?}");
        assert_eq!(cut.best.unwrap().0, cut.entries[0].0);
        // Stopped midway through the first round: some playouts, no round.
        let mid = search(
            &position,
            Budget {
                rounds_until: 1 << 20,
                watchdog: 30_000,
            },
        );
        assert!(
            mid.timed_out && mid.rounds == 0 && mid.playouts > 0,
            "{mid:?}"
        );
        assert!(mid.edges <= 30_000 + ENTRIES as u64);
    }

    #[test]
    fn the_boards_budget_leaves_the_answer_well_inside_the_contest_limit() {
        // The round budget plus the longest round and the choice stay
        // below the watchdog, which stays below 0.8 s less the answer's
        // four bytes on the line (4 x 10 bits at 115,200 baud).
        let b = flat_budget();
        assert!(b.rounds_until + MAX_ROUND_CYCLES + ENTRIES as u64 + 1 < b.watchdog);
        let line = 40 * CLOCK_HZ / 115_200;
        assert!(b.watchdog + line < CLOCK_HZ * 8 / 10);
    }
}
