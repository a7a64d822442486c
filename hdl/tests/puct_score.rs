//! The next search's score unit (`PuctScore`) in rust-hdl's event simulator
//! against `model::prior_tree::arith::score`: thousands of pairs of
//! children streamed one pair a cycle (parents from none to 2^24 - 1
//! visits, every bit length; children from none to the most visits a node
//! counts, values from none to a win a visit, every prior, some in flight
//! under the virtual loss, some lanes empty), each score equal to the
//! model's `SCORE_LATENCY` edges later. And its Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;
#[path = "common/scores.rs"]
mod scores;

use hdl::puct_score::PARENT_BITS;
use hdl::{PuctScore, SCORE_LATENCY};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use scores::{pairs, want};
use std::sync::{Arc, Mutex};

#[test]
fn every_score_is_the_models_after_the_latency() {
    let cases = pairs(2500);
    assert!(cases.iter().any(|p| p.parent == (1 << PARENT_BITS) - 1));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<PuctScore>| x.clock.next = !x.clock.val());
    {
        let cases = cases.clone();
        let seen = seen.clone();
        sim.add_testbench(move |mut ep: Sim<PuctScore>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for cycle in 0..cases.len() + SCORE_LATENCY + 2 {
                let pair = cases.get(cycle).copied().unwrap_or_default();
                x.parent.next = u64::from(pair.parent).into();
                x.even.next = pair.even.signal();
                x.odd.next = pair.odd.signal();
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
                let mut seen = seen.lock().unwrap();
                if x.even_valid.val() {
                    seen.push((cycle, 0, x.even_score.val().to_u64()));
                }
                if x.odd_valid.val() {
                    seen.push((cycle, 1, x.odd_score.val().to_u64()));
                }
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(PuctScore::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let seen = seen.lock().unwrap();
    let expected: Vec<(usize, usize, u64)> = cases
        .iter()
        .enumerate()
        .flat_map(|(n, p)| {
            [(0, &p.even), (1, &p.odd)]
                .into_iter()
                .filter(|(_, c)| c.valid)
                .map(move |(lane, c)| (n + SCORE_LATENCY - 1, lane, want(p.parent, c)))
        })
        .collect();
    assert_eq!(seen.len(), expected.len(), "the children scored");
    for (n, (got, want)) in seen.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "score {n}: (cycle, lane, score)");
    }
}

#[test]
fn puct_score_verilog_lints_clean() {
    let mut uut = PuctScore::new();
    uut.connect_all();
    lint_verilog("puct_score", &generate_verilog(&uut));
}
