//! A Monte Carlo tree search over light playouts ([`crate::light`]), in the
//! shape the board can hold in block RAM: every node keeps at most
//! [`TreeConfig::children`] children, drawn by the playout policy when the
//! node has been visited [`TreeConfig::expand_after`] times; selection by
//! UCB1 (unvisited children first, in the order drawn); each playout's
//! result (win 2, draw 1, loss 0, for the side that made each move on the
//! path) backed up to the root; the most visited root move played.

use crate::light::{choose, playout, Policy};
use crate::monte_carlo::Xorshift32;
use blokus::{Engine, Move, Placement, Position};

/// How the tree searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeConfig {
    /// Playouts a move.
    pub playouts: u32,
    /// Children a node keeps (drawn by the policy, distinct).
    pub children: usize,
    /// Visits a leaf takes before it is expanded.
    pub expand_after: u32,
    /// UCB1's exploration constant (on values from 0 to 1).
    pub exploration: f64,
    /// The playout policy, which also draws the children.
    pub policy: Policy,
    /// The generator's state at the start of every search.
    pub seed: u32,
    /// How a node's children are chosen.
    pub children_by: ChildrenBy,
}

/// How a node's children are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildrenBy {
    /// Drawn by the playout policy, distinct, in the order drawn.
    Policy,
    /// The evaluator's best (`model::evaluator`, as the one-ply core scores
    /// them), highest first, ties in hardware order.
    Evaluator,
}

impl Default for TreeConfig {
    fn default() -> TreeConfig {
        TreeConfig {
            playouts: 20_000,
            children: 32,
            expand_after: 2,
            exploration: 0.4,
            policy: Policy::PENTOBI,
            seed: 0x9E37_79B9,
            children_by: ChildrenBy::Policy,
        }
    }
}

/// One node: the move that led to it and its statistics, for the side that
/// made that move.
#[derive(Clone, Debug)]
struct Node {
    m: Move,
    visits: u32,
    /// 2 a win, 1 a draw, for the side that made `m`.
    score: u64,
    /// Its children's range in the arena, once expanded.
    children: Option<(u32, u32)>,
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
fn draw_children(position: &Position, config: &TreeConfig, rng: &mut Xorshift32) -> Vec<Move> {
    if config.children_by == ChildrenBy::Evaluator {
        let mut scored = crate::one_ply::scored(position);
        if scored.is_empty() {
            return vec![Move::Pass];
        }
        scored.sort_by_key(|c| std::cmp::Reverse(c.score));
        return scored
            .iter()
            .take(config.children)
            .map(|c| {
                Move::Place(
                    crate::placer::placement_at(c.shape, c.corner).expect("a candidate fits"),
                )
            })
            .collect();
    }
    let mut drawn: Vec<Placement> = Vec::new();
    let mut tries = 0;
    while drawn.len() < config.children && tries < 4 * config.children {
        tries += 1;
        match choose(position, &config.policy, rng) {
            None => return vec![Move::Pass],
            Some(p) if !drawn.contains(&p) => drawn.push(p),
            Some(_) => {}
        }
    }
    drawn.into_iter().map(Move::Place).collect()
}

/// Searches `root` (a position not over).
pub fn search(root: &Position, config: &TreeConfig) -> TreeOutcome {
    let mut rng = Xorshift32(config.seed);
    let mut nodes = vec![Node {
        m: Move::Pass,
        visits: 0,
        score: 0,
        children: None,
    }];
    let mut deepest = 0;
    for _ in 0..config.playouts {
        let mut position = root.clone();
        let mut path = vec![0usize];
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
                nodes.extend(moves.into_iter().map(|m| Node {
                    m,
                    visits: 0,
                    score: 0,
                    children: None,
                }));
                nodes[at].children = Some((first, nodes.len() as u32));
            }
            let (first, end) = nodes[at].children.unwrap();
            let parent_visits = f64::from(nodes[at].visits.max(1));
            let log = parent_visits.ln();
            let mut best = first as usize;
            let mut best_value = f64::NEG_INFINITY;
            for (i, n) in nodes
                .iter()
                .enumerate()
                .take(end as usize)
                .skip(first as usize)
            {
                let value = if n.visits == 0 {
                    f64::INFINITY
                } else {
                    let v = f64::from(n.visits);
                    n.score as f64 / (2.0 * v) + config.exploration * (log / v).sqrt()
                };
                if value > best_value {
                    best_value = value;
                    best = i;
                }
            }
            position.play(nodes[best].m);
            path.push(best);
            if nodes[best].visits == 0 {
                break;
            }
        }
        deepest = deepest.max(path.len() - 1);
        // Playout and backup.
        let ending = playout(&position, &config.policy, &mut rng);
        let winner = ending.winner();
        let mut mover = root.to_move();
        nodes[0].visits += 1;
        for &i in &path[1..] {
            let n = &mut nodes[i];
            n.visits += 1;
            n.score += match winner {
                Some(w) if w == mover => 2,
                None => 1,
                Some(_) => 0,
            };
            mover = mover.other();
        }
    }
    let (first, end) = nodes[0].children.expect("the root is expanded");
    let root_children: Vec<(Move, u32, f64)> = (first as usize..end as usize)
        .map(|i| {
            let n = &nodes[i];
            let mean = if n.visits == 0 {
                0.0
            } else {
                n.score as f64 / (2.0 * f64::from(n.visits))
            };
            (n.m, n.visits, mean)
        })
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
}
