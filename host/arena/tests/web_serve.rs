//! `arena serve` over real HTTP: the server on a free port in a thread, a
//! plain TcpStream client; whole games, refusals, records, and the command's
//! first line.

#[path = "common/http.rs"]
mod http;

use http::{call, play, request, start};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};

#[test]
fn serve_plays_a_whole_dobutsu_game_against_random() {
    let server = start();
    let (status, mut state) = call(
        server,
        "POST",
        "/api/dobutsu/new",
        Some(json!({"first": "human", "second": "random:seed=7"})),
    );
    assert_eq!(status, 200, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["fen"], "gle/1c1/1C1/ELG[] w - - 0 1");
    assert_eq!(state["to_move"], "first");
    assert_eq!(state["seats"][1]["engine"], true);
    let mut plies = 0;
    while state["over"] == false {
        assert_eq!(state["to_move"], "first", "{state}");
        // The first legal move in the list, always: the engine answers each one.
        let moves = state["legal_moves"].as_array().unwrap();
        let text = moves[0].as_str().unwrap().to_string();
        let (status, next) = play(server, &id, &text);
        assert_eq!(status, 200, "{text}: {next}");
        let played = next["moves"].as_array().unwrap().len();
        assert!(played > plies, "{next}");
        assert_eq!(next["moves"][plies], text.as_str());
        plies = played;
        state = next;
        assert!(plies < 450, "no end");
    }
    let result = state["result"].as_str().unwrap();
    assert!(result.starts_with("1-0") || result.starts_with("0-1") || result.starts_with("1/2"));
    assert!(state["legal_moves"].as_array().unwrap().is_empty());
    let (status, again) = call(server, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
    assert_eq!(again, state);
    let (status, error) = play(server, &id, "b2b3");
    assert_eq!(status, 422);
    assert!(error["error"].as_str().unwrap().contains("over"), "{error}");
}

#[test]
fn serve_refuses_an_illegal_move_with_the_rules_reason() {
    let server = start();
    let (_, state) = call(
        server,
        "POST",
        "/api/dobutsu/new",
        Some(json!({"second": "human"})),
    );
    let id = state["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/move");
    // The lion steps onto its own elephant.
    let (status, error) = call(server, "POST", &path, Some(json!({"move": "b1a1"})));
    assert_eq!(status, 422, "{error}");
    let reason = error["error"].as_str().unwrap();
    assert!(!reason.is_empty());
    let (status, error) = call(server, "POST", &path, Some(json!({"move": "zz"})));
    assert_eq!(status, 422);
    assert!(
        error["error"].as_str().unwrap().contains("not a move"),
        "{error}"
    );
    // Nothing was played; a person against a person: no engine answered.
    let (status, state) = call(server, "POST", &path, Some(json!({"move": "b2b3"})));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["b2b3"]));
    assert_eq!(state["to_move"], "second");
}

