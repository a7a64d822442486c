//! The flat search's core, `hdl::OnePly`: the one-ply player the
//! generator and the evaluator make, every candidate in the generator's
//! order ([`super::candidates`]: row, then shape, then column), the first
//! with the highest evaluator score winning; a pass when there is none.
//! The engine `model-1ply` ([`ModelOnePly`]) plays it.
//!
//! # Timing of `hdl::OnePly`
//! Edges are rising clock edges counted from the one that samples `start`
//! (edge 0). The block's candidate stream is `hdl::Candidates` behind
//! `hdl::LegalMoves`, so candidate `i` is presented after edge `t_i` and the
//! stream's `done` after edge `d` of [`super::candidates::timeline`]. Each
//! candidate then takes one edge through the placer's register,
//! [`EVAL_LATENCY`] edges through the evaluator and one edge into the
//! best-so-far registers; `done` follows the stream's `done` by
//! [`DONE_AFTER_STREAM`] edges, when the last candidate's score has been
//! weighed: `hdl::OnePly` shows [`Decision`] during the cycle after edge
//! `d + DONE_AFTER_STREAM` (its `done` high for that one cycle) and keeps
//! showing it until the next `start`.

use super::candidates::{candidate_stream_of_corners, timeline};
use crate::evaluator::{Features, EVAL_LATENCY};
use crate::ordered::{scored_in_order, Scored};
use crate::placer::{placement_at, placer_tile};
use blokus::{Engine, Move, Placement, Position};

/// Edges from the candidate stream's `done` to `hdl::OnePly`'s: the placer's
/// register, the evaluator, the best-so-far registers.
pub const DONE_AFTER_STREAM: usize = 1 + EVAL_LATENCY + 1;

/// The best candidate in the generator's coordinates, its tile, score and features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// Oriented shape number, 0..91.
    pub shape: u8,
    /// Box corner cell index, 0..196.
    pub corner: u8,
    /// Tile number, 0..21 (`placer_tile`).
    pub tile: u8,
    /// The evaluator's score (signed 12-bit).
    pub score: i16,
    /// The evaluator's bit counts behind the score.
    pub features: Features,
}

/// What `hdl::OnePly` reports for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The first candidate with the highest score; `None` (a pass) without candidates.
    pub best: Option<Best>,
    /// The number of candidates weighed.
    pub candidates: u16,
    /// The edge after `start` after which `done` is high.
    pub done_edge: usize,
}

/// The candidate stream of the side to move: `(shape, corner)` in the
/// hardware's order, from the rules engine's bitboard generator.
fn stream_for(position: &Position) -> Vec<(u8, u8)> {
    candidate_stream_of_corners(&position.box_corners_for(position.to_move()))
}

/// The candidates of the side to move in the hardware's order.
pub fn candidates(position: &Position) -> Vec<Placement> {
    stream_for(position)
        .into_iter()
        .map(|(shape, corner)| {
            placement_at(shape, corner).expect("the generator's candidates lie on the board")
        })
        .collect()
}

/// Every candidate of the side to move in the hardware's order, scored by the evaluator.
pub fn scored(position: &Position) -> Vec<Scored> {
    scored_in_order(position, &stream_for(position))
}

/// [`scored`], and the edge after `start` after which `hdl::OnePly`'s
/// `done` is high for `position` ([`Decision::done_edge`]).
pub fn scored_with_done(position: &Position) -> (Vec<Scored>, usize) {
    let all = scored(position);
    let stream: Vec<(u8, u8)> = all.iter().map(|c| (c.shape, c.corner)).collect();
    let done_edge = timeline(&stream).1 + DONE_AFTER_STREAM;
    (all, done_edge)
}

/// What `hdl::OnePly` decides for the side to move of `position` (whether
/// or not the game is over: the block plays whatever it is given).
pub fn decide(position: &Position) -> Decision {
    let (all, done_edge) = scored_with_done(position);
    let mut best: Option<Best> = None;
    for c in &all {
        if best.is_none_or(|b| c.score > b.score) {
            best = Some(Best {
                shape: c.shape,
                corner: c.corner,
                tile: placer_tile(c.shape),
                score: c.score,
                features: c.features,
            });
        }
    }
    Decision {
        best,
        candidates: all.len() as u16,
        done_edge,
    }
}

/// The move the one-ply hardware player makes; a pass once the game is over.
pub fn choose(position: &Position) -> Move {
    if position.is_over() {
        return Move::Pass;
    }
    decide(position).best.map_or(Move::Pass, |b| {
        Move::Place(placement_at(b.shape, b.corner).expect("a candidate lies on the board"))
    })
}

/// The one-ply player as an engine (`model-1ply`).
pub struct ModelOnePly;

impl Engine for ModelOnePly {
    fn name(&self) -> &str {
        "model-1ply"
    }

    fn choose(&mut self, position: &Position) -> Move {
        choose(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluator::{features, score, EvalInputs};
    use crate::retired::candidates::DONE_LATENCY;
    use blokus::{play_game, points_for_player_one};
    use games::blokus::random_games;
    use games::blokus::RandomEngine;
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
    fn the_decision_is_the_best_legal_placement_by_the_evaluator_first_found_on_ties() {
        let mut ties = 0;
        for history in random_games(33, 4) {
            for position in history.iter().filter(|p| !p.is_over()) {
                let legal = position.legal_placements();
                let decision = decide(position);
                assert_eq!(usize::from(decision.candidates), legal.len());
                let scores: Vec<i16> = candidates(position)
                    .into_iter()
                    .map(|p| score(&features(&EvalInputs::for_placement(position, p))))
                    .collect();
                match decision.best {
                    None => assert!(legal.is_empty()),
                    Some(best) => {
                        let top = *scores.iter().max().unwrap();
                        assert_eq!(best.score, top);
                        let first = scores.iter().position(|&s| s == top).unwrap();
                        assert_eq!(
                            placement_at(best.shape, best.corner),
                            Some(candidates(position)[first])
                        );
                        ties += usize::from(scores.iter().filter(|&&s| s == top).count() > 1);
                    }
                }
                let stream_done = timeline(&stream_for(position)).1;
                assert_eq!(decision.done_edge, stream_done + DONE_AFTER_STREAM);
            }
        }
        assert!(ties > 0, "no tie was exercised");
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

    #[test]
    fn a_player_without_tiles_passes_after_the_empty_streams_latency() {
        // The game's last position: whoever is to move may have no move at all.
        let decided: Vec<Decision> = random_games(35, 4)
            .iter()
            .flatten()
            .map(decide)
            .filter(|d| d.best.is_none())
            .collect();
        assert!(!decided.is_empty());
        for d in decided {
            assert_eq!(d.candidates, 0);
            assert_eq!(d.done_edge, DONE_LATENCY + DONE_AFTER_STREAM);
        }
    }
}
