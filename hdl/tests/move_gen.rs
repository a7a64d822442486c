//! The move generator against `model::move_gen`, in rust-hdl's event
//! simulator: every bit of every row, the row index, `row_valid` and `busy`
//! on every cycle, for positions from random legal games, back to back and
//! restarted mid-way, and for arbitrary masks; and its Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::ALL_TILES;
use blokus::{Bitboard, Cell};
use hdl::move_gen::Tiles;
use hdl::{board_from_words, MoveGen};
use model::move_gen::MoveGenInputs;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::{
    check_samples, game_positions, positions_after_passes, row_words, schedule_with_gaps,
    simulate_schedule, Case, Ports, Sample,
};
use std::time::Instant;

fn ports() -> Ports<MoveGen, MoveGenInputs> {
    Ports {
        clock: |x| x.clock.val().clk,
        toggle: |x| x.clock.next = !x.clock.val(),
        drive: |x, inputs| match inputs {
            Some(v) => {
                x.start.next = true;
                x.allowed.next = board_from_words(v.allowed.0);
                x.attach.next = board_from_words(v.attach.0);
                x.tiles_left.next = Tiles::from(u64::from(v.tiles_left));
            }
            None => {
                // Inputs count only with `start`: junk between starts must not matter.
                x.start.next = false;
                x.allowed.next = board_from_words(Bitboard::FULL.0);
                x.attach.next = board_from_words(Bitboard::FULL.0);
                x.tiles_left.next = Tiles::from(u64::from(ALL_TILES));
            }
        },
        sample: |x| Sample {
            row_valid: x.row_valid.val(),
            row: x.row.val().to_u64(),
            busy: x.busy.val(),
            row_bits: row_words(&x.row_bits.val()),
        },
    }
}

fn game_cases(seed: u64, games: usize) -> Vec<Case<MoveGenInputs>> {
    game_positions(seed, games)
        .into_iter()
        .map(|(what, p)| {
            let inputs = MoveGenInputs::for_position(&p);
            Case::new(what, inputs, &inputs)
        })
        .collect()
}

/// Random legal games enough for over 1,000 positions.
const GAMES: usize = 34;

#[test]
fn matches_the_model_on_positions_from_random_games_back_to_back() {
    assert_eq!(hdl::move_gen::LATENCY, model::move_gen::LATENCY);
    assert_eq!(hdl::move_gen::ROW_BITS, model::move_gen::ROW_BITS);
    let positions = game_positions(2024, GAMES);
    assert!(
        positions.len() >= 1000,
        "only {} positions",
        positions.len()
    );
    assert!(positions.iter().any(|(_, p)| p.plies() == 0));
    assert!(positions.iter().filter(|(_, p)| p.is_over()).count() == GAMES);
    let passes = positions_after_passes(&positions);
    assert!(passes > 0, "no position after a pass");
    let cases = game_cases(2024, GAMES);
    // Mostly back to back (the next start in the cycle the last row is out),
    // now and then a few idle cycles between positions.
    let schedule = schedule_with_gaps(cases.len(), |i| if i % 5 == 0 { 15 + i % 4 } else { 15 });
    let started = Instant::now();
    let samples = simulate_schedule(MoveGen::new(), &cases, &schedule, ports());
    let elapsed = started.elapsed();
    check_samples(&cases, &schedule, &samples);
    println!(
        "{} positions ({passes} after passes), {} cycles simulated in {elapsed:?} ({:.0} cycles/s)",
        cases.len(),
        schedule.len(),
        schedule.len() as f64 / elapsed.as_secs_f64()
    );
}

/// Arbitrary masks and tile sets, reachable or not: the model is defined for any inputs.
fn random_cases(seed: u64, count: usize) -> Vec<Case<MoveGenInputs>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut cases = Vec::new();
    for (what, allowed, attach, tiles_left) in [
        (
            "everything allowed and attachable",
            Bitboard::FULL,
            Bitboard::FULL,
            ALL_TILES,
        ),
        (
            "nothing allowed",
            Bitboard::EMPTY,
            Bitboard::FULL,
            ALL_TILES,
        ),
        (
            "nothing attachable",
            Bitboard::FULL,
            Bitboard::EMPTY,
            ALL_TILES,
        ),
        ("no tiles", Bitboard::FULL, Bitboard::FULL, 0),
    ] {
        let inputs = MoveGenInputs {
            allowed,
            attach,
            tiles_left,
        };
        cases.push(Case::new(what.to_string(), inputs, &inputs));
    }
    for n in 0..count {
        let (a, b) = (rng.random_range(0..=100u32), rng.random_range(0..=30u32));
        let mut board = |density: u32| -> Bitboard {
            Cell::all()
                .filter(|_| rng.random_range(0..100) < density)
                .collect()
        };
        let (allowed, attach) = (board(a), board(b));
        let tiles_left = rng.random_range(0..=ALL_TILES);
        let inputs = MoveGenInputs {
            allowed,
            attach,
            tiles_left,
        };
        let what = format!("random masks {n} ({a}% allowed, {b}% attach)");
        cases.push(Case::new(what, inputs, &inputs));
    }
    cases
}

#[test]
fn restarts_cleanly_mid_way_and_matches_the_model_on_arbitrary_masks() {
    let mut cases = game_cases(77, 3);
    cases.extend(random_cases(78, 200));
    // Each start comes 1 to 16 edges after the one before: 1..=14 restart a
    // position mid-way (14 drops just its last row), 15 is back to back.
    let mut rng = StdRng::seed_from_u64(79);
    let gaps: Vec<usize> = (0..cases.len()).map(|_| rng.random_range(1..=16)).collect();
    assert!((1..=16).all(|g| gaps[1..].contains(&g)));
    let schedule = schedule_with_gaps(cases.len(), |i| gaps[i]);
    let started = Instant::now();
    let samples = simulate_schedule(MoveGen::new(), &cases, &schedule, ports());
    let elapsed = started.elapsed();
    check_samples(&cases, &schedule, &samples);
    println!(
        "{} cases, {} restarted mid-way, {} cycles simulated in {elapsed:?}",
        cases.len(),
        gaps[1..].iter().filter(|&&g| g < 15).count(),
        schedule.len(),
    );
}

#[test]
fn generates_compact_verilog_that_verilator_lints_clean() {
    let mut uut = MoveGen::new();
    let (verilog, _) = rows::verilog_with_ports(
        &mut uut,
        &[
            "input wire clock",
            "input wire start",
            "input wire [195:0] allowed",
            "input wire [195:0] attach",
            "input wire [20:0] tiles_left",
            "output reg row_valid",
            "output reg [3:0] row",
            "output reg [1273:0] row_bits",
            "output reg busy",
        ],
    );
    // The shapes' logic is one statement a shape, not unrolled per corner or cell.
    let lines = verilog.lines().count();
    assert!(lines < 3000, "{lines} lines of Verilog");
    rows::lint_verilog("move_gen", &verilog);
}
