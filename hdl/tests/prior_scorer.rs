//! The prior scorer (`PriorScorer`) against `model::prior_scorer`: the
//! legal candidates of positions of random and sensible games streamed one
//! a clock (with bubbles, and the classes of each position from
//! `Classes::of` with the opponent's last two placements as
//! `model::next::features`' test sets them), every output after every edge
//! equal to the model's: each candidate with its shape, corner, tile, its
//! 18 counts (`Classes::counts`) and its logit (`Weights::logit`, the
//! fitted weights and others) `PRIOR_LATENCY` edges after it went in, and
//! the stream's `done` as `finished` as late; driven directly and in
//! rust-hdl's event simulator. The weighted sum (`LogitSum`) alone on
//! every count of every feature; the scorer behind a `ClassUnit`, as a
//! node's expansion will run them; and the Verilog lints clean.

#[path = "common/classes.rs"]
mod classes;
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;
#[path = "common/stream.rs"]
mod stream;

use blokus::Bitboard;
use classes::{cases, cell_classes, Case};
use games::blokus::{random_games, sensible_games};
use hdl::prior_scorer::{LogitSum, LOGIT_BITS, LOGIT_LATENCY};
use hdl::{
    board_from_words, CellClasses, ClassUnit, PriorCounts, PriorScorer, Side, CLASS_LATENCY,
    PRIOR_LATENCY,
};
use model::class_unit::recent_cells;
use model::next::features::{Classes, Counts, FEATURES};
use model::next::prior::{Weights, FITTED};
use model::placer::coordinates;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::{lint_verilog, simulate_edges};
use rust_hdl::prelude::*;
use std::time::Instant;
use stream::{Shown, Step, Stream};

/// The model's counts from the hardware's.
fn counts_of(c: &PriorCounts) -> Counts {
    let n = |b: Bits<8>| b.to_u64() as u8;
    let mut counts = [
        n(c.near),
        u8::from(c.local),
        n(c.attach_own),
        n(c.attach_forbidden),
        n(c.attach_free0),
        n(c.attach_free1),
        n(c.attach_free2),
        n(c.attach_free3),
        n(c.attach_free4),
        n(c.edge_opponent),
        n(c.edge_forbidden),
        n(c.edge_own_attach),
        n(c.edge_free),
        0,
        0,
        0,
        0,
        0,
    ];
    for k in 0..5 {
        counts[13 + k] = u8::from(c.size.get_bit(k));
    }
    counts
}

/// A two's complement logit of [`LOGIT_BITS`] bits, sign-extended.
fn logit_of(logit: Signed<LOGIT_BITS>) -> i32 {
    let raw = logit.inner().to_u64() as i32;
    let half = 1 << (LOGIT_BITS - 1);
    if raw >= half {
        raw - 2 * half
    } else {
        raw
    }
}

fn shown(uut: &PriorScorer) -> Shown {
    Shown {
        scored: uut.scored.val().then(|| {
            (
                uut.scored_shape.val().to_u64() as u8,
                uut.scored_corner.val().to_u64() as u8,
                uut.scored_tile.val().to_u64() as u8,
                counts_of(&uut.counts.val()),
                logit_of(uut.logit.val()),
            )
        }),
        finished: uut.finished.val(),
    }
}

fn drive(uut: &mut PriorScorer, step: &Step, classes: &[CellClasses]) {
    uut.classes.next = classes[step.classes];
    uut.candidate.next = step.candidate.is_some();
    let (shape, corner) = step.candidate.unwrap_or((127, 255));
    uut.shape.next = u64::from(shape).into();
    uut.corner.next = u64::from(corner).into();
    uut.stream_done.next = step.done;
}

/// The hardware's classes of `stream`, by index.
fn buses(stream: &Stream) -> Vec<CellClasses> {
    stream.classes.iter().map(cell_classes).collect()
}

