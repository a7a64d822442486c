//! `arena serve` never waits for an engine: while a host engine
//! thinks for 2 s in one game and the simulated board (`sim:10`, its search
//! built for 10 ms of board time, some seconds of simulation) answers in
//! another, the index (`GET /api/games`), the front page and both games'
//! states answer at once, the games' states showing each search's progress;
//! and a search asked to move now (`POST .../stop`) moves with what it has.
//!
//! This file holds one test only: it sets an environment variable, which no
//! other thread of the process may be reading meanwhile.
#![cfg(unix)]

#[path = "common/http.rs"]
mod http;

use http::{call, call_now, request, settle, start};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

/// A read's answer time the service must keep while engines think (the
/// median of the reads; every one within [`WORST`]).
const MEDIAN: Duration = Duration::from_millis(50);
/// No read may take this long: an engine's move in the request thread would
/// (2 s for the host engine; the board's seconds).
const WORST: Duration = Duration::from_millis(1000);

/// A new game of `game` with `seats` (`first`, `second`), as created (an
/// engine's opening not waited for).
fn new_game(server: SocketAddr, game: &str, seats: Value) -> Value {
    let (status, state) = call(server, "POST", &format!("/api/{game}/new"), Some(seats));
    assert_eq!(status, 200, "{state}");
    state
}

/// Plays the first legal move of the person to move in `state` (shogi
/// `legal_moves` or Blokus `legal_codes`) and gives the answer, at once
/// (the engine's reply not waited for), with its time.
fn play_first(server: SocketAddr, state: &Value) -> (Value, Duration) {
    let legal = state
        .get("legal_moves")
        .or(state.get("legal_codes"))
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no legal moves: {state}"));
    let id = state["id"].as_str().unwrap();
    let started = Instant::now();
    let (status, answer) = call_now(
        server,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(json!({"move": legal[0]})),
    );
    assert_eq!(status, 200, "{answer}");
    (answer, started.elapsed())
}

/// The state of game `id` now, and its answer time.
fn state_now(server: SocketAddr, id: &str) -> (Value, Duration) {
    let started = Instant::now();
    let (status, state) = call_now(server, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200, "{state}");
    (state, started.elapsed())
}

/// The median of `times`.
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

#[test]
fn serve_answers_at_once_while_an_engine_and_a_board_think_and_a_search_moves_when_asked() {
    // The models the sim crate's tests build (`sim:10` among them), shared.
    // SAFETY (of intent): the only test of this binary, before any thread is started.
    std::env::set_var(
        "ARENA_SIM_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
    );
    let server = start();

    // The board first (its game's making starts the simulator), then the
    // engine: both think at once.
    let blokus = new_game(
        server,
        "blokus",
        json!({"first": "human", "second": "sim:10"}),
    );
    let dobutsu = new_game(
        server,
        "dobutsu",
        json!({"first": "human", "second": "alphabeta:time=2"}),
    );
    let (board_thinks, board_move_time) = play_first(server, &blokus);
    let (engine_thinks, engine_move_time) = play_first(server, &dobutsu);
    for (state, time) in [
        (&board_thinks, board_move_time),
        (&engine_thinks, engine_move_time),
    ] {
        assert_eq!(state["thinking"]["seat"], 1, "{state}");
        assert_eq!(state["engine_to_move"], true, "{state}");
        assert!(time < WORST, "the move's answer took {time:?}");
    }

    // Reads while both think: the index, the front page, both games.
    let (mut index, mut page, mut games) = (Vec::new(), Vec::new(), Vec::new());
    let mut both_thinking = 0;
    let mut board_progress = String::new();
    for _ in 0..20 {
        let started = Instant::now();
        let (status, _, body) = request(server, "GET", "/api/games", None);
        index.push(started.elapsed());
        assert_eq!(status, 200);
        assert!(body.contains("blokus"), "{body}");
        let started = Instant::now();
        let (status, _, body) = request(server, "GET", "/", None);
        page.push(started.elapsed());
        assert_eq!(status, 200);
        assert!(body.contains("<html"), "the front page");
        let (board, time) = state_now(server, blokus["id"].as_str().unwrap());
        games.push(time);
        let (engine, time) = state_now(server, dobutsu["id"].as_str().unwrap());
        games.push(time);
        if !board["thinking"].is_null() && !engine["thinking"].is_null() {
            both_thinking += 1;
            board_progress = board["thinking"]["progress"].as_str().unwrap().to_string();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!(
        "while both thought ({both_thinking} of 20 rounds): GET /api/games median {:?}, \
         GET / median {:?}, game states median {:?}; the board's progress: {board_progress}",
        median(&mut index),
        median(&mut page),
        median(&mut games)
    );
    assert!(
        both_thinking >= 5,
        "both thought in {both_thinking} rounds only"
    );
    for (what, times) in [
        ("GET /api/games", &mut index),
        ("GET /", &mut page),
        ("the games' states", &mut games),
    ] {
        assert!(median(times) < MEDIAN, "{what}: {times:?}");
        assert!(times.iter().all(|t| *t < WORST), "{what}: {times:?}");
    }

    // Both moves come in: the board's with its cycles, the engine's with
    // its search; the host engine thought about its 2 s.
    let board = settle(server, board_thinks);
    let moves = board["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{board}");
    assert!(
        moves[1]["board_time"]["cycles"].as_u64().unwrap() > 0,
        "{board}"
    );
    let engine = settle(server, engine_thinks);
    assert_eq!(engine["plies"], 2, "{engine}");
    assert!(engine["engine_error"].is_null(), "{engine}");

    // A search of a minute asked to move now: it tells its depth while it
    // thinks, and moves within seconds of the request.
    let long = new_game(
        server,
        "kyoto",
        json!({"first": "human", "second": "alphabeta:time=60"}),
    );
    let id = long["id"].as_str().unwrap().to_string();
    let (thinking, _) = play_first(server, &long);
    let started = Instant::now();
    let progress = loop {
        let (state, _) = state_now(server, &id);
        let progress = state["thinking"]["progress"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        if progress.starts_with("depth") {
            break progress;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no progress: {state}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let (status, stopping) = call_now(server, "POST", &format!("/api/games/{id}/stop"), None);
    assert_eq!(status, 200, "{stopping}");
    let asked = Instant::now();
    let moved = settle(server, thinking);
    let took = asked.elapsed();
    eprintln!(
        "asked to move now at {progress}: moved {took:?} later: {}",
        moved["engine_info"]
    );
    assert_eq!(moved["plies"], 2, "{moved}");
    assert!(
        took < Duration::from_secs(10),
        "moved {took:?} after the stop"
    );
    assert!(
        moved["engine_info"].as_str().unwrap().contains("depth"),
        "{moved}"
    );
    let (status, refused) = call_now(server, "POST", &format!("/api/games/{id}/stop"), None);
    assert_eq!(status, 409, "nothing thinks now: {refused}");
}
