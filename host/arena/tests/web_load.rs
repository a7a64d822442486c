//! A bounded load test of `arena serve`: 20 clients for 20
//! seconds on 127.0.0.1, each making games of every kind against engines,
//! playing their moves, reading its game, the index and the front page at
//! random. Every request is answered (a connection refused or cut fails
//! the test), none with a 5xx; a game dropped for newer ones (404) or an
//! engine still thinking (409) is an answer. The answer times' percentiles
//! are printed (`cargo test --release -p arena --test web_load --
//! --nocapture`; BENCHMARKS.md).

#[path = "common/http.rs"]
mod http;

use http::{call_now, request, start};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const CLIENTS: u64 = 20;
const SECONDS: u64 = 20;

/// The games a client makes: the path and the seats (a person first).
fn new_game_request(kind: u64) -> (&'static str, Value) {
    match kind % 5 {
        0 => (
            "dobutsu",
            json!({"first": "human", "second": "alphabeta:time=0.2"}),
        ),
        1 => (
            "kyoto",
            json!({"first": "human", "second": "random", "options": {"points": true}}),
        ),
        2 => (
            "janken",
            json!({"first": "human", "second": "alphabeta:time=0.1"}),
        ),
        3 => (
            "reversi",
            json!({"seats": ["human", "mcts:time=0.1", "random"]}),
        ),
        _ => (
            "blokus",
            json!({"first": "human", "second": "alphabeta:time=0.2"}),
        ),
    }
}

/// A small generator for the clients' choices (each its own seed).
struct Choices(u64);

impl Choices {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A legal move of the person to move in `state`, if a person is to move.
fn person_move(state: &Value, choices: &mut Choices) -> Option<String> {
    if state["over"] == true || state["engine_to_move"] == true || !state["thinking"].is_null() {
        return None;
    }
    let legal = state
        .get("legal_moves")
        .or(state.get("legal_codes"))
        .and_then(Value::as_array)?;
    if legal.is_empty() {
        return Some("pass".to_string());
    }
    let pick = choices.below(legal.len() as u64) as usize;
    legal[pick].as_str().map(str::to_string)
}

/// One client's requests until `end`: each request's status and time.
fn client(server: SocketAddr, seed: u64, end: Instant) -> Vec<(u16, Duration)> {
    let mut choices = Choices(0x9E37_79B9_7F4A_7C15 ^ ((seed + 1) * 0x1000_0001));
    let mut answers = Vec::new();
    let mut game: Option<Value> = None;
    while Instant::now() < end {
        let started = Instant::now();
        let status = match (choices.below(10), &game) {
            (0, _) | (_, None) => {
                let (path, seats) = new_game_request(choices.below(5));
                let (status, state) =
                    call_now(server, "POST", &format!("/api/{path}/new"), Some(seats));
                if status == 200 {
                    game = Some(state);
                }
                status
            }
            (1..=4, Some(state)) => match person_move(state, &mut choices) {
                Some(text) => {
                    let id = state["id"].as_str().unwrap();
                    let (status, next) = call_now(
                        server,
                        "POST",
                        &format!("/api/games/{id}/move"),
                        Some(json!({"move": text})),
                    );
                    if status == 200 {
                        game = Some(next);
                    }
                    status
                }
                None => {
                    let id = state["id"].as_str().unwrap();
                    let (status, next) = call_now(server, "GET", &format!("/api/games/{id}"), None);
                    match status {
                        200 if next["over"] == true => game = None,
                        200 => game = Some(next),
                        _ => game = None,
                    }
                    status
                }
            },
            (5..=7, Some(state)) => {
                let id = state["id"].as_str().unwrap();
                let (status, next) = call_now(server, "GET", &format!("/api/games/{id}"), None);
                game = (status == 200).then_some(next);
                status
            }
            (8, _) => request(server, "GET", "/api/games", None).0,
            _ => request(server, "GET", "/", None).0,
        };
        answers.push((status, started.elapsed()));
    }
    answers
}

#[test]
fn serve_answers_every_request_of_twenty_clients_for_twenty_seconds() {
    let server = start();
    let end = Instant::now() + Duration::from_secs(SECONDS);
    let clients: Vec<_> = (0..CLIENTS)
        .map(|seed| std::thread::spawn(move || client(server, seed, end)))
        .collect();
    let answers: Vec<(u16, Duration)> = clients
        .into_iter()
        .flat_map(|c| c.join().expect("every request answered"))
        .collect();
    let mut statuses = BTreeMap::new();
    for (status, _) in &answers {
        *statuses.entry(*status).or_insert(0) += 1;
    }
    let mut times: Vec<Duration> = answers.iter().map(|(_, t)| *t).collect();
    times.sort();
    let percentile = |p: usize| times[(times.len() * p / 100).min(times.len() - 1)];
    eprintln!(
        "{CLIENTS} clients for {SECONDS} s: {} requests ({:.0} a second), statuses {statuses:?}; \
         answer times p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
        answers.len(),
        answers.len() as f64 / SECONDS as f64,
        percentile(50),
        percentile(90),
        percentile(99),
        times[times.len() - 1]
    );
    assert!(
        answers.len() as u64 >= CLIENTS * SECONDS,
        "{} requests only",
        answers.len()
    );
    let failed: Vec<_> = statuses.keys().filter(|s| **s >= 500).collect();
    assert!(failed.is_empty(), "5xx answers: {statuses:?}");
    assert!(
        statuses.keys().all(|s| matches!(s, 200 | 404 | 409)),
        "unexpected answers: {statuses:?}"
    );
    assert!(
        statuses.get(&200).copied().unwrap_or(0) * 2 > answers.len(),
        "{statuses:?}"
    );
}
