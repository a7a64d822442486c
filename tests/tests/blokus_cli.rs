//! `arena blokus ...` driven as a user or another tool drives it: the last-line
//! contracts of `legal` and `perft`, a whole game of `play` from scripted input
//! with its record files checked as it goes, `convert`, and clear errors.

use blokus::record::GameRecord;
use blokus::Position;
use end_to_end::{arena, scratch_dir};
use std::path::Path;

/// The board's clock in MHz, as the bench prints it.
const MHZ: u64 = model::clock::CLOCK_HZ / 1_000_000;

#[test]
fn perft_prints_the_pentobi_counts_as_its_last_line() {
    assert_eq!(arena(&["blokus", "perft", "1"], "").last_line(), "414");
    assert_eq!(arena(&["blokus", "perft", "2"], "").last_line(), "171396");
    // After the seed thesis's opening, depth 1 equals the legal count.
    let legal = arena(&["blokus", "legal", "--moves", "56j0,aap0"], "");
    let perft = arena(&["blokus", "perft", "1", "--moves", "56j0,aap0"], "");
    assert_eq!(legal.last_line(), perft.last_line());
    assert_eq!(legal.last_line(), "468");
}

#[test]
fn legal_draws_the_board_and_lists_every_code_on_request() {
    let run = arena(
        &["blokus", "legal", "--moves", "56j0", "--list", "all-codes"],
        "",
    );
    assert!(run.output.starts_with("  1 2 3 4 5 6 7 8 9 a b c d e\n"));
    // The last move's cells in capitals; no colour into a pipe or a file.
    assert!(run.output.contains("\n4 . . . . O . . . . . . . . .\n"));
    assert!(!run.output.contains('\x1b'));
    let count: usize = run.last_line().parse().unwrap();
    // The listing sits between the summary's "to move" line and the count.
    let lines: Vec<&str> = run.output.lines().collect();
    let after_summary = lines.iter().position(|l| l.ends_with("to move")).unwrap() + 1;
    let listed = &lines[after_summary..lines.len() - 1];
    assert_eq!(listed.len(), count);
    // Every code listed is accepted by the rules engine.
    let position = Position::from_codes(&["56j0".parse().unwrap()]).unwrap();
    for line in listed {
        for code in line.split(' ') {
            assert!(position.check(code.parse().unwrap()).is_ok(), "{code}");
        }
    }
}

#[test]
fn bad_codes_and_illegal_moves_are_errors_that_name_the_problem() {
    let run = arena(&["blokus", "legal", "--moves", "56j0,aaz0"], "");
    assert_eq!(
        run.error.as_deref(),
        Some("move 2 (\"aaz0\"): byte 3 ('z') is not a tile letter a-u")
    );
    let run = arena(&["blokus", "perft", "1", "--moves", "56j0,0000"], "");
    assert_eq!(
        run.error.as_deref(),
        Some("move 2 (0000) is illegal: a player may not pass on its first move")
    );
}

#[test]
fn a_person_plays_a_whole_game_and_the_record_is_written_as_it_goes() {
    let dir = scratch_dir("play");
    let base = dir.join("game");
    // Three mistakes, the opening move, then the person passes every turn
    // (allowed after a player's first move) while the engine plays on.
    let script = format!("zzzz\n55z0\n11a0\n56j0\n{}", "0000\n".repeat(40));
    let base_text = base.to_str().unwrap();
    let run = arena(
        &[
            "blokus", "play", "--engine", "greedy", "--record", base_text,
        ],
        &script,
    );
    assert!(run.error.is_none(), "{:?}", run.error);
    assert!(run.output.contains("cannot read \"zzzz\": byte 1"));
    assert!(run.output.contains("cannot read \"55z0\": byte 3"));
    assert!(run
        .output
        .contains("11a0 is not legal: the first tile must cover the start square 55"));
    // The person passes every move after the first; the engine plays on until
    // it has no move or all its tiles are down, then two passes end the game.
    assert!(run.output.contains("You lose."), "{}", run.output);
    let transcript = std::fs::read_to_string(base.with_extension("txt")).unwrap();
    let record = GameRecord::from_transcript(&transcript).unwrap();
    assert_eq!(record.moves[0].to_string(), "56j0");
    let end = record.replay().unwrap();
    assert!(end.is_over());
    let sgf = std::fs::read_to_string(base.with_extension("sgf")).unwrap();
    assert_eq!(GameRecord::from_sgf(&sgf).unwrap().replay().unwrap(), end);
    assert!(sgf.contains("RE[W+"), "{sgf}");
}

#[test]
fn a_person_plays_a_board_refereed_in_the_contest_protocol() {
    // The board here is the board's model behind the protocol machine on an
    // in-process link; `sim` and `serial:` links go through the same client.
    let dir = scratch_dir("play-board");
    let base = dir.join("game");
    let script = format!("56j0\n{}", "0000\n".repeat(40));
    let run = arena(
        &[
            "blokus",
            "play",
            "--board",
            "engine:board-model:1",
            "--record",
            base.to_str().unwrap(),
        ],
        &script,
    );
    assert!(run.error.is_none(), "{:?}\n{}", run.error, run.output);
    assert!(run.output.contains("team code 1"), "{}", run.output);
    assert!(run
        .output
        .contains("the board (engine:board-model:1) plays"));
    // The board's model counts its board time as the simulated board does.
    assert!(
        run.output.contains(" cycles, ") && run.output.contains(" ms board time; "),
        "{}",
        run.output
    );
    assert!(
        run.output.contains(
            "the board's exact model, its search given 1 ms of board time a move \
             (the real board's: 850 ms)"
        ),
        "{}",
        run.output
    );
    assert!(run.output.contains("You lose."), "{}", run.output);
    let transcript = std::fs::read_to_string(base.with_extension("txt")).unwrap();
    let record = GameRecord::from_transcript(&transcript).unwrap();
    assert!(record.replay().unwrap().is_over());
    // A board spec that is not one, and a port that does not exist: clear errors.
    let run = arena(&["blokus", "play", "--board", "nonsense"], "");
    assert!(run
        .error
        .unwrap()
        .contains("--board: `nonsense` is not a link"));
    let run = arena(&["blokus", "play", "--port", "/dev/does-not-exist"], "");
    assert!(run.error.unwrap().contains("/dev/does-not-exist"));
}

