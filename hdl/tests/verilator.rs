//! The generated Verilog, linted and compiled by Verilator and driven from
//! Rust: every output bit (and for clocked blocks every cycle) of each
//! block's model against the host, on 10,158 positions of random legal games:
//! `MaskUnit` against the rules (`Position::forbidden`, `attach_cells`),
//! `MoveGen` and `LegalMoves` against the reference model
//! (`host::model::move_gen`).
//!
//! The Verilog is the one `make verilog` writes (the `hdl-verilog` binary,
//! run here into the test's own directory); the models are compiled once and
//! reused across runs while the Verilog is unchanged (see
//! `hdl/verilator/harness.rs`). Verilator is required: CI installs it with
//! `scripts/setup.sh`.

mod common;
#[path = "../verilator/harness.rs"]
mod harness;

use common::differing_cells;
use harness::{Model, Reply};
use host::blokus::sample::random_games;
use host::blokus::{Bitboard, Player, Position};
use host::model::move_gen::{move_gen_rows, pack_row, MoveGenInputs, ROWS, ROW_BITS};
use rust_hdl::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

/// Where this test keeps its Verilog and models (under `target/`, kept between runs).
fn work_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("verilator")
}

/// The directory the `hdl-verilog` binary wrote every block's Verilog into (once a run).
fn verilog_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = work_dir().join("verilog");
        // No file of a block that is gone may linger.
        let _ = std::fs::remove_dir_all(&dir);
        let out = Command::new(env!("CARGO_BIN_EXE_hdl-verilog"))
            .arg(&dir)
            .output()
            .expect("the hdl-verilog binary runs");
        assert!(
            out.status.success(),
            "hdl-verilog failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    })
}

/// The Verilator model of block `name` (its file `name.v`, top module `name`),
/// compiled unless unchanged since the last run; panics with the reason if
/// it cannot be built.
fn block_model(name: &str) -> Model {
    if let Err(e) = harness::verilator_version() {
        panic!("{e}");
    }
    let file = verilog_dir().join(format!("{name}.v"));
    let started = Instant::now();
    let model = Model::build(&file, name, &work_dir()).unwrap_or_else(|e| panic!("{e}"));
    println!("model of {name}: ready in {:?}", started.elapsed());
    model
}

