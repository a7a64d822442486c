//! Tests of the packed codes (round trips, mirror images) and of the
//! reachable-set search on its first levels, counted by brute force.

use super::code::{canonical, decode, encode, mirror};
use super::reach::{is_leaf, CodeSet};
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
        assert!(code < 1 << 58);
    }
    // The start is not its own mirror image: giraffe and elephant trade sides.
    assert_ne!(
        mirror(encode(&Position::start())),
        encode(&Position::start())
    );
}

#[test]
fn the_set_keeps_each_code_once_across_threads() {
    let set = CodeSet::new(12);
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let set = &set;
            scope.spawn(move || {
                for i in 1..1000u64 {
                    set.insert(i * 7 + t % 2);
                }
            });
        }
    });
    let mut codes: Vec<u64> = set.codes().collect();
    codes.sort();
    assert_eq!(codes.len(), 2 * 999);
    assert!(!set.insert(7));
    assert!(set.insert(3));
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
    let expected = brute_force(levels);
    let reached = std::sync::Mutex::new(Vec::new());
    let (_, set) = super::reach::reach_levels(2, 22, levels, &|level, total| {
        reached.lock().unwrap().push((level, total));
    });
    let mut found: Vec<u64> = set.codes().collect();
    found.sort();
    let mut wanted: Vec<u64> = expected.into_iter().collect();
    wanted.sort();
    assert_eq!(found, wanted);
    assert!(found.len() > 10_000, "{}", found.len());
    assert_eq!(reached.into_inner().unwrap().len(), levels as usize);
}
