//! Tests of the packed codes (round trips, mirror images), of the
//! reachable-set search on its first levels, counted by brute force, and
//! of solutions of small sub-games against minimax and a plain solver.

use super::bitmap::Bitmap;
use super::code::{canonical, decode, encode, mirror, swap_sides};
use super::index::Index;
use super::reach::{can_catch, is_leaf, is_symmetric};
use super::retro::{verdict, Value, Verdict};
use super::table;
use crate::dobutsu::Position;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

#[test]
fn codes_round_trip_and_mirror_images_are_mirrored_positions() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..200 {
        let mut position = Position::start();
        for _ in 0..rng.random_range(0..40) {
            let mut moves = Vec::new();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.make(moves[rng.random_range(0..moves.len())]);
        }
        let code = encode(&position);
        assert_eq!(decode(code), position);
        assert_eq!(mirror(mirror(code)), code);
        let mirrored = decode(mirror(code));
        for row in 0..4 {
            for column in 0..3 {
                assert_eq!(
                    mirrored.at(row * 3 + column),
                    position.at(row * 3 + 2 - column)
                );
            }
        }
        assert_eq!(canonical(code), canonical(mirror(code)));
        let swapped = decode(swap_sides(code));
        assert_eq!(swap_sides(swap_sides(code)), code);
        assert_eq!(swapped.side(), 1 - position.side());
        for cell in 0..12 {
            let (a, b) = (position.at(cell), swapped.at(11 - cell));
            assert_eq!(a & 7, b & 7);
            assert_eq!(a == 0, b == 0);
            assert!(a == 0 || (a ^ b) & crate::dobutsu::position::GOTE != 0);
        }
        for index in 0..3 {
            assert_eq!(swapped.hand(0, index), position.hand(1, index));
        }
        // The side to move has the same moves, turned.
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        position.generate(&mut ours);
        swapped.generate(&mut theirs);
        assert_eq!(ours.len(), theirs.len());
        assert_eq!(canonical(code), canonical(swap_sides(code)));
        assert!(code < 1 << 58);
    }
    // The start is not its own mirror image: giraffe and elephant trade sides.
    assert_ne!(
        mirror(encode(&Position::start())),
        encode(&Position::start())
    );
}

/// Positions of random games from the start.
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Position::start();
        for _ in 0..rng.random_range(0..40) {
            let mut moves = Vec::new();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.make(moves[rng.random_range(0..moves.len())]);
        }
        out.push(position);
    }
    out
}

