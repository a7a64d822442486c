//! Tests of the search against brute-force minimax on synthetic game trees
//! with transpositions, and of its repetition, quiescence, distance-to-win
//! and random-choice rules on small hand-made games.

use super::*;
use std::collections::HashMap;

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A game tree from a seed: a node is (id, ply); ids are folded into a small
/// range so that different move orders meet the same node (transpositions).
#[derive(Clone, Copy, Debug)]
struct Tree {
    seed: u64,
    id: u64,
    ply: u32,
    height: u32,
}

impl Game for Tree {
    type Move = u64;
    fn moves(&self, out: &mut Vec<u64>) {
        if self.ply < self.height {
            let width = 1 + mix(self.seed ^ self.id ^ (u64::from(self.ply) << 40)) % 4;
            out.extend(0..width);
        }
    }
    fn play(&mut self, m: u64) {
        self.id = (self.id * 7 + m * 13 + 1) % 61;
        self.ply += 1;
    }
    fn evaluate(&self) -> i32 {
        (mix(self.seed.wrapping_add(self.id * 131 + u64::from(self.ply))) % 201) as i32 - 100
    }
    fn key(&self) -> u64 {
        mix(self.seed ^ (self.id << 8) ^ u64::from(self.ply)) | 1
    }
}

fn minimax(position: &Tree, depth: u32) -> i32 {
    let mut moves = Vec::new();
    position.moves(&mut moves);
    if moves.is_empty() {
        return position.no_move_score();
    }
    if depth == 0 {
        return position.evaluate();
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = *position;
            child.play(m);
            -minimax(&child, depth - 1)
        })
        .max()
        .unwrap()
}

#[test]
fn alpha_beta_with_a_table_scores_every_tree_as_minimax_does() {
    let mut with_table_nodes = 0;
    let mut without_table_nodes = 0;
    for seed in 0..300 {
        let root = Tree {
            seed,
            id: seed % 61,
            ply: 0,
            height: 7,
        };
        for depth in [1, 2, 3, 5, 7] {
            let expected = minimax(&root, depth);
            let plain = search(&root, Limits::depth(depth));
            let mut searcher = Searcher::new(10, seed);
            let tabled = searcher.search(&root, &[], Limits::depth(depth), &OwnEvaluation);
            assert_eq!(plain.score, expected, "seed {seed} depth {depth}");
            assert_eq!(tabled.score, expected, "seed {seed} depth {depth}, table");
            // Ordering by killers, PVS, aspiration windows and the bucketed
            // table change the work, never a fixed-depth score.
            let exact = Limits {
                refine: Refinements::exact(),
                ..Limits::depth(depth)
            };
            let mut refined = Searcher::new(10, seed);
            let outcome = refined.search(&root, &[], exact, &OwnEvaluation);
            assert_eq!(
                outcome.score, expected,
                "seed {seed} depth {depth}, refined"
            );
            let chosen = outcome.root.iter().find(|(m, _)| Some(*m) == outcome.best);
            assert_eq!(chosen.map(|(_, s)| *s), Some(expected));
            // The chosen move's own score is the best.
            let chosen = tabled.root.iter().find(|(m, _)| Some(*m) == tabled.best);
            assert_eq!(chosen.map(|(_, s)| *s), Some(expected));
            if depth == 7 {
                with_table_nodes += tabled.nodes;
                without_table_nodes += plain.nodes;
            }
        }
    }
    assert!(
        with_table_nodes < without_table_nodes,
        "the table saves nodes: {with_table_nodes} vs {without_table_nodes}"
    );
}

/// A walk on a line: the mover steps left or right; reaching `goal` wins for
/// the mover's opponent? No: standing on `goal` at one's turn has won.
#[derive(Clone, Copy, Debug)]
struct Walk {
    at: i32,
    goal: i32,
    side: u64,
}

