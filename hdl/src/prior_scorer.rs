//! The prior scorer: the feature counts and the prior logit of each
//! candidate of a stream, one a clock, in the stream's order, under the
//! cell classes of the position ([`crate::ClassUnit`]). The hardware twin
//! of `model::prior_scorer`, whose doc comment gives the inputs, the timing
//! and the widths; the counts are `model::next::features::Classes::counts`
//! and the logit `model::next::prior::Weights::logit`.
//!
//! # How
//! A candidate's cells `C` come from the [`Placer`], its edge ring
//! `E = edges(C) & !C` and attach ring `D = diagonals(C) & !edges(C) & !C`
//! from [`Neighbours`]; thirteen ANDs with the classes, twelve of them
//! counted ([`PopCount196`], the AND before its row counts) and one
//! ORed (whether `C` meets `local`); the weighted sum ([`LogitSum`]) adds
//! the counts with the weights as constants.
//!
//! | edge | registered |
//! |------|------------|
//! | 1    | `C` (the placer's), the candidate's shape, corner, tile, valid bit and the stream's `done` (these travel beside it to the outputs) |
//! | 2    | `C`, `E`, `D`; whether `C` meets `local` |
//! | 3-5  | the twelve counts: rows, groups of rows, totals |
//! | 6    | the four partial sums of the weighted counts ([`LogitSum`]) |
//! | 7    | the logit, and the counts beside it, at the outputs |
//!
//! | count | cells of | in |
//! |-------|----------|----|
//! | `near` | `C` | `opponent_near` |
//! | `attach_own` | `D` | `own` |
//! | `attach_forbidden` | `D` | `forbidden & !own` |
//! | `attach_free0..4` | `D` | `free0..4` |
//! | `edge_opponent` | `E` | `opponent` |
//! | `edge_forbidden` | `E` | `forbidden & !opponent` |
//! | `edge_own_attach` | `E` | `own_attach` |
//! | `edge_free` | `E` | `!forbidden & !own_attach` |
//!
//! The classes are read at edges 2 and 3 of each candidate: they must not
//! change while one is in flight (the class unit holds them).

use crate::board::Board;
use crate::class_unit::CellClasses;
use crate::neighbours::Neighbours;
use crate::placer::Placer;
use crate::pop_count::{PopCount196, POP_COUNT_LATENCY};
use blokus::tiles::{Tile, TILE_COUNT};
use model::next::prior::{Weights, FITTED};
use model::prior_scorer::{fits, logit_bounds, COUNT_VALUES};
use rust_hdl::prelude::*;

/// Rising edges from the one that takes a candidate to the one after which
/// it is at the outputs, that one included (`model::prior_scorer::PRIOR_LATENCY`).
pub const PRIOR_LATENCY: usize = 2 + POP_COUNT_LATENCY + LOGIT_LATENCY;
const _: () = assert!(PRIOR_LATENCY as u64 == model::prior_scorer::PRIOR_LATENCY);
// rust-hdl's Verilog generator evaluates an array index only with the loop
// variables in scope, so `update` names the last tag stage (`[6]`), the
// local flag's last register (`[3]`) and the counts' (`[1]`) with literals:
// they hold for these values only.
const _: () = assert!(PRIOR_LATENCY == 7 && POP_COUNT_LATENCY == 3 && LOGIT_LATENCY == 2);

/// Width of the logit (`model::prior_scorer::LOGIT_BITS`).
pub const LOGIT_BITS: usize = 10;
const _: () = assert!(LOGIT_BITS as u32 == model::prior_scorer::LOGIT_BITS);

/// The logit: two's complement, in sixteenths of a natural-log unit.
pub type Logit = Signed<LOGIT_BITS>;

/// The counts of cells the logit adds ([`PriorCounts`] but the local flag
/// and the size).
pub const SUMS: usize = 12;

