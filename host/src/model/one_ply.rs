//! The one-ply player the hardware's generator and evaluator make: every
//! candidate in the generator's output order (row, then shape, then column),
//! the first with the highest evaluator score wins; a pass when there is none.

use super::evaluator::{features, score, EvalInputs};
use super::move_gen::{move_gen_rows, MoveGenInputs};
use crate::blokus::tiles::shape_table;
use crate::blokus::{Cell, Move, Placement, Position};

/// The candidates of the side to move in the hardware's order.
pub fn candidates(position: &Position) -> Vec<Placement> {
    let table = shape_table();
    let mut out = Vec::new();
    for (r, row) in move_gen_rows(&MoveGenInputs::for_position(position))
        .iter()
        .enumerate()
    {
        for (s, &bits) in row.iter().enumerate() {
            let (ax, ay) = table.shapes[s].anchor_offset();
            for x in 0..14u8 {
                if bits >> x & 1 == 1 {
                    out.push(Placement {
                        shape: s as u8,
                        anchor: Cell::new(x + 1 + ax, r as u8 + 1 + ay).unwrap(),
                    });
                }
            }
        }
    }
    out
}

/// The move the one-ply hardware player makes.
pub fn choose(position: &Position) -> Move {
    if position.is_over() {
        return Move::Pass;
    }
    let me = position.to_move();
    let opponent_attach = position.attach_cells(me.other());
    let mut best: Option<(i16, Placement)> = None;
    for p in candidates(position) {
        let inputs = EvalInputs {
            own: position.cells(me),
            opponent: position.cells(me.other()),
            opponent_attach,
            candidate: p.cells(),
        };
        let s = score(&features(&inputs));
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, p));
        }
    }
    best.map_or(Move::Pass, |(_, p)| Move::Place(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::engine::{
        play_game, points_for_player_one, Engine, ModelOnePly, RandomEngine,
    };
    use crate::blokus::sample::random_games;
    use std::collections::HashSet;

    #[test]
    fn candidates_are_the_legal_placements_each_once() {
        for history in random_games(31, 3) {
            for position in history.iter().filter(|p| !p.is_over()) {
                let ours = candidates(position);
                let set: HashSet<_> = ours.iter().copied().collect();
                assert_eq!(set.len(), ours.len());
                assert_eq!(set, position.legal_placements().into_iter().collect());
            }
        }
    }

    #[test]
    fn the_one_ply_player_beats_a_random_player_from_both_seats() {
        let mut points = 0.0;
        for game in 0..8u64 {
            let model: Box<dyn Engine> = Box::new(ModelOnePly);
            let random: Box<dyn Engine> = Box::new(RandomEngine::new(game));
            let model_first = game % 2 == 0;
            let mut players = if model_first {
                [model, random]
            } else {
                [random, model]
            };
            let p1 = points_for_player_one(&play_game(Position::new(), &mut players));
            points += if model_first { p1 } else { 1.0 - p1 };
        }
        assert_eq!(points, 8.0);
    }
}
