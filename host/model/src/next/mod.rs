//! The board's next search, found in software before it is built in
//! hardware: a Monte Carlo tree as good per playout as Pentobi's, within
//! what the board can hold and compute. It is written as the hardware will
//! run it (integers and ROMs, a node memory of fixed size, a fixed number
//! of playout engines on a leaf), takes its budget in playouts so that it
//! is measured at equal work, and switches each of its features by an
//! option ([`Config`]), so that each can be measured alone. The engine
//! `board-next[:options]` plays it; docs/next-search.md gives the
//! hardware plan and BENCHMARKS.md the ladder of its features.
//!
//! - [`config`]: the options; [`features`]: what the scorer counts of a move; [`prior`]: the
//!   priors from those counts, with the project's fitted weights;
//!   [`fixed`]: the arithmetic; [`search`](mod@search): the node memory and the rounds;
//!   [`budget`]: the board's playouts a move; [`reference`](mod@reference): Pentobi's
//!   playout policy in software, the yardstick for the board's engine.

pub mod budget;
pub mod config;
pub mod features;
pub mod fixed;
pub mod prior;
pub mod reference;
pub mod search;

use blokus::{Engine, Move, Placement, Position};
pub use config::{Children, Config, Expand, PlayoutRefinements, Playouts, Rave, Select};
pub use search::Outcome;
use search::{code_of, RoundStats, Streams, Tree};
use std::time::{Duration, Instant};

/// The search of `position` (not over) under `config` with `playouts`,
/// from a fresh tree; `history`: the placements before it, the latest first.
pub fn search(
    position: &Position,
    history: [Option<Placement>; 3],
    config: &Config,
    playouts: u64,
) -> Outcome {
    let mut tree = Tree::new(position.clone(), history);
    let mut streams = Streams::new(config.seed, config.leaf_playouts);
    grow(&mut tree, &mut streams, config, playouts)
}

/// Rounds on `tree` until `playouts` have been played (or, with
/// [`Playouts::Time`], while its cycles allow); the move chosen.
fn grow(tree: &mut Tree, streams: &mut Streams, config: &Config, playouts: u64) -> Outcome {
    let mut stats = RoundStats::default();
    let mut played = 0;
    tree.cycles = 0;
    if tree.nodes[0].children == 0 {
        // The root is expanded first, whatever its visits.
        let root = tree.root.clone();
        tree.expand_root(&root, config);
    }
    let only = tree.nodes[0].children <= 1;
    let more = |played: u64, cycles: u64| match config.playouts {
        // As the board: a round starts while the counter, read a cycle on,
        // is below the budget.
        Playouts::Time { ms } => cycles + 1 < u64::from(ms) * crate::clock::CLOCK_HZ / 1000,
        _ => played < playouts,
    };
    while more(played, tree.cycles) && !only {
        played += u64::from(tree.round(config, streams, &mut stats));
    }
    if !only {
        // The check that ends the rounds.
        tree.cycles += crate::board_tree::CHECK_CYCLES;
    }
    let best = tree.choice(config.by_wins);
    Outcome {
        best: tree.move_of(best),
        playouts: played,
        cycles: tree.cycles,
        nodes: tree.nodes.len(),
        depth: stats.depth,
        root: tree.root_children(),
    }
}

/// The search as an engine: `board-next[:options]`.
pub struct BoardNext {
    config: Config,
    /// The tree after the last search, its root at the position searched,
    /// with the move played and the position after it.
    kept: Option<(Tree, Move, Position)>,
    streams: Streams,
    /// When the last move was returned: the opponent has thought since.
    returned: Option<Instant>,
    last: Option<Outcome>,
    /// Playouts played on the opponent's time before the last search.
    pondered: u64,
    name: String,
}

impl BoardNext {
    /// The engine with `config`, named `name`.
    pub fn new(name: &str, config: Config) -> BoardNext {
        BoardNext {
            config,
            kept: None,
            streams: Streams::new(config.seed, config.leaf_playouts),
            returned: None,
            last: None,
            pondered: 0,
            name: name.to_string(),
        }
    }

    /// The placement the opponent made from `before` to reach `position`,
    /// if `position` follows `before` by one move (`Some(None)`: a pass).
    fn move_between(before: &Position, position: &Position) -> Option<Move> {
        if position.plies() != before.plies() + 1 {
            return None;
        }
        let mover = before.to_move();
        let added = position.cells(mover) & !before.cells(mover);
        if position.cells(mover.other()) != before.cells(mover.other())
            || (before.cells(mover) & !position.cells(mover)).count() > 0
        {
            return None;
        }
        if added.is_empty() {
            return Some(Move::Pass);
        }
        before.placement_to(position).map(Move::Place)
    }
}

fn placement(m: Move) -> Option<Placement> {
    match m {
        Move::Pass => None,
        Move::Place(p) => Some(p),
    }
}