/// Edges from [`LogitSum`]'s counts to its logit: the partial sums, the total.
pub const LOGIT_LATENCY: usize = 2;

/// The struct: rust-hdl's `LogicStruct` derive adds undocumented methods
/// (each field's width and offset, for the Verilog).
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// A candidate's feature counts, in the order of
    /// `model::next::features::FEATURE_NAMES`: the counts 8 bits wide as
    /// the model's, the size one-hot (bit `k` for `k + 1` cells).
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct PriorCounts {
        /// Its cells at the opponent's attach cells or next to them.
        pub near: Bits<8>,
        /// It covers an attach cell of the opponent's last two placements.
        pub local: Bit,
        /// Its attach cells on the mover's cells.
        pub attach_own: Bits<8>,
        /// Its attach cells otherwise forbidden.
        pub attach_forbidden: Bits<8>,
        /// Its attach cells free with no free edge neighbour.
        pub attach_free0: Bits<8>,
        /// ... with one.
        pub attach_free1: Bits<8>,
        /// ... with two.
        pub attach_free2: Bits<8>,
        /// ... with three.
        pub attach_free3: Bits<8>,
        /// ... with four.
        pub attach_free4: Bits<8>,
        /// Its edge cells on the opponent's cells.
        pub edge_opponent: Bits<8>,
        /// Its edge cells otherwise forbidden.
        pub edge_forbidden: Bits<8>,
        /// Its edge cells on the mover's attach cells.
        pub edge_own_attach: Bits<8>,
        /// Its edge cells free otherwise.
        pub edge_free: Bits<8>,
        /// Its size, one-hot.
        pub size: Bits<5>,
    }
}
pub use structs::PriorCounts;

/// The prior scorer.
#[derive(LogicBlock)]
pub struct PriorScorer {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The position's cell classes, unchanged while a candidate is in flight.
    pub classes: Signal<In, CellClasses>,
    /// A candidate is presented.
    pub candidate: Signal<In, Bit>,
    /// Its oriented shape.
    pub shape: Signal<In, Bits<7>>,
    /// Its box corner cell.
    pub corner: Signal<In, Bits<8>>,
    /// The stream is done (high for one cycle).
    pub stream_done: Signal<In, Bit>,
    /// High for the cycle a candidate comes out, [`PRIOR_LATENCY`] edges later.
    pub scored: Signal<Out, Bit>,
    /// The candidate's oriented shape.
    pub scored_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub scored_corner: Signal<Out, Bits<8>>,
    /// Its tile.
    pub scored_tile: Signal<Out, Bits<5>>,
    /// Its feature counts.
    pub counts: Signal<Out, PriorCounts>,
    /// Its logit.
    pub logit: Signal<Out, Logit>,
    /// The stream's `done`, [`PRIOR_LATENCY`] edges later.
    pub finished: Signal<Out, Bit>,
    placer: Placer,
    /// The neighbours of `C`.
    neighbours: Neighbours,
    /// Edge 1: `C`.
    cells_q: DFF<Board>,
    /// Edge 2: `C`, beside its rings.
    ring_cells_q: DFF<Board>,
    /// Edge 2: `E`.
    edge_ring_q: DFF<Board>,
    /// Edge 2: `D`.
    attach_ring_q: DFF<Board>,
    /// Edges 2-5: whether `C` meets `local`, `[k]` at edge `k + 2`.
    local_q: [DFF<Bit>; 4],
    /// Edges 3-5: the twelve counts, in the order of [`PriorCounts`].
    counters: [PopCount196; SUMS],
    /// The counts after edge 5, the size with them.
    counted: Signal<Local, PriorCounts>,
    /// The size of the tile at edge 5.
    size: Signal<Local, Bits<5>>,
    /// Edges 6-7: the counts beside the sum, `[k]` at edge `k + 6`.
    counts_q: [DFF<PriorCounts>; LOGIT_LATENCY],
    /// Edges 6-7: the weighted sum.
    sum: LogitSum,
    /// `[k]`: a candidate's shape at edge `k + 1`.
    tag_shape: [DFF<Bits<7>>; PRIOR_LATENCY],
    /// Its corner, beside the shape.
    tag_corner: [DFF<Bits<8>>; PRIOR_LATENCY],
    /// Its tile, beside the shape.
    tag_tile: [DFF<Bits<5>>; PRIOR_LATENCY],
    /// Its valid bit, beside the shape.
    tag_valid: [DFF<Bit>; PRIOR_LATENCY],
    /// The stream's `done`, beside the shape.
    tag_done: [DFF<Bit>; PRIOR_LATENCY],
    /// Per tile, its number (what the tag's tile is compared with).
    tile_number: [Constant<Bits<5>>; TILE_COUNT],
    /// Per tile, its size one-hot.
    tile_size: [Constant<Bits<5>>; TILE_COUNT],
}

