//! Reversi players for any number of colours: uniformly random moves, the
//! seed's primitive Monte Carlo search (every move gets the same number of
//! random playouts, the number growing as the board fills; the move with
//! most wins is played), and Monte Carlo tree search (UCT, each colour
//! maximising its own share of the win, the max^n reading of MCTS).

use super::position::{Move, Position};
use super::setup::MAX_COLOURS;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// A player of any colour.
pub trait ReversiPlayer: Send {
    fn name(&self) -> String;
    /// A legal move for `position`, which is not over.
    fn choose(&mut self, position: &Position) -> Move;
    /// Playouts run for the last choice (0 if it runs none).
    fn last_playouts(&self) -> u64 {
        0
    }
}

/// A uniformly random legal move of `position` (a pass when it has no placement).
fn random_move(position: &Position, rng: &mut StdRng) -> Move {
    let mut bits = position.placements();
    if bits == 0 {
        return Move::Pass;
    }
    for _ in 0..rng.random_range(0..bits.count_ones()) {
        bits &= bits - 1;
    }
    Move::Place(bits.trailing_zeros() as u8)
}

/// Plays random moves to the end of the game.
pub fn playout(mut position: Position, rng: &mut StdRng) -> Position {
    loop {
        let m = random_move(&position, rng);
        if m == Move::Pass && position.is_over() {
            return position;
        }
        position.play(m);
    }
}

/// Uniformly random moves.
pub struct RandomPlayer(StdRng);

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer(StdRng::seed_from_u64(seed))
    }
}

impl ReversiPlayer for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, position: &Position) -> Move {
        random_move(position, &mut self.0)
    }
}

/// The seed's playout schedule: at most this many empty cells ...
pub const SEED_EMPTIES: [u32; 8] = [40, 34, 28, 22, 16, 13, 10, 6];
/// ... gives this many playouts a move (the first entry beyond 40 empties too).
pub const SEED_PLAYOUTS: [u32; 8] = [20, 40, 60, 80, 120, 200, 400, 800];

/// The playouts a move the seed's schedule gives with `empties` empty cells:
/// the entry of the smallest threshold not below `empties`, or the first.
pub fn seed_playouts(empties: u32) -> u32 {
    SEED_EMPTIES
        .iter()
        .enumerate()
        .filter(|(_, &limit)| limit >= empties)
        .min_by_key(|(_, &limit)| limit)
        .map_or(SEED_PLAYOUTS[0], |(i, _)| SEED_PLAYOUTS[i])
}

/// The seed's primitive Monte Carlo player: a playout counts 1 when the mover
/// wins outright (a draw counts nothing, as in the seed); the first move with
/// most wins is played.
pub struct SeedMonteCarlo {
    rng: StdRng,
    last: u64,
}

impl SeedMonteCarlo {
    pub fn new(seed: u64) -> SeedMonteCarlo {
        SeedMonteCarlo {
            rng: StdRng::seed_from_u64(seed),
            last: 0,
        }
    }
}

impl ReversiPlayer for SeedMonteCarlo {
    fn name(&self) -> String {
        "seed-mc".to_string()
    }

    fn choose(&mut self, position: &Position) -> Move {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        if moves == [Move::Pass] {
            self.last = 0;
            return Move::Pass;
        }
        let me = position.to_move();
        let count = seed_playouts(position.empties().count_ones());
        self.last = u64::from(count) * moves.len() as u64;
        let mut best = (moves[0], 0);
        for &m in &moves {
            let mut after = *position;
            after.play(m);
            let wins = (0..count)
                .filter(|_| playout(after, &mut self.rng).winner() == Some(me))
                .count();
            if wins > best.1 {
                best = (m, wins);
            }
        }
        best.0
    }

    fn last_playouts(&self) -> u64 {
        self.last
    }
}

/// How much an MCTS player searches a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Playouts(u64),
    Time(Duration),
    /// As many playouts as the seed's Monte Carlo player runs in this position
    /// (its schedule's count times the legal moves): equal work.
    SeedEqual,
}

/// One node of the tree: the move into it, its children, and the reward each
/// colour has collected through it.
struct Node {
    m: Move,
    position: Position,
    parent: usize,
    children: Vec<usize>,
    expanded: bool,
    visits: u32,
    rewards: [f32; MAX_COLOURS],
}

/// Monte Carlo tree search with UCT for any number of colours.
pub struct Mcts {
    rng: StdRng,
    budget: Budget,
    exploration: f64,
    last: u64,
}

impl Mcts {
    pub fn new(budget: Budget, seed: u64) -> Mcts {
        Mcts {
            rng: StdRng::seed_from_u64(seed),
            budget,
            exploration: 0.7,
            last: 0,
        }
    }

