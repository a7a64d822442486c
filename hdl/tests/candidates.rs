//! The candidate stream against `model::candidates`, in rust-hdl's
//! event simulator: behind `LegalMoves` (the whole chain from a position to
//! its candidates) and on its own fed with the model's rows at the
//! generator's timing, for positions from random legal games back to back,
//! with idle gaps and with restarts mid-stream, and for arbitrary rows. After
//! every rising edge `valid`, `shape`, `corner` and `done` must be exactly
//! what the model's stream and the documented timing say. And its Verilog
//! lints clean.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::ALL_TILES;
use blokus::{Bitboard, Position};
use hdl::candidates::{ROW13_TO_DONE, ROW_TO_CANDIDATE};
use hdl::move_gen::{RowBits, Tiles, ROW_BITS};
use hdl::{board_from_words, Board, Candidates, LegalMoves};
use model::candidates::{candidate_stream, timeline, DONE_LATENCY, LATENCY};
use model::mask_unit::MaskInputs;
use model::move_gen::{move_gen_rows, pack_row, MoveGenInputs, Row, ROWS};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::{game_positions, positions_after_passes, simulate_edges};
use rust_hdl::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// What the block shows after one rising edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Sample {
    valid: bool,
    shape: u8,
    corner: u8,
    done: bool,
}

/// One position (or set of rows): the generator's inputs and the model's rows and stream.
struct Case {
    what: String,
    /// The chain's inputs (mask unit and tiles), for cases from positions.
    masks: Option<(MaskInputs, u32)>,
    /// The generator's rows as hardware values.
    rows: Vec<RowBits>,
    /// `candidate_stream` of the rows.
    stream: Vec<(u8, u8)>,
}

impl Case {
    fn from_rows(what: String, rows: &[Row], masks: Option<(MaskInputs, u32)>) -> Case {
        Case {
            what,
            masks,
            rows: rows.iter().map(|r| row_bits(&pack_row(r))).collect(),
            stream: candidate_stream(rows),
        }
    }

    fn from_position(what: String, p: &Position) -> Case {
        let inputs = MoveGenInputs::for_position(p);
        let rows = move_gen_rows(&inputs);
        Case::from_rows(
            what,
            &rows,
            Some((MaskInputs::for_position(p), inputs.tiles_left)),
        )
    }

    /// Edges after `start` at which each candidate is presented, and the
    /// `done` edge: `model::candidates::timeline`.
    fn timeline(&self) -> (Vec<usize>, usize) {
        timeline(&self.stream)
    }
}

/// A packed row (`pack_row`) as the hardware's 1,274-bit value.
fn row_bits(words: &[u64]) -> RowBits {
    words
        .iter()
        .enumerate()
        .fold(RowBits::default(), |bits, (n, &w)| {
            bits | (RowBits::from(w) << (64 * n as u64))
        })
}

/// When each case starts: `starts[k]` is the edge that samples case `k`'s `start`.
struct Schedule {
    starts: Vec<usize>,
    edges: usize,
}

impl Schedule {
    /// Case 0 starts at edge 1; case `k + 1` starts `gap(k, done_k)` edges
    /// after case `k`, where `done_k` is its `done` edge after its start.
    fn new(cases: &[Case], mut gap: impl FnMut(usize, usize) -> usize) -> Schedule {
        let mut starts = vec![1];
        for (k, case) in cases.iter().enumerate().take(cases.len() - 1) {
            let g = gap(k, case.timeline().1);
            assert!(g >= 1);
            starts.push(starts[k] + g);
        }
        let edges = starts[cases.len() - 1] + cases[cases.len() - 1].timeline().1 + 4;
        Schedule { starts, edges }
    }

    /// The edge after case `k`'s start at which it is cut off (the next start).
    fn end(&self, k: usize) -> usize {
        self.starts.get(k + 1).copied().unwrap_or(usize::MAX)
    }

