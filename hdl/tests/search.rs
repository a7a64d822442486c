//! The two-ply search (`Search`) in rust-hdl's event simulator against
//! `host::model::two_ply::search`: positions back to back, each `start`
//! given in the cycle of the previous `done`; the move, its value, the
//! replies it scored and `timed_out` low. Then the watchdog: with a budget
//! of a few hundred cycles, the search stops in time with one of the root's
//! legal moves and says so. And its Verilog lints clean.
//!
//! The event simulator runs this block at a few hundred cycles a second, so
//! CI runs a handful of positions here; `verilator.rs` runs its Verilog on
//! more than a thousand.

#[path = "common/rows.rs"]
mod rows;

use hdl::move_gen::Tiles;
use hdl::{board_from_words, Board, Search};
use host::blokus::{Bitboard, Move, Player, Position};
use host::model::move_gen::MoveGenInputs;
use host::model::one_ply::scored;
use host::model::placer::placer_tile;
use host::model::two_ply::{ordered, search as model_search};
use rows::{game_positions, lint_verilog};
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

fn board(b: Bitboard) -> Board {
    board_from_words(b.0)
}

/// Tiles `player` holds in `p`.
fn tiles(p: &Position, player: Player) -> Tiles {
    let mut q = p.clone();
    if q.to_move() != player {
        q.play(Move::Pass);
    }
    u64::from(MoveGenInputs::for_position(&q).tiles_left).into()
}

/// What the block says at `done`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outcome {
    found: bool,
    shape: u8,
    corner: u8,
    tile: u8,
    value: i16,
    timed_out: bool,
    candidates: usize,
    replies: usize,
    /// Rising edges from the one that took `start` to the one after which `done` is high.
    edges: usize,
}

/// Runs `uut` on `positions` back to back; gives up on a search after `limit` edges.
fn run(uut: Search, positions: &[Position], limit: usize) -> Vec<Outcome> {
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let cases: Vec<Position> = positions.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<Search>| x.clock.next = !x.clock.val());
    {
        let outcomes = outcomes.clone();
        sim.add_testbench(move |mut ep: Sim<Search>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for p in &cases {
                let me = p.to_move();
                x.own.next = board(p.cells(me));
                x.opponent.next = board(p.cells(me.other()));
                x.start_square.next = board(Bitboard::from_cell(me.start_square()));
                x.opponent_start_square.next =
                    board(Bitboard::from_cell(me.other().start_square()));
                x.tiles_left.next = tiles(p, me);
                x.opponent_tiles_left.next = tiles(p, me.other());
                x.start.next = true;
                let mut edges = 0;
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    edges += 1;
                    if x.done.val() || edges > limit {
                        break;
                    }
                }
                let key = x.best_value.val().to_u64() as i32 ^ 0x1000;
                outcomes.lock().unwrap().push(Outcome {
                    found: x.found.val(),
                    shape: x.best_shape.val().to_u64() as u8,
                    corner: x.best_corner.val().to_u64() as u8,
                    tile: x.best_tile.val().to_u64() as u8,
                    value: if key >= 4096 { key - 8192 } else { key } as i16,
                    timed_out: x.timed_out.val(),
                    candidates: x.candidates.val().to_u64() as usize,
                    replies: x.replies.val().to_u64() as usize,
                    edges,
                });
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), u64::MAX / 2)
        .expect("the simulation ends");
    let outcomes = std::mem::take(&mut *outcomes.lock().unwrap());
    outcomes
}

/// `n` positions with moves from one random game, from its start to its end.
fn sample_positions(n: usize) -> Vec<Position> {
    let game: Vec<Position> = game_positions(31, 1)
        .into_iter()
        .map(|(_, p)| p)
        .filter(|p| !p.is_over() && !p.legal_placements().is_empty())
        .collect();
    (0..n)
        .map(|k| game[k * (game.len() - 1) / (n - 1).max(1)].clone())
        .collect()
}

#[test]
fn search_chooses_as_the_model_back_to_back() {
    let positions = sample_positions(4);
    let outcomes = run(Search::default(), &positions, 60_000);
    for (p, got) in positions.iter().zip(&outcomes) {
        let what = format!("ply {}", p.plies());
        let choice = model_search(p);
        let (m, value) = choice.best.expect("positions with moves");
        assert!(got.found && !got.timed_out, "{what}: {got:?}");
        assert_eq!(
            (got.shape, got.corner, got.tile, got.value),
            (m.shape, m.corner, placer_tile(m.shape), value),
            "{what}: {got:?}, the model {choice:?}"
        );
        assert_eq!(
            (got.candidates, got.replies),
            (choice.candidates, choice.replies_scored),
            "{what}"
        );
        println!("{what}: {} cycles, {} replies", got.edges, got.replies);
    }
}

#[test]
fn the_watchdog_stops_a_long_search_with_a_legal_move() {
    let positions = sample_positions(3)[..2].to_vec();
    let budget = 400;
    let outcomes = run(Search::new(budget), &positions, 3_000);
    for (p, got) in positions.iter().zip(&outcomes) {
        let what = format!("ply {}", p.plies());
        let best = ordered(&scored(p));
        assert!(got.timed_out, "{what}: {got:?}");
        // The root is never cut short: 7 + n + 10 edges, then the watchdog
        // acts in the first cycle of the first reply search, 4 edges on.
        let root = got.candidates as u64 + 7 + 10 + 8;
        assert!(
            got.edges as u64 <= budget.max(root) + 3,
            "{what}: {} edges",
            got.edges
        );
        assert!(got.found, "{what}");
        assert!(
            best.iter()
                .any(|c| (c.shape, c.corner) == (got.shape, got.corner)),
            "{what}: {got:?} is not among the root's best candidates"
        );
        assert!(
            model_search(p).replies_scored > got.replies,
            "{what}: cut short"
        );
    }
}

#[test]
fn search_verilog_lints_clean() {
    let mut uut = Search::default();
    uut.connect_all();
    lint_verilog("search", &generate_verilog(&uut));
}
