//! Dobutsu shogi cross-checked against Fairy-Stockfish (pyffish): over random
//! games, every position's legal moves and the position after the move
//! played must be the same in both programs.

mod common;

use common::pyffish::{ask, essential};
use games::dobutsu::position::far_row;
use games::dobutsu::{Move, Position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Fairy-Stockfish ends the game as soon as a lion stands unattacked on its
/// far row and plays on while it is attacked there; our rule (the try is won
/// at the start of the owner's next turn) differs in exactly those positions,
/// so they are left out.
fn a_lion_stands_on_its_far_row(position: &Position) -> bool {
    (0..2).any(|side| {
        position
            .lion(side)
            .is_some_and(|cell| far_row(side).contains(&cell))
    })
}

fn without_lions_in_hand(fen: &str) -> String {
    let (board, rest) = fen.split_once('[').expect("a hand");
    format!("{board}[{}", rest.replace(['L', 'l'], ""))
}

#[test]
fn legal_moves_and_positions_agree_with_fairy_stockfish_over_random_games() {
    let mut rng = StdRng::seed_from_u64(2009);
    let mut queries = Vec::new();
    let mut ours = Vec::new();
    for _ in 0..300 {
        let mut position = Position::start();
        for _ in 0..60 {
            let mut moves: Vec<Move> = Vec::new();
            position.generate(&mut moves);
            if moves.is_empty() || a_lion_stands_on_its_far_row(&position) {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let mut texts: Vec<String> = moves.iter().map(|&m| Position::move_text(m)).collect();
            texts.sort();
            let mut after = position;
            after.make(m);
            queries.push((position.to_fen(), Position::move_text(m)));
            ours.push((texts, after.to_fen()));
            position = after;
        }
    }
    assert!(queries.len() > 3_000, "{} positions", queries.len());
    let answers = ask("dobutsu", &queries);
    for ((query, (moves, after)), answer) in queries.iter().zip(&ours).zip(&answers) {
        assert_eq!(moves, &answer.moves, "legal moves of {}", query.0);
        // Fairy-Stockfish puts a caught lion in the captor's hand; for us the
        // game has ended there and the lion goes nowhere.
        assert_eq!(
            without_lions_in_hand(&essential(after)),
            without_lions_in_hand(&essential(&answer.after)),
            "{} after {}",
            query.0,
            query.1
        );
    }
}
