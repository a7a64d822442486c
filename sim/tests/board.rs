//! The simulated board as the host meets it: the Verilator model of the
//! board's very top level (`hdl::Ulx3sTop`) behind a real pseudo-terminal,
//! refereed by the host's match loop (`arena::links::run::Match`, the code
//! of `arena referee`) through the serial port, against a host engine. Four
//! complete games, both request schemes and both seats: no fault, every
//! answer's board time (clock cycles counted by the simulator) within the
//! limit, and every move the board made equal to the model of the whole
//! player (`model::player::BoardPlayer`) given the same games.
//!
//! The board is built with a search budget of 1 ms of board time
//! ([`TEST_BUDGET`]): Verilator runs some 125,000 to 240,000 of its cycles
//! a second, so the real board's 0.85 s would take minutes a move. The
//! budget is a constant of the same hardware; the model takes it too. In
//! that budget the search's tree stays in block RAM, so one more search,
//! from the opening with 60 ms ([`DEEP_BUDGET`]), grows it into the SDRAM
//! (its chip model inside the simulated board) and must answer the
//! model's move in the model's board time.
#![cfg(unix)]

use arena::links::run::{GameReport, Match, MatchOptions};
use arena::links::{open, open_serial, EngineOptions, LinkSpec};
use blokus::{MoveCode, Player};
use model::clock::Budget;
use model::player::BoardPlayer;
use protocol::Limits;
use protocol::Scheme;
use protocol::{play_offline, Exchange};
use sim::board::ulx3s_spec;
use sim::verilated::{Answer, Model};
use sim::{serve_on_pty, Activity, OnHangUp, SerialDevice};
use std::path::Path;
use std::time::{Duration, Instant};

/// The contest's limit; the board must answer well inside it.
const BOARD_LIMIT: Duration = Duration::from_millis(800);

/// The search's budgets: rounds start during 25,000 cycles (1 ms).
const TEST_BUDGET: Budget = Budget::rounds_for(25_000);

/// A budget whose tree outgrows the block RAM from the opening: rounds
/// during 3,000,000 cycles (60 ms), some 1,500 blocks of which the first
/// 1,024 are on chip.
const DEEP_BUDGET: Budget = Budget::rounds_for(3_000_000);

/// A player that replays recorded moves: its team code, then its moves in order.
struct Replay(std::vec::IntoIter<MoveCode>);

impl Exchange for Replay {
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8> {
        match bytes {
            b"0" => b"1OP".to_vec(),
            b"9" => Vec::new(),
            _ => self.0.next().expect("a recorded move").to_wire().to_vec(),
        }
    }
}

/// The model's moves in the game `report` records, the opponent replaying its moves.
fn model_moves(scheme: Scheme, report: &GameReport, board_seat: Player) -> Vec<(Player, MoveCode)> {
    let theirs: Vec<MoveCode> = report
        .moves
        .iter()
        .filter(|(p, _)| *p != board_seat)
        .map(|&(_, m)| m)
        .collect();
    let mut model = BoardPlayer::new(*b"FP", None).with_budget(TEST_BUDGET);
    let mut opponent = Replay(theirs.into_iter());
    let players: [&mut dyn Exchange; 2] = match board_seat {
        Player::One => [&mut model, &mut opponent],
        Player::Two => [&mut opponent, &mut model],
    };
    play_offline(scheme, players).moves
}

