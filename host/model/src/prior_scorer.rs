//! Model of `hdl::PriorScorer`: the prior's feature counts and logit of
//! each candidate of a stream, one a clock, in the stream's order, a fixed
//! number of clock edges after it went in. The values are the fitted
//! definition's, [`Classes::counts`] and [`Weights::logit`]; this module
//! adds what the hardware takes, when it gives them and how wide they are.
//!
//! # Inputs
//! The position's classes ([`crate::class_unit`]), the same while a
//! candidate is in flight; and a stream, one entry a clock: a candidate
//! (an oriented shape and its box corner, a placement on the board:
//! [`placement_at`] has it; the outputs for anything else are not
//! specified) or none.
//!
//! # Timing
//! Entry `k` of the stream (from 0) is at the inputs in the cycle before
//! edge `k + 1`, which takes it; its counts and logit, with its shape,
//! corner and tile, are at the outputs after edge `k + `[`PRIOR_LATENCY`],
//! for that one cycle, `scored` high. The stream's `done`, with entry `d`,
//! comes out as `finished` after edge `d + PRIOR_LATENCY`
//! ([`finished_after`]). The classes are read up to edge
//! `k + `[`CLASSES_READ`] for entry `k`.
//!
//! # Widths
//! Each count the hardware adds is one of a ring of the candidate (its
//! cells, edge ring or attach ring), at most [`largest_ring`] cells, 12,
//! so that its product by a weight is a table of [`COUNT_VALUES`] entries
//! (the count's low four bits); the logit is a two's complement number of
//! [`LOGIT_BITS`] bits, which holds any move's ([`logit_bounds`]).

use crate::next::features::{attach_cells, Classes, Counts};
use crate::next::prior::Weights;
use crate::placer::{placement_at, placer_tile};
use blokus::tiles::SHAPE_COUNT;
use blokus::Placement;

/// Rising edges from the one that takes a candidate to the one after which
/// it is at the outputs, that edge included: the placer's register, the
/// rings', the three of the bit counts, the four partial sums of the
/// weighted counts and the logit.
pub const PRIOR_LATENCY: u64 = 7;

/// The last edge, counted from the one that takes a candidate (1), at
/// which the classes are read for it: its cells are ANDed with `local` at
/// edge 2 and its rings with the other classes at edge 3.
pub const CLASSES_READ: u64 = 3;

/// The counts a weight's product table covers, 0 to 15: every count of a
/// placement on the board ([`largest_ring`] is below it).
pub const COUNT_VALUES: usize = 16;

/// Width of the logit, two's complement: -512 to 511, beyond any move's
/// under the fitted weights ([`logit_bounds`]).
pub const LOGIT_BITS: u32 = 10;

/// Every placement on the board: each shape at each box corner where it
/// fits, shapes in order, corners in cell order.
pub fn placements_on_board() -> impl Iterator<Item = Placement> {
    (0..SHAPE_COUNT as u8).flat_map(|s| (0..196u8).filter_map(move |c| placement_at(s, c)))
}

/// The sizes of a placement's three cell sets: its cells, its edge ring
/// (the cells next to them by an edge) and its attach ring (by a corner
/// only).
fn ring_sizes(p: Placement) -> [i32; 3] {
    let cells = p.cells();
    let edges = cells.edge_neighbours() & !cells;
    [cells, edges, attach_cells(cells)].map(|set| set.count() as i32)
}

/// The most cells of a ring of any placement on the board (the I
/// pentomino's edge ring, 12).
pub fn largest_ring() -> u32 {
    placements_on_board()
        .flat_map(ring_sizes)
        .max()
        .expect("placements") as u32
}

/// The least and the greatest logit of any placement on the board under
/// `weights`, whatever the position: the attach ring's cells each in
/// exactly one of its seven classes (own; forbidden otherwise; free with 0
/// to 4 free neighbours) and the edge ring's in one of its four, so a
/// ring's part lies between its size times its classes' least weight and
/// its size times their greatest; at most all of the cells are near the
/// opponent, and the local flag is 0 or 1.
pub fn logit_bounds(weights: &Weights) -> (i32, i32) {
    let w = weights.0.map(i32::from);
    let (d_low, d_high) = (w[2..9].iter().min(), w[2..9].iter().max());
    let (e_low, e_high) = (w[9..13].iter().min(), w[9..13].iter().max());
    let (d_low, d_high, e_low, e_high) = (
        *d_low.unwrap(),
        *d_high.unwrap(),
        *e_low.unwrap(),
        *e_high.unwrap(),
    );
    placements_on_board()
        .map(|p| {
            let [c, e, d] = ring_sizes(p);
            let size = w[12 + usize::from(p.tile().size())];
            let low = (w[0] * c).min(0) + w[1].min(0) + d * d_low + e * e_low + size;
            let high = (w[0] * c).max(0) + w[1].max(0) + d * d_high + e * e_high + size;
            (low, high)
        })
        .fold((i32::MAX, i32::MIN), |(lo, hi), (l, h)| {
            (lo.min(l), hi.max(h))
        })
}

