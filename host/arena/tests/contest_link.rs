//! The referee and players over real links: pseudo-terminal pairs (the
//! referee opens its side with the `serialport` crate, as it opens a board),
//! loopback TCP, a child process on stdio. Whole games in both schemes and
//! both seats, and every fault the spec names injected by a misbehaving test
//! player, each scored as the spec says; the referee never hangs.

use blokus::Engine;

use arena::links::run::{play_link, GameReport, Match, MatchOptions, PlayerOptions};
use arena::links::{open, open_serial, EngineOptions, Link, LinkSpec};
use blokus::{MoveCode, Player, Position};
use games::blokus::RandomEngine;
use protocol::Scheme;
use protocol::{EndReason, Limits};
use protocol::{Event, PlayerLink};
use serialport::SerialPort;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::thread::{sleep, JoinHandle};
use std::time::{Duration, Instant};

/// The move time limit in these tests (the contest's is 1 s).
const LIMIT: Duration = Duration::from_millis(400);

/// What a scripted test player does wrong, and at which of its move requests (1-based).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Misbehaviour {
    None,
    /// `zz` before the reply.
    Garbage(usize),
    /// CR LF around every reply (accepted).
    CrLf,
    /// Every reply one byte at a time, 30 ms apart (accepted).
    OneByteAtATime,
    /// The reply 150 ms after the limit.
    Late(usize),
    /// No reply, the link kept open.
    Silent(usize),
    /// The link closed instead of a reply.
    Disconnect(usize),
    /// A well-formed move the rules forbid.
    Illegal(usize),
    /// The move code in upper case.
    UpperCase(usize),
    /// `0000` as the first move.
    FirstMovePass,
    /// No answer to `0`.
    NoTeamCode,
    /// `xyz` as the team code (accepted with a warning).
    OddTeamCode,
}

/// Plays on `port` as a contest player with a random engine, misbehaving as
/// told, until the link closes (or it disconnects on purpose).
fn scripted_player(mut port: Box<dyn SerialPort>, how: Misbehaviour, seed: u64) {
    let mut machine = PlayerLink::new(*b"TT", None);
    let mut engine = RandomEngine::new(seed);
    let mut requests = 0;
    let mut silent = false;
    let mut buffer = [0u8; 64];
    loop {
        let n = match port.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
            Err(_) => return,
        };
        for &byte in &buffer[..n] {
            let reply: Vec<u8> = match machine.received(byte) {
                Some(Event::Send(team)) => match how {
                    Misbehaviour::NoTeamCode => continue,
                    Misbehaviour::OddTeamCode => b"xyz".to_vec(),
                    _ => team,
                },
                Some(Event::Move(position)) => {
                    requests += 1;
                    let m = engine.choose(&position);
                    let code = machine.answer(m.code()).to_vec();
                    match how {
                        Misbehaviour::Garbage(k) if k == requests => [&b"zz"[..], &code].concat(),
                        Misbehaviour::CrLf => [&b"\r\n"[..], &code, b"\r\n"].concat(),
                        Misbehaviour::OneByteAtATime => {
                            for b in code {
                                let _ = port.write_all(&[b]);
                                sleep(Duration::from_millis(30));
                            }
                            continue;
                        }
                        Misbehaviour::Late(k) if k == requests => {
                            sleep(LIMIT + Duration::from_millis(150));
                            code
                        }
                        Misbehaviour::Silent(k) if k == requests => {
                            silent = true;
                            continue;
                        }
                        Misbehaviour::Disconnect(k) if k == requests => return,
                        Misbehaviour::Illegal(k) if k == requests => {
                            illegal_code(&position).to_wire().to_vec()
                        }
                        Misbehaviour::UpperCase(k) if k == requests => code.to_ascii_uppercase(),
                        Misbehaviour::FirstMovePass if requests == 1 => b"0000".to_vec(),
                        _ if silent => continue,
                        _ => code,
                    }
                }
                Some(Event::GameOver) | Some(Event::Error(_)) | None => continue,
            };
            if port.write_all(&reply).and_then(|()| port.flush()).is_err() {
                return;
            }
        }
    }
}

/// A code for the side to move that the rules refuse: an unused tile off its corners.
fn illegal_code(position: &Position) -> MoveCode {
    let legal: Vec<MoveCode> = position.legal_moves().iter().map(|m| m.code()).collect();
    for text in ["11a0", "e1a0", "1ea0", "eea0", "11b0", "e1b0"] {
        let code: MoveCode = text.parse().unwrap();
        if !legal.contains(&code) {
            return code;
        }
    }
    unreachable!("a position where all six corners are open")
}

/// A pseudo-terminal pair with a scripted player on its far side; the
/// referee's link opened on the near side through `serialport`.
fn pty_player(how: Misbehaviour, seed: u64) -> (Link, JoinHandle<()>) {
    let (mut master, path) = sim::PtyPort::open()
        .expect("a pseudo-terminal")
        .into_master();
    master.set_timeout(Duration::from_millis(50)).unwrap();
    // The referee's side first: a master read with no one on the other side is a hang-up.
    let link =
        open_serial(path.to_str().unwrap(), 115_200).expect("the pty opens as a serial port");
    let player = std::thread::spawn(move || scripted_player(Box::new(master), how, seed));
    (link, player)
}

