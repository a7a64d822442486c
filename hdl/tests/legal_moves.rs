//! The mask unit feeding the move generator against the host's model of
//! both (`MaskInputs::for_position` -> `move_gen_rows`), in rust-hdl's event
//! simulator: every bit of every row, the row index, `row_valid` and `busy`
//! on every cycle, for over 1,000 positions from random legal games back to
//! back; and its Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::ALL_TILES;
use blokus::Bitboard;
use hdl::move_gen::Tiles;
use hdl::{board_from_words, LegalMoves};
use model::mask_unit::MaskInputs;
use model::move_gen::MoveGenInputs;
use rows::{
    check_samples, game_positions, positions_after_passes, row_words, schedule_with_gaps,
    simulate_schedule, Case, Ports, Sample,
};
use std::time::Instant;

/// The block's inputs for a position: the mask unit's, and the tiles left.
#[derive(Clone, Debug)]
struct Inputs {
    masks: MaskInputs,
    tiles_left: u32,
}

fn ports() -> Ports<LegalMoves, Inputs> {
    Ports {
        clock: |x| x.clock.val().clk,
        toggle: |x| x.clock.next = !x.clock.val(),
        drive: |x, inputs| match inputs {
            Some(v) => {
                x.start.next = true;
                x.own.next = board_from_words(v.masks.own.0);
                x.opponent.next = board_from_words(v.masks.opponent.0);
                x.start_square.next = board_from_words(v.masks.start.0);
                x.tiles_left.next = Tiles::from(u64::from(v.tiles_left));
            }
            None => {
                // Inputs count only with `start`: junk between starts must not matter.
                x.start.next = false;
                x.own.next = board_from_words(Bitboard::EMPTY.0);
                x.opponent.next = board_from_words(Bitboard::EMPTY.0);
                x.start_square.next = board_from_words(Bitboard::FULL.0);
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

#[test]
fn matches_the_model_on_positions_from_random_games_back_to_back() {
    const GAMES: usize = 34;
    let positions = game_positions(4048, GAMES);
    assert!(
        positions.len() >= 1000,
        "only {} positions",
        positions.len()
    );
    assert!(positions.iter().filter(|(_, p)| p.plies() == 0).count() == GAMES);
    assert!(positions.iter().filter(|(_, p)| p.is_over()).count() == GAMES);
    let passes = positions_after_passes(&positions);
    assert!(passes > 0, "no position after a pass");
    let cases: Vec<Case<Inputs>> = positions
        .into_iter()
        .map(|(what, p)| {
            let model = MoveGenInputs::for_position(&p);
            let inputs = Inputs {
                masks: MaskInputs::for_position(&p),
                tiles_left: model.tiles_left,
            };
            Case::new(what, inputs, &model)
        })
        .collect();
    // Back to back, now and then with a restart mid-way or idle cycles.
    let schedule = schedule_with_gaps(cases.len(), |i| match i % 9 {
        0 => 1 + i % 14,
        4 => 16 + i % 3,
        _ => 15,
    });
    let started = Instant::now();
    let samples = simulate_schedule(LegalMoves::new(), &cases, &schedule, ports());
    let elapsed = started.elapsed();
    check_samples(&cases, &schedule, &samples);
    println!(
        "{} positions ({passes} after passes), {} cycles simulated in {elapsed:?} ({:.0} cycles/s)",
        cases.len(),
        schedule.len(),
        schedule.len() as f64 / elapsed.as_secs_f64()
    );
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let mut uut = LegalMoves::new();
    let (verilog, _) = rows::verilog_with_ports(
        &mut uut,
        &[
            "input wire clock",
            "input wire start",
            "input wire [195:0] own",
            "input wire [195:0] opponent",
            "input wire [195:0] start_square",
            "input wire [20:0] tiles_left",
            "output reg row_valid",
            "output reg [3:0] row",
            "output reg [1273:0] row_bits",
            "output reg busy",
        ],
    );
    rows::lint_verilog("legal_moves", &verilog);
}