impl Engine for BoardNext {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let thought = self.returned.take().map(|t| t.elapsed());
        self.pondered = 0;
        // The tree kept, carried to this position when it follows from it.
        let mut tree = None;
        let mut history = [None; 3];
        if let Some((mut old, ours, after)) = self.kept.take() {
            if let Some(theirs) = Self::move_between(&after, position) {
                history = [placement(theirs), placement(ours), old.history[0]];
                if self.config.ponder {
                    // The opponent's thinking, capped at the contest's
                    // second, in playouts at the search's own rate (its
                    // playouts a move in the board's 850 ms).
                    let time = thought.unwrap_or_default().min(Duration::from_secs(1));
                    let rate = self.config.playouts.at(after.plies().into()) as f64 / 0.85;
                    let ponder = rate * time.as_secs_f64();
                    if let Some(mut below) = old.subtree(
                        &[code_of(ours)],
                        after.clone(),
                        [placement(ours), old.history[0], old.history[1]],
                    ) {
                        self.pondered =
                            grow(&mut below, &mut self.streams, &self.config, ponder as u64)
                                .playouts;
                        old = below;
                        tree = old.subtree(&[code_of(theirs)], position.clone(), history);
                    }
                } else if self.config.reuse {
                    tree =
                        old.subtree(&[code_of(ours), code_of(theirs)], position.clone(), history);
                }
            }
        }
        let mut tree = match tree {
            Some(t) if self.config.reuse || self.config.ponder => t,
            _ => Tree::new(position.clone(), history),
        };
        if !(self.config.reuse || self.config.ponder) {
            self.streams = Streams::new(self.config.seed, self.config.leaf_playouts);
        }
        let playouts = self.config.playouts.at(position.plies().into());
        let outcome = grow(&mut tree, &mut self.streams, &self.config, playouts);
        let best = outcome.best;
        let mut after = position.clone();
        after.play(best);
        self.kept = Some((tree, best, after));
        self.last = Some(outcome);
        self.returned = Some(Instant::now());
        best
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            let chosen = o.root.iter().find(|&&(m, _, _)| m == o.best);
            let (visits, mean) = chosen.map_or((0, 0), |&(_, v, m)| (v, m));
            // The mean result above a loss, in percent of a win's.
            let value =
                (f64::from(mean) - f64::from(search::LOSS)) / f64::from(search::WIN - search::LOSS);
            format!(
                "{} playouts in {:.0} ms of board time, {} nodes, depth {}; the move's visits \
                 {visits}, value {:.0}%",
                o.playouts,
                o.cycles as f64 * 1e3 / crate::clock::CLOCK_HZ as f64,
                o.nodes,
                o.depth,
                100.0 * value
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_tree::{search_expanding_after, NODES};
    use crate::clock::Budget;
    use games::blokus::random_games;

    /// `config` with a fixed number of playouts.
    fn with_playouts(config: Config, n: u64) -> Config {
        Config {
            playouts: Playouts::Fixed(n),
            ..config
        }
    }

    /// Pentobi's tree (32 children by prior, its exploration and
    /// expansion, the best child entered, 3 virtual visits) with `n`
    /// playouts a move.
    fn prior_tree(n: u64) -> Config {
        Config {
            children: Children::Prior(32),
            select: Select::Prior,
            c_q8: 128,
            expand: Expand::Depth,
            enter_best: true,
            virtual_count: 48,
            ..with_playouts(Config::BOARD, n)
        }
    }

    #[test]
    fn the_base_is_the_boards_tree_round_for_round() {
        // The board's tree after its rounds, and the base with as many
        // playouts: the same tree, so the same visits at the root.
        let games = random_games(5, 2);
        for position in games
            .iter()
            .flat_map(|g| g.iter().step_by(9))
            .filter(|p| !p.is_over())
        {
            let board = search_expanding_after(position, Budget::rounds_for(1_500_000), 6);
            let config = Config {
                expand: Expand::After(6),
                ..Config::BOARD
            };
            let playouts = u64::from(board.rounds) * config.leaf_playouts as u64;
            let next = search(position, [None; 3], &config, playouts);
            let board_root: Vec<u32> = board.root.iter().map(|&(_, v, _)| v as u32).collect();
            let next_root: Vec<u32> = next.root.iter().map(|&(_, v, _)| v).collect();
            if board_root.is_empty() {
                // No placement: the board passes; the base's one child is the pass.
                assert_eq!(next.root, vec![(Move::Pass, 0, 0)]);
            } else {
                assert_eq!(next_root, board_root, "ply {}", position.plies());
            }
            let board_best = board.best.map(|b| (b.shape, b.corner));
            assert_eq!(search::code_of(next.best), board_best);
            assert!(next.nodes <= NODES);
        }
    }

    #[test]
    fn the_base_at_the_boards_time_plays_the_boards_rounds_in_its_cycles() {
        // 20 ms of board time: the board's tree and the base by its
        // cycles make the same rounds, choose the same move and take the
        // same cycles but the board's final choice.
        let games = random_games(3, 1);
        for position in games[0].iter().step_by(7).filter(|p| !p.is_over()) {
            let budget = Budget::rounds_for(1_000_000);
            let board = crate::board_tree::search(position, budget);
            let config = Config {
                playouts: Playouts::Time { ms: 20 },
                ..Config::BOARD
            };
            let next = search(position, [None; 3], &config, 0);
            assert_eq!(
                next.playouts,
                u64::from(board.rounds) * 3,
                "ply {}",
                position.plies()
            );
            if board.rounds > 0 {
                let choice = board.root.len() as u64 + crate::board_tree::CHOICE_CYCLES;
                assert_eq!(
                    next.cycles + choice,
                    board.edges,
                    "ply {}",
                    position.plies()
                );
            }
        }
    }

    #[test]
    fn the_prior_search_plays_legal_moves_and_keeps_its_tree() {
        let config = Config {
            children: Children::Prior(usize::MAX),
            leaf_playouts: 1,
            reuse: true,
            ..prior_tree(600)
        };
        let mut engine = BoardNext::new("board-next", config);
        let mut position = Position::new();
        let mut opponent = games::blokus::RandomEngine::new(3);
        for _ in 0..6 {
            let m = engine.choose(&position);
            assert!(position.legal_moves().contains(&m), "{m:?}");
            position.play(m);
            let outcome = engine.last.clone().unwrap();
            assert!(
                outcome.nodes > outcome.root.len(),
                "the tree grew below the root"
            );
            position.play(opponent.choose(&position));
        }
        // Kept from one move to the next: the tree below the moves played
        // starts with its visits.
        let (tree, _, after) = engine.kept.as_ref().unwrap();
        assert!(tree.nodes[0].visits >= 600);
        let _ = after;
        let reply = engine.choose(&position);
        assert!(position.legal_moves().contains(&reply));
    }

    #[test]
    fn the_same_config_plays_the_same_moves() {
        let config = prior_tree(900);
        let position = &random_games(9, 1)[0][6];
        let a = search(position, [None; 3], &config, 900);
        let b = search(position, [None; 3], &config, 900);
        assert_eq!(a, b);
        assert!(a.root.len() <= 32);
    }

    #[test]
    fn a_tree_in_sdram_is_the_same_tree_at_the_cost_of_its_bursts() {
        let on_chip = Config {
            nodes: 1 << 16,
            ..prior_tree(3000)
        };
        let position = &random_games(9, 1)[0][6];
        let a = search(position, [None; 3], &on_chip, 3000);
        // All of the memory on chip: the cycles of a memory without SDRAM.
        let all = Config {
            on_chip: 1 << 16,
            ..on_chip
        };
        assert_eq!(search(position, [None; 3], &all, 3000), a);
        // The root's block on chip, every other in SDRAM: the same search,
        // each level below the root a burst of 6 beats a child and each
        // write-back a burst.
        let sdram = Config {
            on_chip: 1 + 32,
            ..on_chip
        };
        let b = search(position, [None; 3], &sdram, 3000);
        assert_eq!((b.best, &b.root, b.nodes), (a.best, &a.root, a.nodes));
        assert!(a.depth >= 3, "depth {}", a.depth);
        let rounds = 3000 / u64::from(crate::playout_bank::ENGINES as u32);
        assert!(
            b.cycles > a.cycles + rounds * search::SDRAM_ACCESS_CYCLES,
            "{} vs {}",
            b.cycles,
            a.cycles
        );
        // At equal board time it plays fewer playouts.
        let timed = |config: Config| Config {
            playouts: Playouts::Time { ms: 20 },
            ..config
        };
        let (fast, slow) = (
            search(position, [None; 3], &timed(on_chip), 0),
            search(position, [None; 3], &timed(sdram), 0),
        );
        assert!(
            slow.playouts * 10 < fast.playouts * 9,
            "{} vs {}",
            slow.playouts,
            fast.playouts
        );
    }

    #[test]
    fn every_feature_on_plays_a_whole_game_of_legal_moves_and_ponders() {
        let config = Config {
            children: Children::Prior(40),
            leaf_playouts: 2,
            rave: Some(Rave {
                weight_q4: 11,
                parent_max: 25_000,
                child_max: 2_000,
            }),
            reuse: true,
            by_wins: true,
            size_filter: true,
            bonus: true,
            lgr: true,
            refinements: PlayoutRefinements {
                policy: crate::cell_playout::Refinements {
                    tile_weights: true,
                    last_two: true,
                    block: true,
                    ..crate::cell_playout::Refinements::BOARD
                },
                history: true,
                reference: false,
            },
            ponder: true,
            nodes: 1 << 16,
            ..prior_tree(300)
        };
        let mut engines = [BoardNext::new("a", config), BoardNext::new("b", config)];
        let mut position = Position::new();
        let mut pondered = 0;
        while !position.is_over() {
            let engine = &mut engines[position.to_move().index()];
            // The opponent "thinks" 50 ms: some 17 playouts at 300 a move.
            std::thread::sleep(Duration::from_millis(50));
            let m = engine.choose(&position);
            assert!(
                position.legal_moves().contains(&m),
                "ply {}: {m:?}",
                position.plies()
            );
            assert!(engine.pondered < 300, "{} pondered", engine.pondered);
            pondered += usize::from(engine.pondered > 0);
            position.play(m);
        }
        assert!(pondered > 10, "{pondered} moves followed pondering");
    }
}
