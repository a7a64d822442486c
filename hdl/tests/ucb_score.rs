//! The tree search's score unit (`UcbScore`) in rust-hdl's event simulator
//! against `model::board_tree::ucb`: thousands of children streamed one a
//! cycle (visits from 1 to 2^23, every width of the shifts, points from none
//! to all wins, parents from the child's own count to 2^24), each score
//! equal to the model's, `UCB_LATENCY` edges later. And its Verilog lints
//! clean.

#[path = "common/rows.rs"]
mod rows;

use hdl::{UcbScore, UCB_LATENCY};
use model::board_tree::ucb;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// Children to score: (points, visits, parent visits).
fn children() -> Vec<(u64, u64, u64)> {
    let mut rng = StdRng::seed_from_u64(18);
    let mut cases = vec![
        (0, 1, 1),
        (2, 1, 1),
        (1, 1, 16),
        (510, 255, 255),
        (512, 256, 256),
        (0, 256, 1 << 20),
        ((1 << 24) - 2, (1 << 23) - 1, (1 << 24) - 1),
        (12_345, 8_000, 100_000),
    ];
    for _ in 0..3000 {
        let width = rng.random_range(1..=23);
        let visits = rng.random_range(1..1u64 << width);
        let points = rng.random_range(0..=2 * visits);
        let parent = rng.random_range(visits..1 << 24);
        cases.push((points, visits, parent));
    }
    cases
}

#[test]
fn every_score_is_the_models_after_the_latency() {
    let cases = children();
    let scores = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<UcbScore>| x.clock.next = !x.clock.val());
    {
        let cases = cases.clone();
        let scores = scores.clone();
        sim.add_testbench(move |mut ep: Sim<UcbScore>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for cycle in 0..cases.len() + UCB_LATENCY + 2 {
                if let Some(&(points, visits, parent)) = cases.get(cycle) {
                    x.valid_in.next = true;
                    x.points.next = points.into();
                    x.visits.next = visits.into();
                    x.parent.next = parent.into();
                } else {
                    x.valid_in.next = false;
                }
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
                if x.valid_out.val() {
                    scores.lock().unwrap().push((cycle, x.score.val().to_u64()));
                }
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(UcbScore::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let scores = scores.lock().unwrap();
    assert_eq!(scores.len(), cases.len());
    for (n, ((points, visits, parent), (cycle, score))) in
        cases.iter().zip(scores.iter()).enumerate()
    {
        assert_eq!(*cycle, n + UCB_LATENCY - 1, "child {n}: its score's cycle");
        assert_eq!(
            *score,
            ucb(*points, *visits, *parent),
            "child {n}: {points} points, {visits} visits, parent {parent}"
        );
    }
}

#[test]
fn ucb_score_verilog_lints_clean() {
    let mut uut = UcbScore::new();
    uut.connect_all();
    lint_verilog("ucb_score", &generate_verilog(&uut));
}
