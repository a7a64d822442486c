//! Model of `hdl::CellPlayout`, the attach-cell playout engine: a playout
//! by [`crate::light`] under [`POLICY`] (an attach cell first, those next
//! to the opponent's last placement first; then a size by Pentobi's
//! weights and opening rule, a shape, and one of its placements covering
//! the cell), started from a position with a generator state, and the
//! clock cycles the engine takes for it. For any position and seed the
//! hardware ends with this margin, these plies and this generator state,
//! after these cycles.
//!
//! The engine needs no move generator: it keeps each side's forbidden and
//! attach cells, looks at the 9 x 9 cells around the drawn attach cell,
//! and from them knows which of the 414 (shape, cell) pairs fit there. An
//! attach cell that nothing fits joins its side's forbidden cells (no
//! legal placement covers it, then or later), so it is never drawn again.
//!
//! # Timing
//! The engine takes `start` at a rising edge (counted as edge 1). Each ply
//! then costs [`PLACEMENT_CYCLES`] for a placement and [`PASS_CYCLES`] for
//! a pass, plus [`DEAD_CYCLES`] for every attach cell drawn and found dead
//! on the way; the end costs [`END_CYCLES`]. `done` is high after the last
//! of them.

use crate::light::{choose_tracked, local_cells, Local, Policy};
use crate::light_playout::EngineRun;
use crate::monte_carlo::Xorshift32;
use blokus::{Bitboard, Move, Position};

/// The policy the engine plays: Pentobi's sizes and opening rule, the
/// attach cell drawn first, those next to the opponent's last placement
/// first.
pub const POLICY: Policy = Policy {
    cells_first: true,
    local: Local::Attach,
    ..Policy::PENTOBI
};

/// Cycles of a ply that places a tile once its attach cell is drawn:
/// PLY, CELL_COUNT, PREFIX, DRAW, LOCATE, NTH (the cell), WINDOW, PAIRS,
/// WEIGH, SIZE, SHAPE_COUNT, PREFIX, DRAW, LOCATE, NTH (the shape),
/// PAIR_SET, DRAW_PAIR, NTH_PAIR, PLACE, APPLY.
pub const PLACEMENT_CYCLES: u64 = 20;
/// Cycles of an attach cell drawn and found dead: PLY, CELL_COUNT, PREFIX,
/// DRAW, LOCATE, NTH, WINDOW, PAIRS (the next draw starts at PLY again).
pub const DEAD_CYCLES: u64 = 8;
/// Cycles of a pass: PLY, which finds no attach cell left.
pub const PASS_CYCLES: u64 = 1;
/// Cycles of the end: PLY (the game is over), SWAP (the last mover's
/// unplaced cells kept, the sides swapped for the other's), FINISH.
pub const END_CYCLES: u64 = 3;

/// The engine's playout of `position` from generator state `seed`.
pub fn run(position: &Position, seed: u32) -> EngineRun {
    let root = position.to_move();
    let mut position = position.clone();
    let mut rng = Xorshift32(seed);
    let (mut plies, mut placements) = (0, 0);
    let mut dead = [Bitboard::EMPTY; 2];
    let mut last = None;
    while !position.is_over() {
        let local = local_cells(&position, last);
        let chosen = choose_tracked(&position, &POLICY, local, &mut dead, &mut rng);
        placements += u32::from(chosen.is_some());
        position.play(chosen.map_or(Move::Pass, Move::Place));
        last = chosen;
        plies += 1;
    }
    let found_dead = u64::from(dead[0].count() + dead[1].count());
    let passes = u64::from(plies - placements);
    let margin =
        position.unplaced_cells(root.other()) as i32 - position.unplaced_cells(root) as i32;
    EngineRun {
        margin,
        plies,
        placements,
        rng: rng.0,
        edges: 1
            + u64::from(placements) * PLACEMENT_CYCLES
            + found_dead * DEAD_CYCLES
            + passes * PASS_CYCLES
            + END_CYCLES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::light::playout;
    use crate::light_playout::margin_for_player_one;
    use blokus::Player;
    use games::blokus::random_games;

    #[test]
    fn the_run_is_the_light_playout_of_the_same_draws() {
        for seed in [1, 7, 0x9E37_79B9] {
            let position = Position::new();
            let run = run(&position, seed);
            let mut rng = Xorshift32(seed);
            let ending = playout(&position, &POLICY, &mut rng);
            assert_eq!(margin_for_player_one(&run, Player::One), ending.margin);
            assert_eq!(run.plies, ending.plies);
            assert_eq!(run.rng, rng.0);
            assert!(run.placements >= 20);
        }
    }

    #[test]
    fn a_finished_game_costs_the_end_only() {
        let mut position = Position::new();
        position.play(Move::Pass);
        position.play(Move::Pass);
        let run = run(&position, 5);
        assert_eq!((run.plies, run.margin, run.rng), (0, 0, 5));
        assert_eq!(run.edges, 1 + END_CYCLES);
    }

    #[test]
    fn a_playout_takes_under_seven_tenths_of_the_row_engines_cycles() {
        // From the start and from the middle of random games: the cycles
        // a playout takes, against the generator engine's.
        let (mut cells, mut rows, mut runs) = (0, 0, 0);
        for game in random_games(21, 6) {
            for position in game.iter().step_by(6) {
                for seed in [3, 0x1234_5679] {
                    cells += run(position, seed).edges;
                    rows += crate::light_playout::run(position, seed).edges;
                    runs += 1;
                }
            }
        }
        assert!(runs > 20);
        assert!(10 * cells < 7 * rows, "{cells} against {rows} cycles");
        // From the start, under three fifths.
        let start = Position::new();
        let (cells, rows) = (run(&start, 9).edges, crate::light_playout::run(&start, 9).edges);
        assert!(5 * cells < 3 * rows, "{cells} against {rows} cycles from the start");
    }
}
