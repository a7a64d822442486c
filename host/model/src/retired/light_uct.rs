//! `light-uct`: a Monte Carlo tree search over light playouts
//! ([`super::light_playout`]), in the shape the board can hold in block
//! RAM: every node keeps at most [`TreeConfig::children`] children, drawn
//! by the playout policy when the node has been visited
//! [`TreeConfig::expand_after`] times; selection by UCB1 (unvisited
//! children first, in the order drawn); each playout's result (win 2, draw
//! 1, loss 0, for the side that made each move on the path) backed up to
//! the root; the most visited root move played.

use super::light_playout::{choose, playout_recorded};
use crate::policy::Policy;
use crate::random::Xorshift32;
use blokus::{Engine, Move, Placement, Player, Position};

/// How the tree searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeConfig {
    /// Playouts a move.
    pub playouts: u32,
    /// Children a node keeps (drawn by the policy, distinct).
    pub children: usize,
    /// Visits a leaf takes before it is expanded.
    pub expand_after: u32,
    /// The exploration constant.
    pub exploration: f64,
    /// The playout policy, which also draws the children.
    pub policy: Policy,
    /// The generator's state at the start of every search.
    pub seed: u32,
    /// How a node's children are chosen.
    pub children_by: ChildrenBy,
    /// How a child is selected.
    pub select: Select,
    /// The evaluator's scores become priors `softmax(score / temperature)`.
    pub prior_temperature: f64,
    /// Each new child starts with this many virtual visits at value 0.5.
    pub prior_visits: f64,
    /// RAVE's weight (0: off): a child whose move its side played later in a
    /// simulation gets the result with this weight, as Pentobi adds it.
    pub rave: f64,
    /// The part of a result given by the margin (the rest: win 1, draw 0.5).
    pub margin_weight: f64,
    /// A playout's first plies played as the board's heavy playouts play
    /// them (the evaluator's best after noise of 6 bits), the rest light.
    pub heavy_plies: u32,
    /// Playouts from each leaf the selection reaches (the board's engines
    /// all playing out the same leaf), each backed up along its path.
    pub leaf_playouts: u32,
}

/// How a node's children are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildrenBy {
    /// Drawn by the playout policy, distinct, in the order drawn.
    Policy,
    /// The evaluator's best (`model::evaluator`, as the one-ply core scores
    /// them), highest first, ties in hardware order.
    Evaluator,
    /// The same by the evaluator's score without its reach terms (cells
    /// and attach cells only: what an evaluator without growth steps
    /// would give).
    EvaluatorWithoutReach,
}

/// How a child is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// UCB1: `Q + c sqrt(ln N / n)`, unvisited children first.
    Ucb1,
    /// Pentobi's: `Q + c P sqrt(N) ln(N + 1) / n`.
    Prior,
}

impl Default for TreeConfig {
    fn default() -> TreeConfig {
        TreeConfig {
            playouts: 20_000,
            children: 16,
            expand_after: 2,
            exploration: 0.4,
            policy: Policy::PENTOBI,
            seed: 0x9E37_79B9,
            children_by: ChildrenBy::Evaluator,
            select: Select::Ucb1,
            prior_temperature: 8.0,
            prior_visits: 0.0,
            rave: 0.0,
            margin_weight: 0.0,
            heavy_plies: 0,
            leaf_playouts: 1,
        }
    }
}

/// One node: the move that led to it and its statistics, for the side that
/// made that move.
#[derive(Clone, Debug)]
struct Node {
    m: Move,
    /// Visits (virtual ones included).
    count: f64,
    /// Summed results (1 a win), for the side that made `m`.
    value: f64,
    /// Real visits.
    visits: u32,
    prior: f64,
    /// Its children's range in the arena, once expanded.
    children: Option<(u32, u32)>,
}

impl Node {
    fn new(m: Move, prior: f64, prior_visits: f64) -> Node {
        Node {
            m,
            count: prior_visits,
            value: prior_visits * 0.5,
            visits: 0,
            prior,
            children: None,
        }
    }

