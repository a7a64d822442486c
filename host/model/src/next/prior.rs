//! Each child's prior in the board's next search, in integers: a logit
//! `sum of weight x count` over the move's feature counts
//! ([`super::features`]), the weights in sixteenths of a natural-log unit;
//! then the move's weight `EXP[best logit - its logit]` from a 256-entry
//! ROM ([`exp_rom`], `2^16 e^(-d/16)`): a softmax whose normaliser the
//! search keeps with the parent (the sum of its children's weights) and
//! never divides by per child.
//!
//! The weights are fitted by the project (`arena blokus fit-priors`) to the
//! moves Pentobi chose in its own games, as Pentobi fitted its own.

use super::features::{Classes, Counts, FEATURES, FEATURE_NAMES};
use blokus::{Placement, Position};

/// Logit weights, in sixteenths of a natural-log unit per count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i16; FEATURES]);

impl Weights {
    /// Every weight 0: every move alike.
    pub const UNIFORM: Weights = Weights([0; FEATURES]);

    /// Weights in natural-log units, rounded to sixteenths.
    pub fn from_natural(weights: &[f64]) -> Weights {
        assert_eq!(weights.len(), FEATURES);
        Weights(std::array::from_fn(|i| (weights[i] * 16.0).round() as i16))
    }

    /// The table as Rust source, a line a feature (what `arena blokus
    /// fit-priors` prints).
    pub fn to_source(&self) -> String {
        let mut out = String::from("Weights([\n");
        for (w, name) in self.0.iter().zip(FEATURE_NAMES) {
            out.push_str(&format!("    {w}, // {name}\n"));
        }
        out.push_str("])");
        out
    }

    /// A move's logit from its counts.
    pub fn logit(&self, counts: &Counts) -> i32 {
        counts
            .iter()
            .zip(&self.0)
            .map(|(&c, &w)| i32::from(c) * i32::from(w))
            .sum()
    }
}

/// The weights the search plays with: fitted by `arena blokus fit-priors
/// --epochs 400` to the 12,526 moves Pentobi 30.3 (level 6, one thread,
/// no book) chose in 448 games against itself after two random moves a
/// side (BENCHMARKS.md gives the commands): held-out log-loss 3.057 against
/// the uniform prior's 4.280, its top move Pentobi's in 29.8% of positions.
pub const FITTED: Weights = Weights([
    17,  // cells at the opponent's attach cells
    5,   // touches a recent opponent placement's attach cell
    1,   // attach cells on own cells
    -7,  // attach cells otherwise forbidden
    -5,  // attach cells free, 0 free edge neighbours
    -2,  // attach cells free, 1 free edge neighbour
    7,   // attach cells free, 2 free edge neighbours
    10,  // attach cells free, 3 free edge neighbours
    15,  // attach cells free, 4 free edge neighbours
    6,   // edge cells on opponent cells
    6,   // edge cells otherwise forbidden
    -20, // edge cells on own attach cells
    -10, // edge cells free
    -24, // size 1
    -27, // size 2
    -24, // size 3
    -9,  // size 4
    23,  // size 5
]);

/// The `EXP` ROM: `round(2^16 e^(-d/16))` for a logit `d` sixteenths below
/// the best (`d` capped at 255), at least 1, so that no legal move's prior
/// is 0.
pub fn exp_rom(d: u32) -> u32 {
    ((65536.0 * (-f64::from(d.min(255)) / 16.0).exp()).round() as u32).max(1)
}

/// One child as an expansion writes it: its move, its logit's distance
/// below the best child's (in sixteenths, capped at 255) and its weight,
/// `EXP` of that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prior {
    pub placement: Placement,
    pub distance: u32,
    pub weight: u32,
}

/// The children of `position` (not over, with a legal placement) with their
/// weights, best first (ties in the generator's order), at most `limit` of
/// them; `recent`: the opponent's last placements, the latest first; with
/// `smallest` only the placements of at least that many cells (all when
/// none has).
pub fn priors(
    position: &Position,
    recent: &[Placement],
    weights: &Weights,
    limit: usize,
    smallest: u8,
) -> Vec<Prior> {
    let classes = Classes::of(position, recent);
    let mut placements = position.legal_placements();
    if placements.iter().any(|p| p.tile().size() >= smallest) {
        placements.retain(|p| p.tile().size() >= smallest);
    }
    let mut scored: Vec<(i32, Placement)> = placements
        .into_iter()
        .map(|p| (weights.logit(&classes.counts(p)), p))
        .collect();
    // Stable: equals keep the generator's order.
    scored.sort_by_key(|&(logit, _)| std::cmp::Reverse(logit));
    scored.truncate(limit);
    let best = scored.first().map_or(0, |&(l, _)| l);
    scored
        .into_iter()
        .map(|(logit, placement)| {
            let distance = ((best - logit) as u32).min(255);
            Prior {
                placement,
                distance,
                weight: exp_rom(distance),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exp_rom_halves_about_every_eleven_sixteenths() {
        assert_eq!(exp_rom(0), 65536);
        assert_eq!(exp_rom(16), (65536.0 / std::f64::consts::E).round() as u32);
        assert!(exp_rom(11) > 32768 && exp_rom(12) < 32768);
        assert_eq!(exp_rom(255), exp_rom(1000));
        assert_eq!(exp_rom(255), 1);
    }

    #[test]
    fn priors_are_sorted_by_logit_and_cut_to_the_limit() {
        let position = Position::new();
        // Weight the size alone: the pentominoes first.
        let mut w = [0i16; FEATURES];
        w[17] = 32;
        let all = priors(&position, &[], &Weights(w), usize::MAX, 1);
        assert_eq!(all.len(), position.legal_placements().len());
        assert!(all.windows(2).all(|p| p[0].weight >= p[1].weight));
        assert_eq!(all[0].weight, 65536);
        let five = all
            .iter()
            .filter(|p| p.placement.tile().size() == 5)
            .count();
        assert!(all[..five].iter().all(|p| p.weight == 65536));
        assert!(all[five..].iter().all(|p| p.weight == exp_rom(32)));
        assert_eq!(priors(&position, &[], &Weights(w), 10, 1).len(), 10);
        // The size filter.
        let big = priors(&position, &[], &Weights::UNIFORM, usize::MAX, 5);
        assert_eq!(big.len(), five);
    }
}
