//! The next search (`PriorTree`) in rust-hdl's event simulator against
//! `model::prior_tree::search_traced`, its expander scripted from the
//! model's trace, on the SDRAM's chip model: the opening, a midgame
//! position, one near the end and one with only a pass, each with its
//! game's history, few blocks on chip so that the tree grows into the
//! SDRAM. Every expansion is started at the model's edge on the model's
//! position, every descent reaches the model's leaf in the model's cycle,
//! every bank run starts in the model's cycle; the move, the counts and the
//! edge of `done` equal the model's. And the Verilog lints clean.

#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/prior_trees.rs"]
mod prior_trees;
#[path = "common/rows.rs"]
mod rows;

use ::model::clock::Budget;
use ::model::sdram::INIT_CYCLES;
use blokus::Bitboard;
use hdl::prior_tree::rig::PriorTreeRig;
use hdl::{Board, PriorTree, RecentMoves, Side};
use prior_trees::{cases, seen, Case, Said, Script};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// Blocks on chip in the tests: the root's and one more, the rest in the
/// SDRAM (as in Verilator's rig).
const ON_CHIP: usize = prior_trees::RIG_ON_CHIP;

/// An expansion as the hardware started it: the edge that took its start,
/// and the position shown (the sides' cells and tiles, the latest and
/// earlier placements' cells).
type Started = (u64, [Bitboard; 4], [u64; 2]);

/// An expansion's start as `Started`.
fn started(
    edge: u64,
    (own, opponent, latest, earlier): (Side, Side, Bitboard, Bitboard),
) -> Started {
    let cells = |s: &Side| Bitboard(hdl::board_to_words(s.cells));
    (
        edge,
        [cells(&own), cells(&opponent), latest, earlier],
        [own.tiles.to_u64(), opponent.tiles.to_u64()],
    )
}

/// What one search did: what it said at `done`, its expansions started, and
/// whether the chip model saw a timing violated.
#[derive(Debug)]
struct Run {
    said: Option<Said>,
    started: Vec<Started>,
    /// The descents: the cycle each leaf is ready, and its address.
    descents: Vec<(u64, usize)>,
    /// The cycles of the bank's starts.
    runs: Vec<u64>,
    error: bool,
}

/// Drives the script inputs with `script`.
fn drive_script(x: &mut PriorTreeRig, script: &Script) {
    x.script_children.next = script.children;
    x.script_count.next = script.count.into();
    x.script_found.next = script.found;
    x.script_sum.next = script.sum.into();
    x.script_candidates.next = script.candidates.into();
    x.script_edges.next = script.edges.into();
}

/// Searches `cases` in turn on one rig (the SDRAM's power-up first), each
/// expansion scripted from the model's trace; at most `limit` edges each.
fn run(cases: &[Case], limit: u64) -> Vec<Run> {
    run_on(PriorTreeRig::new, cases, limit)
}

/// As `run`, on the rig `rig` builds with `ON_CHIP` blocks on chip (its
/// expander scripted or real).
fn run_on(rig: fn(usize) -> PriorTreeRig, cases: &[Case], limit: u64) -> Vec<Run> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let cases = cases.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<PriorTreeRig>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<PriorTreeRig>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            // The SDRAM's power-up.
            for _ in 0..INIT_CYCLES + 10 {
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
            }
            for case in &cases {
                let (_, trace) = case.model();
                let scripts: Vec<Script> = trace.expansions.iter().map(Script::of).collect();
                let p = &case.position;
                let me = p.to_move();
                x.own.next = inputs::side(p, me);
                x.opponent.next = inputs::side(p, me.other());
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.recent.next = RecentMoves::of(case.history);
                x.rounds_until.next = case.budget.rounds_until.into();
                x.watchdog.next = case.budget.watchdog.into();
                drive_script(&mut x, &scripts[0]);
                x.start.next = true;
                let mut run = Run {
                    said: None,
                    started: Vec::new(),
                    descents: Vec::new(),
                    runs: Vec::new(),
                    error: false,
                };
                let mut edges = 0;
                while edges < limit {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    edges += 1;
                    run.error |= x.error.val();
                    if x.seen_descended.val() {
                        run.descents
                            .push((edges + 1, x.seen_leaf.val().to_u64() as usize));
                    }
                    if x.seen_bank_start.val() {
                        run.runs.push(edges);
                    }
                    if x.done.val() {
                        // A pass's move and tile are not the search's.
                        let found = x.found.val();
                        let of_move = |v: u64| if found { v } else { 0 };
                        run.said = Some(Said {
                            found,
                            shape: of_move(x.best_shape.val().to_u64()),
                            corner: of_move(x.best_corner.val().to_u64()),
                            tile: of_move(x.best_tile.val().to_u64()),
                            forced: x.forced.val(),
                            candidates: x.candidates.val().to_u64(),
                            rounds: x.rounds.val().to_u64(),
                            plies: x.plies.val().to_u64(),
                            blocks: x.blocks.val().to_u64(),
                            depth: x.depth.val().to_u64(),
                            timed_out: x.timed_out.val(),
                            edges,
                        });
                        break;
                    }
                    if x.script_event.val() {
                        let board = |b: Board| Bitboard(hdl::board_to_words(b));
                        run.started.push(started(
                            edges,
                            (
                                x.seen_own.val(),
                                x.seen_opponent.val(),
                                board(x.seen_latest.val()),
                                board(x.seen_earlier.val()),
                            ),
                        ));
                        let next = scripts.get(run.started.len()).cloned().unwrap_or_default();
                        drive_script(&mut x, &next);
                    }
                }
                // The units' work ends before the next search.
                while x.busy.val() && edges < limit {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    edges += 1;
                }
                out.lock().unwrap().push(run);
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(rig(ON_CHIP)), u64::MAX / 2)
        .expect("the simulation ends");
    let runs = std::mem::take(&mut *out.lock().unwrap());
    runs
}

