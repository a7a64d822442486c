//! The prior expander (`PriorExpander`) in rust-hdl's event simulator
//! against `model::prior_expander::expand`: positions of random and
//! sensible games with the opponent's real last two placements, back to
//! back (each started in the cycle of the last one's `done`, the next
//! one's inputs on the ports from the edge after its start), every output
//! after every edge equal to the model's: each child's shape, corner, tile
//! and distance below the best in its order and cycle, `busy`, the cycle of
//! `done` and, there, the candidates' and children's counts, the weight sum
//! and the best child; with the fitted weights and with wide ones whose
//! distances pass 255; a position with no candidate and one with one. The
//! list (`PriorList`) alone on streams of logits with many ties. And the
//! Verilog of both lints clean.

#[path = "common/classes.rs"]
mod classes;
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use classes::{cases, Case};
use games::blokus::{random_games, sensible_games};
use hdl::prior_expander::PriorList;
use hdl::prior_scorer::LOGIT_BITS;
use hdl::{board_from_words, Board, PriorExpander, Side};
use model::class_unit::recent_cells;
use model::next::prior::{Weights, FITTED};
use model::placer::coordinates;
use model::prior_expander::{expand_with, kept, Expansion, CHILDREN, MAX_DISTANCE};
use model::prior_scorer::{fits, logit_bounds};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::{lint_verilog, simulate_edges};
use rust_hdl::prelude::*;
use std::time::Instant;

/// The expander's inputs for one position.
#[derive(Clone, Copy, Debug)]
struct Inputs {
    own: Side,
    opponent: Side,
    latest: Board,
    earlier: Board,
}

impl Inputs {
    fn of(case: &Case) -> Inputs {
        let p = &case.position;
        let me = p.to_move();
        let [latest, earlier] = recent_cells(&case.recent);
        Inputs {
            own: inputs::side(p, me),
            opponent: inputs::side(p, me.other()),
            latest: board_from_words(latest.0),
            earlier: board_from_words(earlier.0),
        }
    }

    fn drive(&self, x: &mut PriorExpander, start: bool) {
        x.start.next = start;
        x.own.next = self.own;
        x.opponent.next = self.opponent;
        x.latest.next = self.latest;
        x.earlier.next = self.earlier;
    }
}

/// What the expander shows after an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shown {
    /// With `child`: its shape, corner, tile and distance.
    child: Option<(u8, u8, u8, u32)>,
    done: bool,
    busy: bool,
    candidates: usize,
    children: usize,
    weight_sum: u32,
    /// With `found`: the best's shape, corner and tile.
    best: Option<(u8, u8, u8)>,
}

fn shown(x: &PriorExpander) -> Shown {
    let n = |v: u64| v as u8;
    Shown {
        child: x.child.val().then(|| {
            (
                n(x.child_shape.val().to_u64()),
                n(x.child_corner.val().to_u64()),
                n(x.child_tile.val().to_u64()),
                x.child_distance.val().to_u64() as u32,
            )
        }),
        done: x.done.val(),
        busy: x.busy.val(),
        candidates: x.candidates.val().to_u64() as usize,
        children: x.children.val().to_u64() as usize,
        weight_sum: x.weight_sum.val().to_u64() as u32,
        best: x.found.val().then(|| {
            (
                n(x.best_shape.val().to_u64()),
                n(x.best_corner.val().to_u64()),
                n(x.best_tile.val().to_u64()),
            )
        }),
    }
}

/// Each case started at the edge after the last one's `done` (in that
/// cycle), its inputs with `start`, then the next case's without it until
/// its own `done`: each edge's inputs and start bit.
fn schedule(cases: &[Case], want: &[Expansion]) -> Vec<(Inputs, bool)> {
    let inputs: Vec<Inputs> = cases.iter().map(Inputs::of).collect();
    let mut steps = Vec::new();
    for (k, e) in want.iter().enumerate() {
        let other = inputs[(k + 1) % inputs.len()];
        steps.push((inputs[k], true));
        steps.extend((1..e.edges).map(|_| (other, false)));
    }
    steps
}

