//! The next search's expander: a position's children, the
//! [`CHILDREN`] candidates with the highest prior logit in order of logit,
//! streamed out one a cycle with each one's distance below the best and
//! the sum of their weights, to be written into node memory. The hardware
//! twin of `model::prior_expander`, whose doc comment is the specification
//! (the order, the values and the cycles).
//!
//! # How
//! A three-state machine (`State`: idle, score, stream) sequences four
//! blocks. `start` starts the [`ClassUnit`] on the two sides and the
//! opponent's two recent placements, and at once the [`CellCandidates`]
//! stream on the side to move's forbidden and attach cells from a
//! [`MaskUnit`] (every input is read in that cycle only). The
//! [`PriorScorer`] behind the stream scores each candidate under the
//! classes, out long before the first candidate reads them, and each
//! candidate scored goes into the [`PriorList`]. Once the scorer is
//! finished the list's head is the best: it is kept (`found`, the best
//! child), and the list streams out from its head, moving up one entry a
//! cycle into the child registers, with `d = min(255, best - logit)` (0
//! for the head); the weight of the child shown, `EXP[d] >> 8` from a
//! 256-entry ROM, is added to the sum at the next edge. The cycle after
//! the last child raises `done`, the sum complete with it.
//!
//! The stream's mask unit is the class unit's own on the same inputs, the
//! same gates: synthesis merges the two (yosys gives 20,853 LUT4 with it
//! against 20,928 with the stream started two cycles later on the class
//! unit's `forbidden` and `own_attach` classes), so it costs no logic and
//! the class unit no cycle.

use crate::board::Board;
use crate::cell_candidates::CellCandidates;
use crate::class_unit::ClassUnit;
use crate::expander::Count;
use crate::mask_unit::MaskUnit;
use crate::prior_scorer::{Logit, PriorScorer, LOGIT_BITS};
use crate::side::Side;
use model::next::prior::{Weights, FITTED};
use model::prior_expander::{weight, CHILDREN, MAX_DISTANCE, WEIGHT_SUM_BITS};
use rust_hdl::prelude::*;

/// Width of a number of children, 0 to [`CHILDREN`].
pub const CHILD_COUNT_BITS: usize = 6;
const _: () = assert!(CHILDREN < 1 << CHILD_COUNT_BITS && CHILDREN >= 1 << (CHILD_COUNT_BITS - 1));

/// Width of a child's distance below the best, `d`.
pub const DISTANCE_BITS: usize = 8;
const _: () = assert!(MAX_DISTANCE == (1 << DISTANCE_BITS) - 1);

/// Width of a child's weight, `EXP[d] >> 8`: at most 256.
pub const WEIGHT_BITS: usize = 9;

/// Width of the weight sum (`model::prior_expander::WEIGHT_SUM_BITS`).
pub const SUM_BITS: usize = WEIGHT_SUM_BITS as usize;

/// The list's last entry (rust-hdl's Verilog generator needs array
/// indices with the loop variables in scope, so `update` writes it as a literal).
const LAST: usize = CHILDREN - 1;
const _: () = assert!(LAST == 31);

/// The struct: rust-hdl's `LogicStruct` derive adds undocumented methods
/// (each field's width and offset, for the Verilog).
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// One entry of the [`PriorList`]: a candidate and its logit.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct ListEntry {
        /// The entry holds a candidate.
        pub valid: Bit,
        /// Its logit in offset binary (the sign bit inverted), so that the
        /// logits' order is the keys' unsigned order.
        pub key: Bits<LOGIT_BITS>,
        /// Its oriented shape.
        pub shape: Bits<7>,
        /// Its box corner.
        pub corner: Bits<8>,
        /// Its tile.
        pub tile: Bits<5>,
    }
}
pub use structs::ListEntry;

/// The expander's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// Waiting for a `start`.
    Idle,
    /// Scoring the candidates into the list.
    Score,
    /// Streaming the list out.
    Stream,
}

