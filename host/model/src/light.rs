//! Light playouts: a game played to its end by a cheap random policy of the
//! kind Pentobi's playouts use, shaped so that hardware can follow it with
//! the bit-parallel move generator (every shape's legal placements, a row
//! of anchors a clock) and a pseudo-random generator:
//!
//! 1. The side to move's legal placements, shape by shape (the 91 oriented
//!    shapes of the tile table, in its order). A side without one passes;
//!    two passes in a row, or a side with all 21 tiles placed, end the game.
//! 2. A size class: among the sizes (cells, 1 to 5) that have a legal
//!    placement and the opening rule allows (Pentobi's: a side's first two
//!    placements 5 cells, the third at least 4, the fourth and fifth at least
//!    3; when nothing allowed fits, any size), one drawn with probability in
//!    proportion to its weight ([`Policy::size_weight`]), or the largest
//!    ([`Policy::largest_only`]).
//! 3. A shape of that size with a legal placement, every one alike.
//! 4. One of its legal placements, every one alike; or, with
//!    [`Policy::rows_first`], a row of box corners first (every row holding
//!    one alike), then one of that row's.
//!
//! Each draw takes the next number `x` of a [`Xorshift32`] and maps it to
//! `0..n` (`n` below 2^16) from its high 16 bits, `((x >> 16) * n) >> 16`:
//! one 16 x 16 product in hardware, which draws exactly as this does.

use crate::monte_carlo::Xorshift32;
use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::{Bitboard, Cell, Move, Placement, Player, Position};

/// The playout policy.
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
    /// The placement's row of box corners drawn first, among the rows where
    /// the shape has a legal one, then a corner of that row: the row the
    /// hardware's generator must compute again is then known before it
    /// does, so that it need not scan every row a second time.
    pub rows_first: bool,
    /// An attach cell drawn first, then among the placements that cover
    /// it a size by weight and one of that size (see
    /// [`choose_by_cell`]), instead of a size, a shape and a corner.
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
    /// One of the side's own attach cells next to it: what the hardware's
    /// generator finds when its attach cells are cut to those (a legal
    /// placement covers an attach cell anyway).
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

    /// Every size alike (the shapes still drawn alike, then the anchors).
    pub const UNIFORM: Policy = Policy {
        size_weight: [0, 1, 1, 1, 1, 1],
        opening_sizes: false,
        largest_only: false,
        local: Local::Off,
        rows_first: false,
        cells_first: false,
    };

    /// The largest size that fits, always.
    pub const LARGEST: Policy = Policy {
        size_weight: [0, 1, 1, 1, 1, 1],
        opening_sizes: false,
        largest_only: true,
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

/// A number in `0..n` (`n` below 2^16) from the generator's next draw: its
/// high 16 bits times `n`, shifted down 16.
pub fn draw_below(rng: &mut Xorshift32, n: u32) -> u32 {
    debug_assert!(n < 1 << 16);
    ((rng.draw() >> 16) * n) >> 16
}

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
/// [`Policy::cells_first`] only), which stay so to the playout's end and
/// are not drawn again.
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

/// One entry of the cell-pair table: an oriented shape and one of its cells
/// (its offset from the shape's box corner). A placement covering a cell
/// `a` is exactly one pair placed with its cell on `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPair {
    /// The oriented shape (index into the tile table's shapes).
    pub shape: u8,
    /// Its cells.
    pub size: u8,
    /// The cell's offset from the shape's box corner.
    pub dx: u8,
    pub dy: u8,
}

/// Every (shape, cell) pair: shapes in table order, each shape's cells in
/// its order; 414 in all, grouped by size as the tiles are.
pub fn cell_pairs() -> &'static [CellPair] {
    static PAIRS: std::sync::OnceLock<Vec<CellPair>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs = Vec::new();
        for (s, shape) in shape_table().shapes.iter().enumerate() {
            for &(dx, dy) in &shape.cells {
                pairs.push(CellPair {
                    shape: s as u8,
                    size: shape.tile.size(),
                    dx,
                    dy,
                });
            }
        }
        pairs
    })
}

/// The box corner of `pair` placed with its cell on `cell` (`None` off the
/// board's top or left).
pub fn pair_corner(pair: CellPair, cell: Cell) -> Option<Cell> {
    Cell::new(
        cell.x().checked_sub(pair.dx)?,
        cell.y().checked_sub(pair.dy)?,
    )
}

/// The legal placements covering `cell`, as indices into [`cell_pairs`]
/// with their placements, in table order; `corners`: the mover's legal box
/// corners per shape.
pub fn covering(
    corners: &[Bitboard; SHAPE_COUNT],
    cell: Cell,
) -> impl Iterator<Item = (usize, Placement)> + '_ {
    let table = shape_table();
    cell_pairs()
        .iter()
        .enumerate()
        .filter_map(move |(i, &pair)| {
            let corner = pair_corner(pair, cell)?;
            let shape = usize::from(pair.shape);
            corners[shape].contains(corner).then(|| {
                let shift = table.shapes[shape].anchor_shift() as usize;
                (
                    i,
                    Placement {
                        shape: pair.shape,
                        anchor: Cell::from_index(corner.index() + shift),
                    },
                )
            })
        })
}

/// [`Policy::cells_first`]'s draw: among the side to move's attach cells
/// not yet found `dead` (those next to `local` first, when the policy
/// answers locally and there are some), one drawn alike; then, among the
/// legal placements covering it, a size class drawn as [`choose`] draws it,
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
                let placed = position.occupied() & !before.occupied();
                let last = before
                    .legal_placements()
                    .into_iter()
                    .find(|q| q.cells() == placed);
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
                if let Some(p) = choose(position, &Policy::LARGEST, &mut rng) {
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
                let placed = position.occupied() & !before.occupied();
                let last = before
                    .legal_placements()
                    .into_iter()
                    .find(|q| q.cells() == placed);
                let local = local_cells(position, last);
                let mover = position.to_move();
                let legal = position.legal_placements();
                let mut dead = [Bitboard::EMPTY; 2];
                let chosen = choose_tracked(position, &policy, local, &mut dead, &mut rng);
                // Dead cells are attach cells no legal placement covers.
                for cell in dead[mover.index()].cells() {
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
                let p = choose(position, &policy, &mut rng).unwrap();
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

    #[test]
    fn a_playout_ends_the_game_and_its_margin_is_the_unplaced_difference() {
        let mut rng = Xorshift32(5);
        let ending = playout(&Position::new(), &Policy::PENTOBI, &mut rng);
        assert!(ending.plies >= 20 && ending.plies <= 44, "{ending:?}");
        assert!(ending.margin.abs() <= 89);
    }
}
