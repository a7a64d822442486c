//! The simulated board as the host meets it: the Verilator model of the
//! board's very top level (`hdl::Ulx3sTop`) behind a real pseudo-terminal,
//! refereed by the host's match loop (`host::contest::run::Match`, the code
//! of `arena referee`) through the serial port, against a host engine. Four
//! complete games, both request schemes and both seats: no fault, every
//! answer's board time (clock cycles counted by the simulator) within the
//! limit, and every move the board made equal to the model of the whole
//! player (`host::model::player::BoardPlayer`) given the same games.
#![cfg(unix)]

use host::blokus::{MoveCode, Player};
use host::contest::link::{open, open_serial, EngineOptions, LinkSpec};
use host::contest::message::Scheme;
use host::contest::offline::{play_offline, Exchange};
use host::contest::referee::Limits;
use host::contest::run::{GameReport, Match, MatchOptions};
use host::model::player::BoardPlayer;
use sim::board::ulx3s_spec;
use sim::verilated::{build_model_in, Answer, VerilatedBoard};
use sim::{serve_on_pty, OnHangUp};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The contest's limit; the board must answer well inside it.
const BOARD_LIMIT: Duration = Duration::from_millis(800);

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
    let mut model = BoardPlayer::new(*b"FP", None);
    let mut opponent = Replay(theirs.into_iter());
    let players: [&mut dyn Exchange; 2] = match board_seat {
        Player::One => [&mut model, &mut opponent],
        Player::Two => [&mut opponent, &mut model],
    };
    play_offline(scheme, players).moves
}

#[test]
fn four_refereed_games_over_a_pty_equal_the_model_move_for_move_in_board_time() {
    let spec = ulx3s_spec(hdl::PlayerConfig::default());
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim");
    let exe =
        build_model_in(&cache, &spec, &mut |m| println!("{m}")).unwrap_or_else(|e| panic!("{e}"));
    let board = VerilatedBoard::start(&exe, spec.clock_hz).unwrap();
    let answers: Arc<Mutex<Vec<Answer>>> = board.answers();
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
    let answers = answers.lock().unwrap().clone();
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
    server.stop().unwrap();
}

#[test]
fn the_board_sim_program_prints_its_addresses_and_answers_on_both() {
    use std::io::{BufRead, BufReader, Read, Write};
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arena-board-sim"))
        .env("ARENA_SIM_CACHE", &cache)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    let mut line = |prefix: &str| {
        let mut text = String::new();
        lines.read_line(&mut text).unwrap();
        text.trim_end()
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{text:?} does not start with {prefix:?}"))
            .to_string()
    };
    let pty = line("pty: ");
    let tcp = line("tcp: ");
    assert!(pty.starts_with("/dev/pts/"), "{pty}");
    assert!(tcp.starts_with("127.0.0.1:"), "{tcp}");
    // Over TCP: a new game and the team code.
    let mut client = std::net::TcpStream::connect(&tcp).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client.write_all(b"0").unwrap();
    let mut team = [0u8; 3];
    client.read_exact(&mut team).unwrap();
    assert_eq!(&team, b"1FP");
    drop(client);
    // Then over the pseudo-terminal, as a serial port: the same board, a move.
    let mut link = open_serial(&pty, 115_200).unwrap();
    link.writer.write_all(b"025").unwrap();
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while got.len() < 7 {
        if link.reader.read(&mut byte).unwrap() == 1 {
            got.push(byte[0]);
        }
    }
    assert_eq!(&got[..3], b"1FP");
    let code = MoveCode::from_wire(&got[3..]).expect("a move code");
    assert!(host::blokus::Position::new().check(code).is_ok(), "{code}");
    // Its report line for that answer.
    let report = line("answer ");
    assert!(report.contains("board time"), "{report}");
    child.kill().unwrap();
    child.wait().unwrap();
}
