//! The attach-cell candidate stream (`CellCandidates`) in rust-hdl's event
//! simulator against `model::cell_candidates::timeline`: positions from
//! the start to the end of games back to back, each `start` in the cycle
//! after the previous `done`; every candidate, its cycle and the cycle of
//! `done` equal the model's, and the candidates are the position's legal
//! placements. And its Verilog lints clean.

#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::cell_candidates::timeline;
use ::model::placer::placement_at;
use blokus::Position;
use games::blokus::sensible_games;
use hdl::CellCandidates;
use inputs::{board, tiles};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// A position's stream as the block gives it: each candidate with the edge
/// after which it is presented, and the edge after which `done` is.
type Said = (Vec<(u8, u8, usize)>, usize);

/// Runs the block on `positions` back to back.
fn run(positions: &[Position], limit: usize) -> Vec<Said> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let positions = positions.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<CellCandidates>| {
        x.clock.next = !x.clock.val()
    });
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<CellCandidates>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for p in &positions {
                let me = p.to_move();
                x.forbidden.next = board(p.forbidden(me));
                x.attach.next = board(p.attach_cells(me));
                x.tiles_left.next = tiles(p, me);
                x.start.next = true;
                let mut edges = 0;
                let mut stream = Vec::new();
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    edges += 1;
                    if x.valid.val() {
                        let shape = x.shape.val().to_u64() as u8;
                        let corner = x.corner.val().to_u64() as u8;
                        stream.push((shape, corner, edges));
                    }
                    if x.done.val() || edges > limit {
                        break;
                    }
                }
                out.lock().unwrap().push((stream, edges));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(CellCandidates::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    said
}

/// Positions through two games (the opening's, the middle game's many
/// attach cells, late ones with few), one where the side to move has no
/// legal placement, and a finished one.
fn positions() -> Vec<Position> {
    let games = sensible_games(41, 2, 4);
    let mut positions: Vec<Position> = games
        .iter()
        .flat_map(|g| g.iter().step_by(5).cloned())
        .collect();
    let stuck = games
        .iter()
        .flatten()
        .find(|p| !p.is_over() && p.legal_placements().is_empty())
        .cloned();
    positions.extend(stuck);
    positions.push(games[0].last().unwrap().clone());
    positions
}

#[test]
fn the_stream_is_the_models_back_to_back() {
    let positions = positions();
    assert!(positions.len() >= 8, "{}", positions.len());
    let said = run(&positions, 5_000);
    assert_eq!(said.len(), positions.len());
    let mut candidates = 0;
    for (p, got) in positions.iter().zip(&said) {
        assert_eq!(*got, timeline(p), "ply {}", p.plies());
        let mut placements: Vec<_> = got
            .0
            .iter()
            .map(|&(s, c, _)| placement_at(s, c).expect("on the board"))
            .collect();
        placements.sort_by_key(|q| (q.shape, q.anchor.index()));
        let mut want = p.legal_placements();
        want.sort_by_key(|q| (q.shape, q.anchor.index()));
        assert_eq!(placements, want, "ply {}", p.plies());
        candidates += got.0.len();
    }
    assert!(candidates > 500, "{candidates}");
}

#[test]
fn cell_candidates_verilog_lints_clean() {
    let verilog = hdl::verilog::on_big_stack(|| hdl::verilog::verilog_of(CellCandidates::new()));
    lint_verilog("cell_candidates", &verilog);
}
