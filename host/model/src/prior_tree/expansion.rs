//! A node's children as the expander gives them: the 32 legal placements
//! with the highest prior logit, each with its logit's distance below the
//! best, the sum of their weights, and the cycles the expander takes.
//!
//! The order of equal logits and the cycles are those of
//! `model::prior_expander` once it is built (`hdl::PriorExpander`); until
//! then the legal placements' order and the candidate stream's timeline
//! with the prior scorer's latency stand in.

use super::arith::weight;
use crate::next::prior::{priors, FITTED};
use blokus::{Placement, Position};

/// Children a node keeps.
pub const CHILDREN: usize = 32;

/// One child: its move (`None`, a pass) and `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    pub code: Option<(u8, u8)>,
    pub d: u32,
}

/// An expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub children: Vec<Child>,
    /// The sum of the children's weights, at least 1.
    pub weight_sum: u32,
    /// The legal placements streamed.
    pub candidates: usize,
    /// Rising edges from the one that takes the expander's `start` (the
    /// first) to the one after which its `done` is high, as
    /// `model::prior_expander::Expansion::edges` counts them.
    pub cycles: u64,
}

/// The expansion of `position` (not over), `recent` the opponent's last two
/// placements, the latest first: a pass child when it has no placement.
pub fn expand(position: &Position, recent: [Option<Placement>; 2]) -> Expansion {
    let recent: Vec<Placement> = recent.into_iter().flatten().collect();
    let (_, stream_done) = crate::cell_candidates::timeline(position);
    let list = priors(position, &recent, &FITTED, CHILDREN, 1);
    let children: Vec<Child> = if list.is_empty() {
        vec![Child { code: None, d: 0 }]
    } else {
        list.iter()
            .map(|p| Child {
                code: Some((p.placement.shape, p.placement.box_corner().index() as u8)),
                d: p.distance,
            })
            .collect()
    };
    let weight_sum = children.iter().map(|c| weight(c.d)).sum::<u32>().max(1);
    Expansion {
        cycles: 2
            + stream_done as u64
            + crate::prior_scorer::PRIOR_LATENCY
            + 2
            + children.len() as u64,
        candidates: list.len(),
        children,
        weight_sum,
    }
}
