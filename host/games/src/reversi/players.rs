//! Reversi players for any number of colours: uniformly random moves, the
//! seed's primitive Monte Carlo search (every move gets the same number of
//! random playouts, the number growing as the board fills; the move with
//! most wins is played), and Monte Carlo tree search (UCT, each colour
//! maximising its own reward, the max^n reading of MCTS; playouts that take
//! the cells whose stones are never turned; a budget of playouts, of time,
//! or the seed player's own playouts or time on the same position).

use super::position::{Move, Position};
use super::setup::MAX_COLOURS;
use crate::play::Player;
use crate::spec::{number_in, value, EngineName};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// A Reversi player: the one player trait of every game, seeing the position.
pub type ReversiPlayer = Box<dyn Player<Position>>;

/// One of the cells of `bits` (not empty), uniformly at random.
fn random_cell(mut bits: u64, rng: &mut StdRng) -> u8 {
    for _ in 0..rng.random_range(0..bits.count_ones()) {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}

/// A uniformly random legal move of `position` (a pass when it has no placement).
pub fn random_move(position: &Position, rng: &mut StdRng) -> Move {
    match position.placements() {
        0 => Move::Pass,
        bits => Move::Place(random_cell(bits, rng)),
    }
}

/// A move of the anchor policy, for any board: an anchor (a cell whose stone
/// is never turned, [`Position::anchors`]) if one can be played, else a cell
/// not next to an empty anchor if there is one, else any; uniformly at random
/// within the class. `anchors` is the board's, computed once.
pub fn anchor_move(position: &Position, anchors: u64, rng: &mut StdRng) -> Move {
    let bits = position.placements();
    if bits == 0 {
        return Move::Pass;
    }
    let risky = Position::neighbours(anchors & position.empties());
    let class = [bits & anchors, bits & !risky, bits]
        .into_iter()
        .find(|&b| b != 0)
        .unwrap_or(bits);
    Move::Place(random_cell(class, rng))
}

/// Plays the moves of `policy` to the end of the game.
fn playout_with(
    mut position: Position,
    rng: &mut StdRng,
    policy: impl Fn(&Position, &mut StdRng) -> Move,
) -> Position {
    loop {
        let m = policy(&position, rng);
        if m == Move::Pass && position.is_over() {
            return position;
        }
        position.play(m);
    }
}

/// Plays random moves to the end of the game.
pub fn playout(position: Position, rng: &mut StdRng) -> Position {
    playout_with(position, rng, random_move)
}

/// Uniformly random moves.
pub struct RandomPlayer(StdRng);

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer(StdRng::seed_from_u64(seed))
    }
}

impl Player<Position> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, position: &Position) -> anyhow::Result<Move> {
        Ok(random_move(position, &mut self.0))
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

impl Player<Position> for SeedMonteCarlo {
    fn name(&self) -> String {
        "seed-mc".to_string()
    }

    fn choose(&mut self, position: &Position) -> anyhow::Result<Move> {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        if moves == [Move::Pass] {
            self.last = 0;
            return Ok(Move::Pass);
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
        Ok(best.0)
    }

    fn last_info(&self) -> Option<String> {
        playouts_info(self.last)
    }
}

impl SeedMonteCarlo {
    /// Playouts run for the last choice (0 for a forced pass).
    pub fn last_playouts(&self) -> u64 {
        self.last
    }
}

/// What a Monte Carlo player tells of its last choice.
fn playouts_info(playouts: u64) -> Option<String> {
    (playouts > 0).then(|| format!("{playouts} playouts"))
}

/// How much an MCTS player searches a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Playouts(u64),
    Time(Duration),
    /// As many playouts as the seed's Monte Carlo player runs in this position
    /// (its schedule's count times the legal moves): equal work.
    SeedEqual,
    /// As long as the seed's Monte Carlo player takes on this position: it
    /// plays its schedule's N random playouts from each of the root's k
    /// children, so the search's first playouts are the same, random
    /// playouts from the children in turn (at least 32), timed (the wall
    /// clock, or the thread's CPU time if less: another process took the core
    /// meanwhile), and the search stops when the time of N k of them has
    /// passed since it started: equal time.
    SeedTime,
}

/// The moves MCTS plays in its playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random, as the seed's playouts.
    Random,
    /// [`anchor_move`].
    Anchors,
}

/// One node of the tree: the move into it, its children (contiguous in the
/// tree from `first`), and the reward each colour has collected through it.
#[derive(Clone, Copy)]
struct Node {
    m: Move,
    position: Position,
    parent: u32,
    first: u32,
    children: u16,
    expanded: bool,
    visits: u32,
    rewards: [f32; MAX_COLOURS],
}

