//! The expander (`Expander`) in rust-hdl's event simulator against
//! `model::expander::expand`: the start, an opening, a middle-game and a
//! late position and one without a move, back to back; every child in its
//! order and cycle, and the cycle of `done`, equal to the model's. And its
//! Verilog lints clean.

#[macro_use]
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::expander::expand;
use blokus::Position;
use games::blokus::sensible_games;
use hdl::Expander;
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// What the expander said for a position: each child with the edge after
/// which it showed, and the edge of `done`.
type Said = (Vec<(u64, u64, u64)>, u64);

fn run(positions: &[Position], limit: u64) -> Vec<Said> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let positions = positions.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<Expander>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<Expander>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for p in &positions {
                drive_sides!(x, p);
                x.start.next = true;
                let (mut edges, mut children) = (0, Vec::new());
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    edges += 1;
                    if x.child.val() {
                        children.push((
                            x.child_shape.val().to_u64(),
                            x.child_corner.val().to_u64(),
                            edges,
                        ));
                    }
                    if x.done.val() || edges > limit {
                        break;
                    }
                }
                out.lock().unwrap().push((children, edges));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(Expander::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    said
}

/// A candidate count below the list's length.
fn few_candidates() -> usize {
    ::model::expander::CHILDREN
}

#[test]
fn the_children_stream_out_as_the_model_orders_them() {
    let games = sensible_games(5, 2, 4);
    let mut positions = vec![Position::new(), games[0][3].clone(), games[0][14].clone()];
    // Fewer candidates than children, and none.
    positions.extend(
        games
            .iter()
            .flatten()
            .find(|p| (2..few_candidates()).contains(&p.legal_placements().len()))
            .cloned(),
    );
    positions.extend(
        games
            .iter()
            .flatten()
            .find(|p| !p.is_over() && p.legal_placements().is_empty())
            .cloned(),
    );
    assert_eq!(
        positions.len(),
        5,
        "a position with few candidates and one with none"
    );
    let said = run(&positions, 20_000);
    assert_eq!(said.len(), positions.len());
    for (p, (children, edges)) in positions.iter().zip(&said) {
        let want = expand(p);
        let first = *edges - want.children.len() as u64 - 1;
        let expected: Vec<(u64, u64, u64)> = want
            .children
            .iter()
            .enumerate()
            .map(|(i, c)| (u64::from(c.shape), u64::from(c.corner), first + i as u64))
            .collect();
        assert_eq!(*children, expected, "ply {}: the children", p.plies());
        assert_eq!(*edges, want.edges, "ply {}: the edge of done", p.plies());
        println!(
            "ply {}: {} children of {} candidates, done after {edges} edges",
            p.plies(),
            want.children.len(),
            want.candidates
        );
    }
}

#[test]
fn expander_verilog_lints_clean() {
    let mut uut = Expander::new();
    uut.connect_all();
    lint_verilog("expander", &generate_verilog(&uut));
}
