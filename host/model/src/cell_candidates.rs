//! Model of `hdl::CellCandidates`: every legal placement of the side to
//! move as a stream of candidates, one a cycle, found by attach cells
//! rather than by a move generator: for each attach cell in cell order, the
//! placements covering it (its (shape, cell) pairs that fit in the 9 x 9
//! window around it, as [`crate::cell_playout`] finds them) that cover no
//! earlier attach cell, in pair order (shape, then the shape's cell). Each
//! legal placement covers an attach cell, so each comes exactly once, at
//! the first attach cell it covers. A candidate is given as the placer's
//! coordinates (shape number, box corner cell index).
//!
//! # Timing
//! Edges are rising clock edges; `start` is taken at edge 1 (the position
//! registered). Attach cell `a` (the `i`-th, from 0) is taken at `T_a`,
//! `T_0 = 2`: NEXT (the lowest
//! attach cell not yet taken), WINDOW, PAIRS, then one EMIT a candidate of
//! it; the next is taken at `T_a + 3 + n_a` for `n_a` candidates. The `j`-th
//! candidate of `a` is presented (`valid` high, `shape`, `corner`) during
//! the cycle after edge `T_a + 3 + j + `[`EMIT_TO_OUTPUT`]; NEXT finds no
//! attach cell left at `T_end` and `done` is high during the cycle after
//! edge `T_end + EMIT_TO_OUTPUT`.

use crate::pairs::cell_pairs;
use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::Position;

/// Edges from an EMIT to its candidate's presentation: the chosen pair
/// registered (and its shape's offsets read from the ROM), then its corner.
pub const EMIT_TO_OUTPUT: usize = 2;
/// The edge of the first NEXT (`start` at edge 1 registers the position).
pub const FIRST_CELL_EDGE: usize = 2;
/// Cycles of an attach cell besides one a candidate: NEXT, WINDOW, PAIRS.
pub const CELL_CYCLES: usize = 3;

/// The most candidates a position is counted to have (the count's width in
/// `hdl::Expander`; Blokus Duo positions have far fewer).
pub const MAX_CANDIDATES: usize = 2047;
/// The most attach cells a side can have: every cell of the board.
pub const MAX_ATTACH_CELLS: usize = 196;
/// The latest edge after which `done` can be high.
pub const MAX_DONE_EDGE: usize =
    FIRST_CELL_EDGE + CELL_CYCLES * MAX_ATTACH_CELLS + MAX_CANDIDATES + EMIT_TO_OUTPUT;

/// Per shape, the index into [`cell_pairs`] of its cell at `(dx, dy)` from
/// its box corner, at `5 dy + dx`.
fn pair_index() -> &'static [[u16; 25]] {
    static INDEX: std::sync::OnceLock<Vec<[u16; 25]>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = vec![[u16::MAX; 25]; SHAPE_COUNT];
        for (i, pair) in cell_pairs().iter().enumerate() {
            index[usize::from(pair.shape)][usize::from(5 * pair.dy + pair.dx)] = i as u16;
        }
        index
    })
}

/// The candidates of the side to move in the stream's order, each with the
/// edge after which it is presented, and the edge after which `done` is.
/// Found placement by placement: each legal placement comes at the first
/// attach cell it covers, after that cell's placements of lower pairs.
pub fn timeline(position: &Position) -> (Vec<(u8, u8, usize)>, usize) {
    let mover = position.to_move();
    let attach = position.attach_cells(mover);
    let shapes = &shape_table().shapes;
    let index = pair_index();
    // (attach cell, pair, shape, box corner) of every legal placement.
    let mut found: Vec<(u8, u16, u8, u8)> = Vec::new();
    for (shape, corners) in position.box_corners_for(mover).iter().enumerate() {
        for corner in corners.cells() {
            let cells = shapes[shape].mask.translated_to(corner);
            let cell = (cells & attach)
                .cells()
                .next()
                .expect("a legal placement covers an attach cell");
            let (dx, dy) = (cell.x() - corner.x(), cell.y() - corner.y());
            let pair = index[shape][usize::from(5 * dy + dx)];
            found.push((cell.index() as u8, pair, shape as u8, corner.index() as u8));
        }
    }
    found.sort_unstable();
    let mut out = Vec::with_capacity(found.len());
    let mut next = found.iter().peekable();
    let mut t = FIRST_CELL_EDGE;
    for cell in attach.cells() {
        let mut n = 0;
        while let Some(&(_, _, shape, corner)) = next.next_if(|f| usize::from(f.0) == cell.index())
        {
            out.push((shape, corner, t + CELL_CYCLES + n + EMIT_TO_OUTPUT));
            n += 1;
        }
        t += CELL_CYCLES + n;
    }
    (out, t + EMIT_TO_OUTPUT)
}

