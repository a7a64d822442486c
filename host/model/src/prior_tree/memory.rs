//! Where the board's next search keeps its nodes: 32,768 blocks of 32
//! words, the first [`ON_CHIP_BLOCKS`] in block RAM (a word a node, two
//! words read a cycle: the even and the odd child of a pair side by side),
//! the others in the SDRAM, each block as two areas of one row: the
//! children's selection fields ([`SELECTION_BEATS`] beats each), then their
//! other fields ([`OTHER_BEATS`] each). Blocks are handed out in order, so
//! the first, the tree's top, are on chip. A [`Layout`] says how many are
//! on chip: the board's [`ON_CHIP_BLOCKS`], or fewer for tests, so that a
//! small search reaches the SDRAM (the hardware takes the same number).

use super::word::{BLOCKS, BLOCK_WORDS, OTHER_BEATS, SELECTION_BEATS};
use crate::sdram::{COLUMNS, WORDS};

/// Blocks in block RAM: 32,768 words of [`super::word::WORD_BITS`] bits,
/// 192 DP16KD (two RAMs of 16,384 words, 12 wide and 8 deep each).
pub const ON_CHIP_BLOCKS: usize = 1024;
/// Words of an SDRAM block: its selection area, then its other area.
pub const SDRAM_BLOCK_WORDS: u32 = BLOCK_WORDS as u32 * (SELECTION_BEATS + OTHER_BEATS);
/// SDRAM blocks a row holds.
pub const BLOCKS_PER_ROW: u32 = COLUMNS / SDRAM_BLOCK_WORDS;

const _: () = assert!(BLOCKS_PER_ROW == 2);
const _: () =
    assert!(((BLOCKS - ON_CHIP_BLOCKS) as u32).div_ceil(BLOCKS_PER_ROW) * COLUMNS <= WORDS);

/// How many blocks are on chip, the first ones; the others are in the
/// SDRAM, the first of them at its word 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Blocks in block RAM (at most [`ON_CHIP_BLOCKS`], at least 1: the
    /// root's children).
    pub on_chip_blocks: usize,
}

impl Layout {
    /// The board's.
    pub const BOARD: Layout = Layout {
        on_chip_blocks: ON_CHIP_BLOCKS,
    };

    /// `on_chip_blocks` blocks on chip.
    pub fn new(on_chip_blocks: usize) -> Layout {
        assert!(
            (1..=ON_CHIP_BLOCKS).contains(&on_chip_blocks),
            "1 to {ON_CHIP_BLOCKS} blocks on chip, not {on_chip_blocks}"
        );
        Layout { on_chip_blocks }
    }

    /// Whether block `block` is in block RAM.
    pub fn on_chip(&self, block: usize) -> bool {
        block < self.on_chip_blocks
    }

    /// The SDRAM word address of block `block`'s first word (`block` not on
    /// chip).
    fn sdram_base(&self, block: usize) -> u32 {
        assert!(
            !self.on_chip(block) && block < BLOCKS,
            "block {block} is not in the SDRAM"
        );
        let slot = (block - self.on_chip_blocks) as u32;
        slot / BLOCKS_PER_ROW * COLUMNS + slot % BLOCKS_PER_ROW * SDRAM_BLOCK_WORDS
    }

    /// The SDRAM address of child `i`'s selection fields in block `block`.
    pub fn selection_address(&self, block: usize, i: usize) -> u32 {
        self.sdram_base(block) + SELECTION_BEATS * i as u32
    }

    /// The SDRAM address of child `i`'s other fields in block `block`.
    pub fn other_address(&self, block: usize, i: usize) -> u32 {
        self.sdram_base(block) + SELECTION_BEATS * BLOCK_WORDS as u32 + OTHER_BEATS * i as u32
    }
}

/// Whether block `block` is in block RAM on the board.
pub fn on_chip(block: usize) -> bool {
    Layout::BOARD.on_chip(block)
}

/// The SDRAM address of child `i`'s selection fields in block `block` on
/// the board.
pub fn selection_address(block: usize, i: usize) -> u32 {
    Layout::BOARD.selection_address(block, i)
}

/// The SDRAM address of child `i`'s other fields in block `block` on the
/// board.
pub fn other_address(block: usize, i: usize) -> u32 {
    Layout::BOARD.other_address(block, i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sdram::locate;

    #[test]
    fn every_sdram_block_keeps_its_two_areas_in_one_row_and_no_two_overlap() {
        let mut end = 0;
        for block in ON_CHIP_BLOCKS..BLOCKS {
            let first = selection_address(block, 0);
            let last = other_address(block, BLOCK_WORDS - 1) + OTHER_BEATS - 1;
            assert_eq!(locate(first).row, locate(last).row, "block {block}");
            assert_eq!(locate(first).bank, locate(last).bank, "block {block}");
            assert_eq!(last - first + 1, SDRAM_BLOCK_WORDS);
            assert!(
                block == ON_CHIP_BLOCKS || first >= end,
                "block {block} overlaps"
            );
            end = last + 1;
        }
        assert_eq!(other_address(ON_CHIP_BLOCKS, 0), 128);
        assert!(on_chip(ON_CHIP_BLOCKS - 1) && !on_chip(ON_CHIP_BLOCKS));
        // A smaller part on chip moves the SDRAM's blocks down, not apart.
        let small = Layout::new(4);
        assert!(small.on_chip(3) && !small.on_chip(4));
        assert_eq!(
            small.selection_address(4, 1),
            selection_address(ON_CHIP_BLOCKS, 1)
        );
        assert_eq!(
            small.other_address(7, 2),
            other_address(ON_CHIP_BLOCKS + 3, 2)
        );
    }
}
