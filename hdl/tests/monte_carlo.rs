//! The Monte Carlo search (`MonteCarlo`) in rust-hdl's event simulator
//! against `model::monte_carlo::search`: positions near the end of a
//! game (short playouts) back to back, each `start` given in the cycle of
//! the previous `done`; the move, its total, the rounds and playouts, and
//! the cycle of `done` equal the model's. Then the watchdog stops a round
//! midway, as the model says it does. And its Verilog lints clean.
//!
//! The event simulator runs this block at a few hundred cycles a second, so
//! CI runs a handful of short searches here; `verilator.rs` runs its
//! Verilog on 147 positions from the opening to the end.

#[macro_use]
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::monte_carlo::{search as model_search, Outcome};
use ::model::placer::placer_tile;
use blokus::Position;
use games::blokus::sensible_games;
use hdl::monte_carlo::Budget;
use hdl::MonteCarlo;
use inputs::tiles;
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// What the block says at `done`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Said {
    found: bool,
    shape: u8,
    corner: u8,
    tile: u8,
    total: i32,
    timed_out: bool,
    candidates: usize,
    rounds: u32,
    playouts: u32,
    /// Rising edges up to the one after which `done` is high, counting
    /// the one that took `start` as the first.
    edges: u64,
}

impl Said {
    /// What the model says the block says.
    fn of(outcome: &Outcome) -> Said {
        let (m, total) = outcome.best.expect("positions with moves");
        Said {
            found: true,
            shape: m.shape,
            corner: m.corner,
            tile: placer_tile(m.shape),
            total,
            timed_out: outcome.timed_out,
            candidates: outcome.candidates,
            rounds: outcome.rounds,
            playouts: outcome.playouts,
            edges: outcome.edges + 1,
        }
    }
}

/// Runs `uut` on `positions` back to back; gives up on a search after `limit` edges.
fn run(uut: MonteCarlo, positions: &[Position], limit: u64) -> Vec<Said> {
    let said = Arc::new(Mutex::new(Vec::new()));
    let cases: Vec<Position> = positions.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<MonteCarlo>| x.clock.next = !x.clock.val());
    {
        let said = said.clone();
        sim.add_testbench(move |mut ep: Sim<MonteCarlo>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for p in &cases {
                drive_position!(x, p);
                x.opponent_tiles_left.next = tiles(p, p.to_move().other());
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
                let total = x.best_total.val().to_u64() as i64;
                said.lock().unwrap().push(Said {
                    found: x.found.val(),
                    shape: x.best_shape.val().to_u64() as u8,
                    corner: x.best_corner.val().to_u64() as u8,
                    tile: x.best_tile.val().to_u64() as u8,
                    total: ((total << 44) >> 44) as i32,
                    timed_out: x.timed_out.val(),
                    candidates: x.candidates.val().to_u64() as usize,
                    rounds: x.rounds.val().to_u64() as u32,
                    playouts: x.playouts.val().to_u64() as u32,
                    edges,
                });
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *said.lock().unwrap());
    said
}

/// Positions late in a game of greedy play with several candidates:
/// short playouts, yet a real choice.
fn late_positions(n: usize) -> Vec<Position> {
    sensible_games(31, 1, 4)
        .into_iter()
        .flatten()
        .filter(|p| {
            let moves = p.legal_placements().len();
            !p.is_over() && p.tiles_placed(p.to_move()) >= 15 && (3..40).contains(&moves)
        })
        .take(n)
        .collect()
}

#[test]
fn the_search_chooses_as_the_model_back_to_back() {
    let positions = late_positions(2);
    assert_eq!(positions.len(), 2);
    let budget = Budget {
        rounds_until: 1_500,
        watchdog: 100_000,
    };
    let said = run(MonteCarlo::new(budget), &positions, 60_000);
    for (p, got) in positions.iter().zip(&said) {
        let what = format!("ply {}", p.plies());
        let want = model_search(p, budget);
        assert_eq!(*got, Said::of(&want), "{what}: the model {want:?}");
        assert!(want.rounds >= 1 && !want.timed_out, "{what}: {want:?}");
        println!(
            "{what}: {} playouts in {} rounds, {} cycles",
            got.playouts, got.rounds, got.edges
        );
    }
}

#[test]
fn the_watchdog_stops_a_round_midway_as_the_model_says() {
    let positions = late_positions(1);
    let budget = Budget {
        rounds_until: 1_000,
        watchdog: 1_400,
    };
    let said = run(MonteCarlo::new(budget), &positions, 10_000);
    let want = model_search(&positions[0], budget);
    assert!(want.timed_out && want.playouts > 0, "{want:?}");
    assert_eq!(said[0], Said::of(&want), "the model {want:?}");
}

#[test]
fn monte_carlo_verilog_lints_clean() {
    let mut uut = MonteCarlo::default();
    uut.connect_all();
    lint_verilog("monte_carlo", &generate_verilog(&uut));
}