impl Game for Walk {
    type Move = i32;
    fn moves(&self, out: &mut Vec<i32>) {
        out.extend([-1, 1]);
    }
    fn play(&mut self, m: i32) {
        self.at += m;
        self.side ^= 1;
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn terminal(&self) -> Option<i32> {
        (self.at == self.goal).then_some(WIN)
    }
    fn key(&self) -> u64 {
        ((self.at + 1000) as u64) << 1 | self.side | 1 << 40
    }
}

#[test]
fn a_win_is_taken_by_the_shortest_way_and_repetition_scores_as_a_draw() {
    // From 0 with the goal at 1: stepping right hands the opponent a won
    // position, so both sides step back and forth: a draw by repetition.
    let walk = Walk {
        at: 0,
        goal: 1,
        side: 0,
    };
    let outcome = search(&walk, Limits::depth(6));
    assert_eq!(outcome.score, 0);
    assert_eq!(outcome.best, Some(-1));
    let mut searcher = Searcher::new(8, 1);
    let outcome = searcher.search(&walk, &[], Limits::depth(6), &OwnEvaluation);
    assert_eq!((outcome.score, outcome.best), (0, Some(-1)));
}

/// Two heaps: the mover takes one stone from either; taking the last stone of
/// heap 0 wins at once, of heap 1 only makes the next move forced.
#[derive(Clone, Copy, Debug)]
struct Race {
    heaps: [u32; 2],
    finished: bool,
}

impl Game for Race {
    type Move = usize;
    fn moves(&self, out: &mut Vec<usize>) {
        out.extend((0..2).filter(|&h| self.heaps[h] > 0));
    }
    fn play(&mut self, m: usize) {
        self.heaps[m] -= 1;
        self.finished = self.heaps[0] == 0;
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn terminal(&self) -> Option<i32> {
        self.finished.then_some(-WIN)
    }
}

#[test]
fn of_two_wins_the_nearer_is_chosen_and_scores_higher() {
    let race = Race {
        heaps: [1, 3],
        finished: false,
    };
    let outcome = search(&race, Limits::depth(5));
    assert_eq!(outcome.best, Some(0));
    assert_eq!(outcome.score, WIN - 1);
}

/// A capture race on numbers: material is the evaluation; a move either
/// "captures" (gains `gain[i]`) and may be recaptured next ply.
#[derive(Clone, Debug)]
struct Trade {
    material: i32,
    /// Remaining captures, the next mover's first.
    captures: Vec<i32>,
}

impl Game for Trade {
    type Move = bool;
    fn moves(&self, out: &mut Vec<bool>) {
        out.push(false);
        if !self.captures.is_empty() {
            out.push(true);
        }
    }
    fn play(&mut self, capture: bool) {
        if capture {
            self.material += self.captures.remove(0);
        }
        self.material = -self.material;
    }
    fn evaluate(&self) -> i32 {
        self.material
    }
    fn is_noisy(&self, capture: bool) -> bool {
        capture
    }
}

#[test]
fn quiescence_sees_the_recapture_a_one_ply_search_misses() {
    // Taking 3 is answered by taking 5: a net loss of 2.
    let trade = Trade {
        material: 0,
        captures: vec![3, 5],
    };
    let shallow = search(&trade, Limits::depth(1));
    assert_eq!((shallow.best, shallow.score), (Some(true), 3));
    let quiet = search(
        &trade,
        Limits {
            quiescence: true,
            ..Limits::depth(1)
        },
    );
    assert_eq!((quiet.best, quiet.score), (Some(false), 0));
}

#[test]
fn the_random_choices_keep_to_their_rules() {
    // A root with four moves.
    let root = (0..)
        .map(|seed| Tree {
            seed,
            id: 5,
            ply: 0,
            height: 3,
        })
        .find(|tree| {
            let mut moves = Vec::new();
            tree.moves(&mut moves);
            moves.len() == 4
        })
        .unwrap();
    let mut counts: HashMap<u64, u32> = HashMap::new();
    let mut searcher = Searcher::new(0, 7);
    let tie = Limits {
        choice: Choice::RandomTie,
        ..Limits::depth(2)
    };
    let first = searcher.search(&root, &[], tie, &OwnEvaluation);
    let best = first.root[0].1;
    for _ in 0..200 {
        let outcome = searcher.search(&root, &[], tie, &OwnEvaluation);
        let chosen = outcome.root.iter().find(|(m, _)| Some(*m) == outcome.best);
        assert_eq!(
            chosen.map(|(_, s)| *s),
            Some(best),
            "a tie choice is a best move"
        );
    }
    let rank = Limits {
        choice: Choice::SeedRank,
        ..Limits::depth(2)
    };
    let mut ranks = vec![0u32; first.root.len()];
    for _ in 0..4000 {
        let outcome = searcher.search(&root, &[], rank, &OwnEvaluation);
        let at = outcome
            .root
            .iter()
            .position(|(m, _)| Some(*m) == outcome.best)
            .unwrap();
        ranks[at] += 1;
        *counts.entry(outcome.best.unwrap()).or_default() += 1;
        // Every root move is scored exactly: the scores equal minimax's.
        for (m, score) in &outcome.root {
            let mut child = root;
            child.play(*m);
            assert_eq!(*score, -minimax(&child, 1));
        }
    }
    // P(rank i) = (2(n-i)-1)/n^2: strictly falling, all reachable.
    let n = ranks.len() as f64;
    for (i, &count) in ranks.iter().enumerate() {
        let expected = 4000.0 * (2.0 * (n - i as f64) - 1.0) / (n * n);
        assert!(
            (f64::from(count) - expected).abs() < 5.0 * expected.sqrt() + 5.0,
            "rank {i}: {count} vs {expected:.0} ({ranks:?})"
        );
    }
    assert_eq!(counts.len(), 4);
}

#[test]
fn a_node_budget_stops_the_search_with_a_move() {
    let root = Tree {
        seed: 3,
        id: 9,
        ply: 0,
        height: 40,
    };
    let outcome = search(
        &root,
        Limits {
            nodes: Some(2_000),
            ..Limits::depth(40)
        },
    );
    assert!(outcome.best.is_some());
    assert!(outcome.depth < 40);
    assert!(outcome.nodes < 2_100, "{} nodes", outcome.nodes);
}

#[test]
fn every_refinement_keeps_wins_draws_and_recaptures_right() {
    let all = |depth| Limits {
        refine: Refinements::all(),
        quiescence: true,
        ..Limits::depth(depth)
    };
    let walk = Walk {
        at: 0,
        goal: 1,
        side: 0,
    };
    let mut searcher = Searcher::new(8, 1);
    let outcome = searcher.search(&walk, &[], all(6), &OwnEvaluation);
    assert_eq!((outcome.score, outcome.best), (0, Some(-1)));
    let race = Race {
        heaps: [1, 3],
        finished: false,
    };
    let outcome = Searcher::new(8, 1).search(&race, &[], all(5), &OwnEvaluation);
    assert_eq!((outcome.best, outcome.score), (Some(0), WIN - 1));
    let trade = Trade {
        material: 0,
        captures: vec![3, 5],
    };
    let outcome = Searcher::new(8, 1).search(&trade, &[], all(1), &OwnEvaluation);
    assert_eq!((outcome.best, outcome.score), (Some(false), 0));
}

#[test]
fn refinements_are_named_and_an_unknown_one_is_refused() {
    let some = Refinements::default().with("order+pvs+null", true).unwrap();
    assert_eq!(some.names(), "order+pvs+null");
    assert_eq!(
        Refinements::all().with("lmr+see", false).unwrap().names(),
        "order+pvs+null+check+safecheck+aspiration+buckets+futility+lmp+iir+deepnull+hlmr"
    );
    assert_eq!(Refinements::default().names(), "none");
    assert_eq!(Refinements::all().names(), Refinements::NAMES.join("+"));
    for name in Refinements::NAMES {
        assert!(
            crate::game::player::SEARCH_OPTIONS.contains(name),
            "{name} not listed"
        );
    }
    let error = Refinements::default().with("pvs+nul", true).unwrap_err();
    assert!(error.contains("no refinement `nul`"), "{error}");
}
