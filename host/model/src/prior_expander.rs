//! Model of `hdl::PriorExpander`: a node's children for the board's next
//! search, the [`CHILDREN`] candidates with the highest prior logit. The
//! class unit ([`crate::class_unit`]) gives the position's cell classes;
//! the attach-cell stream ([`crate::cell_candidates`]) gives every legal
//! placement of the side to move; the prior scorer
//! ([`crate::prior_scorer`], the fitted weights [`FITTED`] or others)
//! gives each its logit under the classes; a list keeps the [`CHILDREN`]
//! best by logit, equal logits in the stream's order (the first streamed
//! first: [`kept`]); then the list streams out, best first, one child a
//! cycle, each with its distance below the best,
//! `d = min(255, best logit - its logit)`, and the weights `EXP[d] >> 8`
//! ([`weight`], `EXP` the search's ROM [`exp_rom`]) summed as they go.
//!
//! # Inputs
//! Those of the class unit and the stream: the side to move's and the
//! opponent's cells and start squares, the side to move's tiles left, and
//! the cells of the opponent's last two placements
//! ([`crate::class_unit::recent_cells`]), all read in the cycle of `start`
//! only.
//!
//! # Timing
//! `start` is taken at edge 1, starting the class unit and the candidate
//! stream at once: the classes are out after edge [`CLASS_LATENCY`],
//! before the scorer reads them for the stream's first candidate. A
//! candidate presented after edge `t` of the stream's timeline
//! ([`crate::cell_candidates::timeline`]) is taken by the scorer at the
//! next edge and scored after edge `t + PRIOR_LATENCY`, going into the
//! list at the next; the stream's `done` after edge `D` of its timeline
//! comes out of the scorer as `finished` after edge `D + PRIOR_LATENCY`.
//! At the next edge the list's head is the best: it is kept (`found`, the
//! best child) and goes out as the first child, `d = 0`; child `i` (from
//! 0) shows after edge `F + i`, `F = D + PRIOR_LATENCY + 1`
//! ([`Expansion::first_child_edge`]), and `done` after edge `F + n` for
//! `n` children (after `F` without any), its weight sum complete with it:
//! [`Expansion::edges`].

use crate::cell_candidates::{
    timeline, CELL_CYCLES, EMIT_TO_OUTPUT, FIRST_CELL_EDGE, MAX_DONE_EDGE,
};
use crate::class_unit::{load, CLASS_LATENCY};
use crate::next::prior::{exp_rom, Weights, FITTED};
use crate::placer::placer_tile;
use crate::prior_scorer::{finished_after, scores, PRIOR_LATENCY};
use blokus::{Placement, Position};

/// Children a node keeps: the list's entries.
pub const CHILDREN: usize = 32;

/// The most a child's logit is counted below the best's (`d` is 8 bits).
pub const MAX_DISTANCE: u32 = 255;

/// Width of the weight sum: the most it can be, [`CHILDREN`] weights of
/// the best's 256, is below `2^WEIGHT_SUM_BITS`.
pub const WEIGHT_SUM_BITS: u32 = 14;
const _: () = assert!(CHILDREN as u32 * 256 < 1 << WEIGHT_SUM_BITS);

// The classes are out in time for the stream's first candidate: one
// presented after edge `t` reads them from edge `t + 2` on
// (`crate::prior_scorer::CLASSES_READ`), `t` at least the first cell's
// edge, its three cycles and the two to the output.
const _: () = assert!(CLASS_LATENCY < (FIRST_CELL_EDGE + CELL_CYCLES + EMIT_TO_OUTPUT) as u64 + 2);

/// The latest edge after which `done` can be high (a bound for tests'
/// watchdogs).
pub const MAX_EDGES: u64 = MAX_DONE_EDGE as u64 + PRIOR_LATENCY + 1 + CHILDREN as u64;

/// A child's weight in the sum: `EXP[d] >> 8`, 256 for the best, 0 from
/// `d = 89` on.
pub fn weight(distance: u32) -> u32 {
    exp_rom(distance) >> 8
}

/// One child as it streams out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// Its oriented shape.
    pub shape: u8,
    /// Its box corner.
    pub corner: u8,
    /// Its tile.
    pub tile: u8,
    /// Its logit.
    pub logit: i32,
    /// Its logit's distance below the best's, `min(255, best - logit)`.
    pub distance: u32,
    /// Its weight in the sum, [`weight`] of its distance.
    pub weight: u32,
    /// The edge after which it shows.
    pub edge: u64,
}

/// What an expansion gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The children in the order they stream out: the best first.
    pub children: Vec<Child>,
    /// All the candidates scored.
    pub candidates: usize,
    /// The sum of the children's weights, at least 1 (as the search takes
    /// it: 1 without a child).
    pub weight_sum: u32,
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

impl Expansion {
    /// Whether a candidate was found.
    pub fn found(&self) -> bool {
        !self.children.is_empty()
    }

    /// The edge after which the first child shows (or would show).
    pub fn first_child_edge(&self) -> u64 {
        self.edges - self.children.len() as u64
    }
}