/// The prior expander.
#[derive(LogicBlock)]
pub struct PriorExpander {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle: expand the position below (read
    /// in this cycle only).
    pub start: Signal<In, Bit>,
    /// The side to move: its cells, start square and tiles left.
    pub own: Signal<In, Side>,
    /// The other side (its tiles left are not read: the children are the
    /// side to move's).
    pub opponent: Signal<In, Side>,
    /// The cells of the opponent's latest placement (empty if none).
    pub latest: Signal<In, Board>,
    /// The cells of the opponent's placement before it (empty if none).
    pub earlier: Signal<In, Board>,
    /// High with each child streamed out, best first.
    pub child: Signal<Out, Bit>,
    /// The child's oriented shape.
    pub child_shape: Signal<Out, Bits<7>>,
    /// The child's box corner.
    pub child_corner: Signal<Out, Bits<8>>,
    /// The child's tile.
    pub child_tile: Signal<Out, Bits<5>>,
    /// The child's logit below the best's, `min(255, best - logit)`, in
    /// sixteenths of a natural-log unit.
    pub child_distance: Signal<Out, Bits<DISTANCE_BITS>>,
    /// High for one cycle after the last child.
    pub done: Signal<Out, Bit>,
    /// Expanding (a `start` is taken only when low).
    pub busy: Signal<Out, Bit>,
    /// The candidates scored (held from `done` to the next `start`, as
    /// the outputs below).
    pub candidates: Signal<Out, Count>,
    /// The children streamed out.
    pub children: Signal<Out, Bits<CHILD_COUNT_BITS>>,
    /// The sum of the children's weights `EXP[d] >> 8`, at least 1.
    pub weight_sum: Signal<Out, Bits<SUM_BITS>>,
    /// A candidate was found; the best one's shape, corner and tile below
    /// (the first child's).
    pub found: Signal<Out, Bit>,
    /// The best candidate's oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// The best candidate's box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// The best candidate's tile.
    pub best_tile: Signal<Out, Bits<5>>,
    units: ClassUnit,
    /// The side to move's forbidden and attach cells, for the stream.
    masks: MaskUnit,
    stream: CellCandidates,
    scorer: PriorScorer,
    list: PriorList,
    /// `EXP[d] >> 8` by `d`.
    weights: ROM<Bits<WEIGHT_BITS>, DISTANCE_BITS>,
    state: DFF<State>,
    count: DFF<Count>,
    children_q: DFF<Bits<CHILD_COUNT_BITS>>,
    sum: DFF<Bits<SUM_BITS>>,
    /// The best's key, from the head when the scorer is finished.
    best_key: DFF<Bits<LOGIT_BITS>>,
    found_q: DFF<Bit>,
    best_shape_q: DFF<Bits<7>>,
    best_corner_q: DFF<Bits<8>>,
    best_tile_q: DFF<Bits<5>>,
    child_q: DFF<Bit>,
    child_shape_q: DFF<Bits<7>>,
    child_corner_q: DFF<Bits<8>>,
    child_tile_q: DFF<Bits<5>>,
    child_distance_q: DFF<Bits<DISTANCE_BITS>>,
    done_q: DFF<Bit>,
    /// The head's key below the best's.
    below: Signal<Local, Bits<LOGIT_BITS>>,
    /// That, capped at 255.
    distance: Signal<Local, Bits<DISTANCE_BITS>>,
    most: Constant<Bits<DISTANCE_BITS>>,
}

impl PriorExpander {
    /// An idle expander with an empty list, its scorer with the fitted
    /// weights (`model::next::prior::FITTED`).
    pub fn new() -> PriorExpander {
        PriorExpander::with_weights(&FITTED)
    }

