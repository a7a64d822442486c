//! The attach-cell playout engine (`CellPlayout`) in rust-hdl's event
//! simulator against `model::cell_playout::run`: positions from the start
//! to the end of games (passes and finished games among them) back to
//! back, each `start` given in the cycle after the previous `done`; the
//! margin, the plies, the generator's state and the cycle of `done` equal
//! the model's. And its Verilog lints clean.

#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::cell_playout::run as model_run;
use ::model::cell_playout::EngineRun;
use blokus::Position;
use games::blokus::sensible_games;
use hdl::{CellPlayout, PlayoutSide};
use inputs::{board, tiles};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// What the engine says at `done`, as the model's run.
fn said(x: &CellPlayout, edges: u64, placements: u32) -> EngineRun {
    let margin = x.margin.val().to_u64() as u8 as i8;
    EngineRun {
        margin: i32::from(margin),
        plies: x.plies.val().to_u64() as u32,
        placements,
        rng: x.rng.val().to_u64() as u32,
        edges,
    }
}

/// Runs the engine on `cases` (position, seed) back to back.
fn run(cases: &[(Position, u32)], limit: u64) -> Vec<EngineRun> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let cases: Vec<(Position, u32, u32)> = cases
        .iter()
        .map(|(p, seed)| (p.clone(), *seed, model_run(p, *seed).placements))
        .collect();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<CellPlayout>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<CellPlayout>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for (p, seed, placements) in &cases {
                let me = p.to_move();
                for (side, player) in [(&mut x.own, me), (&mut x.opponent, me.other())] {
                    side.next = PlayoutSide {
                        forbidden: board(p.forbidden(player)),
                        attach: board(p.attach_cells(player)),
                        tiles: tiles(p, player),
                    };
                }
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.seed.next = u64::from(*seed).into();
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
                out.lock().unwrap().push(said(&x, edges, *placements));
                // Idle for a cycle after `done`.
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(CellPlayout::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    said
}

/// The start and an opening position (the opening rule's sizes), positions
/// late in games of greedy play (short playouts, dead attach cells), one
/// where the side to move must pass, and a finished one.
fn positions() -> Vec<Position> {
    let games = sensible_games(31, 2, 4);
    let mut positions = vec![Position::new(), games[1][5].clone()];
    positions.extend(
        games
            .iter()
            .flat_map(|g| g.iter().rev().skip(3).take(6).rev().cloned())
            .filter(|p| !p.is_over())
            .step_by(3)
            .take(3),
    );
    let passing = games
        .iter()
        .flatten()
        .find(|p| !p.is_over() && p.legal_placements().is_empty())
        .cloned();
    positions.extend(passing);
    positions.push(games[0].last().unwrap().clone());
    positions
}

#[test]
fn the_engine_plays_out_as_the_model_back_to_back() {
    let positions = positions();
    assert!(positions.len() >= 6, "{}", positions.len());
    assert!(positions.last().unwrap().is_over());
    let cases: Vec<(Position, u32)> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                p.clone(),
                0x1234_5678 ^ (i as u32).wrapping_mul(0x9E37_79B9),
            )
        })
        .collect();
    let said = run(&cases, 20_000);
    assert_eq!(said.len(), cases.len());
    for ((p, seed), got) in cases.iter().zip(&said) {
        let want = model_run(p, *seed);
        assert_eq!(*got, want, "ply {} seed {seed:#x}", p.plies());
        println!(
            "ply {}: {} plies ({} placements), margin {}, {} cycles",
            p.plies(),
            want.plies,
            want.placements,
            want.margin,
            want.edges
        );
    }
}

#[test]
fn cell_playout_verilog_lints_clean() {
    let verilog = hdl::verilog::on_big_stack(|| hdl::verilog::verilog_of(CellPlayout::new()));
    lint_verilog("cell_playout", &verilog);
}
