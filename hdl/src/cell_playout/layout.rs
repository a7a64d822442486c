//! The engine's fixed layouts, shared by its sub-blocks: the shapes of
//! each size as flags, the rows the shapes that fit take for the counters,
//! and the ROM word of each shape's cell offsets.

use crate::board::SIZE;
use crate::cell_window::FLAG_BITS;
use crate::tiles::SHAPES;
use blokus::tiles::shape_table;
use rust_hdl::prelude::*;

/// The flags padded so that every byte can be read as a 14-bit row.
pub const WIDE_FLAG_BITS: usize = FLAG_BITS + SIZE - 8;
/// Width of a cell's offset from its shape's box corner as a cell index
/// difference (`14 * dy + dx`, at most 60).
pub const DELTA_BITS: usize = 6;

/// The flags of the shapes of `size` cells.
pub fn size_mask(size: u8) -> Bits<FLAG_BITS> {
    let mut mask = Bits::<FLAG_BITS>::default();
    for (s, shape) in shape_table().shapes.iter().enumerate() {
        if shape.tile.size() == size {
            mask = mask.replace_bit(s, true);
        }
    }
    mask
}

/// The rows the shapes that fit take after PAIRS, for WEIGH's counts of
/// each size: per row, its size, its first shape and how many it holds
/// (at most 14), the shapes of a size in consecutive rows; unused rows
/// have size 0. The shapes of a size are numbered consecutively (the tile
/// table is ordered by size).
pub fn size_rows() -> [(u8, usize, usize); SIZE] {
    let mut rows = [(0, 0, 0); SIZE];
    let mut next = 0;
    for size in 1..=5u8 {
        let shapes: Vec<usize> = (0..SHAPES)
            .filter(|&s| shape_table().shapes[s].tile.size() == size)
            .collect();
        let first = shapes[0];
        assert_eq!(shapes, (first..first + shapes.len()).collect::<Vec<_>>());
        for start in (first..first + shapes.len()).step_by(SIZE) {
            rows[next] = (size, start, SIZE.min(first + shapes.len() - start));
            next += 1;
        }
    }
    rows
}

/// The ROM word of shape `s`: its `k`-th cell's offset from its box
/// corner, `model::cell_playout::pair_delta`, in bits `6k..6k + 6`.
pub fn delta_word(s: usize) -> u64 {
    (0..shape_table().shapes[s].cells.len()).fold(0, |word, k| {
        word | u64::from(model::cell_playout::pair_delta(s, k)) << (DELTA_BITS * k)
    })
}