#[test]
fn four_refereed_games_over_a_pty_equal_the_model_move_for_move_in_board_time() {
    let spec = ulx3s_spec(hdl::PlayerConfig {
        budget: TEST_BUDGET,
        ..hdl::PlayerConfig::default()
    })
    .unwrap();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim");
    let model =
        Model::build_in(&cache, &spec, &mut |m| println!("{m}")).unwrap_or_else(|e| panic!("{e}"));
    let board = model.start().unwrap();
    let probe = board.probe();
    let server = serve_on_pty(board, OnHangUp::AwaitReconnect).unwrap();
    let pty = server.path().to_string_lossy().to_string();

    let mut games = 0;
    let mut board_moves = 0;
    for scheme in [Scheme::S2014, Scheme::S2013] {
        let links = [
            open_serial(&pty, 115_200).unwrap(),
            open(
                &LinkSpec::Engine {
                    name: "greedy".into(),
                },
                EngineOptions {
                    time: Duration::from_millis(100),
                    seed: 1,
                    scheme: None,
                },
                &mut |_| {},
            )
            .unwrap(),
        ];
        let options = MatchOptions {
            scheme,
            // Wall-clock limits for a simulator on a busy machine; the
            // board's own time is checked against BOARD_LIMIT below.
            limits: Limits {
                per_move: Duration::from_secs(20),
                team_code: Duration::from_secs(60),
            },
            games: 2,
            swap: true,
            record: None,
            json: None,
            sim_wall_guard: protocol::SIM_WALL_GUARD,
        };
        let reports = Match::new(links, options)
            .run(&mut std::io::sink())
            .unwrap();
        for report in &reports {
            let what = format!("{scheme:?}, game {}", report.number);
            assert!(
                report.outcome.fault.is_none(),
                "{what}: {:?}",
                report.outcome
            );
            let board_seat = if report.links[0] == 0 {
                Player::One
            } else {
                Player::Two
            };
            let want = model_moves(scheme, report, board_seat);
            assert_eq!(
                report.moves, want,
                "{what}: the board played otherwise than its model"
            );
            board_moves += report
                .moves
                .iter()
                .filter(|(p, _)| *p == board_seat)
                .count();
            games += 1;
        }
    }
    assert_eq!(games, 4);
    let answers = probe.answers();
    let moves: Vec<&Answer> = answers.iter().filter(|a| a.bytes.len() == 4).collect();
    assert_eq!(moves.len(), board_moves, "one 4-byte answer a move");
    assert_eq!(answers.iter().filter(|a| a.bytes == b"1FP").count(), 4);
    let slowest = moves.iter().map(|a| a.board_time).max().unwrap();
    assert!(slowest < BOARD_LIMIT, "slowest answer {slowest:?}");
    let mut times: Vec<u64> = moves.iter().map(|a| a.cycles).collect();
    times.sort();
    println!(
        "{games} games, {board_moves} board moves equal to the model; board time per move: median {} cycles, max {} cycles ({slowest:?})",
        times[times.len() / 2],
        times[times.len() - 1]
    );
    println!(
        "simulated {} board cycles at {:.0} cycles/s",
        probe.cycles(),
        probe.cycles_per_second()
    );
    server.stop().unwrap();
}

#[test]
fn a_budget_beyond_the_search_timer_is_refused_before_any_build() {
    let too_long = Budget::rounds_for(1 << hdl::search_budget::TIMER_BITS);
    let error = ulx3s_spec(hdl::PlayerConfig {
        budget: too_long,
        ..hdl::PlayerConfig::default()
    })
    .expect_err("the plusargs would be cut to the timer's width");
    assert!(error.contains("26-bit timer"), "{error}");
}

#[test]
fn a_search_whose_tree_grows_into_the_sdram_answers_the_models_move_in_its_board_time() {
    let spec = ulx3s_spec(hdl::PlayerConfig {
        budget: DEEP_BUDGET,
        ..hdl::PlayerConfig::default()
    })
    .unwrap();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim");
    let model =
        Model::build_in(&cache, &spec, &mut |m| println!("{m}")).unwrap_or_else(|e| panic!("{e}"));
    let mut board = model.start().unwrap();
    let probe = board.probe();
    let mut player = BoardPlayer::new(*b"FP", None).with_budget(DEEP_BUDGET);
    let deadline = Instant::now() + Duration::from_secs(900);
    let mut replies = Vec::new();
    for request in [b"0".as_slice(), b"2A"] {
        for &byte in request {
            board.receive(byte);
        }
        let mut got = Vec::new();
        loop {
            let activity = board.advance();
            got.extend(std::iter::from_fn(|| board.poll_transmit()));
            if activity == Activity::Idle {
                break;
            }
            assert!(Instant::now() < deadline, "the board never finished");
        }
        let want = player.exchange(request);
        assert_eq!(got, want, "after {:?}", String::from_utf8_lossy(request));
        replies.push(want);
    }
    let (_, outcome) = player.last_search().expect("the board searched");
    assert!(
        outcome.blocks > model::prior_tree::memory::ON_CHIP_BLOCKS,
        "the tree stayed on chip: {} blocks",
        outcome.blocks
    );
    // The answer's board time against the model's count (the search's
    // cycles, the reply's bytes), which starts at the end of the request's
    // last frame: the board's receiver takes that byte in the middle of its
    // stop bit, half a bit earlier, and the contest machine's few cycles
    // around the search come out of that half bit. So the board answers
    // before the model's count, by less than half a bit.
    let answer = probe.answers().last().cloned().expect("an answer");
    let modelled = player.reply_cycles(&replies[1]);
    println!(
        "the opening in {} board cycles ({} modelled): {} playouts, {} blocks ({} in the SDRAM), depth {}; {:.0} cycles/s",
        answer.cycles,
        modelled,
        outcome.playouts(),
        outcome.blocks,
        outcome.blocks - model::prior_tree::memory::ON_CHIP_BLOCKS,
        outcome.depth,
        probe.cycles_per_second()
    );
    let half_bit = model.cycles_per_bit / 2;
    assert!(
        answer.cycles < modelled && modelled - answer.cycles < half_bit,
        "{} cycles, the model's {modelled}",
        answer.cycles
    );
}