impl PriorScorer {
    /// A prior scorer with the fitted weights (`model::next::prior::FITTED`).
    pub fn new() -> PriorScorer {
        PriorScorer::with_weights(&FITTED)
    }

    /// A prior scorer with `weights`; panics unless every move's logit
    /// under them is a number of [`LOGIT_BITS`] bits.
    pub fn with_weights(weights: &Weights) -> PriorScorer {
        PriorScorer {
            clock: Default::default(),
            classes: Default::default(),
            candidate: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            stream_done: Default::default(),
            scored: Default::default(),
            scored_shape: Default::default(),
            scored_corner: Default::default(),
            scored_tile: Default::default(),
            counts: Default::default(),
            logit: Default::default(),
            finished: Default::default(),
            placer: Placer::new(),
            neighbours: Neighbours::new(),
            cells_q: Default::default(),
            ring_cells_q: Default::default(),
            edge_ring_q: Default::default(),
            attach_ring_q: Default::default(),
            local_q: Default::default(),
            counters: std::array::from_fn(|_| PopCount196::new()),
            counted: Default::default(),
            size: Default::default(),
            counts_q: Default::default(),
            sum: LogitSum::new(weights),
            tag_shape: Default::default(),
            tag_corner: Default::default(),
            tag_tile: Default::default(),
            tag_valid: Default::default(),
            tag_done: Default::default(),
            tile_number: std::array::from_fn(|t| Constant::new((t as u64).into())),
            tile_size: std::array::from_fn(|t| {
                Constant::new((1u64 << (Tile::from_index(t).size() - 1)).into())
            }),
        }
    }
}

impl Default for PriorScorer {
    fn default() -> PriorScorer {
        PriorScorer::new()
    }
}

