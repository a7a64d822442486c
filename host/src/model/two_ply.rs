//! The board's search, specified: a two-ply alpha-beta over the one-ply
//! core (`hdl::OnePly`'s generator and evaluator), with move ordering and a
//! beam. This is the reference the hardware search is built to match; the
//! engine `board-model` plays with it.
//!
//! 1. Score every candidate of the side to move with the evaluator
//!    (`one_ply::scored`, hardware order).
//! 2. Order them by score, highest first, ties in hardware order, and keep
//!    the first [`BEAM`] (the hardware keeps them in a [`BEAM`]-entry
//!    insertion list as the scores stream by).
//! 3. For each kept move `m` in that order: play it, score every reply of
//!    the opponent (hardware order) and take the best reply's score `r(m)`
//!    (0 when the opponent has no reply). Its value is
//!    `v(m) = s(m) - r(m)`: what the move gains minus the most the opponent
//!    gains back, both in the evaluator's units.
//! 4. Alpha-beta: the replies to `m` are scanned only while `m` can still
//!    beat the best value so far: once `s(m) - r_so_far <= best`, `m` is
//!    refuted and the scan stops. This changes no result: a refuted move
//!    would not have been chosen.
//! 5. The first move with the highest value wins (a later move must be
//!    strictly better); a move that places the mover's 21st tile ends the
//!    game and is taken at once.
//!
//! Values are 13-bit signed in hardware (`s` and `r` lie within -588..628),
//! so no arithmetic here overflows.

use super::one_ply::{scored, Scored};
use super::placer::placement_at;
use crate::blokus::{Move, Placement, Position};

/// Moves of the mover examined at the second ply.
pub const BEAM: usize = 16;

/// The search's result and the work it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The chosen candidate (`None`: a pass) and its value.
    pub best: Option<(Scored, i16)>,
    /// Candidates of the mover.
    pub candidates: usize,
    /// Replies scored at the second ply (the cutoffs make this smaller than all).
    pub replies_scored: usize,
}

fn placement(c: &Scored) -> Placement {
    placement_at(c.shape, c.corner).expect("a generator candidate lies on the board")
}

/// The first [`BEAM`] candidates by score, highest first, ties in hardware order.
pub fn ordered(candidates: &[Scored]) -> Vec<Scored> {
    let mut kept = candidates.to_vec();
    kept.sort_by_key(|c| std::cmp::Reverse(c.score)); // stable: ties keep their order
    kept.truncate(BEAM);
    kept
}

/// The search of the side to move of `position`.
pub fn search(position: &Position) -> Choice {
    let mine = scored(position);
    let mut best: Option<(Scored, i16)> = None;
    let mut replies_scored = 0;
    for m in ordered(&mine) {
        let mut child = position.clone();
        child.play(Move::Place(placement(&m)));
        if child.tiles_placed(position.to_move()) == 21 {
            // The game ends at once on the 21st tile: nothing can beat it.
            best = Some((m, m.score));
            break;
        }
        let mut reply: Option<i16> = None;
        let mut refuted = false;
        for r in scored(&child) {
            replies_scored += 1;
            let best_reply = reply.map_or(r.score, |b| b.max(r.score));
            reply = Some(best_reply);
            if best.is_some_and(|(_, v)| m.score - best_reply <= v) {
                refuted = true;
                break;
            }
        }
        let value = m.score - reply.unwrap_or(0);
        if !refuted && best.is_none_or(|(_, v)| value > v) {
            best = Some((m, value));
        }
    }
    Choice {
        best,
        candidates: mine.len(),
        replies_scored,
    }
}

/// The board's move; a pass once the game is over or without a candidate.
pub fn choose(position: &Position) -> Move {
    if position.is_over() {
        return Move::Pass;
    }
    search(position)
        .best
        .map_or(Move::Pass, |(m, _)| Move::Place(placement(&m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::sample::random_games;

    /// The same search without cutoffs: every reply scored.
    fn full_search(position: &Position) -> Option<(Placement, i16)> {
        let mut best: Option<(Placement, i16)> = None;
        for m in ordered(&scored(position)) {
            let mut child = position.clone();
            child.play(Move::Place(placement(&m)));
            if child.tiles_placed(position.to_move()) == 21 {
                return Some((placement(&m), m.score));
            }
            let reply = scored(&child).iter().map(|r| r.score).max().unwrap_or(0);
            let value = m.score - reply;
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((placement(&m), value));
            }
        }
        best
    }

    #[test]
    fn the_cutoffs_change_no_choice_and_save_work() {
        let (mut with, mut without) = (0, 0);
        for history in random_games(71, 2) {
            for position in history.iter().filter(|p| !p.is_over()).step_by(3) {
                let choice = search(position);
                let got = choice.best.map(|(m, v)| (placement(&m), v));
                assert_eq!(got, full_search(position), "ply {}", position.plies());
                with += choice.replies_scored;
                for m in ordered(&scored(position)) {
                    let mut child = position.clone();
                    child.play(Move::Place(placement(&m)));
                    without += scored(&child).len();
                }
            }
        }
        assert!(
            with < without,
            "{with} replies scored, {without} without cutoffs"
        );
    }

    #[test]
    fn ordering_keeps_the_best_scores_ties_in_hardware_order() {
        let position = Position::new();
        let all = scored(&position);
        let kept = ordered(&all);
        assert_eq!(kept.len(), BEAM);
        for w in kept.windows(2) {
            assert!(w[0].score >= w[1].score);
            if w[0].score == w[1].score {
                let index = |c: &Scored| all.iter().position(|a| a == c).unwrap();
                assert!(index(&w[0]) < index(&w[1]));
            }
        }
        let cutoff = kept.last().unwrap().score;
        assert!(all.iter().filter(|c| c.score > cutoff).count() < BEAM);
    }

    #[test]
    fn every_choice_is_legal_and_a_pass_only_without_moves() {
        for history in random_games(72, 2) {
            for position in history.iter().filter(|p| !p.is_over()) {
                match choose(position) {
                    Move::Pass => assert!(position.legal_placements().is_empty()),
                    m => assert!(position.check(m.code()).is_ok()),
                }
            }
        }
    }
}
