//! Tests of the Dobutsu rules: perft from the start (Fairy-Stockfish's counts),
//! each special rule on hand-made positions, notation round trips and errors.

use super::position::{CHICK, GOTE, HEN};
use super::*;
use crate::game::perft::perft;
use crate::game::record::{Ending, Record};
use crate::game::Outcome;

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap()
}

fn texts(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.generate(&mut moves);
    let mut texts: Vec<String> = moves.into_iter().map(Position::move_text).collect();
    texts.sort();
    texts
}

#[test]
fn perft_from_the_start_matches_fairy_stockfish() {
    let start = Position::start();
    assert_eq!(start.to_fen(), "gle/1c1/1C1/ELG[] w - - 0 1");
    for (depth, expected) in [4, 17, 123, 976, 8_122].into_iter().enumerate() {
        assert_eq!(
            perft(&start, depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn the_start_moves_are_fairy_stockfishs() {
    assert_eq!(texts(&Position::start()), ["b1a2", "b1c2", "b2b3", "c1c2"]);
}

#[test]
fn catching_the_lion_ends_the_game_for_the_side_that_lost_it() {
    // Sente's chick on b3 (B2) faces gote's lion on b4 (B1).
    let p = fen("1l1/1C1/3/1L1[] w 0 1");
    let m = p.parse_move("b3b4+").unwrap();
    assert_eq!(m.captured, position::LION | GOTE);
    let mut after = p;
    after.make(m);
    assert_eq!(after.decided(), Some(false));
    assert_eq!(after.terminal(), Some(-crate::search::WIN));
    assert!(texts(&after).is_empty());
    assert!(after
        .parse_move("b1b2")
        .unwrap_err()
        .contains("game is over"));
}

#[test]
fn a_try_wins_at_the_start_of_the_next_turn_only_if_the_lion_survives() {
    // Sente's lion on b2 (B3) steps to a4 (A1), which gote's lion on c3 does not reach?
    // Gote's lion on c3 attacks b4, b2, c4, c2, b3... not a4: the try stands.
    let p = fen("3/2l/1L1/3[] w 0 1");
    let mut safe = p;
    safe.make(p.parse_move("b2a3").unwrap());
    assert_eq!(safe.decided(), None, "a3 is not the far row");
    let p = fen("3/L1l/3/3[] w 0 1");
    let mut tried = p;
    tried.make(p.parse_move("a3a4").unwrap());
    // Gote to move: the game goes on (gote might catch the lion).
    assert_eq!(tried.decided(), None);
    // Gote's lion on c3 cannot reach a4; after any gote move sente has won.
    let mut moves = Vec::new();
    tried.generate(&mut moves);
    assert!(!moves.is_empty());
    for m in moves {
        let mut next = tried;
        next.make(m);
        assert_eq!(next.decided(), Some(true), "{}", Position::move_text(m));
    }
    // A lion may step onto an attacked far-row cell (no check rule) and be caught.
    let p = fen("1l1/L2/3/3[] w 0 1");
    let m = p.parse_move("a3a4").unwrap();
    let mut exposed = p;
    exposed.make(m);
    let catch = exposed.parse_move("b4a4").unwrap();
    exposed.make(catch);
    assert_eq!(exposed.decided(), Some(false));
}

#[test]
fn a_chick_promotes_by_a_move_but_not_by_a_drop_and_a_hen_returns_as_a_chick() {
    let p = fen("l2/1C1/3/2L[C] w 0 1");
    let promote = p.parse_move("b3b4").unwrap();
    assert!(promote.promotes);
    assert_eq!(Position::move_text(promote), "b3b4+");
    let mut after = p;
    after.make(promote);
    assert_eq!(after.at(1), HEN);
    let drop = p.parse_move("C@c4").unwrap();
    let mut dropped = p;
    dropped.make(drop);
    assert_eq!(dropped.at(2), CHICK);
    // Gote's lion on a4 captures the hen: a chick goes to gote's hand.
    let mut taken = after;
    taken.make(taken.parse_move("a4b4").unwrap());
    assert_eq!(taken.hand(1, 0), 1);
    assert!(
        taken.to_fen().starts_with("1l1/3/3/2L[Cc]"),
        "{}",
        taken.to_fen()
    );
}

#[test]
fn drops_go_on_every_empty_cell_and_nowhere_else() {
    let p = fen("1l1/3/3/1L1[E] w 0 1");
    let drops: Vec<String> = texts(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops.len(), 10);
    assert!(p.parse_move("E@b4").unwrap_err().contains("occupied"));
    assert!(p
        .parse_move("G@a1")
        .unwrap_err()
        .contains("no giraffe in hand"));
    assert!(p.parse_move("L@a1").unwrap_err().contains("never in hand"));
}

#[test]
fn every_piece_moves_as_the_rules_say() {
    // Sente pieces alone on b3 (B2), the lions out of the way on a1 and c1.
    for (piece, expected) in [
        ("C", vec!["b3b4+"]),
        ("E", vec!["b3a2", "b3a4", "b3c2", "b3c4"]),
        ("G", vec!["b3a3", "b3b2", "b3b4", "b3c3"]),
        ("+C", vec!["b3a3", "b3a4", "b3b2", "b3b4", "b3c3", "b3c4"]),
    ] {
        let p = fen(&format!("3/1{piece}1/3/L1l[] w 0 1"));
        let own: Vec<String> = texts(&p)
            .into_iter()
            .filter(|m| m.starts_with("b3"))
            .collect();
        assert_eq!(own, expected, "{piece}");
    }
    // Gote's chick moves down.
    let p = fen("2L/l2/1c1/3[] b 0 1");
    assert!(texts(&p).contains(&"b2b1+".to_string()));
    let lion = fen("3/3/1L1/l2[] w 0 1");
    assert_eq!(texts(&lion).len(), 8);
    assert!(lion
        .parse_move("b2b4")
        .unwrap_err()
        .contains("does not move that way"));
    assert!(lion
        .parse_move("a1a2")
        .unwrap_err()
        .contains("no piece of yours"));
    assert!(lion.parse_move("zz").unwrap_err().contains("is not a move"));
}

#[test]
fn the_seeds_cells_name_the_same_moves() {
    let start = Position::start();
    assert_eq!(start.parse_move("B3B2"), start.parse_move("b2b3"));
    assert_eq!(
        Position::seed_move_text(start.parse_move("b2b3").unwrap()),
        "B3B2"
    );
    let p = fen("1l1/3/3/1L1[C] w 0 1");
    assert_eq!(p.parse_move("C*A1"), p.parse_move("C@a4"));
}

#[test]
fn fen_round_trips_and_bad_fens_are_named() {
    for text in [
        "gle/1c1/1C1/ELG[] w - - 0 1",
        "g1e/1l1/3/ELG[Cc] w - - 0 1",
        "+C1l/3/3/1L1[] b - - 0 1",
    ] {
        assert_eq!(fen(text).to_fen(), text);
    }
    assert_eq!(fen("gle/1c1/1C1/ELG[-] w 0 1"), Position::start());
    for (bad, says) in [
        ("gle/1c1/1C1[-] w", "3 ranks, not 4"),
        ("gle/1c1/1C1/ELGG[-] w", "longer than 3"),
        ("gle/1x1/1C1/ELG[-] w", "not a piece"),
        ("gle/1c1/1C1/ELG[L] w", "cannot be in hand"),
        ("gle/1c1/1C1/ELG[-] x", "w or b"),
        ("gle/1c1/1C1/ELG", "no hand"),
        ("3/3/3/3[] w", "no lion"),
        ("gle/ccc/1C1/ELG[] w", "chicks"),
    ] {
        let error = Position::from_fen(bad).unwrap_err();
        assert!(error.contains(says), "{bad}: {error}");
    }
}

#[test]
fn keys_tell_apart_the_side_to_move_and_the_hands() {
    let a = fen("g1e/1l1/3/ELG[Cc] w 0 1");
    let b = fen("g1e/1l1/3/ELG[Cc] b 0 1");
    let c = fen("g1e/1l1/3/ELG[CC] w 0 1");
    assert_ne!(a.key(), b.key());
    assert_ne!(a.key(), c.key());
    assert_eq!(a.key(), fen("g1e/1l1/3/ELG[cC] w 0 1").key());
}

#[test]
fn three_times_the_same_position_draws_a_game() {
    let mut game = Record::new(Position::start(), 500);
    for m in ["c1c2", "a4a3", "c2c1", "a3a4", "c1c2", "a4a3", "c2c1"] {
        game.play_text(m).unwrap();
        assert_eq!(game.ending(), None);
    }
    game.play_text("a3a4").unwrap();
    assert_eq!(game.ending(), Some(Ending::Repetition));
    assert_eq!(game.ending().unwrap().outcome(), Outcome::Draw);
}

#[test]
fn an_evaluations_sight_is_the_positions_own_scans_gathered_in_one_pass() {
    use super::eval::Sight;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    let mut moves = Vec::new();
    let mut seen = 0;
    for _ in 0..200 {
        let mut position = Position::start();
        for _ in 0..300 {
            if position.decided().is_some() {
                break;
            }
            let sight = Sight::of(&position);
            for side in 0..2 {
                assert_eq!(sight.attacked[side], position.attacked_by(side));
                assert_eq!(sight.occupied[side], position.occupied_by(side));
                assert_eq!(sight.lion[side], position.lion(side));
            }
            seen += 1;
            moves.clear();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.make(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(seen > 2_000, "{seen} positions");
}
