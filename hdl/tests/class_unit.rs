//! The class unit (`ClassUnit`) against `model::class_unit`: for every
//! position of random and sensible games, with the opponent's last two
//! placements as `model::next::features`' test sets them, every class
//! equals `Classes::of` bit for bit after `CLASS_LATENCY` edges, `done`
//! rises in that cycle alone, and the classes stay while the inputs change
//! until the edge after the next `start`; driven directly and in rust-hdl's
//! event simulator. And its Verilog lints clean.

#[path = "common/classes.rs"]
mod classes;
mod common;
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/rows.rs"]
mod rows;

use blokus::Bitboard;
use classes::{cases, model_classes, named, Case};
use common::differing_cells;
use games::blokus::{random_games, sensible_games};
use hdl::{board_from_words, Board, ClassUnit, Side, CLASS_LATENCY};
use model::class_unit::{load, recent_cells};
use model::next::features::Classes;
use rows::{lint_verilog, simulate_edges};
use rust_hdl::prelude::*;
use std::time::Instant;

/// The unit's inputs for one position.
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

    fn drive(&self, uut: &mut ClassUnit, start: bool) {
        uut.start.next = start;
        uut.own.next = self.own;
        uut.opponent.next = self.opponent;
        uut.latest.next = self.latest;
        uut.earlier.next = self.earlier;
    }
}

/// What the unit shows after an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shown {
    classes: Classes,
    done: bool,
}

fn shown(uut: &ClassUnit) -> Shown {
    Shown {
        classes: model_classes(&uut.classes.val()),
        done: uut.done.val(),
    }
}

/// Panics naming the differing cells of each class unless `got` holds `want`.
fn check_classes(what: &str, got: &Classes, want: &Classes) {
    for ((name, g), (_, w)) in named(got).iter().zip(named(want)) {
        assert!(
            *g == w,
            "{what}: class {name} differs at {:?}",
            differing_cells(*g, w)
        );
    }
}

/// The cases of `seed`'s games: `random` random games and `sensible` ones
/// that open with four random moves.
fn game_cases(seed: u64, random: usize, sensible: usize) -> Vec<Case> {
    let mut all = cases("random", &random_games(seed, random));
    all.extend(cases("sensible", &sensible_games(seed, sensible, 4)));
    all
}

/// The schedule both runs follow: each case started at its own edge
/// (`3k + 1`), the next case's inputs on the buses after it without a
/// start (they must not disturb the classes), then a third edge. Gives
/// each edge's inputs and start bit.
fn schedule(cases: &[Case]) -> Vec<(Inputs, bool)> {
    let inputs: Vec<Inputs> = cases.iter().map(Inputs::of).collect();
    (0..cases.len())
        .flat_map(|k| {
            let other = inputs[(k + 1) % inputs.len()];
            [(inputs[k], true), (other, false), (other, false)]
        })
        .collect()
}

/// Checks each edge's outputs (`shown[t]` after edge `t + 1`) against the
/// model for [`schedule`]: after a start's edge the last classes are still
/// out; after the next ([`CLASS_LATENCY`]) the new ones with `done`; after
/// the third they stay, `done` low. Gives how many cases have a local
/// class, a first placement to make, and free cells with four free
/// neighbours, for the coverage checks.
fn check(cases: &[Case], shown: &[Shown]) -> (usize, usize, usize) {
    assert_eq!(CLASS_LATENCY, 2);
    assert_eq!(shown.len(), 3 * cases.len());
    let mut last = shown[0].classes;
    let (mut local, mut first, mut open) = (0, 0, 0);
    for (k, case) in cases.iter().enumerate() {
        let want = load(&case.position, &case.recent);
        assert_eq!(want.edges, CLASS_LATENCY as u64);
        let [started, loaded, held] = [shown[3 * k], shown[3 * k + 1], shown[3 * k + 2]];
        if k > 0 {
            assert!(!started.done, "{}: done after the start's edge", case.what);
            check_classes(&case.what, &started.classes, &last);
        }
        assert!(loaded.done, "{}: no done after edge 2", case.what);
        check_classes(&case.what, &loaded.classes, &want.classes);
        assert!(!held.done, "{}: done after edge 3", case.what);
        check_classes(&case.what, &held.classes, &want.classes);
        last = want.classes;
        local += usize::from(!want.classes.local.is_empty());
        first += usize::from(case.position.cells(case.position.to_move()).is_empty());
        open += usize::from(!want.classes.free_by_neighbours[4].is_empty());
    }
    (local, first, open)
}

