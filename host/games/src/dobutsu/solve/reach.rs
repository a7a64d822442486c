//! Every position reachable from a root (the start), found breadth first on
//! all cores over the dense [`Index`], as Tanaka's complete analysis counts
//! them: a position where the side to move can catch the opponent's lion
//! ("catch"), or where the opponent's lion already stands on its far row
//! ("try"), is counted but not expanded; a position is counted once with
//! its images under the mirror and the swap of the sides (its class, one
//! index), since the analysis stores each position from its side to move's
//! point of view and folds mirror images. An independent program that
//! counts this way finds 246,803,167 positions: 140,298,614 catches,
//! 7,018,985 tries and 99,485,568 others.
//!
//! Each class is settled as it is reached: a leaf gets its value, any other
//! class the number of its distinct children that are not catches, which
//! the retrograde analysis counts down (see [`super::retro`]).

use super::bitmap::{prefetch, zeroed, Bitmap};
use super::index::Index;
use super::value::{Value, LOST, WON};
use crate::dobutsu::position::{attacks, far_row, Position, CHICK, GOTE, HEN, LION};
use crate::dobutsu::Move;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::LazyLock;

/// A class met in the search: its index and one of its positions.
pub type Entry = (u32, Position);

/// `REACH[piece][cell]`: the cells a piece (kind and owner bit) on `cell`
/// attacks.
pub static REACH: LazyLock<[[u16; 12]; 16]> = LazyLock::new(|| {
    let mut table = [[0u16; 12]; 16];
    for (piece, row) in table.iter_mut().enumerate() {
        let (kind, owner) = ((piece & 7) as u8, usize::from(piece as u8 & GOTE != 0));
        if (CHICK..=HEN).contains(&kind) {
            for (cell, targets) in row.iter_mut().enumerate() {
                *targets = attacks(owner, kind, cell);
            }
        }
    }
    table
});

/// Whether `side`'s pieces attack the cell `target` (`reach` is [`REACH`]).
#[inline]
pub fn attacked(reach: &[[u16; 12]; 16], position: &Position, side: usize, target: usize) -> bool {
    let owner = if side == 1 { GOTE } else { 0 };
    // A piece that attacks the target stands where a lion there attacks.
    let mut around = reach[usize::from(LION)][target];
    while around != 0 {
        let cell = around.trailing_zeros() as usize;
        around &= around - 1;
        let piece = position.board[cell];
        if piece != 0 && piece & GOTE == owner && reach[usize::from(piece)][cell] >> target & 1 != 0
        {
            return true;
        }
    }
    false
}

/// Tanaka's leaves: the side to move can catch the opponent's lion.
pub fn can_catch(position: &Position) -> bool {
    let me = position.side();
    position
        .lion(1 - me)
        .is_none_or(|cell| attacked(&REACH, position, me, cell))
}

/// Whether Tanaka's analysis stops at `position`: the side to move can catch
/// the opponent's lion, or the opponent's lion stands on its far row.
pub fn is_leaf(position: &Position) -> bool {
    let me = position.side();
    let them = 1 - me;
    match position.lion(them) {
        None => true,
        Some(cell) => far_row(them).contains(&cell) || attacked(&REACH, position, me, cell),
    }
}

/// Whether `position` is its own mirror image.
pub fn is_symmetric(position: &Position) -> bool {
    let b = &position.board;
    b[0] == b[2] && b[3] == b[5] && b[6] == b[8] && b[9] == b[11]
}

/// What the search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Positions (classes: Tanaka's count).
    pub positions: u64,
    /// Of them, leaves where the side to move can catch the opponent's lion.
    pub catches: u64,
    /// Of them, the other leaves: the opponent's lion on its far row.
    pub tries: u64,
    /// Breadth-first levels: the greatest shortest distance from the root, plus one.
    pub levels: u32,
}

/// The reachable classes and their first state for the retrograde analysis.
pub struct Reached {
    pub index: Index,
    /// The reachable indices.
    pub set: Bitmap,
    /// Per index: 0 if not reachable; a leaf's value; else the number of
    /// distinct children that are not catches (the counter).
    pub cells: Vec<AtomicU16>,
    /// Classes decided without a search, by distance (0, 1 and 2): no move
    /// at all, the tries, and those whose every move allows a catch.
    pub seeds: Vec<Vec<Entry>>,
}

/// Runs `work` on `items` split among `threads` threads; returns each thread's result.
pub fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1) * 16).max(1);
    let parts = std::sync::Mutex::new(items.chunks(chunk));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut results = Vec::new();
                    loop {
                        let Some(part) = parts.lock().expect("the work queue").next() else {
                            return results;
                        };
                        results.push(work(part));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker thread panicked"))
            .collect()
    })
}

/// One worker's results over a part of a level.
#[derive(Default)]
struct Settled {
    /// Classes reached for the first time.
    found: Vec<Entry>,
    seeds: [Vec<Entry>; 3],
    catches: u64,
    tries: u64,
}

/// A worker's scratch space.
#[derive(Default)]
struct Scratch {
    moves: Vec<Move>,
    /// The children and whether each is a catch.
    children: Vec<(Entry, bool)>,
    counted: Vec<u32>,
}

