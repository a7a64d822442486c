//! The retrograde analysis over a reachable set: the value of every class
//! for its side to move, won or lost in so many plies, or drawn.
//!
//! Tanaka's leaves are where it starts: a side that can catch the
//! opponent's lion wins in 1 ply; a side whose opponent's lion stands on
//! its far row out of reach loses in 1 (whatever it plays, that lion has
//! won at the start of its turn); a side without a move loses at once.
//! Every other class counts its distinct children (by class). Then, level
//! by level of the distance `d`: the predecessors (by [`for_each_predecessor`],
//! those in the set and not leaves) of every class lost in `d` are won in
//! `d + 1` unless already decided; then those of every class won in `d`
//! lose one undecided child, and a predecessor left with none is lost in
//! `d + 1`. Won classes thus take their shortest win and lost ones their
//! longest defence. What is never decided is drawn: neither side can
//! force a win, and a repetition ends the game.

use super::code::{decode, encode};
use super::reach::{in_parallel, is_leaf, ClassSet};
use super::unmove::for_each_predecessor;
use crate::dobutsu::position::Position;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};

/// A value for the side to move: 0 drawn (or not yet known), else a result
/// bit and the distance in plies to the end of the game with best play.
pub type Value = u16;
/// Set on a won value.
pub const WON: Value = 0x8000;
/// Set on a lost value.
pub const LOST: Value = 0x4000;
/// The distance bits.
pub const DISTANCE: Value = 0x3fff;
/// Drawn.
pub const DRAWN: Value = 0;

/// What a value says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won(u16),
    Lost(u16),
    Drawn,
}

/// The verdict of `value`.
pub fn verdict(value: Value) -> Verdict {
    if value & WON != 0 {
        Verdict::Won(value & DISTANCE)
    } else if value & LOST != 0 {
        Verdict::Lost(value & DISTANCE)
    } else {
        Verdict::Drawn
    }
}

/// The value of a class per slot of its set.
pub struct Values {
    pub values: Vec<Value>,
    /// The greatest distance of a decided class.
    pub longest: u16,
}

/// The distinct children of `position` by class, as slots of `set`.
fn child_slots(
    set: &ClassSet,
    position: &Position,
    moves: &mut Vec<crate::dobutsu::Move>,
    out: &mut Vec<u32>,
) {
    moves.clear();
    out.clear();
    position.generate(moves);
    for &m in moves.iter() {
        let mut child = *position;
        child.make(m);
        let slot = set
            .slot_of(encode(&child))
            .expect("a child of a reachable position is reachable");
        out.push(slot as u32);
    }
    out.sort_unstable();
    out.dedup();
}

/// Solves every class of `set` with `threads` threads; `progress` sees each
/// distance done and the classes decided so far.
pub fn solve(set: &ClassSet, threads: usize, progress: &(dyn Fn(u16, u64) + Sync)) -> Values {
    let size = set.capacity();
    let values: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(DRAWN)).collect();
    let undecided: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
    let slots: Vec<u32> = set.classes().map(|c| c.slot as u32).collect();
    // The leaves' values and everyone else's count of children.
    let first: Vec<Vec<u32>> = in_parallel(&slots, threads, |part| {
        let (mut moves, mut children) = (Vec::new(), Vec::new());
        let mut decided = Vec::new();
        for &slot in part {
            let slot = slot as usize;
            let position = decode(set.class_at(slot).expect("a class").code);
            let value = if is_leaf(&position) {
                let them = 1 - position.side();
                let lion = position.lion(them).map_or(0, |cell| 1u16 << cell);
                if position.attacked_by(position.side()) & lion != 0 {
                    WON | 1
                } else {
                    LOST | 1
                }
            } else {
                child_slots(set, &position, &mut moves, &mut children);
                if children.is_empty() {
                    LOST
                } else {
                    undecided[slot].store(children.len() as u8, Ordering::Relaxed);
                    continue;
                }
            };
            values[slot].store(value, Ordering::Relaxed);
            decided.push(slot as u32);
        }
        decided
    });
    let frontier: Vec<u32> = first.concat();
    let mut total = frontier.len() as u64;
    // Levels by distance: those decided at distance d make the next ones.
    let mut by_distance: Vec<Vec<u32>> = Vec::new();
    for slot in frontier {
        let d = usize::from(values[slot as usize].load(Ordering::Relaxed) & DISTANCE);
        if by_distance.len() <= d {
            by_distance.resize(d + 1, Vec::new());
        }
        by_distance[d].push(slot);
    }
    let mut d = 0;
    let mut longest = 0;
    while d < by_distance.len() {
        let level = std::mem::take(&mut by_distance[d]);
        if !level.is_empty() {
            longest = d as u16;
        }
        let (lost, won): (Vec<u32>, Vec<u32>) = level
            .into_iter()
            .partition(|&s| values[s as usize].load(Ordering::Relaxed) & LOST != 0);
        let next = (d + 1) as Value;
        // Lost in d: every predecessor wins in d + 1.
        let wins = in_parallel(&lost, threads, |part| {
            let mut out = Vec::new();
            let mut preds = Vec::new();
            for &slot in part {
                predecessor_slots(set, slot as usize, &mut preds);
                for &p in &preds {
                    if values[p as usize]
                        .compare_exchange(DRAWN, WON | next, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                    {
                        out.push(p);
                    }
                }
            }
            out
        });
        // Won in d: a predecessor whose children are all won is lost in d + 1.
        let losses = in_parallel(&won, threads, |part| {
            let mut out = Vec::new();
            let mut preds = Vec::new();
            for &slot in part {
                predecessor_slots(set, slot as usize, &mut preds);
                for &p in &preds {
                    let p_slot = p as usize;
                    if values[p_slot].load(Ordering::Relaxed) != DRAWN {
                        continue;
                    }
                    if undecided[p_slot].fetch_sub(1, Ordering::Relaxed) == 1 {
                        values[p_slot].store(LOST | next, Ordering::Relaxed);
                        out.push(p);
                    }
                }
            }
            out
        });
        let mut new: Vec<u32> = wins.concat();
        new.extend(losses.concat());
        if !new.is_empty() {
            total += new.len() as u64;
            if by_distance.len() <= d + 1 {
                by_distance.resize(d + 2, Vec::new());
            }
            by_distance[d + 1].extend(new);
        }
        progress(d as u16, total);
        d += 1;
    }
    Values {
        values: values.into_iter().map(AtomicU16::into_inner).collect(),
        longest,
    }
}

/// The distinct classes (as slots) that class `slot` can come from: in the
/// set, and not leaves (a leaf is not played on).
fn predecessor_slots(set: &ClassSet, slot: usize, out: &mut Vec<u32>) {
    out.clear();
    let position = decode(set.class_at(slot).expect("a class").code);
    for_each_predecessor(&position, |q| {
        if let Some(s) = set.slot_of(encode(q)) {
            if !is_leaf(q) {
                out.push(s as u32);
            }
        }
    });
    out.sort_unstable();
    out.dedup();
}
