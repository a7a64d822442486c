//! The evaluator against its reference model (`model::evaluator`):
//! every output bit equals `features` and `score`, exactly `EVAL_LATENCY`
//! clock edges after the candidate went in, for candidates fed back to back
//! from positions of random legal games, with `valid_in` gaps, and on
//! arbitrary boards; its sub-blocks on their own; the same in rust-hdl's
//! event simulator; and its Verilog generates and lints clean.
//!
//! The clocked tests drive the block directly (`simulate` settles the logic
//! after each input change and each clock edge, as the event simulator does
//! at every time step), which is several times faster than the event
//! simulator with its clock and testbench threads.

use ::model::evaluator::{self as model, EvalInputs, Features};
use blokus::{Bitboard, Cell};
use games::blokus::random_games;
use hdl::{
    board_from_words, board_to_words, Board, Evaluator, Grow, PopCount196, EVAL_LATENCY,
    POP_COUNT_LATENCY,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rust_hdl::prelude::*;
use std::collections::{BTreeMap, VecDeque};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One candidate: its inputs and the model's answer.
#[derive(Clone, Debug)]
struct Case {
    what: String,
    inputs: EvalInputs,
    features: Features,
    score: i16,
}

impl Case {
    fn new(inputs: EvalInputs, what: String) -> Case {
        let features = model::features(&inputs);
        Case {
            what,
            inputs,
            features,
            score: model::score(&features),
        }
    }
}

/// What the evaluator's outputs hold after one clock edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outputs {
    valid: bool,
    features: Features,
    score: i16,
}

impl Outputs {
    fn of(uut: &Evaluator) -> Outputs {
        let count = |b: Bits<8>| b.to_u64() as u8;
        // The 12-bit two's complement score, sign-extended.
        let raw = uut.score.val().inner().to_u64() as i16;
        Outputs {
            valid: uut.valid_out.val(),
            features: Features {
                cells: count(uut.cells.val()),
                own_attach: count(uut.own_attach.val()),
                opp_attach: count(uut.opp_attach.val()),
                own_reach: count(uut.own_reach.val()),
                opp_reach: count(uut.opp_reach.val()),
            },
            score: if raw >= 2048 { raw - 4096 } else { raw },
        }
    }
}

/// Panics unless `got`, sampled after clock edge `edge`, is what the
/// candidate that went in `EVAL_LATENCY` edges earlier (`sent`, or none)
/// should give.
fn check(edge: usize, sent: Option<&Case>, got: Outputs) {
    match sent {
        None => assert!(
            !got.valid,
            "after edge {edge}: valid_out is high but no candidate went in {EVAL_LATENCY} edges earlier"
        ),
        Some(case) => assert!(
            got.valid && got.features == case.features && got.score == case.score,
            "after edge {edge}, {}: the evaluator gives {got:?}, the model {:?} score {}",
            case.what,
            case.features,
            case.score
        ),
    }
}

fn to_board(b: Bitboard) -> Board {
    board_from_words(b.0)
}

/// An evaluator, connected and checked, driven clock by clock.
struct Bench {
    uut: Evaluator,
    edges: usize,
}

impl Bench {
    fn new() -> Bench {
        let mut uut = Evaluator::new();
        uut.connect_all();
        check_all(&uut).expect("the evaluator passes rust-hdl's checks");
        assert!(simulate(&mut uut, 100), "the evaluator did not settle");
        Bench { uut, edges: 0 }
    }

    /// Presents `inputs` (with `valid_in` = `valid`) while the clock is low,
    /// then raises the clock; returns the outputs after that edge.
    fn clock(&mut self, inputs: &EvalInputs, valid: bool) -> Outputs {
        let uut = &mut self.uut;
        uut.clock.next = Clock::from(false);
        uut.valid_in.next = valid;
        uut.own.next = to_board(inputs.own);
        uut.opponent.next = to_board(inputs.opponent);
        uut.opponent_attach.next = to_board(inputs.opponent_attach);
        uut.candidate.next = to_board(inputs.candidate);
        assert!(simulate(uut, 100), "the inputs did not settle");
        uut.clock.next = Clock::from(true);
        assert!(simulate(uut, 100), "the clock edge did not settle");
        self.edges += 1;
        Outputs::of(uut)
    }
}

