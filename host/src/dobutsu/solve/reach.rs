//! Every position reachable from the start, found breadth first on all cores
//! with a lock-free set of packed codes, counted as Tanaka's complete
//! analysis counts them: a position where the side to move can catch the
//! opponent's lion, or where the opponent's lion already stands on its far
//! row, is counted but not expanded. Mirror images are counted apart: the
//! start is not symmetric (the giraffe and the elephant trade sides in the
//! mirror), and the reachable set is not closed under mirroring.

use super::code::{decode, encode};
use crate::dobutsu::position::{far_row, Position};
use std::sync::atomic::{AtomicU64, Ordering};

/// An open-addressing set of nonzero `u64` codes that many threads fill at once.
pub struct CodeSet {
    slots: Vec<AtomicU64>,
    mask: usize,
}

fn spread(code: u64) -> u64 {
    let mut z = code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 31)
}

impl CodeSet {
    /// A set of `2^bits` slots.
    pub fn new(bits: u32) -> CodeSet {
        let size = 1usize << bits;
        let mut slots = Vec::with_capacity(size);
        slots.resize_with(size, || AtomicU64::new(0));
        CodeSet {
            slots,
            mask: size - 1,
        }
    }

    /// Adds `code` (not 0); true if it was not there.
    pub fn insert(&self, code: u64) -> bool {
        let mut index = spread(code) as usize & self.mask;
        loop {
            let slot = &self.slots[index];
            let seen = slot.load(Ordering::Relaxed);
            if seen == code {
                return false;
            }
            if seen == 0 {
                match slot.compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return true,
                    Err(now) if now == code => return false,
                    Err(_) => {}
                }
            }
            index = (index + 1) & self.mask;
        }
    }

    /// Every code in the set.
    pub fn codes(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots
            .iter()
            .map(|s| s.load(Ordering::Relaxed))
            .filter(|&c| c != 0)
    }
}

/// Whether Tanaka's analysis stops at `position`: the side to move can catch
/// the opponent's lion, or the opponent's lion stands on its far row.
pub fn is_leaf(position: &Position) -> bool {
    let me = position.side();
    let them = 1 - me;
    match position.lion(them) {
        None => true,
        Some(cell) => far_row(them).contains(&cell) || position.attacked_by(me) & (1 << cell) != 0,
    }
}

/// What the search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Positions (Tanaka's count).
    pub positions: u64,
    /// Positions counted but not expanded (Tanaka's leaves).
    pub leaves: u64,
    /// Of all positions, those with gote to move.
    pub gote_to_move: u64,
    /// Breadth-first levels (the deepest shortest distance from the start, plus one).
    pub levels: u32,
}

/// Finds every reachable position with `threads` threads and a set of
/// `2^table_bits` slots; `progress` sees each level's number and the total so far.
pub fn reach(
    threads: usize,
    table_bits: u32,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> (Reach, CodeSet) {
    reach_levels(threads, table_bits, u32::MAX, progress)
}

/// [`reach`], stopping after `max_levels` breadth-first levels.
pub fn reach_levels(
    threads: usize,
    table_bits: u32,
    max_levels: u32,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> (Reach, CodeSet) {
    let set = CodeSet::new(table_bits);
    let start = encode(&Position::start());
    set.insert(start);
    let mut frontier = vec![start];
    let mut found = 1u64;
    let mut levels = 0;
    while !frontier.is_empty() && levels < max_levels {
        levels += 1;
        let chunk = frontier.len().div_ceil(threads.max(1) * 8).max(1);
        let work = std::sync::Mutex::new(frontier.chunks(chunk));
        let next: Vec<Vec<u64>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        let mut moves = Vec::with_capacity(40);
                        loop {
                            let Some(part) = work.lock().expect("work queue").next() else {
                                return out;
                            };
                            for &code in part {
                                let position = decode(code);
                                if is_leaf(&position) {
                                    continue;
                                }
                                moves.clear();
                                position.generate(&mut moves);
                                for &m in &moves {
                                    let mut child = position;
                                    child.make(m);
                                    let key = encode(&child);
                                    if set.insert(key) {
                                        out.push(key);
                                    }
                                }
                            }
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        });
        frontier = next.concat();
        found += frontier.len() as u64;
        progress(levels, found);
    }
    let mut result = Reach {
        levels,
        ..Reach::default()
    };
    for code in set.codes() {
        let position = decode(code);
        result.positions += 1;
        result.leaves += u64::from(is_leaf(&position));
        result.gote_to_move += position.side() as u64;
    }
    (result, set)
}