impl Node {
    fn new(m: Move, position: Position, parent: u32) -> Node {
        Node {
            m,
            position,
            parent,
            first: 0,
            children: 0,
            expanded: false,
            visits: 0,
            rewards: [0.0; MAX_COLOURS],
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + self.children as usize
    }
}

/// The CPU time this thread has run.
fn thread_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// At least this many playouts from the root's children (each in turn) begin a
/// search: what the seed-time budget is timed on.
const CALIBRATION_PLAYOUTS: u64 = 32;

/// The parent of the root.
const NO_PARENT: u32 = u32::MAX;

/// Monte Carlo tree search with UCT for any number of colours.
pub struct Mcts {
    rng: StdRng,
    budget: Budget,
    exploration: f64,
    /// The weight of the stone share in a playout's reward (the rest is the
    /// share of the win).
    stones: f64,
    policy: Policy,
    /// The tree, kept to reuse its memory.
    tree: Vec<Node>,
    last: u64,
}

impl Mcts {
    pub fn new(budget: Budget, seed: u64) -> Mcts {
        Mcts {
            rng: StdRng::seed_from_u64(seed),
            budget,
            exploration: 0.4,
            stones: 0.2,
            policy: Policy::Anchors,
            tree: Vec::new(),
            last: 0,
        }
    }

    /// Each colour's reward for a finished game: its share of the win, mixed
    /// with its share of the stones by the weight `stones`.
    fn rewards(&self, end: &Position) -> [f32; MAX_COLOURS] {
        let colours = end.colours();
        let mut counts = [0u32; MAX_COLOURS];
        for (c, count) in counts[..colours].iter_mut().enumerate() {
            *count = end.stones(c).count_ones();
        }
        let top = counts.iter().copied().max().unwrap_or(0);
        let leaders = counts.iter().filter(|&&n| n == top).count() as f32;
        let total = counts.iter().sum::<u32>().max(1) as f32;
        let weight = self.stones as f32;
        let mut rewards = [0.0; MAX_COLOURS];
        for (reward, &n) in rewards[..colours].iter_mut().zip(&counts) {
            let win = if n == top { 1.0 / leaders } else { 0.0 };
            *reward = (1.0 - weight) * win + weight * n as f32 / total;
        }
        rewards
    }

    /// The child of `node` UCT picks for the colour to move there.
    fn select(&self, node: usize) -> usize {
        let tree = &self.tree;
        let parent = &tree[node];
        let me = parent.position.to_move();
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let score = |i: usize| {
            let child = &tree[i];
            if child.visits == 0 {
                return f64::INFINITY;
            }
            let n = f64::from(child.visits);
            f64::from(child.rewards[me]) / n + self.exploration * (log_visits / n).sqrt()
        };
        parent
            .children()
            .max_by(|&a, &b| score(a).total_cmp(&score(b)))
            .expect("an expanded node has children")
    }

    /// Gives `node` its children.
    fn expand(&mut self, node: usize) {
        let position = self.tree[node].position;
        let mut moves = Vec::new();
        position.moves(&mut moves);
        let first = self.tree.len();
        for m in moves {
            let mut after = position;
            after.play(m);
            self.tree.push(Node::new(m, after, node as u32));
        }
        let children = (self.tree.len() - first) as u16;
        let n = &mut self.tree[node];
        n.first = first as u32;
        n.children = children;
        n.expanded = true;
    }
}

impl Player<Position> for Mcts {
    fn name(&self) -> String {
        let budget = match self.budget {
            Budget::Playouts(n) => format!("playouts={n}"),
            Budget::Time(t) => format!("time={}", t.as_secs_f64()),
            Budget::SeedEqual => "seed-equal".to_string(),
            Budget::SeedTime => "seed-time".to_string(),
        };
        let policy = match self.policy {
            Policy::Random => "random",
            Policy::Anchors => "anchors",
        };
        format!(
            "mcts:{budget},c={},stones={},policy={policy}",
            self.exploration, self.stones
        )
    }

