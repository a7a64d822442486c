//! The whole core (`OnePly`: masks, generator, candidate stream, placer,
//! evaluator, best-so-far) against `model::one_ply::decide`, in
//! rust-hdl's event simulator: positions of random legal games back to back
//! (start, middle, end, after passes), some restarted before their decision.
//! After every rising edge `done` and `generating` must be what the model's
//! timing says; from the `done` edge to the next start every output must be
//! the model's decision, every bit. And its Verilog lints clean.
//!
//! The event simulator runs this block at some 500 cycles a second, so CI
//! runs a few dozen positions here; the Verilator check in `verilator.rs`
//! runs the same block's Verilog on more than 10,000.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::ALL_TILES;
use blokus::{Bitboard, Position};
use hdl::move_gen::Tiles;
use hdl::{board_from_words, Board, OnePly};
use model::evaluator::Features;
use model::move_gen::{MoveGenInputs, LATENCY as ROWS_LATENCY};
use model::one_ply::{decide, Decision};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::{game_positions, lint_verilog, positions_after_passes, simulate_edges};
use rust_hdl::prelude::*;
use std::time::Instant;

/// The block's inputs for the side to move of a position.
#[derive(Clone, Copy)]
struct Inputs {
    own: Bitboard,
    opponent: Bitboard,
    start_square: Bitboard,
    opponent_start_square: Bitboard,
    tiles_left: u32,
}

impl Inputs {
    fn for_position(p: &Position) -> Inputs {
        let me = p.to_move();
        Inputs {
            own: p.cells(me),
            opponent: p.cells(me.other()),
            start_square: Bitboard::from_cell(me.start_square()),
            opponent_start_square: Bitboard::from_cell(me.other().start_square()),
            tiles_left: MoveGenInputs::for_position(p).tiles_left,
        }
    }
}

/// What the block shows after one rising edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sample {
    done: bool,
    generating: bool,
    found: bool,
    shape: u8,
    corner: u8,
    tile: u8,
    score: i16,
    features: Features,
    candidates: u16,
}

impl Sample {
    fn of(uut: &OnePly) -> Sample {
        let byte = |b: Bits<8>| b.to_u64() as u8;
        // The 12-bit two's complement score, sign-extended.
        let raw = uut.best_score.val().inner().to_u64() as i16;
        Sample {
            done: uut.done.val(),
            generating: uut.generating.val(),
            found: uut.found.val(),
            shape: uut.best_shape.val().to_u64() as u8,
            corner: byte(uut.best_corner.val()),
            tile: uut.best_tile.val().to_u64() as u8,
            score: if raw >= 2048 { raw - 4096 } else { raw },
            features: Features {
                cells: byte(uut.best_cells.val()),
                own_attach: byte(uut.best_own_attach.val()),
                opp_attach: byte(uut.best_opp_attach.val()),
                own_reach: byte(uut.best_own_reach.val()),
                opp_reach: byte(uut.best_opp_reach.val()),
            },
            candidates: uut.candidates.val().to_u64() as u16,
        }
    }

    /// Whether the decision outputs are `want`'s (the best's fields only when found).
    fn shows(&self, want: &Decision) -> bool {
        self.candidates == want.candidates
            && match want.best {
                None => !self.found,
                Some(b) => {
                    self.found
                        && (
                            self.shape,
                            self.corner,
                            self.tile,
                            self.score,
                            self.features,
                        ) == (b.shape, b.corner, b.tile, b.score, b.features)
                }
            }
    }
}

/// One position: its description, inputs and the model's decision.
struct Case {
    what: String,
    inputs: Inputs,
    decision: Decision,
}

/// Case `k` starts at edge `starts[k]`; the run ends a few edges after the last decision.
struct Schedule {
    starts: Vec<usize>,
    edges: usize,
}

impl Schedule {
    /// Case 0 at edge 1; each later case a few edges after the decision
    /// before it, or (one case in `restart_one_in`) somewhere before it.
    fn new(cases: &[Case], seed: u64, restart_one_in: u32) -> Schedule {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut starts = vec![1];
        for case in &cases[..cases.len() - 1] {
            let done = case.decision.done_edge;
            let gap = if rng.random_range(0..restart_one_in) == 0 {
                rng.random_range(1..=done)
            } else {
                done + rng.random_range(1..4)
            };
            starts.push(starts.last().unwrap() + gap);
        }
        let edges = starts.last().unwrap() + cases.last().unwrap().decision.done_edge + 4;
        Schedule { starts, edges }
    }

    /// The case running at edge `t` and the edges since its start.
    fn running(&self, t: usize) -> Option<(usize, usize)> {
        let k = self.starts.iter().rposition(|&s| s <= t)?;
        Some((k, t - self.starts[k]))
    }
}

