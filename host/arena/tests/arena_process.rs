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

/// `arena ARGS` with the environment variables `vars` set (the rest removed
/// that bear on colour).
fn arena_with(args: &[&str], vars: &[(&str, &str)]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arena"));
    for var in [
        "NO_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "TERM",
        "COLORTERM",
        "CI",
    ] {
        command.env_remove(var);
    }
    let out = command
        .args(args)
        .envs(vars.iter().copied())
        .output()
        .expect("arena runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_board_is_in_colour_only_where_colour_is_wanted() {
    let legal = ["blokus", "legal", "--moves", "56j0,aap0"];
    // Into a pipe: plain, the last move in capitals.
    let plain = arena_with(&legal, &[("TERM", "xterm-256color")]);
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(
        plain.contains("\nb . . . . . . . . X X X . . .\n"),
        "{plain}"
    );
    // Forced (as a terminal would be): the players' colours, the same letters.
    let forced = arena_with(
        &legal,
        &[("CLICOLOR_FORCE", "1"), ("TERM", "xterm-256color")],
    );
    assert!(forced.contains("\x1b[38;5;208mo"), "{forced:?}");
    assert!(forced.contains("\x1b[7m"), "{forced:?}");
    assert_eq!(forced.lines().last(), plain.lines().last());
    let basic = arena_with(&legal, &[("CLICOLOR_FORCE", "1"), ("TERM", "xterm")]);
    assert!(basic.contains("\x1b[33mo"), "{basic:?}");
    // NO_COLOR (set and not empty) wins over forcing; empty, it does not count.
    let vars = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    assert_eq!(arena_with(&legal, &vars), plain);
    let vars = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", ""), ("TERM", "xterm")];
    assert_eq!(arena_with(&legal, &vars), basic);
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
            "unknown engine `deep-blue`; engines: alphabeta, board-flat, board-model, board-next, \
             board-tree, greedy, model-1ply, prior-tree, random, gtp:COMMAND"
        ),
        "{stderr}"
    );
}
