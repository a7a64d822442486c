//! Helpers shared by the block tests in rust-hdl's event simulator: running
//! a clocked block edge by edge ([`simulate_edges`]) or a combinational one
//! input by input ([`simulate_inputs`]), positions of random legal games
//! ([`game_positions`]), and a block's Verilog checked for its ports and
//! linted by Verilator ([`verilog_with_ports`], [`lint_verilog`]).

#![allow(dead_code)] // each test binary uses its own subset

use blokus::Position;
use rust_hdl::prelude::*;
use std::process::Command;
use std::sync::{Arc, Mutex};

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

/// Runs `uut` in rust-hdl's simulator for `cycles` cycles from rest: cycle
/// `t`'s inputs are set by `drive(uut, t)` before the clock's `t + 1`-th
/// rising edge (the first `drive` before any edge, unlike
/// [`simulate_edges`]), and after that edge `sample(uut)` records what the
/// block shows in cycle `t + 1`.
pub fn simulate_cycles<T, S>(
    uut: T,
    cycles: usize,
    clock: fn(&T) -> bool,
    toggle: fn(&mut T),
    drive: impl Fn(&mut T, usize) + Send + std::panic::RefUnwindSafe + 'static,
    sample: fn(&T) -> S,
) -> Vec<S>
where
    T: Block + Send + 'static,
    S: Send + 'static,
{
    let samples = Arc::new(Mutex::new(Vec::with_capacity(cycles)));
    let mut sim = Simulation::new();
    sim.add_clock(5, move |x: &mut Box<T>| toggle(x));
    {
        let samples = samples.clone();
        sim.add_testbench(move |mut ep: Sim<T>| {
            let mut x = ep.init()?;
            for t in 0..cycles {
                drive(&mut x, t);
                x = ep.watch(clock, x)?;
                samples.lock().unwrap().push(sample(&x));
                x = ep.watch(move |x| !clock(x), x)?;
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), 10 * (cycles as u64 + 4))
        .expect("the simulation runs to the end of the testbench");
    let samples = std::mem::take(&mut *samples.lock().unwrap());
    assert_eq!(samples.len(), cycles);
    samples
}

/// [`simulate_cycles`] for a block whose outputs may read its inputs (a
/// `ready` that depends on the request presented): after the clock's
/// `t`-th rising edge `drive(uut, t)` sets cycle `t`'s inputs (the first
/// before any edge, the last, `t = cycles`, after the last edge), and once
/// they have settled `sample(uut)` records what the block shows in cycle
/// `t` with them. Gives cycles 1 to `cycles`.
pub fn simulate_settled_cycles<T, S>(
    uut: T,
    cycles: usize,
    clock: fn(&T) -> bool,
    toggle: fn(&mut T),
    drive: impl Fn(&mut T, usize) + Send + std::panic::RefUnwindSafe + 'static,
    sample: fn(&T) -> S,
) -> Vec<S>
where
    T: Block + Send + 'static,
    S: Send + 'static,
{
    let samples = Arc::new(Mutex::new(Vec::with_capacity(cycles)));
    let mut sim = Simulation::new();
    sim.add_clock(5, move |x: &mut Box<T>| toggle(x));
    {
        let samples = samples.clone();
        sim.add_testbench(move |mut ep: Sim<T>| {
            let mut x = ep.init()?;
            drive(&mut x, 0);
            for t in 1..=cycles {
                x = ep.watch(clock, x)?;
                drive(&mut x, t);
                x = ep.wait(1, x)?;
                samples.lock().unwrap().push(sample(&x));
                x = ep.watch(move |x| !clock(x), x)?;
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(uut), 10 * (cycles as u64 + 4))
        .expect("the simulation runs to the end of the testbench");
    let samples = std::mem::take(&mut *samples.lock().unwrap());
    assert_eq!(samples.len(), cycles);
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