/// Runs `stream` on a connected scorer driven directly, an edge a step.
fn run_direct(mut uut: PriorScorer, stream: &Stream) -> Vec<Shown> {
    uut.connect_all();
    check_all(&uut).expect("the prior scorer passes rust-hdl's checks");
    assert!(simulate(&mut uut, 100));
    let buses = buses(stream);
    stream
        .steps
        .iter()
        .map(|step| {
            uut.clock.next = Clock::from(false);
            drive(&mut uut, step, &buses);
            assert!(simulate(&mut uut, 100), "the inputs did not settle");
            uut.clock.next = Clock::from(true);
            assert!(simulate(&mut uut, 100), "the clock edge did not settle");
            shown(&uut)
        })
        .collect()
}

/// Random and sensible games' positions.
fn game_cases(seed: u64, random: usize, sensible: usize) -> Vec<Case> {
    let mut all = cases("random", &random_games(seed, random));
    all.extend(cases("sensible", &sensible_games(seed, sensible, 4)));
    all
}

#[test]
fn matches_the_model_on_the_candidates_of_random_and_sensible_games() {
    let cases = game_cases(2041, 8, 4);
    assert!(cases.len() > 300, "{}", cases.len());
    let stream = Stream::new(&cases, &FITTED, 3, 1);
    let started = Instant::now();
    let shown = run_direct(PriorScorer::new(), &stream);
    let (candidates, local, low, high) = stream.check(&shown);
    assert!(
        candidates > 10_000 && local > 1_000 && low < -100 && high > 100,
        "{candidates} candidates, {local} local, logits {low} to {high}"
    );
    println!(
        "{} positions, {candidates} candidates ({local} local, logits {low} to {high}) in {} \
         edges, every output after every edge equal, in {:?}",
        cases.len(),
        stream.steps.len(),
        started.elapsed()
    );
}

/// Weights other than the fitted ones: every table's entries differ (the
/// weights distinct, of both signs and up to 31), still within
/// [`LOGIT_BITS`] bits.
const OTHER: Weights = Weights([
    -11, -3, 9, 13, -1, 4, -6, 2, 3, -8, 12, 7, -4, 31, -17, 0, 18, -29,
]);

#[test]
fn matches_the_model_with_other_weights() {
    assert!(model::prior_scorer::fits(
        model::prior_scorer::logit_bounds(&OTHER),
        LOGIT_BITS as u32
    ));
    let cases = game_cases(2042, 3, 2);
    let stream = Stream::new(&cases, &OTHER, 4, 2);
    let shown = run_direct(PriorScorer::with_weights(&OTHER), &stream);
    let (candidates, _, low, high) = stream.check(&shown);
    assert!(candidates > 2_000, "{candidates}");
    println!(
        "{} positions, {candidates} candidates with other weights (logits {low} to {high})",
        cases.len()
    );
}

#[test]
#[should_panic(expected = "are not numbers of 10 bits")]
fn weights_whose_logits_overflow_are_refused() {
    let mut w = FITTED;
    w.0[8] = 60; // 8 attach cells of 4 free neighbours: 480 and more
    PriorScorer::with_weights(&w);
}

#[test]
fn matches_the_model_in_the_event_simulator() {
    let cases = game_cases(2043, 1, 1);
    let stream = Stream::new(&cases, &FITTED, 5, 3);
    let steps = stream.steps.clone();
    let buses = buses(&stream);
    let edges = steps.len();
    let started = Instant::now();
    let shown = simulate_edges(
        PriorScorer::new(),
        edges,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| drive(x, &steps[t], &buses),
        shown,
    );
    let (candidates, _, _, _) = stream.check(&shown);
    assert!(candidates > 300, "{candidates}");
    println!(
        "{} positions, {candidates} candidates, {edges} edges in the event simulator in {:?}",
        cases.len(),
        started.elapsed()
    );
}

