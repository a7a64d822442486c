//! Kyoto shogi cross-checked against Fairy-Stockfish (pyffish): over random
//! games, every position's legal moves, written in its notation, and the
//! position after the move played must be the same in both programs.

mod common;

use common::pyffish::{ask, essential};
use games::kyoto::{Move, Position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[test]
fn legal_moves_and_positions_agree_with_fairy_stockfish_over_random_games() {
    let mut rng = StdRng::seed_from_u64(1994);
    let mut queries = Vec::new();
    let mut ours = Vec::new();
    let mut mates = 0;
    for _ in 0..100 {
        let mut position = Position::start(false);
        for _ in 0..80 {
            let mut moves: Vec<Move> = Vec::new();
            position.generate(&mut moves);
            let mut texts: Vec<String> = moves.iter().map(|&m| Position::move_text(m)).collect();
            texts.sort();
            if moves.is_empty() {
                mates += 1;
                queries.push((position.to_fen(), String::new()));
                ours.push((texts, String::new()));
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let mut after = position;
            after.make(m);
            queries.push((position.to_fen(), Position::move_text(m)));
            ours.push((texts, after.to_fen()));
            position = after;
        }
    }
    assert!(queries.len() > 3_000, "{} positions", queries.len());
    let answers = ask("kyotoshogi", &queries);
    for ((query, (moves, after)), answer) in queries.iter().zip(&ours).zip(&answers) {
        assert_eq!(moves, &answer.moves, "legal moves of {}", query.0);
        if !after.is_empty() {
            assert_eq!(
                essential(after),
                essential(&answer.after),
                "{} after {}",
                query.0,
                query.1
            );
        }
    }
    eprintln!("{} positions, {mates} checkmates", queries.len());
}