#[test]
fn every_block_lints_clean_but_for_the_counted_exceptions() {
    // The same check as `make lint-verilog`, on the same generator's output.
    if let Err(e) = harness::verilator_version() {
        panic!("{e}");
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(verilog_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "v"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "hdl-verilog wrote no Verilog");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/lint-verilog.sh");
    let out = Command::new("bash")
        .arg(script)
        .args(&files)
        .output()
        .expect("bash runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "lint-verilog fails:\n{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    print!("{report}");
}

/// Every position of 320 random legal games (10,158 of them): the empty
/// board, first moves, middle games, passes and final positions.
fn game_positions() -> Vec<Position> {
    let positions: Vec<Position> = random_games(2025, 320).into_iter().flatten().collect();
    assert!(
        positions.len() >= 10_000,
        "only {} positions",
        positions.len()
    );
    assert!(positions.iter().any(|p| p.plies() == 0));
    assert!(positions.iter().any(|p| p.is_over()));
    positions
}

/// Runs a row-sliced block (`MoveGen`, `LegalMoves`) on every position: the
/// inputs `inputs(position)` with a start pulse, then clock cycles until
/// `busy` falls; checks that rows 0..13 come out in order, row `r` in the
/// cycle after the `r + 2`-th rising edge (the first samples `start`), every
/// bit as the reference model's `move_gen_rows`, `busy` high until the last.
fn check_row_block(name: &str, inputs: impl Fn(&Model, &Position) -> String) {
    let model = block_model(name);
    assert!(model.clocked);
    let index = |port: &str| {
        model
            .outputs()
            .position(|p| p.name == port)
            .unwrap_or_else(|| panic!("{name} has no output {port}"))
    };
    let (valid, row, bits, busy) = (
        index("row_valid"),
        index("row"),
        index("row_bits"),
        index("busy"),
    );
    let positions = game_positions();
    let mut script = String::new();
    for p in &positions {
        script += &inputs(&model, p);
        script += &format!("r {} row_valid !busy start\n", 4 * ROWS);
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let mut replies = replies.iter();
    for (n, p) in positions.iter().enumerate() {
        let what = format!("{name}, position {n} (ply {})", p.plies());
        let rows = move_gen_rows(&MoveGenInputs::for_position(p));
        for (r, want) in rows.iter().enumerate() {
            let Some(Reply::Valid(cycle, out)) = replies.next() else {
                panic!("{what}: no row {r}");
            };
            assert_eq!(*cycle, r as u64 + 2, "{what}: row {r} in cycle {cycle}");
            assert_eq!(out[valid], [1], "{what}: row_valid");
            assert_eq!(out[row], [r as u64], "{what}: row number");
            assert_eq!(
                out[busy],
                [u64::from(r + 1 < ROWS)],
                "{what}: busy in row {r}"
            );
            let want = pack_row(want);
            assert!(
                out[bits] == want,
                "{what}: row {r} differs in bits {:?}",
                (0..ROW_BITS)
                    .filter(|&i| (out[bits][i / 64] ^ want[i / 64]) >> (i % 64) & 1 == 1)
                    .collect::<Vec<_>>()
            );
        }
        assert_eq!(
            replies.next(),
            Some(&Reply::Done(ROWS as u64 + 1)),
            "{what}: busy falls with the last row"
        );
    }
    assert_eq!(replies.next(), None);
    println!(
        "{name}: {} positions, {} rows of {ROW_BITS} bits, every bit and cycle equal, in {elapsed:?}",
        positions.len(),
        positions.len() * ROWS
    );
}

#[test]
fn move_gen_model_matches_the_reference_model_on_ten_thousand_positions() {
    check_row_block("move_gen", |model, p| {
        let inputs = MoveGenInputs::for_position(p);
        model
            .set_all(&[
                ("start", &[0]),
                ("allowed", &words(inputs.allowed)),
                ("attach", &words(inputs.attach)),
                ("tiles_left", &[u64::from(inputs.tiles_left)]),
            ])
            .unwrap()
    });
}

#[test]
fn legal_moves_model_matches_the_reference_model_on_ten_thousand_positions() {
    check_row_block("legal_moves", |model, p| {
        let player = p.to_move();
        let inputs = MoveGenInputs::for_position(p);
        model
            .set_all(&[
                ("start", &[0]),
                ("own", &words(p.cells(player))),
                ("opponent", &words(p.cells(player.other()))),
                (
                    "start_square",
                    &words(Bitboard::from_cell(player.start_square())),
                ),
                ("tiles_left", &[u64::from(inputs.tiles_left)]),
            ])
            .unwrap()
    });
}

/// Words of a host board, as the harness takes them.
fn words(board: Bitboard) -> Vec<u64> {
    board.0.to_vec()
}

fn bitboard(words: &[u64]) -> Bitboard {
    Bitboard(words.try_into().expect("four words"))
}

#[test]
fn mask_unit_model_matches_the_host_on_ten_thousand_positions() {
    let model = block_model("mask_unit");
    let names: Vec<&str> = model.ports.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["own", "opponent", "start", "forbidden", "attach"]);
    assert!(!model.clocked);

    let positions = game_positions();
    let cases: Vec<(usize, Player)> = (0..positions.len())
        .flat_map(|n| [(n, Player::One), (n, Player::Two)])
        .collect();
    let mut script = String::new();
    for &(n, player) in &cases {
        let p = &positions[n];
        script += &model
            .set_all(&[
                ("own", &words(p.cells(player))),
                ("opponent", &words(p.cells(player.other()))),
                ("start", &words(Bitboard::from_cell(player.start_square()))),
            ])
            .unwrap();
        script += "o\n";
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    assert_eq!(replies.len(), cases.len());
    for (&(n, player), reply) in cases.iter().zip(&replies) {
        let p = &positions[n];
        let Reply::Outputs(outputs) = reply else {
            panic!("unexpected reply {reply:?}");
        };
        let (forbidden, attach) = (bitboard(&outputs[0]), bitboard(&outputs[1]));
        let (want_forbidden, want_attach) = (p.forbidden(player), p.attach_cells(player));
        assert!(
            forbidden == want_forbidden && attach == want_attach,
            "position {n} (ply {}), {player}: forbidden differs at {:?}, attach at {:?}",
            p.plies(),
            differing_cells(forbidden, want_forbidden),
            differing_cells(attach, want_attach),
        );
    }
    println!(
        "mask_unit: {} positions, {} evaluations, every output bit equal, in {elapsed:?}",
        positions.len(),
        cases.len()
    );
}

/// A small clocked block shaped like the move generator's interface: after a
/// start pulse it shows rows 0..=limit, one a cycle (`row_valid`), each with
/// `data` shifted left by the row number, and raises `done` with the last.
#[derive(LogicBlock)]
struct Rows {
    clock: Signal<In, Clock>,
    start: Signal<In, Bit>,
    limit: Signal<In, Bits<4>>,
    data: Signal<In, Bits<70>>,
    row_valid: Signal<Out, Bit>,
    row: Signal<Out, Bits<4>>,
    row_bits: Signal<Out, Bits<70>>,
    done: Signal<Out, Bit>,
    count: DFF<Bits<4>>,
    running: DFF<Bit>,
    bits: DFF<Bits<70>>,
}

impl Logic for Rows {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count, running, bits);
        self.row_valid.next = self.running.q.val();
        self.row.next = self.count.q.val();
        self.row_bits.next = self.bits.q.val();
        self.done.next = self.running.q.val() & (self.count.q.val() == self.limit.val());
        if self.start.val() {
            self.count.d.next = 0.into();
            self.running.d.next = true;
            self.bits.d.next = self.data.val();
        } else if self.running.q.val() {
            self.count.d.next = self.count.q.val() + 1;
            self.bits.d.next = self.bits.q.val() << 1;
            if self.count.q.val() == self.limit.val() {
                self.running.d.next = false;
            }
        }
    }
}

#[test]
fn clocked_blocks_run_from_a_start_pulse_to_done() {
    if let Err(e) = harness::verilator_version() {
        panic!("{e}");
    }
    let mut rows = Rows {
        clock: Default::default(),
        start: Default::default(),
        limit: Default::default(),
        data: Default::default(),
        row_valid: Default::default(),
        row: Default::default(),
        row_bits: Default::default(),
        done: Default::default(),
        count: Default::default(),
        running: Default::default(),
        bits: Default::default(),
    };
    rows.connect_all();
    let dir = work_dir().join("rows");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rows.v");
    std::fs::write(&file, generate_verilog(&rows)).unwrap();
    let model = Model::build(&file, "top", &work_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert!(model.clocked);
    let outputs: Vec<&str> = model.outputs().map(|p| p.name.as_str()).collect();
    assert_eq!(outputs, ["row_valid", "row", "row_bits", "done"]);

    let data: [u64; 2] = [0x0123_4567_89ab_cdef, 0x2a];
    let mask = |w: [u64; 2]| [w[0], w[1] & ((1 << 6) - 1)];
    let mut script = String::new();
    for limit in [0u64, 1, 5, 15] {
        script += &model.set("limit", &[limit]).unwrap();
        script += &model.set("data", &data).unwrap();
        script += "r 40 row_valid done start\n";
    }
    // Idle: no start pulse, nothing valid, never done.
    script += "r 5 row_valid done\n";
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));

    let mut expected = Vec::new();
    for limit in [0u64, 1, 5, 15] {
        for k in 0..=limit {
            let shifted = if k == 0 {
                data
            } else {
                mask([data[0] << k, (data[1] << k) | (data[0] >> (64 - k))])
            };
            let done = u64::from(k == limit);
            expected.push(Reply::Valid(
                k + 1,
                vec![vec![1], vec![k], shifted.to_vec(), vec![done]],
            ));
        }
        expected.push(Reply::Done(limit + 1));
    }
    expected.push(Reply::Timeout(5));
    assert_eq!(replies, expected);
}
