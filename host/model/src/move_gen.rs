//! Model of `hdl::MoveGen`: the legal placements of all 91 oriented shapes,
//! one row of bounding-box corners per clock cycle.
//!
//! The `hdl::` blocks named here were the flat search's hardware; they
//! left the player when the tree (`hdl::BoardTree`) became its search and
//! live in git history. This model stays: the host's engines and benchmarks
//! use it.
//!
//! # What the hardware computes
//! Shapes are numbered as in [`blokus::tiles::shape_table`] (tile `a`
//! to `u`, each tile's orientations in order of their first orientation
//! number). A shape's cells are offsets `(dx, dy)` from its bounding box's
//! top-left corner. For corner row `r` (0-based, 0 = top) the block outputs
//! 91 x 14 bits, bit `14*s + x` meaning: shape `s` may be placed with its box
//! corner at cell `(x+1, r+1)`:
//!
//! ```text
//! legal[s][r][x] = tiles_left[tile(s)]
//!                & AND over cells (dx,dy) of allowed(x+dx, r+dy)
//!                & OR  over cells (dx,dy) of attach(x+dx, r+dy)
//! ```
//! with `allowed = !forbidden` and both masks read as 0 off the board (column
//! or row beyond 14). Rows come out in order 0..13.
//!
//! # Timing
//! `start` is sampled at a rising clock edge together with the inputs; row
//! `r` is presented (with `row_valid`) during the cycle after the `r+1`-th edge
//! following it, so the whole legal-move set is out [`LATENCY`] cycles after
//! `start`. `busy` is high from the `start` edge up to the edge that presents
//! the last row, so the next `start` may come in the cycle the last row is
//! out: back to back, a position every `LATENCY + 1` cycles. A `start` while
//! busy restarts cleanly: the rows not yet presented are dropped (`row_valid`
//! is low in the cycle after its edge) and the new position's rows follow on
//! the same timing.

use blokus::tiles::{shape_table, SHAPE_COUNT};
use blokus::{Bitboard, Cell, Position};

/// Rows of box corners: one per cycle.
pub const ROWS: usize = 14;
/// Bits of one output row: 14 corners for each of the 91 shapes.
pub const ROW_BITS: usize = 14 * SHAPE_COUNT;
/// Cycles from `start` to the last row.
pub const LATENCY: usize = ROWS;

/// The block's inputs: the side to move's masks and tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveGenInputs {
    /// Cells the side to move may cover (not forbidden).
    pub allowed: Bitboard,
    /// Cells where its tile may attach.
    pub attach: Bitboard,
    /// Bit `t` set while tile `t` is still held.
    pub tiles_left: u32,
}

impl MoveGenInputs {
    /// The inputs for the side to move of `position` (through the mask unit's model).
    pub fn for_position(position: &Position) -> MoveGenInputs {
        use crate::mask_unit::{mask_unit, MaskInputs};
        let masks = mask_unit(MaskInputs::for_position(position));
        MoveGenInputs {
            allowed: !masks.forbidden,
            attach: masks.attach,
            tiles_left: !position.used_tiles(position.to_move()) & blokus::tiles::ALL_TILES,
        }
    }
}

/// One output row: for each shape, bit `x` = corner column `x` (0-based).
pub type Row = [u16; SHAPE_COUNT];

fn bit(board: Bitboard, x: usize, y: usize) -> bool {
    x < 14 && y < 14 && board.contains(Cell::from_index(14 * y + x))
}

/// Row `r` exactly as the hardware computes it.
pub fn move_gen_row(inputs: &MoveGenInputs, r: usize) -> Row {
    let table = shape_table();
    let mut row = [0u16; SHAPE_COUNT];
    for (s, shape) in table.shapes.iter().enumerate() {
        if inputs.tiles_left & shape.tile.bit() == 0 {
            continue;
        }
        for x in 0..14 {
            let cells = shape
                .cells
                .iter()
                .map(|&(dx, dy)| (x + dx as usize, r + dy as usize));
            let fits = cells.clone().all(|(cx, cy)| bit(inputs.allowed, cx, cy));
            let touches = cells.clone().any(|(cx, cy)| bit(inputs.attach, cx, cy));
            if fits && touches {
                row[s] |= 1 << x;
            }
        }
    }
    row
}

/// All 14 rows, in output order.
pub fn move_gen_rows(inputs: &MoveGenInputs) -> Vec<Row> {
    (0..ROWS).map(|r| move_gen_row(inputs, r)).collect()
}

/// A row as the hardware's 1,274-bit output vector (bit `14*s + x`), in 64-bit words, low first.
pub fn pack_row(row: &Row) -> Vec<u64> {
    let mut words = vec![0u64; ROW_BITS.div_ceil(64)];
    for (s, &bits) in row.iter().enumerate() {
        for x in 0..14 {
            if bits >> x & 1 == 1 {
                let i = 14 * s + x;
                words[i / 64] |= 1 << (i % 64);
            }
        }
    }
    words
}

/// For each shape, its legal anchor cells (the reference cell of its
/// canonical code), from the rows: the form the rules engine's
/// [`Position::legal_anchors`] gives.
pub fn anchor_vectors(rows: &[Row]) -> Vec<Bitboard> {
    let table = shape_table();
    (0..SHAPE_COUNT)
        .map(|s| {
            let (ax, ay) = table.shapes[s].anchor_offset();
            let mut anchors = Bitboard::EMPTY;
            for (r, row) in rows.iter().enumerate() {
                for x in 0..14 {
                    if row[s] >> x & 1 == 1 {
                        anchors.insert(Cell::new(x as u8 + 1 + ax, r as u8 + 1 + ay).unwrap());
                    }
                }
            }
            anchors
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::{random_games, sensible_games};

    #[test]
    fn the_legal_move_sets_agree_with_the_rules_engine() {
        let mut positions = 0;
        let games = random_games(21, 8)
            .into_iter()
            .chain(sensible_games(22, 2, 4));
        for history in games {
            for position in history.iter().filter(|p| !p.is_over()) {
                let rows = move_gen_rows(&MoveGenInputs::for_position(position));
                assert_eq!(anchor_vectors(&rows), position.legal_anchors());
                positions += 1;
            }
        }
        assert!(positions > 250, "{positions}");
    }

    #[test]
    fn the_start_position_has_414_placements_in_the_rows() {
        let rows = move_gen_rows(&MoveGenInputs::for_position(&Position::new()));
        let total: u32 = rows.iter().flatten().map(|b| b.count_ones()).sum();
        assert_eq!(total, 414);
        let packed = pack_row(&rows[2]);
        let from_packed: u32 = packed.iter().map(|w| w.count_ones()).sum();
        assert_eq!(
            from_packed,
            rows[2].iter().map(|b| b.count_ones()).sum::<u32>()
        );
    }
}