    /// For each edge, the case whose `start` it samples.
    fn start_at(&self) -> Vec<Option<usize>> {
        let mut at = vec![None; self.edges];
        for (k, &e) in self.starts.iter().enumerate() {
            at[e] = Some(k);
        }
        at
    }

    /// For each edge, the generator row (case, row) it samples, per
    /// `MoveGen`'s timing: row `r` of the case started at `e` is presented
    /// after edge `e + r + 1` (sampled at `e + r + 2`) unless a later start
    /// came at or before edge `e + r + 1`.
    fn row_at(&self) -> Vec<Option<(usize, usize)>> {
        let mut at = vec![None; self.edges];
        for (k, &e) in self.starts.iter().enumerate() {
            for r in 0..ROWS {
                if e + r + 1 < self.end(k) {
                    at[e + r + 2] = Some((k, r));
                }
            }
        }
        at
    }

    /// What the block must show after each edge.
    fn expected(&self, cases: &[Case]) -> Vec<Sample> {
        let mut want = vec![Sample::default(); self.edges];
        for (k, case) in cases.iter().enumerate() {
            let (edges, done) = case.timeline();
            let (e, end) = (self.starts[k], self.end(k));
            for (&t, &(shape, corner)) in edges.iter().zip(&case.stream) {
                if e + t < end {
                    want[e + t] = Sample {
                        valid: true,
                        shape,
                        corner,
                        done: false,
                    };
                }
            }
            if e + done < end {
                want[e + done].done = true;
            }
        }
        want
    }

    /// Cases that ran to `done` before the next start.
    fn completed(&self, cases: &[Case]) -> Vec<usize> {
        (0..cases.len())
            .filter(|&k| self.starts[k] + cases[k].timeline().1 < self.end(k))
            .collect()
    }
}

/// A block the testbench drives: the candidate stream alone or behind `LegalMoves`.
trait Harness: Block + Send + 'static {
    fn clock(&self) -> bool;
    fn toggle(&mut self);
    fn sample(&self) -> Sample;
}

/// `Harness` for a block with the candidate stream's ports (`clock`,
/// `valid`, `shape`, `corner`, `done`).
macro_rules! stream_harness {
    ($block:ty) => {
        impl Harness for $block {
            fn clock(&self) -> bool {
                self.clock.val().clk
            }
            fn toggle(&mut self) {
                self.clock.next = !self.clock.val();
            }
            fn sample(&self) -> Sample {
                Sample {
                    valid: self.valid.val(),
                    shape: self.shape.val().index() as u8,
                    corner: self.corner.val().index() as u8,
                    done: self.done.val(),
                }
            }
        }
    };
}

stream_harness!(Candidates);

/// `LegalMoves` feeding `Candidates`, both started by the one `start`.
#[derive(LogicBlock)]
struct Chain {
    clock: Signal<In, Clock>,
    start: Signal<In, Bit>,
    own: Signal<In, Board>,
    opponent: Signal<In, Board>,
    start_square: Signal<In, Board>,
    tiles_left: Signal<In, Tiles>,
    valid: Signal<Out, Bit>,
    shape: Signal<Out, Bits<7>>,
    corner: Signal<Out, Bits<8>>,
    done: Signal<Out, Bit>,
    legal: LegalMoves,
    candidates: Candidates,
}

impl Chain {
    fn new() -> Chain {
        Chain {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            tiles_left: Default::default(),
            valid: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            done: Default::default(),
            legal: LegalMoves::new(),
            candidates: Candidates::new(),
        }
    }
}