#[test]
fn matches_the_model_on_every_position_of_random_and_sensible_games() {
    let cases = game_cases(2031, 30, 10);
    assert!(cases.len() > 1000, "{}", cases.len());
    let mut uut = ClassUnit::new();
    uut.connect_all();
    check_all(&uut).expect("the class unit passes rust-hdl's checks");
    assert!(simulate(&mut uut, 100));
    let started = Instant::now();
    let mut outputs = Vec::new();
    for (inputs, start) in schedule(&cases) {
        uut.clock.next = Clock::from(false);
        inputs.drive(&mut uut, start);
        assert!(simulate(&mut uut, 100), "the inputs did not settle");
        uut.clock.next = Clock::from(true);
        assert!(simulate(&mut uut, 100), "the clock edge did not settle");
        outputs.push(shown(&uut));
    }
    let (local, first, open) = check(&cases, &outputs);
    assert!(
        local > 500 && first >= 80 && open > 300,
        "{local} with a local class, {first} first placements, {open} with open cells"
    );
    println!(
        "{} positions ({local} with a local class, {first} before the mover's first \
         placement, {open} with free cells of four free neighbours), every class equal \
         after {CLASS_LATENCY} edges and held, in {:?}",
        cases.len(),
        started.elapsed()
    );
}

#[test]
fn matches_the_model_in_the_event_simulator() {
    let cases = game_cases(2032, 2, 4);
    let steps = schedule(&cases);
    let edges = steps.len();
    let started = Instant::now();
    let outputs = simulate_edges(
        ClassUnit::new(),
        edges,
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            let (inputs, start) = steps[t];
            inputs.drive(x, start);
        },
        shown,
    );
    let (local, _, _) = check(&cases, &outputs);
    assert!(local > 50, "{local}");
    println!(
        "{} positions in the event simulator, {edges} edges in {:?}",
        cases.len(),
        started.elapsed()
    );
}

#[test]
fn the_local_class_is_empty_without_recent_placements_and_grows_with_them() {
    // Independent of the model: the attach ring of a lone monomino is its
    // four diagonal cells, all free to the opponent on an empty board.
    let case = |recent| Case {
        what: "the first position".into(),
        position: blokus::Position::new(),
        recent,
    };
    let monomino = blokus::Position::new()
        .legal_placements()
        .into_iter()
        .find(|p| p.tile().size() == 1)
        .expect("the monomino on the start square");
    let cases = [case(vec![]), case(vec![monomino]), case(vec![])];
    let steps = schedule(&cases);
    let mut uut = ClassUnit::new();
    uut.connect_all();
    let mut outputs = Vec::new();
    for (inputs, start) in steps {
        uut.clock.next = Clock::from(false);
        inputs.drive(&mut uut, start);
        assert!(simulate(&mut uut, 100));
        uut.clock.next = Clock::from(true);
        assert!(simulate(&mut uut, 100));
        outputs.push(shown(&uut));
    }
    check(&cases, &outputs);
    assert_eq!(outputs[1].classes.local, Bitboard::EMPTY);
    assert_eq!(
        outputs[4].classes.local,
        monomino.cells().diagonal_neighbours()
    );
    assert_eq!(outputs[4].classes.local.count(), 4);
    assert_eq!(outputs[7].classes.local, Bitboard::EMPTY);
}

#[test]
fn class_unit_verilog_lints_clean() {
    let mut uut = ClassUnit::new();
    uut.connect_all();
    lint_verilog("class_unit", &generate_verilog(&uut));
}
