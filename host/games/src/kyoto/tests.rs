//! Tests of the Kyoto shogi rules: perft from the start (Fairy-Stockfish's
//! counts), flips, drops with either face, check and mate, the points rule,
//! notation round trips and errors.

use super::position::*;
use super::*;
use crate::game::perft::perft;

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
fn perft_from_the_start_matches_fairy_stockfish_and_the_points_change_nothing_yet() {
    for points in [false, true] {
        let start = Position::start(points);
        for (depth, expected) in [12, 137, 1_636, 18_268].into_iter().enumerate() {
            assert_eq!(
                perft(&start, depth as u32 + 1),
                expected,
                "depth {} points {points}",
                depth + 1
            );
        }
    }
    assert_eq!(
        Position::start(false).to_fen(),
        "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"
    );
}

#[test]
fn the_start_moves_are_written_as_fairy_stockfish_writes_them() {
    let mut expected = vec![
        "b1a2+", "b1b2+", "b1c2+", "e1e2+", "a1a2-", "a1b2-", "d1c2-", "d1d2-", "d1e2-", "c1b2",
        "c1c2", "c1d2",
    ];
    expected.sort();
    assert_eq!(texts(&Position::start(false)), expected);
}

#[test]
fn every_piece_flips_after_every_move_both_ways() {
    for (face, after) in [
        (PAWN, ROOK),
        (ROOK, PAWN),
        (LANCE, TOKIN),
        (TOKIN, LANCE),
        (KNIGHT, GOLD),
        (GOLD, KNIGHT),
        (SILVER, BISHOP),
        (BISHOP, SILVER),
    ] {
        let letter = notation_letter(face);
        let p = fen(&format!("5/k4/2{letter}2/5/4K[] w 0 1"));
        let mut moves = Vec::new();
        p.generate(&mut moves);
        let m = moves
            .iter()
            .find(|m| m.from == 12)
            .expect("the piece moves");
        let mut q = p;
        q.make(*m);
        assert_eq!(q.at(m.to as usize), after, "{letter}");
    }
}

fn notation_letter(face: u8) -> &'static str {
    match face {
        PAWN => "P",
        ROOK => "+P",
        LANCE => "L",
        TOKIN => "+L",
        KNIGHT => "N",
        GOLD => "+N",
        SILVER => "S",
        _ => "+S",
    }
}

#[test]
fn drops_take_either_face_anywhere_empty_even_a_pawn_on_the_last_rank() {
    let p = fen("k4/5/5/5/4K[P] w 0 1");
    let drops: Vec<String> = texts(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops.len(), 2 * 23);
    let last_rank = p.parse_move("P@b5").unwrap();
    let mut q = p;
    q.make(last_rank);
    assert_eq!(q.at(1), PAWN);
    assert!(p.parse_move("+P@c3").is_ok());
    assert!(p.parse_move("S@c3").unwrap_err().contains("no silver"));
    assert!(p.parse_move("P@a5").unwrap_err().contains("occupied"));
    assert!(p.parse_move("K@c3").unwrap_err().contains("never in hand"));
}

#[test]
fn a_pawn_drop_mate_is_legal_and_wins() {
    // Gote's king on a5 (file 5 rank 1), its own pawn on b5; sente's gold on
    // b3 guards a4 and b4: a pawn dropped on a4 mates.
    let p = fen("kp3/5/1+N3/5/4K[P] w 0 1");
    let m = p.parse_move("P@a4").unwrap();
    let mut q = p;
    q.make(m);
    assert!(q.in_check(1));
    assert!(texts(&q).is_empty(), "{:?}", texts(&q));
    assert_eq!(q.no_move_score(), -WIN);
}

#[test]
fn a_move_into_check_is_refused_with_the_reason() {
    // Sente's king on e1; gote's rook on e5 pins nothing but guards the e-file.
    let p = fen("k3+p/5/5/5/3K1[] w 0 1");
    assert!(p
        .parse_move("d1e1")
        .unwrap_err()
        .contains("leaves your king in check"));
    assert!(p.parse_move("d1d3").unwrap_err().contains("cannot move to"));
    assert!(p
        .parse_move("a5a4")
        .unwrap_err()
        .contains("no piece of yours"));
    assert!(p.parse_move("zz").unwrap_err().contains("is not a move"));
}

#[test]
fn the_points_rule_pays_moves_and_captures_and_charges_drops() {
    // Sente's pawn on c2 takes gote's pawn on c3: +4.
    let p = fen("k4/5/2p2/2P2/4K[] w 0 1 points=0,0");
    let mut q = p;
    q.make(p.parse_move("c2c3+").unwrap());
    assert_eq!(q.points(), Some([4, 0]));
    assert_eq!(q.hand(0, 0), 1);
    // Gote moves: +1.
    let mut r = q;
    r.make(q.parse_move("a5b5").unwrap());
    assert_eq!(r.points(), Some([4, 1]));
    // Sente has 4 points: no drop.
    assert!(texts(&r).iter().all(|m| !m.contains('@')));
    assert!(r
        .parse_move("P@a3")
        .unwrap_err()
        .contains("costs 10 points and you have 4"));
    // With 10 points the drop is there; after it 10 - 10 + 1 = 1.
    let rich = fen("1k3/5/5/5/4K[P] w 0 1 points=10,0");
    let mut after = rich;
    after.make(rich.parse_move("P@a3").unwrap());
    assert_eq!(after.points(), Some([1, 0]));
    // Points are part of the position.
    let poorer = fen("1k3/5/5/5/4K[P] w 0 1 points=9,0");
    assert_ne!(rich.key(), poorer.key());
    assert_ne!(rich.key(), fen("1k3/5/5/5/4K[P] w 0 1").key());
    assert_eq!(rich.to_fen(), "1k3/5/5/5/4K[P] w - - 0 1 points=10,0");
}