impl Logic for Chain {
    #[hdl_gen]
    fn update(&mut self) {
        self.legal.clock.next = self.clock.val();
        self.legal.start.next = self.start.val();
        self.legal.own.next = self.own.val();
        self.legal.opponent.next = self.opponent.val();
        self.legal.start_square.next = self.start_square.val();
        self.legal.tiles_left.next = self.tiles_left.val();
        self.candidates.clock.next = self.clock.val();
        self.candidates.start.next = self.start.val();
        self.candidates.row_valid.next = self.legal.row_valid.val();
        self.candidates.row.next = self.legal.row.val();
        self.candidates.row_bits.next = self.legal.row_bits.val();
        self.valid.next = self.candidates.valid.val();
        self.shape.next = self.candidates.shape.val();
        self.corner.next = self.candidates.corner.val();
        self.done.next = self.candidates.done.val();
    }
}

stream_harness!(Chain);

/// Runs `uut` in rust-hdl's simulator for `edges` rising edges: before edge
/// `t` the testbench calls `drive(uut, t)`, after it it samples the outputs.
fn simulate<T: Harness>(
    uut: T,
    edges: usize,
    drive: impl Fn(&mut T, usize) + Send + std::panic::RefUnwindSafe + 'static,
) -> Vec<Sample> {
    simulate_edges(uut, edges, T::clock, T::toggle, drive, T::sample)
}

/// Candidates alone, fed the cases' rows at `MoveGen`'s timing.
fn simulate_alone(cases: &Arc<Vec<Case>>, schedule: &Schedule) -> Vec<Sample> {
    let start_at = schedule.start_at();
    let row_at = schedule.row_at();
    let cases = cases.clone();
    simulate(Candidates::new(), schedule.edges, move |x, t| {
        x.start.next = start_at[t].is_some();
        match row_at[t] {
            Some((k, r)) => {
                x.row_valid.next = true;
                x.row.next = (r as u64).into();
                x.row_bits.next = cases[k].rows[r];
            }
            None => {
                // Row inputs count only with `row_valid`: junk must not matter.
                x.row_valid.next = false;
                x.row.next = 13.into();
                x.row_bits.next = !RowBits::default();
            }
        }
    })
}

/// The chain, given the cases' positions at their starts.
fn simulate_chain(cases: &Arc<Vec<Case>>, schedule: &Schedule) -> Vec<Sample> {
    let start_at = schedule.start_at();
    let cases = cases.clone();
    simulate(Chain::new(), schedule.edges, move |x, t| {
        match start_at[t] {
            Some(k) => {
                let (masks, tiles_left) = cases[k].masks.expect("a case from a position");
                x.start.next = true;
                x.own.next = board_from_words(masks.own.0);
                x.opponent.next = board_from_words(masks.opponent.0);
                x.start_square.next = board_from_words(masks.start.0);
                x.tiles_left.next = Tiles::from(u64::from(tiles_left));
            }
            None => {
                // Inputs count only with `start`: junk between starts must not matter.
                x.start.next = false;
                x.own.next = board_from_words(Bitboard::EMPTY.0);
                x.opponent.next = board_from_words(Bitboard::EMPTY.0);
                x.start_square.next = board_from_words(Bitboard::FULL.0);
                x.tiles_left.next = Tiles::from(u64::from(ALL_TILES));
            }
        }
    })
}

/// Panics, naming the case and the edge after its start, unless every sample
/// is what the model says. Returns the number of candidates seen.
fn check(cases: &[Case], schedule: &Schedule, samples: &[Sample]) -> usize {
    let want_all = schedule.expected(cases);
    for (t, (got, want)) in samples.iter().zip(&want_all).enumerate() {
        let matches = got.valid == want.valid
            && got.done == want.done
            && (!want.valid || (got.shape, got.corner) == (want.shape, want.corner));
        if !matches {
            let k = schedule.starts.iter().rposition(|&e| e <= t);
            let when = match k {
                Some(k) => format!(
                    "edge {t}, {} edges after the start of {} ({} candidates, done at {})",
                    t - schedule.starts[k],
                    cases[k].what,
                    cases[k].stream.len(),
                    cases[k].timeline().1
                ),
                None => format!("edge {t}, before any start"),
            };
            let from = t.saturating_sub(8);
            let context: Vec<String> = (from..=t)
                .map(|e| {
                    format!(
                        "  edge {e}: got {:?}\n           want {:?}",
                        samples[e], want_all[e]
                    )
                })
                .collect();
            panic!("{when}: got {got:?}, want {want:?}\n{}", context.join("\n"));
        }
    }
    want_all.iter().filter(|s| s.valid).count()
}

