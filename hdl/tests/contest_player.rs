//! The whole board player (`ContestPlayer`: UART, contest machine, decoder,
//! placer, search, encoder) in rust-hdl's event simulator, driven through
//! its serial pins, against `model::player::BoardPlayer`: every reply
//! byte for byte. The UART runs at 4 clock cycles a bit here (the design's
//! minimum) so that the simulator spends its time on the search; the
//! Verilator board (`sim/`) runs the real 217.
//!
//! CI plays the opening of a game; a whole refereed game in both seats runs
//! with `make test-slow` (`--ignored`).

#[path = "common/rows.rs"]
mod rows;

use blokus::{MoveCode, Player, Position};
use games::blokus::SearchEngine;
use hdl::{ContestPlayer, PlayerConfig};
use model::clock::Budget;
use model::player::BoardPlayer;
use protocol::Scheme;
use protocol::{play_offline, EnginePlayer, Exchange};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

/// Clock cycles a bit on the simulated line.
const CYCLES_PER_BIT: u64 = 4;

/// Cycles of idle line (and idle board) after which a reply is complete.
const QUIET_CYCLES: u64 = 40 * CYCLES_PER_BIT;

/// The search's budgets in CI: no round at all (the answer is the
/// evaluator's best, after the root and the choice), the watchdog far off.
/// The tree's rounds are checked in `board_tree.rs` and by Verilator.
const QUICK: Budget = Budget {
    rounds_until: 0,
    watchdog: 1 << 20,
};

/// The search's budgets for whole games (`make test-slow`): rounds start
/// during 2,000 cycles, the watchdog stops them at 6,000, so the opening's
/// long rounds are cut short and the endgame's short ones run to the end.
const SLOW: Budget = Budget {
    rounds_until: 2_000,
    watchdog: 6_000,
};

fn config(budget: Budget) -> PlayerConfig {
    PlayerConfig {
        clock_hz: CYCLES_PER_BIT * 115_200,
        baud: 115_200,
        budget,
        ..PlayerConfig::default()
    }
}

/// The status outputs after a reply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Status {
    in_game: bool,
    player_two: bool,
    malformed: bool,
    framing: bool,
    watchdog: bool,
}

/// The player in the simulator, on its own thread; requests and replies
/// cross by channels.
struct SimulatedBoard {
    requests: Option<Sender<Vec<u8>>>,
    replies: Receiver<(Vec<u8>, Status)>,
    thread: Option<JoinHandle<()>>,
    status: Status,
}

impl SimulatedBoard {
    fn start(budget: Budget) -> SimulatedBoard {
        let (requests, inbox) = channel::<Vec<u8>>();
        let (outbox, replies) = channel();
        // The player with its tree is too big for a default thread's stack.
        let thread = std::thread::Builder::new()
            .stack_size(hdl::verilog::VERILOG_STACK)
            .spawn(move || {
                let mut sim = Simulation::new();
                sim.add_clock(5, |x: &mut Box<ContestPlayer>| {
                    x.clock.next = !x.clock.val()
                });
                sim.add_testbench(move |mut ep: Sim<ContestPlayer>| {
                    let mut x = ep.init()?;
                    x.rx.next = true;
                    x = ep.watch(|x| x.clock.val().clk, x)?;
                    let mut line = LineDecoder::default();
                    while let Ok(request) = inbox.recv() {
                        // The request's frames, bit by bit.
                        let bits: Vec<bool> = request
                            .iter()
                            .flat_map(|&b| {
                                std::iter::once(false)
                                    .chain((0..8).map(move |i| b >> i & 1 == 1))
                                    .chain(std::iter::once(true))
                            })
                            .flat_map(|bit| std::iter::repeat_n(bit, CYCLES_PER_BIT as usize))
                            .collect();
                        let mut quiet = 0;
                        let mut t = 0;
                        while t < bits.len() || quiet < QUIET_CYCLES {
                            x.rx.next = bits.get(t).copied().unwrap_or(true);
                            x = ep.watch(|x| !x.clock.val().clk, x)?;
                            x = ep.watch(|x| x.clock.val().clk, x)?;
                            line.sample(x.tx.val());
                            t += 1;
                            let idle = !x.busy.val() && line.idle() && t >= bits.len();
                            quiet = if idle { quiet + 1 } else { 0 };
                        }
                        let status = Status {
                            in_game: x.in_game.val(),
                            player_two: x.player_two.val(),
                            malformed: x.malformed_seen.val(),
                            framing: x.framing_error_seen.val(),
                            watchdog: x.watchdog_fired.val(),
                        };
                        if outbox
                            .send((std::mem::take(&mut line.bytes), status))
                            .is_err()
                        {
                            break;
                        }
                    }
                    ep.done(x)
                });
                sim.run(Box::new(ContestPlayer::new(config(budget))), u64::MAX / 4)
                    .expect("the simulation ends when the requests do");
            })
            .expect("a thread for the simulation");
        SimulatedBoard {
            requests: Some(requests),
            replies,
            thread: Some(thread),
            status: Status::default(),
        }
    }
}

