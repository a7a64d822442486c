//! Tests of the Reversi rules: standard Othello perft, the seed's boards and
//! its N-colour flipping rule on hand-made positions, passes and the end.

use super::perft::perft;
use super::players::{playout, seed_playouts};
use super::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

#[test]
fn othello_perft_from_the_start_matches_the_published_counts() {
    let start = Position::new(&Setup::preset("othello").unwrap());
    let expected = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&start, depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

fn board(rows: &str, order: &str) -> Position {
    Position::new(&Setup::parse("test", rows, order).unwrap())
}

#[test]
fn a_run_of_mixed_other_colours_is_turned_and_a_hole_stops_a_run() {
    // Black plays a1: b1 (W) and c1 (A) lie between a1 and d1 (B).
    let mut p = board(".WAB\n#...\n", "BWA");
    assert_eq!(p.parse_move("a1"), Ok(Move::Place(0)));
    p.play(Move::Place(0));
    assert_eq!(p.stones(0), 0b1111);
    assert_eq!(p.counts(), [4, 0, 0]);
    // A hole between ends the run: no move for black at a1.
    let p = board(".W#B\n", "BW");
    assert_eq!(p.placements(), 0);
    // An empty cell breaks a run: black's only move is f1 (e1 W, then d1 B).
    let p = board(".W.BW.\n", "BW");
    assert_eq!(p.placements_of(0), 1 << 5);
    assert!(p.parse_move("a1").unwrap_err().contains("turns no stone"));
    assert!(p.parse_move("c1").unwrap_err().contains("turns no stone"));
    assert!(p.parse_move("b1").unwrap_err().contains("taken"));
    assert!(board("#WB.\n", "BW")
        .parse_move("a1")
        .unwrap_err()
        .contains("hole"));
    assert!(p.parse_move("z9").unwrap_err().contains("not a cell"));
}

#[test]
fn a_player_without_a_move_passes_and_the_game_ends_when_nobody_can_move() {
    // Order W B A. White to move has nothing (the run A B east of b1 ends at
    // the board's edge); black has b1 (A, then its own B): white must pass.
    let mut p = board("W.AB\n", "WBA");
    assert_eq!(p.to_move(), 1);
    let mut moves = Vec::new();
    p.moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    assert!(p.parse_move("b1").unwrap_err().contains("must pass"));
    assert!(p.parse_move("pass").is_ok());
    p.play(Move::Pass);
    assert_eq!(p.to_move(), 0);
    assert!(p.parse_move("pass").unwrap_err().contains("may not pass"));
    p.play(p.parse_move("b1").unwrap());
    // Ash lost its only stone; nobody can move: the game is over, black wins.
    assert_eq!(p.counts(), [3, 1, 0]);
    assert!(p.is_over());
    moves.clear();
    p.moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(p.winner(), Some(0));
    assert_eq!(p.scores(), [1.0, 0.0, 0.0]);
    assert!(p.parse_move("c1").unwrap_err().contains("over"));
    // A tie for the most stones is a draw shared by the tied.
    let tie = board("BW\n", "BW");
    assert!(tie.is_over());
    assert_eq!((tie.winner(), tie.scores()), (None, vec![0.5, 0.5]));
}

#[test]
fn the_seed_schedule_and_random_games_keep_the_stone_count_right() {
    assert_eq!(seed_playouts(52), 20);
    assert_eq!(seed_playouts(40), 20);
    assert_eq!(seed_playouts(39), 20);
    assert_eq!(seed_playouts(34), 40);
    assert_eq!(seed_playouts(33), 40);
    assert_eq!(seed_playouts(28), 60);
    assert_eq!(seed_playouts(22), 80);
    assert_eq!(seed_playouts(7), 400);
    assert_eq!(seed_playouts(6), 800);
    assert_eq!(seed_playouts(0), 800);
    let mut rng = StdRng::seed_from_u64(4);
    for preset in ["octagon3", "octagon3-bawa", "octagon5", "othello"] {
        let start = Position::new(&Setup::preset(preset).unwrap());
        for _ in 0..50 {
            let end = playout(start, &mut rng);
            assert!(end.is_over());
            let stones: u32 = end.counts().iter().sum();
            // Every placement adds one stone; stones never vanish or overlap.
            assert_eq!(
                stones,
                start.counts().iter().sum::<u32>()
                    + (start.empties().count_ones() - end.empties().count_ones())
            );
            let all = (0..end.colours()).fold(0u64, |a, c| {
                assert_eq!(a & end.stones(c), 0);
                a | end.stones(c)
            });
            assert_eq!(all.count_ones(), stones);
        }
    }
}

fn series_config(a: &str, games: u32, jobs: usize) -> crate::series::SeriesConfig {
    crate::series::SeriesConfig {
        a: a.to_string(),
        b: "random".to_string(),
        games,
        seating: crate::series::Seating::Rotate,
        jobs,
        records: None,
        resume: false,
    }
}

#[test]
fn a_series_rotates_the_seats_and_monte_carlo_beats_random_players() {
    use crate::series::{run_series, Quiet, SeriesGame};
    let table = series::ReversiTable {
        setup: Setup::preset("octagon3").unwrap(),
        seed: 1,
    };
    let path = std::env::temp_dir().join(format!("reversi-series-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut config = series_config("seed-mc", 6, 2);
    config.records = Some(path.clone());
    let tally = run_series(&table, &config, &mut Quiet).unwrap();
    assert_eq!(tally.by_seat.len(), 3);
    for colour in &tally.by_seat {
        assert_eq!(colour.games(), 2);
    }
    assert!(tally.total().wins >= 4, "{:?}", tally);
    // The records read back to the same games and results.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[Result ").count(), 6);
    let games = table.read_records(&text, &|g| g as usize % 3).unwrap();
    assert_eq!(games.len(), 6);
    let mut again = series_config("seed-mc", 6, 1);
    again.records = Some(path.clone());
    again.resume = true;
    assert_eq!(
        run_series(&table, &again, &mut Quiet).unwrap().by_seat,
        tally.by_seat
    );
    // The same games on one thread.
    let one = run_series(&table, &series_config("seed-mc", 6, 1), &mut Quiet).unwrap();
    assert_eq!(one.by_seat, tally.by_seat);
    let error = run_series(&table, &series_config("mcts:lots", 1, 1), &mut Quiet).unwrap_err();
    assert!(format!("{error:#}").starts_with("engine A: "), "{error:#}");
    // Another variant's records are refused by name.
    let othello = series::ReversiTable {
        setup: Setup::preset("othello").unwrap(),
        seed: 1,
    };
    let error = othello.read_records(&text, &|_| 0).unwrap_err();
    assert!(
        error.contains("a game of another variant, this series plays othello"),
        "{error}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn mcts_beats_the_seed_monte_carlo_with_equal_playouts_more_often_than_not() {
    // A quick look (the benchmark plays many more games): MCTS, at the seed
    // player's playout count a move, against the seed's player and a random one.
    let setup = Setup::preset("octagon3").unwrap();
    let mut rng_seed = 0;
    let mut mcts_wins = 0;
    let mut mc_wins = 0;
    for game in 0..6 {
        rng_seed += 1;
        let mut players: Vec<players::ReversiPlayer> = vec![
            players::player_by_name("mcts", rng_seed).unwrap(),
            players::player_by_name("seed-mc", rng_seed).unwrap(),
            players::player_by_name("random", rng_seed).unwrap(),
        ];
        players.rotate_left(game % 3);
        let mcts_colour = (3 - game % 3) % 3;
        let mut position = Position::new(&setup);
        while !position.is_over() {
            let m = players[position.to_move()].choose(&position).unwrap();
            position.play(m);
        }
        match position.winner() {
            Some(c) if c == mcts_colour => mcts_wins += 1,
            Some(c) if c == (mcts_colour + 1) % 3 => mc_wins += 1,
            _ => {}
        }
    }
    assert!(mcts_wins >= mc_wins, "mcts {mcts_wins}, seed mc {mc_wins}");
}
