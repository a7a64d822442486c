//! A node of the next search as the node memory holds it:
//! `model::prior_tree::word`'s fields as a `LogicStruct`, the first at the
//! lowest bit, so that its 104 bits are the model's `Node::word` (the
//! selection fields low, 64 bits, four SDRAM beats; the others above, 40
//! bits, three beats).

use model::prior_tree::word::{BLOCK_BITS, PRIOR_BITS, SELECTION_BITS, VALUE_BITS, VISIT_BITS};
use rust_hdl::prelude::*;

/// Width of a node's visits.
pub const VISITS: usize = VISIT_BITS as usize;
/// Width of a node's value.
pub const VALUE: usize = VALUE_BITS as usize;
/// Width of a node's prior.
pub const PRIOR: usize = PRIOR_BITS as usize;
/// Width of a block number.
pub const BLOCK: usize = BLOCK_BITS as usize;
/// Width of a node's selection fields.
pub const SELECTION: usize = SELECTION_BITS as usize;
/// Width of a node's address: its block and its place in it.
pub const ADDRESS: usize = BLOCK + 5;

/// The structs: rust-hdl's `LogicStruct` derive adds undocumented methods.
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// A node's word.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct NodeWord {
        /// Real visits.
        pub visits: Bits<VISITS>,
        /// The results of its visits and its start, summed.
        pub value: Bits<VALUE>,
        /// Its prior among its siblings.
        pub prior: Bits<PRIOR>,
        /// The move into it: its oriented shape (127: a pass).
        pub shape: Bits<7>,
        /// The move's box corner.
        pub corner: Bits<8>,
        /// The block of its children (0: none).
        pub block: Bits<BLOCK>,
        /// Its children, less one.
        pub last: Bits<5>,
        /// Its children ever chosen, at most `last`.
        pub opened: Bits<5>,
    }
}
pub use structs::NodeWord;

const _: () = assert!(NodeWord::BITS == 104 && VISITS + VALUE + PRIOR == SELECTION);

impl NodeWord {
    /// The word of the model's node.
    pub fn of(node: &model::prior_tree::word::Node) -> NodeWord {
        NodeWord {
            visits: u64::from(node.visits).into(),
            value: u64::from(node.value).into(),
            prior: u64::from(node.prior).into(),
            shape: u64::from(node.shape).into(),
            corner: u64::from(node.corner).into(),
            block: u64::from(node.block).into(),
            last: u64::from(node.last).into(),
            opened: u64::from(node.opened).into(),
        }
    }

    /// The model's node of the word.
    pub fn node(&self) -> model::prior_tree::word::Node {
        model::prior_tree::word::Node {
            visits: self.visits.index() as u32,
            value: self.value.index() as u32,
            prior: self.prior.index() as u32,
            shape: self.shape.index() as u8,
            corner: self.corner.index() as u8,
            block: self.block.index() as u16,
            last: self.last.index() as u8,
            opened: self.opened.index() as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::prior_tree::word::Node;

    #[test]
    fn the_structs_bits_are_the_models_word() {
        let node = Node {
            shape: 90,
            corner: 195,
            visits: 123_456,
            value: 98_765_432,
            prior: 4321,
            block: 31_000,
            last: 30,
            opened: 17,
        };
        let word = NodeWord::of(&node);
        let bits: Bits<104> = word.into();
        let low = bits.get_bits::<64>(0).to_u64();
        let high = bits.get_bits::<40>(64).to_u64();
        assert_eq!(u128::from(low) | u128::from(high) << 64, node.word());
        assert_eq!(word.node(), node);
    }
}