/// Settles the class `entry`: a leaf's value, or the count of its distinct
/// children that are not catches (a class without any is lost now); the
/// children not yet in `set` are added to it and to `out.found`.
fn settle(reached: &Reached, entry: &Entry, scratch: &mut Scratch, out: &mut Settled) {
    let (index, position) = entry;
    let cell = &reached.cells[*index as usize];
    let seed = |out: &mut Settled, distance: usize, value: Value| {
        cell.store(value, Ordering::Relaxed);
        out.seeds[distance].push(*entry);
    };
    let me = position.side();
    match position.lion(1 - me) {
        Some(cell) if !attacked(&REACH, position, me, cell) => {
            if far_row(1 - me).contains(&cell) {
                out.tries += 1;
                return seed(out, 1, LOST | 1);
            }
        }
        _ => {
            out.catches += 1;
            cell.store(WON | 1, Ordering::Relaxed);
            return;
        }
    }
    let Scratch {
        moves,
        children,
        counted,
    } = scratch;
    moves.clear();
    children.clear();
    counted.clear();
    position.generate(moves);
    if moves.is_empty() {
        return seed(out, 0, LOST);
    }
    // A child is a catch if the mover's lion stands attacked there.
    let table = &*REACH;
    let lion = position.lion(me).expect("a lion");
    for &m in moves.iter() {
        let mut child = *position;
        child.make(m);
        let lion = if m.kind == LION {
            usize::from(m.to)
        } else {
            lion
        };
        let catch = attacked(table, &child, 1 - me, lion);
        let i = reached
            .index
            .encode(&child)
            .expect("a child of a position that is not a leaf is in the index");
        reached.set.prefetch(i);
        children.push(((i, child), catch));
    }
    for &(child, catch) in children.iter() {
        if reached.set.insert(child.0) {
            out.found.push(child);
        }
        if !catch {
            counted.push(child.0);
        }
    }
    // Two moves reach one class only as mirror images of each other, from
    // a position that is its own mirror image.
    if is_symmetric(position) {
        counted.sort_unstable();
        counted.dedup();
    }
    match counted.len() {
        0 => seed(out, 2, LOST | 2),
        n => cell.store(n as Value, Ordering::Relaxed),
    }
}

/// Settles each class of `part`, the cells of those a few places ahead
/// prefetched.
fn settle_part(reached: &Reached, part: &[Entry]) -> Settled {
    const AHEAD: usize = 8;
    prefetch_cells(&reached.cells, &part[..part.len().min(AHEAD)]);
    let mut scratch = Scratch::default();
    let mut out = Settled::default();
    for (k, entry) in part.iter().enumerate() {
        if let Some(ahead) = part.get(k + AHEAD) {
            prefetch(&reached.cells[ahead.0 as usize]);
        }
        settle(reached, entry, &mut scratch, &mut out);
    }
    out
}

impl Reached {
    fn new(index: Index) -> Reached {
        let size = index.size();
        Reached {
            set: Bitmap::new(size),
            cells: zeroed(size as usize),
            index,
            seeds: vec![Vec::new(); 3],
        }
    }

    /// Gathers the workers' results into the seeds; returns the classes
    /// found, the catches and the tries.
    fn gather(&mut self, parts: Vec<Settled>) -> (Vec<Entry>, u64, u64) {
        let (mut found, mut catches, mut tries) = (Vec::new(), 0, 0);
        for part in parts {
            found.extend(part.found);
            for (seeds, more) in self.seeds.iter_mut().zip(part.seeds) {
                seeds.extend(more);
            }
            catches += part.catches;
            tries += part.tries;
        }
        (found, catches, tries)
    }
}

/// Finds every position reachable from `root` with `threads` threads, at
/// most `max_levels` breadth-first levels deep; `progress` sees each
/// level's number and the positions found so far.
///
/// # Panics
/// If `root` has no index (a lion missing, or the side to move's lion on
/// its far row).
pub fn reach(
    root: &Position,
    threads: usize,
    max_levels: u32,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> (Reach, Reached) {
    let mut reached = Reached::new(Index::of(root));
    let start = reached
        .index
        .encode(root)
        .expect("a root with both lions, the side to move's off its far row");
    reached.set.insert(start);
    let mut frontier = vec![(start, *root)];
    let mut result = Reach {
        positions: 1,
        ..Reach::default()
    };
    while !frontier.is_empty() && result.levels < max_levels {
        result.levels += 1;
        let parts = in_parallel(&frontier, threads, |part| settle_part(&reached, part));
        let (found, catches, tries) = reached.gather(parts);
        result.catches += catches;
        result.tries += tries;
        result.positions += found.len() as u64;
        frontier = found;
        progress(result.levels, result.positions);
    }
    // A search cut short counts its last level's leaves too.
    for (_, position) in &frontier {
        if can_catch(position) {
            result.catches += 1;
        } else if is_leaf(position) {
            result.tries += 1;
        }
    }
    (result, reached)
}

/// The search's state again from its set (a checkpoint's), found in
/// `levels` levels: every class settled once more.
pub fn resume(root: &Position, set: Bitmap, levels: u32, threads: usize) -> (Reach, Reached) {
    let mut reached = Reached::new(Index::of(root));
    reached.set = set;
    let words: Vec<usize> = (0..reached.set.word_count()).step_by(1 << 12).collect();
    let parts = in_parallel(&words, threads, |part| {
        let mut scratch = Scratch::default();
        let mut out = Settled::default();
        for &first in part {
            let last = (first + (1 << 12)).min(reached.set.word_count());
            for index in reached.set.indices_in(first..last) {
                let entry = (index, reached.index.decode(index));
                settle(&reached, &entry, &mut scratch, &mut out);
            }
        }
        out
    });
    let (found, catches, tries) = reached.gather(parts);
    assert!(found.is_empty(), "a checkpoint's set is closed under moves");
    let result = Reach {
        positions: reached.set.count(),
        catches,
        tries,
        levels,
    };
    (result, reached)
}

/// Prefetches the cell of each entry.
pub fn prefetch_cells(cells: &[AtomicU16], entries: &[Entry]) {
    for (index, _) in entries {
        prefetch(&cells[*index as usize]);
    }
}
