//! The playout policy: how a playout draws each move, a cheap random
//! policy of the kind Pentobi's playouts use ([`Policy`]). The board's
//! playout engine (`crate::cell_playout`) draws by an attach cell first
//! ([`choose_by_cell`]), which needs no move generator:
//!
//! 1. An attach cell of the side to move, every one alike; with
//!    [`Policy::local`], those next to the opponent's last placement
//!    ([`local_cells`]) first, when there are some. A cell that no legal
//!    placement covers is dead: it is set aside and another drawn. No cell
//!    left: a pass.
//! 2. Among the legal placements covering the cell, a size class ([`draw_size`]):
//!    among the sizes (cells, 1 to 5) that the opening rule allows
//!    (Pentobi's: a side's first two placements 5 cells, the third at
//!    least 4, the fourth and fifth at least 3; when nothing allowed fits,
//!    any size), one drawn with probability in proportion to its weight
//!    ([`Policy::size_weight`]), or the largest ([`Policy::largest_only`]).
//! 3. A shape of that size, every one alike (in shape order).
//! 4. One of that shape's placements covering the cell, every one alike.
//!
//! Each draw takes the next number of the generator
//! ([`crate::random::draw_below`]).

use crate::pairs::{cell_pairs, covering};
use crate::random::{draw_below, Xorshift32};
use blokus::{Bitboard, Placement, Position};

/// The playout policy's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The weight of each size class (index: cells, 1 to 5; index 0 unused).
    pub size_weight: [u32; 6],
    /// Pentobi's opening rule on sizes (see the module's doc).
    pub opening_sizes: bool,
    /// Only the largest size that fits (the weights then do not matter).
    pub largest_only: bool,
    /// Whether and how to answer near the opponent's last placement.
    pub local: Local,
    /// In a shapes-first draw (without [`Policy::cells_first`]), the
    /// placement's row of box corners drawn first, among the rows where the
    /// shape has a legal one, then a corner of that row.
    pub rows_first: bool,
    /// An attach cell drawn first, then among the placements that cover
    /// it a size by weight and one of that size ([`choose_by_cell`]: the
    /// board's draw), instead of a size, a shape and a corner among all the
    /// legal placements (a shapes-first draw).
    pub cells_first: bool,
}

/// Answering near the opponent's last placement: when some legal placement
/// covers one of the cells below, only those are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Local {
    /// Never.
    Off,
    /// Pentobi's: a free cell next to it (by edge or corner).
    Near,
    /// One of the side's own attach cells next to it (a legal placement
    /// covers an attach cell anyway): the board's.
    Attach,
}

impl Policy {
    /// Pentobi's weights by size in Duo (3 to the size, as integers).
    pub const PENTOBI: Policy = Policy {
        size_weight: [0, 1, 3, 9, 27, 81],
        opening_sizes: true,
        largest_only: false,
        local: Local::Off,
        rows_first: false,
        cells_first: false,
    };

    /// The smallest size a side's `placed`-th placement (0-based) may have
    /// under the opening rule.
    pub fn min_size(&self, placed: usize) -> u8 {
        match (self.opening_sizes, placed) {
            (false, _) => 1,
            (true, 0 | 1) => 5,
            (true, 2) => 4,
            (true, 3 | 4) => 3,
            (true, _) => 1,
        }
    }
}

impl Default for Policy {
    fn default() -> Policy {
        Policy::PENTOBI
    }
}

/// The cells next to `last` (by edge or corner) that are free in `position`:
/// where the policy answers locally.
pub fn local_cells(position: &Position, last: Option<Placement>) -> Bitboard {
    match last {
        None => Bitboard::EMPTY,
        Some(p) => {
            let cells = p.cells();
            (cells.edge_neighbours() | cells.diagonal_neighbours()) & !position.occupied()
        }
    }
}

