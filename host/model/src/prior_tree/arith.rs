//! The board's next search's arithmetic, as its hardware computes it: a
//! child's selection score (the `PuctScore` block), a new child's prior and
//! start value (written when its parent is linked), the backup of results,
//! and when a leaf has earned its children. The integers are
//! `model::next`'s (N3's), so that this search is that one's, node for node.

use super::word::{Node, MAX_PRIOR, MAX_VISITS};
use crate::next::fixed::{explore_rom, ratio, sqrt_rom};
use crate::next::prior::exp_rom;

/// A loss's result: results lie in `LOSS..=WIN`.
pub const LOSS: u32 = 128;
/// A draw's result.
pub const DRAW: u32 = 256;
/// A win's result.
pub const WIN: u32 = 384;
/// Virtual visits every child starts with, at its start value.
pub const VIRTUAL_VISITS: u32 = 3;
/// The exploration constant, in 1/256: 0.5 (Pentobi's).
pub const C_Q8: u32 = 128;

/// The exploration factor of a parent with `visits` visits: `c sqrt(N)
/// ln(N + 1)` times the result span, with 15 fractional bits (the
/// `EXPLORE` ROM's word times 256).
pub fn explore(visits: u32) -> u64 {
    explore_rom(u64::from(visits), C_Q8) * u64::from(WIN - LOSS)
}

/// A child's selection score under a parent whose [`explore`] factor is
/// `explore`: its mean result plus its prior times the factor over its
/// visits, the virtual ones included.
pub fn score(explore: u64, child: &Node) -> u64 {
    let count = 16 * u64::from(child.visits + VIRTUAL_VISITS);
    let mean = ratio(16 * u64::from(child.value), count);
    let scaled = (explore * u64::from(child.prior)) >> 15;
    mean + (ratio(scaled, count) >> 11)
}

/// A child under a virtual loss: one more visit, lost.
pub fn with_virtual_loss(child: &Node) -> Node {
    Node {
        visits: child.visits + 1,
        value: child.value + LOSS,
        ..*child
    }
}

/// The weight of a child whose logit is `d` sixteenths below the best:
/// `EXP[d] >> 8`.
pub fn weight(d: u32) -> u32 {
    exp_rom(d) >> 8
}

/// A child's prior among siblings whose weights sum to `sum`.
pub fn prior(d: u32, sum: u32) -> u32 {
    (ratio(u64::from(weight(d)), u64::from(sum.max(1))) as u32).min(MAX_PRIOR)
}

/// A new child's value: its [`VIRTUAL_VISITS`] at the start value, the
/// mover's mean so far above a loss (`base`) scaled by the square root of
/// its prior relative to the best's.
pub fn start_value(d: u32, base: u32) -> u32 {
    VIRTUAL_VISITS * (LOSS + ((base * sqrt_rom(d)) >> 8))
}

/// The mean result above a loss of the side `root_side` says, from the
/// root's visits and its side's results summed: the root side's mean, or
/// its complement for the other side; a draw's before any visit.
pub fn value_base(root_visits: u32, root_results: u64, root_side: bool) -> u32 {
    if root_visits == 0 {
        return DRAW - LOSS;
    }
    let mean = (root_results / u64::from(root_visits)).saturating_sub(u64::from(LOSS)) as u32;
    if root_side {
        mean
    } else {
        (WIN - LOSS).saturating_sub(mean)
    }
}

/// The results of a bank run for a node, from the bank's points for the
/// leaf's side to move (2 a win, 1 a draw, summed over `engines`): for
/// that side's nodes, or the other's.
pub fn results(points: u32, engines: u32, leaf_side: bool) -> u32 {
    let leaf = engines * LOSS + (DRAW - LOSS) * points;
    if leaf_side {
        leaf
    } else {
        engines * (WIN + LOSS) - leaf
    }
}

/// A node after a backup of `engines` visits worth `results`: unchanged
/// once its visits would pass [`MAX_VISITS`].
pub fn backed_up(node: &Node, engines: u32, results: u32) -> Node {
    if node.visits + engines > MAX_VISITS {
        return *node;
    }
    Node {
        visits: node.visits + engines,
        value: node.value + results,
        ..*node
    }
}

/// How full the node memory is, for the expansion rule: 0 while at most
/// half its blocks are used, then one more at each halving of the free
/// blocks (15 less the bit length of the free count).
pub fn pressure(free_blocks: usize) -> u32 {
    16u32
        .saturating_sub(usize::BITS - free_blocks.leading_zeros())
        .saturating_sub(1)
}

/// Whether a leaf `depth` levels below the root with `visits` visits has
/// earned its children: more than `1 + depth / 2` visits, doubled at each
/// step of [`pressure`] (Pentobi's rule, `model::next`'s `expand=depth`).
pub fn earned(visits: u32, depth: usize, free_blocks: usize) -> bool {
    u64::from(2 * visits) > (2 + depth as u64) << pressure(free_blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pressure_doubles_the_threshold_at_each_halving_of_the_free_blocks() {
        assert_eq!(pressure(1 << 15), 0);
        assert_eq!(pressure((1 << 14) + 5), 0);
        assert_eq!(pressure(1 << 14), 0);
        assert_eq!(pressure((1 << 14) - 1), 1);
        assert_eq!(pressure(1 << 13), 1);
        assert_eq!(pressure(100), 8);
        assert_eq!(pressure(1), 14);
        assert!(earned(6, 3, 1 << 15) && !earned(2, 3, 1 << 15));
        assert!(!earned(6, 3, 100));
    }

    #[test]
    fn results_and_scores_follow_the_visits() {
        // Three wins, three draws, three losses for the leaf's side.
        assert_eq!(results(6, 3, true), 3 * WIN);
        assert_eq!(results(3, 3, true), 3 * DRAW);
        assert_eq!(results(0, 3, true), 3 * LOSS);
        assert_eq!(results(6, 3, false), 3 * LOSS);
        let fresh = Node {
            value: start_value(0, DRAW - LOSS),
            prior: prior(0, weight(0)),
            block: 0,
            ..Node::default()
        };
        assert_eq!(fresh.value, 3 * DRAW, "at a draw before any visit");
        assert_eq!(fresh.prior, MAX_PRIOR);
        let won = backed_up(&fresh, 3, results(6, 3, true));
        let lost = backed_up(&fresh, 3, results(0, 3, true));
        // The means alone, then the exploration falling with the visits.
        assert!(score(0, &won) > score(0, &fresh) && score(0, &fresh) > score(0, &lost));
        assert!(score(0, &with_virtual_loss(&won)) < score(0, &won));
        let e = explore(1000);
        assert!(score(e, &fresh) - score(0, &fresh) > score(e, &won) - score(0, &won));
        let full = Node {
            visits: MAX_VISITS - 1,
            ..fresh
        };
        assert_eq!(backed_up(&full, 3, 999), full, "saturated");
        assert_eq!(value_base(0, 0, true), DRAW - LOSS);
        assert_eq!(value_base(3, u64::from(3 * WIN), true), WIN - LOSS);
        assert_eq!(value_base(3, u64::from(3 * WIN), false), 0);
    }
}
