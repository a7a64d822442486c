//! The attach-cell playout engine (`CellPlayout`) in rust-hdl's event
//! simulator against `model::cell_playout::run`: positions from the start
//! to the end of games (passes and finished games among them) back to
//! back, each `start` given in the cycle after the previous `done`; the
//! margin, the plies, the generator's state and the cycle of `done` equal
//! the model's. The engine with history (`CellPlayout::refined`, the next
//! search's refinements) likewise against `model::cell_playout::run_refined`,
//! each position with its game's last three placements. And their Verilog
//! lints clean.

#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use ::model::cell_playout::run as model_run;
use ::model::cell_playout::{run_refined, EngineRun, NoHooks, Refinements};
use ::model::placer::placement_at;
use blokus::tiles::shape_table;
use blokus::{Bitboard, Move, Placement, Position};
use games::blokus::{random_games, sensible_games};
use hdl::{CellPlayout, PlayoutSide, RecentMoves};
use inputs::{board, tiles, with_history};
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

/// A playout: the position, the seed and, for an engine with history, the
/// last three placements before the position.
#[derive(Clone)]
struct Case {
    position: Position,
    seed: u32,
    recent: Option<[Option<Placement>; 3]>,
}

impl Case {
    /// The model's run of the case: the board's engine without history,
    /// else with [`Refinements::NEXT`].
    fn model(&self) -> EngineRun {
        match self.recent {
            None => model_run(&self.position, self.seed),
            Some(recent) => run_refined(
                &self.position,
                self.seed,
                Refinements::NEXT,
                Some(recent),
                &mut NoHooks,
            ),
        }
    }
}

/// Runs `engine` on `cases` back to back.
fn run(engine: CellPlayout, cases: &[Case], limit: u64) -> Vec<EngineRun> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let cases: Vec<(Case, u32)> = cases
        .iter()
        .map(|case| (case.clone(), case.model().placements))
        .collect();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<CellPlayout>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<CellPlayout>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for (case, placements) in &cases {
                let p = &case.position;
                let me = p.to_move();
                for (side, player) in [(&mut x.own, me), (&mut x.opponent, me.other())] {
                    side.next = PlayoutSide {
                        forbidden: board(p.forbidden(player)),
                        attach: board(p.attach_cells(player)),
                        tiles: tiles(p, player),
                    };
                }
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.seed.next = u64::from(case.seed).into();
                if let Some(recent) = case.recent {
                    x.recent.next = RecentMoves::of(recent);
                }
                x.start.next = true;
                let mut edges = 0;
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    // The moves count at the start only.
                    if case.recent.is_some() {
                        x.recent.next = RecentMoves::default();
                    }
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
    sim.run(Box::new(engine), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    said
}

/// Runs `engine` on `cases` and checks every run equals the model's.
fn plays_out_as_the_model(engine: CellPlayout, cases: &[Case]) -> Vec<EngineRun> {
    let said = run(engine, cases, 20_000);
    assert_eq!(said.len(), cases.len());
    let mut wants = Vec::new();
    for (case, got) in cases.iter().zip(&said) {
        let want = case.model();
        assert_eq!(
            *got,
            want,
            "ply {} seed {:#x}",
            case.position.plies(),
            case.seed
        );
        println!(
            "ply {}: {} plies ({} placements), margin {}, {} cycles",
            case.position.plies(),
            want.plies,
            want.placements,
            want.margin,
            want.edges
        );
        wants.push(want);
    }
    wants
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
    let cases: Vec<Case> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| Case {
            position: p.clone(),
            seed: 0x1234_5678 ^ (i as u32).wrapping_mul(0x9E37_79B9),
            recent: None,
        })
        .collect();
    plays_out_as_the_model(CellPlayout::new(), &cases);
}

/// The monomino's shape.
const MONOMINO: u8 = 0;

/// The seed of the `n`-th playout with history.
fn seed_with_history(n: usize) -> u32 {
    0x0DD_BA11 ^ (n as u32).wrapping_mul(0x9E37_79B9)
}