#[test]
fn serve_answers_malformed_requests_with_4xx_and_goes_on() {
    let server = start();
    for (method, path, body, expected) in [
        ("POST", "/api/dobutsu/new", "{not json", 400),
        ("POST", "/api/chess/new", "{}", 404),
        (
            "POST",
            "/api/dobutsu/new",
            r#"{"second": "nonsense-engine"}"#,
            400,
        ),
        (
            "POST",
            "/api/dobutsu/new",
            r#"{"second": "alphabeta:depth=x"}"#,
            400,
        ),
        (
            "POST",
            "/api/kyoto/new",
            r#"{"options": {"points": "yes"}}"#,
            400,
        ),
        ("GET", "/api/games/dobutsu-12345", "", 404),
        ("GET", "/api/games/what", "", 404),
        (
            "POST",
            "/api/games/dobutsu-12345/move",
            r#"{"move": "b2b3"}"#,
            404,
        ),
        ("GET", "/api/games/dobutsu-12345/record", "", 404),
        ("GET", "/no/such/page", "", 404),
    ] {
        let (status, _, answer) = request(server, method, path, Some(body));
        assert_eq!(status, expected, "{method} {path} {body}: {answer}");
        let error: Value = serde_json::from_str(&answer).unwrap();
        assert!(error["error"].is_string(), "{answer}");
    }
    // A POST that is not JSON (as a form of another site would send) is refused.
    let mut stream = TcpStream::connect(server).unwrap();
    write!(
        stream,
        "POST /api/dobutsu/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");
    // So is a page asked for under another host name (DNS rebinding).
    let mut stream = TcpStream::connect(server).unwrap();
    write!(
        stream,
        "GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    // The server still answers.
    let (status, games) = call(server, "GET", "/api/games", None);
    assert_eq!(status, 200);
    assert_eq!(games.as_array().unwrap().len(), 5);
    let (status, head, page) = request(server, "GET", "/play/janken", None);
    assert_eq!(status, 200);
    assert!(head.contains("text/html"), "{head}");
    assert!(page.contains("/static/app.js"));
}

#[test]
fn serve_record_download_then_load_gives_the_same_position() {
    let server = start();
    for (game, options, opening) in [
        ("dobutsu", json!({}), vec!["b2b3"]),
        ("kyoto", json!({"points": true}), vec![]),
        ("janken", json!({"blind": true}), vec!["GPC-GCP-PGC-CGP"]),
    ] {
        let (status, mut state) = call(
            server,
            "POST",
            &format!("/api/{game}/new"),
            Some(json!({"first": "human", "second": "random:seed=3", "options": options})),
        );
        assert_eq!(status, 200, "{game}: {state}");
        let id = state["id"].as_str().unwrap().to_string();
        for text in opening {
            let (status, next) = play(server, &id, text);
            assert_eq!(status, 200, "{next}");
            state = next;
        }
        for _ in 0..3 {
            if state["over"] == true {
                break;
            }
            let first = state["legal_moves"][0].as_str().unwrap().to_string();
            let (status, next) = play(server, &id, &first);
            assert_eq!(status, 200, "{next}");
            state = next;
        }
        let (status, head, record) =
            request(server, "GET", &format!("/api/games/{id}/record"), None);
        assert_eq!(status, 200, "{record}");
        assert!(head.contains("attachment"), "{head}");
        assert!(record.starts_with(&format!("[Game {game}]")), "{record}");
        let (status, loaded) = call(
            server,
            "POST",
            &format!("/api/{game}/load"),
            Some(json!({"record": record, "first": "human", "second": "human"})),
        );
        assert_eq!(status, 200, "{loaded}");
        assert_ne!(loaded["id"], state["id"]);
        for key in ["fen", "moves", "to_move", "legal_moves", "result"] {
            assert_eq!(loaded[key], state[key], "{game}: {key}");
        }
    }
    let (status, error) = call(
        server,
        "POST",
        "/api/dobutsu/load",
        Some(json!({"record": "[Game dobutsu]\nb2b3\nb2b3\n"})),
    );
    assert_eq!(status, 422);
    assert!(
        error["error"].as_str().unwrap().contains("line 3"),
        "{error}"
    );
}

#[test]
fn serve_command_prints_the_address_first_and_serves_the_pages() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    lines.read_line(&mut line).unwrap();
    // The pipe closed early: the server must go on all the same.
    drop(lines);
    let url = line.trim().strip_prefix("open http://127.0.0.1:").unwrap();
    let port: u16 = url.strip_suffix('/').unwrap().parse().unwrap();
    let address: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let (status, _, index) = request(address, "GET", "/", None);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(status, 200, "{index}");
    assert!(index.contains("/play/dobutsu"), "{index}");
}

#[test]
fn serve_lets_engines_open_and_play_each_other_a_move_at_a_time() {
    let server = start();
    // An engine in the first seat opens at once against a person.
    let (status, state) = call(
        server,
        "POST",
        "/api/kyoto/new",
        Some(json!({"first": "random", "second": "human"})),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
    assert_eq!(state["to_move"], "second");
    assert_eq!(state["engine_to_move"], false);
    // Two engines: nothing moves until asked, then one move a call.
    let (_, state) = call(
        server,
        "POST",
        "/api/dobutsu/new",
        Some(json!({"first": "random", "second": "alphabeta:depth=2"})),
    );
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["engine_to_move"], true);
    let id = state["id"].as_str().unwrap();
    // A person's move where an engine is to move is refused.
    let (status, _) = play(server, id, "b2b3");
    assert_eq!(status, 409);
    let path = format!("/api/games/{id}/engine");
    for plies in 1..=4 {
        let (status, state) = call(server, "POST", &path, Some(json!({})));
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["moves"].as_array().unwrap().len(), plies);
        if state["over"] == true {
            let (status, _) = call(server, "POST", &path, Some(json!({})));
            assert_eq!(status, 409);
            break;
        }
    }
}