    /// An idle expander whose scorer weighs with `weights`; panics unless
    /// every move's logit under them is a number of [`LOGIT_BITS`] bits.
    pub fn with_weights(weights: &Weights) -> PriorExpander {
        PriorExpander {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            latest: Default::default(),
            earlier: Default::default(),
            child: Default::default(),
            child_shape: Default::default(),
            child_corner: Default::default(),
            child_tile: Default::default(),
            child_distance: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            candidates: Default::default(),
            children: Default::default(),
            weight_sum: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            units: ClassUnit::new(),
            masks: MaskUnit::new(),
            stream: CellCandidates::new(),
            scorer: PriorScorer::with_weights(weights),
            list: PriorList::new(),
            weights: (0..1u32 << DISTANCE_BITS)
                .map(|d| Bits::<WEIGHT_BITS>::from(u64::from(weight(d))))
                .into(),
            state: Default::default(),
            count: Default::default(),
            children_q: Default::default(),
            sum: Default::default(),
            best_key: Default::default(),
            found_q: Default::default(),
            best_shape_q: Default::default(),
            best_corner_q: Default::default(),
            best_tile_q: Default::default(),
            child_q: Default::default(),
            child_shape_q: Default::default(),
            child_corner_q: Default::default(),
            child_tile_q: Default::default(),
            child_distance_q: Default::default(),
            done_q: Default::default(),
            below: Default::default(),
            distance: Default::default(),
            most: Constant::new(u64::from(MAX_DISTANCE).into()),
        }
    }
}

impl Default for PriorExpander {
    fn default() -> PriorExpander {
        PriorExpander::new()
    }
}

impl Logic for PriorExpander {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            count,
            children_q,
            sum,
            best_key,
            found_q,
            best_shape_q,
            best_corner_q,
            best_tile_q,
            child_q,
            child_shape_q,
            child_corner_q,
            child_tile_q,
            child_distance_q,
            done_q
        );
        // The class unit and the stream, the scorer behind them, the list
        // behind the scorer.
        self.units.clock.next = self.clock.val();
        self.units.start.next = false;
        self.units.own.next = self.own.val();
        self.units.opponent.next = self.opponent.val();
        self.units.latest.next = self.latest.val();
        self.units.earlier.next = self.earlier.val();
        self.stream.clock.next = self.clock.val();
        self.stream.start.next = false;
        self.masks.own.next = self.own.val().cells;
        self.masks.opponent.next = self.opponent.val().cells;
        self.masks.start.next = self.own.val().start_square;
        self.stream.forbidden.next = self.masks.forbidden.val();
        self.stream.attach.next = self.masks.attach.val();
        self.stream.tiles_left.next = self.own.val().tiles;
        self.scorer.clock.next = self.clock.val();
        self.scorer.classes.next = self.units.classes.val();
        self.scorer.candidate.next = self.stream.valid.val();
        self.scorer.shape.next = self.stream.shape.val();
        self.scorer.corner.next = self.stream.corner.val();
        self.scorer.stream_done.next = self.stream.done.val();
        self.list.clock.next = self.clock.val();
        self.list.clear.next = false;
        self.list.insert.next = false;
        self.list.shift.next = false;
        self.list.logit.next = self.scorer.logit.val();
        self.list.shape.next = self.scorer.scored_shape.val();
        self.list.corner.next = self.scorer.scored_corner.val();
        self.list.tile.next = self.scorer.scored_tile.val();

        // The head's distance below the best (keys in offset binary: the
        // difference of the logits), capped.
        self.below.next = self.best_key.q.val() - self.list.head.val().key;
        self.distance.next = bit_cast::<DISTANCE_BITS, LOGIT_BITS>(self.below.val());
        if self.below.val().get_bits::<2>(8).any() {
            self.distance.next = self.most.val();
        }
        // The weight of the child shown goes into the sum at the next edge.
        self.weights.address.next = self.child_distance_q.q.val();
        if self.child_q.q.val() {
            self.sum.d.next =
                self.sum.q.val() + bit_cast::<SUM_BITS, WEIGHT_BITS>(self.weights.data.val());
        }

