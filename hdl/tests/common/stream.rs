//! A stream of candidates for the prior scorer, position after position,
//! and the model's outputs for it (`model::prior_scorer`), for the block's
//! tests in rust-hdl's simulator and in Verilator.

#![allow(dead_code)] // each test binary uses its own subset

use crate::classes::Case;
use blokus::Placement;
use model::next::features::{Classes, Counts};
use model::next::prior::Weights;
use model::placer::coordinates;
use model::prior_scorer::{finished_after, scores, Scored, PRIOR_LATENCY};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// One clock of the scorer's inputs.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The index of the classes on the bus.
    pub classes: usize,
    /// A candidate, or none.
    pub candidate: Option<(u8, u8)>,
    /// The stream's `done`.
    pub done: bool,
}

/// What the scorer shows after an edge (the candidate's fields only with
/// `scored`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// A candidate's shape, corner, tile, counts and logit, with `scored`.
    pub scored: Option<(u8, u8, u8, Counts, i32)>,
    /// `finished`.
    pub finished: bool,
}

/// A stream of positions' candidates, one entry a clock: for each position
/// (the `n`-th) every `stride`-th of its legal placements from the
/// `n % stride`-th, a bubble after a candidate now and then, the stream's
/// `done` with the position's last entry, then one to three bubbles. A
/// candidate reads the classes in the two cycles after its own
/// (`model::prior_scorer::CLASSES_READ`), so the bus holds the classes
/// of the position of the last candidate before the cycle: a position's
/// from the cycle after its first entry to its first entry's cycle of the
/// next, and a bubble or more between positions leaves none in flight
/// with the wrong ones. Gives the steps, each position's classes and the
/// model's outputs: every candidate with the edge it comes out after (and
/// its position), and the edges of `finished`.
pub struct Stream {
    /// The inputs, a step a clock.
    pub steps: Vec<Step>,
    /// Each position's classes.
    pub classes: Vec<Classes>,
    /// Each candidate as the model gives it, in order.
    pub want: Vec<Scored>,
    /// The position of each.
    pub origin: Vec<usize>,
    /// The edges after which `finished` is high.
    pub finished: Vec<u64>,
    /// Each position's name.
    pub what: Vec<String>,
}

impl Stream {
    pub fn new(cases: &[Case], weights: &Weights, stride: usize, seed: u64) -> Stream {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut stream = Stream {
            steps: Vec::new(),
            classes: Vec::new(),
            want: Vec::new(),
            origin: Vec::new(),
            finished: Vec::new(),
            what: cases.iter().map(|c| c.what.clone()).collect(),
        };
        for (n, case) in cases.iter().enumerate() {
            let classes = Classes::of(&case.position, &case.recent);
            let legal: Vec<Placement> = case.position.legal_placements();
            let mut entries: Vec<Option<(u8, u8)>> = Vec::new();
            for p in legal.iter().skip(n % stride).step_by(stride) {
                entries.push(Some(coordinates(*p)));
                if rng.random_range(0..8) == 0 {
                    entries.push(None);
                }
            }
            if entries.is_empty() {
                entries.push(None);
            }
            let start = stream.steps.len();
            // Entry k reads the classes in the two cycles after its own: the
            // bus holds the last candidate's position's classes.
            for (k, entry) in entries.iter().enumerate() {
                stream.steps.push(Step {
                    classes: if k == 0 { n.saturating_sub(1) } else { n },
                    candidate: *entry,
                    done: k + 1 == entries.len(),
                });
            }
            for s in scores(&classes, weights, &entries) {
                stream.want.push(Scored {
                    edge: s.edge + start as u64,
                    ..s
                });
                stream.origin.push(n);
            }
            stream
                .finished
                .push(finished_after(start + entries.len() - 1));
            stream.classes.push(classes);
            for _ in 0..rng.random_range(1..=3) {
                stream.steps.push(Step {
                    classes: n,
                    candidate: None,
                    done: false,
                });
            }
        }
        for _ in 0..PRIOR_LATENCY {
            stream.steps.push(Step {
                classes: cases.len() - 1,
                candidate: None,
                done: false,
            });
        }
        stream
    }

    /// Panics unless the outputs after each edge (`shown[t]` after edge
    /// `t + 1`) are the model's. Gives the candidates checked, how many
    /// had a local flag and the least and greatest logit.
    pub fn check(&self, shown: &[Shown]) -> (usize, usize, i32, i32) {
        assert_eq!(shown.len(), self.steps.len());
        let mut want = self.want.iter().zip(&self.origin).peekable();
        let mut finished = self.finished.iter().peekable();
        let (mut local, mut low, mut high) = (0, i32::MAX, i32::MIN);
        for (t, got) in shown.iter().enumerate() {
            let edge = t as u64 + 1;
            let expected = want.next_if(|(s, _)| s.edge == edge);
            let said = expected.map(|(s, _)| (s.shape, s.corner, s.tile, s.counts, s.logit));
            let what = expected.map_or("no candidate", |(_, &n)| self.what[n].as_str());
            assert_eq!(
                got.scored, said,
                "after edge {edge} ({what}): (shape, corner, tile, counts, logit)"
            );
            assert_eq!(
                got.finished,
                finished.next_if(|&&e| e == edge).is_some(),
                "after edge {edge}: finished"
            );
            if let Some((s, _)) = expected {
                local += usize::from(s.counts[1] == 1);
                low = low.min(s.logit);
                high = high.max(s.logit);
            }
        }
        assert!(want.next().is_none() && finished.next().is_none());
        (self.want.len(), local, low, high)
    }
}
