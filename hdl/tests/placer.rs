//! The placer against `model::placer`: every output bit of `cells` and
//! `tile` for every legal placement of over 1,000 positions from random legal
//! games and for every possible input (shapes 91..127 and corners 196..255
//! included), settled directly and in rust-hdl's event simulator; and its
//! Verilog is compact and lints clean.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::SHAPE_COUNT;
use blokus::Bitboard;
use hdl::{board_to_words, Board, Placer};
use model::placer::{coordinates, placer_cells, placer_tile};
use rows::{game_positions, positions_after_passes, simulate_inputs};
use rust_hdl::prelude::*;
use std::time::Instant;

/// One set of inputs and the model's outputs for it.
#[derive(Clone, Debug)]
struct Vector {
    what: String,
    shape: u8,
    corner: u8,
    cells: Bitboard,
    tile: u8,
}

impl Vector {
    fn new(shape: u8, corner: u8, what: String) -> Vector {
        Vector {
            what,
            shape,
            corner,
            cells: placer_cells(shape, corner),
            tile: placer_tile(shape),
        }
    }

    /// Panics naming the differing cells unless the outputs are the model's, bit for bit.
    fn check(&self, cells: Board, tile: u64) {
        let cells = Bitboard(board_to_words(cells));
        assert!(
            cells == self.cells && tile == u64::from(self.tile),
            "{} (shape {}, corner {}): cells differ at {:?}; tile {tile}, model {}",
            self.what,
            self.shape,
            self.corner,
            rows_differing(cells, self.cells),
            self.tile
        );
    }
}

fn rows_differing(a: Bitboard, b: Bitboard) -> Vec<usize> {
    (0..196)
        .filter(|&i| (a.0[i / 64] ^ b.0[i / 64]) >> (i % 64) & 1 == 1)
        .collect()
}

/// A connected, checked placer ready to be driven directly.
fn connected_placer() -> Placer {
    let mut uut = Placer::new();
    uut.connect_all();
    check_all(&uut).expect("the placer passes rust-hdl's checks");
    uut
}

/// Drives the inputs and lets the logic settle (rust-hdl's `simulate`, the
/// step its event simulator takes at every time point); returns the outputs.
fn settle(uut: &mut Placer, v: &Vector) -> (Board, u64) {
    uut.shape.next = u64::from(v.shape).into();
    uut.corner.next = u64::from(v.corner).into();
    assert!(simulate(uut, 10), "{}: the logic did not settle", v.what);
    (uut.cells.val(), uut.tile.val().to_u64())
}

/// Random legal games enough for over 1,000 positions.
const GAMES: usize = 34;

#[test]
fn matches_the_model_on_every_legal_placement_of_random_games() {
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
    let mut uut = connected_placer();
    let started = Instant::now();
    let mut placements = 0;
    for (what, position) in &positions {
        for p in position.legal_placements() {
            let (shape, corner) = coordinates(p);
            let v = Vector::new(shape, corner, format!("{what}, {}", p.code()));
            // The model is the rules engine's placement.
            assert_eq!(v.cells, p.cells(), "{}: model cells", v.what);
            assert_eq!(v.tile, p.tile().index() as u8, "{}: model tile", v.what);
            let (cells, tile) = settle(&mut uut, &v);
            v.check(cells, tile);
            placements += 1;
        }
    }
    assert!(placements > 100_000, "only {placements} placements");
    println!(
        "{} positions ({passes} after passes), {placements} placements in {:?}",
        positions.len(),
        started.elapsed()
    );
}

/// Every input there is: 128 shape numbers (91..127 name no shape) by 256
/// corners (196..255 are off the board).
fn every_input() -> Vec<Vector> {
    (0..128u8)
        .flat_map(|shape| {
            (0..=255u8).map(move |corner| {
                Vector::new(shape, corner, format!("shape {shape} at corner {corner}"))
            })
        })
        .collect()
}

#[test]
fn matches_the_model_on_every_input() {
    let vectors = every_input();
    assert_eq!(vectors.len(), 1 << 15);
    // The model's edge cases are among them.
    assert!(vectors
        .iter()
        .filter(|v| usize::from(v.shape) >= SHAPE_COUNT || v.corner >= 196)
        .all(|v| v.cells == Bitboard::EMPTY));
    assert!(vectors
        .iter()
        .filter(|v| usize::from(v.shape) >= SHAPE_COUNT)
        .all(|v| v.tile == 31));
    let mut uut = connected_placer();
    let started = Instant::now();
    for v in &vectors {
        let (cells, tile) = settle(&mut uut, v);
        v.check(cells, tile);
    }
    println!("{} inputs in {:?}", vectors.len(), started.elapsed());
}

#[test]
fn matches_the_model_in_the_event_simulator() {
    // rust-hdl's full simulator: a testbench thread drives the inputs and
    // samples the outputs one time step later; compared once the run is over.
    // Every shape number at every 7th corner and at the corners near the
    // board's end and beyond it.
    let vectors: Vec<Vector> = every_input()
        .into_iter()
        .filter(|v| v.corner % 7 == 0 || v.corner >= 180)
        .collect();
    assert!(vectors.len() > 5000);
    let started = Instant::now();
    let samples = simulate_inputs(
        Placer::new(),
        vectors.clone(),
        |x, v| {
            x.shape.next = u64::from(v.shape).into();
            x.corner.next = u64::from(v.corner).into();
        },
        |x| (x.cells.val(), x.tile.val().to_u64()),
    );
    for (v, &(cells, tile)) in vectors.iter().zip(samples.iter()) {
        v.check(cells, tile);
    }
    println!(
        "{} inputs simulated in {:?}",
        vectors.len(),
        started.elapsed()
    );
}

#[test]
fn generates_compact_verilog_that_verilator_lints_clean() {
    let mut uut = Placer::new();
    let (verilog, _) = rows::verilog_with_ports(
        &mut uut,
        &[
            "input wire [6:0] shape",
            "input wire [7:0] corner",
            "output reg [195:0] cells",
            "output reg [4:0] tile",
        ],
    );
    // A few lines a shape and one shift, not a table of placements.
    let lines = verilog.lines().count();
    assert!(lines < 1000, "{lines} lines of Verilog");
    println!("{lines} lines of Verilog");
    rows::lint_verilog("placer", &verilog);
}
