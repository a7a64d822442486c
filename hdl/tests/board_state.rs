//! The board state against `model::board_state`, in rust-hdl's event
//! simulator: every output bit after every rising edge, through complete
//! random games from both seats (each move's cells and tile from the model
//! placer), new games mid-game, `play` and `new_game` in the same cycle, idle
//! cycles with junk on the inputs, and long runs of arbitrary operations
//! (the ply count wrapping, passes saturating, tiles 21..31); and its Verilog
//! lints clean.

#[path = "common/rows.rs"]
mod rows;

use blokus::tiles::ALL_TILES;
use blokus::Engine;
use blokus::{Bitboard, Cell, Move, Player, Position};
use games::blokus::RandomEngine;
use hdl::{board_from_words, board_to_words, BoardState};
use model::board_state::BoardState as Model;
use model::placer::{coordinates, placer_cells, placer_tile};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::simulate_edges;
use std::time::Instant;

/// The inputs for one rising edge.
#[derive(Clone, Debug)]
struct Op {
    what: String,
    new_game: bool,
    first: bool,
    play: bool,
    pass: bool,
    cells: Bitboard,
    tile: u8,
}

/// What the block shows after an edge: its outputs, or the model's view and registers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outputs {
    own: Bitboard,
    opponent: Bitboard,
    start_square: Bitboard,
    tiles_left: u32,
    game_over: bool,
    to_move: u8,
    plies: u8,
    passes: u8,
}

impl Outputs {
    fn of_model(state: &Model) -> Outputs {
        let view = state.view();
        Outputs {
            own: view.own,
            opponent: view.opponent,
            start_square: view.start_square,
            tiles_left: view.tiles_left,
            game_over: view.game_over,
            to_move: state.to_move,
            plies: state.plies,
            passes: state.passes,
        }
    }

    fn of_block(x: &BoardState) -> Outputs {
        Outputs {
            own: Bitboard(board_to_words(x.own.val())),
            opponent: Bitboard(board_to_words(x.opponent.val())),
            start_square: Bitboard(board_to_words(x.start_square.val())),
            tiles_left: x.tiles_left.val().to_u64() as u32,
            game_over: x.game_over.val(),
            to_move: u8::from(x.to_move.val()),
            plies: x.plies.val().to_u64() as u8,
            passes: x.passes.val().to_u64() as u8,
        }
    }
}

/// The model's registers after an edge that samples `op` (`new_game` wins over `play`).
fn apply(state: &mut Model, op: &Op) {
    if op.new_game {
        *state = Model::new_game(if op.first { Player::Two } else { Player::One });
    } else if op.play {
        if op.pass {
            state.play_pass();
        } else {
            state.play_placement(op.cells, op.tile);
        }
    }
}

/// A schedule of inputs, one a rising edge, and the model's outputs after each.
#[derive(Default)]
struct Schedule {
    ops: Vec<Op>,
    expected: Vec<Outputs>,
    state: Model,
}

impl Schedule {
    fn push(&mut self, op: Op) {
        apply(&mut self.state, &op);
        self.expected.push(Outputs::of_model(&self.state));
        self.ops.push(op);
    }

    /// An edge with `play` and `new_game` low and junk everywhere else.
    fn idle(&mut self, rng: &mut StdRng, what: &str) {
        let op = junk(rng, format!("idle ({what})"));
        self.push(op);
    }
}

/// Random cells, roughly `density` percent of the board.
fn random_cells(rng: &mut StdRng, density: u32) -> Bitboard {
    Cell::all()
        .filter(|_| rng.random_range(0..100) < density)
        .collect()
}

/// `play` and `new_game` low, junk on every other input.
fn junk(rng: &mut StdRng, what: String) -> Op {
    let density = rng.random_range(0..=100);
    Op {
        what,
        new_game: false,
        first: rng.random(),
        play: false,
        pass: rng.random(),
        cells: random_cells(rng, density),
        tile: rng.random_range(0..32),
    }
}

/// Runs the block in rust-hdl's simulator: before rising edge `t` the
/// testbench drives `ops[t]`, after it it samples the outputs.
fn simulate_ops(ops: &[Op]) -> Vec<Outputs> {
    let ops = ops.to_vec();
    simulate_edges(
        BoardState::new(),
        ops.len(),
        |x| x.clock.val().clk,
        |x| x.clock.next = !x.clock.val(),
        move |x, t| {
            let op = &ops[t];
            x.new_game.next = op.new_game;
            x.first.next = op.first;
            x.play.next = op.play;
            x.pass.next = op.pass;
            x.cells.next = board_from_words(op.cells.0);
            x.tile.next = u64::from(op.tile).into();
        },
        Outputs::of_block,
    )
}

/// Panics at the first edge whose outputs differ from the model's, naming the operation.
fn check(schedule: &Schedule, samples: &[Outputs]) {
    for (t, ((op, want), got)) in schedule
        .ops
        .iter()
        .zip(&schedule.expected)
        .zip(samples)
        .enumerate()
    {
        assert!(
            got == want,
            "edge {t} ({}): the block shows\n{got:?}\nthe model\n{want:?}",
            op.what
        );
    }
}

/// The operation playing `m` for the side to move: a placement's cells and
/// tile from the model placer, junk with a pass.
fn play_op(rng: &mut StdRng, m: Move, what: String) -> Op {
    let mut op = junk(rng, what);
    op.play = true;
    match m {
        Move::Pass => op.pass = true,
        Move::Place(p) => {
            let (shape, corner) = coordinates(p);
            op.pass = false;
            op.cells = placer_cells(shape, corner);
            op.tile = placer_tile(shape);
        }
    }
    op
}

