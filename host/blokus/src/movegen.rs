//! Legal-move generation on bitboards: for every oriented shape of a tile the
//! player still holds, the set of places where it fits (all cells allowed) and
//! attaches (some cell on an attach cell), computed with whole-board shifts.
//!
//! For a shape with cells at offsets `k = 14*dy + dx` from its bounding box's
//! corner, the box corners where it may go are
//! `fitting_corners & AND_k(allowed >> k) & OR_k(attach >> k)`. Within
//! `fitting_corners` no shifted bit crosses a row end, so the dense 14-wide
//! layout needs no guard columns.

use crate::bitboard::Bitboard;
use crate::cell::Cell;
use crate::position::{Move, Placement, Player, Position};
use crate::tiles::{shape_table, Shape, ShapeId, SHAPE_COUNT};

/// The allowed and attach masks of the side to move, pre-shifted by every offset of a 5x5 box.
struct ShiftedMasks {
    allowed: [Bitboard; 25],
    attach: [Bitboard; 25],
}

impl ShiftedMasks {
    fn new(position: &Position, player: Player) -> ShiftedMasks {
        let allowed = !position.forbidden(player);
        let attach = position.attach_cells(player);
        let mut masks = ShiftedMasks {
            allowed: [Bitboard::EMPTY; 25],
            attach: [Bitboard::EMPTY; 25],
        };
        for dy in 0..5 {
            for dx in 0..5 {
                let k = 14 * dy + dx;
                masks.allowed[(dy * 5 + dx) as usize] = allowed.shr_small(k);
                masks.attach[(dy * 5 + dx) as usize] = attach.shr_small(k);
            }
        }
        masks
    }

    /// Bounding-box corners at which `shape` may legally go.
    #[inline(always)]
    fn corners(&self, shape: &Shape) -> Bitboard {
        let mut fits = shape.fitting_corners;
        let mut touches = Bitboard::EMPTY;
        for &(dx, dy) in &shape.cells {
            let slot = (dy * 5 + dx) as usize;
            fits &= self.allowed[slot];
            touches |= self.attach[slot];
        }
        fits & touches
    }
}

impl Position {
    /// Calls `f` with every shape of a tile the side to move still holds, and
    /// the box corners where it may legally go (possibly none).
    fn for_each_shape(&self, f: impl FnMut(ShapeId, &Shape, Bitboard)) {
        if !self.is_over() {
            self.for_each_shape_of(self.to_move(), f);
        }
    }

    /// As [`Self::for_each_shape`], for `player` as if it were to move.
    fn for_each_shape_of(&self, player: Player, mut f: impl FnMut(ShapeId, &Shape, Bitboard)) {
        let masks = ShiftedMasks::new(self, player);
        if masks.attach[0].is_empty() {
            return;
        }
        let table = shape_table();
        let mut left = !self.used_tiles(player) & crate::tiles::ALL_TILES;
        while left != 0 {
            let tile = left.trailing_zeros() as usize;
            left &= left - 1;
            for id in table.tile_shapes[tile].clone() {
                let shape = &table.shapes[id];
                f(id as ShapeId, shape, masks.corners(shape));
            }
        }
    }

    /// Appends every legal placement of the side to move to `out`: each set of
    /// cells once, by tile, then shape, then anchor cell in bit order.
    pub fn legal_placements_into(&self, out: &mut Vec<Placement>) {
        self.for_each_shape(|id, shape, corners| {
            let shift = shape.anchor_shift() as usize;
            for (n, &word) in corners.0.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    let bit = n * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    out.push(Placement {
                        shape: id,
                        anchor: Cell::from_index(bit + shift),
                    });
                }
            }
        });
    }

    /// Every legal placement of the side to move.
    pub fn legal_placements(&self) -> Vec<Placement> {
        let mut out = Vec::with_capacity(512);
        self.legal_placements_into(&mut out);
        out
    }

    /// The placement that took this position to `after`, a move later: the
    /// legal one covering exactly the cells `after` has and this has not
    /// (`None` for a pass, or where no legal placement gives them).
    pub fn placement_to(&self, after: &Position) -> Option<Placement> {
        let placed = after.occupied() & !self.occupied();
        self.legal_placements()
            .into_iter()
            .find(|q| q.cells() == placed)
    }

    /// The number of distinct legal placements of the side to move.
    pub fn count_placements(&self) -> u32 {
        let mut n = 0;
        self.for_each_shape(|_, _, corners| n += corners.count());
        n
    }

    /// The number of placements `player` would have if it were to move
    /// (a mobility measure for evaluations; ignores whether the game is over).
    pub fn count_placements_for(&self, player: Player) -> u32 {
        let mut n = 0;
        self.for_each_shape_of(player, |_, _, corners| n += corners.count());
        n
    }

    /// For each of the 91 shapes, the bounding-box corners where `player`
    /// could place it if it were to move (empty for used tiles; whether the
    /// game is over is not asked): the generator's raw output.
    pub fn box_corners_for(&self, player: Player) -> [Bitboard; SHAPE_COUNT] {
        let mut out = [Bitboard::EMPTY; SHAPE_COUNT];
        self.for_each_shape_of(player, |id, _, corners| out[id as usize] = corners);
        out
    }

    /// For each of the 91 shapes, the anchor cells where the side to move may
    /// place it (empty for used tiles and when the game is over).
    pub fn legal_anchors(&self) -> Vec<Bitboard> {
        let mut out = vec![Bitboard::EMPTY; shape_table().shapes.len()];
        self.for_each_shape(|id, shape, corners| {
            out[id as usize] = corners.cells().map(|c| anchor_of(shape, c)).collect();
        });
        out
    }

    /// The moves of the side to move as a game tree sees them: its placements,
    /// or the single pass when it has none, or nothing when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let moves: Vec<Move> = self
            .legal_placements()
            .into_iter()
            .map(Move::Place)
            .collect();
        if moves.is_empty() {
            vec![Move::Pass]
        } else {
            moves
        }
    }
}

fn anchor_of(shape: &Shape, corner: Cell) -> Cell {
    Cell::from_index(corner.index() + shape.anchor_shift() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::MoveCode;
    use std::collections::HashSet;

    #[test]
    fn the_first_move_has_414_placements_all_through_the_start_square() {
        let start = Position::new();
        let placements = start.legal_placements();
        assert_eq!(placements.len(), 414);
        assert_eq!(start.count_placements(), 414);
        let distinct: HashSet<_> = placements.iter().map(|p| p.cells()).collect();
        assert_eq!(distinct.len(), 414);
        let square = Cell::new(5, 5).unwrap();
        assert!(placements.iter().all(|p| p.cells().contains(square)));
    }

    #[test]
    fn every_code_of_a_generated_placement_is_accepted_and_names_the_same_cells() {
        let start = Position::new();
        for p in start.legal_placements() {
            for code in p.codes() {
                assert_eq!(start.check(code), Ok(Move::Place(p)), "{code}");
            }
        }
    }

    #[test]
    fn legal_anchors_agree_with_the_list() {
        let position = Position::from_codes(&[MoveCode::from_wire(b"56j0").unwrap()]).unwrap();
        let anchors = position.legal_anchors();
        let from_list: usize = anchors.iter().map(|b| b.count() as usize).sum();
        assert_eq!(from_list, position.legal_placements().len());
        for p in position.legal_placements() {
            assert!(anchors[p.shape as usize].contains(p.anchor));
        }
    }
}
