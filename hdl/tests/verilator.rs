//! The generated Verilog, linted and compiled by Verilator and driven from
//! Rust: every output bit (and for clocked blocks every cycle) of each
//! block's model against the host, on positions of random legal games:
//! - `MaskUnit` against the rules (`Position::forbidden`, `attach_cells`)
//!   on 10,158 positions;
//! - `Evaluator` against `model::evaluator` (`features`, `score`):
//!   up to three legal placements of each of 11,390 positions (13,307 with
//!   the bubbles of positions without one), streamed one a clock, every
//!   output `EVAL_LATENCY` clocks later;
//! - `Placer` against `model::placer`: every legal placement of 1,016
//!   positions and all 32,768 (shape, corner) inputs;
//! - `CellCandidates` against `model::cell_candidates`: 254 positions
//!   back to back, every output every cycle;
//! - `CellPlayout`, `PlayoutBank`, `UcbScore` and `Expander` against
//!   their models (`model::cell_playout`, `model::playout_bank`,
//!   `model::board_tree::ucb`, `model::expander`);
//! - `PuctScore`, the next search's score, against
//!   `model::prior_tree::arith::score`: 40,000 pairs of children one pair a
//!   clock across every width of their fields, the virtual loss included;
//! - the engine and the bank with history (`CellPlayout::refined`,
//!   `PlayoutBank::with_refinements`: the next search's refinements)
//!   against `model::cell_playout::run_refined` and the bank's model on
//!   10,158 and 5,079 positions, each with its game's last three placements;
//! - `BoardTree`, the board's search, against
//!   `model::board_tree::search_expanding_after` with small budgets (half
//!   of them stopped by the watchdog): the move, its tile, the counters and
//!   the cycle of `done`;
//! - `CodeDecoder` and `CodeEncoder` against `model::move_code`;
//! - `ClassUnit` against `model::class_unit` (`Classes::of`): every
//!   position of 320 random and 40 sensible games, every class after
//!   `CLASS_LATENCY` clocks, `done` with them and the classes held after;
//! - `PriorScorer` against `model::prior_scorer` (`Classes::counts`,
//!   `Weights::logit` with the fitted weights): every fourth legal
//!   candidate of the same positions, streamed one a clock, every output
//!   after every clock;
//! - the SDRAM on its chip model (`sdram_rig`: `Sdram`, its pads' cells
//!   as Verilator models, and `SdramChipModel`) against `model::sdram`:
//!   random reads, writes and syncs from power-up, every cycle's outputs,
//!   the words read, the chip's REFRESHes and its `error`; the worst wait
//!   for a refresh; a stuck data line.
//! - `PriorExpander` against `model::prior_expander` (the class unit, the
//!   candidate stream, the prior scorer and the 32-entry list together):
//!   every position of the same games back to back, the next one's inputs
//!   on the ports after each start, every child with its distance in its
//!   order and cycle, and the cycle of `done` with the counts, the weight
//!   sum and the best child there.
//! - `PriorTree`, the next search, on the SDRAM and its chip model
//!   (`prior_tree_rig`, two blocks on chip) against
//!   `model::prior_tree::search_traced`, its scripted expander given each
//!   expansion of the model's trace after the edge that took the one
//!   before: each expansion taken at the model's edge, and the move, its
//!   tile, the counts and the edge of `done` (the opening, a midgame
//!   position, one near the end, a pass).
//!
//! The Verilog is the one `make verilog` writes (the `hdl-verilog` binary,
//! run here into the test's own directory); the models are compiled once and
//! reused across runs while the Verilog is unchanged (see
//! `hdl/verilator/harness.rs`). Verilator is required: CI installs it with
//! `scripts/setup.sh`.

#[path = "common/classes.rs"]
mod classes;
mod common;
#[path = "../verilator/harness.rs"]
mod harness;
#[path = "common/inputs.rs"]
mod inputs;
#[path = "common/prior_trees.rs"]
mod prior_trees;
#[path = "common/scores.rs"]
mod scores;
#[path = "common/sdram_bench.rs"]
mod sdram_bench;
#[path = "common/stream.rs"]
mod stream;

use blokus::tiles::shape_table;
use blokus::{Bitboard, Move, Placement, Player, Position};
use common::differing_cells;
use games::blokus::random_games;
use harness::{Model, Reply};
use hdl::{EVAL_LATENCY, UCB_LATENCY};
use model::board_tree::{search_expanding_after as board_tree_search, ucb, EXPAND_AFTER};
use model::cell_candidates::timeline as cell_candidates_timeline;
use model::cell_playout::run as cell_playout_run;
use model::cell_playout::{run_refined, NoHooks, Refinements};
use model::clock::Budget;
use model::evaluator::{features as eval_features, score as eval_score, EvalInputs, Features};
use model::expander::{expand, Expansion, CHILDREN};
use model::placer::{coordinates, placer_cells, placer_tile};
use model::playout_bank::{PlayoutBank as PlayoutBankModel, ENGINES};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
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

/// [`game_positions`], each with the last three placements before it, the
/// latest first (`None` for a pass or before the start).
fn game_positions_with_history() -> Vec<(Position, [Option<Placement>; 3])> {
    random_games(2025, 320)
        .iter()
        .flat_map(|game| inputs::with_history(game))
        .collect()
}