impl Logic for PriorScorer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            cells_q,
            ring_cells_q,
            edge_ring_q,
            attach_ring_q
        );
        for k in 0..4 {
            self.local_q[k].clock.next = self.clock.val();
        }
        for j in 0..SUMS {
            self.counters[j].clock.next = self.clock.val();
        }
        for k in 0..LOGIT_LATENCY {
            self.counts_q[k].clock.next = self.clock.val();
        }
        self.sum.clock.next = self.clock.val();
        for k in 0..PRIOR_LATENCY {
            self.tag_shape[k].clock.next = self.clock.val();
            self.tag_corner[k].clock.next = self.clock.val();
            self.tag_tile[k].clock.next = self.clock.val();
            self.tag_valid[k].clock.next = self.clock.val();
            self.tag_done[k].clock.next = self.clock.val();
        }

        // Edge 1: the placer's cells, the candidate's tags.
        self.placer.shape.next = self.shape.val();
        self.placer.corner.next = self.corner.val();
        self.cells_q.d.next = self.placer.cells.val();
        self.tag_shape[0].d.next = self.shape.val();
        self.tag_corner[0].d.next = self.corner.val();
        self.tag_tile[0].d.next = self.placer.tile.val();
        self.tag_valid[0].d.next = self.candidate.val();
        self.tag_done[0].d.next = self.stream_done.val();
        for k in 1..PRIOR_LATENCY {
            self.tag_shape[k].d.next = self.tag_shape[k - 1].q.val();
            self.tag_corner[k].d.next = self.tag_corner[k - 1].q.val();
            self.tag_tile[k].d.next = self.tag_tile[k - 1].q.val();
            self.tag_valid[k].d.next = self.tag_valid[k - 1].q.val();
            self.tag_done[k].d.next = self.tag_done[k - 1].q.val();
        }

        // Edge 2: the rings, and whether the cells meet `local`.
        self.neighbours.cells.next = self.cells_q.q.val();
        self.ring_cells_q.d.next = self.cells_q.q.val();
        self.edge_ring_q.d.next = self.neighbours.edges.val() & !self.cells_q.q.val();
        self.attach_ring_q.d.next =
            self.neighbours.diagonals.val() & !self.neighbours.edges.val() & !self.cells_q.q.val();
        self.local_q[0].d.next = (self.cells_q.q.val() & self.classes.val().local).any();
        for k in 1..4 {
            self.local_q[k].d.next = self.local_q[k - 1].q.val();
        }

        // Edges 3-5: the sets ANDed with their classes, counted.
        self.counters[0].bits.next = self.ring_cells_q.q.val() & self.classes.val().opponent_near;
        self.counters[1].bits.next = self.attach_ring_q.q.val() & self.classes.val().own;
        self.counters[2].bits.next =
            self.attach_ring_q.q.val() & self.classes.val().forbidden & !self.classes.val().own;
        self.counters[3].bits.next = self.attach_ring_q.q.val() & self.classes.val().free0;
        self.counters[4].bits.next = self.attach_ring_q.q.val() & self.classes.val().free1;
        self.counters[5].bits.next = self.attach_ring_q.q.val() & self.classes.val().free2;
        self.counters[6].bits.next = self.attach_ring_q.q.val() & self.classes.val().free3;
        self.counters[7].bits.next = self.attach_ring_q.q.val() & self.classes.val().free4;
        self.counters[8].bits.next = self.edge_ring_q.q.val() & self.classes.val().opponent;
        self.counters[9].bits.next =
            self.edge_ring_q.q.val() & self.classes.val().forbidden & !self.classes.val().opponent;
        self.counters[10].bits.next = self.edge_ring_q.q.val() & self.classes.val().own_attach;
        self.counters[11].bits.next = self.edge_ring_q.q.val()
            & !self.classes.val().forbidden
            & !self.classes.val().own_attach;

        // After edge 5: the counts, the local flag and the size.
        self.size.next = 0.into();
        for t in 0..TILE_COUNT {
            if self.tag_tile[4].q.val() == self.tile_number[t].val() {
                self.size.next = self.tile_size[t].val();
            }
        }
        self.counted.next.near = self.counters[0].count.val();
        self.counted.next.local = self.local_q[3].q.val();
        self.counted.next.attach_own = self.counters[1].count.val();
        self.counted.next.attach_forbidden = self.counters[2].count.val();
        self.counted.next.attach_free0 = self.counters[3].count.val();
        self.counted.next.attach_free1 = self.counters[4].count.val();
        self.counted.next.attach_free2 = self.counters[5].count.val();
        self.counted.next.attach_free3 = self.counters[6].count.val();
        self.counted.next.attach_free4 = self.counters[7].count.val();
        self.counted.next.edge_opponent = self.counters[8].count.val();
        self.counted.next.edge_forbidden = self.counters[9].count.val();
        self.counted.next.edge_own_attach = self.counters[10].count.val();
        self.counted.next.edge_free = self.counters[11].count.val();
        self.counted.next.size = self.size.val();

        // Edges 6-7: the weighted sum, the counts beside it.
        self.sum.counts.next = self.counted.val();
        self.counts_q[0].d.next = self.counted.val();
        self.counts_q[1].d.next = self.counts_q[0].q.val();

        self.scored.next = self.tag_valid[6].q.val();
        self.scored_shape.next = self.tag_shape[6].q.val();
        self.scored_corner.next = self.tag_corner[6].q.val();
        self.scored_tile.next = self.tag_tile[6].q.val();
        self.counts.next = self.counts_q[1].q.val();
        self.logit.next = self.sum.logit.val();
        self.finished.next = self.tag_done[6].q.val();
    }
}

