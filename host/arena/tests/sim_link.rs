//! The host's `sim` link, as `arena referee --p1 sim --p2 engine:greedy` opens it: it
//! starts the simulated board in this process (its model in a driver process), opens
//! its pseudo-terminal as a serial port and plays a whole refereed game through it;
//! closing the link takes the simulator down with it.
//!
//! This file holds one test only: it sets an environment variable, which no other
//! thread of the process may be reading meanwhile.
#![cfg(unix)]

use arena::links::run::{Match, MatchOptions};
use arena::links::{open, EngineOptions, LinkSpec};
use protocol::Limits;
use protocol::Scheme;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[test]
fn a_refereed_game_against_the_sim_link_and_the_simulator_goes_with_the_link() {
    // SAFETY (of intent): the only test of this binary, before any thread is started.
    std::env::set_var(
        "ARENA_SIM_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
    );
    let engine = EngineOptions {
        time: Duration::from_millis(100),
        seed: 1,
        scheme: None,
    };
    // Rounds during 1 ms of board time: the model `board.rs` builds too.
    let spec: LinkSpec = "sim:1".parse().unwrap();
    let mut said = Vec::new();
    let board = open(&spec, engine, &mut |m| said.push(m.to_string())).unwrap();
    // "simulated board on /dev/pts/N (and 127.0.0.1:PORT)"
    let tcp: std::net::SocketAddr = said
        .iter()
        .find_map(|m| m.split_once("(and ")?.1.strip_suffix(')')?.parse().ok())
        .unwrap_or_else(|| panic!("no TCP address in {said:?}"));
    assert!(
        std::net::TcpStream::connect(tcp).is_ok(),
        "the simulator listens"
    );
    // The link's label names the pseudo-terminal; it exists while the simulator runs.
    let label = board.label.clone();
    let pty = PathBuf::from(
        label
            .split_once('(')
            .and_then(|(_, rest)| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{label}")),
    );
    assert!(pty.exists(), "{}", pty.display());
    let greedy = open(
        &LinkSpec::Engine {
            name: "greedy".into(),
        },
        engine,
        &mut |_| {},
    )
    .unwrap();
    let options = MatchOptions {
        scheme: Scheme::S2014,
        // The contest's limits, judged in the board's own time: the wall
        // clock only guards against a dead simulator.
        limits: Limits::default(),
        games: 1,
        swap: false,
        record: None,
        json: None,
        sim_wall_guard: Duration::from_secs(300),
    };
    let reports = Match::new([board, greedy], options)
        .run(&mut std::io::sink())
        .unwrap();
    assert_eq!(reports.len(), 1);
    let report = &reports[0];
    assert!(report.outcome.fault.is_none(), "{:?}", report.outcome);
    assert!(report.teams[0].is_some(), "the board sent a team code");
    assert!(report.moves.len() >= 4, "{:?}", report.moves);
    assert_eq!(report.labels[0], label);
    // The match is over and its links closed: the simulator has gone, and its TCP
    // port with it.
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(tcp).is_ok() {
        assert!(Instant::now() < deadline, "the simulator outlived its link");
        std::thread::sleep(Duration::from_millis(50));
    }
}