    /// The child of `node` UCT picks for the colour to move there.
    fn select(&self, tree: &[Node], node: usize) -> usize {
        let parent = &tree[node];
        let me = parent.position.to_move();
        let log_visits = f64::from(parent.visits.max(1)).ln();
        *parent
            .children
            .iter()
            .max_by(|&&a, &&b| {
                let score = |i: usize| {
                    let child = &tree[i];
                    if child.visits == 0 {
                        return f64::INFINITY;
                    }
                    let n = f64::from(child.visits);
                    f64::from(child.rewards[me]) / n + self.exploration * (log_visits / n).sqrt()
                };
                score(a).total_cmp(&score(b))
            })
            .expect("an expanded node has children")
    }
}

impl ReversiPlayer for Mcts {
    fn name(&self) -> String {
        match self.budget {
            Budget::Playouts(n) => format!("mcts:playouts={n}"),
            Budget::Time(t) => format!("mcts:time={}", t.as_secs_f64()),
            Budget::SeedEqual => "mcts:seed-equal".to_string(),
        }
    }

    fn choose(&mut self, position: &Position) -> Move {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        if moves.len() == 1 {
            self.last = 0;
            return moves[0];
        }
        let (limit, deadline) = match self.budget {
            Budget::Playouts(n) => (n, None),
            Budget::Time(t) => (u64::MAX, Some(Instant::now() + t)),
            Budget::SeedEqual => (
                u64::from(seed_playouts(position.empties().count_ones())) * moves.len() as u64,
                None,
            ),
        };
        let mut tree = vec![Node {
            m: Move::Pass,
            position: *position,
            parent: usize::MAX,
            children: Vec::new(),
            expanded: false,
            visits: 0,
            rewards: [0.0; MAX_COLOURS],
        }];
        let mut playouts = 0u64;
        while playouts < limit
            && deadline.is_none_or(|d| !playouts.is_multiple_of(32) || Instant::now() < d)
        {
            // Selection down to a node not yet expanded (or a finished game).
            let mut node = 0;
            while tree[node].expanded && !tree[node].children.is_empty() {
                node = self.select(&tree, node);
            }
            // Expansion: a node seen before gets its children, and one is played out.
            if !tree[node].expanded && (node == 0 || tree[node].visits > 0) {
                let mut children = Vec::new();
                tree[node].position.moves(&mut children);
                let first = tree.len();
                for m in children {
                    let mut after = tree[node].position;
                    after.play(m);
                    tree.push(Node {
                        m,
                        position: after,
                        parent: node,
                        children: Vec::new(),
                        expanded: false,
                        visits: 0,
                        rewards: [0.0; MAX_COLOURS],
                    });
                }
                tree[node].children = (first..tree.len()).collect();
                tree[node].expanded = true;
                if !tree[node].children.is_empty() {
                    node = self.select(&tree, node);
                }
            }
            let end = playout(tree[node].position, &mut self.rng);
            let scores = end.scores();
            playouts += 1;
            loop {
                let n = &mut tree[node];
                n.visits += 1;
                for (reward, &s) in n.rewards.iter_mut().zip(&scores) {
                    *reward += s as f32;
                }
                if n.parent == usize::MAX {
                    break;
                }
                node = n.parent;
            }
        }
        self.last = playouts;
        let best = tree[0]
            .children
            .iter()
            .max_by_key(|&&c| tree[c].visits)
            .copied();
        best.map_or(moves[0], |c| tree[c].m)
    }

    fn last_playouts(&self) -> u64 {
        self.last
    }
}

/// A player by name: `random`, `seed-mc`, `mcts` (`mcts:playouts=N`,
/// `mcts:time=SECONDS`, `mcts:seed-equal`; default `seed-equal`).
pub fn player_by_name(spec: &str, seed: u64) -> Result<Box<dyn ReversiPlayer>, String> {
    let (name, option) = spec.split_once(':').unwrap_or((spec, ""));
    let bad = || {
        format!("reversi engine `{spec}`: the engines are random, seed-mc, mcts[:playouts=N|time=S|seed-equal]")
    };
    match (name, option) {
        ("random", "") => Ok(Box::new(RandomPlayer::new(seed))),
        ("seed-mc", "") => Ok(Box::new(SeedMonteCarlo::new(seed))),
        ("mcts", "" | "seed-equal") => Ok(Box::new(Mcts::new(Budget::SeedEqual, seed))),
        ("mcts", option) => {
            let (key, value) = option.split_once('=').ok_or_else(bad)?;
            let budget = match key {
                "playouts" => Budget::Playouts(value.parse().map_err(|_| bad())?),
                "time" => {
                    let seconds: f64 = value.parse().map_err(|_| bad())?;
                    if !(seconds > 0.0 && seconds < 1e6) {
                        return Err(bad());
                    }
                    Budget::Time(Duration::from_secs_f64(seconds))
                }
                _ => return Err(bad()),
            };
            Ok(Box::new(Mcts::new(budget, seed)))
        }
        _ => Err(bad()),
    }
}