/// Median and maximum.
fn median_max(mut v: Vec<usize>) -> (usize, usize) {
    v.sort_unstable();
    (v[v.len() / 2], v[v.len() - 1])
}

fn game_cases(seed: u64, games: usize) -> Vec<Case> {
    game_positions(seed, games)
        .into_iter()
        .map(|(what, p)| Case::from_position(what, &p))
        .collect()
}

/// Mostly back to back (the next start at the edge after `done`), now and
/// then idle edges in between or a restart before `done` (at a random edge,
/// `done`'s own included).
fn mixed_gaps(seed: u64) -> impl FnMut(usize, usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    move |k, done| match k % 10 {
        3 => done + 1 + rng.random_range(1..4),
        7 => rng.random_range(1..=done),
        _ => done + 1,
    }
}

#[test]
fn the_timing_constants_are_the_models() {
    assert_eq!(hdl::candidates::LATENCY, LATENCY);
    assert_eq!(hdl::candidates::DONE_LATENCY, DONE_LATENCY);
    // Behind the generator: row r is presented after edge r + 1, sampled at r + 2.
    assert_eq!(LATENCY, 2 + ROW_TO_CANDIDATE);
    assert_eq!(DONE_LATENCY, model::move_gen::LATENCY + 1 + ROW13_TO_DONE);
    assert_eq!(ROW_BITS, model::move_gen::ROW_BITS);
}

/// Over 1,000 positions of random legal games (start, middle, end, after
/// passes), the rows the model's generator gives at the generator's timing.
#[test]
fn streams_over_1000_positions_from_random_games_at_the_generators_timing() {
    const GAMES: usize = 34;
    let positions = game_positions(4096, GAMES);
    assert!(positions.len() >= 1000, "only {}", positions.len());
    assert_eq!(
        positions.iter().filter(|(_, p)| p.plies() == 0).count(),
        GAMES
    );
    assert_eq!(positions.iter().filter(|(_, p)| p.is_over()).count(), GAMES);
    let passes = positions_after_passes(&positions);
    assert!(passes > 0, "no position after a pass");
    let cases: Vec<Case> = positions
        .iter()
        .map(|(what, p)| Case::from_position(what.clone(), p))
        .collect();
    let cases = Arc::new(cases);
    let schedule = Schedule::new(&cases, mixed_gaps(4097));
    let started = Instant::now();
    let samples = simulate_alone(&cases, &schedule);
    let elapsed = started.elapsed();
    let seen = check(&cases, &schedule, &samples);
    let completed = schedule.completed(&cases);
    let (median, max) = median_max(completed.iter().map(|&k| cases[k].timeline().1).collect());
    let (median_n, max_n) = median_max(completed.iter().map(|&k| cases[k].stream.len()).collect());
    println!(
        "{} positions ({passes} after passes, {} restarted before done), {seen} candidates, \
         {} cycles simulated in {elapsed:?} ({:.0} cycles/s)",
        cases.len(),
        cases.len() - completed.len(),
        schedule.edges,
        schedule.edges as f64 / elapsed.as_secs_f64()
    );
    println!(
        "cycles from start to done over the {} positions run to done: median {median}, max {max} \
         (candidates: median {median_n}, max {max_n})",
        completed.len()
    );
}

