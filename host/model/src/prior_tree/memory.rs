//! Where the board's next search keeps its nodes: 32,768 blocks of 32
//! words, the first [`ON_CHIP_BLOCKS`] in block RAM (a word a node, two
//! words read a cycle: the even and the odd child of a pair side by side),
//! the others in the SDRAM, each block as two areas of one row: the
//! children's selection fields ([`SELECTION_BEATS`] beats each), then their
//! other fields ([`OTHER_BEATS`] each). Blocks are handed out in order, so
//! the first, the tree's top, are on chip.

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

/// Whether block `block` is in block RAM.
pub fn on_chip(block: usize) -> bool {
    block < ON_CHIP_BLOCKS
}

/// The SDRAM word address of block `block`'s first word (`block` not on
/// chip).
fn sdram_base(block: usize) -> u32 {
    assert!(
        !on_chip(block) && block < BLOCKS,
        "block {block} is not in the SDRAM"
    );
    let slot = (block - ON_CHIP_BLOCKS) as u32;
    slot / BLOCKS_PER_ROW * COLUMNS + slot % BLOCKS_PER_ROW * SDRAM_BLOCK_WORDS
}

/// The SDRAM address of child `i`'s selection fields in block `block`.
pub fn selection_address(block: usize, i: usize) -> u32 {
    sdram_base(block) + SELECTION_BEATS * i as u32
}

/// The SDRAM address of child `i`'s other fields in block `block`.
pub fn other_address(block: usize, i: usize) -> u32 {
    sdram_base(block) + SELECTION_BEATS * BLOCK_WORDS as u32 + OTHER_BEATS * i as u32
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
    }
}
