//! What the board's next search knows of a move before it plays it: the
//! counts its prior is computed from ([`super::prior`]). Each is the number
//! of cells of one of the move's three cell sets that lie in one class of
//! cells of the position, so that a scorer of AND gates and bit counts
//! computes them all for a move a clock, as `hdl::Evaluator` counts its
//! own. They are the features of Pentobi's move priors in Duo
//! (`libpentobi_mcts/PriorKnowledge`), written as counts:
//!
//! - the move's **cells** `C`: how many lie on or next to (by an edge) an
//!   attach cell of the opponent; whether any is *local*, an attach cell of
//!   one of the opponent's last two placements;
//! - its **attach cells** `D` (touching `C` by a corner only) by kind: the
//!   mover's own cell; forbidden to the mover otherwise; free, with 0 to 4
//!   free cells next to it by an edge;
//! - its **edge cells** `E` (touching `C` by an edge) by kind: the
//!   opponent's cell; forbidden to the mover otherwise; an attach cell of
//!   the mover; free otherwise;
//! - its **size**, one of five.
//!
//! "Forbidden to the mover" is [`Position::forbidden`]: occupied, or next
//! to the mover's own cells by an edge; "free" is the rest.

use blokus::{Bitboard, Placement, Position};

/// The number of features.
pub const FEATURES: usize = 18;

/// Each feature's name, for people and for the fitted weights' table.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "cells at the opponent's attach cells",
    "touches a recent opponent placement's attach cell",
    "attach cells on own cells",
    "attach cells otherwise forbidden",
    "attach cells free, 0 free edge neighbours",
    "attach cells free, 1 free edge neighbour",
    "attach cells free, 2 free edge neighbours",
    "attach cells free, 3 free edge neighbours",
    "attach cells free, 4 free edge neighbours",
    "edge cells on opponent cells",
    "edge cells otherwise forbidden",
    "edge cells on own attach cells",
    "edge cells free",
    "size 1",
    "size 2",
    "size 3",
    "size 4",
    "size 5",
];

/// One move's feature counts, in [`FEATURE_NAMES`]' order.
pub type Counts = [u8; FEATURES];

/// The cell classes of one position for its side to move: computed once a
/// node, then ANDed with each move's cell sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classes {
    /// The opponent's attach cells, and the cells next to them by an edge
    /// that are free to the opponent.
    pub opponent_near: Bitboard,
    /// The attach cells (free to the opponent) of the opponent's last two
    /// placements.
    pub local: Bitboard,
    /// The mover's cells.
    pub own: Bitboard,
    /// The opponent's cells.
    pub opponent: Bitboard,
    /// The cells forbidden to the mover ([`Position::forbidden`]).
    pub forbidden: Bitboard,
    /// The mover's attach cells ([`Position::attach_cells`]).
    pub own_attach: Bitboard,
    /// The cells free to the mover by how many of their edge neighbours
    /// are free to it too.
    pub free_by_neighbours: [Bitboard; 5],
}

impl Classes {
    /// The classes of `position` for its side to move; `recent` are the
    /// opponent's last placements known (the latest first; at most two are
    /// read).
    pub fn of(position: &Position, recent: &[Placement]) -> Classes {
        let me = position.to_move();
        let them = me.other();
        let forbidden = position.forbidden(me);
        let their_free = !position.forbidden(them) & Bitboard::FULL;
        let their_attach = position.attach_cells(them);
        let local = recent
            .iter()
            .take(2)
            .map(|p| attach_cells(p.cells()))
            .fold(Bitboard::EMPTY, |a, b| a | b)
            & their_free;
        Classes {
            opponent_near: their_attach | (their_attach.edge_neighbours() & their_free),
            local,
            own: position.cells(me),
            opponent: position.cells(them),
            forbidden,
            own_attach: position.attach_cells(me),
            free_by_neighbours: by_free_neighbours(!forbidden & Bitboard::FULL),
        }
    }