/// Positions of a random and a sensible game with their last three
/// placements, each with its seed: the start (none known), the first
/// plies (some not yet made), every fourth position on, one after a pass,
/// one where the side to move must pass (with a made-up history), and
/// the end.
fn cases_with_history() -> Vec<Case> {
    let random = with_history(&random_games(77, 1)[0]);
    let sensible = with_history(&sensible_games(31, 2, 4)[1]);
    let mut positions: Vec<_> = random.iter().take(3).cloned().collect();
    positions.extend(random.iter().skip(5).step_by(4).cloned());
    positions.extend(sensible.iter().skip(6).step_by(4).cloned());
    positions.extend(
        random
            .iter()
            .chain(&sensible)
            .find(|(p, recent)| !p.is_over() && recent[0].is_none() && recent[1].is_some())
            .cloned(),
    );
    positions.push(sensible.last().unwrap().clone());
    let mut cases: Vec<Case> = positions
        .into_iter()
        .enumerate()
        .map(|(n, (position, recent))| Case {
            position,
            seed: seed_with_history(n),
            recent: Some(recent),
        })
        .collect();
    cases.push(made_up_pass());
    cases
}

/// A playout whose first ply is a pass (the side to move has no attach
/// cell, so its PLY is the start's fourth edge): the second latest
/// placement's set is loaded in that ply, which shifts it to the third,
/// and the next ply draws near it. No game gives the next ply a cell there
/// (the side that passes has none it can use), so the second latest is one
/// the other side could make: a history no game makes, which the engine
/// takes as the model does; and a seed whose playout that set changes.
fn made_up_pass() -> Case {
    assert_eq!(shape_table().shapes[usize::from(MONOMINO)].cells.len(), 1);
    let made_up = |(p, recent): (Position, [Option<Placement>; 3])| {
        if p.is_over() || !p.attach_cells(p.to_move()).is_empty() {
            return None;
        }
        let mut after = p.clone();
        after.play(Move::Pass);
        let mover = p.to_move();
        let legal = after.legal_placements();
        // Its set holds some of the cells the other side can play, not all.
        let live = legal
            .iter()
            .fold(Bitboard::EMPTY, |cells, m| cells | m.cells())
            & after.attach_cells(mover.other());
        // A monomino on a cell touching one of them by a corner.
        let second = live
            .diagonal_neighbours()
            .cells()
            .map(|c| placement_at(MONOMINO, c.index() as u8).expect("on the board"))
            .find(|&r| {
                let cells = r.cells();
                let near = cells.diagonal_neighbours() & !cells.edge_neighbours() & !cells;
                let near = near & !after.forbidden(mover) & live;
                !near.is_empty() && near != live
            })?;
        Some((p, [recent[0], Some(second), recent[2]]))
    };
    let (position, recent) = random_games(1000, 4)
        .iter()
        .flat_map(|game| with_history(game))
        .find_map(made_up)
        .expect("a position to pass");
    let without_second = Some([recent[0], None, recent[2]]);
    let seed = (100..)
        .map(seed_with_history)
        .find(|&seed| {
            let run =
                |recent| run_refined(&position, seed, Refinements::NEXT, recent, &mut NoHooks);
            run(Some(recent)) != run(without_second)
        })
        .expect("a seed");
    Case {
        position,
        seed,
        recent: Some(recent),
    }
}

#[test]
fn the_engine_with_history_plays_out_as_the_model_back_to_back() {
    let cases = cases_with_history();
    assert!(cases[cases.len() - 2].position.is_over());
    let wants = plays_out_as_the_model(CellPlayout::refined(Refinements::NEXT), &cases);
    // The history counts: without it the same seeds play other games.
    let differ = cases
        .iter()
        .zip(&wants)
        .filter(|(case, want)| model_run(&case.position, case.seed).rng != want.rng)
        .count();
    assert!(
        cases.len() >= 20 && differ >= cases.len() / 2,
        "{} cases, {differ} changed by the history",
        cases.len()
    );
}

#[test]
fn cell_playout_verilog_lints_clean() {
    let verilog = hdl::verilog::on_big_stack(|| hdl::verilog::verilog_of(CellPlayout::new()));
    lint_verilog("cell_playout", &verilog);
    let refined = hdl::verilog::on_big_stack(|| {
        hdl::verilog::verilog_of(CellPlayout::refined(Refinements::NEXT))
    });
    lint_verilog("cell_playout_refined", &refined);
}
