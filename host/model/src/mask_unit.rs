//! Model of `hdl::MaskUnit`: the cells the player to move may not cover and the
//! cells where its next tile may attach, from the two players' cells and its
//! one-hot start square. Combinational: outputs follow inputs in the same cycle.

use blokus::{Bitboard, Position};

/// The block's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskInputs {
    pub own: Bitboard,
    pub opponent: Bitboard,
    pub start: Bitboard,
}

/// The block's outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskOutputs {
    pub forbidden: Bitboard,
    pub attach: Bitboard,
}

impl MaskInputs {
    /// The inputs for the side to move of `position`.
    pub fn for_position(position: &Position) -> MaskInputs {
        let me = position.to_move();
        MaskInputs {
            own: position.cells(me),
            opponent: position.cells(me.other()),
            start: Bitboard::from_cell(me.start_square()),
        }
    }
}

/// What the block computes, gate for gate: the neighbour shifts with the
/// row-end columns masked, as in the hardware.
pub fn mask_unit(inputs: MaskInputs) -> MaskOutputs {
    let edges = inputs.own.edge_neighbours();
    let diagonals = inputs.own.diagonal_neighbours();
    let forbidden = inputs.own | inputs.opponent | edges;
    let touching = if inputs.own.is_empty() {
        inputs.start
    } else {
        diagonals
    };
    MaskOutputs {
        forbidden,
        attach: touching & !forbidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::random_games;

    #[test]
    fn agrees_with_the_rules_engine_on_random_games() {
        for history in random_games(5, 10) {
            for position in history {
                let me = position.to_move();
                let out = mask_unit(MaskInputs::for_position(&position));
                assert_eq!(out.forbidden, position.forbidden(me));
                assert_eq!(out.attach, position.attach_cells(me));
            }
        }
    }
}