    fn mean(&self) -> f64 {
        if self.count > 0.0 {
            self.value / self.count
        } else {
            0.5
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeOutcome {
    /// The move played: the most visited root child.
    pub best: Move,
    /// The root children: each move, its visits and its mean value (0 to 1).
    pub root: Vec<(Move, u32, f64)>,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The deepest node's depth.
    pub depth: usize,
}

/// A node's children: up to [`TreeConfig::children`] placements (a pass when none).
fn draw_children(
    position: &Position,
    config: &TreeConfig,
    rng: &mut Xorshift32,
) -> Vec<(Move, f64)> {
    if config.children_by != ChildrenBy::Policy {
        let mut scored = super::one_ply::scored(position);
        if scored.is_empty() {
            return vec![(Move::Pass, 1.0)];
        }
        if config.children_by == ChildrenBy::EvaluatorWithoutReach {
            for c in &mut scored {
                c.score -= crate::evaluator::W_REACH as i16
                    * (i16::from(c.features.own_reach) - i16::from(c.features.opp_reach));
            }
        }
        scored.sort_by_key(|c| std::cmp::Reverse(c.score));
        scored.truncate(config.children);
        let top = f64::from(scored[0].score);
        let weights: Vec<f64> = scored
            .iter()
            .map(|c| ((f64::from(c.score) - top) / config.prior_temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        return scored
            .iter()
            .zip(weights)
            .map(|(c, w)| {
                let p = crate::placer::placement_at(c.shape, c.corner).expect("a candidate fits");
                (Move::Place(p), w / total)
            })
            .collect();
    }
    let mut drawn: Vec<Placement> = Vec::new();
    let mut tries = 0;
    while drawn.len() < config.children && tries < 4 * config.children {
        tries += 1;
        match choose(position, &config.policy, rng) {
            None => return vec![(Move::Pass, 1.0)],
            Some(p) if !drawn.contains(&p) => drawn.push(p),
            Some(_) => {}
        }
    }
    let share = 1.0 / drawn.len() as f64;
    drawn.into_iter().map(|p| (Move::Place(p), share)).collect()
}

/// Searches `root` (a position not over).
pub fn search(root: &Position, config: &TreeConfig) -> TreeOutcome {
    let mut rng = Xorshift32(config.seed);
    let mut nodes = vec![Node::new(Move::Pass, 1.0, 0.0)];
    let mut deepest = 0;
    let mut played: Vec<(Player, Placement)> = Vec::new();
    let leaf_playouts = config.leaf_playouts.max(1);
    for _ in 0..config.playouts.div_ceil(leaf_playouts) {
        let mut position = root.clone();
        let mut path = vec![0usize];
        // For each depth, how many placements were played once its move was.
        let mut after = vec![0usize];
        played.clear();
        // Selection and expansion.
        loop {
            let at = *path.last().unwrap();
            if position.is_over() {
                break;
            }
            if nodes[at].children.is_none() {
                if at != 0 && nodes[at].visits < config.expand_after {
                    break;
                }
                let moves = draw_children(&position, config, &mut rng);
                let first = nodes.len() as u32;
                nodes.extend(
                    moves
                        .into_iter()
                        .map(|(m, prior)| Node::new(m, prior, config.prior_visits)),
                );
                nodes[at].children = Some((first, nodes.len() as u32));
            }
            let (first, end) = nodes[at].children.unwrap();
            let parent = nodes[at].count.max(1.0);
            let log = parent.ln();
            let factor = config.exploration * parent.sqrt() * (parent + 1.0).ln();
            let mut best = first as usize;
            let mut best_value = f64::NEG_INFINITY;
            for (i, n) in nodes
                .iter()
                .enumerate()
                .take(end as usize)
                .skip(first as usize)
            {
                let value = match config.select {
                    Select::Ucb1 if n.count == 0.0 => f64::INFINITY,
                    Select::Ucb1 => n.mean() + config.exploration * (log / n.count).sqrt(),
                    Select::Prior => n.mean() + n.prior * factor / n.count.max(1.0),
                };
                if value > best_value {
                    best_value = value;
                    best = i;
                }
            }
            if let Move::Place(p) = nodes[best].m {
                played.push((position.to_move(), p));
            }
            position.play(nodes[best].m);
            path.push(best);
            after.push(played.len());
            if nodes[best].visits == 0 {
                break;
            }
        }
        deepest = deepest.max(path.len() - 1);
        let leaf = position;
        let selected = played.len();
        for _ in 0..leaf_playouts {
            let mut position = leaf.clone();
            played.truncate(selected);
            // Playout and backup.
            for _ in 0..config.heavy_plies {
                if position.is_over() {
                    break;
                }
                let scored = super::one_ply::scored(&position);
                let chosen = scored
                    .iter()
                    .map(|c| (i32::from(c.score) + (rng.draw() & 63) as i32, c))
                    .fold(None, |best: Option<(i32, _)>, (key, c)| match best {
                        Some((k, _)) if k >= key => best,
                        _ => Some((key, c)),
                    })
                    .map(|(_, c)| {
                        crate::placer::placement_at(c.shape, c.corner).expect("a candidate fits")
                    });
                if let Some(p) = chosen {
                    played.push((position.to_move(), p));
                }
                position.play(chosen.map_or(Move::Pass, Move::Place));
            }
            let ending = playout_recorded(&position, &config.policy, &mut rng, &mut played);
            let win = |side: Player| -> f64 {
                let margin = match side {
                    Player::One => ending.margin,
                    Player::Two => -ending.margin,
                };
                let result = match margin.signum() {
                    1 => 1.0,
                    0 => 0.5,
                    _ => 0.0,
                };
                (1.0 - config.margin_weight) * result
                    + config.margin_weight * (0.5 + f64::from(margin) / 178.0)
            };
            nodes[0].count += 1.0;
            nodes[0].visits += 1;
            let mut mover = root.to_move();
            for (depth, &i) in path.iter().enumerate().skip(1) {
                let result = win(mover);
                let n = &mut nodes[i];
                n.count += 1.0;
                n.value += result;
                n.visits += 1;
                // RAVE: the siblings whose move this side played later.
                if config.rave > 0.0 {
                    let parent = path[depth - 1];
                    if nodes[parent].count < 50_000.0 {
                        let (first, end) = nodes[parent].children.unwrap();
                        let later = &played[after[depth]..];
                        let played_later = |m: Move| match m {
                            Move::Place(p) => {
                                later.iter().any(|&(side, q)| side == mover && q == p)
                            }
                            Move::Pass => false,
                        };
                        let hits: Vec<usize> = (first as usize..end as usize)
                            .filter(|&s| {
                                s != i && nodes[s].count <= 2_000.0 && played_later(nodes[s].m)
                            })
                            .collect();
                        for sibling in hits {
                            nodes[sibling].count += config.rave;
                            nodes[sibling].value += config.rave * result;
                        }
                    }
                }
                mover = mover.other();
            }
        }
    }
    let (first, end) = nodes[0].children.expect("the root is expanded");
    let root_children: Vec<(Move, u32, f64)> = (first as usize..end as usize)
        .map(|i| (nodes[i].m, nodes[i].visits, nodes[i].mean()))
        .collect();
    let best = root_children
        .iter()
        .max_by_key(|(_, visits, _)| *visits)
        .map(|&(m, _, _)| m)
        .unwrap_or(Move::Pass);
    TreeOutcome {
        best,
        root: root_children,
        nodes: nodes.len(),
        depth: deepest,
    }
}

/// The tree search as an engine (`light-uct`).
pub struct LightTree {
    config: TreeConfig,
    last: Option<TreeOutcome>,
    name: String,
}

impl LightTree {
    /// An engine searching by `config`, known as `name`.
    pub fn new(name: &str, config: TreeConfig) -> LightTree {
        LightTree {
            config,
            last: None,
            name: name.to_string(),
        }
    }
}

impl Engine for LightTree {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, position: &Position) -> Move {
        if position.is_over() {
            return Move::Pass;
        }
        let legal = position.legal_moves();
        if legal.len() == 1 {
            return legal[0];
        }
        let outcome = search(position, &self.config);
        let m = outcome.best;
        self.last = Some(outcome);
        m
    }

    fn last_info(&self) -> Option<String> {
        self.last.as_ref().map(|o| {
            let best = o.root.iter().max_by_key(|r| r.1).unwrap();
            format!(
                "{} playouts, {} nodes, depth {}, best {} visits at {:.2}",
                self.config.playouts, o.nodes, o.depth, best.1, best.2
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_without_reach_are_the_best_by_cells_and_attach_cells() {
        let games = games::blokus::sensible_games(4, 1, 4);
        let position = &games[0][12];
        let config = TreeConfig {
            children: 8,
            children_by: ChildrenBy::EvaluatorWithoutReach,
            ..TreeConfig::default()
        };
        let drawn = draw_children(position, &config, &mut Xorshift32(1));
        let key = |c: &crate::ordered::Scored| {
            8 * i32::from(c.features.cells) + 2 * i32::from(c.features.own_attach)
                - 2 * i32::from(c.features.opp_attach)
        };
        let mut all = crate::retired::one_ply::scored(position);
        assert!(all.len() > 8);
        all.sort_by_key(|c| std::cmp::Reverse(key(c)));
        let want: Vec<Move> = all[..8]
            .iter()
            .map(|c| Move::Place(crate::placer::placement_at(c.shape, c.corner).unwrap()))
            .collect();
        let got: Vec<Move> = drawn.iter().map(|&(m, _)| m).collect();
        assert_eq!(got, want);
        // The reach changes the order somewhere: the full score's children differ.
        let full = draw_children(
            position,
            &TreeConfig {
                children_by: ChildrenBy::Evaluator,
                ..config
            },
            &mut Xorshift32(1),
        );
        assert_ne!(full.iter().map(|&(m, _)| m).collect::<Vec<_>>(), got);
    }

    #[test]
    fn a_search_plays_a_legal_move_and_spends_every_playout() {
        let config = TreeConfig {
            playouts: 500,
            ..TreeConfig::default()
        };
        let start = Position::new();
        let outcome = search(&start, &config);
        assert!(start.legal_moves().contains(&outcome.best));
        let visits: u32 = outcome.root.iter().map(|r| r.1).sum();
        assert_eq!(visits, 500);
        assert!(outcome.depth >= 2, "{outcome:?}");
    }

    #[test]
    fn leaf_playouts_back_up_every_playout_of_fewer_descents() {
        let one = search(
            &Position::new(),
            &TreeConfig {
                playouts: 480,
                ..TreeConfig::default()
            },
        );
        let eight = search(
            &Position::new(),
            &TreeConfig {
                playouts: 480,
                leaf_playouts: 8,
                ..TreeConfig::default()
            },
        );
        let visits: u32 = eight.root.iter().map(|r| r.1).sum();
        assert_eq!(visits, 480);
        // Every root child's visits come in whole leaves of 8.
        assert!(eight.root.iter().all(|r| r.1 % 8 == 0), "{:?}", eight.root);
        // 60 descents grow a smaller tree than 480.
        assert!(
            eight.nodes < one.nodes,
            "{} against {}",
            eight.nodes,
            one.nodes
        );
    }
}
