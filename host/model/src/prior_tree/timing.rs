//! The tree unit's cycles: what each of its steps takes, as its hardware
//! (`hdl::PriorTree`, built to them) runs them. The SDRAM's cycles are
//! `crate::sdram`'s; the bank's and the expander's their own models'.
//!
//! Times are cycles from the search's `start`, taken at edge 1: cycle `t`
//! follows edge `t`. A unit started "at `t`" takes its start at edge `t + 1`
//! (its `start` high in cycle `t`), except the expander, whose start is
//! counted by the edge that takes it (as its own model counts its edges).

/// Cycles from the selection fields at a scorer's input to the score at
/// its output (`PuctScore`: the count's shift, the reciprocal, the three
/// products, the sum).
pub const SCORE_LATENCY: u64 = 7;
/// Cycles of a level whose children are in block RAM, besides one a pair
/// read: the last pair's words out of the RAM and registered (2), scored,
/// the best among the pair and the level's best (1).
pub const CHIP_DRAIN: u64 = 2 + SCORE_LATENCY + 1;
/// Cycles from a level's last selection beat at the SDRAM's `read_data` to
/// its choice: the word assembled, scored, compared.
pub const SDRAM_DRAIN: u64 = 1 + SCORE_LATENCY + 1;
/// Cycles from the chosen child's last other beat to the next level's
/// first request: its word assembled and registered.
pub const WORD_ASSEMBLY: u64 = 2;
/// Cycles from a descent's last choice to its leaf ready for the bank: the
/// move placed and played into the walk registers.
pub const LEAF: u64 = 2;
/// The cycle a job is chosen in.
pub const DISPATCH: u64 = 1;
/// Cycles from a leaf ready (and the bank free) to the bank's `start`.
pub const BANK_START: u64 = 1;
/// Cycles to load the expander's registers from the walk's.
pub const EXPANDER_START: u64 = 1;
/// Cycles to write one node's word in block RAM.
pub const CHIP_WRITE: u64 = 1;
/// Cycles a backup ends with after the last write of a node on chip: the
/// root's registers. A node on chip is read, then written changed two
/// cycles later (its word out of the RAM and registered), so the on-chip
/// nodes of a path take one cycle each and this at the end.
pub const BACKUP_END: u64 = 2;
/// Cycles to read a word in block RAM and write it back changed.
pub const CHIP_REWRITE: u64 = 3;
/// Cycles from a link's first child out of the expander to its word
/// written: the weight and square-root ROMs, the prior's and the start
/// value's products.
pub const LINK_PIPE: u64 = 4;
/// Cycles to choose the move: the root's children read a pair a cycle,
/// the most visited kept.
pub const CHOOSE_DRAIN: u64 = 3;
/// The edge the expander takes its start on the root: `start`'s is edge 1,
/// then the history's latest and third latest placements are placed, one a
/// cycle, through the walk's placer and its shift, their cells registered
/// for the expander (the search's inputs are the moves' codes).
pub const ROOT_EXPANDER: u64 = 4;
/// Cycles from a link's start to its first write presented when the new
/// block is in the SDRAM: the first child's fields through the link's
/// pipeline ([`LINK_PIPE`]) into the buffer the SDRAM's beats are read
/// from, a cycle before the controller may ask for its first beat.
pub const SDRAM_LINK_LEAD: u64 = 3;

/// Cycles of a level in block RAM that reads `children` children.
pub fn chip_level(children: usize) -> u64 {
    (children as u64).div_ceil(2) + CHIP_DRAIN
}

/// Cycles to write `children` new children in block RAM, one a cycle.
pub fn link_on_chip(children: usize) -> u64 {
    children as u64 + LINK_PIPE
}

/// Cycles of the choice among `children` root children.
pub fn choose(children: usize) -> u64 {
    (children as u64).div_ceil(2) + CHOOSE_DRAIN
}
