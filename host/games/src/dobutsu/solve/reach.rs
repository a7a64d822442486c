//! Every position reachable from a root (the start), found breadth first on
//! all cores, as Tanaka's complete analysis counts them: a position where
//! the side to move can catch the opponent's lion ("catch"), or where the
//! opponent's lion already stands on its far row ("try"), is counted but
//! not expanded; a position is counted once with its images under the
//! mirror and the swap of the sides (its class, [`canonical`]), since the
//! analysis stores each position from its side to move's point of view and
//! folds mirror images. An independent program that counts this way finds
//! 246,803,167 positions: 140,298,614 catches, 7,018,985 tries and
//! 99,485,568 others.

use super::code::{canonical, decode, encode};
use crate::dobutsu::position::{far_row, Position};
use std::sync::atomic::{AtomicU64, Ordering};

/// An open-addressing set of position classes (their smallest code), which
/// many threads fill at once; a class's slot number is its index in the
/// solver's arrays.
pub struct ClassSet {
    slots: Vec<AtomicU64>,
    mask: usize,
}

fn spread(code: u64) -> u64 {
    let mut z = code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 31)
}

/// A class in the set: its slot and its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    pub slot: usize,
    pub code: u64,
}

/// A vector of `size` values made by `make`, its memory backed by huge
/// pages where the kernel allows it (Linux's madvise, asked before the
/// pages are touched): the solver probes gigabytes at random, and huge
/// pages cut the misses of the address translation. Elsewhere, a vector.
pub fn huge_vec<T>(size: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(size);
    #[cfg(target_os = "linux")]
    if size * std::mem::size_of::<T>() >= 1 << 21 {
        // madvise wants a page-aligned start; malloc's large blocks begin a
        // little after one, so the advice starts at the next page.
        let start = v.as_mut_ptr() as usize;
        let end = start + size * std::mem::size_of::<T>();
        let aligned = (start + 4095) & !4095;
        // SAFETY: the range lies within the vector's own allocation
        // (capacity `size`); MADV_HUGEPAGE only advises how to back it and
        // changes no contents. A refusal (an old kernel, THP off) is harmless.
        unsafe {
            libc::madvise(
                aligned as *mut libc::c_void,
                end - aligned,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    v.resize_with(size, make);
    v
}

impl ClassSet {
    /// A set of `2^bits` slots of 8 bytes.
    pub fn new(bits: u32) -> ClassSet {
        let size = 1usize << bits;
        let slots = huge_vec(size, || AtomicU64::new(0));
        ClassSet {
            slots,
            mask: size - 1,
        }
    }

    /// The number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Adds the class of `code`; true if it was not there yet.
    ///
    /// # Panics
    /// When the set is full.
    pub fn insert(&self, code: u64) -> bool {
        self.insert_class(canonical(code))
    }

    /// Asks the processor to bring the slot where the search for `class`
    /// (a class's code) starts into its cache: issued for a batch of
    /// classes before any of them is looked up, the memory accesses
    /// overlap instead of waiting one by one.
    pub fn prefetch(&self, class: u64) {
        let index = spread(class) as usize & self.mask;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that never faults; the address is
        // within the slots.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                self.slots.as_ptr().add(index).cast::<i8>(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }

    /// Adds `class` (a class's code); true if it was not there yet.
    ///
    /// # Panics
    /// When the set is full.
    pub fn insert_class(&self, class: u64) -> bool {
        let mut index = spread(class) as usize & self.mask;
        for _ in 0..self.slots.len() {
            let slot = &self.slots[index];
            let seen = slot.load(Ordering::Relaxed);
            if seen == class {
                return false;
            }
            if seen == 0 {
                match slot.compare_exchange(0, class, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return true,
                    Err(now) if now == class => return false,
                    Err(_) => {}
                }
            }
            index = (index + 1) & self.mask;
        }
        panic!("the set of {} slots is full", self.slots.len());
    }

    /// The slot of the class of `code`, if it is in the set.
    pub fn slot_of(&self, code: u64) -> Option<usize> {
        self.slot_of_class(canonical(code))
    }

    /// The slot of `class` (a class's code), if it is in the set.
    pub fn slot_of_class(&self, class: u64) -> Option<usize> {
        let mut index = spread(class) as usize & self.mask;
        loop {
            let seen = self.slots[index].load(Ordering::Relaxed);
            if seen == 0 {
                return None;
            }
            if seen == class {
                return Some(index);
            }
            index = (index + 1) & self.mask;
        }
    }

    /// The class in `slot`, if any.
    pub fn class_at(&self, slot: usize) -> Option<Class> {
        let code = self.slots[slot].load(Ordering::Relaxed);
        (code != 0).then_some(Class { slot, code })
    }

    /// Every class in the set.
    pub fn classes(&self) -> impl Iterator<Item = Class> + '_ {
        (0..self.slots.len()).filter_map(|slot| self.class_at(slot))
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
    /// Positions (classes: Tanaka's count).
    pub positions: u64,
    /// Of them, leaves where the side to move can catch the opponent's lion.
    pub catches: u64,
    /// Of them, the other leaves: the opponent's lion on its far row.
    pub tries: u64,
    /// Breadth-first levels: the greatest shortest distance from the root, plus one.
    pub levels: u32,
}

/// Tanaka's leaves: the side to move can catch the opponent's lion.
pub fn can_catch(position: &Position) -> bool {
    let me = position.side();
    position
        .lion(1 - me)
        .is_none_or(|cell| position.attacked_by(me) & (1 << cell) != 0)
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

/// Finds every position reachable from `root` with `threads` threads into a
/// set of `2^table_bits` slots, at most `max_levels` breadth-first levels
/// deep; `progress` sees each level's number and the positions found so far.
pub fn reach(
    root: &Position,
    threads: usize,
    table_bits: u32,
    max_levels: u32,
    progress: &(dyn Fn(u32, u64) + Sync),
) -> (Reach, ClassSet) {
    let set = ClassSet::new(table_bits);
    let start = encode(root);
    set.insert(start);
    let mut frontier = vec![start];
    let mut found = 1u64;
    let mut levels = 0;
    while !frontier.is_empty() && levels < max_levels {
        levels += 1;
        let next = in_parallel(&frontier, threads, |part| {
            let mut out = Vec::new();
            let mut moves = Vec::with_capacity(48);
            let mut children = Vec::with_capacity(48);
            for &code in part {
                let position = decode(code);
                if is_leaf(&position) {
                    continue;
                }
                moves.clear();
                children.clear();
                position.generate(&mut moves);
                for &m in &moves {
                    let mut child = position;
                    child.make(m);
                    let class = canonical(encode(&child));
                    set.prefetch(class);
                    children.push(class);
                }
                out.extend(children.iter().filter(|&&class| set.insert_class(class)));
            }
            out
        });
        frontier = next.concat();
        found += frontier.len() as u64;
        progress(levels, found);
    }
    (census(&set, levels), set)
}

/// The counts of `set`, found in `levels` breadth-first levels.
pub fn census(set: &ClassSet, levels: u32) -> Reach {
    let mut result = Reach {
        levels,
        ..Reach::default()
    };
    for class in set.classes() {
        let position = decode(class.code);
        result.positions += 1;
        if can_catch(&position) {
            result.catches += 1;
        } else if is_leaf(&position) {
            result.tries += 1;
        }
    }
    result
}
