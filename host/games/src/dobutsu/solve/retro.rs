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

use super::code::{canonical, decode, encode};
use super::reach::{can_catch, huge_vec, in_parallel, is_leaf, ClassSet};
use super::unmove::for_each_predecessor;
use crate::dobutsu::position::Position;
use std::sync::atomic::{AtomicU16, Ordering};

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

/// The number of distinct classes among the children of `position`
/// (`codes` is scratch space).
fn distinct_children(
    position: &Position,
    moves: &mut Vec<crate::dobutsu::Move>,
    codes: &mut Vec<u64>,
) -> usize {
    moves.clear();
    codes.clear();
    position.generate(moves);
    for &m in moves.iter() {
        let mut child = *position;
        child.make(m);
        codes.push(canonical(encode(&child)));
    }
    codes.sort_unstable();
    codes.dedup();
    codes.len()
}

/// Slots a worker takes at a time in the first pass.
const SLOT_CHUNK: usize = 1 << 16;

/// While a class is undecided its cell holds the number of its children
/// not yet known to be won (neither [`WON`] nor [`LOST`] set); decided, its
/// value. Decrements one undecided child; true if it was the last (the
/// class is then lost in `next`).
fn one_child_won(cell: &AtomicU16, next: Value) -> bool {
    let mut seen = cell.load(Ordering::Relaxed);
    loop {
        if seen & (WON | LOST) != 0 {
            return false;
        }
        let new = if seen == 1 { LOST | next } else { seen - 1 };
        match cell.compare_exchange_weak(seen, new, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return seen == 1,
            Err(now) => seen = now,
        }
    }
}

/// Decides an undecided class won in `next`; true if it was undecided.
fn win(cell: &AtomicU16, next: Value) -> bool {
    let mut seen = cell.load(Ordering::Relaxed);
    loop {
        if seen & (WON | LOST) != 0 {
            return false;
        }
        match cell.compare_exchange_weak(seen, WON | next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => seen = now,
        }
    }
}

/// Solves every class of `set` with `threads` threads; `progress` sees each
/// distance done and the classes decided so far.
pub fn solve(set: &ClassSet, threads: usize, progress: &(dyn Fn(u16, u64) + Sync)) -> Values {
    let size = set.capacity();
    let cells: Vec<AtomicU16> = huge_vec(size, || AtomicU16::new(0));
    // The leaves' values and everyone else's count of children.
    let chunks: Vec<usize> = (0..size).step_by(SLOT_CHUNK).collect();
    let first: Vec<Vec<u32>> = in_parallel(&chunks, threads, |part| {
        let (mut moves, mut children) = (Vec::new(), Vec::new());
        let mut decided = Vec::new();
        for &start in part {
            let end = (start + SLOT_CHUNK).min(size);
            for (slot, cell) in cells[start..end].iter().enumerate() {
                let slot = start + slot;
                let Some(class) = set.class_at(slot) else {
                    continue;
                };
                let position = decode(class.code);
                let value = if can_catch(&position) {
                    WON | 1
                } else if is_leaf(&position) {
                    LOST | 1
                } else {
                    match distinct_children(&position, &mut moves, &mut children) {
                        0 => LOST,
                        n => {
                            cell.store(n as Value, Ordering::Relaxed);
                            continue;
                        }
                    }
                };
                cell.store(value, Ordering::Relaxed);
                decided.push(slot as u32);
            }
        }
        decided
    });
    let mut total = 0u64;
    // Levels by distance: those decided at distance d make the next ones.
    let mut by_distance: Vec<Vec<u32>> = Vec::new();
    for slot in first.into_iter().flatten() {
        let d = usize::from(cells[slot as usize].load(Ordering::Relaxed) & DISTANCE);
        if by_distance.len() <= d {
            by_distance.resize(d + 1, Vec::new());
        }
        by_distance[d].push(slot);
        total += 1;
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
            .partition(|&s| cells[s as usize].load(Ordering::Relaxed) & LOST != 0);
        let next = (d + 1) as Value;
        // Lost in d: every undecided predecessor wins in d + 1.
        let wins = in_parallel(&lost, threads, |part| {
            let (mut out, mut preds, mut classes) = (Vec::new(), Vec::new(), Vec::new());
            for &slot in part {
                predecessor_slots(set, slot as usize, &mut classes, &mut preds);
                out.extend(preds.iter().filter(|&&p| win(&cells[p as usize], next)));
            }
            out
        });
        // Won in d: a predecessor whose children are all won is lost in d + 1.
        let losses = in_parallel(&won, threads, |part| {
            let (mut out, mut preds, mut classes) = (Vec::new(), Vec::new(), Vec::new());
            for &slot in part {
                predecessor_slots(set, slot as usize, &mut classes, &mut preds);
                out.extend(
                    preds
                        .iter()
                        .filter(|&&p| one_child_won(&cells[p as usize], next)),
                );
            }
            out
        });
        let new: Vec<u32> = wins.into_iter().chain(losses).flatten().collect();
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
    // What is still counting children was never decided: drawn.
    let values = cells
        .into_iter()
        .map(|cell| {
            let value = cell.into_inner();
            if value & (WON | LOST) != 0 {
                value
            } else {
                DRAWN
            }
        })
        .collect();
    Values { values, longest }
}

/// The distinct classes (as slots) of the set that class `slot` can come
/// from. Leaves among them (not played on) are decided from the start, so
/// nothing below changes them. The candidates' slots are prefetched as a
/// batch before any is probed.
fn predecessor_slots(set: &ClassSet, slot: usize, classes: &mut Vec<u64>, out: &mut Vec<u32>) {
    out.clear();
    classes.clear();
    let position = decode(set.class_at(slot).expect("a class").code);
    for_each_predecessor(&position, |q| {
        let class = canonical(encode(q));
        set.prefetch(class);
        classes.push(class);
    });
    out.extend(
        classes
            .iter()
            .filter_map(|&class| set.slot_of_class(class))
            .map(|s| s as u32),
    );
    out.sort_unstable();
    out.dedup();
}
