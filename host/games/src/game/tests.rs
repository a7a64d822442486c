//! Tests of records, players and series on a small game: Nim with a pass.

use super::player::{EngineKind, Player, RandomPlayer};
use super::record::{Ending, Record};
use super::tournament::{play_out, TwoPlayerTable};
use super::*;
use crate::search::{Evaluator, Limits, OwnEvaluation, WIN};
use std::fmt;

/// One heap; take 1 to 3 stones, or pass while the heap is still full (9);
/// whoever must move at an empty heap has lost (the other took the last stone).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Nim {
    heap: u32,
    second_to_move: bool,
}

impl Game for Nim {
    type Move = u32;
    fn moves(&self, out: &mut Vec<u32>) {
        let first = if self.heap == 9 { 0 } else { 1 };
        out.extend((first..=3).filter(|&k| k <= self.heap));
    }
    fn play(&mut self, m: u32) {
        self.heap -= m;
        self.second_to_move = !self.second_to_move;
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn terminal(&self) -> Option<i32> {
        (self.heap == 0).then_some(-WIN)
    }
    fn key(&self) -> u64 {
        u64::from(self.heap) << 1 | u64::from(self.second_to_move) | 1 << 32
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}", self.heap)
    }
}

impl TwoPlayerGame for Nim {
    const NAME: &'static str = "nim";
    const REPETITION_DRAW: usize = 3;
    fn start() -> Nim {
        Nim {
            heap: 9,
            second_to_move: false,
        }
    }
    fn side_to_move(&self) -> Side {
        if self.second_to_move {
            Side::Second
        } else {
            Side::First
        }
    }
    fn to_fen(&self) -> String {
        format!(
            "{} {}",
            self.heap,
            if self.second_to_move { 'b' } else { 'a' }
        )
    }
    fn from_fen(text: &str) -> Result<Nim, String> {
        let (heap, side) = text.split_once(' ').ok_or("no side")?;
        Ok(Nim {
            heap: heap.parse().map_err(|_| format!("`{heap}` is no heap"))?,
            second_to_move: side == "b",
        })
    }
    fn move_text(&self, m: u32) -> String {
        if m == 0 {
            "pass".to_string()
        } else {
            m.to_string()
        }
    }
    fn parse_move(&self, text: &str) -> Result<u32, String> {
        let m = if text == "pass" {
            0
        } else {
            text.parse()
                .map_err(|_| format!("`{text}` is not a move"))?
        };
        if m > 3 {
            return Err(format!("{m}: at most 3 stones"));
        }
        if m == 0 && self.heap != 9 {
            return Err("pass: only from a full heap".to_string());
        }
        if m > self.heap {
            return Err(format!("{m}: only {} left", self.heap));
        }
        Ok(m)
    }
}

impl Engines for Nim {
    fn engine_kinds() -> Vec<EngineKind<Nim>> {
        fn own(_: Option<&str>) -> Result<Box<dyn Evaluator<Nim>>, String> {
            Ok(Box::new(OwnEvaluation))
        }
        vec![EngineKind {
            name: "perfect",
            about: "a full search",
            limits: Limits::depth(12),
            table_bits: 8,
            evaluation: own,
        }]
    }
}

#[test]
fn a_record_ends_by_the_rules_by_repetition_and_at_the_cap() {
    let mut game = Record::new(Nim::start(), 100);
    for m in ["3", "3", "2"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.ending(), None);
    game.play_text("1").unwrap();
    assert_eq!(
        game.ending(),
        Some(Ending::Rules(Outcome::Win(Side::Second)))
    );
    assert!(game
        .play_text("pass")
        .unwrap_err()
        .contains("the game is over"));

    let mut passes = Record::new(Nim::start(), 100);
    for _ in 0..3 {
        passes.play_text("pass").unwrap();
        assert_eq!(passes.ending(), None);
    }
    // The start, first to move, stands for the third time.
    passes.play_text("pass").unwrap();
    assert_eq!(passes.ending(), Some(Ending::Repetition));

    let mut capped = Record::new(Nim::start(), 2);
    capped.play_text("1").unwrap();
    capped.play_text("1").unwrap();
    assert_eq!(capped.ending(), Some(Ending::LengthCap));
}