        self.child_q.d.next = false;
        self.done_q.d.next = false;
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.units.start.next = true;
                    self.stream.start.next = true;
                    self.list.clear.next = true;
                    self.count.d.next = 0.into();
                    self.children_q.d.next = 0.into();
                    self.sum.d.next = 0.into();
                    self.found_q.d.next = false;
                    self.state.d.next = State::Score;
                }
            }
            State::Score => {
                if self.scorer.scored.val() {
                    self.list.insert.next = true;
                    self.count.d.next = self.count.q.val() + 1;
                }
                if self.scorer.finished.val() {
                    // Every logit is in: the head is the best, and the
                    // first child, 0 below itself.
                    self.found_q.d.next = self.list.head.val().valid;
                    self.best_key.d.next = self.list.head.val().key;
                    self.best_shape_q.d.next = self.list.head.val().shape;
                    self.best_corner_q.d.next = self.list.head.val().corner;
                    self.best_tile_q.d.next = self.list.head.val().tile;
                    self.child_distance_q.d.next = 0.into();
                    self.state.d.next = State::Stream;
                    if !self.list.head.val().valid {
                        self.done_q.d.next = true;
                        self.state.d.next = State::Idle;
                    }
                }
            }
            State::Stream => {
                self.child_distance_q.d.next = self.distance.val();
                if !self.list.head.val().valid {
                    self.done_q.d.next = true;
                    self.state.d.next = State::Idle;
                }
            }
        }
        // The head goes out, the list moves up one.
        if self.list.head.val().valid
            & ((self.state.q.val() == State::Stream)
                | ((self.state.q.val() == State::Score) & self.scorer.finished.val()))
        {
            self.child_q.d.next = true;
            self.child_shape_q.d.next = self.list.head.val().shape;
            self.child_corner_q.d.next = self.list.head.val().corner;
            self.child_tile_q.d.next = self.list.head.val().tile;
            self.children_q.d.next = self.children_q.q.val() + 1;
            self.list.shift.next = true;
        }

        self.child.next = self.child_q.q.val();
        self.child_shape.next = self.child_shape_q.q.val();
        self.child_corner.next = self.child_corner_q.q.val();
        self.child_tile.next = self.child_tile_q.q.val();
        self.child_distance.next = self.child_distance_q.q.val();
        self.done.next = self.done_q.q.val();
        self.busy.next = self.state.q.val() != State::Idle;
        self.candidates.next = self.count.q.val();
        self.children.next = self.children_q.q.val();
        self.weight_sum.next = self.sum.q.val();
        if !self.found_q.q.val() {
            self.weight_sum.next = 1.into();
        }
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.best_shape_q.q.val();
        self.best_corner.next = self.best_corner_q.q.val();
        self.best_tile.next = self.best_tile_q.q.val();
    }
}

/// The list of the [`CHILDREN`] candidates of highest logit, in order of
/// logit, highest first, equal logits in the order they came: the list
/// `model::prior_expander::kept` gives.
///
/// On an insertion entry `i` stays where it is when it is valid and its
/// key is at least the new one's (so an arrival goes after the equal ones
/// before it); the new one takes the first place that does not stay, and
/// the entries after it move down one (the last drops out when the list is
/// full): one comparison an entry, all at once, a candidate a clock. A
/// shift moves every entry up one, the head out.
#[derive(LogicBlock)]
pub struct PriorList {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Empty the list (before the others below).
    pub clear: Signal<In, Bit>,
    /// Move every entry up one, the head out (before an insertion).
    pub shift: Signal<In, Bit>,
    /// Insert the candidate below.
    pub insert: Signal<In, Bit>,
    /// Its logit.
    pub logit: Signal<In, Logit>,
    /// Its oriented shape.
    pub shape: Signal<In, Bits<7>>,
    /// Its box corner.
    pub corner: Signal<In, Bits<8>>,
    /// Its tile.
    pub tile: Signal<In, Bits<5>>,
    /// The first entry: the highest logit (invalid when the list is empty).
    pub head: Signal<Out, ListEntry>,
    /// The entries' fields, `[0]` the head (arrays of fields, not of
    /// [`ListEntry`]s: rust-hdl's Verilog generator reads a struct's
    /// field only of a signal named without a loop index).
    valid: [DFF<Bit>; CHILDREN],
    key: [DFF<Bits<LOGIT_BITS>>; CHILDREN],
    shape_q: [DFF<Bits<7>>; CHILDREN],
    corner_q: [DFF<Bits<8>>; CHILDREN],
    tile_q: [DFF<Bits<5>>; CHILDREN],
    /// Entry `i` stays in place on an insertion.
    keep: [Signal<Local, Bit>; CHILDREN],
    /// The arrival's key.
    new_key: Signal<Local, Bits<LOGIT_BITS>>,
    sign: Constant<Bits<LOGIT_BITS>>,
}

