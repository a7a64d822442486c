//! The engine with history's placements, one by one, against the model's:
//! what `hdl/tests/cell_playout.rs` cannot see from the ports (the margin,
//! plies, generator state and cycles it checks there), read from the
//! engine's own registers in rust-hdl's simulator.

use super::*;
use crate::board::board_from_words;
use blokus::{Bitboard, Placement, Player, Position};
use games::blokus::{random_games, sensible_games};
use model::cell_playout::{run_refined, PlayoutHooks};
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

/// The cells of each placement a playout makes, in order.
#[derive(Default)]
struct Placements(Vec<Bitboard>);

impl PlayoutHooks for Placements {
    fn played(&mut self, _mover: usize, shape: u8, corner: u8) {
        let placement = model::placer::placement_at(shape, corner).expect("a placement");
        self.0.push(placement.cells());
    }
}

/// `player`'s side of `p` as the engine takes it.
fn playout_side(p: &Position, player: Player) -> PlayoutSide {
    PlayoutSide {
        forbidden: board_from_words(p.forbidden(player).0),
        attach: board_from_words(p.attach_cells(player).0),
        tiles: u64::from(!p.used_tiles(player) & blokus::tiles::ALL_TILES).into(),
    }
}

/// The placements the engine makes from each `(position, recent, seed)`,
/// back to back: the cells it applies in each APPLY.
fn placements(cases: Vec<(Position, [Option<Placement>; 3], u32)>) -> Vec<Vec<Board>> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<CellPlayout>| x.clock.next = !x.clock.val());
    {
        let out = out.clone();
        sim.add_testbench(move |mut ep: Sim<CellPlayout>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for (p, recent, seed) in &cases {
                let me = p.to_move();
                x.own.next = playout_side(p, me);
                x.opponent.next = playout_side(p, me.other());
                x.passes.next = u64::from(p.passes_in_row()).into();
                x.seed.next = u64::from(*seed).into();
                x.recent.next = RecentMoves::of(*recent);
                x.start.next = true;
                let mut placed = Vec::new();
                loop {
                    x = ep.watch(|x| !x.clock.val().clk, x)?;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    x.start.next = false;
                    if x.state.q.val() == State::Apply {
                        placed.push(x.sides.placed.val().cells);
                    }
                    if x.done.val() {
                        break;
                    }
                }
                out.lock().unwrap().push(placed);
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
            }
            ep.done(x)
        });
    }
    sim.run(
        Box::new(CellPlayout::refined(Refinements::NEXT)),
        u64::MAX / 2,
    )
    .expect("the simulation ends");
    let placed = std::mem::take(&mut *out.lock().unwrap());
    placed
}

#[test]
fn the_engine_with_history_makes_the_models_placements() {
    let mut games = random_games(91, 1);
    games.extend(sensible_games(92, 1, 4));
    let cases: Vec<(Position, [Option<Placement>; 3], u32)> = games
        .iter()
        .flat_map(|game| {
            let placed: Vec<Option<Placement>> =
                game.windows(2).map(|w| w[0].placement_to(&w[1])).collect();
            (3..game.len()).step_by(6).map(move |i| {
                let recent = [placed[i - 1], placed[i - 2], placed[i - 3]];
                (
                    game[i].clone(),
                    recent,
                    0xFACE ^ (i as u32).wrapping_mul(0x9E37_79B9),
                )
            })
        })
        .collect();
    let said = crate::verilog::on_big_stack(|| placements(cases.clone()));
    let mut total = 0;
    for ((p, recent, seed), got) in cases.iter().zip(&said) {
        let mut want = Placements::default();
        run_refined(p, *seed, Refinements::NEXT, Some(*recent), &mut want);
        let want: Vec<Board> = want.0.iter().map(|b| board_from_words(b.0)).collect();
        assert_eq!(got, &want, "ply {} seed {seed:#x}", p.plies());
        total += want.len();
    }
    assert!(
        cases.len() >= 8 && total > 100,
        "{} playouts, {total} placements",
        cases.len()
    );
}