    fn choose(&mut self, position: &Position) -> anyhow::Result<Move> {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        if moves.len() == 1 {
            self.last = 0;
            return Ok(moves[0]);
        }
        let started = Instant::now();
        let seed_count = u64::from(seed_playouts(position.empties().count_ones()));
        let (limit, mut deadline) = match self.budget {
            Budget::Playouts(n) => (n, None),
            Budget::Time(t) => (u64::MAX, Some(started + t)),
            Budget::SeedEqual => (seed_count * moves.len() as u64, None),
            Budget::SeedTime => (u64::MAX, None),
        };
        let anchors = position.anchors();
        self.tree.clear();
        self.tree.push(Node::new(Move::Pass, *position, NO_PARENT));
        self.expand(0);
        let mut playouts = 0u64;
        let mut calibration = (Duration::ZERO, started);
        let k = moves.len() as u64;
        let calibration_playouts = k.max(CALIBRATION_PLAYOUTS);
        while playouts < limit && deadline.is_none_or(|d| Instant::now() < d) {
            // A watcher (the web page) may ask for the move now; every 64
            // playouts it hears how many.
            if playouts > 0 && playouts.is_multiple_of(64) {
                crate::thinking::report(|| format!("{playouts} playouts"));
                if crate::thinking::stop_requested() {
                    break;
                }
            }
            let node = if playouts < calibration_playouts {
                // The first playouts: from each child of the root in turn
                // (what the seed-time budget is timed on).
                self.tree[0].first as usize + (playouts % k) as usize
            } else {
                // Selection down to a node not yet expanded (or a finished game).
                let mut node = 0;
                while self.tree[node].expanded && self.tree[node].children > 0 {
                    node = self.select(node);
                }
                // Expansion: a node seen before gets its children, and one is played out.
                if !self.tree[node].expanded && self.tree[node].visits > 0 {
                    self.expand(node);
                    if self.tree[node].children > 0 {
                        node = self.select(node);
                    }
                }
                node
            };
            let mut node = node;
            let start = self.tree[node].position;
            let end = if playouts < calibration_playouts {
                // The seed's own work: random playouts from the children, timed
                // together on the wall clock and in this thread's CPU time
                // (which another process taking the core cannot stretch).
                if playouts == 0 {
                    calibration = (thread_time(), Instant::now());
                }
                playout(start, &mut self.rng)
            } else {
                match self.policy {
                    Policy::Random => playout(start, &mut self.rng),
                    Policy::Anchors => {
                        playout_with(start, &mut self.rng, |p, rng| anchor_move(p, anchors, rng))
                    }
                }
            };
            let rewards = self.rewards(&end);
            playouts += 1;
            if self.budget == Budget::SeedTime && playouts == calibration_playouts {
                let wall = calibration.1.elapsed();
                let spent = wall.min(thread_time().saturating_sub(calibration.0));
                let seed_time = spent.as_secs_f64() * (seed_count * k) as f64 / playouts as f64;
                deadline = Some(started + Duration::from_secs_f64(seed_time));
            }
            loop {
                let n = &mut self.tree[node];
                n.visits += 1;
                for (total, reward) in n.rewards.iter_mut().zip(rewards) {
                    *total += reward;
                }
                if n.parent == NO_PARENT {
                    break;
                }
                node = n.parent as usize;
            }
        }
        self.last = playouts;
        let tree = &self.tree;
        Ok(tree[0]
            .children()
            .max_by_key(|&c| tree[c].visits)
            .map_or(moves[0], |c| tree[c].m))
    }

