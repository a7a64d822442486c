//! The mask unit against the host's rules: every output bit equals
//! `Position::forbidden` / `Position::attach_cells` on positions from random
//! legal games and on arbitrary boards, settled directly and in rust-hdl's
//! event simulator; and its Verilog generates and lints clean.

mod common;
#[path = "common/rows.rs"]
mod rows;

use blokus::{Bitboard, Cell, Player, Position};
use common::{differing_cells, random_game_positions};
use hdl::{board_from_words, board_to_words, Board, MaskUnit};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rust_hdl::prelude::*;
use std::time::Instant;

/// One evaluation of the unit: its inputs and the host's answer.
#[derive(Clone, Debug)]
struct Vector {
    what: String,
    own: Bitboard,
    opponent: Bitboard,
    start: Bitboard,
    forbidden: Bitboard,
    attach: Bitboard,
}

impl Vector {
    /// The inputs for `player` in `position`, with the host's masks as the expected outputs.
    fn from_position(position: &Position, player: Player, what: String) -> Vector {
        Vector {
            what,
            own: position.cells(player),
            opponent: position.cells(player.other()),
            start: Bitboard::from_cell(player.start_square()),
            forbidden: position.forbidden(player),
            attach: position.attach_cells(player),
        }
    }

    /// Arbitrary inputs (not necessarily a reachable position), expected
    /// outputs from the host's neighbour masks by the rules of `Position`.
    fn from_boards(own: Bitboard, opponent: Bitboard, start: Cell, what: String) -> Vector {
        let forbidden = own | opponent | own.edge_neighbours();
        let touching = if own.is_empty() {
            Bitboard::from_cell(start)
        } else {
            own.diagonal_neighbours()
        };
        Vector {
            what,
            own,
            opponent,
            start: Bitboard::from_cell(start),
            forbidden,
            attach: touching & !forbidden,
        }
    }

    /// Panics with the differing cells unless the unit's outputs are the expected ones.
    fn check(&self, forbidden: Board, attach: Board) {
        let (forbidden, attach) = (
            Bitboard(board_to_words(forbidden)),
            Bitboard(board_to_words(attach)),
        );
        assert!(
            forbidden == self.forbidden && attach == self.attach,
            "{}: forbidden differs at {:?}, attach differs at {:?}",
            self.what,
            differing_cells(forbidden, self.forbidden),
            differing_cells(attach, self.attach),
        );
    }
}

/// A connected, checked mask unit ready to be driven directly.
fn connected_unit() -> MaskUnit {
    let mut uut = MaskUnit::new();
    uut.connect_all();
    check_all(&uut).expect("the mask unit passes rust-hdl's checks");
    uut
}

/// Drives the inputs and lets the logic settle (rust-hdl's `simulate`, the
/// step its event simulator takes at every time point); returns the outputs.
fn settle(uut: &mut MaskUnit, v: &Vector) -> (Board, Board) {
    uut.own.next = board_from_words(v.own.0);
    uut.opponent.next = board_from_words(v.opponent.0);
    uut.start.next = board_from_words(v.start.0);
    assert!(simulate(uut, 10), "{}: the logic did not settle", v.what);
    (uut.forbidden.val(), uut.attach.val())
}

fn game_vectors(seed: u64, games: usize) -> Vec<Vector> {
    let positions = random_game_positions(seed, games);
    positions
        .iter()
        .enumerate()
        .flat_map(|(n, p)| {
            [Player::One, Player::Two].map(|player| {
                let what = format!("position {n} (ply {}), {player}", p.plies());
                Vector::from_position(p, player, what)
            })
        })
        .collect()
}

#[test]
fn matches_the_host_on_positions_from_random_games() {
    let positions = random_game_positions(2024, 60);
    assert!(
        positions.len() >= 1000,
        "only {} positions",
        positions.len()
    );
    // The games cover the empty board, first moves, middle games and ends.
    assert!(positions.iter().any(|p| p.plies() == 0));
    assert!(positions.iter().any(|p| p.plies() == 1));
    assert!(positions.iter().any(|p| p.plies() == 20));
    assert!(positions.iter().filter(|p| p.is_over()).count() == 60);
    let vectors = game_vectors(2024, 60);
    let mut uut = connected_unit();
    let started = Instant::now();
    for v in &vectors {
        let (forbidden, attach) = settle(&mut uut, v);
        v.check(forbidden, attach);
    }
    println!(
        "{} positions, {} evaluations in {:?}",
        positions.len(),
        vectors.len(),
        started.elapsed()
    );
}

