//! Solving Dobutsu shogi: every position reachable from the start
//! ([`reach`], over the dense [`index`] of the positions), the value of
//! each by retrograde analysis ([`retro`], run backwards with [`unmove`]),
//! the table file of the values ([`table`]) and what the perfect player
//! reads from it.

pub mod bitmap;
pub mod checkpoint;
pub mod code;
pub mod index;
pub mod reach;
#[cfg(test)]
mod reference;
pub mod retro;
pub mod table;
pub mod unmove;
pub mod value;

use crate::dobutsu::position::Position;
use reach::{Reach, Reached};
use retro::{final_value, verdict, Value, Verdict};
use std::sync::atomic::Ordering;

/// A solved set: the positions, their classes and the value of each.
pub struct Solution {
    pub reach: Reach,
    pub reached: Reached,
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
    /// Distance done, classes decided so far (the catches apart), of all classes.
    Retro(u16, u64, u64),
}

/// Solves every position reachable from `root` with `threads` threads.
/// With a `checkpoint` file, the reachable set is read from it if it holds
/// `root`'s, else found and saved there first.
pub fn solve(
    root: &Position,
    threads: usize,
    checkpoint: Option<&std::path::Path>,
    progress: &(dyn Fn(Stage) + Sync),
) -> std::io::Result<Solution> {
    let saved = checkpoint.and_then(|path| checkpoint::load(path, root, threads));
    let resumed = saved.is_some();
    let (reach, mut reached) = saved.unwrap_or_else(|| {
        reach::reach(root, threads, u32::MAX, &|level, found| {
            progress(Stage::Reach(level, found))
        })
    });
    if let Some(path) = checkpoint.filter(|_| !resumed) {
        checkpoint::save(path, root, &reached.set, reach.levels)?;
    }
    progress(Stage::Reached(resumed));
    let classes = reach.positions;
    let longest = retro::solve(&mut reached, threads, &|d, decided| {
        progress(Stage::Retro(d, decided, classes))
    });
    Ok(Solution {
        longest: longest.max(u16::from(reach.catches > 0)),
        reach,
        reached,
    })
}

impl Solution {
    /// The value of the reached index `index`.
    fn value_at(&self, index: u32) -> Value {
        final_value(self.reached.cells[index as usize].load(Ordering::Relaxed))
    }

    /// The value of `position` for its side to move, if it is in the set.
    pub fn value(&self, position: &Position) -> Option<Value> {
        let index = self.reached.index.encode(position)?;
        self.reached
            .set
            .contains(index)
            .then(|| self.value_at(index))
    }

    /// Every reached index with its value, in order.
    pub fn values(&self) -> impl Iterator<Item = (u32, Value)> + '_ {
        self.reached
            .set
            .indices()
            .map(|index| (index, self.value_at(index)))
    }

    /// Every class: a position of it and its value, in the order of the index.
    pub fn classes(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        self.values()
            .map(|(index, value)| (self.reached.index.decode(index), value))
    }

    /// Won, lost and drawn positions.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for (_, value) in self.values() {
            match verdict(value) {
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