/// The candidates alone, in the stream's order.
pub fn stream(position: &Position) -> Vec<(u8, u8)> {
    timeline(position)
        .0
        .into_iter()
        .map(|(shape, corner, _)| (shape, corner))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell_playout::pair_window;
    use crate::pairs::covering;
    use crate::placer::placement_at;
    use blokus::{Bitboard, Cell};
    use games::blokus::random_games;

    /// The window bits of `cells` around `centre` (bit `9 (v + 4) + (u + 4)`
    /// for the cell `u` columns right and `v` rows down of it).
    fn window(cells: Bitboard, centre: Cell) -> u128 {
        let (cx, cy) = (i32::from(centre.x()), i32::from(centre.y()));
        let mut bits = 0u128;
        for v in -4..=4 {
            for u in -4..=4 {
                let (x, y) = (cx + u, cy + v);
                let inside = (1..=14).contains(&x) && (1..=14).contains(&y);
                if inside && cells.contains(Cell::new(x as u8, y as u8).expect("on the board")) {
                    bits |= 1 << (9 * (v + 4) + (u + 4));
                }
            }
        }
        bits
    }

    /// [`timeline`] as the hardware finds it, attach cell by attach cell:
    /// the pairs that fit around it and cover no earlier attach cell.
    fn timeline_by_cells(position: &Position) -> (Vec<(u8, u8, usize)>, usize) {
        let mover = position.to_move();
        let corners = position.box_corners_for(mover);
        let pairs = cell_pairs();
        let mut taken = Bitboard::EMPTY;
        let mut out = Vec::new();
        let mut t = FIRST_CELL_EDGE;
        for cell in position.attach_cells(mover).cells() {
            let earlier = window(taken, cell);
            let mut n = 0;
            for (i, placement) in covering(&corners, cell) {
                let pair = pairs[i];
                let k = shape_cell(pair.shape, pair.dx, pair.dy);
                if pair_window(usize::from(pair.shape), k) & earlier == 0 {
                    let corner = placement.box_corner().index() as u8;
                    out.push((pair.shape, corner, t + CELL_CYCLES + n + EMIT_TO_OUTPUT));
                    n += 1;
                }
            }
            taken.insert(cell);
            t += CELL_CYCLES + n;
        }
        (out, t + EMIT_TO_OUTPUT)
    }

    /// The index of the cell `(dx, dy)` among shape `shape`'s cells.
    fn shape_cell(shape: u8, dx: u8, dy: u8) -> usize {
        shape_table().shapes[usize::from(shape)]
            .cells
            .iter()
            .position(|&c| c == (dx, dy))
            .expect("the pair's cell is the shape's")
    }

    #[test]
    fn placement_by_placement_is_attach_cell_by_attach_cell() {
        let mut candidates = 0;
        for game in random_games(63, 6) {
            for position in &game {
                let want = timeline_by_cells(position);
                candidates += want.0.len();
                assert_eq!(timeline(position), want, "ply {}", position.plies());
            }
        }
        assert!(candidates > 10_000, "{candidates} candidates");
    }

    #[test]
    fn every_legal_placement_comes_once() {
        let mut positions = 0;
        for game in random_games(61, 8) {
            for position in &game {
                let mut got: Vec<_> = stream(position)
                    .into_iter()
                    .map(|(s, c)| placement_at(s, c).expect("on the board"))
                    .collect();
                let n = got.len();
                got.sort_by_key(|p| (p.shape, p.anchor.index()));
                got.dedup();
                assert_eq!(got.len(), n, "a placement came twice");
                let mut want = position.legal_placements();
                want.sort_by_key(|p| (p.shape, p.anchor.index()));
                assert_eq!(got, want, "ply {}", position.plies());
                positions += 1;
            }
        }
        assert!(positions > 200);
    }

    #[test]
    fn candidates_come_one_a_cycle_after_each_cell_and_done_after_the_last() {
        for game in random_games(62, 3) {
            for position in &game {
                let (out, done) = timeline(position);
                let cells = position.attach_cells(position.to_move()).count() as usize;
                assert_eq!(
                    done,
                    FIRST_CELL_EDGE + CELL_CYCLES * cells + out.len() + EMIT_TO_OUTPUT
                );
                assert!(out.windows(2).all(|w| w[0].2 < w[1].2));
                assert!(out.last().is_none_or(|last| last.2 < done));
            }
        }
    }
}