#[test]
fn a_game_stopped_half_way_keeps_its_record() {
    let dir = scratch_dir("stop");
    let base = dir.join("game");
    let run = arena(
        &[
            "blokus",
            "play",
            "--first",
            "engine",
            "--engine",
            "random",
            "--record",
            base.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.error.is_none());
    assert!(run.output.contains("Stopped; the game so far is in "));
    let record =
        GameRecord::from_transcript(&std::fs::read_to_string(base.with_extension("txt")).unwrap())
            .unwrap();
    assert_eq!(record.moves.len(), 1, "the engine's first move is recorded");
}

fn convert(input: &Path, output: &Path) -> Option<String> {
    let args = [
        "blokus",
        "convert",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ];
    arena(&args, "").error
}

fn read_transcript(path: &Path) -> GameRecord {
    GameRecord::from_transcript(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn convert_turns_a_transcript_into_sgf_and_back() {
    let dir = scratch_dir("convert");
    let transcript = dir.join("game.txt");
    std::fs::write(&transcript, "56j0\naap0\n0000\n8ca0\n").unwrap();
    let sgf = dir.join("game.sgf");
    let back = dir.join("back.txt");
    assert_eq!(convert(&transcript, &sgf), None);
    assert_eq!(convert(&sgf, &back), None);
    assert_eq!(read_transcript(&transcript), read_transcript(&back));
    std::fs::write(&transcript, "56j0\nhello\n").unwrap();
    let error = convert(&transcript, &sgf).unwrap();
    assert!(
        error.contains("is not a valid Blokus Duo record: line 2"),
        "{error}"
    );
}

#[test]
fn bench_prints_the_figures_benchmarks_md_quotes() {
    let run = arena(
        &[
            "blokus",
            "bench",
            "--games",
            "2",
            "--perft-depth",
            "2",
            "--search-ms",
            "2",
        ],
        "",
    );
    assert_eq!(run.error, None);
    for says in [
        "full legal-move generation (list of placements): median ",
        "one-ply decision of the flat search's core (model::retired::one_ply, cycles",
        "  ply  0: ",
        &format!(
            "board search (model::prior_tree, {} engines, rounds during 2.0 ms, ",
            model::playout_bank::ENGINES
        ),
        "board search: ",
        &format!("playouts/s in hardware at {MHZ} MHz, "),
        "the tree before it (model::board_tree, the board's search before the tree by prior, rounds during 2.0 ms): ",
        "flat search (model::retired::flat, the board's search before the tree, rounds during 2.0 ms): ",
        &format!("playouts/s by its cycles at {MHZ} MHz, "),
        "perft 2 from the start: 171396 leaves",
    ] {
        assert!(run.output.contains(says), "{says}:\n{}", run.output);
    }
}

#[test]
fn match_plays_both_seats_and_prints_the_score_with_its_interval() {
    let run = arena(
        &[
            "blokus", "match", "--p1", "greedy", "--p2", "random", "--games", "4", "--time", "0.01",
        ],
        "",
    );
    assert_eq!(run.error, None);
    for seat in ["greedy as player 1", "greedy as player 2"] {
        assert!(run.output.contains(seat), "{seat}:\n{}", run.output);
    }
    // `greedy vs random: +W =D -L of 4: score S% (95% CI A%-B%)`
    let last = run.last_line();
    let tally: Vec<usize> = last
        .split(['+', '=', '-', ' '])
        .filter_map(|w| w.parse().ok())
        .take(3)
        .collect();
    assert!(
        last.starts_with("greedy vs random: +") && last.contains("of 4: score"),
        "{last}"
    );
    assert_eq!(tally.iter().sum::<usize>(), 4, "{last}");
    assert!(last.contains("(95% CI "), "{last}");
}

#[test]
fn a_match_on_two_jobs_appends_its_games_and_resumes_where_it_stopped() {
    let dir = scratch_dir("match-records");
    let records = dir.join("games.txt");
    let records = records.to_str().unwrap();
    let args = |games: &'static str| {
        [
            "blokus",
            "match",
            "--p1",
            "greedy",
            "--p2",
            "random",
            "--games",
            games,
            "--jobs",
            "2",
            "--records",
            records,
            "--resume",
        ]
    };
    let first = arena(&args("4"), "");
    assert_eq!(first.error, None);
    let lines = |text: &str| text.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(lines(&std::fs::read_to_string(records).unwrap()), 4);
    let second = arena(&args("6"), "");
    assert_eq!(second.error, None);
    assert!(
        second
            .output
            .contains("resuming: 4 games already played, 2 to play"),
        "{}",
        second.output
    );
    assert_eq!(lines(&std::fs::read_to_string(records).unwrap()), 6);
    assert!(
        second.last_line().contains("of 6: score"),
        "{}",
        second.output
    );
}