/// Complete random games.
const GAMES: usize = 24;

#[test]
fn follows_the_model_through_random_games_from_both_seats() {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut schedule = Schedule::default();
    // Power-up: every register 0 whatever the inputs hold.
    for _ in 0..3 {
        schedule.idle(&mut rng, "power-up");
    }
    assert_eq!(schedule.state, Model::default());
    let (mut complete, mut abandoned, mut moves, mut passes) = (0, 0, 0, 0);
    let mut both = 0;
    for g in 0..GAMES + GAMES / 4 {
        // Every fifth game is abandoned part-way by the next new game.
        let abandon_at = (g % 5 == 4).then(|| rng.random_range(0..40u16));
        let first = if g % 2 == 0 { Player::One } else { Player::Two };
        let mut op = junk(&mut rng, format!("game {g}: new game, {first} first"));
        op.new_game = true;
        op.first = first == Player::Two;
        // Now and then a move in the same cycle: the new game wins.
        if g % 3 == 1 {
            op.play = true;
            op.what += " (with play)";
            both += 1;
        }
        schedule.push(op);
        let mut position = Position::with_first(first);
        assert!(schedule.state.matches(&position), "game {g}: new game");
        let mut engine = RandomEngine::new(1000 + g as u64);
        while !position.is_over() {
            if abandon_at == Some(position.plies()) {
                abandoned += 1;
                break;
            }
            if rng.random_range(0..4) == 0 {
                for _ in 0..rng.random_range(1..=3) {
                    schedule.idle(&mut rng, &format!("game {g} ply {}", position.plies()));
                }
            }
            let m = engine.choose(&position);
            let what = format!("game {g} ply {}: {}", position.plies(), m);
            schedule.push(play_op(&mut rng, m, what));
            position.play(m);
            assert!(
                schedule.state.matches(&position),
                "game {g} ply {}: the model left the rules engine",
                position.plies()
            );
            moves += 1;
            passes += usize::from(m == Move::Pass);
        }
        if position.is_over() {
            assert!(schedule.state.view().game_over);
            complete += 1;
        }
        schedule.idle(&mut rng, &format!("after game {g}"));
    }
    assert!(complete >= 20 && abandoned > 0 && both > 0 && passes > 0);
    let started = Instant::now();
    let samples = simulate_ops(&schedule.ops);
    let elapsed = started.elapsed();
    check(&schedule, &samples);
    println!(
        "{complete} complete games and {abandoned} abandoned, {moves} moves ({passes} passes), \
         {both} new games with play: {} cycles simulated in {elapsed:?}",
        schedule.ops.len()
    );
}

#[test]
fn follows_the_model_through_arbitrary_operations() {
    // Any inputs, reachable or not: the model is defined for all of them.
    let mut rng = StdRng::seed_from_u64(99);
    let mut schedule = Schedule::default();
    let (mut wraps, mut saturated, mut big_tiles, mut all_used) = (0, 0, 0, 0);
    let mut new_games = 0;
    for t in 0..8000 {
        let before = schedule.state;
        let mut op = junk(&mut rng, format!("operation {t}"));
        match rng.random_range(0..1000) {
            0..=1 => op.new_game = true,
            2..=3 => {
                op.new_game = true;
                op.play = true;
            }
            4..=199 => {}
            200..=499 => {
                op.play = true;
                op.pass = true;
            }
            _ => {
                // A placement: mostly a real tile number, else 21..31 as well.
                op.play = true;
                op.pass = false;
                let density = rng.random_range(0..=10);
                op.cells = random_cells(&mut rng, density);
                if rng.random_range(0..4) > 0 {
                    op.tile = rng.random_range(0..21);
                }
            }
        }
        op.what += &format!(
            " (new_game {}, play {}, pass {}, tile {})",
            op.new_game, op.play, op.pass, op.tile
        );
        schedule.push(op.clone());
        let after = schedule.state;
        wraps += usize::from(before.plies == 127 && after.plies == 0);
        saturated += usize::from(before.passes == 2 && after.passes == 2 && op.play && op.pass);
        big_tiles += usize::from(op.play && !op.pass && !op.new_game && op.tile >= 21);
        all_used += usize::from(after.used.contains(&ALL_TILES));
        new_games += usize::from(op.new_game);
    }
    assert!(wraps > 0 && saturated > 0 && big_tiles > 0 && all_used > 0 && new_games > 0);
    let started = Instant::now();
    let samples = simulate_ops(&schedule.ops);
    let elapsed = started.elapsed();
    check(&schedule, &samples);
    println!(
        "{} cycles simulated in {elapsed:?}: {new_games} new games, {wraps} ply wraps, \
         {saturated} passes past 2, {big_tiles} placements of tiles 21..31, \
         {all_used} cycles with a player's tiles all used",
        schedule.ops.len()
    );
}

#[test]
fn generates_verilog_that_verilator_lints_clean() {
    let mut uut = BoardState::new();
    let (verilog, _) = rows::verilog_with_ports(
        &mut uut,
        &[
            "input wire clock",
            "input wire new_game",
            "input wire first",
            "input wire play",
            "input wire pass",
            "input wire [195:0] cells",
            "input wire [4:0] tile",
            "output reg [195:0] own",
            "output reg [195:0] opponent",
            "output reg [195:0] start_square",
            "output reg [20:0] tiles_left",
            "output reg game_over",
            "output reg to_move",
            "output reg [6:0] plies",
            "output reg [1:0] passes",
        ],
    );
    rows::lint_verilog("board_state", &verilog);
}