#[test]
fn the_search_chooses_the_models_move_in_the_models_cycles() {
    let budget = Budget::rounds_for(8_000);
    let cases = cases(budget, ON_CHIP);
    let runs = hdl::verilog::on_big_stack(|| run(&cases, 400_000));
    let mut sdram_blocks = 0;
    for (case, run) in cases.iter().zip(&runs) {
        let (want, trace) = case.model();
        let ply = case.position.plies();
        println!(
            "ply {ply}: {} rounds, {} blocks, depth {}, {} expansions, {} edges",
            want.rounds,
            want.blocks,
            want.depth,
            trace.expansions.len(),
            want.edges
        );
        assert!(
            !run.error,
            "ply {ply}: the chip model saw a timing violated"
        );
        let descents: Vec<(u64, usize)> =
            trace.descents.iter().map(|d| (d.ready, d.leaf)).collect();
        let runs: Vec<u64> = trace.runs.iter().map(|r| r.start).collect();
        assert_eq!(run.runs, runs, "ply {ply}: the bank's starts");
        assert_eq!(
            run.descents, descents,
            "ply {ply}: the descents (ready, leaf)"
        );
        let started_model: Vec<Started> = trace
            .expansions
            .iter()
            .map(|e| started(e.start_edge, seen(e)))
            .collect();
        for (k, (got, model)) in run.started.iter().zip(&started_model).enumerate() {
            assert_eq!(got, model, "ply {ply}: expansion {k} (edge, position)");
        }
        assert_eq!(
            run.started.len(),
            started_model.len(),
            "ply {ply}: expansions started"
        );
        assert_eq!(run.said, Some(Said::of(&want)), "ply {ply}: at done");
        sdram_blocks += want.blocks.saturating_sub(ON_CHIP);
    }
    assert!(sdram_blocks > 0, "no block in the SDRAM");
}

/// With its real expander (`PriorTree::new`), the search of the position
/// near the end on a small budget, then of the one with only a pass, says
/// what the model's says at the model's edge: every expansion's children,
/// order and cycles are `model::prior_expander`'s, as the model's search
/// has them.
#[test]
fn with_its_expander_the_search_chooses_the_models_move_in_the_models_cycles() {
    let budget = Budget::rounds_for(EXPANDER_BUDGET);
    let mut cases = cases(budget, ON_CHIP);
    let cases = [cases.swap_remove(2), cases.swap_remove(2)];
    let mut limit = 0;
    for case in &cases {
        let (want, trace) = case.model();
        println!(
            "ply {}: {} rounds, {} blocks, depth {}, {} expansions, {} edges",
            case.position.plies(),
            want.rounds,
            want.blocks,
            want.depth,
            trace.expansions.len(),
            want.edges
        );
        limit = limit.max(want.edges + 1_000);
    }
    assert!(
        cases[0].model().1.expansions.len() > 1,
        "no expansion but the root's"
    );
    let runs = hdl::verilog::on_big_stack(|| run_on(PriorTreeRig::with_expander, &cases, limit));
    for (case, run) in cases.iter().zip(&runs) {
        let ply = case.position.plies();
        assert!(
            !run.error,
            "ply {ply}: the chip model saw a timing violated"
        );
        assert_eq!(
            run.said,
            Some(Said::of(&case.model().0)),
            "ply {ply}: at done"
        );
    }
}

/// The rounds' budget of the search with the real expander.
const EXPANDER_BUDGET: u64 = 3_000;

#[test]
fn prior_tree_verilog_lints_clean() {
    hdl::verilog::on_big_stack(|| {
        let mut uut = PriorTree::scripted(4);
        uut.connect_all();
        lint_verilog("prior_tree", &generate_verilog(&uut));
    });
}

#[test]
fn prior_tree_with_its_expander_verilog_lints_clean() {
    hdl::verilog::on_big_stack(|| {
        let mut uut = PriorTree::new(4);
        uut.connect_all();
        lint_verilog("prior_tree_expander", &generate_verilog(&uut));
    });
}
