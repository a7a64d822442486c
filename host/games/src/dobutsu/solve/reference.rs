//! A plain solver for small sub-games, the tests' oracle: the classes
//! reachable from a root in a hash map of their codes ([`super::code`]),
//! then their values by sweeps over all of them, one sweep a distance,
//! straight from the definition: won in `d + 1` if a child is lost in `d`
//! (the smallest such `d`), lost in `d + 1` if every child is won and the
//! longest in `d`; Tanaka's leaves and a position without a move as the
//! solver has them.

use super::code::{canonical, decode, encode};
use super::reach::{can_catch, is_leaf};
use super::retro::{verdict, Value, Verdict, LOST, WON};
use crate::dobutsu::position::Position;
use std::collections::HashMap;

/// Every class reachable from `root` (its code) with its value.
pub fn solve(root: &Position) -> HashMap<u64, Value> {
    let mut children: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut frontier = vec![canonical(encode(root))];
    children.insert(frontier[0], Vec::new());
    while let Some(class) = frontier.pop() {
        let position = decode(class);
        if is_leaf(&position) {
            continue;
        }
        let mut moves = Vec::new();
        position.generate(&mut moves);
        let mut kids: Vec<u64> = moves
            .into_iter()
            .map(|m| {
                let mut child = position;
                child.make(m);
                canonical(encode(&child))
            })
            .collect();
        kids.sort_unstable();
        kids.dedup();
        for &kid in &kids {
            if let std::collections::hash_map::Entry::Vacant(slot) = children.entry(kid) {
                slot.insert(Vec::new());
                frontier.push(kid);
            }
        }
        children.insert(class, kids);
    }
    let mut values: HashMap<u64, Option<Value>> = children
        .keys()
        .map(|&class| {
            let position = decode(class);
            let value = if can_catch(&position) {
                Some(WON | 1)
            } else if is_leaf(&position) {
                Some(LOST | 1)
            } else if children[&class].is_empty() {
                Some(LOST)
            } else {
                None
            };
            (class, value)
        })
        .collect();
    // A sweep decides only classes with a child decided at distance d.
    let mut longest = 1;
    let mut d = 0;
    while d <= longest {
        let mut decided = Vec::new();
        for (&class, kids) in &children {
            if values[&class].is_some() || kids.is_empty() {
                continue;
            }
            let kid_values: Vec<Option<Verdict>> =
                kids.iter().map(|k| values[k].map(verdict)).collect();
            if kid_values.contains(&Some(Verdict::Lost(d))) {
                decided.push((class, WON | (d + 1)));
            } else if kid_values
                .iter()
                .all(|v| matches!(v, Some(Verdict::Won(_))))
                && kid_values.contains(&Some(Verdict::Won(d)))
            {
                decided.push((class, LOST | (d + 1)));
            }
        }
        for (class, value) in decided {
            longest = longest.max(d + 1);
            values.insert(class, Some(value));
        }
        d += 1;
    }
    values
        .into_iter()
        .map(|(class, value)| (class, value.unwrap_or(0)))
        .collect()
}