#[test]
fn the_seeds_digits_name_the_same_moves() {
    let start = Position::start(false);
    // Sente's pawn on file 1 rank 5 (e1) to file 1 rank 4 (e2).
    assert_eq!(start.parse_move("1514"), start.parse_move("e1e2+"));
    let p = fen("k4/5/5/5/4K[P] w 0 1");
    // 0 1 33: a pawn on file 3 rank 3 (c3); 0 5 33: the pawn turned rook.
    assert_eq!(p.parse_move("0133"), p.parse_move("P@c3"));
    assert_eq!(p.parse_move("0533"), p.parse_move("+P@c3"));
    assert!(p.parse_move("0933").unwrap_err().contains("is not a move"));
}

#[test]
fn fen_round_trips_and_bad_fens_are_named() {
    for text in [
        "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1",
        "k4/5/2+s2/5/3K1[PPl] b - - 0 1",
        "k4/5/5/5/4K[] w - - 0 1 points=12,3",
    ] {
        assert_eq!(fen(text).to_fen(), text);
    }
    for (bad, says) in [
        ("k4/5/5/5[] w", "4 ranks"),
        ("k4/5/5/5/4KK[] w", "longer than 5"),
        ("k4/5/5/5/4X[] w", "not a piece"),
        ("k4/5/5/5/4K[K] w", "cannot be in hand"),
        ("k4/5/5/5/4+K[] w", "one face"),
        ("k4/5/5/5/5[] w", "sente has 0 kings"),
        ("k4/5/5/5/4K[] w - - 0 1 points=1", "points=SENTE,GOTE"),
        ("k4/K4/5/5/5[] w", "not to move is in check"),
    ] {
        let error = Position::from_fen(bad).unwrap_err();
        assert!(error.contains(says), "{bad}: {error}");
    }
}

#[test]
fn the_search_hooks_agree_with_the_rules() {
    // Random positions from random games: the hooks' answers against the rules'.
    let mut rng = crate::game::splitmix64(17);
    let mut slots = std::collections::HashSet::new();
    for _ in 0..200 {
        let mut p = Position::start(false);
        for _ in 0..rng() % 30 {
            let mut moves = Vec::new();
            p.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.make(moves[(rng() % moves.len() as u64) as usize]);
        }
        assert_eq!(Game::in_check(&p), p.in_check(p.side()));
        let passed = Game::null_move(&p).unwrap();
        assert_eq!((passed.side(), passed.board), (1 - p.side(), p.board));
        assert_ne!(passed.zobrist(), p.zobrist());
        let mut moves = Vec::new();
        p.generate(&mut moves);
        for m in moves {
            assert_eq!(p.order_hint(m) > 0, m.captured != 0, "{m:?}");
            let index = p.history_index(m);
            assert!(index < <Position as Game>::HISTORY_SIZE);
            slots.insert((
                index,
                p.side(),
                m.from.min(25) + m.is_drop() as u8 * m.face,
                m.to,
            ));
            if m.captured != 0 {
                // The exchange never claims more than the victim, nor loses
                // more than the mover.
                let victim = eval::face_value(m.captured & 15);
                let exchange = p.exchange(m);
                assert!(exchange <= victim);
                assert!(exchange >= victim - eval::face_value(m.face_after()));
            }
        }
    }
    // One slot for each (side, origin, target): no two moves share one.
    let by_slot: std::collections::HashSet<usize> = slots.iter().map(|s| s.0).collect();
    assert_eq!(by_slot.len(), slots.len());
}

#[test]
fn the_exchange_counts_a_recapture() {
    // Sente's pawn on c4 may take the gote pawn on c5 (+100), which gote's
    // king on d5 would retake, the piece landing as a rook (-700).
    let p = fen("2pk1/2P2/5/5/4K[] w 0 1");
    let m = p.parse_move("c4c5").unwrap();
    assert_eq!(
        p.exchange(m),
        eval::face_value(PAWN) - eval::face_value(ROOK)
    );
}

