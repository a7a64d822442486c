//! Solving Dobutsu shogi: every position reachable from the start
//! ([`reach`]), the value of each by retrograde analysis ([`retro`], run
//! backwards with [`unmove`]), the table file of the values ([`table`]) and
//! what the perfect player reads from it.

pub mod code;
pub mod reach;
pub mod retro;
pub mod table;
pub mod unmove;

use crate::dobutsu::position::Position;
use code::encode;
use reach::{ClassSet, Reach};
use retro::{verdict, Value, Verdict};

/// A solved set: the positions, their classes and the value of each.
pub struct Solution {
    pub reach: Reach,
    pub set: ClassSet,
    pub values: Vec<Value>,
    /// The greatest distance to the end of a decided position, in plies.
    pub longest: u16,
}

/// How many positions (mirror images apart, as Tanaka counts) are won,
/// lost and drawn for their side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
}

/// What the solver is doing, for a progress report.
#[derive(Clone, Copy, Debug)]
pub enum Stage {
    /// Breadth-first level, images found so far.
    Reach(u32, u64),
    /// Distance done, classes decided so far, of all classes.
    Retro(u16, u64, u64),
}

/// The set's size for `root`'s positions: 2^28 slots (2 GiB) hold the
/// start's 124 million classes at under half full.
pub const START_TABLE_BITS: u32 = 28;

/// Solves every position reachable from `root` with `threads` threads in a
/// set of `2^table_bits` slots.
pub fn solve(
    root: &Position,
    threads: usize,
    table_bits: u32,
    progress: &(dyn Fn(Stage) + Sync),
) -> Solution {
    let (reach, set) = reach::reach(root, threads, table_bits, u32::MAX, &|level, found| {
        progress(Stage::Reach(level, found))
    });
    let classes = reach.classes;
    let solved = retro::solve(&set, threads, &|d, decided| {
        progress(Stage::Retro(d, decided, classes))
    });
    Solution {
        reach,
        set,
        values: solved.values,
        longest: solved.longest,
    }
}

impl Solution {
    /// The value of `position` for its side to move, if it is in the set.
    pub fn value(&self, position: &Position) -> Option<Value> {
        self.set
            .slot_of(encode(position))
            .map(|slot| self.values[slot])
    }

    /// Won, lost and drawn positions, mirror images apart.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for class in self.set.classes() {
            let n = u64::from(class.images);
            match verdict(self.values[class.slot]) {
                Verdict::Won(_) => counts.won += n,
                Verdict::Lost(_) => counts.lost += n,
                Verdict::Drawn => counts.drawn += n,
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests;