/// Feeds `stream` one entry a clock (`None`: `valid_in` low, the inputs of
/// `filler` on the buses), then flushes the pipeline, checking the outputs
/// after every edge. Returns the number of edges.
fn run(stream: &[Option<&Case>], filler: &EvalInputs) -> usize {
    let mut bench = Bench::new();
    let mut in_flight: VecDeque<Option<&Case>> = VecDeque::new();
    let flush = [None; EVAL_LATENCY];
    for &entry in stream.iter().chain(flush.iter()) {
        let got = match entry {
            Some(case) => bench.clock(&case.inputs, true),
            None => bench.clock(filler, false),
        };
        in_flight.push_back(entry);
        // The candidate sampled at edge e is at the outputs after edge e + EVAL_LATENCY - 1.
        let sent = if in_flight.len() == EVAL_LATENCY {
            in_flight.pop_front().unwrap()
        } else {
            None
        };
        check(bench.edges, sent, got);
    }
    bench.edges
}

/// A few legal placements of every position of `games` random games from
/// `seed` that has any: the first, the last and one from the middle of the
/// list, chosen by the position's number.
fn game_cases(seed: u64, games: usize) -> (Vec<Case>, usize) {
    let mut cases = Vec::new();
    let mut positions = 0;
    for (g, history) in random_games(seed, games).iter().enumerate() {
        for (n, position) in history.iter().enumerate() {
            let placements = position.legal_placements();
            if placements.is_empty() {
                continue;
            }
            positions += 1;
            let len = placements.len();
            let mut picks = vec![0, len - 1, (n * 7919 + g * 31) % len];
            picks.sort_unstable();
            picks.dedup();
            for i in picks {
                let what = format!(
                    "game {g} ply {} ({} to move, {} passes in a row), placement {} ({i} of {len})",
                    position.plies(),
                    position.to_move(),
                    position.passes_in_row(),
                    placements[i].code(),
                );
                cases.push(Case::new(
                    EvalInputs::for_placement(position, placements[i]),
                    what,
                ));
            }
        }
    }
    (cases, positions)
}

#[test]
fn matches_the_model_on_candidates_from_random_games_back_to_back() {
    let games = random_games(2024, 40);
    // The games reach their ends, and pass: candidates come from positions
    // just after a pass and from the last positions of each game.
    let after_pass = games
        .iter()
        .flatten()
        .filter(|p| p.passes_in_row() == 1 && !p.legal_placements().is_empty())
        .count();
    let near_end = games
        .iter()
        .filter_map(|h| {
            h.iter()
                .rev()
                .take(4)
                .find(|p| !p.legal_placements().is_empty())
        })
        .count();
    assert!(
        after_pass > 0,
        "no position just after a pass has a placement"
    );
    assert_eq!(near_end, games.len());
    assert!(games.iter().all(|h| h.last().unwrap().is_over()));

    let (cases, positions) = game_cases(2024, 40);
    assert!(positions >= 1000, "only {positions} positions");
    let stream: Vec<Option<&Case>> = cases.iter().map(Some).collect();
    let started = Instant::now();
    let edges = run(&stream, &cases[0].inputs);
    let elapsed = started.elapsed();
    println!(
        "{positions} positions ({after_pass} just after a pass), {} candidates back to back, \
         {edges} clock edges in {elapsed:?} ({:.0} edges/s)",
        cases.len(),
        edges as f64 / elapsed.as_secs_f64()
    );
}

