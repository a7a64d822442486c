//! A node of the board's next search as the node memory holds it: the
//! fields, their widths and places, and the two halves a node's word is cut
//! into in the SDRAM (the selection fields a descent reads for every child,
//! and the others it reads for the chosen one only).
//!
//! | field | bits | what |
//! |---|---|---|
//! | `shape` | 7 | the move into the node: its oriented shape ([`PASS_SHAPE`]: a pass) |
//! | `corner` | 8 | the move's box corner |
//! | `visits` | 20 | real visits, saturating at [`MAX_VISITS`] (the backup then leaves the node as it is) |
//! | `value` | 29 | the results of its visits for its mover, summed, plus three times its start value (`model::next`'s value in sixteenths) |
//! | `prior` | 15 | its prior weight over its siblings', `EXP[d] >> 8` over their sum, in 2^-15 (at most [`MAX_PRIOR`]) |
//! | `block` | 15 | the block of 32 words that holds its children (0: none; the root's children are block 0) |
//! | `last` | 5 | its children, less one |
//! | `opened` | 5 | its children ever chosen by a descent, at most `last` (the first `opened + 1` are all a descent reads) |
//!
//! The selection fields, `visits`, `value` and `prior`, are 64 bits: four
//! beats of the SDRAM. The others are 40: three beats.

/// The shape of a pass.
pub const PASS_SHAPE: u8 = 127;
/// Bits of a node's visits.
pub const VISIT_BITS: u32 = 20;
/// The most visits a node counts.
pub const MAX_VISITS: u32 = (1 << VISIT_BITS) - 1;
/// Bits of a node's value.
pub const VALUE_BITS: u32 = 29;
/// Bits of a node's prior.
pub const PRIOR_BITS: u32 = 15;
/// The largest prior (an only child's, 2^15, is stored as this: it is
/// always chosen).
pub const MAX_PRIOR: u32 = (1 << PRIOR_BITS) - 1;
/// Bits of a block number.
pub const BLOCK_BITS: u32 = 15;
/// Words of a block: a node's children.
pub const BLOCK_WORDS: usize = 32;
/// Blocks of the node memory.
pub const BLOCKS: usize = 1 << BLOCK_BITS;
/// Bits of the selection fields (four SDRAM beats).
pub const SELECTION_BITS: u32 = VISIT_BITS + VALUE_BITS + PRIOR_BITS;
/// Bits of the other fields.
pub const OTHER_BITS: u32 = 7 + 8 + BLOCK_BITS + 5 + 5;
/// Bits of a whole word.
pub const WORD_BITS: u32 = SELECTION_BITS + OTHER_BITS;
/// SDRAM beats (16 bits) of the selection fields and of the others.
pub const SELECTION_BEATS: u32 = SELECTION_BITS.div_ceil(16);
pub const OTHER_BEATS: u32 = OTHER_BITS.div_ceil(16);

const _: () = assert!(SELECTION_BITS == 64 && OTHER_BITS == 40 && WORD_BITS == 104);
// The largest value: every visit a win (384), plus three starts of a win.
const _: () = assert!(384 * (MAX_VISITS as u64 + 3) < 1 << VALUE_BITS);

/// One node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Node {
    pub shape: u8,
    pub corner: u8,
    pub visits: u32,
    pub value: u32,
    pub prior: u32,
    pub block: u16,
    pub last: u8,
    pub opened: u8,
}

impl Node {
    /// Whether it has children.
    pub fn expanded(&self) -> bool {
        self.block != 0
    }

    /// Its children.
    pub fn children(&self) -> usize {
        if self.expanded() {
            usize::from(self.last) + 1
        } else {
            0
        }
    }

    /// The move into it: `None` for a pass.
    pub fn code(&self) -> Option<(u8, u8)> {
        (self.shape != PASS_SHAPE).then_some((self.shape, self.corner))
    }

    /// The selection fields as the SDRAM holds them: visits in the low bits.
    pub fn selection(&self) -> u64 {
        u64::from(self.visits)
            | u64::from(self.value) << VISIT_BITS
            | u64::from(self.prior) << (VISIT_BITS + VALUE_BITS)
    }

    /// The other fields: shape in the low bits.
    pub fn other(&self) -> u64 {
        u64::from(self.shape)
            | u64::from(self.corner) << 7
            | u64::from(self.block) << 15
            | u64::from(self.last) << 30
            | u64::from(self.opened) << 35
    }

    /// The whole word as block RAM holds it: the selection fields low.
    pub fn word(&self) -> u128 {
        u128::from(self.selection()) | u128::from(self.other()) << SELECTION_BITS
    }

    /// The node of a word.
    pub fn of_word(word: u128) -> Node {
        let s = word as u64;
        let o = (word >> SELECTION_BITS) as u64;
        let field = |x: u64, at: u32, bits: u32| (x >> at) & ((1 << bits) - 1);
        Node {
            visits: field(s, 0, VISIT_BITS) as u32,
            value: field(s, VISIT_BITS, VALUE_BITS) as u32,
            prior: field(s, VISIT_BITS + VALUE_BITS, PRIOR_BITS) as u32,
            shape: field(o, 0, 7) as u8,
            corner: field(o, 7, 8) as u8,
            block: field(o, 15, BLOCK_BITS) as u16,
            last: field(o, 30, 5) as u8,
            opened: field(o, 35, 5) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_holds_every_field_at_its_widest() {
        let node = Node {
            shape: 90,
            corner: 195,
            visits: MAX_VISITS,
            value: (1 << VALUE_BITS) - 1,
            prior: MAX_PRIOR,
            block: (BLOCKS - 1) as u16,
            last: 31,
            opened: 31,
        };
        assert_eq!(Node::of_word(node.word()), node);
        assert!(node.word() < 1 << WORD_BITS);
        let small = Node {
            shape: 3,
            corner: 17,
            visits: 5,
            value: 1000,
            prior: 77,
            block: 9,
            last: 4,
            opened: 2,
        };
        assert_eq!(Node::of_word(small.word()), small);
        assert_eq!(small.selection() & 0xfffff, 5);
        assert_eq!(small.other() & 0x7f, 3);
        assert_eq!((SELECTION_BEATS, OTHER_BEATS), (4, 3));
        assert_eq!(small.children(), 5);
        assert_eq!(
            Node { block: 0, ..small }.children(),
            0,
            "block 0: not expanded"
        );
    }
}