#[test]
fn the_set_keeps_each_class_once_across_threads() {
    let index = Index::new([2, 2, 2]);
    let set = Bitmap::new(index.size());
    let codes: Vec<u64> = random_positions(8, 1500)
        .iter()
        .filter(|p| index.encode(p).is_some())
        .map(encode)
        .collect();
    let new = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for &code in &codes {
                    for image in [code, mirror(code), swap_sides(code)] {
                        if set.insert(index.encode(&decode(image)).unwrap()) {
                            new.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let classes: HashSet<u64> = codes.iter().map(|&c| canonical(c)).collect();
    assert_eq!(
        new.into_inner(),
        classes.len(),
        "each class new exactly once"
    );
    assert_eq!(set.count(), classes.len() as u64);
    assert_eq!(set.indices().count(), classes.len());
    for &code in &codes {
        let i = index.encode(&decode(code)).unwrap();
        assert!(set.contains(i));
        assert_eq!(index.encode(&decode(mirror(code))), Some(i));
        assert_eq!(canonical(encode(&index.decode(i))), canonical(code));
    }
    assert_eq!(index.encode(&small_root()), None);
}

/// `position` made its own mirror image, column A copied onto column C
/// and the hands made up to the material; false if that cannot be (a lion
/// off column B, too many pieces of a kind).
fn symmetrize(position: &mut Position) -> bool {
    for row in 0..4 {
        let (a, c) = (row * 3, row * 3 + 2);
        if position.board[a] & 7 == crate::dobutsu::position::LION
            || position.board[c] & 7 == crate::dobutsu::position::LION
        {
            return false;
        }
        position.board[c] = position.board[a];
    }
    position.hands = [[0; 3]; 2];
    let on_board = super::index::material(position);
    for (k, n) in on_board.into_iter().enumerate() {
        if n > 2 {
            return false;
        }
        position.hands[k % 2][k] = 2 - n;
    }
    true
}

#[test]
fn only_a_symmetric_position_has_two_moves_into_one_class() {
    // The solver counts a position's children by class, and a class's
    // predecessors by class, sorting them only for symmetric positions.
    let index = Index::new([2, 2, 2]);
    let mut rng = StdRng::seed_from_u64(12);
    let (mut symmetric, mut doubled, mut others) = (0, 0, 0);
    while symmetric < 3000 || others < 100_000 {
        let mut position = index.decode(rng.random_range(0..index.size()) as u32);
        if rng.random_range(0..4) == 0 && !symmetrize(&mut position) {
            continue;
        }
        if is_leaf(&position) {
            continue;
        }
        let mut moves = Vec::new();
        position.generate(&mut moves);
        let classes: Vec<u64> = moves
            .iter()
            .map(|&m| {
                let mut child = position;
                child.make(m);
                canonical(encode(&child))
            })
            .collect();
        let distinct: HashSet<u64> = classes.iter().copied().collect();
        if is_symmetric(&position) {
            symmetric += 1;
            doubled += usize::from(distinct.len() < classes.len());
        } else {
            assert_eq!(distinct.len(), classes.len(), "{position}");
            others += 1;
        }
    }
    assert!(doubled > 1000, "{doubled} of {symmetric}");
}

#[test]
fn the_quick_leaf_tests_agree_with_the_attack_maps() {
    for position in random_positions(13, 20_000) {
        let me = position.side();
        let lion = position.lion(1 - me);
        let catch = lion.is_none_or(|c| position.attacked_by(me) & (1 << c) != 0);
        assert_eq!(can_catch(&position), catch, "{position}");
        let far = lion.is_some_and(|c| crate::dobutsu::position::far_row(1 - me).contains(&c));
        assert_eq!(is_leaf(&position), catch || far, "{position}");
    }
}

/// The positions within `plies` of the start under Tanaka's rule, by brute force.
fn brute_force(plies: u32) -> HashSet<u64> {
    let mut seen = HashSet::from([encode(&Position::start())]);
    let mut frontier = vec![Position::start()];
    for _ in 0..plies {
        let mut next = Vec::new();
        for position in frontier {
            if is_leaf(&position) {
                continue;
            }
            let mut moves = Vec::new();
            position.generate(&mut moves);
            for m in moves {
                let mut child = position;
                child.make(m);
                if seen.insert(encode(&child)) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    seen
}

#[test]
fn the_search_finds_what_a_brute_force_search_finds_level_by_level() {
    // Levels of the parallel search against a plain single-threaded one.
    let levels = 7;
    let expected: HashSet<u64> = brute_force(levels).into_iter().map(canonical).collect();
    let reached = std::sync::Mutex::new(Vec::new());
    let (reach, space) = super::reach::reach(&Position::start(), 2, levels, &|level, total| {
        reached.lock().unwrap().push((level, total));
    });
    let mut found: Vec<u64> = space
        .set
        .indices()
        .map(|i| canonical(encode(&space.index.decode(i))))
        .collect();
    found.sort();
    let mut wanted: Vec<u64> = expected.into_iter().collect();
    wanted.sort();
    assert_eq!(found, wanted);
    assert_eq!(reach.positions, wanted.len() as u64);
    assert!(found.len() > 10_000, "{}", found.len());
    assert_eq!(reached.into_inner().unwrap().len(), levels as usize);
}

/// A sub-game small enough to solve in a test: the lions and a chick each.
fn small_root() -> Position {
    Position::from_fen("1l1/1c1/1C1/1L1[] w - - 0 1").unwrap()
}

/// The value by plain minimax to `plies`, as the solver defines values:
/// `None` if not decided within the horizon.
fn brute_value(position: &Position, plies: u32) -> Option<Verdict> {
    if is_leaf(position) {
        let them = 1 - position.side();
        let lion = position.lion(them).map_or(0, |c| 1u16 << c);
        return Some(if position.attacked_by(position.side()) & lion != 0 {
            Verdict::Won(1)
        } else {
            Verdict::Lost(1)
        });
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if moves.is_empty() {
        return Some(Verdict::Lost(0));
    }
    if plies == 0 {
        return None;
    }
    let mut fastest_win: Option<u16> = None;
    let mut slowest_loss: Option<u16> = Some(0);
    for m in moves {
        let mut child = *position;
        child.make(m);
        match brute_value(&child, plies - 1) {
            Some(Verdict::Lost(d)) => {
                fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)))
            }
            Some(Verdict::Won(d)) => slowest_loss = slowest_loss.map(|l| l.max(d + 1)),
            _ => slowest_loss = None,
        }
    }
    fastest_win
        .map(Verdict::Won)
        .or(slowest_loss.map(Verdict::Lost))
}

#[test]
fn the_solution_of_a_small_sub_game_agrees_with_minimax_within_its_horizon() {
    let root = small_root();
    let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
    assert!(solution.reach.positions > 1_000, "{:?}", solution.reach);
    let counts = solution.counts();
    assert_eq!(
        counts.won + counts.lost + counts.drawn,
        solution.reach.positions
    );
    let horizon = 5;
    let (mut agreed, mut decided) = (0, 0);
    for (position, value) in solution.classes().step_by(7) {
        let value = verdict(value);
        let brute = brute_value(&position, horizon);
        if let Some(b) = brute {
            assert_eq!(value, b, "{position}");
            agreed += 1;
        }
        match value {
            Verdict::Won(d) | Verdict::Lost(d) if u32::from(d) <= horizon => {
                assert_eq!(brute, Some(value), "{position}: minimax to {horizon}");
                decided += 1;
            }
            _ => {}
        }
    }
    assert!(
        agreed > 100 && decided > 100,
        "{agreed} agreed, {decided} decided"
    );
}

#[test]
fn a_table_reads_back_and_a_damaged_or_foreign_one_is_refused() {
    let root = small_root();
    let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("dobutsu-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.tb");
    table::write(&path, &table::Table::from_solution(&root, &solution)).unwrap();
    let read = table::read(&path).unwrap();
    assert_eq!(read.len() as u64, solution.reach.positions);
    assert_eq!(read.positions, solution.reach.positions);
    for (position, value) in solution.classes().step_by(11) {
        assert_eq!(read.value(&position), Some(value));
        let code = encode(&position);
        assert_eq!(read.value(&decode(mirror(code))), Some(value));
        assert_eq!(read.value(&decode(swap_sides(code))), Some(value));
    }
    assert_eq!(read.value(&Position::start()), None);
    let bytes = std::fs::read(&path).unwrap();
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    std::fs::write(&path, &damaged).unwrap();
    assert!(table::read(&path).err().unwrap().contains("checksum"));
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    assert!(table::read(&path).err().unwrap().contains("damaged"));
    let mut foreign = bytes.clone();
    foreign[16] = 99;
    std::fs::write(&path, &foreign).unwrap();
    assert!(table::read(&path)
        .err()
        .unwrap()
        .contains("rules version 99"));
    std::fs::write(
        &path,
        b"not a table at all, just some text of sufficient length........",
    )
    .unwrap();
    assert!(table::read(&path)
        .err()
        .unwrap()
        .contains("not a Dobutsu solution table"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_perfect_player_never_does_worse_than_its_value_against_the_search() {
    use crate::dobutsu::perfect::{best_move, PerfectPlayer};
    use crate::game::player::Player;
    use crate::game::tournament::play_out;
    use crate::game::{Engines, Outcome, Side};
    let root = small_root();
    let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
    let table = std::sync::Arc::new(table::Table::from_solution(&root, &solution));
    let value = verdict(solution.value(&root).unwrap());
    assert_eq!(best_move(&table, &root).unwrap().1, value);
    for perfect_moves_first in [true, false] {
        for seed in 0..3 {
            let mut perfect = PerfectPlayer::new(table.clone());
            let mut search = Position::player("alphabeta:time=0.02", seed).unwrap();
            let players: [&mut dyn Player<crate::game::record::Record<Position>>; 2] =
                if perfect_moves_first {
                    [&mut perfect, search.as_mut()]
                } else {
                    [search.as_mut(), &mut perfect]
                };
            let mut record = crate::game::record::Record::new(root, 300);
            let outcome = play_out(&mut record, players, &mut |_, _| {})
                .unwrap()
                .outcome();
            let perfect_side = if perfect_moves_first {
                Side::First
            } else {
                Side::Second
            };
            // The root's side to move is the first player here.
            let perfect_value = if perfect_moves_first {
                value
            } else {
                match value {
                    Verdict::Won(d) => Verdict::Lost(d),
                    Verdict::Lost(d) => Verdict::Won(d),
                    Verdict::Drawn => Verdict::Drawn,
                }
            };
            match perfect_value {
                Verdict::Won(_) => assert_eq!(outcome, Outcome::Win(perfect_side)),
                Verdict::Drawn => assert_ne!(outcome, Outcome::Win(perfect_side.other())),
                Verdict::Lost(_) => {}
            }
        }
    }
}

#[test]
fn the_judge_agrees_with_the_perfect_player_and_finds_a_thrown_win() {
    use crate::dobutsu::perfect::{best_move, judge};
    let root = small_root();
    let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
    let table = table::Table::from_solution(&root, &solution);
    let value = verdict(solution.value(&root).unwrap());
    assert!(matches!(value, Verdict::Won(_)), "{value:?}");
    // Each of the root's moves is judged against the root's value; the
    // perfect move keeps the win exactly, some other move lets it go.
    let mut moves = Vec::new();
    root.generate(&mut moves);
    let (best, kept) = best_move(&table, &root).unwrap();
    let mut thrown = 0;
    for m in moves {
        let judged = judge(&table, &root, &[m]).unwrap();
        assert_eq!(judged[0].before, value);
        if m == best {
            assert_eq!(judged[0].kept, Some(kept));
            assert!(!judged[0].lost_ground());
        }
        let mut child = root;
        child.make(m);
        let keeps_the_win = matches!(judged[0].kept, Some(Verdict::Won(_)));
        assert_eq!(
            judged[0].lost_ground(),
            !keeps_the_win,
            "{} {:?}",
            child.to_fen(),
            judged[0]
        );
        thrown += usize::from(judged[0].lost_ground());
    }
    assert!(thrown > 0, "every move of the root keeps the win");
    // A whole perfect line never gives ground, and each move's value is the
    // one the next position has by the table.
    let mut line = Vec::new();
    let mut position = root;
    while position.decided().is_none() && line.len() < 40 {
        let (m, _) = best_move(&table, &position).unwrap();
        line.push(m);
        position.make(m);
    }
    let judged = judge(&table, &root, &line).unwrap();
    assert!(judged.iter().all(|j| !j.lost_ground()));
    for pair in judged.windows(2) {
        let next = match pair[0].kept.unwrap() {
            Verdict::Won(d) => Verdict::Lost(d - 1),
            Verdict::Lost(d) => Verdict::Won(d - 1),
            Verdict::Drawn => Verdict::Drawn,
        };
        assert_eq!(pair[1].before, next);
    }
    // An illegal move is refused with its ply.
    let error = judge(&table, &root, &[line[0], line[0]]).unwrap_err();
    assert!(error.starts_with("ply 2: not a legal move"), "{error}");
}

#[test]
fn a_solve_resumes_from_its_checkpoint_and_ignores_another_roots() {
    let root = small_root();
    let dir = std::env::temp_dir().join(format!("dobutsu-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.reach");
    let resumed = |root: &Position| {
        let from_file = std::sync::atomic::AtomicBool::new(false);
        let solution = super::solve(root, 2, Some(&path), &|stage| {
            if let super::Stage::Reached(true) = stage {
                from_file.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        })
        .unwrap();
        (from_file.into_inner(), solution)
    };
    let (first, solved) = resumed(&root);
    assert!(!first && path.exists());
    let (second, again) = resumed(&root);
    assert!(second, "the second solve reads the checkpoint");
    assert_eq!(again.reach, solved.reach);
    assert_eq!(again.counts(), solved.counts());
    assert_eq!(again.value(&root), solved.value(&root));
    // Another root's checkpoint is not used.
    let other = Position::from_fen("1l1/1c1/1C1/L2[] w - - 0 1").unwrap();
    let (third, _) = resumed(&other);
    assert!(!third);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn small_sub_games_solve_as_a_plain_solver_does() {
    let roots = [
        small_root(),
        Position::from_fen("1l1/1g1/1G1/1L1[] w - - 0 1").unwrap(),
        Position::from_fen("1l1/1c1/3/1LE[] b - - 0 1").unwrap(),
        Position::from_fen("gl1/3/3/1L1[Cc] w - - 0 1").unwrap(),
        Position::from_fen("1le/3/3/EL1[] b - - 0 1").unwrap(),
    ];
    for root in roots {
        let expected = super::reference::solve(&root);
        let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
        assert_eq!(solution.reach.positions, expected.len() as u64, "{root}");
        let mut seen = 0;
        for (position, value) in solution.classes() {
            let class = canonical(encode(&position));
            assert_eq!(expected.get(&class), Some(&value), "{position} from {root}");
            seen += 1;
        }
        assert_eq!(seen, expected.len());
        for (&class, &value) in &expected {
            assert_eq!(solution.value(&decode(class)), Some(value));
        }
        let counts = solution.counts();
        let won = expected
            .values()
            .filter(|&&v| v & super::retro::WON != 0)
            .count();
        assert_eq!(counts.won, won as u64);
        assert!(expected.len() > 500, "{root}: {}", expected.len());
    }
}

#[test]
fn a_table_draws_its_classes_uniformly_with_their_values() {
    let root = small_root();
    let solution = super::solve(&root, 2, None, &|_| {}).unwrap();
    let table = table::Table::from_solution(&root, &solution);
    let classes: std::collections::HashMap<u64, Value> = solution
        .classes()
        .map(|(position, value)| (encode(&position), value))
        .collect();
    let mut rng = StdRng::seed_from_u64(3);
    let draws = 20 * classes.len();
    let mut seen = std::collections::HashMap::new();
    for _ in 0..draws {
        let (position, value) = table.sample(&mut rng);
        assert_eq!(classes.get(&encode(&position)), Some(&value));
        *seen.entry(encode(&position)).or_insert(0u32) += 1;
    }
    // Each class 20 times on average: nearly all are met, none far too often.
    assert!(
        seen.len() * 100 >= classes.len() * 99,
        "{} of {}",
        seen.len(),
        classes.len()
    );
    assert!(seen.values().all(|&n| n < 60), "{:?}", seen.values().max());
}