#[test]
fn matches_the_model_with_gaps_in_valid_in() {
    let (cases, _) = game_cases(77, 6);
    let mut rng = StdRng::seed_from_u64(5);
    // Runs of candidates and of idle clocks, from single clocks to longer
    // than the pipeline; idle clocks carry another candidate's inputs.
    let mut stream = Vec::new();
    let mut next = cases.iter();
    loop {
        let idle = rng.random_range(0..=EVAL_LATENCY + 2);
        stream.extend(std::iter::repeat_n(None, idle));
        let busy = rng.random_range(1..=EVAL_LATENCY + 2);
        let batch: Vec<Option<&Case>> = next.by_ref().take(busy).map(Some).collect();
        if batch.is_empty() {
            break;
        }
        stream.extend(batch);
    }
    let gaps = stream.iter().filter(|e| e.is_none()).count();
    assert!(gaps > 100);
    let filler = &cases[cases.len() / 2].inputs;
    let started = Instant::now();
    let edges = run(&stream, filler);
    println!(
        "{} candidates with {gaps} idle clocks between them, {edges} edges in {:?}",
        cases.len(),
        started.elapsed()
    );
}

/// Arbitrary boards of every density (not reachable positions): own and
/// opponent cells overlapping or not, any attach set, a candidate anywhere.
fn arbitrary_cases(seed: u64, n: usize) -> Vec<Case> {
    let all: Vec<Cell> = Cell::all().collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut cases = Vec::new();
    let single = |i: usize| Bitboard::from_cell(all[i]);
    // Single cells on every edge and corner: no step may wrap a row end.
    for &i in &[0, 13, 14, 27, 182, 195, 97, 98] {
        let inputs = EvalInputs {
            own: single(i),
            opponent: single(195 - i),
            opponent_attach: single(195 - i).diagonal_neighbours(),
            candidate: single((i + 1) % 196),
        };
        cases.push(Case::new(inputs, format!("single cell {}", all[i])));
    }
    for (what, own, opponent) in [
        ("empty board", Bitboard::EMPTY, Bitboard::EMPTY),
        ("own everywhere", Bitboard::FULL, Bitboard::EMPTY),
        ("opponent everywhere", Bitboard::EMPTY, Bitboard::FULL),
    ] {
        let inputs = EvalInputs {
            own,
            opponent,
            opponent_attach: !opponent,
            candidate: Bitboard::EMPTY,
        };
        cases.push(Case::new(inputs, what.to_string()));
    }
    for k in 0..n {
        let density = rng.random_range(0..=60u32);
        let mut board = |density: u32| -> Bitboard {
            all.iter()
                .copied()
                .filter(|_| rng.random_range(0..100) < density)
                .collect()
        };
        let own = board(density);
        let opponent = board(density);
        let opponent = if k % 2 == 0 {
            opponent & !own
        } else {
            opponent
        };
        let opponent_attach = board(density / 2);
        // A sparse candidate (far fewer than 182 cells) keeps the model's
        // score within 12 bits: 8 * 182 + 2 * 196 + 196 < 2048.
        let candidate_density = density / 3;
        let candidate = board(candidate_density);
        let what = format!("arbitrary boards {k} (density {density}%)");
        cases.push(Case::new(
            EvalInputs {
                own,
                opponent,
                opponent_attach,
                candidate,
            },
            what,
        ));
    }
    cases
}

#[test]
fn matches_the_model_on_arbitrary_boards() {
    let cases = arbitrary_cases(99, 400);
    let stream: Vec<Option<&Case>> = cases.iter().map(Some).collect();
    let started = Instant::now();
    let edges = run(&stream, &cases[0].inputs);
    println!(
        "{} arbitrary candidates, {edges} edges in {:?}",
        cases.len(),
        started.elapsed()
    );
}

#[test]
fn the_weights_are_the_shifts_the_hardware_uses() {
    // score = (cells << 3) + (own_attach << 1) - (opp_attach << 1) + own_reach - opp_reach
    assert_eq!((model::W_CELLS, model::W_ATTACH, model::W_REACH), (8, 2, 1));
    assert_eq!(model::REACH_STEPS, hdl::evaluator::REACH_STEPS);
    assert_eq!(model::EVAL_LATENCY, EVAL_LATENCY);
}