/// The indices of the [`CHILDREN`] highest of `logits` (a stream's, in its
/// order), highest first, equal ones in the order given: the list's
/// contents once the stream is in. Entry `i` of the list keeps its place
/// when an arriving logit is not above it, so an arrival goes after every
/// equal one before it.
pub fn kept(logits: &[i32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..logits.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(logits[i])); // stable: ties keep their order
    order.truncate(CHILDREN);
    order
}

/// The expansion of `position`'s side to move, `recent` the opponent's
/// last placements (the latest first), under the fitted weights.
pub fn expand(position: &Position, recent: &[Placement]) -> Expansion {
    expand_with(position, recent, &FITTED)
}

/// [`expand`] under `weights` (whose logits must be numbers of
/// [`crate::prior_scorer::LOGIT_BITS`] bits, as the scorer's).
pub fn expand_with(position: &Position, recent: &[Placement], weights: &Weights) -> Expansion {
    let classes = load(position, recent).classes;
    let (stream, done) = timeline(position);
    // The scorer's input stream, entry `k` taken at edge `k + 1`: the
    // timeline's candidate presented after edge `t` is entry `t`.
    let mut entries = vec![None; done + 1];
    for &(shape, corner, t) in &stream {
        entries[t] = Some((shape, corner));
    }
    let scored = scores(&classes, weights, &entries);
    let first = finished_after(done) + 1;
    debug_assert!(scored.last().is_none_or(|s| s.edge < first - 1));
    let logits: Vec<i32> = scored.iter().map(|s| s.logit).collect();
    let list = kept(&logits);
    let best = list.first().map_or(0, |&i| logits[i]);
    let children: Vec<Child> = list
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let s = &scored[i];
            let distance = ((best - s.logit) as u32).min(MAX_DISTANCE);
            Child {
                shape: s.shape,
                corner: s.corner,
                tile: placer_tile(s.shape),
                logit: s.logit,
                distance,
                weight: weight(distance),
                edge: first + k as u64,
            }
        })
        .collect();
    let sum: u32 = children.iter().map(|c| c.weight).sum();
    Expansion {
        edges: first + children.len() as u64,
        candidates: scored.len(),
        weight_sum: sum.max(1),
        children,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell_candidates::stream;
    use crate::next::features::Classes;
    use crate::next::prior::{priors, Prior};
    use crate::placer::{coordinates, placement_at};
    use std::collections::BTreeMap;

    /// Every position of `games` with the opponent's last two placements
    /// before it, the latest first.
    fn with_recent(games: &[Vec<Position>]) -> Vec<(Position, Vec<Placement>)> {
        let mut out = Vec::new();
        for history in games {
            for n in 0..history.len() {
                let them = history[n].to_move().other();
                let recent: Vec<Placement> = (0..n)
                    .rev()
                    .filter(|&k| history[k].to_move() == them)
                    .filter_map(|k| history[k].placement_to(&history[k + 1]))
                    .take(2)
                    .collect();
                out.push((history[n].clone(), recent));
            }
        }
        out
    }

    fn cases() -> Vec<(Position, Vec<Placement>)> {
        let mut all = with_recent(&games::blokus::random_games(71, 6));
        all.extend(with_recent(&games::blokus::sensible_games(71, 4, 4)));
        all
    }

    /// (placement, d) by logit.
    type ByLogit = BTreeMap<i32, Vec<(Placement, u32)>>;

    fn by_logit(items: impl Iterator<Item = (i32, Placement, u32)>) -> ByLogit {
        let mut map = ByLogit::new();
        for (logit, p, d) in items {
            map.entry(logit).or_default().push((p, d));
        }
        for group in map.values_mut() {
            group.sort_by_key(|(p, _)| (p.shape, p.anchor.index()));
        }
        map
    }

    #[test]
    fn the_children_are_the_placements_of_highest_prior() {
        let (mut straddling, mut exact, mut full) = (0, 0, 0);
        for (position, recent) in cases() {
            let e = expand(&position, &recent);
            let classes = Classes::of(&position, &recent);
            let logit = |p: Placement| FITTED.logit(&classes.counts(p));
            let want: Vec<Prior> = if position.legal_placements().is_empty() {
                Vec::new()
            } else {
                priors(&position, &recent, &FITTED, CHILDREN, 1)
            };
            assert_eq!(e.children.len(), want.len());
            assert_eq!(e.candidates, position.legal_placements().len());
            let got = by_logit(e.children.iter().map(|c| {
                let p = placement_at(c.shape, c.corner).expect("on the board");
                assert_eq!(c.tile as usize, p.tile().index());
                assert_eq!(c.logit, logit(p));
                (c.logit, p, c.distance)
            }));
            let wanted = by_logit(
                want.iter()
                    .map(|w| (logit(w.placement), w.placement, w.distance)),
            );
            // The lowest logit kept is the cut: above it the same children
            // with the same distances; at it as many, of that logit.
            let cut = e.children.last().map(|c| c.logit);
            let legal_at = |l: i32| {
                position
                    .legal_placements()
                    .into_iter()
                    .filter(|&p| logit(p) == l)
                    .count()
            };
            for (l, group) in &wanted {
                let mine = &got[l];
                if Some(*l) == cut && legal_at(*l) > group.len() {
                    // Ties straddle the cut: either side may keep other ones.
                    assert_eq!(mine.len(), group.len());
                    assert!(mine.iter().all(|(_, d)| *d == group[0].1));
                    straddling += 1;
                } else {
                    assert_eq!(mine, group, "logit {l}");
                    exact += usize::from(Some(*l) == cut);
                }
            }
            assert_eq!(got.len(), wanted.len());
            let sum: u32 = want.iter().map(|w| w.weight >> 8).sum();
            assert_eq!(e.weight_sum, sum.max(1));
            full += usize::from(e.children.len() == CHILDREN);
        }
        assert!(
            straddling > 50 && exact > 50 && full > 100,
            "{straddling} cuts inside ties, {exact} exact, {full} full lists"
        );
    }

    #[test]
    fn equal_logits_keep_the_streams_order() {
        let mut ties = 0;
        for (position, recent) in cases() {
            let e = expand(&position, &recent);
            let order: Vec<(u8, u8)> = stream(&position);
            let at = |c: &Child| {
                order
                    .iter()
                    .position(|&x| x == (c.shape, c.corner))
                    .expect("a child is a candidate")
            };
            let classes = Classes::of(&position, &recent);
            for pair in e.children.windows(2) {
                assert!(pair[0].logit >= pair[1].logit);
                if pair[0].logit == pair[1].logit {
                    assert!(at(&pair[0]) < at(&pair[1]));
                    ties += 1;
                }
            }
            // At the cut, the first ones streamed of its logit.
            if let Some(last) = e.children.last() {
                let of_cut: Vec<(u8, u8)> = order
                    .iter()
                    .copied()
                    .filter(|&(s, c)| {
                        FITTED.logit(&classes.counts(placement_at(s, c).unwrap())) == last.logit
                    })
                    .collect();
                let kept: Vec<(u8, u8)> = e
                    .children
                    .iter()
                    .filter(|c| c.logit == last.logit)
                    .map(|c| (c.shape, c.corner))
                    .collect();
                assert_eq!(kept, of_cut[..kept.len()]);
            }
        }
        assert!(ties > 1000, "{ties}");
        // The list alone: an arrival goes after every equal one before it.
        assert_eq!(kept(&[3, 5, 3, 5, 4]), [1, 3, 4, 0, 2]);
        let many: Vec<i32> = (0..40).map(|i| i % 3).collect();
        let list = kept(&many);
        assert_eq!(list.len(), CHILDREN);
        assert!(list.iter().take(13).all(|&i| many[i] == 2));
        assert!(list
            .windows(2)
            .all(|w| many[w[0]] > many[w[1]] || w[0] < w[1]));
    }

    #[test]
    fn the_cycles_are_the_streams_the_scorers_and_one_a_child() {
        for (position, recent) in cases().into_iter().step_by(7) {
            let e = expand(&position, &recent);
            let (candidates, done) = timeline(&position);
            let first = done as u64 + PRIOR_LATENCY + 1;
            assert_eq!(e.first_child_edge(), first);
            assert_eq!(e.edges, first + e.children.len() as u64);
            for (k, c) in e.children.iter().enumerate() {
                assert_eq!(c.edge, first + k as u64);
            }
            // The last candidate is in the list before the head goes out.
            if let Some(&(_, _, t)) = candidates.last() {
                assert!(t as u64 + PRIOR_LATENCY + 1 < first);
            }
            assert!(e.edges <= MAX_EDGES);
        }
        // No candidate: done the edge after the scorer's `finished`.
        let over = games::blokus::random_games(72, 3)
            .into_iter()
            .flatten()
            .find(|p| !p.is_over() && p.legal_placements().is_empty())
            .expect("a position without a move");
        let e = expand(&over, &[]);
        assert!(!e.found() && e.candidates == 0 && e.weight_sum == 1);
        assert_eq!(e.edges, timeline(&over).1 as u64 + PRIOR_LATENCY + 1);
    }

    #[test]
    fn the_weights_and_the_first_position() {
        assert_eq!(weight(0), 256);
        assert_eq!(weight(88), 1);
        assert_eq!(weight(89), 0);
        assert_eq!(weight(MAX_DISTANCE), 0);
        let start = Position::new();
        let e = expand(&start, &[]);
        assert_eq!(e.children.len(), CHILDREN);
        assert_eq!(e.children[0].distance, 0);
        assert!(e.weight_sum >= 256 && e.weight_sum <= CHILDREN as u32 * 256);
        let best = e.children[0];
        let legal = start.legal_placements();
        let classes = Classes::of(&start, &[]);
        let top = legal
            .iter()
            .map(|&p| FITTED.logit(&classes.counts(p)))
            .max()
            .unwrap();
        assert_eq!(best.logit, top);
        assert!(legal
            .iter()
            .any(|&p| coordinates(p) == (best.shape, best.corner)));
    }
}