fn options(scheme: Scheme, games: usize, swap: bool) -> MatchOptions {
    MatchOptions {
        scheme,
        limits: Limits {
            per_move: LIMIT,
            team_code: Duration::from_millis(800),
        },
        games,
        swap,
        record: None,
        json: None,
        sim_wall_guard: protocol::SIM_WALL_GUARD,
    }
}

/// Referees `games` games between two scripted pty players; checks the
/// referee took no longer than the limits allow.
fn pty_match(hows: [Misbehaviour; 2], scheme: Scheme, games: usize, swap: bool) -> Vec<GameReport> {
    let (a, pa) = pty_player(hows[0], 1);
    let (b, pb) = pty_player(hows[1], 2);
    let started = Instant::now();
    let reports = Match::new([a, b], options(scheme, games, swap))
        .run(&mut std::io::sink())
        .expect("the match runs");
    assert!(started.elapsed() < Duration::from_secs(60 * games as u64));
    drop(pa);
    drop(pb);
    reports
}

/// Replays a report's moves: every one legal, in turn, and the outcome its result.
fn check_finished(report: &GameReport) {
    let mut position = Position::new();
    for &(p, code) in &report.moves {
        assert_eq!(position.to_move(), p);
        position.play_code(code).unwrap();
    }
    let o = &report.outcome;
    assert_eq!(o.fault, None, "game {}: {:?}", report.number, o.fault);
    assert!(position.is_over());
    assert_eq!(
        o.scores,
        [position.score(Player::One), position.score(Player::Two)]
    );
    assert_eq!(o.winner, position.winner());
    assert!(report.moves.len() > 20);
}

#[test]
fn whole_games_over_pseudo_terminals_in_both_schemes_and_both_seats() {
    for scheme in [Scheme::S2014, Scheme::S2013] {
        let reports = pty_match([Misbehaviour::None, Misbehaviour::None], scheme, 2, true);
        assert_eq!(reports[0].links, [0, 1]);
        assert_eq!(reports[1].links, [1, 0]);
        for r in &reports {
            check_finished(r);
            assert_eq!(r.teams, [Some("TT".into()), Some("TT".into())]);
        }
    }
}

/// The only game of a match where link 0 misbehaves as told; the fault it must draw.
fn fault_case(how: Misbehaviour, scheme: Scheme) -> GameReport {
    let mut reports = pty_match([how, Misbehaviour::None], scheme, 1, false);
    reports.remove(0)
}

fn assert_fault(how: Misbehaviour, name: &str) -> GameReport {
    let report = fault_case(how, Scheme::S2014);
    let fault = report
        .outcome
        .fault
        .clone()
        .unwrap_or_else(|| panic!("{how:?}: no fault"));
    assert_eq!(
        (fault.player, fault.kind.name()),
        (Player::One, name),
        "{how:?}: {fault}"
    );
    assert_eq!(report.outcome.winner, Some(Player::Two));
    assert_eq!(report.outcome.reason, EndReason::Fault);
    report
}

#[test]
fn accepted_quirks_cr_lf_one_byte_at_a_time_an_odd_team_code() {
    for how in [Misbehaviour::CrLf, Misbehaviour::OneByteAtATime] {
        let report = fault_case(how, Scheme::S2014);
        check_finished(&report);
    }
    let report = fault_case(Misbehaviour::OddTeamCode, Scheme::S2013);
    check_finished(&report);
    assert_eq!(report.teams[0].as_deref(), Some("yz"));
    assert!(report.warnings[0].contains("xyz"), "{:?}", report.warnings);
}

#[test]
fn faults_lose_at_once_each_as_the_spec_says() {
    let r = assert_fault(Misbehaviour::Garbage(3), "malformed");
    assert_eq!(r.outcome.fault.unwrap().raw[..2], *b"zz");
    let r = assert_fault(Misbehaviour::UpperCase(2), "malformed");
    assert_eq!(r.moves.len(), 2, "the fault came at player 1's second move");
    assert_fault(Misbehaviour::Illegal(4), "illegal");
    assert_fault(Misbehaviour::FirstMovePass, "first-move-pass");
    assert_fault(Misbehaviour::NoTeamCode, "no-team-code");
    let started = Instant::now();
    assert_fault(Misbehaviour::Silent(2), "timeout");
    assert_fault(Misbehaviour::Late(3), "timeout");
    assert!(started.elapsed() < 4 * LIMIT + Duration::from_secs(2));
    assert_fault(Misbehaviour::Disconnect(5), "disconnected");
}

#[test]
fn a_disconnected_player_loses_the_remaining_games_without_a_hang() {
    let reports = pty_match(
        [Misbehaviour::Disconnect(2), Misbehaviour::None],
        Scheme::S2014,
        3,
        true,
    );
    for r in &reports {
        let fault = r.outcome.fault.as_ref().expect("a fault");
        assert_eq!(
            fault.kind.name(),
            "disconnected",
            "game {}: {fault}",
            r.number
        );
        assert_eq!(r.links[fault.player.index()], 0);
    }
}