#[test]
fn pop_count_counts_every_board_after_its_latency() {
    let mut rng = StdRng::seed_from_u64(3);
    let all: Vec<Cell> = Cell::all().collect();
    let mut boards = vec![
        Bitboard::EMPTY,
        Bitboard::FULL,
        Bitboard::LEFT,
        Bitboard::RIGHT,
    ];
    boards.extend((0..300).map(|_| {
        let density = rng.random_range(0..=100u32);
        all.iter()
            .copied()
            .filter(|_| rng.random_range(0..100) < density)
            .collect::<Bitboard>()
    }));
    let mut uut = PopCount196::new();
    uut.connect_all();
    check_all(&uut).expect("the counter passes rust-hdl's checks");
    let mut sent = VecDeque::new();
    for (edge, board) in boards
        .iter()
        .chain([Bitboard::EMPTY; POP_COUNT_LATENCY].iter())
        .enumerate()
    {
        uut.clock.next = Clock::from(false);
        uut.bits.next = to_board(*board);
        assert!(simulate(&mut uut, 100));
        uut.clock.next = Clock::from(true);
        assert!(simulate(&mut uut, 100));
        sent.push_back(board.count());
        if sent.len() == POP_COUNT_LATENCY {
            let expected = sent.pop_front().unwrap();
            assert_eq!(
                uut.count.val().to_u64(),
                u64::from(expected),
                "after edge {}",
                edge + 1
            );
        }
    }
}

#[test]
fn grow_is_one_step_of_the_models_reach() {
    let mut rng = StdRng::seed_from_u64(4);
    let all: Vec<Cell> = Cell::all().collect();
    let mut uut = Grow::new();
    uut.connect_all();
    check_all(&uut).expect("the growth step passes rust-hdl's checks");
    let mut pairs: Vec<(Bitboard, Bitboard)> = all
        .iter()
        .map(|&c| (Bitboard::from_cell(c), Bitboard::EMPTY))
        .collect();
    pairs.extend((0..300).map(|_| {
        let (d1, d2) = (rng.random_range(0..=100u32), rng.random_range(0..=100u32));
        let mut board = |d: u32| -> Bitboard {
            all.iter()
                .copied()
                .filter(|_| rng.random_range(0..100) < d)
                .collect()
        };
        (board(d1), board(d2))
    }));
    for (region, blocked) in pairs {
        uut.region.next = to_board(region);
        uut.blocked.next = to_board(blocked);
        assert!(simulate(&mut uut, 10));
        let expected =
            (region | region.edge_neighbours() | region.diagonal_neighbours()) & !blocked;
        assert_eq!(Bitboard(board_to_words(uut.grown.val())), expected);
    }
}

