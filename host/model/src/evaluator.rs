//! Model of `hdl::Evaluator`: the score of one candidate placement for the
//! side to move, from bit counts only, in the hardware's integer widths.
//!
//! With `O` the mover's cells, `P` the opponent's, `C` the candidate's cells
//! and `O' = O | C`:
//! - `own_attach  = |diag(O') & !(O' | P | edge(O'))|` (the mover's corners after the move),
//! - `opp_attach  = |attach_P & !C|` (the opponent's corners left),
//! - `own_reach   = |grow^3(own corners)|` where one `grow` step adds the
//!   8-neighbours of a set and keeps only cells free for the mover
//!   (`!(O' | P | edge(O'))`): the open space within three steps of its corners,
//! - `opp_reach`  likewise for the opponent after the move,
//! - `cells       = |C|`.
//!
//! `score = 8*cells + 2*own_attach - 2*opp_attach + own_reach - opp_reach`,
//! a signed 12-bit value (every count is at most 196, so the sum lies within
//! -588..+628 and never overflows). The weights and the three steps were
//! chosen by one-ply matches against the host's greedy engine (docs/design-log.md).

use blokus::{Bitboard, Placement, Position};

/// Score weights (constants of the hardware).
pub const W_CELLS: i32 = 8;
pub const W_ATTACH: i32 = 2;
pub const W_REACH: i32 = 1;
/// Growth steps of the reach measure.
pub const REACH_STEPS: usize = 3;
/// Clock edges from a candidate at `hdl::Evaluator`'s inputs to its features and score at the outputs.
pub const EVAL_LATENCY: usize = 8;

/// The evaluator's inputs for one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalInputs {
    pub own: Bitboard,
    pub opponent: Bitboard,
    /// The opponent's attach cells before the move.
    pub opponent_attach: Bitboard,
    pub candidate: Bitboard,
}

/// The bit counts the score is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Features {
    pub cells: u8,
    pub own_attach: u8,
    pub opp_attach: u8,
    pub own_reach: u8,
    pub opp_reach: u8,
}

impl EvalInputs {
    /// The inputs for `placement` by the side to move of `position`.
    pub fn for_placement(position: &Position, placement: Placement) -> EvalInputs {
        let me = position.to_move();
        EvalInputs {
            own: position.cells(me),
            opponent: position.cells(me.other()),
            opponent_attach: position.attach_cells(me.other()),
            candidate: placement.cells(),
        }
    }
}

/// [`REACH_STEPS`] times: add the 8-neighbours, keep what is not `blocked`.
fn grow(seed: Bitboard, blocked: Bitboard) -> Bitboard {
    let mut region = seed & !blocked;
    for _ in 0..REACH_STEPS {
        region = (region | region.edge_neighbours() | region.diagonal_neighbours()) & !blocked;
    }
    region
}

/// The bit counts, gate for gate as the hardware forms them.
pub fn features(inputs: &EvalInputs) -> Features {
    let own = inputs.own | inputs.candidate;
    let occupied = own | inputs.opponent;
    let own_blocked = occupied | own.edge_neighbours();
    let own_attach = own.diagonal_neighbours() & !own_blocked;
    let opp_blocked = occupied | inputs.opponent.edge_neighbours();
    let opp_attach = inputs.opponent_attach & !inputs.candidate;
    Features {
        cells: inputs.candidate.count() as u8,
        own_attach: own_attach.count() as u8,
        opp_attach: opp_attach.count() as u8,
        own_reach: grow(own_attach, own_blocked).count() as u8,
        opp_reach: grow(opp_attach, opp_blocked).count() as u8,
    }
}

/// The score, as the hardware's signed 12-bit value.
pub fn score(f: &Features) -> i16 {
    let s = W_CELLS * i32::from(f.cells)
        + W_ATTACH * (i32::from(f.own_attach) - i32::from(f.opp_attach))
        + W_REACH * (i32::from(f.own_reach) - i32::from(f.opp_reach));
    debug_assert!((-2048..2048).contains(&s));
    s as i16
}

/// The score of `placement` for the side to move of `position`.
pub fn evaluate(position: &Position, placement: Placement) -> i16 {
    score(&features(&EvalInputs::for_placement(position, placement)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use blokus::parse_code_list;

    #[test]
    fn features_of_a_hand_checked_first_move() {
        // Player 1's first tile: the monomino on its start square (5,5), empty board.
        let position = Position::new();
        let placement = match position.check("55a0".parse().unwrap()).unwrap() {
            blokus::Move::Place(p) => p,
            _ => unreachable!(),
        };
        let f = features(&EvalInputs::for_placement(&position, placement));
        // Four diagonal corners; the opponent has only its start square.
        assert_eq!(f.cells, 1);
        assert_eq!(f.own_attach, 4);
        assert_eq!(f.opp_attach, 1);
        // Three steps from the four corners cover the 9x9 square around (5,5),
        // less the tile and its four edge neighbours.
        assert_eq!(f.own_reach, 81 - 5);
        // The opponent's start square grown 3 steps: the 7x7 square around (10,10).
        assert_eq!(f.opp_reach, 7 * 7);
        assert_eq!(score(&f), 8 + 2 * (4 - 1) + 76 - 49);
    }

    #[test]
    fn a_move_that_covers_opponent_corners_reduces_them() {
        let position = Position::from_codes(&parse_code_list("56j0,aap0").unwrap()).unwrap();
        let them = position.to_move().other();
        let corners = position.attach_cells(them);
        let best_blocker = position
            .legal_placements()
            .into_iter()
            .max_by_key(|p| (p.cells() & corners).count())
            .unwrap();
        let covered = (best_blocker.cells() & corners).count();
        assert!(covered > 0);
        let f = features(&EvalInputs::for_placement(&position, best_blocker));
        assert_eq!(u32::from(f.opp_attach), corners.count() - covered);
    }
}
