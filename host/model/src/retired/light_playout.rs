//! The shapes-first draw of the playout policy, and playouts on a
//! [`Position`] by any [`Policy`]: what `light-uct` ([`super::light_uct`])
//! plays. A shapes-first draw takes its placement among all the legal
//! placements, as a move generator gives them:
//!
//! 1. The side to move's legal placements, shape by shape (the 91 oriented
//!    shapes of the tile table, in its order). A side without one passes;
//!    two passes in a row, or a side with all 21 tiles placed, end the game.
//! 2. A size class among the sizes that have a legal placement
//!    ([`draw_size`], with Pentobi's opening rule).
//! 3. A shape of that size with a legal placement, every one alike.
//! 4. One of its legal placements, every one alike; or, with
//!    [`Policy::rows_first`], a row of box corners first (every row holding
//!    one alike), then one of that row's.
//!
//! With [`Policy::cells_first`], the draw is the board's instead
//! ([`choose_by_cell`]).

use crate::policy::{choose_by_cell, draw_size, local_cells, Local, Policy};
use crate::random::{draw_below, Xorshift32};
use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::{Bitboard, Cell, Move, Placement, Player, Position};

/// A shapes-first policy with every size alike (the shapes still drawn
/// alike, then the anchors).
pub const UNIFORM: Policy = Policy {
    size_weight: [0, 1, 1, 1, 1, 1],
    opening_sizes: false,
    largest_only: false,
    local: Local::Off,
    rows_first: false,
    cells_first: false,
};

/// A shapes-first policy playing the largest size that fits, always.
pub const LARGEST: Policy = Policy {
    size_weight: [0, 1, 1, 1, 1, 1],
    opening_sizes: false,
    largest_only: true,
    local: Local::Off,
    rows_first: false,
    cells_first: false,
};

/// The size of each of the 91 shapes.
fn shape_sizes() -> &'static [u8; SHAPE_COUNT] {
    static SIZES: std::sync::OnceLock<[u8; SHAPE_COUNT]> = std::sync::OnceLock::new();
    SIZES.get_or_init(|| {
        let mut sizes = [0; SHAPE_COUNT];
        for (size, shape) in sizes.iter_mut().zip(&shape_table().shapes) {
            *size = shape.tile.size();
        }
        sizes
    })
}

/// The policy's placement for the side to move of `position` (`None`: it
/// has none and passes); `local`: the cells where it answers locally.
pub fn choose(position: &Position, policy: &Policy, rng: &mut Xorshift32) -> Option<Placement> {
    choose_near(position, policy, Bitboard::EMPTY, rng)
}

/// [`choose`], answering near `local` when the policy does.
pub fn choose_near(
    position: &Position,
    policy: &Policy,
    local: Bitboard,
    rng: &mut Xorshift32,
) -> Option<Placement> {
    choose_tracked(position, policy, local, &mut [Bitboard::EMPTY; 2], rng)
}

/// [`choose_near`] within a playout: `dead` holds, for each side, the
/// attach cells found to have no legal placement covering them (with
/// [`Policy::cells_first`] only, [`choose_by_cell`]), which stay so to the
/// playout's end and are not drawn again. Without it, the shapes-first
/// draw of the module's doc.
pub fn choose_tracked(
    position: &Position,
    policy: &Policy,
    local: Bitboard,
    dead: &mut [Bitboard; 2],
    rng: &mut Xorshift32,
) -> Option<Placement> {
    if policy.cells_first {
        let mover = position.to_move();
        return choose_by_cell(position, policy, local, &mut dead[mover.index()], rng);
    }
    let mover = position.to_move();
    let mut corners = position.box_corners_for(mover);
    let local = match policy.local {
        Local::Off => Bitboard::EMPTY,
        Local::Near => local,
        Local::Attach => local & position.attach_cells(mover),
    };
    if !local.is_empty() {
        let table = shape_table();
        let mut near = corners;
        for (shape, set) in near.iter_mut().enumerate() {
            let mask = table.shapes[shape].mask;
            *set = set
                .cells()
                .filter(|&c| mask.translated_to(c).intersects(local))
                .collect();
        }
        if near.iter().any(|s| !s.is_empty()) {
            corners = near;
        }
    }
    let sizes = shape_sizes();
    let mut present = [false; 6];
    for (shape, set) in corners.iter().enumerate() {
        if !set.is_empty() {
            present[usize::from(sizes[shape])] = true;
        }
    }
    if !present.iter().any(|&p| p) {
        return None;
    }
    let size = draw_size(&present, position.tiles_placed(mover), policy, rng);
    let shapes: Vec<usize> = (0..SHAPE_COUNT)
        .filter(|&s| usize::from(sizes[s]) == size && !corners[s].is_empty())
        .collect();
    let shape = shapes[draw_below(rng, shapes.len() as u32) as usize];
    let mut set: Bitboard = corners[shape];
    if policy.rows_first {
        let mut rows: Vec<u8> = set.cells().map(Cell::y).collect();
        rows.dedup();
        let chosen = rows[draw_below(rng, rows.len() as u32) as usize];
        set = set.cells().filter(|c| c.y() == chosen).collect();
    }
    let nth = draw_below(rng, set.count()) as usize;
    let corner = set.cells().nth(nth).expect("a set bit");
    let table_shape = &shape_table().shapes[shape];
    Some(Placement {
        shape: shape as u8,
        anchor: Cell::from_index(corner.index() + table_shape.anchor_shift() as usize),
    })
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Unplaced cells of player 2 minus player 1's: positive when player 1 wins.
    pub margin: i32,
    /// Moves played (passes included).
    pub plies: u32,
}