    /// The feature counts of placing `placement` (legal for the side to move).
    pub fn counts(&self, placement: Placement) -> Counts {
        let [cells, edges, attach] = cell_sets(placement);
        let n = |set: Bitboard| set.count() as u8;
        let mut counts = [0u8; FEATURES];
        counts[0] = n(cells & self.opponent_near);
        counts[1] = u8::from(cells.intersects(self.local));
        counts[2] = n(attach & self.own);
        counts[3] = n(attach & self.forbidden & !self.own);
        for (k, class) in self.free_by_neighbours.iter().enumerate() {
            counts[4 + k] = n(attach & *class);
        }
        counts[9] = n(edges & self.opponent);
        counts[10] = n(edges & self.forbidden & !self.opponent);
        counts[11] = n(edges & self.own_attach);
        counts[12] = n(edges & !self.forbidden & !self.own_attach);
        counts[12 + usize::from(placement.tile().size())] = 1;
        counts
    }
}

/// A placement's cells, the cells touching them by an edge, and its attach
/// cells (from a table built once: every shape at every box corner).
fn cell_sets(placement: Placement) -> [Bitboard; 3] {
    static TABLE: std::sync::OnceLock<Vec<[Bitboard; 3]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let shapes = &blokus::tiles::shape_table().shapes;
        let mut table = vec![[Bitboard::EMPTY; 3]; shapes.len() * 196];
        for (s, shape) in shapes.iter().enumerate() {
            for corner in 0..196 {
                let (x, y) = (corner % 14, corner / 14);
                if x + usize::from(shape.width) > 14 || y + usize::from(shape.height) > 14 {
                    continue;
                }
                let cells = shape.mask.translated_to(blokus::Cell::from_index(corner));
                table[s * 196 + corner] =
                    [cells, cells.edge_neighbours() & !cells, attach_cells(cells)];
            }
        }
        table
    });
    table[usize::from(placement.shape) * 196 + placement.box_corner().index()]
}

/// The cells touching `cells` by a corner only.
pub fn attach_cells(cells: Bitboard) -> Bitboard {
    cells.diagonal_neighbours() & !cells.edge_neighbours() & !cells
}

/// `free` split by how many edge neighbours of each cell are in `free`
/// (0 to 4): four one-bit counts added bit-parallel.
fn by_free_neighbours(free: Bitboard) -> [Bitboard; 5] {
    let directions = neighbour_directions(free);
    let mut ones = Bitboard::EMPTY;
    let mut twos = Bitboard::EMPTY;
    let mut fours = Bitboard::EMPTY;
    for d in directions {
        // A half adder a bit: the sum bit is (a | b) & !(a & b).
        let carry = ones & d;
        ones = (ones | d) & !carry;
        let carry2 = twos & carry;
        twos = (twos | carry) & !carry2;
        fours |= carry2;
    }
    std::array::from_fn(|n| {
        let bit = |set: Bitboard, on: bool| if on { set } else { !set };
        free & bit(ones, n & 1 == 1) & bit(twos, n & 2 == 2) & bit(fours, n & 4 == 4)
    })
}

