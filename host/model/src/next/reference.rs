//! Pentobi's playout policy on the rules engine, in software only: the
//! yardstick for what the board's playout engine gives up. At each ply the
//! side to move's legal placements (the opening rule's sizes first, as the
//! engine's), then those covering the most *local* cells, the attach cells
//! (free to the opponent) of the opponent's last two placements, each worth
//! 2 where it is also the mover's attach cell, else 1 (Pentobi's gamma of
//! 10^6 a local point leaves no other choice); among them one drawn by its
//! tile's weight, 3 to its size times 1.8 to its attach cells less one
//! (`cell_playout::tile_weights`). The last good reply, if legal, first.

use super::features::attach_cells;
use crate::cell_playout::{
    tile_weights, EngineRun, PlayoutHooks, END_CYCLES, PASS_CYCLES, PLACEMENT_CYCLES,
};
use crate::policy::Policy;
use crate::random::{draw_below, Xorshift32};
use blokus::{Move, Placement, Position};

/// The playout of `position` from generator state `seed`, `recent` the
/// placements before it (the latest first); its result as the engine's
/// (its edges as if each ply were the engine's).
pub fn run(
    position: &Position,
    seed: u32,
    recent: [Option<Placement>; 3],
    hooks: &mut impl PlayoutHooks,
) -> EngineRun {
    let root = position.to_move();
    let mut position = position.clone();
    let mut rng = Xorshift32(seed);
    // The placements made, the latest last: (mover is root side, placement).
    let mut made: Vec<Option<Placement>> = recent.iter().rev().copied().collect();
    let (mut plies, mut placements) = (0u32, 0u32);
    let weights = tile_weights();
    while !position.is_over() {
        let me = position.to_move();
        let mover = usize::from(me != root);
        let last = made.last().copied().flatten();
        let own_last = made.iter().rev().nth(1).copied().flatten();
        let code = |p: Placement| (p.shape, p.box_corner().index() as u8);
        let reply = hooks
            .reply(mover, last.map(code), own_last.map(code))
            .and_then(|(shape, corner)| crate::placer::placement_at(shape, corner))
            .filter(|p| position.legal_placements().contains(p));
        let chosen = reply.or_else(|| {
            let mut legal = position.legal_placements();
            let min = Policy::PENTOBI.min_size(position.tiles_placed(me));
            if legal.iter().any(|p| p.tile().size() >= min) {
                legal.retain(|p| p.tile().size() >= min);
            }
            if legal.is_empty() {
                return None;
            }
            // The opponent's last two placements: made[-1] and made[-3].
            let theirs = [made.iter().next_back(), made.iter().rev().nth(2)];
            let their_free = !position.forbidden(me.other());
            let local = theirs
                .iter()
                .filter_map(|p| p.copied().flatten())
                .fold(blokus::Bitboard::EMPTY, |a, p| a | attach_cells(p.cells()))
                & their_free;
            let double = local & position.attach_cells(me);
            let value = |p: &Placement| (p.cells() & local).count() + (p.cells() & double).count();
            let best = legal.iter().map(value).max().unwrap_or(0);
            legal.retain(|p| value(p) == best);
            let total: u32 = legal.iter().map(|p| weights[p.tile().index()]).sum();
            let mut pick = draw_below(&mut rng, total);
            for p in &legal {
                let w = weights[p.tile().index()];
                if pick < w {
                    return Some(*p);
                }
                pick -= w;
            }
            legal.last().copied()
        });
        if let Some(p) = chosen {
            hooks.played(mover, p.shape, p.box_corner().index() as u8);
            placements += 1;
        }
        position.play(chosen.map_or(Move::Pass, Move::Place));
        made.push(chosen);
        plies += 1;
    }
    let margin =
        position.unplaced_cells(root.other()) as i32 - position.unplaced_cells(root) as i32;
    EngineRun {
        margin,
        plies,
        placements,
        rng: rng.0,
        edges: 1
            + u64::from(placements) * PLACEMENT_CYCLES
            + u64::from(plies - placements) * PASS_CYCLES
            + END_CYCLES,
    }
}
