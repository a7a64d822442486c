//! `make play`, the README's first command, as a person runs it: the exact
//! command in a terminal (a pseudo-terminal), a scripted person typing at
//! its prompt, a whole game to the end, on a machine whose every core is
//! kept busy by another process; then the record files checked against the
//! moves played. Once against the board's model at the board's own budget
//! (`make play`), once against the simulated board (`make play BOARD=sim`),
//! once against a board on a serial port (`make play PORT=...`: a
//! pseudo-terminal whose far end answers in the contest protocol as the
//! board's model does).
//!
//! The person types one malformed move and one illegal move first, each
//! answered with its reason and the prompt again, then legal moves: the
//! largest tile that fits, as a beginner plays.
#![cfg(unix)]

use blokus::record::GameRecord;
use blokus::{Move, MoveCode, Player, Position};
use end_to_end::terminal::{Load, Terminal};
use model::clock::Budget;
use model::player::BoardPlayer;
use sim::{serve_on_pty, OnHangUp, SerialDevice};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// One game at a time: each loads every core.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The workspace, where `make` runs.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// `make ARGS` in the workspace, with a person's environment rather than
/// cargo's (no MAKEFLAGS from an outer make, no cargo test variables).
fn make(args: &[&str]) -> Command {
    let mut command = Command::new("make");
    command.args(args).current_dir(workspace());
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy().to_string();
        let cargos =
            name.starts_with("CARGO_") && name != "CARGO_HOME" && name != "CARGO_TARGET_DIR";
        if cargos
            || ["MAKEFLAGS", "MAKELEVEL", "MFLAGS", "RUST_TEST_THREADS"].contains(&name.as_str())
        {
            command.env_remove(&name);
        }
    }
    command.env("TERM", "xterm-256color");
    command
}

/// The person's move: the placement with the most cells (the first in the
/// generator's order among equals), or a pass.
fn beginners_move(position: &Position) -> Move {
    position
        .legal_placements()
        .into_iter()
        .max_by_key(|p| (p.tile().size(), std::cmp::Reverse(p.code().to_string())))
        .map_or(Move::Pass, Move::Place)
}

/// The board's move in a line `... plays CODE = cells (...)` or `plays 0000 (pass)`.
fn board_move(line: &str) -> MoveCode {
    let after = line
        .split(" plays ")
        .nth(1)
        .unwrap_or_else(|| panic!("no move in {line:?}"));
    after[..4]
        .parse()
        .unwrap_or_else(|e| panic!("the board's move in {line:?}: {e}"))
}

/// What the game in `terminal` showed: the moves, and the record's base.
struct Played {
    moves: Vec<MoveCode>,
    position: Position,
    /// The final line's words after `Record: `.
    record: String,
    /// Every board answer's note, as shown.
    notes: Vec<String>,
}

/// Plays the person's side (player 1, moving first) to the end of the game.
fn play_to_the_end(terminal: &mut Terminal, per_move: Duration) -> Played {
    let mut position = Position::new();
    let mut moves = Vec::new();
    let mut notes = Vec::new();
    let start_up = Duration::from_secs(900); // a fresh machine builds everything first
    terminal.expect("your move> ", start_up);
    // A malformed move, then an illegal one: each refused with its reason.
    terminal.type_line("zz9q");
    let refusal = terminal.expect("your move> ", per_move);
    assert!(
        refusal.contains("cannot read \"zz9q\"") && refusal.contains("Type 'help'"),
        "{refusal}"
    );
    terminal.type_line("11a0");
    let refusal = terminal.expect("your move> ", per_move);
    assert!(refusal.contains("11a0 is not legal"), "{refusal}");
    loop {
        let m = beginners_move(&position);
        terminal.type_line(&m.code().to_string());
        position.play(m);
        moves.push(m.code());
        // The board's move, or the end of the game.
        let (which, before) = terminal.expect_any(&[" plays ", "Game over: "], per_move);
        if which == 1 {
            break;
        }
        let line = terminal.expect("\n", per_move);
        let code = board_move(&format!(" plays {line}"));
        notes.push(line.trim().to_string());
        assert!(
            before.contains("to move"),
            "the board's move comes after the board is asked: {before}"
        );
        position
            .play_code(code)
            .unwrap_or_else(|e| panic!("the board's move {code} is illegal: {e}"));
        moves.push(code);
        if position.is_over() {
            terminal.expect("Game over: ", per_move);
            break;
        }
        // The person's turn again (a pass when nothing fits).
        terminal.expect("your move> ", per_move);
    }
    let last = terminal.expect("\n", per_move);
    let record = last
        .split("Record: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no record named in {last:?}"))
        .trim()
        .trim_end_matches('.')
        .to_string();
    assert!(position.is_over(), "the game ended early: {last}");
    let verdict = match position.winner() {
        Some(Player::One) => "You win.",
        Some(Player::Two) => "You lose.",
        None => "Draw.",
    };
    let score = format!(
        "Score: player 1 {}, player 2 {}.",
        position.score(Player::One),
        position.score(Player::Two)
    );
    assert!(
        last.starts_with(verdict) && last.contains(&score),
        "{last} (wanted {verdict} {score})"
    );
    Played {
        moves,
        position,
        record,
        notes,
    }
}