/// Runs `cases` back to back on an expander with `weights` in rust-hdl's
/// event simulator; panics unless every output after every edge is the
/// model's. Gives the model's expansions.
fn run(cases: &[Case], weights: &Weights) -> Vec<Expansion> {
    let want: Vec<Expansion> = cases
        .iter()
        .map(|c| expand_with(&c.position, &c.recent, weights))
        .collect();
    let steps = schedule(cases, &want);
    let edges = steps.len();
    let started = Instant::now();
    let got = simulate_edges(
        PriorExpander::with_weights(weights),
        edges,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            let (inputs, start) = steps[t];
            inputs.drive(x, start);
        },
        shown,
    );
    let mut at = 0;
    for (case, e) in cases.iter().zip(&want) {
        check(&case.what, e, &got[at..at + e.edges as usize]);
        at += e.edges as usize;
    }
    println!(
        "{} positions, {edges} edges in the event simulator in {:?}",
        cases.len(),
        started.elapsed()
    );
    want
}

/// Panics unless `got` (after each edge from the start's) is `want`.
fn check(what: &str, want: &Expansion, got: &[Shown]) {
    assert_eq!(got.len() as u64, want.edges);
    for (t, shown) in got.iter().enumerate() {
        let edge = t as u64 + 1;
        let child = want
            .children
            .iter()
            .find(|c| c.edge == edge)
            .map(|c| (c.shape, c.corner, c.tile, c.distance));
        assert_eq!(shown.child, child, "{what}: the child after edge {edge}");
        assert_eq!(
            (shown.done, shown.busy),
            (edge == want.edges, edge < want.edges),
            "{what}: (done, busy) after edge {edge}"
        );
    }
    let last = got.last().expect("an edge");
    assert_eq!(last.candidates, want.candidates, "{what}: candidates");
    assert_eq!(last.children, want.children.len(), "{what}: children");
    assert_eq!(last.weight_sum, want.weight_sum, "{what}: the weight sum");
    let best = want.children.first().map(|c| (c.shape, c.corner, c.tile));
    assert_eq!(last.best, best, "{what}: the best child");
}

/// Every `stride`-th case of `random` random and `sensible` sensible games
/// of `seed`, from the `seed % stride`-th.
fn some_cases(seed: u64, random: usize, sensible: usize, stride: usize) -> Vec<Case> {
    let mut all = cases("random", &random_games(seed, random));
    all.extend(cases("sensible", &sensible_games(seed, sensible, 4)));
    all.into_iter()
        .skip(seed as usize % stride)
        .step_by(stride)
        .collect()
}

#[test]
fn expands_as_the_model_on_positions_of_random_and_sensible_games() {
    let cases = some_cases(2051, 1, 1, 5);
    let want = run(&cases, &FITTED);
    // Full lists and equal logits among the children.
    let full = want.iter().filter(|e| e.children.len() == CHILDREN).count();
    let ties: usize = want
        .iter()
        .map(|e| {
            e.children
                .windows(2)
                .filter(|w| w[0].logit == w[1].logit)
                .count()
        })
        .sum();
    assert!(
        cases.len() >= 12 && full >= 6 && ties > 100,
        "{} positions, {full} full lists, {ties} ties",
        cases.len()
    );
}

/// Weights that spread the logits wide, the size above all, still within
/// the scorer's 10 bits: distances pass 255.
const WIDE: Weights = Weights([
    4, 2, 1, -3, -2, -1, 3, 4, 6, 2, 2, -8, -4, -240, -120, 0, 120, 240,
]);

#[test]
fn caps_the_distance_at_255() {
    assert!(fits(logit_bounds(&WIDE), LOGIT_BITS as u32));
    // Late positions: few candidates of every size.
    let cases: Vec<Case> = cases("random", &random_games(2052, 3))
        .into_iter()
        .filter(|c| (2..40).contains(&c.position.legal_placements().len()))
        .step_by(3)
        .collect();
    let want = run(&cases, &WIDE);
    let capped = want
        .iter()
        .flat_map(|e| &e.children)
        .filter(|c| c.distance == MAX_DISTANCE)
        .count();
    let beyond = want
        .iter()
        .flat_map(|e| e.children.iter().map(|c| e.children[0].logit - c.logit))
        .filter(|&below| below > MAX_DISTANCE as i32)
        .count();
    let light = want
        .iter()
        .flat_map(|e| &e.children)
        .filter(|c| c.weight == 0)
        .count();
    assert!(
        capped > 5 && beyond > 0 && light > capped,
        "{capped} capped, {beyond} beyond 255, {light} of weight 0"
    );
}