#[test]
fn matches_the_model_in_the_event_simulator() {
    // rust-hdl's full simulator on the same candidates as the direct run: a
    // clock, and a testbench thread that puts a candidate on the inputs after
    // each rising edge and records the outputs after the next; the model's
    // answers are compared once the run is over. Edges are numbered from the
    // one that samples the first candidate.
    let (cases, positions) = game_cases(2024, 40);
    assert!(positions >= 1000, "only {positions} positions");
    let samples = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<Evaluator>| {
        x.clock.next = !x.clock.val();
    });
    {
        let inputs: Vec<EvalInputs> = cases.iter().map(|c| c.inputs).collect();
        let samples = samples.clone();
        sim.add_testbench(move |mut ep: Sim<Evaluator>| {
            let mut x = ep.init()?;
            wait_clock_true!(ep, clock, x);
            for step in 0..inputs.len() + EVAL_LATENCY {
                let (valid, i) = match inputs.get(step) {
                    Some(i) => (true, *i),
                    None => (false, inputs[0]),
                };
                x.valid_in.next = valid;
                x.own.next = to_board(i.own);
                x.opponent.next = to_board(i.opponent);
                x.opponent_attach.next = to_board(i.opponent_attach);
                x.candidate.next = to_board(i.candidate);
                wait_clock_cycle!(ep, clock, x);
                samples.lock().unwrap().push(Outputs::of(&x));
            }
            ep.done(x)
        });
    }
    let started = Instant::now();
    sim.run(Box::new(Evaluator::new()), 100_000_000)
        .expect("the simulation runs to the end of the testbench");
    let elapsed = started.elapsed();
    let samples = samples.lock().unwrap();
    assert_eq!(samples.len(), cases.len() + EVAL_LATENCY);
    for (edge, got) in samples.iter().enumerate() {
        let sent = (edge + 1)
            .checked_sub(EVAL_LATENCY)
            .and_then(|i| cases.get(i));
        check(edge + 1, sent, *got);
    }
    println!(
        "{positions} positions, {} candidates, {} edges in the event simulator in {elapsed:?} \
         ({:.0} edges/s)",
        cases.len(),
        samples.len(),
        samples.len() as f64 / elapsed.as_secs_f64()
    );
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let mut uut = Evaluator::new();
    uut.connect_all();
    let verilog = generate_verilog(&uut);
    // rust-hdl pads declarations with extra spaces: compare with single spaces.
    let words = verilog.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("module top("), "no top module:\n{verilog}");
    for port in [
        "input wire clock",
        "input wire valid_in",
        "input wire [195:0] own",
        "input wire [195:0] opponent",
        "input wire [195:0] opponent_attach",
        "input wire [195:0] candidate",
        "output reg valid_out",
        "output reg [7:0] cells",
        "output reg [7:0] own_attach",
        "output reg [7:0] opp_attach",
        "output reg [7:0] own_reach",
        "output reg [7:0] opp_reach",
        "output reg signed [11:0] score",
    ] {
        assert!(words.contains(port), "no `{port}` in:\n{verilog}");
    }

    if Command::new("verilator").arg("--version").output().is_err() {
        println!("NOTICE: verilator is not installed; skipping the Verilog lint");
        return;
    }
    // rust-hdl writes the block and its 145 sub-modules (every flip-flop is
    // one) into one text; Verilator's DECLFILENAME asks for a file per module
    // named after it, so the lint gets them that way.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("evaluator");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let modules = split_modules(&verilog);
    assert!(modules.len() > 1 && modules[0].0 == "top");
    let mut files = Vec::new();
    for (name, text) in &modules {
        let file = dir.join(format!("{name}.v"));
        std::fs::write(&file, text).unwrap();
        files.push(file);
    }
    let output = Command::new("verilator")
        .args(["--lint-only", "-Wall", "-Wno-fatal", "--top-module", "top"])
        .args(&files)
        .output()
        .expect("verilator runs");
    let report = String::from_utf8_lossy(&output.stderr);
    // Findings by kind: `%Warning-WIDTHEXPAND: ...` counts as WIDTHEXPAND.
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for line in report.lines().filter(|l| l.starts_with('%')) {
        let kind = line
            .trim_start_matches('%')
            .split(':')
            .next()
            .unwrap_or_default()
            .to_string();
        *kinds.entry(kind).or_default() += 1;
    }
    let unexpected: Vec<&String> = kinds
        .keys()
        .filter(|k| !k.starts_with("Warning-WIDTH"))
        .collect();
    assert!(
        unexpected.is_empty() && output.status.success(),
        "verilator reports more than WIDTH warnings ({}): {kinds:?}\n{report}",
        output.status
    );
    println!(
        "verilator --lint-only -Wall on {} modules: {kinds:?}, nothing else",
        modules.len()
    );
}

/// The modules of rust-hdl's Verilog, each with its name, in order: every
/// `module NAME(` line up to its `endmodule`.
fn split_modules(verilog: &str) -> Vec<(String, String)> {
    let mut modules: Vec<(String, String)> = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in verilog.lines() {
        if let Some(rest) = line.strip_prefix("module ") {
            assert!(current.is_none(), "a module inside a module: {line}");
            let name = rest.split('(').next().unwrap().trim().to_string();
            current = Some((name, String::new()));
        }
        if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
            if line.starts_with("endmodule") {
                modules.push(current.take().unwrap());
            }
        }
    }
    assert!(current.is_none(), "the last module has no endmodule");
    modules
}
