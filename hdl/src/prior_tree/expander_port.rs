//! What the tree unit asks of an expander and what it gets back: the shape
//! of `hdl::PriorExpander`'s ports behind a buffer of its children, which
//! the link reads by index. The leaf's position comes as two `Side`s and
//! the opponent's last two placements as cell sets, read with `start`;
//! `done` is high for one cycle, after which the children (`found`: none
//! means a pass), their count, the sum of their weights and the candidates
//! hold until the next `start`; `index` selects the child shown.

use model::prior_tree::expansion::CHILDREN;
use model::prior_tree::word::BLOCK_WORDS;

/// Width of the sum of the children's weights (`EXP[d] >> 8`, at most 256
/// each).
pub const SUM_BITS: usize = 14;
/// Width of a child's logit's distance below the best.
pub const DISTANCE_BITS: usize = 8;
/// Width of a child as an expander holds it: shape, box corner at bit 7,
/// distance at bit 15.
pub const CHILD_BITS: usize = 7 + 8 + DISTANCE_BITS;
/// Width of a count of children, 0 to [`CHILDREN`].
pub const COUNT_BITS: usize = 6;
/// Width of a count of candidates.
pub const CANDIDATE_BITS: usize = crate::expander::COUNT_BITS;

const _: () = assert!(CHILDREN == BLOCK_WORDS && CHILDREN * 256 < 1 << SUM_BITS);
const _: () = assert!(CHILDREN < 1 << COUNT_BITS && CHILDREN >= 1 << (COUNT_BITS - 1));