impl Ending {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Player> {
        match self.margin.signum() {
            1 => Some(Player::One),
            -1 => Some(Player::Two),
            _ => None,
        }
    }
}

/// Plays `position` to its end by the policy.
pub fn playout(position: &Position, policy: &Policy, rng: &mut Xorshift32) -> Ending {
    playout_recorded(position, policy, rng, &mut Vec::new())
}

/// [`playout`], appending each placement made (with its side) to `moves`.
pub fn playout_recorded(
    position: &Position,
    policy: &Policy,
    rng: &mut Xorshift32,
    moves: &mut Vec<(Player, Placement)>,
) -> Ending {
    let mut position = position.clone();
    let mut plies = 0;
    let mut last: Option<Placement> = None;
    let mut dead = [Bitboard::EMPTY; 2];
    while !position.is_over() {
        let local = local_cells(&position, last);
        let chosen = choose_tracked(&position, policy, local, &mut dead, rng);
        if let Some(p) = chosen {
            moves.push((position.to_move(), p));
        }
        position.play(chosen.map_or(Move::Pass, Move::Place));
        last = chosen;
        plies += 1;
    }
    Ending {
        margin: position.unplaced_cells(Player::Two) as i32
            - position.unplaced_cells(Player::One) as i32,
        plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::random_games;

    #[test]
    fn every_choice_is_legal_and_the_opening_rule_holds() {
        let mut rng = Xorshift32(0x1234_5678);
        for game in random_games(3, 20) {
            for position in game.iter().filter(|p| !p.is_over()) {
                let legal = position.legal_placements();
                match choose(position, &Policy::PENTOBI, &mut rng) {
                    None => assert!(legal.is_empty()),
                    Some(p) => {
                        assert!(legal.contains(&p), "{p:?} is not legal");
                        let placed = position.tiles_placed(position.to_move());
                        let min = Policy::PENTOBI.min_size(placed);
                        let fits = legal.iter().any(|q| q.tile().size() >= min);
                        assert!(!fits || p.tile().size() >= min);
                    }
                }
            }
        }
    }

    #[test]
    fn local_policies_answer_near_the_last_placement_when_they_can() {
        let mut rng = Xorshift32(0x0BAD_CAFE);
        let (mut near_bit, mut attach_bit) = (0, 0);
        for game in random_games(5, 12) {
            for pair in game.windows(2).filter(|w| !w[1].is_over()) {
                let (before, position) = (&pair[0], &pair[1]);
                let last = before.placement_to(position);
                let near = local_cells(position, last);
                let mover = position.to_move();
                let legal = position.legal_placements();
                for (local, cells) in [
                    (Local::Near, near),
                    (Local::Attach, near & position.attach_cells(mover)),
                ] {
                    let policy = Policy {
                        local,
                        ..Policy::PENTOBI
                    };
                    let chosen = choose_near(position, &policy, near, &mut rng);
                    let can = legal.iter().any(|q| q.cells().intersects(cells));
                    if let Some(p) = chosen {
                        assert!(legal.contains(&p));
                        assert!(!can || p.cells().intersects(cells), "{local:?}: {p:?}");
                    }
                    let restricted = legal.iter().any(|q| !q.cells().intersects(cells));
                    let bit = usize::from(can && restricted);
                    match local {
                        Local::Near => near_bit += bit,
                        _ => attach_bit += bit,
                    }
                }
            }
        }
        // The rules bite: many positions where they left some moves out.
        assert!(near_bit > 100 && attach_bit > 50, "{near_bit} {attach_bit}");
    }

    #[test]
    fn the_largest_policy_plays_the_largest_size_that_fits() {
        let mut rng = Xorshift32(99);
        for game in random_games(7, 10) {
            for position in game.iter().filter(|p| !p.is_over()) {
                let legal = position.legal_placements();
                if let Some(p) = choose(position, &LARGEST, &mut rng) {
                    let largest = legal.iter().map(|q| q.tile().size()).max().unwrap();
                    assert_eq!(p.tile().size(), largest);
                }
            }
        }
    }

    #[test]
    fn draws_are_spread_over_every_shape_and_anchor() {
        // From the start, the 5-cell placements that cover (5,5): every one
        // drawn, none far more often than the others' shapes allow.
        let start = Position::new();
        let mut rng = Xorshift32(7);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..20_000 {
            seen.insert(choose(&start, &Policy::PENTOBI, &mut rng).unwrap());
        }
        let five: Vec<_> = start
            .legal_placements()
            .into_iter()
            .filter(|p| p.tile().size() == 5)
            .collect();
        assert_eq!(seen.len(), five.len());
    }

    #[test]
    fn rows_first_draws_each_row_alike_then_a_corner_of_it() {
        let policy = Policy {
            rows_first: true,
            ..Policy::PENTOBI
        };
        // Every choice is still legal.
        let mut rng = Xorshift32(0x5EED);
        for game in random_games(11, 8) {
            for position in game.iter().filter(|p| !p.is_over()) {
                if let Some(p) = choose(position, &policy, &mut rng) {
                    assert!(position.legal_placements().contains(&p), "{p:?}");
                }
            }
        }
        // One shape's corners over several rows with unequal counts: each
        // row is drawn about as often, whatever its count, and every corner
        // comes up.
        let position = random_games(12, 1)[0][14].clone();
        let corners = position.box_corners_for(position.to_move());
        let sizes = shape_sizes();
        let shape = (0..SHAPE_COUNT)
            .filter(|&s| sizes[s] == 1)
            .find(|&s| corners[s].count() >= 3)
            .expect("the monomino fits in several places");
        let one_cell = Policy {
            size_weight: [0, 1, 0, 0, 0, 0],
            opening_sizes: false,
            ..policy
        };
        let row_of = |p: Placement| p.anchor.y();
        let rows: std::collections::BTreeSet<u8> = corners[shape].cells().map(|c| c.y()).collect();
        assert!(rows.len() >= 2, "{rows:?}");
        let per_row: Vec<usize> = rows
            .iter()
            .map(|&r| corners[shape].cells().filter(|c| c.y() == r).count())
            .collect();
        // Rows of unequal counts: a uniform draw over the corners would not
        // give each row the same share.
        assert!(per_row.iter().min() < per_row.iter().max(), "{per_row:?}");
        let mut by_row: std::collections::BTreeMap<u8, usize> = Default::default();
        let mut seen = std::collections::HashSet::new();
        let draws = 12_000;
        for _ in 0..draws {
            let p = choose(&position, &one_cell, &mut rng).unwrap();
            *by_row.entry(row_of(p)).or_insert(0) += 1;
            seen.insert(p);
        }
        assert_eq!(
            by_row
                .keys()
                .copied()
                .collect::<std::collections::BTreeSet<_>>(),
            rows
        );
        let share = draws / rows.len();
        for (row, n) in &by_row {
            assert!(n.abs_diff(share) < share / 8, "row {row}: {n} of {draws}");
        }
        assert_eq!(seen.len(), corners[shape].count() as usize);
    }

    #[test]
    fn a_playout_ends_the_game_and_its_margin_is_the_unplaced_difference() {
        let mut rng = Xorshift32(5);
        let ending = playout(&Position::new(), &Policy::PENTOBI, &mut rng);
        assert!(ending.plies >= 20 && ending.plies <= 44, "{ending:?}");
        assert!(ending.margin.abs() <= 89);
    }

    #[test]
    fn the_engines_run_is_the_playout_of_the_same_draws() {
        use crate::cell_playout::{margin_for_player_one, run, POLICY};
        for seed in [1, 7, 0x9E37_79B9] {
            let position = Position::new();
            let run = run(&position, seed);
            let mut rng = Xorshift32(seed);
            let ending = playout(&position, &POLICY, &mut rng);
            assert_eq!(margin_for_player_one(&run, Player::One), ending.margin);
            assert_eq!(run.plies, ending.plies);
            assert_eq!(run.rng, rng.0);
            assert!(run.placements >= 20);
        }
    }
}