#[test]
fn the_weighted_sum_weighs_every_count_of_every_feature() {
    // Each feature alone at each of its values, then random counts of all
    // of them (beyond any move's: compared modulo 2^LOGIT_BITS, as the
    // sum is specified), [`LOGIT_LATENCY`] edges later.
    let mut inputs: Vec<Counts> = Vec::new();
    for f in 0..13 {
        for v in 0..16u8 {
            let mut c = [0u8; FEATURES];
            c[f] = if f == 1 { v & 1 } else { v };
            inputs.push(c);
        }
    }
    for size in 0..5 {
        let mut c = [0u8; FEATURES];
        c[13 + size] = 1;
        inputs.push(c);
    }
    let mut rng = StdRng::seed_from_u64(4);
    for _ in 0..500 {
        let mut c: Counts = std::array::from_fn(|_| rng.random_range(0..16));
        c[1] &= 1;
        c[13..].fill(0);
        c[13 + rng.random_range(0..5)] = 1;
        inputs.push(c);
    }
    for weights in [FITTED, OTHER] {
        let mut uut = LogitSum::new(&weights);
        uut.connect_all();
        check_all(&uut).expect("the sum passes rust-hdl's checks");
        let modulo = |x: i32| {
            let m = 1 << LOGIT_BITS;
            let r = x.rem_euclid(m);
            if r >= m / 2 {
                r - m
            } else {
                r
            }
        };
        for (t, c) in inputs
            .iter()
            .chain([[0u8; FEATURES]; LOGIT_LATENCY].iter())
            .enumerate()
        {
            uut.clock.next = Clock::from(false);
            uut.counts.next = prior_counts(c);
            assert!(simulate(&mut uut, 100));
            uut.clock.next = Clock::from(true);
            assert!(simulate(&mut uut, 100));
            if let Some(sent) = (t + 1)
                .checked_sub(LOGIT_LATENCY)
                .and_then(|k| inputs.get(k))
            {
                assert_eq!(
                    logit_of(uut.logit.val()),
                    modulo(weights.logit(sent)),
                    "{weights:?}, counts {sent:?}"
                );
            }
        }
    }
}

/// The model's counts as the hardware's struct.
fn prior_counts(c: &Counts) -> PriorCounts {
    let b = |v: u8| Bits::<8>::from(u64::from(v));
    let size = (0..5).fold(0u64, |s, k| s | u64::from(c[13 + k]) << k);
    PriorCounts {
        near: b(c[0]),
        local: c[1] == 1,
        attach_own: b(c[2]),
        attach_forbidden: b(c[3]),
        attach_free0: b(c[4]),
        attach_free1: b(c[5]),
        attach_free2: b(c[6]),
        attach_free3: b(c[7]),
        attach_free4: b(c[8]),
        edge_opponent: b(c[9]),
        edge_forbidden: b(c[10]),
        edge_own_attach: b(c[11]),
        edge_free: b(c[12]),
        size: size.into(),
    }
}

/// A node's expansion in small: the class unit's classes into the prior
/// scorer, the unit started at edge 1 and the candidates streamed from
/// edge `CLASS_LATENCY + 1`, the unit's inputs changed meanwhile.
#[derive(LogicBlock)]
struct Node {
    clock: Signal<In, Clock>,
    start: Signal<In, Bit>,
    own: Signal<In, Side>,
    opponent: Signal<In, Side>,
    latest: Signal<In, Bits<196>>,
    earlier: Signal<In, Bits<196>>,
    candidate: Signal<In, Bit>,
    shape: Signal<In, Bits<7>>,
    corner: Signal<In, Bits<8>>,
    scored: Signal<Out, Bit>,
    logit: Signal<Out, Signed<LOGIT_BITS>>,
    units: ClassUnit,
    scorer: PriorScorer,
}

