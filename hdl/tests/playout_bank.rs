//! The playout bank (`PlayoutBank`) in rust-hdl's event simulator against
//! `model::playout_bank`: a search's first start reseeds the streams, the
//! next ones go on from where the engines left them; the points and the
//! cycle of `done` equal the model's for every start. The bank of engines
//! with history (`PlayoutBank::with_refinements`, the next search's
//! refinements) likewise against the model's `run_refined`, each position
//! with its game's last three placements. And their Verilog lints clean.

#[macro_use]
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::cell_playout::Refinements;
use ::model::playout_bank::PlayoutBank as BankModel;
use blokus::{Placement, Position};
use games::blokus::{random_games, sensible_games};
use hdl::{PlayoutBank, RecentMoves};
use inputs::with_history;
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// The search's seed.
const SEED: u32 = 0x5EED_0001;

/// Runs `bank` on `positions` back to back, the first start reseeding, each
/// with the last three placements before it when the bank has history;
/// gives each start's points, plies and the edges to its `done`.
fn run(
    bank: PlayoutBank,
    positions: &[(Position, [Option<Placement>; 3])],
    limit: u64,
) -> Vec<(u32, u32, u64)> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let positions = positions.to_vec();
    let history = !bank.recent.is_empty();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<PlayoutBank>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<PlayoutBank>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for (n, (p, recent)) in positions.iter().enumerate() {
                drive_sides!(x, p);
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.seed.next = u64::from(SEED).into();
                x.reseed.next = n == 0;
                if history {
                    x.recent.next = RecentMoves::of(*recent);
                }
                x.start.next = true;
                let mut edges = 0;
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    x.reseed.next = false;
                    edges += 1;
                    if x.done.val() || edges > limit {
                        break;
                    }
                }
                out.lock().unwrap().push((
                    x.points.val().to_u64() as u32,
                    x.plies.val().to_u64() as u32,
                    edges,
                ));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(bank), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    said
}

#[test]
fn the_bank_plays_out_as_the_model_and_its_streams_go_on() {
    let games = sensible_games(47, 2, 4);
    let game = &games[0];
    // A position from the middle of the game on where the engines disagree
    // (some win, some lose), played twice (the streams must move on between
    // them), a late one, and the finished game.
    let mixed = game[game.len() / 2..]
        .iter()
        .find(|p| (1..8).contains(&BankModel::new(SEED).run(p).points))
        .expect("a position with mixed results")
        .clone();
    let positions = [
        mixed.clone(),
        mixed,
        game[game.len() - 4].clone(),
        game.last().unwrap().clone(),
    ];
    assert!(positions.last().unwrap().is_over());
    // The block is too big for a test thread's stack.
    let unknown: Vec<_> = positions.iter().map(|p| (p.clone(), [None; 3])).collect();
    let said = hdl::verilog::on_big_stack(|| run(PlayoutBank::new(), &unknown, 20_000));
    let mut bank = BankModel::new(SEED);
    let want: Vec<(u32, u32, u64)> = positions
        .iter()
        .map(|p| {
            let run = bank.run(p);
            (run.points, run.plies, run.edges)
        })
        .collect();
    assert_eq!(said, want);
    assert_ne!(want[0], want[1], "the streams moved on");
    println!("points, plies and edges of each start: {want:?}");
}

#[test]
fn the_bank_with_history_plays_out_as_the_model_and_its_streams_go_on() {
    // Positions of a random and a sensible game with their last three
    // placements: the first (none known), the second (one known), the
    // middle of each game twice (the streams move on), late ones, the end.
    let random = with_history(&random_games(48, 1)[0]);
    let sensible = with_history(&sensible_games(49, 1, 4)[0]);
    let middle = |game: &[(Position, [Option<Placement>; 3])]| game[game.len() / 2].clone();
    let late = |game: &[(Position, [Option<Placement>; 3])]| game[game.len() - 4].clone();
    let positions = vec![
        random[0].clone(),
        random[1].clone(),
        middle(&random),
        middle(&random),
        late(&random),
        middle(&sensible),
        middle(&sensible),
        late(&sensible),
        sensible.last().unwrap().clone(),
    ];
    assert!(positions.last().unwrap().0.is_over());
    let said = hdl::verilog::on_big_stack(|| {
        run(
            PlayoutBank::with_refinements(Refinements::NEXT),
            &positions,
            20_000,
        )
    });
    let mut bank = BankModel::new(SEED);
    let want: Vec<(u32, u32, u64)> = positions
        .iter()
        .map(|(p, recent)| {
            let run = bank.run_refined(p, Refinements::NEXT, *recent);
            (run.points, run.plies, run.edges)
        })
        .collect();
    assert_eq!(said, want);
    assert_ne!(want[2], want[3], "the streams moved on");
    // The history counts: the bank without it plays other playouts.
    let mut plain = BankModel::new(SEED);
    let without: Vec<(u32, u32, u64)> = positions
        .iter()
        .map(|(p, _)| {
            let run = plain.run(p);
            (run.points, run.plies, run.edges)
        })
        .collect();
    let differ = want
        .iter()
        .zip(&without)
        .filter(|(a, b)| a.1 != b.1)
        .count();
    assert!(differ >= 4, "{differ} starts changed by the history");
    println!("points, plies and edges of each start: {want:?}");
}

#[test]
fn playout_bank_verilog_lints_clean() {
    let verilog = hdl::verilog::on_big_stack(|| hdl::verilog::verilog_of(PlayoutBank::new()));
    lint_verilog("playout_bank", &verilog);
    let refined = hdl::verilog::on_big_stack(|| {
        hdl::verilog::verilog_of(PlayoutBank::with_refinements(Refinements::NEXT))
    });
    lint_verilog("playout_bank_refined", &refined);
}
