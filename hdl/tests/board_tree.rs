//! The tree search (`BoardTree`) in rust-hdl's event simulator against
//! `model::board_tree::search`: a late position searched with a small budget
//! (several rounds, expansions, a pass or the end within the tree) and a
//! position with one candidate; the move, rounds, nodes and the cycle of
//! `done` equal the model's. A search abandoned (`cancel`) in its playouts
//! raises no `done`, stays `busy` while its bank plays on, and the next
//! search, started at once, waits for it and then searches as the model.
//! (Verilator runs it on 166 positions, the watchdog firing in half.)

#[macro_use]
#[path = "common/inputs.rs"]
mod inputs;

use ::model::board_tree::search_expanding_after;
use ::model::clock::Budget;
use ::model::expander::expand;
use blokus::Position;
use games::blokus::sensible_games;
use hdl::BoardTree;
use inputs::tiles;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// Visits before a leaf is expanded: the engines' count, so that a few
/// thousand cycles grow a tree several levels deep (the board takes more).
const EXPAND_AFTER: u32 = ::model::playout_bank::ENGINES as u32;

/// (found, shape, corner, rounds, nodes, edges) for each position.
type Said = (bool, u64, u64, u64, u64, u64);

/// Searches `positions` in turn; before them, when `abandon` is given, a
/// search of that position cancelled after that many edges, the next
/// started at once. Gives what each search said, and for the abandoned one
/// the edges until `busy` fell and whether `done` rose.
fn run(
    positions: &[Position],
    abandon: Option<(Position, u64)>,
    budget: Budget,
    limit: u64,
) -> (Vec<Said>, Option<(u64, bool)>) {
    let abandoned = Arc::new(Mutex::new(None));
    let out = Arc::new(Mutex::new(Vec::new()));
    let positions = positions.to_vec();
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<BoardTree>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        let abandoned = abandoned.clone();
        sim.add_testbench(move |mut ep: Sim<BoardTree>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            x.rounds_until.next = budget.rounds_until.into();
            x.watchdog.next = budget.watchdog.into();
            x.expand_after.next = u64::from(EXPAND_AFTER).into();
            let mut waiting = 0;
            if let Some((p, after)) = &abandon {
                drive_position!(x, p);
                x.opponent_tiles_left.next = tiles(p, p.to_move().other());
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.start.next = true;
                let mut done_seen = false;
                for edge in 1..=*after + 1 {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    x.cancel.next = edge == *after;
                    done_seen |= x.done.val();
                }
                // The next search is asked for at once; it begins when the
                // bank is idle.
                while x.busy.val() && waiting < limit {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    done_seen |= x.done.val();
                    waiting += 1;
                }
                *abandoned.lock().unwrap() = Some((waiting, done_seen));
            }
            for p in &positions {
                drive_position!(x, p);
                x.opponent_tiles_left.next = tiles(p, p.to_move().other());
                x.passes.next = u64::from(p.passes_in_row()).into();
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
                out.lock().unwrap().push((
                    x.found.val(),
                    x.best_shape.val().to_u64(),
                    x.best_corner.val().to_u64(),
                    x.rounds.val().to_u64(),
                    x.nodes.val().to_u64(),
                    edges,
                ));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(BoardTree::new()), u64::MAX / 2)
        .expect("the simulation ends");
    let said = std::mem::take(&mut *out.lock().unwrap());
    let abandoned = *abandoned.lock().unwrap();
    (said, abandoned)
}

#[test]
fn the_tree_searches_as_the_model() {
    let games = sensible_games(9, 2, 4);
    let late = games[0][games[0].len() - 9].clone();
    let forced = games
        .iter()
        .flatten()
        .find(|p| p.legal_placements().len() == 1)
        .expect("a position with one move")
        .clone();
    let positions = vec![late, forced];
    let budget = Budget::rounds_for(4_000);
    // Abandoned from the start position 300 edges into its first playouts.
    let start = Position::new();
    let abandon = Some((start.clone(), expand(&start).edges + 300));
    // The block is too big for a test thread's stack.
    let (said, abandoned) = hdl::verilog::on_big_stack(|| run(&positions, abandon, budget, 20_000));
    let (waited, done_seen) = abandoned.expect("a search was abandoned");
    assert!(!done_seen, "no done after a cancel");
    assert!(
        waited > 100,
        "busy for {waited} edges after the cancel: the bank played on"
    );
    for (p, got) in positions.iter().zip(&said) {
        let want = search_expanding_after(p, budget, EXPAND_AFTER);
        let best = want.best.expect("a move");
        assert_eq!(
            *got,
            (
                true,
                u64::from(best.shape),
                u64::from(best.corner),
                u64::from(want.rounds),
                want.nodes as u64,
                want.edges
            ),
            "ply {}: (found, shape, corner, rounds, nodes, edges), the model {want:?}",
            p.plies()
        );
        println!(
            "ply {}: {} rounds, {} nodes, depth {}, {} cycles",
            p.plies(),
            want.rounds,
            want.nodes,
            want.depth,
            want.edges
        );
    }
    let late = search_expanding_after(&positions[0], budget, EXPAND_AFTER);
    assert!(late.rounds >= 3 && late.nodes > late.root.len(), "{late:?}");
}