#[test]
fn serve_hides_a_blind_set_up_from_the_second_player() {
    let server = start();
    let (status, state) = call(
        server,
        "POST",
        "/api/janken/new",
        Some(json!({"first": "random", "second": "human", "options": {"blind": true}})),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["to_move"], "second");
    assert!(
        state["fen"].as_str().unwrap().starts_with("6/6/6/6/6/6 "),
        "{state}"
    );
    assert_eq!(state["moves"], json!(["(hidden)"]));
    let id = state["id"].as_str().unwrap();
    let (status, _, _) = request(server, "GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 409);
    let (status, state) = play(server, id, "gpc-gpc-gpc-gpc");
    assert_eq!(status, 200, "{state}");
    let moves = state["moves"].as_array().unwrap();
    // Both set up, and the first seat's engine has played its turn.
    assert_eq!(moves.len(), 3);
    assert_ne!(moves[0], "(hidden)");
    assert_eq!(state["to_move"], "second");
}

/// The state's fields that make the position, for comparing two games.
fn position_of(state: &Value) -> Value {
    json!([
        state["rows"],
        state["to_move"],
        state["used"],
        state["legal_moves"],
        state["legal_codes"]
    ])
}

#[test]
fn serve_plays_a_whole_reversi_game_against_two_random_engines() {
    let server = start();
    let (status, mut state) = call(
        server,
        "POST",
        "/api/reversi/new",
        Some(json!({"seats": ["human", "random", "random"]})),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["preset"], "octagon3");
    assert_eq!(state["rows"][0], "##....##");
    assert_eq!(state["colours"].as_array().unwrap().len(), 3);
    let id = state["id"].as_str().unwrap().to_string();
    let mut turns = 0;
    let mut passes = 0;
    while state["over"] == false {
        assert_eq!(state["to_move"], 0, "{state}");
        let legal = state["legal_moves"].as_array().unwrap();
        let text = legal[turns % legal.len()].as_str().unwrap().to_string();
        if text == "pass" {
            passes += 1;
            assert!(state["legal_cells"].as_array().unwrap().is_empty());
        } else {
            // A cell that turns nothing is refused with the reason.
            let (status, error) = play(server, &id, "a1");
            assert_eq!(status, 422, "{error}");
            assert!(error["error"].as_str().unwrap().contains("hole"), "{error}");
        }
        let (status, next) = play(server, &id, &text);
        assert_eq!(status, 200, "{text}: {next}");
        state = next;
        turns += 1;
        assert!(turns < 100, "no end");
    }
    let result = state["result"].as_str().unwrap();
    assert!(
        result.contains("wins") || result.contains("draw"),
        "{result}"
    );
    let stones: Vec<u64> = state["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["stones"].as_u64().unwrap())
        .collect();
    let (status, head, record) = request(server, "GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert!(head.contains(&format!("{id}.txt")), "{head}");
    assert!(
        record.starts_with(
            "[Game reversi]\n[Variant octagon3]\n[Players B=human W=random A=random]\n"
        ),
        "{record}"
    );
    let counts: Vec<String> = stones.iter().map(u64::to_string).collect();
    assert!(
        record.contains(&format!("[Result {}]", counts.join("-"))),
        "{record}"
    );
    let (status, loaded) = call(
        server,
        "POST",
        "/api/reversi/load",
        Some(json!({"record": record, "seats": ["human", "human", "human"]})),
    );
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["rows"], state["rows"]);
    assert_eq!(loaded["moves"], state["moves"]);
    assert_eq!(loaded["result"], state["result"]);
    eprintln!("reversi: {turns} turns of the person, {passes} passes: {result}");
}

#[test]
fn serve_refuses_an_illegal_blokus_placement_with_the_rules_reason() {
    let server = start();
    let (status, state) = call(
        server,
        "POST",
        "/api/blokus/new",
        Some(json!({"first": "human", "second": "random"})),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["rows"].as_array().unwrap().len(), 14);
    assert_eq!(state["can_pass"], false);
    let legal = state["legal_codes"].as_array().unwrap();
    assert!(legal.contains(&json!("55a0")), "{legal:?}");
    let path = format!("/api/games/{}/move", state["id"].as_str().unwrap());
    for (text, reason) in [
        ("11a0", "the first tile must cover the start square"),
        ("0000", "may not pass on its first move"),
        ("e5u0", "leaves the board"),
        ("zz", "is not a move code"),
    ] {
        let (status, error) = call(server, "POST", &path, Some(json!({ "move": text })));
        assert_eq!(status, 422, "{text}: {error}");
        let error = error["error"].as_str().unwrap();
        assert!(error.contains(reason), "{text}: {error}");
    }
    let (status, next) = call(server, "POST", &path, Some(json!({"move": "55a0"})));
    assert_eq!(status, 200, "{next}");
    // The engine answered; the person's monomino is used now.
    assert_eq!(next["moves"].as_array().unwrap().len(), 2);
    assert_eq!(next["used"][0], "a");
    let (status, error) = call(server, "POST", &path, Some(json!({"move": "66a0"})));
    assert_eq!(status, 422);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("tile a is already used"),
        "{error}"
    );
}

#[test]
fn serve_blokus_sgf_download_then_load_gives_the_same_position() {
    let server = start();
    let (_, mut state) = call(
        server,
        "POST",
        "/api/blokus/new",
        Some(json!({"first": "human", "second": "greedy"})),
    );
    let id = state["id"].as_str().unwrap().to_string();
    for turn in 0..6 {
        let legal = state["legal_codes"].as_array().unwrap();
        let text = legal[turn * 13 % legal.len()].as_str().unwrap().to_string();
        let (status, next) = play(server, &id, &text);
        assert_eq!(status, 200, "{next}");
        state = next;
    }
    // A pass, then the engine's answer.
    let (status, next) = play(server, &id, "pass");
    assert_eq!(status, 200, "{next}");
    state = next;
    let (status, head, sgf) = request(server, "GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert!(head.contains(&format!("{id}.sgf")), "{head}");
    assert!(sgf.starts_with("(;FF[4]CA[UTF-8]GM[Blokus Duo]"), "{sgf}");
    let (status, loaded) = call(
        server,
        "POST",
        "/api/blokus/load",
        Some(json!({"record": sgf, "first": "human", "second": "human"})),
    );
    assert_eq!(status, 200, "{loaded}");
    assert_ne!(loaded["id"], state["id"]);
    assert_eq!(position_of(&loaded), position_of(&state));
    assert_eq!(loaded["moves"], state["moves"]);
    assert_eq!(loaded["scores"], state["scores"]);
    // A record that breaks the rules is refused with the move and the reason.
    let (status, error) = call(
        server,
        "POST",
        "/api/blokus/load",
        Some(json!({"record": "(;GM[Blokus Duo];B[a1,a2])"})),
    );
    assert_eq!(status, 422);
    assert!(
        error["error"].as_str().unwrap().contains("move 1"),
        "{error}"
    );
}

/// The cells `[x, y]` of a Blokus state's `rows` marked `mark`.
fn marked_cells(state: &Value, mark: char) -> Vec<(u64, u64)> {
    let mut cells = Vec::new();
    for (y, row) in state["rows"].as_array().unwrap().iter().enumerate() {
        for (x, c) in row.as_str().unwrap().chars().enumerate() {
            if c == mark {
                cells.push((x as u64 + 1, y as u64 + 1));
            }
        }
    }
    cells
}

#[test]
fn serve_blokus_states_name_each_placed_tiles_cells() {
    // The page draws each tile as one piece from the moves' cells: after K
    // moves (the last position or one reviewed) the first K moves' cells are
    // exactly the board's, each its mover's, each move's tile its code's.
    let server = start();
    let (_, mut state) = call(
        server,
        "POST",
        "/api/blokus/new",
        Some(json!({"first": "human", "second": "greedy"})),
    );
    let id = state["id"].as_str().unwrap().to_string();
    for turn in 0..5 {
        let legal = state["legal_codes"].as_array().unwrap();
        let text = legal[turn * 7 % legal.len()].as_str().unwrap().to_string();
        state = play(server, &id, &text).1;
    }
    state = play(server, &id, "pass").1;
    let plies = state["moves"].as_array().unwrap().len();
    assert!(plies >= 12, "{state}");
    for k in [0, 1, 2, 7, plies - 1, plies] {
        let (status, at) = call(server, "GET", &format!("/api/games/{id}/at/{k}"), None);
        assert_eq!(status, 200, "{at}");
        assert_eq!(at["at"], k);
        let moves = at["moves"].as_array().unwrap();
        assert_eq!(moves.len(), plies, "every move, whichever is shown");
        for (player, mark) in [(0, 'o'), (1, 'x')] {
            let mut placed: Vec<(u64, u64)> = Vec::new();
            for m in moves[..k].iter().filter(|m| m["player"] == player) {
                let code = m["code"].as_str().unwrap();
                let cells = m["cells"].as_array().unwrap();
                if code == "0000" {
                    assert!(cells.is_empty() && m["tile"].is_null(), "{m}");
                    continue;
                }
                assert_eq!(m["tile"], code[2..3], "{m}");
                placed.extend(
                    cells
                        .iter()
                        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap())),
                );
            }
            placed.sort_unstable();
            let mut board = marked_cells(&at, mark);
            board.sort_unstable();
            assert_eq!(placed, board, "player {player} after {k} moves");
        }
    }
}

