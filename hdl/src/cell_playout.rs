//! The attach-cell playout engine: a position played to its end by the
//! playout policy of `model::cell_playout` (an attach cell drawn first, those
//! next to the opponent's last placement first; then a size by Pentobi's
//! weights and opening rule, a shape of that size and one of its
//! placements covering the cell), each draw the next number of a
//! xorshift32, one placement every 14 cycles, without a move generator.
//! The hardware twin of `model::cell_playout`, whose doc comment is the
//! specification (the draws, the order and the cycles).
//!
//! # How
//! The engine keeps each side's forbidden cells (occupied, next to its own
//! tiles by an edge, or found dead), attach cells and tiles left as a
//! [`PlayoutSide`] (`Sides`, with the cells next to the last placement and
//! the game's counters), and updates both after every placement; the side
//! to move is `own`, and the sides swap after every ply. A state machine
//! (`State`) steps through a ply and only sequences: each step's datapath
//! is a private sub-block of `cell_playout/` with one job. The draws come
//! from a xorshift32 (`Generator`) through `Draws`; `Tally` counts the side
//! to move's tiles left, for the opening rule and the margin. A ply:
//! 1. **PLY**: the game is over after two passes in a row or when a side
//!    has placed all 21 tiles: SWAP and FINISH count the margin. A side
//!    without an attach cell passes (the sides swap). Else the rows of the
//!    cells to draw from ([`DrawCells`]: the attach cells next to the last
//!    placement if there are some, else all) are loaded as the draw's
//!    entries (`Counting`: `EntryRows` into `Entries`), and their number is
//!    the draw's range.
//! 2. **PREFIX**, **LOCATE**, **NTH**: the entries' counts and running sums
//!    (`Counting`'s `Prefix`), and the draw (its range known since PLY);
//!    the entry holding the drawn cell (`Counting`'s `Locate`); its place
//!    in the row (`Counting`'s `Nth`): the attach cell.
//! 3. **WINDOW**: the 9 x 9 cells around it, forbidden or off the board
//!    (`Fit`'s [`CellWindow`]).
//! 4. **PAIRS**: from the window alone, which of the 414 (shape, cell)
//!    pairs fit with that cell on the attach cell, and the shapes whose
//!    tile is left with one that fits (`Fit`'s [`PairFits`]). None: the
//!    cell is dead (`Fit`'s [`CellHot`]); it joins the forbidden cells (no
//!    legal placement covers it, now or later) and the ply starts again.
//!    Else the shapes that fit are loaded as entries in rows of one size
//!    each, for the counters.
//! 5. **WEIGH**, **SIZE**: a size drawn by weight among those with a shape
//!    that fits (the opening rule's, when there are some), by `SizeDraw`:
//!    WEIGH (`Weigh`) counts the shapes of each size that fit, and SIZE
//!    (`SizePick`) keeps the drawn size and its count as the next draw's
//!    range, while the flags are loaded, a byte an entry, of which the
//!    counters see the drawn size's.
//! 6. **PREFIX**, **LOCATE**, **NTH**: a shape of that size drawn among
//!    those that fit, by the same blocks.
//! 7. **PAIR_SET**, **NTH_PAIR**: one of the shape's cells that fit on the
//!    attach cell drawn (the count being at most 5, its draw is the
//!    generator's, made for every range of at most 7 beside its number,
//!    selected by the count); the shape's box corner, from the
//!    cell's offset in a ROM of each shape's five cells (`PairSet`,
//!    `PairDelta`).
//! 8. **APPLY**: the placement's cells (the shape's, registered in PAIR_SET
//!    with its box corner on cell 0, shifted onto the corner); both sides'
//!    forbidden and attach cells, the tiles, the cells next to the
//!    placement (`Sides`' `Apply`); the sides swap.
//!
//! # With history
//! An engine built with refinements ([`CellPlayout::refined`]) is the engine
//! of `model::cell_playout::run_refined` given the leaf's placements: it
//! takes the leaf's last three moves with `start` (`recent`, as
//! [`RecentMoves`]) and keeps the cells near each of the last three
//! placements (`History`: with `block`, a placement's attach ring; with
//! `last_two`, the cells near the opponent's last two placements drawn
//! first; with `block`, only those still free to the opponent), which it
//! gives the draw in place of the cells next to the last placement. A start
//! loads the three sets from the moves through the placer and `Apply`'s
//! shift and neighbours while PLY waits,
//! `model::cell_playout::HISTORY_CYCLES`; a ply takes no cycle more. Its
//! parts are [`Optional`]: the engine built with [`CellPlayout::new`] has
//! none of them, and its Verilog is the engine's without history, bit for
//! bit.

