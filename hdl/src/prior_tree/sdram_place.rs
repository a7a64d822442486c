//! Where a child's fields lie in the SDRAM: `model::prior_tree::memory`'s
//! layout in logic. The blocks after the first `on_chip_blocks` fill the
//! SDRAM's rows two a row: a block's slot (its number less the blocks on
//! chip) gives its row (the slot halved, times the 512 words of a row) and
//! its half (224 words in); in it, the children's selection fields (four
//! beats each), then their other fields (three each) from word 128.

use super::word::BLOCK;
use model::prior_tree::memory::{BLOCKS_PER_ROW, SDRAM_BLOCK_WORDS};
use model::prior_tree::word::{BLOCK_WORDS, OTHER_BEATS, SELECTION_BEATS};
use model::sdram::{ADDRESS_BITS, COLUMNS};
use rust_hdl::prelude::*;

/// Width of an SDRAM word address.
pub const SDRAM_ADDRESS: usize = ADDRESS_BITS as usize;

// `update` writes the layout's numbers as literals.
const _: () = assert!(
    BLOCKS_PER_ROW == 2
        && SDRAM_BLOCK_WORDS == 224
        && COLUMNS == 512
        && SELECTION_BEATS == 4
        && OTHER_BEATS == 3
        && BLOCK_WORDS == 32
);

/// The address of a child's selection or other fields.
#[derive(LogicBlock)]
pub struct SdramPlace {
    /// The block (not on chip).
    pub block: Signal<In, Bits<BLOCK>>,
    /// The child's place in it.
    pub child: Signal<In, Bits<5>>,
    /// Its other fields (else its selection fields).
    pub other: Signal<In, Bit>,
    /// Their first word.
    pub address: Signal<Out, Bits<SDRAM_ADDRESS>>,
    slot: Signal<Local, Bits<BLOCK>>,
    offset: Signal<Local, Bits<9>>,
    on_chip: Constant<Bits<BLOCK>>,
}

impl SdramPlace {
    /// The layout with `on_chip_blocks` blocks on chip.
    pub fn new(on_chip_blocks: usize) -> SdramPlace {
        SdramPlace {
            block: Default::default(),
            child: Default::default(),
            other: Default::default(),
            address: Default::default(),
            slot: Default::default(),
            offset: Default::default(),
            on_chip: Constant::new((on_chip_blocks as u64).into()),
        }
    }
}

impl Logic for SdramPlace {
    #[hdl_gen]
    fn update(&mut self) {
        self.slot.next = self.block.val() - self.on_chip.val();
        self.offset.next = bit_cast::<9, 5>(self.child.val()) << 2;
        if self.other.val() {
            self.offset.next = (bit_cast::<9, 5>(self.child.val()) << 1)
                + bit_cast::<9, 5>(self.child.val())
                + 128;
        }
        if self.slot.val().get_bit(0) {
            self.offset.next = self.offset.val() + 224;
        }
        self.address.next = (bit_cast::<SDRAM_ADDRESS, BLOCK>(self.slot.val() >> 1) << 9)
            | bit_cast::<SDRAM_ADDRESS, 9>(self.offset.val());
    }
}
