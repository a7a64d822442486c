//! The retrograde analysis over a reachable set: the value of every class
//! for its side to move, won or lost in so many plies, or drawn.
//!
//! Tanaka's leaves are where it starts: a side that can catch the
//! opponent's lion wins in 1 ply; a side whose opponent's lion stands on
//! its far row out of reach loses in 1 (whatever it plays, that lion has
//! won at the start of its turn); a side without a move loses at once.
//! Every other class counts its distinct children (by class) that are not
//! catches: a move that lets the opponent catch the lion loses in 2, the
//! shortest loss there is, so it decides nothing unless every move does
//! (the class is then lost in 2), and the catches, more than half the
//! classes, are never worked backwards from. Then, level by level of the
//! distance `d`: the predecessors (by [`for_each_predecessor`], those
//! reached and not leaves) of every class lost in `d` are won in `d + 1`
//! unless already decided; then those of every class won in `d` lose one
//! undecided child, and a predecessor left with none is lost in `d + 1`.
//! Won classes thus take their shortest win and lost ones their longest
//! defence. What is never decided is drawn: neither side can force a win,
//! and a repetition ends the game. The cells are the reach's (see
//! [`Reached`]), updated in place by compare-and-swap from all threads.

use super::index::Index;
use super::reach::{attacked, in_parallel, is_symmetric, prefetch_cells, Entry, Reached, REACH};
use super::unmove::for_each_predecessor;
use std::sync::atomic::{AtomicU16, Ordering};

pub use super::value::{verdict, Value, Verdict, DISTANCE, DRAWN, LOST, WON};

/// While a class is undecided its cell holds the number of its children
/// not yet known to be won (neither [`WON`] nor [`LOST`] set; never 0, the
/// cell of an index not reached); decided, its value. Decrements one
/// undecided child; true if it was the last (the class is then lost in
/// `next`).
fn one_child_won(cell: &AtomicU16, next: Value) -> bool {
    let mut seen = cell.load(Ordering::Relaxed);
    loop {
        if seen & (WON | LOST) != 0 || seen == 0 {
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
        if seen & (WON | LOST) != 0 || seen == 0 {
            return false;
        }
        match cell.compare_exchange_weak(seen, WON | next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => seen = now,
        }
    }
}

/// The value of a reached index's cell once the analysis is done:
/// a class still counting children is drawn.
pub fn final_value(cell: Value) -> Value {
    if cell & (WON | LOST) != 0 {
        cell
    } else {
        DRAWN
    }
}

/// Solves every class `reached` holds with `threads` threads, from its
/// seeds; `progress` sees each distance done and the classes decided so
/// far (the catches apart). Returns the greatest distance of a decided class.
pub fn solve(reached: &mut Reached, threads: usize, progress: &(dyn Fn(u16, u64) + Sync)) -> u16 {
    // Per distance, the classes lost and won there (the seeds are lost).
    let mut by_distance: Vec<[Vec<Entry>; 2]> = std::mem::take(&mut reached.seeds)
        .into_iter()
        .map(|lost| [lost, Vec::new()])
        .collect();
    let reached = &*reached;
    let cells = &reached.cells;
    let mut total: u64 = by_distance.iter().map(|[lost, _]| lost.len() as u64).sum();
    let (mut d, mut longest) = (0, 0);
    while d < by_distance.len() {
        let [lost, won] = std::mem::take(&mut by_distance[d]);
        if !lost.is_empty() || !won.is_empty() {
            longest = longest.max(d as u16);
        }
        let next = (d + 1) as Value;
        // Lost in d: every undecided predecessor wins in d + 1.
        let wins = in_parallel(&lost, threads, |part| {
            let (mut out, mut preds): (Vec<Entry>, _) = (Vec::new(), Vec::new());
            for entry in part {
                predecessors(&reached.index, entry, &mut preds);
                prefetch_cells(cells, &preds);
                out.extend(preds.iter().filter(|p| win(&cells[p.0 as usize], next)));
            }
            out
        });
        drop(lost);
        // Won in d: a predecessor whose children are all won is lost in d + 1.
        let losses = in_parallel(&won, threads, |part| {
            let (mut out, mut preds): (Vec<Entry>, _) = (Vec::new(), Vec::new());
            for entry in part {
                predecessors(&reached.index, entry, &mut preds);
                prefetch_cells(cells, &preds);
                out.extend(
                    preds
                        .iter()
                        .filter(|p| one_child_won(&cells[p.0 as usize], next)),
                );
            }
            out
        });
        drop(won);
        let new = [losses, wins].map(|parts| parts.concat());
        if new.iter().any(|n| !n.is_empty()) {
            total += new.iter().map(|n| n.len() as u64).sum::<u64>();
            if by_distance.len() <= d + 1 {
                by_distance.resize(d + 2, [Vec::new(), Vec::new()]);
            }
            for (list, more) in by_distance[d + 1].iter_mut().zip(new) {
                list.extend(more);
            }
        }
        progress(d as u16, total);
        d += 1;
    }
    longest
}

/// The distinct classes that class `entry` can come from, as entries,
/// but for those outside the index (the mover's lion on its far row: a
/// game already over) and the catches (the mover's lion attacked: decided
/// from the start, and never encoded). Predecessors not reached have a
/// zero cell; the other leaves among them are decided from the start, so
/// nothing changes them.
fn predecessors(index: &Index, entry: &Entry, out: &mut Vec<Entry>) {
    out.clear();
    let position = &entry.1;
    let me = position.side();
    let lion = position.lion(me).expect("a lion");
    let table = &*REACH;
    for_each_predecessor(position, |q| {
        if attacked(table, q, 1 - me, lion) {
            return;
        }
        if let Some(i) = index.encode(q) {
            out.push((i, *q));
        }
    });
    // Two predecessors of one class are mirror images of each other only
    // if the class is its own mirror image.
    if is_symmetric(position) {
        out.sort_unstable_by_key(|e| e.0);
        out.dedup_by_key(|e| e.0);
    }
}