#[test]
fn a_whole_game_over_loopback_tcp_and_a_child_process_on_stdio() {
    // Player 1: this process's play_link on a TCP connection the referee makes.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let tcp_player = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let link = Link::from_tcp("referee", stream).unwrap();
        let mut engine = RandomEngine::new(9);
        let options = PlayerOptions {
            team: *b"TC",
            scheme: None,
        };
        play_link(link, &mut engine, options, &mut std::io::sink()).unwrap()
    });
    let no_engine = EngineOptions {
        time: Duration::from_millis(50),
        seed: 1,
        scheme: None,
    };
    let p1 = open(
        &format!("tcp:127.0.0.1:{port}").parse().unwrap(),
        no_engine,
        &mut |_| {},
    )
    .unwrap();
    // Player 2: `arena player --link stdio` as a child process.
    let exec: LinkSpec = format!(
        "exec:{} player --link stdio --engine greedy --team EX",
        env!("CARGO_BIN_EXE_arena")
    )
    .parse()
    .unwrap();
    let p2 = open(&exec, no_engine, &mut |_| {}).unwrap();
    let reports = Match::new([p1, p2], options(Scheme::S2014, 2, true))
        .run(&mut std::io::sink())
        .unwrap();
    for r in &reports {
        check_finished(r);
    }
    assert_eq!(reports[0].teams, [Some("TC".into()), Some("EX".into())]);
    drop(reports);
    // The referee's links are gone: the TCP player's loop ends.
    let summary = tcp_player.join().unwrap();
    assert_eq!(summary.games, 2);
}

#[test]
fn random_bytes_thrown_at_the_referee_never_hang_or_panic_it() {
    use protocol::{Action, Referee};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(11);
    for round in 0..300 {
        let scheme = if round % 2 == 0 {
            Scheme::S2014
        } else {
            Scheme::S2013
        };
        let mut referee = Referee::new(scheme, Limits::default());
        let mut actions = referee.start();
        let mut now = Duration::ZERO;
        for _ in 0..200 {
            if referee.is_over() {
                break;
            }
            let p = if rng.random_range(0..2) == 0 {
                Player::One
            } else {
                Player::Two
            };
            now += Duration::from_millis(rng.random_range(0..400));
            actions.extend(match rng.random_range(0..4) {
                0 => referee.sent(p, now),
                1 => referee.tick(now),
                _ => {
                    let n = rng.random_range(1..6);
                    let bytes: Vec<u8> = (0..n)
                        .map(|_| {
                            let alphabet = b"0123456789abcdefu\r\n?";
                            alphabet[rng.random_range(0..alphabet.len())]
                        })
                        .collect();
                    referee.received(p, &bytes, now)
                }
            });
        }
        // However it went, time always ends the game.
        for p in [Player::One, Player::Two] {
            actions.extend(referee.sent(p, now));
        }
        actions.extend(referee.tick(now + Duration::from_secs(60)));
        assert!(referee.is_over(), "round {round}");
        assert_eq!(
            actions
                .iter()
                .filter(|a| matches!(a, Action::Over(_)))
                .count(),
            1
        );
    }
}

#[test]
fn a_player_connects_to_a_listening_referee() {
    let no_engine = EngineOptions {
        time: Duration::from_millis(50),
        seed: 1,
        scheme: None,
    };
    // The referee listens on a free port and says which.
    let (address_to, address) = std::sync::mpsc::channel();
    let listening = std::thread::spawn(move || {
        let spec: LinkSpec = "listen:127.0.0.1:0".parse().unwrap();
        open(&spec, no_engine, &mut |note| {
            if let Some(rest) = note.strip_prefix("waiting for a player on ") {
                let address = rest.split(' ').next().unwrap().to_string();
                address_to.send(address).unwrap();
            }
        })
        .unwrap()
    });
    let address = address.recv_timeout(Duration::from_secs(10)).unwrap();
    let player = std::thread::spawn(move || {
        let link: LinkSpec = format!("tcp:{address}").parse().unwrap();
        let link = open(&link, no_engine, &mut |_| {}).unwrap();
        let options = PlayerOptions {
            team: *b"LS",
            scheme: None,
        };
        play_link(
            link,
            &mut RandomEngine::new(3),
            options,
            &mut std::io::sink(),
        )
        .unwrap()
    });
    let p1 = listening.join().unwrap();
    let p2 = open(&"engine:random".parse().unwrap(), no_engine, &mut |_| {}).unwrap();
    let reports = Match::new([p1, p2], options(Scheme::S2013, 1, false))
        .run(&mut std::io::sink())
        .unwrap();
    check_finished(&reports[0]);
    assert_eq!(reports[0].teams[0].as_deref(), Some("LS"));
    assert_eq!(player.join().unwrap().games, 1);
}