/// The record files named `A.txt and A.sgf` hold `moves`; then removed.
fn check_records(played: &Played) {
    let (txt, sgf) = played
        .record
        .split_once(" and ")
        .unwrap_or_else(|| panic!("two record files: {}", played.record));
    let path = |name: &str| {
        let p = PathBuf::from(name);
        if p.is_absolute() {
            p
        } else {
            workspace().join(p)
        }
    };
    let (txt, sgf) = (path(txt), path(sgf));
    let transcript = GameRecord::from_transcript(&std::fs::read_to_string(&txt).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", txt.display()));
    let sgf_record = GameRecord::from_sgf(&std::fs::read_to_string(&sgf).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", sgf.display()));
    for (name, record) in [("transcript", &transcript), ("SGF", &sgf_record)] {
        let without_final_passes = |moves: &[MoveCode]| {
            let mut moves = moves.to_vec();
            while moves.last() == Some(&MoveCode::Pass) {
                moves.pop();
            }
            moves
        };
        assert_eq!(
            without_final_passes(&record.moves),
            without_final_passes(&played.moves),
            "the {name} holds the moves played"
        );
        let replayed = Position::from_codes(&record.moves).expect("a legal record");
        assert_eq!(
            [replayed.score(Player::One), replayed.score(Player::Two)],
            [
                played.position.score(Player::One),
                played.position.score(Player::Two)
            ]
        );
    }
    let _ = std::fs::remove_file(txt);
    let _ = std::fs::remove_file(sgf);
}

/// The milliseconds of board time in an answer's note
/// (`N cycles, MS ms board time; ...`).
fn board_ms(note: &str) -> f64 {
    let before = note
        .split(" ms board time")
        .next()
        .unwrap_or_else(|| panic!("no board time in {note:?}"));
    before
        .rsplit(' ')
        .next()
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("no board time in {note:?}"))
}

/// `make ARGS` played to the end in a terminal on a loaded machine, the
/// board announced by `opening`: what was played, the screen, and the
/// notes checked to be in board time within the contest's second.
fn play_against(args: &[&str], opening: &str) -> (Played, String) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut terminal = Terminal::spawn(make(args)).expect("make play starts");
    // Built and set up (the first prompt), then the machine gets busy.
    let announced = terminal.expect(opening, Duration::from_secs(1800));
    let mut load = Load::every_core();
    let played = play_to_the_end(&mut terminal, Duration::from_secs(300));
    assert!(load.running(), "the load lasted the whole game");
    drop(load);
    let status = terminal.wait(Duration::from_secs(30));
    assert!(
        status.is_some_and(|s| s.success()),
        "make {} ended with {status:?}: {announced}",
        args.join(" ")
    );
    // Every answer was judged and shown in board time, within the limit.
    assert!(!played.notes.is_empty());
    for note in &played.notes {
        assert!(
            note.contains("cycles, ") && note.contains("ms board time"),
            "{note}"
        );
        assert!(board_ms(note) < 1000.0, "{note}");
    }
    // While the board thought, the terminal said so.
    let screen = terminal.screen();
    assert!(
        screen.contains("is thinking"),
        "no spinner while the board thought"
    );
    check_records(&played);
    (played, screen)
}

#[test]
fn make_play_plays_a_whole_game_against_the_boards_model_at_its_budget_on_a_loaded_machine() {
    let (played, screen) = play_against(&["play"], "Opening the board on engine:board-model");
    assert!(
        screen.contains("the board's exact model")
            && screen.contains("the board's own budget (850 ms of board time a move)"),
        "the terminal says whom the person plays"
    );
    // The board's own budget: the search runs its rounds until 850 ms.
    let longest = played.notes.iter().map(|n| board_ms(n)).fold(0.0, f64::max);
    assert!(longest > 850.0, "the longest answer took {longest} ms");
}

#[test]
fn make_play_board_sim_plays_a_whole_game_against_the_simulated_board_on_a_loaded_machine() {
    let (_, screen) = play_against(&["play", "BOARD=sim"], "Opening the board on sim");
    assert!(
        screen.contains("the board's Verilog in Verilator")
            && screen.contains("10 ms of board time a move: 1/85 of the real board's 850 ms"),
        "the terminal says how much less the simulated board searches"
    );
}

/// The board's model behind a serial line: bytes in, its answers out.
struct ModelBoard {
    player: BoardPlayer,
    out: VecDeque<u8>,
}

impl SerialDevice for ModelBoard {
    fn receive(&mut self, byte: u8) {
        self.out.extend(self.player.received(byte));
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        self.out.pop_front()
    }
}

#[test]
fn make_play_port_plays_a_whole_game_against_a_board_on_a_serial_port() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // The board's own search, with a small budget so that the model answers
    // well inside the wall-clock second a real board gets on a busy machine.
    let board = ModelBoard {
        player: BoardPlayer::new(*b"FP", None).with_budget(Budget::rounds_for(25_000)),
        out: VecDeque::new(),
    };
    let server = serve_on_pty(board, OnHangUp::Stop).expect("a pseudo-terminal board");
    let port = format!("PORT={}", server.path().display());
    let mut terminal = Terminal::spawn(make(&["play", &port])).expect("make play starts");
    terminal.expect("Opening the board on serial:", Duration::from_secs(1800));
    let load = Load::every_core();
    let played = play_to_the_end(&mut terminal, Duration::from_secs(60));
    drop(load);
    for note in &played.notes {
        assert!(note.contains("ms board time (real time)"), "{note}");
    }
    let status = terminal.wait(Duration::from_secs(30));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    check_records(&played);
}