/// Terms of the weighted sum: the [`SUMS`] products, the local flag's and
/// the size's weights, and two zeros, four a partial sum.
const TERMS: usize = 16;
// rust-hdl's Verilog generator evaluates an array index only with the loop
// variables in scope, so `LogitSum::update` names the table's stride (16)
// and the terms after the products (`[12]` to `[15]`) with literals: they
// hold for these values only.
const _: () = assert!(TERMS == SUMS + 4 && SUMS == 12 && COUNT_VALUES == 16);

/// The feature (`model::next::features::FEATURE_NAMES`) of the `j`-th count
/// of [`PriorCounts`] but the local flag: the near count is feature 0, the
/// rings' counts features 2 to 12.
fn feature_of_sum(j: usize) -> usize {
    if j == 0 {
        0
    } else {
        j + 1
    }
}

/// The logit of a candidate's counts: `sum of weight x count` in
/// [`LOGIT_BITS`]-bit two's complement, the weights constants of the
/// logic, [`LOGIT_LATENCY`] edges after the counts.
///
/// A count of a ring is at most 12 (`model::prior_scorer::largest_ring`),
/// so its product by a weight is a table of its low four bits, 16 constant
/// multiples, which synthesis makes a LUT4 an output bit (shifts and adds
/// would be carry chains); the local flag selects its weight, the size's
/// one-hot bit its own. Every sum is taken modulo `2^LOGIT_BITS`: the
/// logit of every move is a number of that width, so no partial sum's
/// wrap can change it.
///
/// | edge | registered |
/// |------|------------|
/// | 1    | four partial sums of four terms each, the products looked up on the way |
/// | 2    | their sum, the logit |
#[derive(LogicBlock)]
pub struct LogitSum {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The counts, taken at every edge.
    pub counts: Signal<In, PriorCounts>,
    /// The logit of the counts taken [`LOGIT_LATENCY`] edges ago.
    pub logit: Signal<Out, Logit>,
    /// The counts' low four bits, in the order of [`PriorCounts`].
    low: [Signal<Local, Bits<4>>; SUMS],
    /// The terms, modulo `2^LOGIT_BITS`.
    terms: [Signal<Local, Bits<LOGIT_BITS>>; TERMS],
    /// Edge 1: terms `4g` to `4g + 3` added.
    partial: [DFF<Bits<LOGIT_BITS>>; 4],
    /// Edge 2: the four partial sums added.
    total: DFF<Bits<LOGIT_BITS>>,
    /// 0 to 15, what a count is compared with.
    count_value: [Constant<Bits<4>>; COUNT_VALUES],
    /// `[16 j + v]`: `v` times the weight of count `j`.
    product: [Constant<Bits<LOGIT_BITS>>; SUMS * COUNT_VALUES],
    /// The local flag's weight.
    local_weight: Constant<Bits<LOGIT_BITS>>,
    /// `[k]`: the weight of size `k + 1`.
    size_weight: [Constant<Bits<LOGIT_BITS>>; 5],
    /// Zero, the padding terms.
    zero: Constant<Bits<LOGIT_BITS>>,
}

/// `value` modulo `2^LOGIT_BITS`, as the sum's constants.
fn wrapped(value: i32) -> Bits<LOGIT_BITS> {
    (u64::from(value as u32) & ((1 << LOGIT_BITS) - 1)).into()
}