/// Whether every logit between `bounds` is a two's complement number of
/// `bits` bits.
pub fn fits(bounds: (i32, i32), bits: u32) -> bool {
    let half = 1i32 << (bits - 1);
    -half <= bounds.0 && bounds.1 < half
}

/// One candidate at the outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The edge after which it is there.
    pub edge: u64,
    /// Its oriented shape.
    pub shape: u8,
    /// Its box corner.
    pub corner: u8,
    /// Its tile.
    pub tile: u8,
    /// Its feature counts ([`Classes::counts`]).
    pub counts: Counts,
    /// Its logit ([`Weights::logit`]).
    pub logit: i32,
}

/// The candidates of `stream` (one entry a clock, from the first edge) as
/// they come out, under `classes` and `weights`.
///
/// Panics on a candidate that is not a placement on the board.
pub fn scores(classes: &Classes, weights: &Weights, stream: &[Option<(u8, u8)>]) -> Vec<Scored> {
    stream
        .iter()
        .enumerate()
        .filter_map(|(k, entry)| {
            let (shape, corner) = (*entry)?;
            let placement = placement_at(shape, corner)
                .unwrap_or_else(|| panic!("shape {shape} at corner {corner} is off the board"));
            let counts = classes.counts(placement);
            Some(Scored {
                edge: k as u64 + PRIOR_LATENCY,
                shape,
                corner,
                tile: placer_tile(shape),
                counts,
                logit: weights.logit(&counts),
            })
        })
        .collect()
}

/// The edge after which `finished` is high for the stream's `done` at
/// entry `done` (from 0).
pub fn finished_after(done: usize) -> u64 {
    done as u64 + PRIOR_LATENCY
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::next::prior::FITTED;
    use crate::placer::coordinates;
    use blokus::Position;

    #[test]
    fn every_count_fits_the_product_tables() {
        assert_eq!(largest_ring(), 12);
        assert!((largest_ring() as usize) < COUNT_VALUES);
        // A shape of box w x h fits at (15 - w)(15 - h) corners.
        let fitting: usize = blokus::tiles::shape_table()
            .shapes
            .iter()
            .map(|s| (15 - usize::from(s.width)) * (15 - usize::from(s.height)))
            .sum();
        assert_eq!(placements_on_board().count(), fitting);
    }

    #[test]
    fn the_fitted_logits_fit_their_width_and_no_narrower() {
        let bounds = logit_bounds(&FITTED);
        assert!(fits(bounds, LOGIT_BITS), "{bounds:?}");
        assert!(!fits(bounds, LOGIT_BITS - 1), "{bounds:?}");
        println!("the fitted weights' logits lie within {bounds:?}");
        assert!(fits((-512, 511), 10) && !fits((-513, 0), 10) && !fits((0, 512), 10));
        // Every legal move of some games lies within the bounds.
        for history in games::blokus::random_games(5, 3) {
            for position in &history {
                let classes = Classes::of(position, &[]);
                for p in position.legal_placements() {
                    let logit = FITTED.logit(&classes.counts(p));
                    assert!(bounds.0 <= logit && logit <= bounds.1, "{logit}");
                }
            }
        }
    }

    #[test]
    fn each_candidate_comes_out_its_latency_after_it_went_in() {
        let position = Position::new();
        let classes = Classes::of(&position, &[]);
        let legal = position.legal_placements();
        let stream: Vec<Option<(u8, u8)>> = vec![
            Some(coordinates(legal[0])),
            None,
            None,
            Some(coordinates(legal[1])),
            Some(coordinates(legal[2])),
        ];
        let out = scores(&classes, &FITTED, &stream);
        let edges: Vec<u64> = out.iter().map(|s| s.edge).collect();
        assert_eq!(edges, [PRIOR_LATENCY, 3 + PRIOR_LATENCY, 4 + PRIOR_LATENCY]);
        for (s, p) in out.iter().zip([legal[0], legal[1], legal[2]]) {
            assert_eq!((s.shape, s.corner), coordinates(p));
            assert_eq!(usize::from(s.tile), p.tile().index());
            assert_eq!(s.logit, FITTED.logit(&classes.counts(p)));
        }
        assert_eq!(finished_after(5), 5 + PRIOR_LATENCY);
    }
}