/// For each of the four edge directions, the cells whose neighbour that
/// way lies in `set`.
fn neighbour_directions(set: Bitboard) -> [Bitboard; 4] {
    // A cell's right neighbour is in `set` when the cell is `set` moved one
    // left, within its row; the other directions likewise.
    let row = blokus::SIZE as u32;
    [
        (set & !Bitboard::LEFT).shr_small(1),
        (set & !Bitboard::RIGHT).shl_small(1),
        set.shr_small(row),
        set.shl_small(row),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use blokus::{Cell, Move};

    /// The counts by the definitions, cell by cell.
    fn counts_by_cells(position: &Position, recent: &[Placement], placement: Placement) -> Counts {
        let me = position.to_move();
        let them = me.other();
        let forbidden = position.forbidden(me);
        let their_forbidden = position.forbidden(them);
        let their_attach = position.attach_cells(them);
        let on_board = |x: i32, y: i32| (1..=14).contains(&x) && (1..=14).contains(&y);
        let at = |x: i32, y: i32| Cell::new(x as u8, y as u8).expect("on the board");
        let edge = |c: Cell| -> Vec<Cell> {
            [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|(dx, dy)| (i32::from(c.x()) + dx, i32::from(c.y()) + dy))
                .filter(|&(x, y)| on_board(x, y))
                .map(|(x, y)| at(x, y))
                .collect()
        };
        let corner = |c: Cell| -> Vec<Cell> {
            [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                .iter()
                .map(|(dx, dy)| (i32::from(c.x()) + dx, i32::from(c.y()) + dy))
                .filter(|&(x, y)| on_board(x, y))
                .map(|(x, y)| at(x, y))
                .collect()
        };
        let cells: Vec<Cell> = placement.cells().cells().collect();
        let in_move = |c: &Cell| cells.contains(c);
        let mut edges: Vec<Cell> = cells
            .iter()
            .flat_map(|&c| edge(c))
            .filter(|c| !in_move(c))
            .collect();
        edges.sort_by_key(|c| c.index());
        edges.dedup();
        let mut attach: Vec<Cell> = cells
            .iter()
            .flat_map(|&c| corner(c))
            .filter(|c| !in_move(c) && !edges.contains(c))
            .collect();
        attach.sort_by_key(|c| c.index());
        attach.dedup();
        let local: Vec<Cell> = recent
            .iter()
            .take(2)
            .flat_map(|p| {
                let own: Vec<Cell> = p.cells().cells().collect();
                own.iter()
                    .flat_map(|&c| corner(c))
                    .filter(|c| !own.contains(c) && !own.iter().any(|&o| edge(o).contains(c)))
                    .collect::<Vec<_>>()
            })
            .filter(|&c| !their_forbidden.contains(c))
            .collect();
        let near_them = |c: Cell| {
            their_attach.contains(c)
                || (!their_forbidden.contains(c)
                    && edge(c).iter().any(|&e| their_attach.contains(e)))
        };
        let mut counts = [0u8; FEATURES];
        counts[0] = cells.iter().filter(|&&c| near_them(c)).count() as u8;
        counts[1] = u8::from(cells.iter().any(|c| local.contains(c)));
        for &d in &attach {
            if position.cells(me).contains(d) {
                counts[2] += 1;
            } else if forbidden.contains(d) {
                counts[3] += 1;
            } else {
                let free = edge(d).iter().filter(|&&e| !forbidden.contains(e)).count();
                counts[4 + free] += 1;
            }
        }
        for &e in &edges {
            if position.cells(them).contains(e) {
                counts[9] += 1;
            } else if forbidden.contains(e) {
                counts[10] += 1;
            } else if position.attach_cells(me).contains(e) {
                counts[11] += 1;
            } else {
                counts[12] += 1;
            }
        }
        counts[12 + usize::from(placement.tile().size())] = 1;
        counts
    }

    #[test]
    fn the_counts_are_the_definitions_cell_by_cell_on_random_games() {
        let mut compared = 0;
        for game in ::games::blokus::random_games(7, 6) {
            // Each placement made so far, with its player, the latest last.
            let mut made: Vec<(blokus::Player, Placement)> = Vec::new();
            for (ply, position) in game.iter().enumerate() {
                let them = position.to_move().other();
                let recent: Vec<Placement> = made
                    .iter()
                    .rev()
                    .filter(|(p, _)| *p == them)
                    .map(|&(_, m)| m)
                    .collect();
                let classes = Classes::of(position, &recent);
                for placement in position.legal_placements().into_iter().step_by(5) {
                    assert_eq!(
                        classes.counts(placement),
                        counts_by_cells(position, &recent, placement),
                        "ply {ply}, {placement:?}"
                    );
                    compared += 1;
                }
                if let Some(next) = game.get(ply + 1) {
                    let mover = position.to_move();
                    let added = next.cells(mover) & !position.cells(mover);
                    let m = position
                        .legal_moves()
                        .into_iter()
                        .find(|m| match m {
                            Move::Place(p) => p.cells() == added,
                            Move::Pass => added.is_empty(),
                        })
                        .expect("the move between two positions of a game");
                    if let Move::Place(p) = m {
                        made.push((mover, p));
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