mod apply;
mod counting;
mod draws;
mod entries;
mod fit;
mod generator;
mod history;
mod layout;
mod locate;
mod nth;
mod pair_set;
mod prefix;
mod sides;
mod size_draw;
mod size_pick;
mod tally;
#[cfg(test)]
mod tests;
mod weigh;

use crate::bit_count::BoardCount;
use crate::board::Board;
use crate::optional::Optional;
use crate::side::PlayoutSide;
use counting::Counting;
use draws::Draws;
use fit::Fit;
use generator::Generator;
use history::History;
pub use history::RecentMoves;
pub use layout::{delta_word, DELTA_BITS};
use model::cell_playout::Refinements;
use pair_set::{PairDelta, PairSet};
use rust_hdl::prelude::*;
use sides::Sides;
use size_draw::SizeDraw;
use tally::Tally;

/// The steps of a ply (the doc comment of the module tells each).
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// Waiting for a `start`.
    Idle,
    /// The game over, a pass, or the cells to draw from.
    Ply,
    /// The entries' counts and running sums; the draw.
    Prefix,
    /// The entry holding the drawn bit.
    Locate,
    /// The drawn bit's place: the attach cell, or the shape.
    Nth,
    /// The cells around the attach cell.
    Window,
    /// The pairs and shapes that fit there.
    Pairs,
    /// The sizes' weights and counts.
    Weigh,
    /// The drawn size.
    Size,
    /// The chosen shape's pairs that fit.
    PairSet,
    /// The drawn pair and the box corner.
    NthPair,
    /// The placement; the sides swap.
    Apply,
    /// The game over: the last mover's unplaced cells.
    Swap,
    /// The margin.
    Finish,
}

/// The cells an attach cell is drawn from: the side to move's attach cells
/// next to the last placement if there are some, else all of them; and how
/// many of each there are (both counted at once, for the user to choose by
/// `near_any`: a count after the choice would be a path too long; and
/// Verilator finds a loop in a choice made here, after the counts).
#[derive(LogicBlock)]
pub struct DrawCells {
    /// The side to move's attach cells.
    pub attach: Signal<In, Board>,
    /// The cells next to the last placement.
    pub near: Signal<In, Board>,
    /// The cells to draw from.
    pub from: Signal<Out, Board>,
    /// Some attach cell is next to the last placement.
    pub near_any: Signal<Out, Bit>,
    /// How many attach cells are next to the last placement.
    pub near_cells: Signal<Out, Bits<8>>,
    /// How many attach cells there are.
    pub all_cells: Signal<Out, Bits<8>>,
    near_live: Signal<Local, Board>,
    near_count: BoardCount,
    attach_count: BoardCount,
}

impl DrawCells {
    /// The block, inputs zero.
    pub fn new() -> DrawCells {
        DrawCells {
            attach: Default::default(),
            near: Default::default(),
            from: Default::default(),
            near_any: Default::default(),
            near_cells: Default::default(),
            all_cells: Default::default(),
            near_live: Default::default(),
            near_count: BoardCount::new(),
            attach_count: BoardCount::new(),
        }
    }
}

impl Default for DrawCells {
    fn default() -> DrawCells {
        DrawCells::new()
    }
}

impl Logic for DrawCells {
    #[hdl_gen]
    fn update(&mut self) {
        self.near_live.next = self.attach.val() & self.near.val();
        self.near_count.bits.next = self.near_live.val();
        self.attach_count.bits.next = self.attach.val();
        self.from.next = self.attach.val();
        if self.near_live.val().any() {
            self.from.next = self.near_live.val();
        }
        self.near_cells.next = self.near_count.count.val();
        self.all_cells.next = self.attach_count.count.val();
        self.near_any.next = self.near_live.val().any();
    }
}