impl Logic for Node {
    #[hdl_gen]
    fn update(&mut self) {
        self.units.clock.next = self.clock.val();
        self.units.start.next = self.start.val();
        self.units.own.next = self.own.val();
        self.units.opponent.next = self.opponent.val();
        self.units.latest.next = self.latest.val();
        self.units.earlier.next = self.earlier.val();
        self.scorer.clock.next = self.clock.val();
        self.scorer.classes.next = self.units.classes.val();
        self.scorer.candidate.next = self.candidate.val();
        self.scorer.shape.next = self.shape.val();
        self.scorer.corner.next = self.corner.val();
        self.scorer.stream_done.next = false;
        self.scored.next = self.scorer.scored.val();
        self.logit.next = self.scorer.logit.val();
    }
}

#[test]
fn scores_behind_the_class_unit_as_the_fitted_priors() {
    let cases = cases("sensible", &sensible_games(2044, 2, 4));
    let mut uut = Node {
        clock: Default::default(),
        start: Default::default(),
        own: Default::default(),
        opponent: Default::default(),
        latest: Default::default(),
        earlier: Default::default(),
        candidate: Default::default(),
        shape: Default::default(),
        corner: Default::default(),
        scored: Default::default(),
        logit: Default::default(),
        units: ClassUnit::new(),
        scorer: PriorScorer::new(),
    };
    uut.connect_all();
    check_all(&uut).expect("the pair passes rust-hdl's checks");
    let mut checked = 0;
    for (n, case) in cases.iter().enumerate() {
        let p = &case.position;
        let legal = p.legal_placements();
        // The unit's inputs for the edge that starts it; this case's, then
        // the next one's while the candidates stream.
        let inputs = |c: &Case| {
            let me = c.position.to_move();
            let [latest, earlier] = recent_cells(&c.recent);
            (
                inputs::side(&c.position, me),
                inputs::side(&c.position, me.other()),
                board_from_words(latest.0),
                board_from_words(earlier.0),
            )
        };
        let (mine, next) = (inputs(case), inputs(&cases[(n + 1) % cases.len()]));
        let mut logits = Vec::new();
        let steps = CLASS_LATENCY + legal.len() + PRIOR_LATENCY;
        for t in 0..steps {
            let (own, opponent, latest, earlier) = if t == 0 { mine } else { next };
            let candidate = t
                .checked_sub(CLASS_LATENCY)
                .and_then(|k| legal.get(k))
                .map(|&p| coordinates(p));
            uut.clock.next = Clock::from(false);
            uut.start.next = t == 0;
            uut.own.next = own;
            uut.opponent.next = opponent;
            uut.latest.next = latest;
            uut.earlier.next = earlier;
            uut.candidate.next = candidate.is_some();
            let (shape, corner) = candidate.unwrap_or((0, 0));
            uut.shape.next = u64::from(shape).into();
            uut.corner.next = u64::from(corner).into();
            assert!(simulate(&mut uut, 100));
            uut.clock.next = Clock::from(true);
            assert!(simulate(&mut uut, 100));
            if uut.scored.val() {
                logits.push((t + 1, logit_of(uut.logit.val())));
            }
        }
        let classes = Classes::of(p, &case.recent);
        let want: Vec<(usize, i32)> = legal
            .iter()
            .enumerate()
            .map(|(k, &q)| {
                (
                    CLASS_LATENCY + k + PRIOR_LATENCY,
                    FITTED.logit(&classes.counts(q)),
                )
            })
            .collect();
        assert_eq!(
            logits, want,
            "{}: (edge, logit) of each candidate",
            case.what
        );
        checked += legal.len();
    }
    assert!(checked > 2_000, "{checked}");
    assert!(cases
        .iter()
        .any(|c| Bitboard::EMPTY != c.position.occupied()));
}

#[test]
fn prior_scorer_verilog_lints_clean() {
    let mut uut = PriorScorer::new();
    uut.connect_all();
    lint_verilog("prior_scorer", &generate_verilog(&uut));
}