#[test]
fn serve_refuses_a_blokus_board_on_a_missing_serial_port_with_400() {
    let server = start();
    for (spec, reason) in [
        (
            "serial:/dev/no-such-arena-port",
            "cannot open serial port /dev/no-such-arena-port",
        ),
        ("serial:", "names no serial target"),
        ("serial:/dev/null@0", "is not a baud rate"),
    ] {
        let (status, error) = call(
            server,
            "POST",
            "/api/blokus/new",
            Some(json!({"first": "human", "second": spec})),
        );
        assert_eq!(status, 400, "{spec}: {error}");
        let error = error["error"].as_str().unwrap();
        assert!(error.contains(reason), "{spec}: {error}");
    }
    // The server goes on; the page offers the port.
    let (status, games) = call(server, "GET", "/api/games", None);
    assert_eq!(status, 200);
    let blokus = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "blokus")
        .unwrap();
    assert!(
        blokus["engines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "serial"),
        "{blokus}"
    );
}

/// Review over every kind of game of the generic table: after a few moves
/// (people at both seats), the state after K moves shows the position the
/// game showed after K moves (its FEN or rows), with every move so far;
/// K past the moves is refused, and a move chosen at an earlier position too.
#[test]
fn serve_shows_a_game_after_any_number_of_its_moves() {
    let server = start();
    let both = json!({"seats": ["human", "human"]});
    for (game, legal, board) in [
        ("dobutsu", "legal_moves", "fen"),
        ("reversi", "legal_moves", "rows"),
        ("blokus", "legal_codes", "rows"),
    ] {
        let body = if game == "reversi" {
            json!({"seats": ["human", "human", "human"]})
        } else {
            both.clone()
        };
        let (status, mut state) = call(server, "POST", &format!("/api/{game}/new"), Some(body));
        assert_eq!(status, 200, "{state}");
        let id = state["id"].as_str().unwrap().to_string();
        let mut shown = vec![state[board].clone()];
        for turn in 0..4 {
            let moves = state[legal].as_array().unwrap();
            let text = moves[turn * 7 % moves.len()].clone();
            let (status, next) = call(
                server,
                "POST",
                &format!("/api/games/{id}/move"),
                Some(json!({"move": text, "at": turn})),
            );
            assert_eq!(status, 200, "{game} {text}: {next}");
            state = next;
            shown.push(state[board].clone());
        }
        assert_eq!(
            (state["at"].clone(), state["plies"].clone()),
            (json!(4), json!(4))
        );
        for (k, board_then) in shown.iter().enumerate() {
            let (status, then) = call(server, "GET", &format!("/api/games/{id}/at/{k}"), None);
            assert_eq!(status, 200, "{game} at {k}: {then}");
            assert_eq!(&then[board], board_then, "{game} at {k}");
            assert_eq!(then["at"], k, "{game}");
            assert_eq!(then["plies"], 4, "{game}");
            assert_eq!(then["moves"], state["moves"], "{game} at {k}");
            assert_eq!(
                then["seat_to_move"],
                k % if game == "reversi" { 3 } else { 2 }
            );
        }
        let (_, last) = call(server, "GET", &format!("/api/games/{id}/at/4"), None);
        assert_eq!(last, state, "{game}");
        for (path, expected) in [("at/5", 404), ("at/-1", 400), ("at/x", 400)] {
            let (status, error) = call(server, "GET", &format!("/api/games/{id}/{path}"), None);
            assert_eq!(status, expected, "{game} {path}: {error}");
            assert!(error["error"].is_string(), "{error}");
        }
        // Refused before the move is read.
        let (status, error) = call(
            server,
            "POST",
            &format!("/api/games/{id}/move"),
            Some(json!({"move": "b2b3", "at": 2})),
        );
        assert_eq!(status, 409, "{game}: {error}");
        let reason = error["error"].as_str().unwrap();
        assert!(reason.contains("last position"), "{reason}");
    }
}
