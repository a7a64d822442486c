//! Driving a row-sliced legal-move block (`MoveGen`, `LegalMoves`) in
//! rust-hdl's event simulator on a schedule of `start` pulses, and checking
//! what it shows after every rising edge against `model::move_gen`:
//! `row_valid`, `row`, `busy` and every bit of `row_bits`, on the exact cycle.

#![allow(dead_code)] // each test binary uses its own subset

use blokus::tiles::shape_table;
use blokus::Position;
use hdl::move_gen::{RowBits, ROW_BITS};
use model::move_gen::{move_gen_rows, pack_row, LATENCY, ROWS};
use rust_hdl::prelude::*;
use std::process::Command;
use std::sync::{Arc, Mutex};

/// Words of a packed row (`model::move_gen::pack_row`).
pub const ROW_WORDS: usize = ROW_BITS.div_ceil(64);

/// What the block shows after one rising edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub row_valid: bool,
    pub row: u64,
    pub busy: bool,
    pub row_bits: Vec<u64>,
}

/// `row_bits` in the words of `pack_row`.
pub fn row_words(bits: &RowBits) -> Vec<u64> {
    let mut words = vec![0u64; ROW_WORDS];
    for i in (0..ROW_BITS).filter(|&i| bits.get_bit(i)) {
        words[i / 64] |= 1 << (i % 64);
    }
    words
}

/// One set of inputs for the block and the model's rows for it.
#[derive(Clone, Debug)]
pub struct Case<I> {
    pub what: String,
    pub inputs: I,
    pub rows: Vec<Vec<u64>>,
}

impl<I> Case<I> {
    /// A case whose rows are the model's for `model_inputs`.
    pub fn new(what: String, inputs: I, model_inputs: &model::move_gen::MoveGenInputs) -> Self {
        let rows = move_gen_rows(model_inputs).iter().map(pack_row).collect();
        Case { what, inputs, rows }
    }
}

/// For each rising edge (0, 1, ...), the case whose `start` is sampled there, if any.
pub type Schedule = Vec<Option<usize>>;

/// Case `i` starts `gap(i)` edges after case `i - 1` (case 0 at edge 1);
/// after the last case the schedule runs on until its rows are out and a
/// few idle edges more.
pub fn schedule_with_gaps(cases: usize, mut gap: impl FnMut(usize) -> usize) -> Schedule {
    let mut schedule: Schedule = vec![None];
    for i in 0..cases {
        if i > 0 {
            let gap = gap(i);
            assert!(gap >= 1);
            schedule.extend(std::iter::repeat_n(None, gap - 1));
        }
        schedule.push(Some(i));
    }
    schedule.extend(std::iter::repeat_n(None, LATENCY + 3));
    schedule
}

/// How a test reaches the block's ports.
pub struct Ports<T, I> {
    /// The clock's level.
    pub clock: fn(&T) -> bool,
    /// Inverts the clock.
    pub toggle: fn(&mut T),
    /// Drives `start` high with these inputs, or low (with junk on the inputs) for `None`.
    pub drive: fn(&mut T, Option<&I>),
    /// Reads the outputs.
    pub sample: fn(&T) -> Sample,
}

