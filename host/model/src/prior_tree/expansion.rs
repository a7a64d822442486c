//! A node's children as the expander gives them (`model::prior_expander`,
//! the model of `hdl::PriorExpander`): the 32 legal placements with the
//! highest prior logit, best first, equal logits in the candidate stream's
//! order, each with its logit's distance below the best; the sum of their
//! weights; the cycles the expander takes. A position without a placement
//! gets one child, a pass.

use crate::prior_expander;
use blokus::{Placement, Position};

/// Children a node keeps.
pub use crate::prior_expander::CHILDREN;

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
/// placements, the latest first.
pub fn expand(position: &Position, recent: [Option<Placement>; 2]) -> Expansion {
    let recent: Vec<Placement> = recent.into_iter().flatten().collect();
    let e = prior_expander::expand(position, &recent);
    let children: Vec<Child> = if e.children.is_empty() {
        vec![Child { code: None, d: 0 }]
    } else {
        e.children
            .iter()
            .map(|c| Child {
                code: Some((c.shape, c.corner)),
                d: c.distance,
            })
            .collect()
    };
    Expansion {
        children,
        weight_sum: e.weight_sum,
        candidates: e.candidates,
        cycles: e.edges,
    }
}
