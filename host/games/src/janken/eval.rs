//! Janken shogi evaluations for the side to move: ours (material, the race
//! to the goals, what each side's cubes can capture or reach within a turn
//! by the janken relation and the rolls) and a simple one for the greedy
//! player (material and distance only).

use super::cube::State;
use super::position::{distance, goal, in_home, neighbour, Position};
use crate::game::Side;
use crate::search::{Evaluator, WIN};

/// What one side's cubes can do within `actions` steps of one cube each:
/// the opponent's cubes they can capture (a mask of cells) and whether one
/// can reach the goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub captures: u64,
    pub goal: bool,
}

/// The reach of `side`'s cubes when it has `actions` steps (the board as it
/// stands: the other cubes do not move).
pub fn reach(position: &Position, side: Side, actions: usize) -> Reach {
    let mut found = Reach::default();
    let funbari = actions == 3;
    for (cell, state) in position.cubes_of(side) {
        walk(
            position, side, funbari, cell, cell, state, actions, &mut found,
        );
    }
    found
}

#[allow(clippy::too_many_arguments)]
fn walk(
    position: &Position,
    side: Side,
    funbari: bool,
    origin: u8,
    at: u8,
    state: State,
    left: usize,
    found: &mut Reach,
) {
    for direction in 0..4 {
        let Some(to) = neighbour(at, direction) else {
            continue;
        };
        if to == origin || (!funbari && !in_home(side, at) && in_home(side, to)) {
            continue;
        }
        let next = match position.cube(to) {
            Some(cube) if cube.owner == side => continue,
            Some(cube) if cube.owner != side => {
                if !state.top().beats(cube.state.top()) {
                    continue;
                }
                found.captures |= 1 << to;
                state
            }
            _ if direction < 2 => state.rolled_vertically(),
            _ => state.rolled_horizontally(),
        };
        if to == goal(side) {
            found.goal = true;
        }
        if left > 1 {
            walk(position, side, funbari, origin, to, next, left - 1, found);
        }
    }
}

/// The exact result of a finished game for the side to move.
pub fn result(position: &Position) -> Option<i32> {
    position.winner().map(|winner| {
        if winner == position.side_to_move() {
            WIN
        } else {
            -WIN
        }
    })
}

/// How far `side`'s cubes are from its goal: the nearest, and the sum of
/// `10 - distance` over its cubes (more cubes, further on: more).
fn race(position: &Position, side: Side) -> (i32, i32) {
    let target = goal(side);
    position
        .cubes_of(side)
        .fold((10, 0), |(nearest, advance), (cell, _)| {
            let d = distance(cell, target) as i32;
            (nearest.min(d), advance + 10 - d)
        })
}

/// What both evaluations weigh, for the side to move against the other:
/// cubes more, how much nearer its nearest cube is to its goal, and the
/// advance of all its cubes more.
struct Balance {
    material: i32,
    nearer: i32,
    advance: i32,
}

impl Balance {
    fn of(position: &Position) -> Balance {
        let me = position.side_to_move();
        let them = me.other();
        let (my_nearest, my_advance) = race(position, me);
        let (their_nearest, their_advance) = race(position, them);
        Balance {
            material: position.count(me) as i32 - position.count(them) as i32,
            nearer: their_nearest - my_nearest,
            advance: my_advance - their_advance,
        }
    }
}

/// Our evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrongEvaluation;

impl Evaluator<Position> for StrongEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        if let Some(score) = result(position) {
            return score;
        }
        let b = Balance::of(position);
        let (me, them) = (position.side_to_move(), position.side_to_move().other());
        let mut score = 1000 * b.material + 40 * b.nearer + 8 * b.advance;
        if position.in_play() {
            let mine = reach(position, me, position.actions(me));
            let theirs = reach(position, them, position.actions(them));
            if mine.goal {
                score += 20_000;
            } else if theirs.goal {
                score -= 3_000;
            }
            score += 450 * (mine.captures.count_ones().min(2) as i32);
            score -= 300 * (theirs.captures.count_ones().min(2) as i32);
        }
        score
    }
}

/// The greedy player's evaluation: material, then the nearest cube's distance.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimpleEvaluation;

impl Evaluator<Position> for SimpleEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        if let Some(score) = result(position) {
            return score;
        }
        let b = Balance::of(position);
        1000 * b.material + 20 * b.nearer
    }
}