/// Runs `uut` in rust-hdl's simulator (`Simulation`, a clock and a
/// testbench) for `edges` rising edges: just after edge `t - 1` (before the
/// first, at the start) the testbench calls `drive(uut, t)` to set what
/// edge `t` samples, and after edge `t` it records `sample(uut)`.
pub fn simulate_edges<T, S>(
    uut: T,
    edges: usize,
    clock: fn(&T) -> bool,
    toggle: fn(&mut T),
    drive: impl Fn(&mut T, usize) + Send + std::panic::RefUnwindSafe + 'static,
    sample: fn(&T) -> S,
) -> Vec<S>
where
    T: Block + Send + 'static,
    S: Send + 'static,
{
    let samples = Arc::new(Mutex::new(Vec::with_capacity(edges)));
    let mut sim = Simulation::new();
    sim.add_clock(5, move |x: &mut Box<T>| toggle(x));
    {
        let samples = samples.clone();
        sim.add_testbench(move |mut ep: Sim<T>| {
            let mut x = ep.init()?;
            x = ep.watch(clock, x)?;
            for t in 0..edges {
                drive(&mut x, t);
                x = ep.watch(move |x| !clock(x), x)?;
                x = ep.watch(clock, x)?;
                samples.lock().unwrap().push(sample(&x));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), 10 * (edges as u64 + 4))
        .expect("the simulation runs to the end of the testbench");
    let samples = std::mem::take(&mut *samples.lock().unwrap());
    assert_eq!(samples.len(), edges);
    samples
}

/// Runs a combinational `uut` in rust-hdl's simulator: for each input the
/// testbench drives it with `drive`, lets one time step pass and records
/// `sample(uut)`.
pub fn simulate_inputs<T, I, S>(
    uut: T,
    inputs: Vec<I>,
    drive: fn(&mut T, &I),
    sample: fn(&T) -> S,
) -> Vec<S>
where
    T: Block + Send + 'static,
    I: Send + std::panic::RefUnwindSafe + 'static,
    S: Send + 'static,
{
    let count = inputs.len();
    let samples = Arc::new(Mutex::new(Vec::with_capacity(count)));
    let mut sim = Simulation::new();
    {
        let samples = samples.clone();
        sim.add_testbench(move |mut ep: Sim<T>| {
            let mut x = ep.init()?;
            for input in &inputs {
                drive(&mut x, input);
                x = ep.wait(1, x)?;
                samples.lock().unwrap().push(sample(&x));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), 2 * count as u64 + 10)
        .expect("the simulation runs to the end of the testbench");
    let samples = std::mem::take(&mut *samples.lock().unwrap());
    assert_eq!(samples.len(), count);
    samples
}

/// [`simulate_edges`] on `schedule`: before rising edge `t` the testbench
/// drives the case `schedule[t]` (or `start` low).
pub fn simulate_schedule<T, I>(
    uut: T,
    cases: &[Case<I>],
    schedule: &Schedule,
    ports: Ports<T, I>,
) -> Vec<Sample>
where
    T: Block + Send + 'static,
    I: Clone + Send + std::panic::RefUnwindSafe + 'static,
{
    let inputs: Vec<Option<I>> = schedule
        .iter()
        .map(|s| s.map(|i| cases[i].inputs.clone()))
        .collect();
    let drive = ports.drive;
    simulate_edges(
        uut,
        schedule.len(),
        ports.clock,
        ports.toggle,
        move |x, t| drive(x, inputs[t].as_ref()),
        ports.sample,
    )
}

/// What the block must show after edge `t`: per `model::move_gen`'s
/// timing, row `r` of the case started at edge `t0` right after edge
/// `t0 + r + 1`; `busy` from edge `t0` to edge `t0 + LATENCY - 1`; a later
/// start drops what is left of an earlier case.
pub fn expected(schedule: &Schedule, t: usize) -> Option<(usize, usize)> {
    let t0 = (0..=t).rev().find(|&e| schedule[e].is_some())?;
    Some((schedule[t0].unwrap(), t - t0))
}

/// Panics, naming the case, row and differing placements, unless every
/// sample is what the model says.
pub fn check_samples<I>(cases: &[Case<I>], schedule: &Schedule, samples: &[Sample]) {
    let mut rows_seen = 0;
    for (t, got) in samples.iter().enumerate() {
        let (valid, busy, row) = match expected(schedule, t) {
            None => (false, false, None),
            Some((case, k)) => (
                (1..=ROWS).contains(&k),
                k < LATENCY,
                (1..=ROWS).contains(&k).then(|| (case, k - 1)),
            ),
        };
        let when = match expected(schedule, t) {
            Some((case, k)) => format!("edge {t}, {k} edges after {}'s start", cases[case].what),
            None => format!("edge {t}, before any start"),
        };
        assert_eq!(got.row_valid, valid, "{when}: row_valid");
        assert_eq!(got.busy, busy, "{when}: busy");
        if let Some((case, r)) = row {
            assert_eq!(got.row, r as u64, "{when}: row");
            let want = &cases[case].rows[r];
            assert!(
                &got.row_bits == want,
                "{when}: row {r} differs at {:?}",
                differing_placements(r, &got.row_bits, want)
            );
            rows_seen += 1;
        }
    }
    assert!(rows_seen > 0);
}

/// The placements where two packed rows differ, as `shape s (tile) at corner (x, y)`.
pub fn differing_placements(r: usize, a: &[u64], b: &[u64]) -> Vec<String> {
    let table = shape_table();
    (0..ROW_BITS)
        .filter(|&i| (a[i / 64] ^ b[i / 64]) >> (i % 64) & 1 == 1)
        .map(|i| {
            let (s, x) = (i / 14, i % 14);
            let tile = table.shapes[s].tile;
            format!("shape {s} ({tile}) at corner ({}, {})", x + 1, r + 1)
        })
        .collect()
}

/// Every position of `games` random legal games from
/// `games::blokus::random_games(seed, games)`: the start, the middle,
/// the final positions and those right after a pass.
pub fn game_positions(seed: u64, games: usize) -> Vec<(String, Position)> {
    games::blokus::random_games(seed, games)
        .into_iter()
        .enumerate()
        .flat_map(|(g, history)| {
            history
                .into_iter()
                .enumerate()
                .map(move |(n, p)| (format!("game {g} position {n} (ply {})", p.plies()), p))
        })
        .collect()
}

/// How many of `positions` follow a pass (the same cells as the position before).
pub fn positions_after_passes(positions: &[(String, Position)]) -> usize {
    positions
        .windows(2)
        .filter(|w| w[1].1.plies() > 0 && w[0].1.occupied() == w[1].1.occupied())
        .count()
}

/// The Verilog of `uut` after wiring it and rust-hdl's checks, and the same text
/// with single spaces (rust-hdl pads declarations); panics unless every one of
/// `ports` is declared.
pub fn verilog_with_ports<B: Block>(uut: &mut B, ports: &[&str]) -> (String, String) {
    uut.connect_all();
    check_all(uut).expect("the block passes rust-hdl's checks");
    let verilog = generate_verilog(uut);
    let words = verilog.split_whitespace().collect::<Vec<_>>().join(" ");
    for port in ports {
        assert!(words.contains(port), "no `{port}` in the Verilog");
    }
    (verilog, words)
}

/// Lints `verilog` with `verilator --lint-only -Wall` and panics on any
/// finding but the WIDTH warnings rust-hdl's 32-bit constants cause and
/// DECLFILENAME (rust-hdl writes a block's sub-blocks as further modules in
/// the same file, named `top$...`). Prints the count of each kind; skips
/// (with a notice) where Verilator is not installed.
pub fn lint_verilog(name: &str, verilog: &str) {
    if Command::new("verilator").arg("--version").output().is_err() {
        println!("NOTICE: verilator is not installed; skipping the Verilog lint");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("top.v");
    std::fs::write(&file, verilog).unwrap();
    let output = Command::new("verilator")
        .args(["--lint-only", "-Wall", "--top-module", "top"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/verilator/lint.vlt"))
        .arg(&file)
        .output()
        .expect("verilator runs");
    let report = String::from_utf8_lossy(&output.stderr);
    let findings: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with('%'))
        .filter(|l| !l.starts_with("%Error: Exiting due to"))
        .collect();
    let kind = |l: &str| l.split(':').next().unwrap_or_default().to_string();
    let unexpected: Vec<&&str> = findings
        .iter()
        .filter(|l| !matches!(kind(l).as_str(), "%Warning-WIDTH" | "%Warning-DECLFILENAME"))
        .collect();
    assert!(
        unexpected.is_empty() && (output.status.success() || !findings.is_empty()),
        "verilator reports more than WIDTH and DECLFILENAME warnings ({}):\n{report}",
        output.status
    );
    let mut kinds = std::collections::BTreeMap::new();
    for l in &findings {
        *kinds.entry(kind(l)).or_insert(0) += 1;
    }
    println!("verilator on {name}: {kinds:?}, nothing else");
}