#[test]
fn a_position_without_a_candidate_and_one_with_one() {
    let all = cases("random", &random_games(2053, 8));
    let none = all
        .iter()
        .find(|c| !c.position.is_over() && c.position.legal_placements().is_empty())
        .expect("a position without a move")
        .clone();
    let one = all
        .iter()
        .find(|c| c.position.legal_placements().len() == 1)
        .expect("a position with one move")
        .clone();
    let want = run(&[none.clone(), one.clone(), none.clone()], &FITTED);
    // Independently of the model's list: nothing found, the sum 1; the one
    // move found, the best and only child, 0 below itself, of weight 256.
    assert!(!want[0].found() && want[0].candidates == 0 && want[0].weight_sum == 1);
    let only = one.position.legal_placements()[0];
    let (shape, corner) = coordinates(only);
    assert_eq!(want[1].candidates, 1);
    assert_eq!(want[1].children.len(), 1);
    let c = want[1].children[0];
    assert_eq!(
        (c.shape, c.corner, c.tile as usize, c.distance),
        (shape, corner, only.tile().index(), 0)
    );
    assert_eq!(want[1].weight_sum, 256);
    println!(
        "no candidate: done after {} edges; one candidate: done after {}",
        want[0].edges, want[1].edges
    );
}

/// The list's inputs for one edge.
#[derive(Clone, Copy, Debug)]
enum Op {
    Clear,
    Insert(i32, u16),
    Shift,
    Idle,
}

#[test]
fn the_list_keeps_the_highest_logits_first_equal_ones_in_order() {
    let mut uut = PriorList::new();
    uut.connect_all();
    check_all(&uut).expect("the list passes rust-hdl's checks");
    assert!(simulate(&mut uut, 100));
    let mut rng = StdRng::seed_from_u64(2054);
    let edge = |uut: &mut PriorList, op: Op| {
        uut.clock.next = Clock::from(false);
        uut.clear.next = matches!(op, Op::Clear);
        uut.shift.next = matches!(op, Op::Shift);
        uut.insert.next = matches!(op, Op::Insert(..));
        let (logit, tag) = match op {
            Op::Insert(logit, tag) => (logit, tag),
            _ => (-1, 0x7fff),
        };
        uut.logit.next = Signed::<LOGIT_BITS>::from(i64::from(logit));
        uut.shape.next = u64::from(tag >> 8).into();
        uut.corner.next = u64::from(tag & 0xff).into();
        uut.tile.next = u64::from(tag % 21).into();
        assert!(simulate(uut, 100));
        uut.clock.next = Clock::from(true);
        assert!(simulate(uut, 100));
        let head = uut.head.val();
        head.valid
            .then(|| (head.shape.to_u64() << 8 | head.corner.to_u64()) as u16)
    };
    let (mut streams, mut cut_ties) = (0, 0);
    for round in 0..120 {
        // A stream of logits from a narrow range (many equal) or the full
        // one, bubbles between some, then the list shifted out.
        let spread = [3, 8, 1024][round % 3];
        let len = rng.random_range(0..80);
        let logits: Vec<i32> = (0..len)
            .map(|_| -512 + (rng.random_range(0..spread) * 1023 / (spread - 1).max(1)))
            .collect();
        edge(&mut uut, Op::Clear);
        for (i, &l) in logits.iter().enumerate() {
            edge(&mut uut, Op::Insert(l, i as u16));
            if rng.random_range(0..4) == 0 {
                edge(&mut uut, Op::Idle);
            }
        }
        let want = kept(&logits);
        let mut got = Vec::new();
        loop {
            let head = edge(&mut uut, Op::Idle);
            let Some(tag) = head else { break };
            got.push(usize::from(tag));
            edge(&mut uut, Op::Shift);
            assert!(got.len() <= CHILDREN);
        }
        assert_eq!(got, want, "round {round}: logits {logits:?}");
        streams += 1;
        cut_ties += usize::from(
            logits.len() > CHILDREN
                && want.last().is_some_and(|&i| {
                    logits.iter().filter(|&&l| l == logits[i]).count()
                        > want.iter().filter(|&&j| logits[j] == logits[i]).count()
                }),
        );
    }
    assert!(
        cut_ties > 20,
        "{cut_ties} of {streams} lists cut inside ties"
    );
}

#[test]
fn prior_expander_verilog_lints_clean() {
    let mut uut = PriorExpander::new();
    uut.connect_all();
    lint_verilog("prior_expander", &generate_verilog(&uut));
    let mut list = PriorList::new();
    list.connect_all();
    lint_verilog("prior_list", &generate_verilog(&list));
}