/// The whole chain: `LegalMoves` -> `Candidates`, positions from random games.
#[test]
fn streams_positions_behind_legal_moves() {
    const GAMES: usize = 3;
    let cases = Arc::new(game_cases(8192, GAMES));
    let schedule = Schedule::new(&cases, mixed_gaps(8193));
    let started = Instant::now();
    let samples = simulate_chain(&cases, &schedule);
    let elapsed = started.elapsed();
    let seen = check(&cases, &schedule, &samples);
    println!(
        "{} positions behind LegalMoves ({} restarted before done), {seen} candidates, \
         {} cycles simulated in {elapsed:?} ({:.0} cycles/s)",
        cases.len(),
        cases.len() - schedule.completed(&cases).len(),
        schedule.edges,
        schedule.edges as f64 / elapsed.as_secs_f64()
    );
}

/// Rows no generator gives but the block must stream all the same: sparse
/// and dense random rows, single candidates per row (each row loaded the
/// cycle after the one before), only the last row, every bit of every row.
fn arbitrary_cases(seed: u64, count: usize) -> Vec<Case> {
    let mut rng = StdRng::seed_from_u64(seed);
    let empty: Row = [0; 91];
    let mut cases = Vec::new();
    let mut add =
        |what: &str, rows: Vec<Row>| cases.push(Case::from_rows(what.into(), &rows, None));
    add("no candidate", vec![empty; ROWS]);
    let mut last = vec![empty; ROWS];
    last[13][90] = 1 << 13;
    add("one candidate, the last corner of the last row", last);
    let mut first = vec![empty; ROWS];
    first[0][0] = 1;
    add("one candidate, the first corner of the first row", first);
    let singles: Vec<Row> = (0..ROWS)
        .map(|r| {
            let mut row = empty;
            row[(r * 7) % 91] = 1 << (r % 14);
            row
        })
        .collect();
    add("one candidate in every row", singles);
    let mut pairs = vec![empty; ROWS];
    for (r, row) in pairs.iter_mut().enumerate() {
        row[r] = 0b11 << (r % 12);
        row[90 - r] = 1;
    }
    add("three candidates in every row", pairs);
    add("every bit of every row", vec![[(1 << 14) - 1; 91]; ROWS]);
    for n in 0..count {
        let density = [1, 3, 10, 50][n % 4];
        let rows: Vec<Row> = (0..ROWS)
            .map(|_| {
                let mut row = empty;
                if rng.random_range(0..3) > 0 {
                    for bits in row.iter_mut() {
                        for x in 0..14 {
                            if rng.random_range(0..1000) < density {
                                *bits |= 1 << x;
                            }
                        }
                    }
                }
                row
            })
            .collect();
        add(&format!("random rows {n} ({density} per mille)"), rows);
    }
    cases
}

#[test]
fn streams_arbitrary_rows_and_restarts_at_every_offset() {
    let cases = Arc::new(arbitrary_cases(16384, 120));
    // Back to back, and restarts from 1 edge after a start to `done`'s edge.
    let mut rng = StdRng::seed_from_u64(16385);
    let schedule = Schedule::new(&cases, |k, done| {
        if k % 2 == 0 {
            done + 1
        } else {
            rng.random_range(1..=done)
        }
    });
    let started = Instant::now();
    let samples = simulate_alone(&cases, &schedule);
    let elapsed = started.elapsed();
    let seen = check(&cases, &schedule, &samples);
    println!(
        "{} cases ({} restarted before done), {seen} candidates, {} cycles simulated in {elapsed:?}",
        cases.len(),
        cases.len() - schedule.completed(&cases).len(),
        schedule.edges,
    );
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let mut uut = Candidates::new();
    let (verilog, words) = rows::verilog_with_ports(
        &mut uut,
        &[
            "input wire clock",
            "input wire start",
            "input wire row_valid",
            "input wire [3:0] row",
            "input wire [1273:0] row_bits",
            "output reg valid",
            "output reg [6:0] shape",
            "output reg [7:0] corner",
            "output reg done",
        ],
    );
    // The rows are stored in a RAM, not in 14 x 1,274 flip-flops.
    assert!(words.contains("reg[1273:0] mem[15:0];"));
    rows::lint_verilog("candidates", &verilog);
}