#[test]
fn records_are_read_back_and_bad_lines_are_named() {
    let mut game = Record::new(Nim::from_fen("9 b").unwrap(), 100);
    for m in ["pass", "2", "3"] {
        game.play_text(m).unwrap();
    }
    let text = game.to_text("alice", "bob");
    assert!(text.starts_with("[Game nim]\n[Start 9 b]\n[First alice]\n[Second bob]\npass\n2\n3\n"));
    let back = Record::<Nim>::parse(&text, 100).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.move_texts(), game.move_texts());

    let error = Record::<Nim>::parse("[Game nim]\n2\n\npass\n", 100).unwrap_err();
    assert!(
        error.starts_with("line 4: pass: pass: only from a full heap"),
        "{error}"
    );
    let error = Record::<Nim>::parse("[Game chess]\n", 100).unwrap_err();
    assert!(error.contains("a chess record, not nim"), "{error}");
    let error = Record::<Nim>::parse("[Start x]\n", 100).unwrap_err();
    assert!(error.contains("line 1"), "{error}");
}

#[test]
fn a_full_search_wins_nim_from_a_winning_seat_and_play_out_reports_every_move() {
    // 9 stones, first to move: take 1 to leave a multiple of 4.
    let mut perfect = Nim::player("perfect", 1).unwrap();
    let mut random: Box<dyn Player<Record<Nim>>> = Box::new(RandomPlayer::new(5));
    for seed in 0..20 {
        random = Box::new(RandomPlayer::new(seed));
        let mut game = Record::new(Nim::start(), 100);
        let mut seen = 0;
        let ending = play_out(
            &mut game,
            [perfect.as_mut(), random.as_mut()],
            &mut |record, _| {
                seen += 1;
                assert_eq!(record.moves().len(), seen);
            },
        )
        .unwrap();
        assert_eq!(ending, Ending::Rules(Outcome::Win(Side::First)));
        assert_eq!(game.move_texts()[0], "1");
    }
    assert_eq!(random.name(), "random");
    let error = Nim::player("minimax", 1).map(|_| ()).unwrap_err();
    assert!(error.contains("engines are random, perfect"), "{error}");
}

#[test]
fn a_series_alternates_seats_saves_every_game_and_does_not_depend_on_threads() {
    use crate::series::{
        run_series, Played, Seating, SeriesConfig, SeriesGame, SeriesObserver, SeriesTally,
    };
    let table = TwoPlayerTable {
        start: Nim::start(),
        max_plies: 60,
        seed: 3,
        random_opening: 0,
    };
    let path = std::env::temp_dir().join(format!("nim-series-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let config = SeriesConfig {
        a: "perfect".into(),
        b: "random".into(),
        games: 20,
        seating: Seating::Rotate,
        jobs: 1,
        records: Some(path.clone()),
        resume: false,
    };
    struct Count(u32);
    impl SeriesObserver for Count {
        fn finished(&mut self, _: &Played, tally: &SeriesTally) {
            self.0 += 1;
            assert_eq!(tally.total().games(), self.0);
        }
    }
    let mut count = Count(0);
    let one = run_series(&table, &config, &mut count).unwrap();
    assert_eq!(count.0, 20);
    assert_eq!((one.by_seat[0].games(), one.by_seat[1].games()), (10, 10));
    // From 9 stones the first seat wins by force; the second only on the random's slips.
    assert_eq!(one.by_seat[0].wins, 10);
    assert!(one.total().wins > one.total().losses);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved.matches("[Round ").count(), 20);
    assert_eq!(saved.matches("[Result ").count(), 20);
    // The records read back to the same results.
    let read = table.read_records(&saved, &|g| g as usize % 2).unwrap();
    assert_eq!(read.len(), 20);
    let again = run_series(
        &table,
        &SeriesConfig {
            resume: true,
            ..config.clone()
        },
        &mut crate::series::Quiet,
    )
    .unwrap();
    assert_eq!(again.by_seat, one.by_seat);

    let two = run_series(
        &table,
        &SeriesConfig {
            jobs: 2,
            records: None,
            ..config
        },
        &mut crate::series::Quiet,
    )
    .unwrap();
    assert_eq!(one.by_seat, two.by_seat);
    let _ = std::fs::remove_file(&path);
}