fn simulate(cases: &[Case], schedule: &Schedule) -> Vec<Sample> {
    let mut at: Vec<Option<Inputs>> = vec![None; schedule.edges];
    for (k, &s) in schedule.starts.iter().enumerate() {
        at[s] = Some(cases[k].inputs);
    }
    simulate_edges(
        OnePly::new(),
        schedule.edges,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            // Inputs count only with `start`: junk between starts must not matter.
            let i = at[t].unwrap_or(Inputs {
                own: Bitboard::FULL,
                opponent: Bitboard::EMPTY,
                start_square: Bitboard::FULL,
                opponent_start_square: Bitboard::FULL,
                tiles_left: ALL_TILES,
            });
            let board = |b: Bitboard| -> Board { board_from_words(b.0) };
            x.start.next = at[t].is_some();
            x.own.next = board(i.own);
            x.opponent.next = board(i.opponent);
            x.start_square.next = board(i.start_square);
            x.opponent_start_square.next = board(i.opponent_start_square);
            x.tiles_left.next = Tiles::from(u64::from(i.tiles_left));
        },
        Sample::of,
    )
}

/// Panics at the first edge that differs from the model; returns the cases decided.
fn check(cases: &[Case], schedule: &Schedule, samples: &[Sample]) -> usize {
    let mut decided = 0;
    for (t, got) in samples.iter().enumerate() {
        let Some((k, since)) = schedule.running(t) else {
            assert!(!got.done && !got.generating, "edge {t}, before any start");
            continue;
        };
        let case = &cases[k];
        let when = format!("edge {t}, {since} edges after the start of {}", case.what);
        let done_edge = case.decision.done_edge;
        assert_eq!(got.done, since == done_edge, "{when}: done");
        assert_eq!(got.generating, since < ROWS_LATENCY, "{when}: generating");
        if since >= done_edge {
            assert!(
                got.shows(&case.decision),
                "{when}: the block shows {got:?}, the model decides {:?}",
                case.decision
            );
        }
        if since == done_edge {
            decided += 1;
        }
    }
    decided
}

#[test]
fn the_timing_constants_are_the_models() {
    assert_eq!(
        hdl::one_ply::DONE_AFTER_STREAM,
        model::one_ply::DONE_AFTER_STREAM
    );
}

/// Runs the positions of `games` random games (seeded by `seed`; every
/// `stride`-th position and every first and last one) back to back, about
/// one in eight restarted before its decision, and checks every edge.
fn decide_game_positions(seed: u64, games: usize, stride: usize) -> usize {
    let positions: Vec<(String, Position)> = game_positions(seed, games)
        .into_iter()
        .enumerate()
        .filter(|(n, (_, p))| *n % stride == 0 || p.is_over() || p.plies() == 0)
        .map(|(_, c)| c)
        .collect();
    let passes = positions_after_passes(&positions);
    let cases: Vec<Case> = positions
        .iter()
        .map(|(what, p)| Case {
            what: what.clone(),
            inputs: Inputs::for_position(p),
            decision: decide(p),
        })
        .collect();
    assert!(cases.iter().any(|c| c.decision.best.is_none()));
    let schedule = Schedule::new(&cases, seed + 1, 8);
    let started = Instant::now();
    let samples = simulate(&cases, &schedule);
    let elapsed = started.elapsed();
    let decided = check(&cases, &schedule, &samples);
    assert!(decided + 2 < cases.len() && decided > cases.len() / 2);
    let mut cycles: Vec<usize> = cases.iter().map(|c| c.decision.done_edge).collect();
    cycles.sort();
    println!(
        "{} positions ({passes} after passes, {} restarted before done), {} decisions equal; \
         edges from start to done: median {}, max {}; {} edges simulated in {elapsed:?}",
        cases.len(),
        cases.len() - decided,
        decided,
        cycles[cycles.len() / 2],
        cycles[cycles.len() - 1],
        schedule.edges
    );
    cases.len()
}

#[test]
fn decides_positions_from_random_games_as_the_model() {
    // Every other position of two games (with the first and last ones), so
    // passes and final positions come up.
    decide_game_positions(777, 2, 2);
}

/// The same on every position of 34 games (over 1,000 positions; some six
/// minutes in the event simulator, so not in CI: `cargo test --release -p
/// hdl --test one_ply -- --ignored`).
#[test]
#[ignore]
fn decides_over_1000_positions_from_random_games_as_the_model() {
    let positions = decide_game_positions(4242, 34, 1);
    assert!(positions >= 1000, "only {positions} positions");
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let (verilog, words) = rows::verilog_with_ports(
        &mut OnePly::new(),
        &[
            "input wire clock",
            "input wire start",
            "input wire [195:0] own",
            "input wire [20:0] tiles_left",
            "output reg done",
            "output reg [6:0] best_shape",
            "output reg signed [11:0] best_score",
        ],
    );
    assert!(words.contains("module top$scorer$evaluator"));
    lint_verilog("one_ply", &verilog);
}
