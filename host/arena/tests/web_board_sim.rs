//! `arena serve`'s Blokus Duo page against the simulated board (`sim:1`, its
//! search built for 1 ms of board time) over real HTTP: every answer of the
//! board carries its board time, the cycles the simulator counted.
//!
//! This file holds one test only: it sets an environment variable, which no
//! other thread of the process may be reading meanwhile.
#![cfg(unix)]

#[path = "common/http.rs"]
mod http;

use http::{call, play, start};
use serde_json::json;
use std::path::Path;

#[test]
fn serve_shows_the_board_time_of_each_answer_of_the_simulated_board() {
    // The models the sim crate's tests build (`sim:1` among them), shared.
    // SAFETY (of intent): the only test of this binary, before any thread is started.
    std::env::set_var(
        "ARENA_SIM_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
    );
    let server = start();
    let (status, mut state) = call(
        server,
        "POST",
        "/api/blokus/new",
        Some(json!({"first": "human", "second": "sim:1"})),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["seats"][1]["player"], "sim:1");
    let id = state["id"].as_str().unwrap().to_string();
    for turn in 0..3 {
        let legal = state["legal_codes"].as_array().unwrap();
        let text = legal[turn * 7 % legal.len()].as_str().unwrap().to_string();
        let (status, next) = play(server, &id, &text);
        assert_eq!(status, 200, "{text}: {next}");
        state = next;
        let moves = state["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2 * turn + 2, "{state}");
        assert!(moves[2 * turn]["board_time"].is_null(), "the person's");
        let time = &moves[2 * turn + 1]["board_time"];
        let cycles = time["cycles"].as_u64().unwrap_or_else(|| panic!("{time}"));
        let ms = time["ms"].as_f64().unwrap();
        // The board's clock: 50,000 cycles a millisecond at 50 MHz, and at
        // least the answer's 4 bytes on the line (about 0.35 ms at 115,200 baud).
        let per_ms = model::clock::CLOCK_HZ as f64 / 1e3;
        assert!(cycles as f64 > 0.3 * per_ms && ms > 0.3, "{time}");
        assert!((cycles as f64 / per_ms - ms).abs() < 0.01, "{time}");
        let info = state["engine_info"].as_str().unwrap();
        assert!(info.contains(&format!("{cycles} cycles")), "{info}");
        eprintln!("{info}");
    }
}