/// The attach-cell playout engine.
#[derive(LogicBlock)]
pub struct CellPlayout {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle (or in the cycle of `done`): play
    /// out the position below.
    pub start: Signal<In, Bit>,
    /// The side to move.
    pub own: Signal<In, PlayoutSide>,
    /// The other side.
    pub opponent: Signal<In, PlayoutSide>,
    /// Passes in a row before the position (0, 1 or 2).
    pub passes: Signal<In, Bits<2>>,
    /// The generator's state before the playout's first draw (not 0).
    pub seed: Signal<In, Bits<32>>,
    /// The leaf's last three moves, the latest first, taken with `start`
    /// (an engine with history only).
    pub recent: Optional<Signal<In, RecentMoves>>,
    /// High for one cycle when the playout is over; the results below hold until the next `start`.
    pub done: Signal<Out, Bit>,
    /// Working on a playout.
    pub busy: Signal<Out, Bit>,
    /// Unplaced cells of the other side minus the starting side's at the
    /// end, two's complement: positive when the side to move at `start` wins.
    pub margin: Signal<Out, Bits<8>>,
    /// Plies played, passes included.
    pub plies: Signal<Out, Bits<8>>,
    /// The generator's state after the playout's last draw.
    pub rng: Signal<Out, Bits<32>>,
    /// The sides, the cells next to the last placement, the counters.
    sides: Sides,
    /// The cells near the last three placements (an engine with history
    /// only).
    history: Optional<History>,
    /// The opening rule and the margin.
    tally: Tally,
    generator: Generator,
    draws: Draws,
    /// The cells the attach cell is drawn from, and how many (PLY).
    draw_cells: DrawCells,
    counting: Counting,
    fit: Fit,
    size_draw: SizeDraw,
    pair_set: PairSet,
    pair_delta: PairDelta,
    state: DFF<State>,
    /// The chosen shape's cells with its box corner on cell 0 (PAIR_SET):
    /// APPLY shifts them onto the box corner.
    origin: DFF<Board>,
    /// The range of the next draw.
    range: DFF<Bits<8>>,
    /// The drawn number (PREFIX).
    pick: DFF<Bits<8>>,
    /// The draw is of an attach cell (else of a shape).
    finding_cell: DFF<Bit>,
    /// The placement's box corner (NTH_PAIR).
    corner: DFF<Bits<8>>,
    /// The chosen shape's tile (PAIR_SET).
    tile: DFF<Bits<5>>,
    done_q: DFF<Bit>,
}

impl CellPlayout {
    /// An idle engine: the board's, without history
    /// (`model::cell_playout::run`).
    pub fn new() -> CellPlayout {
        CellPlayout::build(None)
    }

    /// An idle engine with history and `refinements` (its `block` and
    /// `last_two`; the others must be off):
    /// `model::cell_playout::run_refined` given the leaf's placements.
    pub fn refined(refinements: Refinements) -> CellPlayout {
        assert!(
            !refinements.tile_weights && refinements.heavy_cap == 0 && !refinements.counted,
            "the engine builds `block` and `last_two` only: {refinements:?}"
        );
        CellPlayout::build(Some(refinements))
    }

    /// The engine, with history under `refinements` if some.
    fn build(refinements: Option<Refinements>) -> CellPlayout {
        let policy = model::cell_playout::POLICY;
        assert!(policy.opening_sizes && policy.cells_first);
        let history = History::new(refinements.unwrap_or(Refinements::BOARD));
        let (recent, sides, history) = match refinements {
            None => (
                Optional::absent(Default::default()),
                Sides::default(),
                Optional::absent(history),
            ),
            Some(_) => (
                Optional::present(Default::default()),
                Sides::with_history(),
                Optional::present(history),
            ),
        };
        CellPlayout {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            passes: Default::default(),
            seed: Default::default(),
            recent,
            done: Default::default(),
            busy: Default::default(),
            margin: Default::default(),
            plies: Default::default(),
            rng: Default::default(),
            sides,
            history,
            tally: Default::default(),
            generator: Default::default(),
            draws: Default::default(),
            draw_cells: DrawCells::new(),
            counting: Default::default(),
            fit: Default::default(),
            size_draw: Default::default(),
            pair_set: Default::default(),
            pair_delta: Default::default(),
            state: Default::default(),
            origin: Default::default(),
            range: Default::default(),
            pick: Default::default(),
            finding_cell: Default::default(),
            corner: Default::default(),
            tile: Default::default(),
            done_q: Default::default(),
        }
    }
}