    fn last_info(&self) -> Option<String> {
        playouts_info(self.last)
    }
}

impl Mcts {
    /// Playouts run for the last choice (0 for a forced move).
    pub fn last_playouts(&self) -> u64 {
        self.last
    }
}

/// The engines [`player_by_name`] knows, and what each is (the command
/// line's `arena reversi engines` and the web page list them).
pub const ENGINE_KINDS: [(&str, &str); 3] = [
    ("random", "uniformly random legal moves"),
    (
        "seed-mc",
        "the seed's primitive Monte Carlo (playouts a move)",
    ),
    (
        "mcts",
        "Monte Carlo tree search (time=S a move; alone: the seed's playouts)",
    ),
];

/// `mcts` with its options, as [`player_by_name`] reads them (and names
/// them when it refuses a spec).
pub const MCTS_OPTIONS: &str =
    "mcts[:playouts=N|time=S|seed-equal|seed-time][,c=X][,stones=W][,policy=anchors|random]";

/// A player by name: `random`, `seed-mc`, `mcts` with options after a colon,
/// comma-separated: a budget (`playouts=N`, `time=SECONDS`, `seed-equal`,
/// `seed-time`; default `seed-equal`), `c=X` the exploration constant
/// (default 0.4), `stones=W` the stone share's weight in the reward (default
/// 0.2), `policy=anchors|random` the playouts' moves (default anchors); e.g.
/// e.g. `mcts:seed-time,c=0.7,stones=0,policy=random`.
pub fn player_by_name(spec: &str, seed: u64) -> Result<ReversiPlayer, String> {
    let name = EngineName::parse(spec)?;
    match name.name {
        "random" => name
            .no_options()
            .map(|()| Box::new(RandomPlayer::new(seed)) as ReversiPlayer),
        "seed-mc" => name
            .no_options()
            .map(|()| Box::new(SeedMonteCarlo::new(seed)) as ReversiPlayer),
        "mcts" => {
            let mut mcts = Mcts::new(Budget::SeedEqual, seed);
            name.read(MCTS_OPTIONS, |key, v| {
                match (key, v) {
                    ("seed-equal", None) => mcts.budget = Budget::SeedEqual,
                    ("seed-time", None) => mcts.budget = Budget::SeedTime,
                    ("playouts", _) => mcts.budget = Budget::Playouts(value(v, "a count")?),
                    ("time", _) => {
                        let seconds = number_in(v, 1e-6, 1e6, "seconds")?;
                        mcts.budget = Budget::Time(Duration::from_secs_f64(seconds))
                    }
                    ("c", _) => mcts.exploration = number_in(v, 1e-6, 1e6, "a constant")?,
                    ("policy", Some("random")) => mcts.policy = Policy::Random,
                    ("policy", Some("anchors")) => mcts.policy = Policy::Anchors,
                    ("policy", _) => return Err("anchors or random".to_string()),
                    ("stones", _) => mcts.stones = number_in(v, 0.0, 1.0, "a weight")?,
                    _ => return Ok(false),
                }
                Ok(true)
            })?;
            Ok(Box::new(mcts))
        }
        _ => Err(format!(
            "reversi engine `{spec}`: the engines are random, seed-mc, {MCTS_OPTIONS}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Setup;

    fn octagon() -> Position {
        Position::new(&Setup::preset("octagon3").unwrap())
    }

    #[test]
    fn the_anchors_are_the_cells_no_line_runs_through() {
        let othello = Position::new(&Setup::preset("othello").unwrap());
        assert_eq!(othello.anchors(), 1 | 1 << 7 | 1 << 56 | 1 << 63);
        // The octagon: the cells beside the cut corners, two a corner.
        let cell = |row: u64, column: u64| 1u64 << (row * 8 + column);
        let expected = [
            (0, 2),
            (0, 5),
            (2, 0),
            (2, 7),
            (5, 0),
            (5, 7),
            (7, 2),
            (7, 5),
        ]
        .iter()
        .fold(0, |a, &(r, c)| a | cell(r, c));
        assert_eq!(octagon().anchors(), expected);
    }

    #[test]
    fn the_anchor_policy_takes_an_anchor_and_shuns_the_cells_beside_an_empty_one() {
        let mut rng = StdRng::seed_from_u64(1);
        // One row `.WB.WB`: black may play a1 (over b1), an anchor (an end
        // of the only line), or d1 (over e1).
        let p = Position::new(&Setup::parse("t", ".WB.WB\n", "BW").unwrap());
        assert_eq!(p.placements(), 1 | 1 << 3);
        for _ in 0..20 {
            assert_eq!(anchor_move(&p, p.anchors(), &mut rng), Move::Place(0));
        }
        // Othello's start has no anchor to take and no cell beside one; after
        // a game's worth of random moves the policy never plays beside an
        // empty corner while another move exists.
        let othello = Position::new(&Setup::preset("othello").unwrap());
        let anchors = othello.anchors();
        let mut p = othello;
        while !p.is_over() {
            let m = anchor_move(&p, anchors, &mut rng);
            if let Move::Place(cell) = m {
                let bit = 1u64 << cell;
                let risky = Position::neighbours(anchors & p.empties());
                let bits = p.placements();
                if bits & anchors != 0 {
                    assert_ne!(bit & anchors, 0);
                } else if bits & !risky != 0 {
                    assert_eq!(bit & risky, 0);
                }
            }
            p.play(m);
        }
    }

    #[test]
    fn mcts_options_are_read_and_bad_ones_refused() {
        let name = |spec: &str| player_by_name(spec, 1).map(|p| p.name());
        assert_eq!(
            name("mcts").unwrap(),
            "mcts:seed-equal,c=0.4,stones=0.2,policy=anchors"
        );
        assert_eq!(
            name("mcts:seed-time,c=0.7,stones=0,policy=random").unwrap(),
            "mcts:seed-time,c=0.7,stones=0,policy=random"
        );
        assert_eq!(
            name("mcts:time=0.5").unwrap(),
            "mcts:time=0.5,c=0.4,stones=0.2,policy=anchors"
        );
        for bad in [
            "mcts:c=-1",
            "mcts:stones=2",
            "mcts:policy=greedy",
            "mcts:seed-time=3",
            "mcts:lots",
            "seed-mc:fast",
        ] {
            assert!(name(bad).unwrap_err().contains(bad), "{bad}");
        }
    }

    #[test]
    fn the_seed_time_budget_plays_a_playout_from_every_move_and_stops() {
        let mut mcts = Mcts::new(Budget::SeedTime, 3);
        let p = octagon();
        mcts.choose(&p).unwrap();
        let children: u64 = mcts.tree[0].children.into();
        assert!(mcts.last_playouts() >= children, "{}", mcts.last_playouts());
        for c in mcts.tree[0].children() {
            assert!(mcts.tree[c].visits >= 1);
        }
    }
}
