//! What the score unit and its lanes share: a child as the unit takes it
//! and the width of the `EXPLORE` ROM's word.

/// Bits of an `EXPLORE` word: the factor of `2^PARENT_BITS - 1` visits
/// fits.
pub const EXPLORE_BITS: usize = 31;

/// The structs: rust-hdl's `LogicStruct` derive adds undocumented methods.
#[allow(missing_docs)]
mod structs {
    use model::prior_tree::word::{PRIOR_BITS, VALUE_BITS, VISIT_BITS};
    use rust_hdl::prelude::*;

    /// A child to score: its selection fields as its word holds them, and
    /// whether the leaf in the bank's hands lies below it.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct ScoredChild {
        /// The inputs below are a child.
        pub valid: Bit,
        /// It holds a virtual loss: one more visit, lost.
        pub in_flight: Bit,
        /// Its real visits.
        pub visits: Bits<{ VISIT_BITS as usize }>,
        /// Its value (`model::prior_tree::word`'s `value`).
        pub value: Bits<{ VALUE_BITS as usize }>,
        /// Its prior.
        pub prior: Bits<{ PRIOR_BITS as usize }>,
    }
}
pub use structs::ScoredChild;