impl PriorList {
    /// An empty list.
    pub fn new() -> PriorList {
        PriorList {
            clock: Default::default(),
            clear: Default::default(),
            shift: Default::default(),
            insert: Default::default(),
            logit: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            tile: Default::default(),
            head: Default::default(),
            valid: Default::default(),
            key: Default::default(),
            shape_q: Default::default(),
            corner_q: Default::default(),
            tile_q: Default::default(),
            keep: Default::default(),
            new_key: Default::default(),
            sign: Constant::new((1u64 << (LOGIT_BITS - 1)).into()),
        }
    }
}

impl Default for PriorList {
    fn default() -> PriorList {
        PriorList::new()
    }
}

impl Logic for PriorList {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..CHILDREN {
            self.valid[i].clock.next = self.clock.val();
            self.key[i].clock.next = self.clock.val();
            self.shape_q[i].clock.next = self.clock.val();
            self.corner_q[i].clock.next = self.clock.val();
            self.tile_q[i].clock.next = self.clock.val();
            self.valid[i].d.next = self.valid[i].q.val();
            self.key[i].d.next = self.key[i].q.val();
            self.shape_q[i].d.next = self.shape_q[i].q.val();
            self.corner_q[i].d.next = self.corner_q[i].q.val();
            self.tile_q[i].d.next = self.tile_q[i].q.val();
        }
        self.new_key.next = unsigned_cast(self.logit.val()) ^ self.sign.val();
        for i in 0..CHILDREN {
            self.keep[i].next = self.valid[i].q.val() & (self.key[i].q.val() >= self.new_key.val());
        }
        if self.clear.val() {
            for i in 0..CHILDREN {
                self.valid[i].d.next = false;
            }
        } else if self.shift.val() {
            for i in 0..LAST {
                self.valid[i].d.next = self.valid[i + 1].q.val();
                self.key[i].d.next = self.key[i + 1].q.val();
                self.shape_q[i].d.next = self.shape_q[i + 1].q.val();
                self.corner_q[i].d.next = self.corner_q[i + 1].q.val();
                self.tile_q[i].d.next = self.tile_q[i + 1].q.val();
            }
            self.valid[31].d.next = false;
        } else if self.insert.val() {
            // The first entry that does not stay takes the arrival; the
            // ones after it move down.
            if !self.keep[0].val() {
                self.valid[0].d.next = true;
                self.key[0].d.next = self.new_key.val();
                self.shape_q[0].d.next = self.shape.val();
                self.corner_q[0].d.next = self.corner.val();
                self.tile_q[0].d.next = self.tile.val();
            }
            for i in 1..CHILDREN {
                if !self.keep[i].val() {
                    if self.keep[i - 1].val() {
                        self.valid[i].d.next = true;
                        self.key[i].d.next = self.new_key.val();
                        self.shape_q[i].d.next = self.shape.val();
                        self.corner_q[i].d.next = self.corner.val();
                        self.tile_q[i].d.next = self.tile.val();
                    } else {
                        self.valid[i].d.next = self.valid[i - 1].q.val();
                        self.key[i].d.next = self.key[i - 1].q.val();
                        self.shape_q[i].d.next = self.shape_q[i - 1].q.val();
                        self.corner_q[i].d.next = self.corner_q[i - 1].q.val();
                        self.tile_q[i].d.next = self.tile_q[i - 1].q.val();
                    }
                }
            }
        }
        self.head.next.valid = self.valid[0].q.val();
        self.head.next.key = self.key[0].q.val();
        self.head.next.shape = self.shape_q[0].q.val();
        self.head.next.corner = self.corner_q[0].q.val();
        self.head.next.tile = self.tile_q[0].q.val();
    }
}