/// A size class drawn by [`Policy::size_weight`] among those `present`
/// (index: cells) that the opening rule allows a side with `placed` tiles
/// placed (all present ones when it allows none), or the largest with
/// [`Policy::largest_only`].
pub fn draw_size(
    present: &[bool; 6],
    placed: usize,
    policy: &Policy,
    rng: &mut Xorshift32,
) -> usize {
    let min = policy.min_size(placed);
    let allowed = |size: usize| present[size] && size >= usize::from(min);
    let sizes_ok: Vec<usize> = if (1..=5).any(allowed) {
        (1..=5).filter(|&s| allowed(s)).collect()
    } else {
        (1..=5).filter(|&s| present[s]).collect()
    };
    let sizes_ok = if policy.largest_only {
        vec![sizes_ok[sizes_ok.len() - 1]]
    } else {
        sizes_ok
    };
    let total: u32 = sizes_ok.iter().map(|&s| policy.size_weight[s]).sum();
    let mut pick = draw_below(rng, total);
    for &s in &sizes_ok {
        if pick < policy.size_weight[s] {
            return s;
        }
        pick -= policy.size_weight[s];
    }
    sizes_ok[sizes_ok.len() - 1]
}

/// [`Policy::cells_first`]'s draw: among the side to move's attach cells
/// not yet found `dead` (those next to `local` first, when the policy
/// answers locally and there are some), one drawn alike; then, among the
/// legal placements covering it, a size class ([`draw_size`]),
/// a shape of that size alike (in shape order) and one of that shape's
/// placements covering the cell alike (in the order of the shape's cells).
/// A cell that no legal placement covers joins `dead` and another is
/// drawn; no cell left: a pass. A placement covering several attach cells
/// can be drawn from each of them, so those are favoured, as Pentobi's
/// weights favour them.
pub fn choose_by_cell(
    position: &Position,
    policy: &Policy,
    local: Bitboard,
    dead: &mut Bitboard,
    rng: &mut Xorshift32,
) -> Option<Placement> {
    let mover = position.to_move();
    let corners = position.box_corners_for(mover);
    let attach = position.attach_cells(mover);
    let placed = position.tiles_placed(mover);
    let pairs = cell_pairs();
    loop {
        let live = attach & !*dead;
        let near = match policy.local {
            Local::Off => Bitboard::EMPTY,
            Local::Near | Local::Attach => live & local,
        };
        let from = if near.is_empty() { live } else { near };
        if from.is_empty() {
            return None;
        }
        let nth = draw_below(rng, from.count()) as usize;
        let cell = from.cells().nth(nth).expect("a set bit");
        let legal: Vec<(usize, Placement)> = covering(&corners, cell).collect();
        if legal.is_empty() {
            dead.insert(cell);
            continue;
        }
        let mut present = [false; 6];
        for &(i, _) in &legal {
            present[usize::from(pairs[i].size)] = true;
        }
        let size = draw_size(&present, placed, policy, rng);
        let mut shapes: Vec<u8> = legal
            .iter()
            .filter(|&&(i, _)| usize::from(pairs[i].size) == size)
            .map(|&(i, _)| pairs[i].shape)
            .collect();
        shapes.dedup();
        let shape = shapes[draw_below(rng, shapes.len() as u32) as usize];
        let of_shape: Vec<Placement> = legal
            .iter()
            .filter(|&&(i, _)| pairs[i].shape == shape)
            .map(|&(_, p)| p)
            .collect();
        return Some(of_shape[draw_below(rng, of_shape.len() as u32) as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blokus::Cell;
    use games::blokus::random_games;

    #[test]
    fn cells_first_draws_legal_placements_near_the_last_one_when_it_can() {
        let policy = Policy {
            cells_first: true,
            local: Local::Attach,
            ..Policy::PENTOBI
        };
        let mut rng = Xorshift32(0xCE11_5EED);
        let mut near_bit = 0;
        for game in random_games(13, 12) {
            for pair in game.windows(2).filter(|w| !w[1].is_over()) {
                let (before, position) = (&pair[0], &pair[1]);
                let last = before.placement_to(position);
                let local = local_cells(position, last);
                let mover = position.to_move();
                let legal = position.legal_placements();
                let mut dead = Bitboard::EMPTY;
                let chosen = choose_by_cell(position, &policy, local, &mut dead, &mut rng);
                // Dead cells are attach cells no legal placement covers.
                for cell in dead.cells() {
                    assert!(position.attach_cells(mover).contains(cell));
                    assert!(!legal.iter().any(|q| q.cells().contains(cell)));
                }
                let near = local & position.attach_cells(mover);
                let can = legal.iter().any(|q| q.cells().intersects(near));
                match chosen {
                    None => assert!(legal.is_empty()),
                    Some(p) => {
                        assert!(legal.contains(&p), "{p:?} is not legal");
                        assert!(!can || p.cells().intersects(near), "{p:?} is not near");
                        near_bit +=
                            usize::from(can && legal.iter().any(|q| !q.cells().intersects(near)));
                    }
                }
            }
        }
        assert!(near_bit > 50, "{near_bit}");
    }

    #[test]
    fn cells_first_draws_each_placement_as_often_as_its_cells_give() {
        // From ply 10 of three games: each legal placement is drawn as often
        // as the sum over the attach cells it covers of the cell's share,
        // its size's share there, its shape's and its own (within 6 sigma).
        let policy = Policy {
            cells_first: true,
            opening_sizes: false,
            ..Policy::PENTOBI
        };
        let pairs = cell_pairs();
        let mut rng = Xorshift32(77);
        for game in random_games(3, 3) {
            let position = &game[10];
            let draws = 100_000;
            let mut seen: std::collections::HashMap<Placement, usize> = Default::default();
            for _ in 0..draws {
                let mut dead = Bitboard::EMPTY;
                let p = choose_by_cell(position, &policy, Bitboard::EMPTY, &mut dead, &mut rng)
                    .expect("a placement");
                *seen.entry(p).or_default() += 1;
            }
            let mover = position.to_move();
            let corners = position.box_corners_for(mover);
            let live: Vec<Cell> = position
                .attach_cells(mover)
                .cells()
                .filter(|&a| covering(&corners, a).next().is_some())
                .collect();
            let mut expected: std::collections::HashMap<Placement, f64> = Default::default();
            for &a in &live {
                let legal: Vec<(usize, Placement)> = covering(&corners, a).collect();
                let weight = |size: u8| f64::from(policy.size_weight[usize::from(size)]);
                let mut sizes: Vec<u8> = legal.iter().map(|&(i, _)| pairs[i].size).collect();
                sizes.dedup();
                let total: f64 = sizes.iter().map(|&z| weight(z)).sum();
                for &(i, p) in &legal {
                    let size = pairs[i].size;
                    let mut shapes: Vec<u8> = legal
                        .iter()
                        .filter(|&&(j, _)| pairs[j].size == size)
                        .map(|&(j, _)| pairs[j].shape)
                        .collect();
                    shapes.dedup();
                    let of_shape = legal
                        .iter()
                        .filter(|&&(j, _)| pairs[j].shape == pairs[i].shape)
                        .count();
                    *expected.entry(p).or_default() += weight(size)
                        / total
                        / shapes.len() as f64
                        / of_shape as f64
                        / live.len() as f64;
                }
            }
            assert_eq!(expected.len(), position.legal_placements().len());
            for (p, share) in &expected {
                let want = share * draws as f64;
                let got = *seen.get(p).unwrap_or(&0) as f64;
                let sigma = (want * (1.0 - share)).sqrt().max(1.0);
                assert!(
                    (got - want).abs() < 6.0 * sigma,
                    "{p:?}: {got} drawn, {want:.1} expected"
                );
            }
        }
    }
}
