//! Model of `hdl::PlayoutBank`: [`ENGINES`] attach-cell playout engines
//! ([`crate::cell_playout`]) that play out the same position together,
//! each with its own stream of random numbers, and the points they score for
//! the side to move (2 a win, 1 a draw). This is the board's leaf-parallel
//! playout: the search reaches a leaf, every engine plays it out, and the
//! points go back up the path.
//!
//! # Streams
//! Engine `e` starts a search from `seed ^ SALTS[e]` with its lowest bit set
//! (never 0, as xorshift32 needs); each playout continues its stream from
//! the state the last one ended with.
//!
//! # Timing
//! The bank takes `start` at a rising edge (counted as edge 1), as every
//! engine does. `done` is high after edge `max_e(edges_e) +`
//! [`FINISH_EDGES`]: the slowest engine's `done`, then one edge to note it,
//! one to add the points.

use crate::cell_playout::{run as engine_run, run_refined, EngineRun, NoHooks, Refinements};
use blokus::{Placement, Position};

/// Engines in the bank: three, as many as route in CI's time beside the
/// 32,768-node tree at 50 MHz (four did not route; docs/design-log.md).
pub const ENGINES: usize = 3;
/// What makes each engine's stream its own: golden-ratio multiples.
pub const SALTS: [u32; ENGINES] = {
    let mut salts = [0u32; ENGINES];
    let mut e = 0;
    while e < ENGINES {
        salts[e] = (e as u32 + 1).wrapping_mul(0x9E37_79B9);
        e += 1;
    }
    salts
};
/// Edges from the slowest engine's `done` to the bank's.
pub const FINISH_EDGES: u64 = 2;

/// The engines' random streams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutBank {
    /// Each engine's generator state before its next playout.
    pub streams: [u32; ENGINES],
}

/// What one start of the bank gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankRun {
    /// Points for the side to move at the start: 2 a win, 1 a draw, summed
    /// over the engines.
    pub points: u32,
    /// Plies the engines played, passes included, summed.
    pub plies: u32,
    /// Each engine's run.
    pub runs: [EngineRun; ENGINES],
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

impl PlayoutBank {
    /// The streams of a search seeded with `seed`.
    pub fn new(seed: u32) -> PlayoutBank {
        PlayoutBank {
            streams: std::array::from_fn(|e| (seed ^ SALTS[e]) | 1),
        }
    }

    /// Every engine plays `position` out; the streams move on.
    pub fn run(&mut self, position: &Position) -> BankRun {
        self.run_engines(|stream| engine_run(position, stream))
    }

    /// [`PlayoutBank::run`] by a bank of engines with history and
    /// `refinements` (`hdl::PlayoutBank::with_refinements`): each knows
    /// `recent`, the last three placements before `position`, the latest
    /// first ([`crate::cell_playout::run_refined`]).
    pub fn run_refined(
        &mut self,
        position: &Position,
        refinements: Refinements,
        recent: [Option<Placement>; 3],
    ) -> BankRun {
        self.run_engines(|stream| {
            run_refined(position, stream, refinements, Some(recent), &mut NoHooks)
        })
    }

    /// Every engine's `run` from its stream; the streams move on.
    fn run_engines(&mut self, run: impl Fn(u32) -> EngineRun) -> BankRun {
        let runs: [EngineRun; ENGINES] = std::array::from_fn(|e| run(self.streams[e]));
        for (stream, run) in self.streams.iter_mut().zip(&runs) {
            *stream = run.rng;
        }
        let points = runs.iter().map(|r| points(r.margin)).sum();
        let slowest = runs.iter().map(|r| r.edges).max().unwrap_or(0);
        BankRun {
            points,
            plies: runs.iter().map(|r| r.plies).sum(),
            runs,
            edges: slowest + FINISH_EDGES,
        }
    }
}

/// A playout's points for the side it was played for: 2 a win, 1 a draw.
pub fn points(margin: i32) -> u32 {
    match margin.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_distinct_odd_and_follow_the_engines() {
        let mut bank = PlayoutBank::new(0);
        let mut seen = bank.streams.to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), ENGINES);
        assert!(bank.streams.iter().all(|s| s & 1 == 1));
        let start = Position::new();
        let before = bank.clone();
        let run = bank.run(&start);
        for e in 0..ENGINES {
            assert_eq!(run.runs[e], engine_run(&start, before.streams[e]));
            assert_eq!(bank.streams[e], run.runs[e].rng);
        }
        let wins = run.runs.iter().filter(|r| r.margin > 0).count() as u32;
        let draws = run.runs.iter().filter(|r| r.margin == 0).count() as u32;
        assert_eq!(run.points, 2 * wins + draws);
        let slowest = run.runs.iter().map(|r| r.edges).max().unwrap();
        assert_eq!(run.edges, slowest + FINISH_EDGES);
        // A second start goes on from where the streams are.
        assert_ne!(bank.run(&start).runs[0], run.runs[0]);
    }

    #[test]
    fn engines_with_history_play_out_from_their_streams() {
        let refinements = Refinements {
            block: true,
            last_two: true,
            ..Refinements::BOARD
        };
        let game = &games::blokus::sensible_games(5, 1, 4)[0];
        let position = &game[3];
        let recent = [2, 1, 0].map(|k| game[k].placement_to(&game[k + 1]));
        let mut bank = PlayoutBank::new(7);
        let before = bank.clone();
        let run = bank.run_refined(position, refinements, recent);
        for e in 0..ENGINES {
            let want = run_refined(
                position,
                before.streams[e],
                refinements,
                Some(recent),
                &mut NoHooks,
            );
            assert_eq!(run.runs[e], want);
            assert_eq!(bank.streams[e], want.rng);
        }
        let slowest = run.runs.iter().map(|r| r.edges).max().unwrap();
        assert_eq!(run.edges, slowest + FINISH_EDGES);
    }
}