/// The last three moves before a position as the `recent` port takes them
/// (`hdl::RecentMoves`): three codes of 15 bits, the latest lowest, each
/// the shape and the box corner above it, the pass shape for none.
fn recent_moves(recent: &[Option<Placement>; 3]) -> Vec<u64> {
    let code = |p: &Option<Placement>| {
        p.map_or(hdl::board_tree::PASS_SHAPE, |p| {
            u64::from(p.shape) | (p.box_corner().index() as u64) << 7
        })
    };
    vec![code(&recent[0]) | code(&recent[1]) << 15 | code(&recent[2]) << 30]
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
    let model = block_model_with_ports(
        "mask_unit",
        false,
        &["own", "opponent", "start", "forbidden", "attach"],
    );

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

/// A small clocked block to check the harness's `r` command: after a
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

#[test]
fn cell_playout_model_plays_out_as_the_reference_model() {
    let model = block_model_with_ports(
        "cell_playout",
        true,
        &[
            "start", "own", "opponent", "passes", "seed", "done", "busy", "margin", "plies", "rng",
        ],
    );
    // Every 40th position of the 320 games (the empty board, openings,
    // middle games, passes, finished games), each with its own seed.
    let positions: Vec<Position> = game_positions().into_iter().step_by(40).collect();
    let seed = |n: usize| 0x2545_F491u32 ^ (n as u32).wrapping_mul(0x9E37_79B9);
    let (results, elapsed) = run_block(&model, &positions, 10_000, 0, |n, p| {
        let me = p.to_move();
        vec![
            ("own", playout_side(p, me)),
            ("opponent", playout_side(p, me.other())),
            ("passes", vec![u64::from(p.passes_in_row())]),
            ("seed", vec![u64::from(seed(n))]),
        ]
    });
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let (mut total_cycles, mut with_passes, mut openings, mut dead) = (0, 0, 0, 0);
    for (n, (p, (k, got))) in positions.iter().zip(&results).enumerate() {
        let what = format!("cell playout, position {n} (ply {})", p.plies());
        let want = cell_playout_run(p, seed(n));
        let said = (
            out("margin", got) as u8 as i8 as i32,
            out("plies", got) as u32,
            out("rng", got) as u32,
            *k,
        );
        assert_eq!(
            said,
            (want.margin, want.plies, want.rng, want.edges),
            "{what}: the model {want:?}"
        );
        total_cycles += want.edges;
        with_passes += usize::from(want.plies > want.placements);
        openings += usize::from(p.plies() < 8);
        let placing = u64::from(want.placements) * model::cell_playout::PLACEMENT_CYCLES;
        dead += usize::from(want.edges > 1 + placing + u64::from(want.plies - want.placements) + 3);
    }
    assert!(
        positions.len() >= 250 && with_passes > 0 && openings > 0 && dead > 100,
        "{} positions, {with_passes} with passes, {openings} openings, {dead} with dead cells",
        positions.len()
    );
    println!(
        "cell playout: {} positions ({openings} in the opening, {with_passes} playouts with \
         passes, {dead} with dead attach cells), every margin, ply count, generator state and \
         cycle of done equal; {total_cycles} cycles in {elapsed:?}",
        positions.len()
    );
}

#[test]
fn cell_playout_refined_model_plays_out_as_the_reference_model() {
    let model = block_model_with_ports(
        "cell_playout_refined",
        true,
        &[
            "start", "own", "opponent", "passes", "seed", "recent", "done", "busy", "margin",
            "plies", "rng",
        ],
    );
    // Every position of the 320 games, each with its last three placements
    // and its own seed.
    let cases = game_positions_with_history();
    let positions: Vec<Position> = cases.iter().map(|(p, _)| p.clone()).collect();
    let seed = |n: usize| 0x7F4A_7C15u32 ^ (n as u32).wrapping_mul(0x9E37_79B9);
    let (results, elapsed) = run_block(&model, &positions, 10_000, 0, |n, p| {
        let me = p.to_move();
        vec![
            ("own", playout_side(p, me)),
            ("opponent", playout_side(p, me.other())),
            ("passes", vec![u64::from(p.passes_in_row())]),
            ("seed", vec![u64::from(seed(n))]),
            ("recent", recent_moves(&cases[n].1)),
        ]
    });
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let (mut total_cycles, mut known, mut changed, mut with_passes) = (0, 0, 0, 0);
    for (n, ((p, recent), (k, got))) in cases.iter().zip(&results).enumerate() {
        let what = format!(
            "cell playout with history, position {n} (ply {})",
            p.plies()
        );
        let want = run_refined(p, seed(n), Refinements::NEXT, Some(*recent), &mut NoHooks);
        let said = (
            out("margin", got) as u8 as i8 as i32,
            out("plies", got) as u32,
            out("rng", got) as u32,
            *k,
        );
        assert_eq!(
            said,
            (want.margin, want.plies, want.rng, want.edges),
            "{what}: the model {want:?}"
        );
        total_cycles += want.edges;
        known += usize::from(recent.iter().all(Option::is_some));
        changed += usize::from(cell_playout_run(p, seed(n)).rng != want.rng);
        with_passes += usize::from(want.plies > want.placements);
    }
    assert!(
        cases.len() >= 10_000 && known > 7_000 && changed > 5_000 && with_passes > 5_000,
        "{} positions, {known} with three placements known, {changed} changed by them, \
         {with_passes} with passes",
        cases.len()
    );
    println!(
        "cell playout with history: {} positions ({known} with three placements known, \
         {changed} playouts changed by the history, {with_passes} with passes), every margin, \
         ply count, generator state and cycle of done equal; {total_cycles} cycles in \
         {elapsed:?}",
        cases.len()
    );
}

#[test]
fn cell_candidates_model_streams_as_the_reference_model() {
    let model = block_model_with_ports(
        "cell_candidates",
        true,
        &[
            "start",
            "forbidden",
            "attach",
            "tiles_left",
            "valid",
            "shape",
            "corner",
            "done",
        ],
    );
    // Every 40th position of the 320 games, back to back; the outputs after
    // every clock from the start's to the one of `done`.
    let positions: Vec<Position> = game_positions().into_iter().step_by(40).collect();
    let timelines: Vec<_> = positions.iter().map(cell_candidates_timeline).collect();
    let mut script = String::new();
    for (p, (_, done)) in positions.iter().zip(&timelines) {
        let me = p.to_move();
        let mut values: Vec<(&str, Vec<u64>)> = vec![
            ("start", vec![1]),
            ("forbidden", words(p.forbidden(me))),
            ("attach", words(p.attach_cells(me))),
            ("tiles_left", vec![tiles_held(p, me)]),
        ];
        script += &pulse_and_watch(&model, &mut values, *done);
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let mut replies = replies.into_iter();
    let mut candidates = 0;
    for (n, (p, (stream, done))) in positions.iter().zip(&timelines).enumerate() {
        let what = format!("cell candidates, position {n} (ply {})", p.plies());
        let mut next = stream.iter().peekable();
        for edge in 2..=*done {
            let Some(Reply::Outputs(got)) = replies.next() else {
                panic!("{what}: no outputs after edge {edge}");
            };
            let want = next.next_if(|c| c.2 == edge);
            assert_eq!(
                out("valid", &got),
                u64::from(want.is_some()),
                "{what}: valid after edge {edge}"
            );
            if let Some(&(shape, corner, _)) = want {
                assert_eq!(
                    (out("shape", &got), out("corner", &got)),
                    (u64::from(shape), u64::from(corner)),
                    "{what}: the candidate after edge {edge}"
                );
            }
            assert_eq!(
                out("done", &got),
                u64::from(edge == *done),
                "{what}: done after edge {edge}"
            );
        }
        assert!(next.next().is_none(), "{what}: candidates left");
        candidates += stream.len();
    }
    assert_eq!(replies.next(), None);
    assert!(positions.len() >= 250, "{}", positions.len());
    println!(
        "cell candidates: {} positions, {candidates} candidates each in its order and cycle, \
         done in its cycle, in {elapsed:?}",
        positions.len()
    );
}

#[test]
fn playout_bank_model_plays_out_as_the_reference_model() {
    let model = block_model_with_ports(
        "playout_bank",
        true,
        &[
            "start", "reseed", "seed", "own", "opponent", "passes", "done", "busy", "points",
            "plies",
        ],
    );
    // Every 60th position of the 320 games, back to back: the first start
    // reseeds the streams, the others go on from where the engines left them.
    let positions: Vec<Position> = game_positions().into_iter().step_by(60).collect();
    const SEED: u32 = 0xB10C_0D05;
    let (results, elapsed) = run_block(&model, &positions, 20_000, 0, |n, p| {
        let me = p.to_move();
        vec![
            ("own", side(p, me)),
            ("opponent", side(p, me.other())),
            ("reseed", vec![u64::from(n == 0)]),
            ("seed", vec![u64::from(SEED)]),
            ("passes", vec![u64::from(p.passes_in_row())]),
        ]
    });
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let mut bank = PlayoutBankModel::new(SEED);
    let (mut total_cycles, mut mixed) = (0, 0);
    for (n, (p, (k, got))) in positions.iter().zip(&results).enumerate() {
        let want = bank.run(p);
        let said = (out("points", got) as u32, out("plies", got) as u32, *k);
        assert_eq!(
            said,
            (want.points, want.plies, want.edges),
            "playout bank, position {n} (ply {}): the model {want:?}",
            p.plies()
        );
        total_cycles += want.edges;
        mixed += usize::from(want.points > 0 && want.points < 2 * ENGINES as u32);
    }
    assert!(
        positions.len() >= 150 && mixed > 10,
        "{} positions, {mixed} with mixed results",
        positions.len()
    );
    println!(
        "playout bank: {} positions ({mixed} where the {ENGINES} engines disagree), every \
         point, ply count and cycle of done equal; {total_cycles} cycles in {elapsed:?}",
        positions.len()
    );
}

#[test]
fn playout_bank_refined_model_plays_out_as_the_reference_model() {
    let model = block_model_with_ports(
        "playout_bank_refined",
        true,
        &[
            "start", "reseed", "seed", "own", "opponent", "passes", "recent", "done", "busy",
            "points", "plies",
        ],
    );
    // Every other position of the 320 games with its last three
    // placements, back to back: the first start reseeds the streams, the
    // others go on from where the engines left them.
    let cases: Vec<_> = game_positions_with_history()
        .into_iter()
        .step_by(2)
        .collect();
    let positions: Vec<Position> = cases.iter().map(|(p, _)| p.clone()).collect();
    const SEED: u32 = 0xB10C_0D06;
    let (results, elapsed) = run_block(&model, &positions, 20_000, 0, |n, p| {
        let me = p.to_move();
        vec![
            ("own", side(p, me)),
            ("opponent", side(p, me.other())),
            ("reseed", vec![u64::from(n == 0)]),
            ("seed", vec![u64::from(SEED)]),
            ("passes", vec![u64::from(p.passes_in_row())]),
            ("recent", recent_moves(&cases[n].1)),
        ]
    });
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let mut bank = PlayoutBankModel::new(SEED);
    let (mut total_cycles, mut mixed) = (0, 0);
    for (n, ((p, recent), (k, got))) in cases.iter().zip(&results).enumerate() {
        let want = bank.run_refined(p, Refinements::NEXT, *recent);
        let said = (out("points", got) as u32, out("plies", got) as u32, *k);
        assert_eq!(
            said,
            (want.points, want.plies, want.edges),
            "playout bank with history, position {n} (ply {}): the model {want:?}",
            p.plies()
        );
        total_cycles += want.edges;
        mixed += usize::from(want.points > 0 && want.points < 2 * ENGINES as u32);
    }
    assert!(
        cases.len() >= 5_000 && mixed > 500,
        "{} positions, {mixed} with mixed results",
        cases.len()
    );
    println!(
        "playout bank with history: {} positions ({mixed} where the {ENGINES} engines \
         disagree), every point, ply count and cycle of done equal; {total_cycles} cycles in \
         {elapsed:?}",
        cases.len()
    );
}

#[test]
fn board_tree_model_searches_as_the_reference_model() {
    let model = block_model_with_ports(
        "board_tree",
        true,
        &[
            "start",
            "cancel",
            "own",
            "opponent",
            "start_square",
            "opponent_start_square",
            "tiles_left",
            "opponent_tiles_left",
            "passes",
            "rounds_until",
            "expand_after",
            "watchdog",
            "done",
            "found",
            "best_shape",
            "best_corner",
            "rounds",
            "nodes",
            "best_tile",
            "candidates",
            "plies",
            "timed_out",
            "busy",
        ],
    );
    // Every 60th position of the 320 games, each searched with rounds for
    // 30,000 cycles (0.6 ms of board time): tens of rounds, a tree a few
    // levels deep. Every other search has its watchdog inside the rounds,
    // at cycles spread over a round's steps, so that it fires; after each
    // search the clock runs on until the bank and the expander are idle.
    let positions: Vec<Position> = game_positions()
        .into_iter()
        .step_by(60)
        .filter(|p| !p.is_over())
        .collect();
    let budget = |n: usize| {
        let mut budget = Budget::rounds_for(30_000);
        if n % 2 == 1 {
            budget.watchdog = 9_000 + 1_013 * (n as u64 % 19);
        }
        budget
    };
    // Leaves expanded after 4 visits (one round) grow trees several levels
    // deep in these few rounds; every third search takes the board's count.
    let expand_after = |n: usize| {
        if n.is_multiple_of(3) {
            EXPAND_AFTER
        } else {
            ENGINES as u32
        }
    };
    let (results, elapsed) = run_search_block(&model, &positions, 60_000, 4_000, |n, p| {
        vec![
            ("passes", vec![u64::from(p.passes_in_row())]),
            ("cancel", vec![0]),
            ("rounds_until", vec![budget(n).rounds_until]),
            ("watchdog", vec![budget(n).watchdog]),
            ("expand_after", vec![u64::from(expand_after(n))]),
        ]
    });
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let (mut total_cycles, mut rounds, mut deep, mut fired) = (0, 0, 0, 0);
    for (n, (p, (k, got))) in positions.iter().zip(&results).enumerate() {
        let want = board_tree_search(p, budget(n), expand_after(n));
        let best = want.best.map(|c| (u64::from(c.shape), u64::from(c.corner)));
        let said_best =
            (out("found", got) == 1).then(|| (out("best_shape", got), out("best_corner", got)));
        let tile = want
            .best
            .map(|c| shape_table().shapes[usize::from(c.shape)].tile.index() as u64);
        assert_eq!(
            (
                said_best,
                said_best.and(Some(out("best_tile", got))),
                out("rounds", got) as u32,
                out("nodes", got) as usize,
                out("candidates", got) as usize,
                out("plies", got),
                out("timed_out", got) == 1,
                *k
            ),
            (
                best,
                tile,
                want.rounds,
                want.nodes,
                want.candidates,
                want.plies,
                want.timed_out,
                want.edges
            ),
            "board tree, position {n} (ply {}): (move, tile, rounds, nodes, candidates, plies, \
             timed out, edges)",
            p.plies()
        );
        fired += usize::from(want.timed_out);
        total_cycles += want.edges;
        rounds += u64::from(want.rounds);
        deep += usize::from(want.depth >= 3);
    }
    assert!(
        positions.len() >= 150 && deep > 20 && fired > 50,
        "{} positions, {deep} with a tree 3 deep, {fired} stopped by the watchdog",
        positions.len()
    );
    println!(
        "board tree: {} positions ({rounds} rounds, {deep} trees 3 or more deep, {fired} stopped \
         by the watchdog), every move, its tile, round, node, candidate and ply count, the \
         watchdog's flag and the cycle of done equal; {total_cycles} cycles in {elapsed:?}",
        positions.len()
    );
}

/// The script that sets `values` (their first is `start`, at 1) for one
/// clock, then sets `start` to 0 and reads the outputs after each of the
/// next `edges - 1` clocks: a block started at edge 1, watched through
/// edge `edges`.
fn pulse_and_watch(model: &Model, values: &mut [(&str, Vec<u64>)], edges: usize) -> String {
    let set = |values: &[(&str, Vec<u64>)]| {
        let values: Vec<(&str, &[u64])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
        model.set_all(&values).unwrap()
    };
    let mut script = set(values);
    script += "c 1\n";
    values[0].1 = vec![0];
    script += &set(values);
    script + &"c 1\no\n".repeat(edges - 1)
}

/// Runs a pipelined block's Verilator model on a stream of inputs, one set
/// a clock: gives the outputs at power-up and after every clock (one more
/// than the steps), and the time it took.
fn run_stream<'a>(
    model: &Model,
    steps: impl Iterator<Item = Vec<(&'a str, Vec<u64>)>>,
) -> (Vec<Vec<Vec<u64>>>, std::time::Duration) {
    let mut script = String::from("o\n");
    let mut clocks = 0;
    for values in steps {
        let values: Vec<(&str, &[u64])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
        script += &model.set_all(&values).unwrap();
        script += "c 1\no\n";
        clocks += 1;
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    assert_eq!(replies.len(), clocks + 1);
    let outputs = replies
        .into_iter()
        .map(|reply| match reply {
            Reply::Outputs(out) => out,
            other => panic!("{}: unexpected reply {other:?}", model.top),
        })
        .collect();
    (outputs, elapsed)
}

/// [`run_stream`] for a block whose outputs may read its inputs (the
/// SDRAM's `ready`, which depends on the request presented): each step's
/// inputs are set after the clock before it (the first before any clock)
/// and the outputs printed with them, what the block shows in that cycle.
/// One reply a step.
fn run_stream_settled<'a>(
    model: &Model,
    steps: impl Iterator<Item = Vec<(&'a str, Vec<u64>)>>,
) -> (Vec<Vec<Vec<u64>>>, std::time::Duration) {
    let mut script = String::new();
    let mut count = 0;
    for values in steps {
        if count > 0 {
            script += "c 1\n";
        }
        let values: Vec<(&str, &[u64])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
        script += &model.set_all(&values).unwrap();
        script += "o\n";
        count += 1;
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    assert_eq!(replies.len(), count);
    let outputs = replies
        .into_iter()
        .map(|reply| match reply {
            Reply::Outputs(out) => out,
            other => panic!("{}: unexpected reply {other:?}", model.top),
        })
        .collect();
    (outputs, elapsed)
}

/// A run's cycle of `done` and the block's outputs there.
type BlockResult = (u64, Vec<Vec<u64>>);

/// Runs a search block's Verilator model on `positions` one after another:
/// each position's boards and tiles (`board_inputs`, `tiles_held`) and the
/// block's own `extra(n, position)` inputs set, a `start` pulse, then up to
/// `limit` cycles until `done`. Gives each position's cycle of `done` and
/// outputs there (every run must end in `done`), and the time it all took.
fn run_search_block(
    model: &Model,
    positions: &[Position],
    limit: u64,
    settle: u64,
    extra: impl Fn(usize, &Position) -> Vec<(&'static str, Vec<u64>)>,
) -> (Vec<BlockResult>, std::time::Duration) {
    run_block(model, positions, limit, settle, |n, p| {
        let me = p.to_move();
        let mut values: Vec<(&str, Vec<u64>)> = board_inputs(p).into();
        values.extend([
            ("tiles_left", vec![tiles_held(p, me)]),
            ("opponent_tiles_left", vec![tiles_held(p, me.other())]),
        ]);
        values.extend(extra(n, p));
        values
    })
}

/// [`run_search_block`] with every input but `start` from `inputs`.
fn run_block(
    model: &Model,
    positions: &[Position],
    limit: u64,
    settle: u64,
    inputs: impl Fn(usize, &Position) -> Vec<(&'static str, Vec<u64>)>,
) -> (Vec<BlockResult>, std::time::Duration) {
    let mut script = String::new();
    for (n, p) in positions.iter().enumerate() {
        let mut values: Vec<(&str, Vec<u64>)> = vec![("start", vec![0])];
        values.extend(inputs(n, p));
        let values: Vec<(&str, &[u64])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
        script += &model.set_all(&values).unwrap();
        script += &format!("r {limit} done done start\n");
        if settle > 0 {
            script += &format!("c {settle}\n");
        }
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let mut replies = replies.into_iter();
    let results = (0..positions.len())
        .map(|n| {
            let reply = replies.next();
            let Some(Reply::Valid(k, got)) = reply else {
                panic!("{}, position {n}: no result but {reply:?}", model.top);
            };
            assert_eq!(replies.next(), Some(Reply::Done(k)), "position {n}");
            (k, got)
        })
        .collect();
    assert_eq!(replies.next(), None);
    (results, elapsed)
}

/// Fields packed as a `LogicStruct` port takes them: each `(words, width)`
/// above the ones before it, the first lowest.
fn packed(fields: &[(&[u64], usize)]) -> Vec<u64> {
    let total: usize = fields.iter().map(|(_, width)| width).sum();
    let mut out = vec![0u64; total.div_ceil(64)];
    let mut at = 0;
    for (words, width) in fields {
        for bit in 0..*width {
            if words[bit / 64] >> (bit % 64) & 1 == 1 {
                out[(at + bit) / 64] |= 1 << ((at + bit) % 64);
            }
        }
        at += width;
    }
    out
}

/// `player`'s side in `p` as the playout engine's `PlayoutSide` port: its
/// forbidden and attach cells and its tiles.
fn playout_side(p: &Position, player: Player) -> Vec<u64> {
    packed(&[
        (&words(p.forbidden(player)), 196),
        (&words(p.attach_cells(player)), 196),
        (&[tiles_held(p, player)], 21),
    ])
}

/// `player`'s side in `p` as the search blocks' `Side` port: its cells, its
/// start square and its tiles.
fn side(p: &Position, player: Player) -> Vec<u64> {
    packed(&[
        (&words(p.cells(player)), 196),
        (&words(Bitboard::from_cell(player.start_square())), 196),
        (&[tiles_held(p, player)], 21),
    ])
}

/// The tiles `player` holds in `p`, as the blocks' 21-bit input.
fn tiles_held(p: &Position, player: Player) -> u64 {
    u64::from(!p.used_tiles(player) & blokus::tiles::ALL_TILES)
}

/// The board inputs of the core and the search for the side to move of `p`:
/// its cells, the other side's, and both start squares.
fn board_inputs(p: &Position) -> [(&'static str, Vec<u64>); 4] {
    let me = p.to_move();
    [
        ("own", words(p.cells(me))),
        ("opponent", words(p.cells(me.other()))),
        (
            "start_square",
            words(Bitboard::from_cell(me.start_square())),
        ),
        (
            "opponent_start_square",
            words(Bitboard::from_cell(me.other().start_square())),
        ),
    ]
}

/// The index of output `name` among `model`'s outputs (as in a reply).
fn output_index(model: &Model, name: &str) -> usize {
    model
        .outputs()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("{} has no output {name}", model.top))
}

/// [`block_model`], checked to be clocked (or not) and to have exactly
/// `ports`, inputs and outputs in declaration order (the clock excluded).
fn block_model_with_ports(name: &str, clocked: bool, ports: &[&str]) -> Model {
    let model = block_model(name);
    assert_eq!(model.clocked, clocked, "{name}: clocked");
    assert_eq!(port_names(&model), ports, "{name}: ports");
    model
}

/// The port names of `model`, inputs and outputs in declaration order.
fn port_names(model: &Model) -> Vec<&str> {
    model.ports.iter().map(|p| p.name.as_str()).collect()
}

/// Games for the evaluator: enough that at least 10,000 of their positions
/// have a legal placement.
const EVALUATOR_GAMES: usize = 420;

/// One clock of the evaluator's input stream.
struct EvalStep {
    what: String,
    valid: bool,
    inputs: EvalInputs,
}

/// The outputs of `Evaluator` for `features`, as the harness replies: valid,
/// the five 8-bit counts, the 12-bit two's complement score.
fn evaluator_outputs(valid: bool, f: &Features) -> Vec<Vec<u64>> {
    let score = eval_score(f);
    vec![
        vec![u64::from(valid)],
        vec![u64::from(f.cells)],
        vec![u64::from(f.own_attach)],
        vec![u64::from(f.opp_attach)],
        vec![u64::from(f.own_reach)],
        vec![u64::from(f.opp_reach)],
        vec![(i64::from(score) as u64) & 0xfff],
    ]
}

#[test]
fn evaluator_model_matches_the_reference_model_on_ten_thousand_positions() {
    let model = block_model_with_ports(
        "evaluator",
        true,
        &[
            "valid_in",
            "own",
            "opponent",
            "opponent_attach",
            "candidate",
            "valid_out",
            "cells",
            "own_attach",
            "opp_attach",
            "own_reach",
            "opp_reach",
            "score",
        ],
    );
    assert_eq!(output_index(&model, "valid_out"), 0);

    // The stream, one step a clock: up to three legal placements of each
    // position (its first, middle and last), back to back; a position with
    // none (a pass, the end) is a bubble, `valid_in` low with no candidate;
    // then EVAL_LATENCY bubbles to drain the pipeline.
    let positions: Vec<Position> = random_games(2026, EVALUATOR_GAMES)
        .into_iter()
        .flatten()
        .collect();
    let mut steps = Vec::new();
    let mut evaluated = 0;
    for (n, p) in positions.iter().enumerate() {
        let legal = p.legal_placements();
        if legal.is_empty() {
            let me = p.to_move();
            steps.push(EvalStep {
                what: format!("position {n} (ply {}), no candidate", p.plies()),
                valid: false,
                inputs: EvalInputs {
                    own: p.cells(me),
                    opponent: p.cells(me.other()),
                    opponent_attach: p.attach_cells(me.other()),
                    candidate: Bitboard::EMPTY,
                },
            });
            continue;
        }
        evaluated += 1;
        let mut picks = vec![0, legal.len() / 2, legal.len() - 1];
        picks.dedup();
        for i in picks {
            steps.push(EvalStep {
                what: format!(
                    "position {n} (ply {}), placement {i} of {} ({})",
                    p.plies(),
                    legal.len(),
                    Move::Place(legal[i])
                ),
                valid: true,
                inputs: EvalInputs::for_placement(p, legal[i]),
            });
        }
    }
    assert!(
        evaluated >= 10_000,
        "only {evaluated} positions with a move"
    );
    let nothing = EvalInputs {
        own: Bitboard::EMPTY,
        opponent: Bitboard::EMPTY,
        opponent_attach: Bitboard::EMPTY,
        candidate: Bitboard::EMPTY,
    };
    for k in 0..EVAL_LATENCY {
        steps.push(EvalStep {
            what: format!("drain {k}"),
            valid: false,
            inputs: nothing,
        });
    }

    let (outputs, elapsed) = run_stream(
        &model,
        steps.iter().map(|step| {
            let x = &step.inputs;
            vec![
                ("valid_in", vec![u64::from(step.valid)]),
                ("own", words(x.own)),
                ("opponent", words(x.opponent)),
                ("opponent_attach", words(x.opponent_attach)),
                ("candidate", words(x.candidate)),
            ]
        }),
    );

    // After clock j the outputs hold step j - EVAL_LATENCY (sampled at edge
    // j - EVAL_LATENCY + 1); before, the registers' power-up zeros.
    for (j, out) in outputs.iter().enumerate() {
        let (what, want) = match j.checked_sub(EVAL_LATENCY) {
            None => (
                format!("power-up, after {j} clocks"),
                evaluator_outputs(false, &Features::default()),
            ),
            Some(s) => (
                format!("{}, after {j} clocks", steps[s].what),
                evaluator_outputs(steps[s].valid, &eval_features(&steps[s].inputs)),
            ),
        };
        assert_eq!(
            out, &want,
            "evaluator, {what}: outputs (valid_out, cells, own_attach, opp_attach, \
             own_reach, opp_reach, score) differ"
        );
    }
    let candidates = steps.iter().filter(|s| s.valid).count();
    // The score's sign bit is exercised.
    let negative = steps
        .iter()
        .filter(|s| s.valid && eval_score(&eval_features(&s.inputs)) < 0)
        .count();
    assert!(negative > 0);
    println!(
        "evaluator: {} positions ({evaluated} with a move), {candidates} candidates \
         ({negative} scored below 0) in {} cycles, every output bit equal \
         {EVAL_LATENCY} cycles later, in {elapsed:?}",
        positions.len(),
        steps.len()
    );
}

#[test]
fn ucb_score_model_scores_as_the_reference_model() {
    let model = block_model_with_ports(
        "ucb_score",
        true,
        &[
            "valid_in",
            "points",
            "visits",
            "parent",
            "score",
            "valid_out",
        ],
    );
    // Children one a clock: every visit count of 1 to 600 (the tables' whole
    // range and the first shifts), then counts spread over every width up
    // to 2^23, each with points from none to all wins and several parents;
    // then UCB_LATENCY bubbles to drain the pipeline.
    let mut rng = StdRng::seed_from_u64(23);
    let mut children: Vec<(u64, u64, u64)> = (1..=600u64)
        .map(|v| {
            (
                rng.random_range(0..=2 * v),
                v,
                v + rng.random_range(0..100_000),
            )
        })
        .collect();
    for width in 1..=23 {
        for _ in 0..200 {
            let visits = rng.random_range(1u64 << (width - 1)..1 << width);
            let points = rng.random_range(0..=2 * visits);
            let parent = rng.random_range(visits..1 << 24);
            children.push((points, visits, parent));
        }
    }
    let steps: Vec<Option<(u64, u64, u64)>> = children
        .iter()
        .copied()
        .map(Some)
        .chain(std::iter::repeat_n(None, UCB_LATENCY))
        .collect();
    let (outputs, elapsed) = run_stream(
        &model,
        steps.iter().map(|step| {
            let (valid, (points, visits, parent)) = match step {
                Some(child) => (1, *child),
                None => (0, (0, 0, 0)),
            };
            vec![
                ("valid_in", vec![valid]),
                ("points", vec![points]),
                ("visits", vec![visits]),
                ("parent", vec![parent]),
            ]
        }),
    );
    // After clock j the outputs hold step j - UCB_LATENCY.
    for (j, out) in outputs.iter().enumerate() {
        let want = match j.checked_sub(UCB_LATENCY).and_then(|s| steps[s]) {
            Some((points, visits, parent)) => vec![vec![ucb(points, visits, parent)], vec![1]],
            None => vec![out[0].clone(), vec![0]],
        };
        assert_eq!(out, &want, "ucb score after {j} clocks: (score, valid_out)");
    }
    println!(
        "ucb score: {} children, every score equal {UCB_LATENCY} cycles later, in {elapsed:?}",
        children.len()
    );
}

#[test]
fn puct_score_model_scores_as_the_reference_model() {
    let model = block_model_with_ports(
        "puct_score",
        true,
        &[
            "parent",
            "even",
            "odd",
            "even_score",
            "even_valid",
            "odd_score",
            "odd_valid",
        ],
    );
    // Pairs one a clock across every width of the fields (the parent's to
    // 2^24 - 1, a child's visits to the most a node counts, values to a
    // win a visit, every prior, in flight or not, lanes empty or not), then
    // SCORE_LATENCY bubbles to drain the pipeline.
    let pairs = scores::pairs(40_000);
    let steps: Vec<scores::Pair> = pairs
        .iter()
        .copied()
        .chain(std::iter::repeat_n(
            scores::Pair::default(),
            hdl::SCORE_LATENCY,
        ))
        .collect();
    let (outputs, elapsed) = run_stream(
        &model,
        steps.iter().map(|p| {
            vec![
                ("parent", vec![u64::from(p.parent)]),
                ("even", p.even.words()),
                ("odd", p.odd.words()),
            ]
        }),
    );
    // After clock j the outputs hold step j - SCORE_LATENCY (an empty
    // lane's score is whatever its registers hold: not compared).
    let mut scored = 0;
    for (j, out) in outputs.iter().enumerate() {
        let step = j.checked_sub(hdl::SCORE_LATENCY).map(|s| steps[s]);
        for (lane, child) in [
            (0, step.map(|p| (p.parent, p.even))),
            (1, step.map(|p| (p.parent, p.odd))),
        ] {
            let valid = child.is_some_and(|(_, c)| c.valid);
            assert_eq!(
                out[2 * lane + 1],
                vec![u64::from(valid)],
                "lane {lane} after {j} clocks: valid"
            );
            if let Some((parent, c)) = child.filter(|_| valid) {
                assert_eq!(
                    out[2 * lane],
                    vec![scores::want(parent, &c)],
                    "lane {lane} after {j} clocks: the score of {c:?} under {parent}"
                );
                scored += 1;
            }
        }
    }
    println!(
        "puct score: {} pairs, {scored} children, every score equal {} cycles later, in {elapsed:?}",
        pairs.len(),
        hdl::SCORE_LATENCY
    );
}

#[test]
fn expander_model_streams_the_children_of_the_reference_model() {
    let model = block_model_with_ports(
        "expander",
        true,
        &[
            "start",
            "own",
            "opponent",
            "child",
            "child_shape",
            "child_corner",
            "done",
            "busy",
            "candidates",
            "found",
            "best_shape",
            "best_corner",
            "best_tile",
        ],
    );
    // Every 60th position of the 320 games, back to back; the outputs after
    // every clock from the start's to the one of `done`.
    let positions: Vec<Position> = game_positions().into_iter().step_by(60).collect();
    let mut script = String::new();
    let expansions: Vec<Expansion> = positions.iter().map(expand).collect();
    for (p, want) in positions.iter().zip(&expansions) {
        let me = p.to_move();
        let mut values: Vec<(&str, Vec<u64>)> = vec![
            ("start", vec![1]),
            ("own", side(p, me)),
            ("opponent", side(p, me.other())),
        ];
        script += &pulse_and_watch(&model, &mut values, want.edges as usize);
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let mut replies = replies.into_iter();
    let (mut children, mut few) = (0, 0);
    for (n, (p, want)) in positions.iter().zip(&expansions).enumerate() {
        let what = format!("expander, position {n} (ply {})", p.plies());
        let first_child = want.edges - want.children.len() as u64 - 1;
        for edge in 2..=want.edges {
            let Some(Reply::Outputs(got)) = replies.next() else {
                panic!("{what}: no outputs after edge {edge}");
            };
            let child = edge
                .checked_sub(first_child)
                .and_then(|k| want.children.get(k as usize));
            assert_eq!(
                out("child", &got),
                u64::from(child.is_some()),
                "{what}: child after edge {edge}"
            );
            if let Some(c) = child {
                assert_eq!(
                    (out("child_shape", &got), out("child_corner", &got)),
                    (u64::from(c.shape), u64::from(c.corner)),
                    "{what}: the child after edge {edge}"
                );
            }
            assert_eq!(
                (out("done", &got), out("busy", &got)),
                (u64::from(edge == want.edges), u64::from(edge < want.edges)),
                "{what}: (done, busy) after edge {edge}"
            );
            if edge == want.edges {
                assert_eq!(
                    out("candidates", &got),
                    want.candidates as u64,
                    "{what}: candidates"
                );
                assert_eq!(
                    out("found", &got),
                    u64::from(want.candidates > 0),
                    "{what}: found"
                );
            }
        }
        children += want.children.len();
        few += usize::from(want.children.len() < CHILDREN);
    }
    assert_eq!(replies.next(), None);
    assert!(
        positions.len() >= 150 && few > 5,
        "{} positions, {few} with few candidates",
        positions.len()
    );
    println!(
        "expander: {} positions ({few} with fewer candidates than children), {children} children \
         each in its order and cycle, done in its cycle, in {elapsed:?}",
        positions.len()
    );
}

#[test]
fn placer_model_matches_the_reference_model_on_every_input_and_legal_placement() {
    let model = block_model_with_ports("placer", false, &["shape", "corner", "cells", "tile"]);

    // Every legal placement of every tenth position of the games, then every
    // (shape, corner) the inputs can hold.
    let positions: Vec<Position> = game_positions().into_iter().step_by(10).collect();
    assert!(positions.len() >= 1_000);
    let mut cases: Vec<(u8, u8)> = Vec::new();
    for p in &positions {
        for placement in p.legal_placements() {
            let (shape, corner) = coordinates(placement);
            // The model places it as the rules do.
            assert_eq!(placer_cells(shape, corner), placement.cells());
            assert_eq!(usize::from(placer_tile(shape)), placement.tile().index());
            cases.push((shape, corner));
        }
    }
    let legal = cases.len();
    cases.extend((0..128u8).flat_map(|shape| (0..=255u8).map(move |corner| (shape, corner))));

    let mut script = String::new();
    for &(shape, corner) in &cases {
        script += &model
            .set_all(&[
                ("shape", &[u64::from(shape)]),
                ("corner", &[u64::from(corner)]),
            ])
            .unwrap();
        script += "o\n";
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    assert_eq!(replies.len(), cases.len());
    for (n, (&(shape, corner), reply)) in cases.iter().zip(&replies).enumerate() {
        let Reply::Outputs(out) = reply else {
            panic!("unexpected reply {reply:?}");
        };
        let (cells, want) = (bitboard(&out[0]), placer_cells(shape, corner));
        assert!(
            cells == want && out[1] == [u64::from(placer_tile(shape))],
            "placer, case {n}: shape {shape}, corner {corner}: cells differ at {:?}, \
             tile {} (model {})",
            differing_cells(cells, want),
            out[1][0],
            placer_tile(shape)
        );
    }
    println!(
        "placer: {} positions, {legal} legal placements and all {} (shape, corner) inputs, \
         every output bit equal, in {elapsed:?}",
        positions.len(),
        cases.len() - legal
    );
}

#[test]
fn code_decoder_and_encoder_models_match_the_reference_model_on_every_input_swept() {
    use hdl::move_code::code_bits;
    use model::move_code::{decode, encode, nearby_codes, Decoded};
    let decoder = block_model_with_ports(
        "code_decoder",
        false,
        &["code", "pass", "place", "shape", "corner"],
    );
    let codes: Vec<[u8; 4]> = nearby_codes().into_iter().chain([*b"0000"]).collect();
    let mut script = String::new();
    for c in &codes {
        script += &decoder.set_all(&[("code", &[code_bits(*c)])]).unwrap();
        script += "o\n";
    }
    let replies = decoder.run(&script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replies.len(), codes.len());
    for (c, reply) in codes.iter().zip(&replies) {
        let Reply::Outputs(o) = reply else {
            panic!("unexpected reply {reply:?}");
        };
        let got = match (o[0][0], o[1][0]) {
            (1, 0) => Decoded::Pass,
            (0, 1) => Decoded::Place {
                shape: o[2][0] as u8,
                corner: o[3][0] as u8,
            },
            (0, 0) => Decoded::Invalid,
            _ => panic!("{c:?}: both a pass and a placement"),
        };
        assert_eq!(got, decode(*c), "{:?}", String::from_utf8_lossy(c));
    }

    let encoder =
        block_model_with_ports("code_encoder", false, &["pass", "shape", "corner", "code"]);
    let inputs: Vec<(bool, u8, u8)> = [false, true]
        .into_iter()
        .flat_map(|pass| (0..128u8).flat_map(move |s| (0..196u8).map(move |c| (pass, s, c))))
        .collect();
    let mut script = String::new();
    for &(pass, shape, corner) in &inputs {
        script += &encoder
            .set_all(&[
                ("pass", &[u64::from(pass)]),
                ("shape", &[u64::from(shape)]),
                ("corner", &[u64::from(corner)]),
            ])
            .unwrap();
        script += "o\n";
    }
    let replies = encoder.run(&script).unwrap_or_else(|e| panic!("{e}"));
    for (&(pass, shape, corner), reply) in inputs.iter().zip(&replies) {
        let Reply::Outputs(o) = reply else {
            panic!("unexpected reply {reply:?}");
        };
        assert_eq!(
            (o[0][0] as u32).to_le_bytes(),
            encode(pass, shape, corner),
            "{pass} {shape} {corner}"
        );
    }
    println!(
        "code_decoder: {} codes; code_encoder: {} inputs; every output equal",
        codes.len(),
        inputs.len()
    );
}

/// Every position of 320 random games and 40 sensible ones (four random
/// moves, then greedy), each with the opponent's last two placements.
fn class_cases() -> Vec<classes::Case> {
    let mut cases = classes::cases("random", &random_games(2025, 320));
    cases.extend(classes::cases(
        "sensible",
        &games::blokus::sensible_games(2025, 40, 4),
    ));
    assert!(cases.len() >= 11_000, "only {} positions", cases.len());
    cases
}

/// `width` bits of `words` from bit `at`, as words.
fn bits_at(words: &[u64], at: usize, width: usize) -> Vec<u64> {
    let mut out = vec![0u64; width.div_ceil(64)];
    for bit in 0..width {
        let from = at + bit;
        if words[from / 64] >> (from % 64) & 1 == 1 {
            out[bit / 64] |= 1 << (bit % 64);
        }
    }
    out
}

/// The class unit's `classes` port (`CellClasses`, fields in order, the
/// first lowest) as the model's classes.
fn classes_of_port(words: &[u64]) -> model::next::features::Classes {
    let class = |i: usize| bitboard(&bits_at(words, 196 * i, 196));
    model::next::features::Classes {
        opponent_near: class(0),
        local: class(1),
        own: class(2),
        opponent: class(3),
        forbidden: class(4),
        own_attach: class(5),
        free_by_neighbours: [class(6), class(7), class(8), class(9), class(10)],
    }
}

/// The model's classes as the `classes` port takes them.
fn classes_port(c: &model::next::features::Classes) -> Vec<u64> {
    let sets = classes::named(c).map(|(_, set)| words(set));
    let fields: Vec<(&[u64], usize)> = sets.iter().map(|w| (&w[..], 196)).collect();
    packed(&fields)
}

#[test]
fn class_unit_model_gives_the_classes_of_the_reference_model() {
    use model::class_unit::{load, recent_cells};
    let model = block_model_with_ports(
        "class_unit",
        true,
        &[
            "start", "own", "opponent", "latest", "earlier", "classes", "done",
        ],
    );
    // Each position started at its own edge; after it the next position's
    // inputs without a start (they must not disturb the classes), and a
    // third edge: the outputs after each.
    let cases = class_cases();
    let inputs = |c: &classes::Case, start: bool| -> String {
        let p = &c.position;
        let me = p.to_move();
        let [latest, earlier] = recent_cells(&c.recent);
        model
            .set_all(&[
                ("start", &[u64::from(start)]),
                ("own", &side(p, me)),
                ("opponent", &side(p, me.other())),
                ("latest", &words(latest)),
                ("earlier", &words(earlier)),
            ])
            .unwrap()
    };
    let mut script = String::new();
    for (k, case) in cases.iter().enumerate() {
        script += &inputs(case, true);
        script += "c 1\no\n";
        script += &inputs(&cases[(k + 1) % cases.len()], false);
        script += "c 1\no\nc 1\no\n";
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    assert_eq!(replies.len(), 3 * cases.len());
    let shown: Vec<(model::next::features::Classes, bool)> = replies
        .iter()
        .map(|reply| {
            let Reply::Outputs(out) = reply else {
                panic!("unexpected reply {reply:?}");
            };
            (classes_of_port(&out[0]), out[1] == [1])
        })
        .collect();
    let check = |what: &str,
                 got: &model::next::features::Classes,
                 want: &model::next::features::Classes| {
        for ((name, g), (_, w)) in classes::named(got).iter().zip(classes::named(want)) {
            assert!(
                *g == w,
                "class unit, {what}: class {name} differs at {:?}",
                differing_cells(*g, w)
            );
        }
    };
    let mut local = 0;
    for (k, case) in cases.iter().enumerate() {
        let want = load(&case.position, &case.recent);
        assert_eq!(want.edges, hdl::CLASS_LATENCY as u64);
        let (started, loaded, held) = (&shown[3 * k], &shown[3 * k + 1], &shown[3 * k + 2]);
        if k > 0 {
            let before = load(&cases[k - 1].position, &cases[k - 1].recent).classes;
            assert!(!started.1, "{}: done after the start's edge", case.what);
            check(&case.what, &started.0, &before);
        }
        assert!(loaded.1 && !held.1, "{}: done after edges 2, 3", case.what);
        check(&case.what, &loaded.0, &want.classes);
        check(&case.what, &held.0, &want.classes);
        local += usize::from(!want.classes.local.is_empty());
    }
    assert!(local > cases.len() / 2, "{local}");
    println!(
        "class unit: {} positions ({local} with a local class), every class equal after {} \
         clocks and held, done in its cycle, in {elapsed:?}",
        cases.len(),
        hdl::CLASS_LATENCY
    );
}

/// The prior scorer's `counts` port (`PriorCounts`, fields in order, the
/// first lowest) as the model's counts.
fn prior_counts_of_port(words: &[u64]) -> model::next::features::Counts {
    let widths = [8, 1, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8];
    let mut counts = [0u8; model::next::features::FEATURES];
    let mut at = 0;
    for (f, width) in widths.iter().enumerate() {
        counts[f] = bits_at(words, at, *width)[0] as u8;
        at += width;
    }
    let size = bits_at(words, at, 5)[0];
    for k in 0..5 {
        counts[13 + k] = (size >> k & 1) as u8;
    }
    counts
}

#[test]
fn prior_scorer_model_scores_as_the_reference_model() {
    use model::next::prior::FITTED;
    let model = block_model_with_ports(
        "prior_scorer",
        true,
        &[
            "classes",
            "candidate",
            "shape",
            "corner",
            "stream_done",
            "scored",
            "scored_shape",
            "scored_corner",
            "scored_tile",
            "counts",
            "logit",
            "finished",
        ],
    );
    // Every fourth legal candidate of each position, one a clock, the
    // position's classes on the bus (set when they change), the outputs
    // after every clock.
    let cases = class_cases();
    let stream = stream::Stream::new(&cases, &FITTED, 4, 11);
    let buses: Vec<String> = stream
        .classes
        .iter()
        .map(|c| model.set("classes", &classes_port(c)).unwrap())
        .collect();
    let mut script = String::new();
    let mut bus = None;
    for step in &stream.steps {
        if bus != Some(step.classes) {
            script += &buses[step.classes];
            bus = Some(step.classes);
        }
        let (shape, corner) = step.candidate.unwrap_or((127, 255));
        script += &format!(
            "s candidate {}\ns shape {shape:x}\ns corner {corner:x}\ns stream_done {}\nc 1\no\n",
            u8::from(step.candidate.is_some()),
            u8::from(step.done)
        );
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let shown: Vec<stream::Shown> = replies
        .iter()
        .map(|reply| {
            let Reply::Outputs(out) = reply else {
                panic!("unexpected reply {reply:?}");
            };
            let logit = out[5][0] as i32;
            let half = 1 << (hdl::prior_scorer::LOGIT_BITS - 1);
            stream::Shown {
                scored: (out[0] == [1]).then(|| {
                    (
                        out[1][0] as u8,
                        out[2][0] as u8,
                        out[3][0] as u8,
                        prior_counts_of_port(&out[4]),
                        if logit >= half {
                            logit - 2 * half
                        } else {
                            logit
                        },
                    )
                }),
                finished: out[6] == [1],
            }
        })
        .collect();
    let (candidates, local, low, high) = stream.check(&shown);
    assert!(
        candidates > 100_000 && local > 10_000 && low < -100 && high > 100,
        "{candidates} candidates, {local} local, logits {low} to {high}"
    );
    println!(
        "prior scorer: {} positions, {candidates} candidates ({local} local, logits {low} to \
         {high}) in {} clocks, every output after every clock equal, in {elapsed:?}",
        cases.len(),
        stream.steps.len()
    );
}

/// Runs an SDRAM plan on the rig's Verilator model (a data line forced
/// if `stuck` is given): the outputs of every cycle.
fn run_sdram_rig(
    model: &Model,
    plan: &sdram_bench::Plan,
    stuck: Option<(u8, bool)>,
) -> Vec<sdram_bench::Outputs> {
    let cycles = plan.inputs.len() - 1;
    let steps = plan.inputs.iter().map(|i| {
        vec![
            ("valid", vec![u64::from(i.valid)]),
            ("request", vec![i.request_bits()]),
            ("write_data", vec![u64::from(i.write_data)]),
            ("stuck", vec![u64::from(stuck.is_some())]),
            ("stuck_bit", vec![u64::from(stuck.map_or(0, |s| s.0))]),
            ("stuck_value", vec![u64::from(stuck.is_some_and(|s| s.1))]),
        ]
    });
    let (outputs, elapsed) = run_stream_settled(model, steps);
    println!("{cycles} cycles of the SDRAM rig in Verilator in {elapsed:.1?}");
    let bit = |out: &[Vec<u64>], name: &str| out[output_index(model, name)][0] != 0;
    outputs
        .iter()
        .map(|out| sdram_bench::Outputs {
            ready: bit(out, "ready"),
            write_strobe: bit(out, "write_strobe"),
            read_valid: bit(out, "read_valid"),
            read_data: Some(out[output_index(model, "read_data")][0] as u16),
            error: bit(out, "error"),
            refresh: bit(out, "refresh"),
        })
        .collect()
}

#[test]
fn sdram_rig_model_follows_the_reference_model_cycle_for_cycle() {
    let model = block_model_with_ports(
        "sdram_rig",
        true,
        &[
            "valid",
            "request",
            "write_data",
            "stuck",
            "stuck_bit",
            "stuck_value",
            "ready",
            "write_strobe",
            "read_valid",
            "read_data",
            "error",
            "refresh",
        ],
    );
    let plan = sdram_bench::plan(2026, 120, 256, 32, 600);
    assert_eq!(sdram_bench::coverage(&plan).0, 4, "every bank");
    let mut seen = run_sdram_rig(&model, &plan, None);
    // Cycle 0, before any edge, shows the registers' initial values.
    seen[0].read_data = None;
    let wrong = sdram_bench::differences(&plan, &seen);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(seen.iter().all(|o| !o.error));
    let longest = sdram_bench::longest_refresh_interval(seen.iter().map(|o| o.refresh));
    assert!(longest <= model::sdram::REFRESH_LIMIT_CYCLES, "{longest}");
    assert!(seen.iter().filter(|o| o.refresh).count() > 100);

    // The longest wait for a refresh, exactly the model's bound.
    let worst = sdram_bench::worst_refresh_plan();
    let seen = run_sdram_rig(&model, &worst, None);
    assert!(sdram_bench::differences(&worst, &seen).is_empty());
    assert_eq!(
        sdram_bench::longest_refresh_interval(seen.iter().map(|o| o.refresh)),
        model::sdram::REFRESH_PERIOD + model::sdram::MAX_ACCESS_CYCLES
    );

    // Data line 11 stuck at 0: the words read lose that bit, nothing else.
    let small = sdram_bench::plan(5, 20, 64, 4, 100);
    let seen = run_sdram_rig(&model, &small, Some((11, false)));
    let mut cleared = 0;
    for (t, (want, got)) in small.expected.iter().zip(&seen).enumerate() {
        assert_eq!(want.read_valid, got.read_valid, "cycle {t}");
        if let (true, Some(w)) = (want.read_valid, want.read_data) {
            assert_eq!(got.read_data, Some(w & !(1 << 11)), "cycle {t}");
            cleared += usize::from(w & 1 << 11 != 0);
        }
    }
    assert!(cleared > 10, "{cleared} words with the bit cleared");
}

#[test]
fn prior_expander_model_expands_as_the_reference_model() {
    use model::class_unit::recent_cells;
    use model::prior_expander::{expand, Expansion, CHILDREN, MAX_EDGES};
    let model = block_model_with_ports(
        "prior_expander",
        true,
        &[
            "start",
            "own",
            "opponent",
            "latest",
            "earlier",
            "child",
            "child_shape",
            "child_corner",
            "child_tile",
            "child_distance",
            "done",
            "busy",
            "candidates",
            "children",
            "weight_sum",
            "found",
            "best_shape",
            "best_corner",
            "best_tile",
        ],
    );
    // Every position of the games, back to back: its inputs with `start`
    // for one clock, the next position's without it (the expander reads
    // its inputs at `start` only) until `done`; the outputs of each cycle
    // with a child, and of the cycle of `done`.
    let cases = class_cases();
    let inputs = |c: &classes::Case, start: bool| -> String {
        let p = &c.position;
        let me = p.to_move();
        let [latest, earlier] = recent_cells(&c.recent);
        model
            .set_all(&[
                ("start", &[u64::from(start)]),
                ("own", &side(p, me)),
                ("opponent", &side(p, me.other())),
                ("latest", &words(latest)),
                ("earlier", &words(earlier)),
            ])
            .unwrap()
    };
    let mut script = String::new();
    for (k, case) in cases.iter().enumerate() {
        script += &inputs(case, true);
        script += "c 1\n";
        script += &inputs(&cases[(k + 1) % cases.len()], false);
        script += &format!("r {MAX_EDGES} child done\no\n");
    }
    let started = Instant::now();
    let want: Vec<Expansion> = cases
        .iter()
        .map(|c| expand(&c.position, &c.recent))
        .collect();
    let modelled = started.elapsed();
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let out = |name: &str, got: &[Vec<u64>]| got[output_index(&model, name)][0];
    let mut replies = replies.into_iter();
    let (mut children, mut full, mut none, mut cycles) = (0, 0, 0, 0);
    for (case, want) in cases.iter().zip(&want) {
        let what = format!("prior expander, {}", case.what);
        // `r` counts from the edge after the start's.
        for c in &want.children {
            let Some(Reply::Valid(k, got)) = replies.next() else {
                panic!("{what}: no child after edge {}", c.edge);
            };
            assert_eq!(k + 1, c.edge, "{what}: the edge of a child");
            assert_eq!(
                (
                    out("child_shape", &got),
                    out("child_corner", &got),
                    out("child_tile", &got),
                    out("child_distance", &got),
                    out("busy", &got),
                ),
                (
                    u64::from(c.shape),
                    u64::from(c.corner),
                    u64::from(c.tile),
                    u64::from(c.distance),
                    1
                ),
                "{what}: the child after edge {}",
                c.edge
            );
        }
        let reply = replies.next();
        assert_eq!(reply, Some(Reply::Done(want.edges - 1)), "{what}: done");
        let Some(Reply::Outputs(got)) = replies.next() else {
            panic!("{what}: no outputs at done");
        };
        let best = want.children.first();
        assert_eq!(
            (
                out("child", &got),
                out("busy", &got),
                out("candidates", &got),
                out("children", &got),
                out("weight_sum", &got),
                out("found", &got),
            ),
            (
                0,
                0,
                want.candidates as u64,
                want.children.len() as u64,
                u64::from(want.weight_sum),
                u64::from(want.found()),
            ),
            "{what}: the counts and the sum at done"
        );
        if let Some(b) = best {
            assert_eq!(
                (
                    out("best_shape", &got),
                    out("best_corner", &got),
                    out("best_tile", &got)
                ),
                (u64::from(b.shape), u64::from(b.corner), u64::from(b.tile)),
                "{what}: the best child"
            );
        }
        children += want.children.len();
        full += usize::from(want.children.len() == CHILDREN);
        none += usize::from(!want.found());
        cycles += want.edges;
    }
    assert_eq!(replies.next(), None);
    assert!(
        full > cases.len() / 3 && none > 100,
        "{full} full lists, {none} positions without a candidate"
    );
    println!(
        "prior expander: {} positions ({full} with {CHILDREN} children, {none} without a \
         candidate), {children} children each in its order and cycle with its distance, done \
         in its cycle with the counts, the weight sum and the best, {cycles} cycles in \
         {elapsed:?} (the model's in {modelled:?})",
        cases.len()
    );
}

#[test]
fn prior_tree_rig_model_searches_as_the_reference_model() {
    let model = block_model("prior_tree_rig");
    assert!(model.clocked);
    let cases = prior_trees::cases(Budget::rounds_for(8_000), prior_trees::RIG_ON_CHIP);
    // The SDRAM's power-up, then each search; after each expansion's start
    // the next one's script, and the outputs (it was taken then).
    let mut script = format!("c {}\n", model::sdram::INIT_CYCLES + 10);
    let mut plans = Vec::new();
    for case in &cases {
        let (want, trace) = case.model();
        let p = &case.position;
        let me = p.to_move();
        // Every input: `start`, the position, and expansion `k`'s script.
        let inputs = |start: u64, k: usize| {
            let s = trace
                .expansions
                .get(k)
                .map(prior_trees::Script::of)
                .unwrap_or_default();
            model
                .set_all(&[
                    ("start", &[start]),
                    ("cancel", &[0]),
                    ("own", &side(p, me)),
                    ("opponent", &side(p, me.other())),
                    ("passes", &[u64::from(p.passes_in_row())]),
                    ("recent", &recent_moves(&case.history)),
                    ("rounds_until", &[case.budget.rounds_until]),
                    ("watchdog", &[case.budget.watchdog]),
                    ("script_children", &s.children_words()),
                    ("script_count", &[s.count]),
                    ("script_found", &[u64::from(s.found)]),
                    ("script_sum", &[s.sum]),
                    ("script_candidates", &[s.candidates]),
                    ("script_edges", &[s.edges]),
                ])
                .unwrap()
        };
        script += &inputs(1, 0);
        script += "c 1\n";
        script += &model.set("start", &[0]).unwrap();
        let mut edge = 1;
        for (k, e) in trace.expansions.iter().enumerate() {
            assert!(e.start_edge > edge, "expansions after the start");
            script += &format!("c {}\no\n", e.start_edge - edge);
            edge = e.start_edge;
            script += &inputs(0, k + 1);
        }
        script += "r 1000000 done done\nr 1000000 !busy !busy\n";
        plans.push((want, trace.expansions.len(), edge));
    }
    let started = Instant::now();
    let replies = model.run(&script).unwrap_or_else(|e| panic!("{e}"));
    let elapsed = started.elapsed();
    let mut replies = replies.into_iter();
    let out = |got: &[Vec<u64>], name: &str| got[output_index(&model, name)][0];
    let mut cycles = 0;
    for (case, (want, expansions, edge)) in cases.iter().zip(plans) {
        let ply = case.position.plies();
        for k in 0..expansions {
            let Some(Reply::Outputs(got)) = replies.next() else {
                panic!("ply {ply}: no outputs after expansion {k}");
            };
            assert_eq!(
                out(&got, "script_event"),
                1,
                "ply {ply}: expansion {k} taken at the model's edge"
            );
        }
        let Some(Reply::Valid(k, got)) = replies.next() else {
            panic!("ply {ply}: no done");
        };
        assert_eq!(replies.next(), Some(Reply::Done(k)));
        let found = out(&got, "found") == 1;
        let of_move = |v: u64| if found { v } else { 0 };
        let said = prior_trees::Said {
            found,
            shape: of_move(out(&got, "best_shape")),
            corner: of_move(out(&got, "best_corner")),
            tile: of_move(out(&got, "best_tile")),
            forced: out(&got, "forced") == 1,
            candidates: out(&got, "candidates"),
            rounds: out(&got, "rounds"),
            plies: out(&got, "plies"),
            blocks: out(&got, "blocks"),
            depth: out(&got, "depth"),
            timed_out: out(&got, "timed_out") == 1,
            edges: edge + k,
        };
        assert_eq!(said, prior_trees::Said::of(&want), "ply {ply}: at done");
        assert_eq!(out(&got, "error"), 0, "ply {ply}: the chip model's error");
        let Some(Reply::Valid(idle, _)) = replies.next() else {
            panic!("ply {ply}: never idle");
        };
        assert_eq!(replies.next(), Some(Reply::Done(idle)));
        cycles += want.edges;
    }
    assert_eq!(replies.next(), None);
    println!(
        "prior tree: {} searches, every expansion's edge, the move, its tile, the counts and \
         the cycle of done equal; {cycles} cycles in {elapsed:?}",
        cases.len()
    );
}
