//! Model of `hdl::LightPlayout`, the light playout engine: a playout by
//! [`crate::light`] under [`POLICY`] (Pentobi's sizes and opening rule, a
//! placement's row of box corners drawn before its corner), started
//! from a position with a generator state, and the clock cycles the engine
//! takes for it. For any position and seed the hardware ends with this
//! margin, these plies and this generator state, after these cycles.
//!
//! # Timing
//! The engine takes `start` at a rising edge (counted as edge 1). Each ply
//! then costs: [`placement_cycles`] for a placement, by the generator row
//! of its box corner (check, the generator's 14 rows, the sizes weighed,
//! the four draws, the shape's and the row's searches, the generator's rows
//! again up to the drawn one, the placement) and [`PASS_CYCLES`] for a pass
//! (check, the
//! generator's rows, the weighing that finds no size). The end costs [`END_CYCLES`] (the check
//! that finds the game over, then the counts of the two sides' unplaced
//! cells, one after the other); `done`
//! is high after the last of them.

use crate::light::{choose, Policy};
use crate::monte_carlo::Xorshift32;
use blokus::{Move, Placement, Player, Position};

/// Rising edges from `start` (not counted) to the row 13 of a generator
/// started in the cycle before them: the rows of `hdl::MoveGen` (row 0
/// two edges after its `start`, one row a cycle).
pub const ROW_CYCLES: u64 = 15;
/// Cycles of a ply that places a tile whose box corner is in generator row
/// `row` (0-13): PLY 1, SCAN_A 15, WEIGH 1, SIZE 1, COUNT 1, PREFIX 1,
/// DRAW_SHAPE 1, LOCATE 1, NTH 1, ROWS 1, DRAW_ROW 1, ROW_NTH 1 (the
/// generator restarted), SCAN_B up to the drawn row (`row + 2`), TALLY 1,
/// DRAW_CORNER 1, NTH 1, APPLY 1.
pub const fn placement_cycles(row: u64) -> u64 {
    1 + ROW_CYCLES + 7 + 3 + (row + 2) + 4
}
const _: () = assert!(placement_cycles(0) == 32);
/// The most a placement takes (its corner in the last row).
pub const MAX_PLACEMENT_CYCLES: u64 = placement_cycles(13);
/// Cycles of a pass: PLY, SCAN_A, WEIGH.
pub const PASS_CYCLES: u64 = 1 + ROW_CYCLES + 1;
/// Cycles of the end: PLY (the game is over), SWAP (the last mover's
/// unplaced cells kept, the sides swapped for the other's), FINISH.
pub const END_CYCLES: u64 = 3;

/// The policy the engine plays: Pentobi's sizes and opening rule, the row
/// of box corners drawn first (so that the second scan stops at it).
pub const POLICY: Policy = Policy {
    rows_first: true,
    ..Policy::PENTOBI
};

/// The generator row of `placement`'s box corner.
pub fn corner_row(placement: Placement) -> u64 {
    u64::from(placement.box_corner().y() - 1)
}

/// What the engine ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineRun {
    /// Unplaced cells of the other side minus the starting side's: positive
    /// when the side to move at the start wins.
    pub margin: i32,
    /// Plies played, passes included.
    pub plies: u32,
    /// Placements among them.
    pub placements: u32,
    /// The generator's state after the last draw.
    pub rng: u32,
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

/// The engine's playout of `position` from generator state `seed`.
pub fn run(position: &Position, seed: u32) -> EngineRun {
    let root = position.to_move();
    let mut position = position.clone();
    let mut rng = Xorshift32(seed);
    let (mut plies, mut placements) = (0, 0);
    let mut placing = 0;
    while !position.is_over() {
        let chosen = choose(&position, &POLICY, &mut rng);
        placements += u32::from(chosen.is_some());
        placing += chosen.map_or(0, |p| placement_cycles(corner_row(p)));
        position.play(chosen.map_or(Move::Pass, Move::Place));
        plies += 1;
    }
    let margin =
        position.unplaced_cells(root.other()) as i32 - position.unplaced_cells(root) as i32;
    let passes = u64::from(plies - placements);
    EngineRun {
        margin,
        plies,
        placements,
        rng: rng.0,
        edges: 1 + placing + passes * PASS_CYCLES + END_CYCLES,
    }
}

/// The margin for player 1 (positive when player 1 wins) of a run from a
/// position with `root` to move.
pub fn margin_for_player_one(run: &EngineRun, root: Player) -> i32 {
    match root {
        Player::One => run.margin,
        Player::Two => -run.margin,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::light::playout;

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
}