impl LogitSum {
    /// The sum with `weights`; panics unless every move's logit under them
    /// is a number of [`LOGIT_BITS`] bits.
    pub fn new(weights: &Weights) -> LogitSum {
        let bounds = logit_bounds(weights);
        assert!(
            fits(bounds, LOGIT_BITS as u32),
            "logits from {} to {} are not numbers of {LOGIT_BITS} bits",
            bounds.0,
            bounds.1
        );
        let w = weights.0.map(i32::from);
        LogitSum {
            clock: Default::default(),
            counts: Default::default(),
            logit: Default::default(),
            low: Default::default(),
            terms: Default::default(),
            partial: Default::default(),
            total: Default::default(),
            count_value: std::array::from_fn(|v| Constant::new((v as u64).into())),
            product: std::array::from_fn(|i| {
                let (j, v) = (i / COUNT_VALUES, i % COUNT_VALUES);
                Constant::new(wrapped(w[feature_of_sum(j)] * v as i32))
            }),
            local_weight: Constant::new(wrapped(w[1])),
            size_weight: std::array::from_fn(|k| Constant::new(wrapped(w[13 + k]))),
            zero: Constant::new(0u64.into()),
        }
    }
}

impl Logic for LogitSum {
    #[hdl_gen]
    fn update(&mut self) {
        for g in 0..4 {
            self.partial[g].clock.next = self.clock.val();
        }
        self.total.clock.next = self.clock.val();
        // (hdl_gen reads a struct's fields by name only.)
        self.low[0].next = bit_cast::<4, 8>(self.counts.val().near);
        self.low[1].next = bit_cast::<4, 8>(self.counts.val().attach_own);
        self.low[2].next = bit_cast::<4, 8>(self.counts.val().attach_forbidden);
        self.low[3].next = bit_cast::<4, 8>(self.counts.val().attach_free0);
        self.low[4].next = bit_cast::<4, 8>(self.counts.val().attach_free1);
        self.low[5].next = bit_cast::<4, 8>(self.counts.val().attach_free2);
        self.low[6].next = bit_cast::<4, 8>(self.counts.val().attach_free3);
        self.low[7].next = bit_cast::<4, 8>(self.counts.val().attach_free4);
        self.low[8].next = bit_cast::<4, 8>(self.counts.val().edge_opponent);
        self.low[9].next = bit_cast::<4, 8>(self.counts.val().edge_forbidden);
        self.low[10].next = bit_cast::<4, 8>(self.counts.val().edge_own_attach);
        self.low[11].next = bit_cast::<4, 8>(self.counts.val().edge_free);
        // The products, each a table of its count.
        for j in 0..SUMS {
            self.terms[j].next = self.zero.val();
            for v in 0..COUNT_VALUES {
                if self.low[j].val() == self.count_value[v].val() {
                    self.terms[j].next = self.product[16 * j + v].val();
                }
            }
        }
        self.terms[12].next = self.zero.val();
        if self.counts.val().local {
            self.terms[12].next = self.local_weight.val();
        }
        self.terms[13].next = self.zero.val();
        for k in 0..5 {
            if self.counts.val().size.get_bit(k) {
                self.terms[13].next = self.size_weight[k].val();
            }
        }
        self.terms[14].next = self.zero.val();
        self.terms[15].next = self.zero.val();
        // Edge 1: four partial sums; edge 2: the logit.
        for g in 0..4 {
            self.partial[g].d.next = (self.terms[4 * g].val() + self.terms[4 * g + 1].val())
                + (self.terms[4 * g + 2].val() + self.terms[4 * g + 3].val());
        }
        self.total.d.next = (self.partial[0].q.val() + self.partial[1].q.val())
            + (self.partial[2].q.val() + self.partial[3].q.val());
        self.logit.next = signed_cast(self.total.q.val());
    }
}
