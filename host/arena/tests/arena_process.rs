//! The `arena` binary as a process: its stdout's last line, its exit status,
//! and errors on stderr, as scripts and other tools see them.

use std::process::Command;

fn arena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs")
}

#[test]
fn perft_exits_zero_with_the_count_last() {
    let out = arena(&["blokus", "perft", "2"]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().last(), Some("171396"));
}

#[test]
fn a_malformed_code_exits_non_zero_with_the_reason_on_stderr() {
    let out = arena(&["blokus", "legal", "--moves", "56J9"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.trim_end(),
        "arena: move 1 (\"56J9\"): byte 4 ('9') is not an orientation digit 0-7"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn an_unknown_engine_is_refused_with_the_list_of_names() {
    let out = arena(&["blokus", "play", "--engine", "deep-blue"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(
            "unknown engine \"deep-blue\"; engines: alphabeta, board-model, greedy, model-1ply, \
             random, gtp:COMMAND"
        ),
        "{stderr}"
    );
}
