//! `arena referee`, `arena engines` as a user runs them: a match between
//! in-process engines with its JSON results and game records checked against
//! the rules engine, the results table, and clear errors for bad links.

use blokus::record::GameRecord;
use blokus::{MoveCode, Player, Position};
use clap::Parser;
use end_to_end::{arena, scratch_dir};
use serde_json::Value;

#[test]
fn a_referee_match_writes_results_and_records_that_replay() {
    let dir = scratch_dir("referee");
    let json = dir.join("results.json");
    let records = dir.join("games");
    let run = arena(
        &[
            "referee",
            "--p1",
            "engine:random",
            "--p2",
            "engine:greedy",
            "--games",
            "2",
            "--swap",
            "--json",
            json.to_str().unwrap(),
            "--record",
            records.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.error, None, "{}", run.output);
    let results: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let games = results["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(results["scheme"], "2014");
    for (n, game) in games.iter().enumerate() {
        // Seats swap in the second game.
        let seats = game["players"].as_array().unwrap();
        let greedy_seat = if n == 0 { 1 } else { 0 };
        assert_eq!(seats[greedy_seat], "engine:greedy");
        let mut position = Position::new();
        for m in game["moves"].as_array().unwrap() {
            let seat = m["seat"].as_u64().unwrap();
            assert_eq!(position.to_move().index() as u64 + 1, seat);
            let code: MoveCode = m["code"].as_str().unwrap().parse().unwrap();
            position.play_code(code).unwrap();
        }
        assert!(position.is_over());
        let result = &game["result"];
        assert_eq!(result["fault"], Value::Null);
        let scores = [position.score(Player::One), position.score(Player::Two)];
        assert_eq!(result["scores"], serde_json::json!(scores));
        assert_eq!(
            result["winner"],
            serde_json::json!(position.winner().map(|w| w.index() + 1))
        );
        // The records, written as the game went, replay to the same position.
        let base = records.join(format!("game-{:03}", n + 1));
        let sgf =
            GameRecord::from_sgf(&std::fs::read_to_string(base.with_extension("sgf")).unwrap())
                .unwrap();
        // SGF has no passes: the trailing ones are not in it.
        let from_sgf = sgf.replay().unwrap();
        for p in [Player::One, Player::Two] {
            assert_eq!(from_sgf.cells(p), position.cells(p));
        }
        let transcript = GameRecord::from_transcript(
            &std::fs::read_to_string(base.with_extension("txt")).unwrap(),
        )
        .unwrap();
        assert_eq!(transcript.replay().unwrap(), position);
        let log = std::fs::read_to_string(base.with_extension("jsonl")).unwrap();
        let lines: Vec<Value> = log
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let moves = lines.iter().filter(|l| l["event"] == "move").count();
        assert_eq!(moves, game["moves"].as_array().unwrap().len());
        assert!(lines
            .iter()
            .any(|l| l["event"] == "bytes" && l["text"] == "25"));
        assert_eq!(lines.last().unwrap()["event"], "over");
    }
    // The table: greedy beats random (both games here, or the test's seed changed).
    let table: Vec<&str> = run.output.lines().rev().take(2).collect();
    assert!(
        table
            .iter()
            .any(|l| l.starts_with("engine:greedy") && l.contains(" 2 ")),
        "{}",
        run.output
    );
}

#[test]
fn engines_lists_every_name_a_link_takes() {
    let run = arena(&["engines"], "");
    for name in [
        "default",
        "alphabeta",
        "board-model",
        "greedy",
        "model-1ply",
        "random",
        "light-uct",
    ] {
        assert!(run.output.contains(name), "{name}");
    }
}

#[test]
fn bad_links_and_engines_are_named() {
    let run = arena(
        &[
            "referee",
            "--p1",
            "engine:nonesuch",
            "--p2",
            "engine:random",
        ],
        "",
    );
    assert!(run.error.unwrap().contains("unknown engine `nonesuch`"));
    let run = arena(
        &[
            "referee",
            "--p1",
            "serial:/dev/nonexistent-tty",
            "--p2",
            "engine:random",
        ],
        "",
    );
    assert!(run.error.unwrap().contains("/dev/nonexistent-tty"));
    let run = arena(&["referee", "--p1", "stdio", "--p2", "engine:random"], "");
    assert!(run.error.unwrap().contains("cannot be `stdio`"));
    let parsed =
        arena::cli::Cli::try_parse_from(["arena", "referee", "--p1", "ttyUSB0", "--p2", "stdio"]);
    assert!(parsed.unwrap_err().to_string().contains("is not a link"));
    let parsed = arena::cli::Cli::try_parse_from([
        "arena",
        "referee",
        "--p1",
        "stdio",
        "--p2",
        "stdio",
        "--timeout",
        "0",
    ]);
    let error = parsed.unwrap_err().to_string();
    assert!(error.contains("positive number of seconds"), "{error}");
}

#[test]
fn referee_bench_measures_the_referees_own_time_over_pseudo_terminals() {
    let run = arena(&["referee-bench", "--games", "1"], "");
    assert_eq!(run.error, None);
    let line = run.last_line();
    assert!(
        line.starts_with("referee latency over pseudo-terminals (1 games, scheme 2014, ")
            && line.contains(" moves): median ")
            && line.contains("99th percentile"),
        "{line}"
    );
}