#[test]
fn matches_the_host_on_arbitrary_boards_and_row_ends() {
    let mut vectors = Vec::new();
    let all: Vec<Cell> = Cell::all().collect();
    // Every single cell, start square elsewhere: no neighbour may wrap a row end.
    for &cell in &all {
        let start = Cell::from_index(195 - cell.index());
        let what = format!("own = {{{cell}}}");
        vectors.push(Vector::from_boards(
            Bitboard::from_cell(cell),
            Bitboard::EMPTY,
            start,
            what,
        ));
    }
    // Whole columns and rows at the edges, alone and against each other.
    let column = |x: u8| {
        all.iter()
            .copied()
            .filter(|c| c.x() == x)
            .collect::<Bitboard>()
    };
    let row = |y: u8| {
        all.iter()
            .copied()
            .filter(|c| c.y() == y)
            .collect::<Bitboard>()
    };
    for (name, own, opponent) in [
        ("left column", column(1), Bitboard::EMPTY),
        ("right column", column(14), Bitboard::EMPTY),
        ("top row", row(1), row(14)),
        ("bottom row", row(14), column(7)),
        ("full board", Bitboard::FULL, Bitboard::EMPTY),
        (
            "empty, opponent everywhere",
            Bitboard::EMPTY,
            Bitboard::FULL,
        ),
    ] {
        let start = Cell::new(5, 5).unwrap();
        vectors.push(Vector::from_boards(own, opponent, start, name.to_string()));
    }
    // Random boards of every density, own and opponent overlapping or not.
    let mut rng = StdRng::seed_from_u64(99);
    for n in 0..1000 {
        let density = rng.random_range(0..=100u32);
        let mut random_board = || -> Bitboard {
            all.iter()
                .copied()
                .filter(|_| rng.random_range(0..100) < density)
                .collect()
        };
        let (own, opponent) = (random_board(), random_board());
        let opponent = if n % 2 == 0 {
            opponent & !own
        } else {
            opponent
        };
        let start = all[rng.random_range(0..all.len())];
        let what = format!("random board {n} (density {density}%)");
        vectors.push(Vector::from_boards(own, opponent, start, what));
    }
    let mut uut = connected_unit();
    let started = Instant::now();
    for v in &vectors {
        let (forbidden, attach) = settle(&mut uut, v);
        v.check(forbidden, attach);
    }
    println!("{} evaluations in {:?}", vectors.len(), started.elapsed());
}

#[test]
fn matches_the_host_in_the_event_simulator() {
    // rust-hdl's full simulator: a testbench thread drives the inputs and
    // samples the outputs one time step later; the host's answers are
    // compared here once the run is over.
    let vectors = game_vectors(7, 20);
    assert!(vectors.len() >= 1000, "only {} evaluations", vectors.len());
    let started = Instant::now();
    let samples = rows::simulate_inputs(
        MaskUnit::new(),
        vectors.clone(),
        |x, v| {
            x.own.next = board_from_words(v.own.0);
            x.opponent.next = board_from_words(v.opponent.0);
            x.start.next = board_from_words(v.start.0);
        },
        |x| (x.forbidden.val(), x.attach.val()),
    );
    for (v, &(forbidden, attach)) in vectors.iter().zip(samples.iter()) {
        v.check(forbidden, attach);
    }
    println!(
        "{} evaluations simulated in {:?}",
        vectors.len(),
        started.elapsed()
    );
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let (verilog, words) = rows::verilog_with_ports(
        &mut MaskUnit::new(),
        &[
            "module top(",
            "input wire [195:0] own",
            "input wire [195:0] opponent",
            "input wire [195:0] start",
            "output reg [195:0] forbidden",
            "output reg [195:0] attach",
            "endmodule",
        ],
    );
    // Two modules: the block and its neighbour shifts.
    assert_eq!(words.matches("endmodule").count(), 2);
    assert!(words.contains("module top$neighbours("), "{words}");
    rows::lint_verilog("mask_unit", &verilog);
}