impl Exchange for SimulatedBoard {
    fn exchange(&mut self, bytes: &[u8]) -> Vec<u8> {
        self.requests
            .as_ref()
            .expect("running")
            .send(bytes.to_vec())
            .expect("the simulation runs");
        let (reply, status) = self.replies.recv().expect("the simulation replies");
        self.status = status;
        reply
    }
}

impl Drop for SimulatedBoard {
    fn drop(&mut self) {
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// 8N1 frames on the board's `tx`, sampled in the middle of each bit.
#[derive(Default)]
struct LineDecoder {
    /// Cycles since the start bit's falling edge, while in a frame.
    at: Option<u64>,
    byte: u8,
    bytes: Vec<u8>,
}

impl LineDecoder {
    fn sample(&mut self, tx: bool) {
        match self.at {
            None if !tx => self.at = Some(0),
            None => {}
            Some(c) => {
                let c = c + 1;
                self.at = Some(c);
                if c % CYCLES_PER_BIT == CYCLES_PER_BIT / 2 {
                    let bit = c / CYCLES_PER_BIT;
                    if (1..=8).contains(&bit) {
                        self.byte = self.byte >> 1 | (u8::from(tx) << 7);
                    } else if bit == 9 {
                        assert!(tx, "a stop bit is high");
                        self.bytes.push(self.byte);
                        self.at = None;
                    }
                }
            }
        }
    }

    fn idle(&self) -> bool {
        self.at.is_none()
    }
}

#[test]
fn the_board_answers_the_team_code_and_its_first_moves_as_the_model() {
    let mut board = SimulatedBoard::start(QUICK);
    let mut model = BoardPlayer::new(*b"FP", None).with_budget(QUICK);
    let mut both = |bytes: &[u8]| -> (Vec<u8>, Status) {
        let got = board.exchange(bytes);
        assert_eq!(
            got,
            model.exchange(bytes),
            "after {:?}",
            String::from_utf8_lossy(bytes)
        );
        (got, board.status)
    };
    assert_eq!(both(b"0").0, b"1FP");
    // 2014 as player 2: `3A` with player 1's first move, then `4` with its second.
    let first = Position::new().legal_placements()[40].code();
    let mut request = b"3A".to_vec();
    request.extend(first.to_wire());
    let (reply, _) = both(&request);
    let mut position = Position::new();
    position.play_code(first).unwrap();
    position
        .play_code(MoveCode::from_wire(&reply).expect("a move code"))
        .expect("the board's move is legal");
    let second = position.legal_placements()[0].code();
    let mut request = b"4".to_vec();
    request.extend(second.to_wire());
    let (reply, _) = both(&request);
    position.play_code(second).unwrap();
    position
        .play_code(MoveCode::from_wire(&reply).expect("a move code"))
        .expect("the board's second move is legal");
    // A stray byte where a request is due: dropped, and the LED says so.
    let (reply, status) = both(b"x");
    assert!(reply.is_empty());
    assert!(status.malformed && status.in_game && status.player_two && !status.framing);
    // The SDRAM check's request in a game is a stray byte like any other: no
    // check starts, nothing is sent, and the game goes on.
    let (reply, status) = both(&[model::sdram_check::REQUEST]);
    assert!(reply.is_empty());
    assert!(status.malformed && status.in_game && status.player_two && !status.framing);
    let (reply, status) = both(b"9");
    assert!(reply.is_empty());
    assert!(!status.in_game && !status.watchdog);
}

#[test]
#[ignore = "a whole game in the event simulator takes minutes: make test-slow"]
fn whole_refereed_games_in_the_event_simulator_match_the_model() {
    for (scheme, seat) in [(Scheme::S2014, Player::One), (Scheme::S2013, Player::Two)] {
        let mut board = SimulatedBoard::start(SLOW);
        let mut model = BoardPlayer::new(*b"FP", None).with_budget(SLOW);
        let mut checked = |bytes: &[u8]| {
            let got = board.exchange(bytes);
            assert_eq!(got, model.exchange(bytes), "{scheme:?}, board {seat}");
            got
        };
        let mut opponent = EnginePlayer::new(Box::new(SearchEngine::greedy()), *b"OP", None);
        let players: [&mut dyn Exchange; 2] = match seat {
            Player::One => [&mut checked, &mut opponent],
            Player::Two => [&mut opponent, &mut checked],
        };
        let game = play_offline(scheme, players);
        assert!(game.outcome.fault.is_none(), "{:?}", game.outcome);
        let board_moves = game.moves.iter().filter(|(p, _)| *p == seat).count();
        println!(
            "{scheme:?}, board {seat}: {} moves, {board_moves} by the board, {:?}",
            game.moves.len(),
            game.outcome
        );
        assert!(board_moves >= 10);
    }
}

#[test]
fn contest_player_verilog_lints_clean() {
    // The player with its tree is too big for a test thread's stack.
    let verilog = hdl::verilog::on_big_stack(|| {
        let mut uut = ContestPlayer::new(config(model::board_tree::tree_budget()));
        uut.connect_all();
        generate_verilog(&uut)
    });
    lint_verilog("contest_player", &verilog);
}