#[test]
fn the_refined_search_finds_the_pawn_drop_mate() {
    let p = fen("kp3/5/1+N3/5/4K[P] w 0 1");
    let engine = Refinements::default()
        .with(KYOTO_REFINEMENTS, true)
        .unwrap();
    for refine in [Refinements::default(), Refinements::all(), engine] {
        let limits = Limits {
            quiescence: true,
            refine,
            ..Limits::depth(3)
        };
        let outcome =
            crate::search::Searcher::new(16, 1).search(&p, &[], limits, &eval::StrongEvaluation);
        // A pawn dropped on a4 mates, with either face.
        let best = outcome.best.map(Position::move_text);
        assert!(
            matches!(best.as_deref(), Some("P@a4" | "+P@a4")),
            "{best:?} {refine:?}"
        );
        assert!(outcome.score >= crate::search::DECIDED);
    }
}

/// The refinements the ladder tried its later steps on.
const LADDER_BASE: &str = "order+pvs+aspiration+null+lmr+check";

/// The nodes a search of `p` to `depth` with the refinements `refine` visits.
fn nodes_with(p: &Position, depth: u32, refine: &str) -> u64 {
    let limits = Limits {
        quiescence: true,
        refine: Refinements::default().with(refine, true).unwrap(),
        ..Limits::depth(depth)
    };
    let outcome =
        crate::search::Searcher::new(18, 1).search(p, &[], limits, &eval::StrongEvaluation);
    assert!(outcome.best.is_some(), "{refine}: no move");
    outcome.nodes
}

#[test]
fn a_check_that_loses_its_piece_is_told_from_a_safe_one() {
    // Gote's king on d5. A pawn dropped on d4 checks it and is taken by
    // it; the pawn dropped as its other face, a rook, on d2 checks it from
    // where the king cannot reach.
    let p = fen("3k1/5/5/5/4K[P] w 0 1");
    let beside = p.parse_move("P@d4").unwrap();
    let afar = p.parse_move("+P@d2").unwrap();
    for m in [beside, afar] {
        let mut after = p;
        after.make(m);
        assert!(Position::in_check(&after, after.side()), "{m:?} checks");
    }
    assert_eq!(p.exchange(beside), -eval::face_value(PAWN));
    assert_eq!(p.exchange(afar), 0);
}

#[test]
fn safe_checks_search_fewer_nodes() {
    // Safe checks change no move the search may choose, only how deep it
    // looks at them: on the start and on a middle game position (sixteen
    // plies of fixed picks), it visits fewer nodes to the same depth.
    let mut middle = Position::start(false);
    for ply in 0..16 {
        let mut moves = Vec::new();
        middle.moves(&mut moves);
        middle.make(moves[(7 * ply + 3) % moves.len()]);
        assert!(middle.terminal().is_none(), "the game ended at ply {ply}");
    }
    for p in [Position::start(false), middle] {
        let safe = format!("{LADDER_BASE}+safecheck");
        assert!(
            nodes_with(&p, 5, &safe) < nodes_with(&p, 5, LADDER_BASE),
            "{p:?}"
        );
    }
}

#[test]
fn iterative_reduction_trims_the_tree_where_the_table_has_no_move() {
    // From empty tables, the start's nodes at depth 6 without a table move
    // are searched a ply shallower first.
    let p = Position::start(false);
    let iir = format!("{LADDER_BASE}+iir");
    assert!(nodes_with(&p, 6, &iir) < nodes_with(&p, 6, LADDER_BASE));
}

#[test]
fn deeper_null_moves_and_reductions_by_history_trim_the_tree() {
    // Kyoto's own set, from the start to depth 8: the null move searched
    // shallower, and late moves that never cut off reduced further, each
    // visit fewer nodes, and the search still finds a move.
    let p = Position::start(false);
    let own = super::KYOTO_REFINEMENTS;
    let base = nodes_with(&p, 8, own);
    for extra in ["deepnull", "hlmr"] {
        let nodes = nodes_with(&p, 8, &format!("{own}+{extra}"));
        assert!(nodes < base, "{extra}: {nodes} against {base}");
    }
}

/// The positions of `games` games of random legal moves (at most `plies`
/// each, until a side has no move or no king), from the start with the
/// points rule on in every other game.
pub(super) fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut position = Position::start(game % 2 == 1);
        for _ in 0..plies {
            positions.push(position);
            moves.clear();
            position.generate(&mut moves);
            if moves.is_empty() || position.king(1 - position.side()).is_none() {
                break;
            }
            position.make(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

#[test]
fn the_legal_moves_are_the_pseudo_moves_that_leave_the_king_unattacked() {
    let (mut in_check, mut refused) = (0, 0);
    let positions = random_positions(11, 300, 120);
    for position in &positions {
        let me = position.side();
        let mut pseudo = Vec::new();
        position.pseudo_moves(&mut pseudo);
        let expected: Vec<Move> = pseudo
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = *position;
                after.make(m);
                !after.in_check(me)
            })
            .collect();
        let mut legal = Vec::new();
        position.generate(&mut legal);
        assert_eq!(legal, expected, "{}", position.to_fen());
        in_check += usize::from(position.in_check(me));
        refused += pseudo.len() - legal.len();
    }
    assert!(
        positions.len() > 5_000 && in_check > 200 && refused > 2_000,
        "{} positions, {in_check} in check, {refused} moves refused",
        positions.len()
    );
}
