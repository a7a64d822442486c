//! Children to score for the tests of `PuctScore` (rust-hdl's simulator and
//! Verilator): pairs under a parent, across every width of their fields,
//! and the model's score of each.

#![allow(dead_code)] // each test binary uses its own subset

use hdl::puct_score::PARENT_BITS;
use hdl::ScoredChild;
use model::prior_tree::arith::{explore, score, with_virtual_loss, VIRTUAL_VISITS, WIN};
use model::prior_tree::word::{Node, MAX_PRIOR, MAX_VISITS};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// One child in a lane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Child {
    /// The lane holds a child.
    pub valid: bool,
    /// Under the virtual loss.
    pub in_flight: bool,
    pub visits: u32,
    pub value: u32,
    pub prior: u32,
}

impl Child {
    /// The lane's input.
    pub fn signal(&self) -> ScoredChild {
        ScoredChild {
            valid: self.valid,
            in_flight: self.in_flight,
            visits: u64::from(self.visits).into(),
            value: u64::from(self.value).into(),
            prior: u64::from(self.prior).into(),
        }
    }

    /// The child's lane input as words, the struct's bits (valid lowest),
    /// as a Verilator model takes it.
    pub fn words(&self) -> Vec<u64> {
        let bits = u128::from(self.valid)
            | u128::from(self.in_flight) << 1
            | u128::from(self.visits) << 2
            | u128::from(self.value) << 22
            | u128::from(self.prior) << 51;
        vec![bits as u64, (bits >> 64) as u64]
    }
}

/// A pair of children under a parent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub parent: u32,
    pub even: Child,
    pub odd: Child,
}

/// A number below `2^bits` of a random bit length up to `bits`.
fn any_width(rng: &mut StdRng, bits: u32) -> u64 {
    let width = rng.random_range(0..=bits);
    if width == 0 {
        0
    } else {
        rng.random_range(0..1u64 << width)
    }
}

fn child(rng: &mut StdRng) -> Child {
    let visits = (any_width(rng, 20) as u32).min(MAX_VISITS);
    // A value is at most a win a visit, the virtual ones included.
    let most = u64::from(WIN) * u64::from(visits + VIRTUAL_VISITS);
    let value = match rng.random_range(0..4) {
        0 => most,
        1 => rng.random_range(0..=most),
        _ => rng.random_range(most / 3..=most),
    } as u32;
    let prior = match rng.random_range(0..5) {
        0 => MAX_PRIOR,
        _ => any_width(rng, 15) as u32,
    };
    Child {
        valid: rng.random_range(0..8) != 0,
        in_flight: rng.random_range(0..4) == 0 && visits < MAX_VISITS,
        visits,
        value,
        prior,
    }
}

/// `count` pairs: the extremes first, then random ones.
pub fn pairs(count: usize) -> Vec<Pair> {
    let mut rng = StdRng::seed_from_u64(31);
    let top = (1u32 << PARENT_BITS) - 1;
    let full = Child {
        valid: true,
        in_flight: false,
        visits: MAX_VISITS,
        value: WIN * (MAX_VISITS + VIRTUAL_VISITS),
        prior: MAX_PRIOR,
    };
    let fresh = Child {
        valid: true,
        in_flight: true,
        visits: 0,
        value: 3 * WIN,
        prior: MAX_PRIOR,
    };
    let mut out = vec![
        Pair {
            parent: top,
            even: fresh,
            odd: full,
        },
        Pair {
            parent: 0,
            even: Child {
                value: 0,
                prior: 0,
                ..fresh
            },
            odd: fresh,
        },
        Pair {
            parent: 1,
            even: full,
            odd: Child {
                in_flight: false,
                ..fresh
            },
        },
    ];
    while out.len() < count {
        let parent = any_width(&mut rng, PARENT_BITS as u32) as u32;
        out.push(Pair {
            parent,
            even: child(&mut rng),
            odd: child(&mut rng),
        });
    }
    out
}

/// The model's score of `c` under a parent of `parent` visits.
pub fn want(parent: u32, c: &Child) -> u64 {
    let node = Node {
        visits: c.visits,
        value: c.value,
        prior: c.prior,
        ..Node::default()
    };
    let node = if c.in_flight {
        with_virtual_loss(&node)
    } else {
        node
    };
    score(explore(parent), &node)
}
