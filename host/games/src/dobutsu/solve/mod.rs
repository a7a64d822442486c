//! Solving Dobutsu shogi: every position reachable from the start
//! ([`reach`]), the value of each by retrograde analysis ([`retro`], run
//! backwards with [`unmove`]), the table file of the values ([`table`]) and
//! what the perfect player reads from it.

pub mod checkpoint;
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

/// How many positions (classes, as Tanaka counts them) are won, lost and
/// drawn for their side to move.
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
    /// The reachable set is whole: read from a checkpoint (true) or found.
    Reached(bool),
    /// Distance done, classes decided so far, of all classes.
    Retro(u16, u64, u64),
}

/// The set's size for `root`'s positions: 2^29 slots (4 GiB) hold the
/// start's 247 million classes at under half full.
pub const START_TABLE_BITS: u32 = 29;

/// Solves every position reachable from `root` with `threads` threads in a
/// set of `2^table_bits` slots. With a `checkpoint` file, the reachable set
/// is read from it if it holds `root`'s, else found and saved there first.
pub fn solve(
    root: &Position,
    threads: usize,
    table_bits: u32,
    checkpoint: Option<&std::path::Path>,
    progress: &(dyn Fn(Stage) + Sync),
) -> std::io::Result<Solution> {
    let saved = checkpoint.and_then(|path| checkpoint::load(path, root, table_bits));
    let resumed = saved.is_some();
    let (reach, set) = saved.unwrap_or_else(|| {
        reach::reach(root, threads, table_bits, u32::MAX, &|level, found| {
            progress(Stage::Reach(level, found))
        })
    });
    if let Some(path) = checkpoint.filter(|_| !resumed) {
        checkpoint::save(path, root, &set, reach.levels)?;
    }
    progress(Stage::Reached(resumed));
    let classes = reach.positions;
    let solved = retro::solve(&set, threads, &|d, decided| {
        progress(Stage::Retro(d, decided, classes))
    });
    Ok(Solution {
        reach,
        set,
        values: solved.values,
        longest: solved.longest,
    })
}

impl Solution {
    /// The value of `position` for its side to move, if it is in the set.
    pub fn value(&self, position: &Position) -> Option<Value> {
        self.set
            .slot_of(encode(position))
            .map(|slot| self.values[slot])
    }

    /// Won, lost and drawn positions.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for class in self.set.classes() {
            match verdict(self.values[class.slot]) {
                Verdict::Won(_) => counts.won += 1,
                Verdict::Lost(_) => counts.lost += 1,
                Verdict::Drawn => counts.drawn += 1,
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests;