impl Default for CellPlayout {
    fn default() -> CellPlayout {
        CellPlayout::new()
    }
}

impl Logic for CellPlayout {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, origin, range, pick, finding_cell);
        dff_setup!(self, clock, corner, tile, done_q);
        // The sides and the tally, their commands low but in their state.
        self.sides.clock.next = self.clock.val();
        self.sides.start_own.next = self.own.val();
        self.sides.start_other.next = self.opponent.val();
        self.sides.start_passes.next = self.passes.val();
        self.sides.load.next = false;
        self.sides.pass.next = false;
        self.sides.dead.next = false;
        self.sides.dead_cell.next = self.fit.cell_hot.val();
        self.sides.place.next = self.state.q.val() == State::Apply;
        self.sides.origin.next = self.origin.q.val();
        self.sides.corner.next = self.corner.q.val();
        self.sides.tile.next = self.tile.q.val();
        self.sides.swap.next = self.state.q.val() == State::Swap;
        self.tally.clock.next = self.clock.val();
        self.tally.tiles.next = self.sides.own.val().tiles;
        self.tally.root.next = self.sides.root.val();
        self.tally.keep.next = self.state.q.val() == State::Swap;
        self.tally.finish.next = self.state.q.val() == State::Finish;
        // The generator and its draws.
        self.generator.clock.next = self.clock.val();
        self.generator.load.next = false;
        self.generator.seed.next = self.seed.val();
        self.generator.step.next = false;
        self.draws.x.next = self.generator.high.val();
        self.draws.pair_picks.next = self.generator.pair_picks.val();
        self.draws.range.next = self.range.q.val();
        self.draws.shape_range.next = self.size_draw.shape_range.val();
        // PLY, PAIRS, SIZE: the entries loaded; PREFIX, LOCATE, NTH, NTH_PAIR.
        self.draw_cells.attach.next = self.sides.own.val().attach;
        self.draw_cells.near.next = self.sides.near.val();
        self.counting.clock.next = self.clock.val();
        self.counting.cells.next = self.draw_cells.from.val();
        self.counting.fits.next = self.fit.fits.val();
        self.counting.flags.next = self.fit.flags.val();
        self.counting.load.next = false;
        self.counting.pairs.next = self.state.q.val() == State::Pairs;
        self.counting.size.next = self.state.q.val() == State::Size;
        self.counting.finding_cell.next = self.finding_cell.q.val();
        self.counting.size_hot.next = self.size_draw.size_hot.val();
        self.counting.latch.next = self.state.q.val() == State::Prefix;
        self.counting.pick.next = self.pick.q.val();
        self.counting.take_entry.next = self.state.q.val() == State::Locate;
        self.counting.choose.next = self.state.q.val() == State::Nth;
        self.counting.take_pairs.next = self.state.q.val() == State::PairSet;
        self.counting.shape_pairs.next = self.pair_set.pairs.val();
        self.counting.pick_pair.next = self.state.q.val() == State::NthPair;
        self.counting.pair_pick.next = self.draws.pair_pick.val();
        // WINDOW, PAIRS; WEIGH, SIZE.
        self.fit.clock.next = self.clock.val();
        self.fit.forbidden.next = self.sides.own.val().forbidden;
        self.fit.tiles.next = self.sides.own.val().tiles;
        self.fit.row.next = self.counting.row.val();
        self.fit.column.next = self.counting.cell_column.val();
        self.fit.window.next = self.state.q.val() == State::Window;
        self.fit.pairs.next = self.state.q.val() == State::Pairs;
        self.size_draw.clock.next = self.clock.val();
        self.size_draw.weigh.next = self.state.q.val() == State::Weigh;
        self.size_draw.size.next = self.state.q.val() == State::Size;
        self.size_draw.flags.next = self.fit.flags.val();
        self.size_draw.opening.next = self.tally.opening.val();
        self.size_draw.drawn.next = self.draws.drawn.val();
        for e in 0..14 {
            self.size_draw.counts[e].next = self.counting.counts[e].val();
        }
        // PAIR_SET, NTH_PAIR.
        self.pair_set.enable.next = self.state.q.val() == State::PairSet;
        self.pair_set.shape.next = self.counting.shape.val();
        self.pair_set.shape_hot.next = self.counting.shape_hot.val();
        self.pair_set.fits.next = self.fit.fit_pairs.val();
        self.pair_delta.clock.next = self.clock.val();
        self.pair_delta.shape.next = self.counting.shape.val();
        self.pair_delta.index.next = self.counting.index.val();

        self.done_q.d.next = false;
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.sides.load.next = true;
                    self.generator.load.next = true;
                    self.state.d.next = State::Ply;
                }
            }
            State::Ply => {
                if self.sides.over.val() {
                    self.state.d.next = State::Swap;
                } else if !self.sides.own.val().attach.any() {
                    self.sides.pass.next = true;
                } else {
                    // The rows of the cells to draw from, and how many.
                    self.counting.load.next = true;
                    self.range.d.next = self.draw_cells.all_cells.val();
                    if self.draw_cells.near_any.val() {
                        self.range.d.next = self.draw_cells.near_cells.val();
                    }
                    self.finding_cell.d.next = true;
                    self.state.d.next = State::Prefix;
                }
            }
            State::Prefix => {
                // The draw, its range the total of the counts.
                self.pick.d.next = self.draws.drawn.val();
                if !self.finding_cell.q.val() {
                    self.pick.d.next = self.draws.shape_drawn.val();
                }
                self.generator.step.next = true;
                self.state.d.next = State::Locate;
            }
            State::Locate => {
                self.state.d.next = State::Nth;
            }
            State::Nth => {
                self.state.d.next = State::PairSet;
                if self.finding_cell.q.val() {
                    self.state.d.next = State::Window;
                }
            }
            State::Window => {
                self.state.d.next = State::Pairs;
            }
            State::Pairs => {
                // The shapes that fit, in rows of one size, for WEIGH's
                // counts; none: a dead cell, and the ply starts again.
                self.counting.load.next = true;
                if self.fit.any.val() {
                    self.state.d.next = State::Weigh;
                } else {
                    self.sides.dead.next = true;
                    self.state.d.next = State::Ply;
                }
            }
            State::Weigh => {
                self.range.d.next = self.size_draw.total.val();
                self.state.d.next = State::Size;
            }
            State::Size => {
                // The flags of every size, a byte an entry, and the drawn size.
                self.counting.load.next = true;
                self.generator.step.next = true;
                self.finding_cell.d.next = false;
                self.state.d.next = State::Prefix;
            }
            State::PairSet => {
                self.range.d.next = bit_cast::<8, 4>(self.pair_set.count.val());
                self.origin.d.next = self.pair_set.origin.val();
                self.tile.d.next = self.pair_set.tile.val();
                self.state.d.next = State::NthPair;
            }
            State::NthPair => {
                self.generator.step.next = true;
                self.corner.d.next = self.counting.cell_index.val()
                    - bit_cast::<8, DELTA_BITS>(self.pair_delta.delta.val());
                self.state.d.next = State::Apply;
            }
            State::Apply => {
                self.state.d.next = State::Ply;
            }
            State::Swap => {
                self.state.d.next = State::Finish;
            }
            State::Finish => {
                self.done_q.d.next = true;
                self.state.d.next = State::Idle;
            }
        }
        // With history: the draw's cells near the last placements; a start
        // loads them from the leaf's moves through the placer, PLY waiting.
        for _part in 0..self.history.len() {
            self.history.clock.next = self.clock.val();
            self.history.start.next = (self.state.q.val() == State::Idle) & self.start.val();
            self.history.recent.next = self.recent.val();
            self.history.place.next = self.state.q.val() == State::Apply;
            self.history.placed.next = self.sides.placed.val();
            self.history.other_forbidden.next = self.sides.other_forbidden.val();
            self.draw_cells.near.next = self.history.near.val();
            if self.history.placer.val() {
                self.pair_set.shape.next = self.history.shape.val();
                self.origin.d.next = self.pair_set.origin.val();
            }
            if self.history.applying.val() {
                self.sides.corner.next = self.history.corner.val();
            }
            if self.history.loading.val() {
                self.sides.pass.next = false;
                self.state.d.next = State::Ply;
            }
            self.history.pass.next = self.sides.pass.val();
        }
        self.done.next = self.done_q.q.val();
        self.busy.next = self.state.q.val() != State::Idle;
        self.margin.next = self.tally.margin.val();
        self.plies.next = self.sides.plies.val();
        self.rng.next = self.generator.state.val();
    }
}
