//! The candidate stream found by attach cells, without a move generator:
//! every legal placement of the side to move, one a cycle, each at the
//! first of its attach cells. The hardware twin of `model::cell_candidates`
//! (same order, same timing); that module's `# Timing` section is the
//! specification. Its phases are the [`Phase`] machine's; its sub-blocks
//! find the next attach cell ([`LowestCell`]), the window around it
//! ([`CellWindow`], [`CellHot`]) and the pairs that fit there ([`PairFits`]).

use crate::board::{Board, SIZE};
use crate::cell_playout::delta_word;
use crate::cell_window::{CellHot, CellWindow, PairFits, CELLS_PER_SHAPE, WINDOW_BITS};
use crate::tiles::{Tiles, SHAPES};
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// Rising edges from an EMIT to its candidate at the outputs:
/// `model::cell_candidates::EMIT_TO_OUTPUT`.
pub const EMIT_TO_OUTPUT: usize = model::cell_candidates::EMIT_TO_OUTPUT;
/// Blocks of 7 shapes: the first level of the search for the lowest pair.
const BLOCKS: usize = 13;
/// Bits of a ROM word: five 6-bit offsets.
const DELTA_WORD_BITS: usize = 30;

/// The stream's phases (see `# How` on [`CellCandidates`]; a NEXT is an
/// EMIT with no pair left).
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum Phase {
    /// No stream: waiting for `start`.
    Idle,
    /// The window around the attach cell NEXT found.
    Window,
    /// The pairs that fit in that window.
    Pairs,
    /// The pairs one a cycle, then the NEXT attach cell.
    Emit,
}

/// The lowest cell of a board (the first in the order of cell indices),
/// found as the lowest row holding one and that row's lowest cell: two
/// 14-bit searches, no carry chain over the board.
#[derive(LogicBlock)]
pub struct LowestCell {
    /// The cells.
    pub cells: Signal<In, Board>,
    /// There is one.
    pub any: Signal<Out, Bit>,
    /// Its row, one-hot.
    pub row: Signal<Out, Bits<SIZE>>,
    /// Its column, one-hot.
    pub column: Signal<Out, Bits<SIZE>>,
    /// Its cell index.
    pub index: Signal<Out, Bits<8>>,
    /// The rows holding a cell; the lowest one's cells; the row's and the
    /// column's numbers.
    row_any: Signal<Local, Bits<SIZE>>,
    row_bits: Signal<Local, Bits<SIZE>>,
    row_number: Signal<Local, Bits<8>>,
    column_number: Signal<Local, Bits<8>>,
    /// Per row (and column): `14 * row` (the column's number).
    row_bases: [Constant<Bits<8>>; SIZE],
    column_numbers: [Constant<Bits<8>>; SIZE],
}

impl Default for LowestCell {
    fn default() -> LowestCell {
        LowestCell {
            cells: Default::default(),
            any: Default::default(),
            row: Default::default(),
            column: Default::default(),
            index: Default::default(),
            row_any: Default::default(),
            row_bits: Default::default(),
            row_number: Default::default(),
            column_number: Default::default(),
            row_bases: std::array::from_fn(|r| Constant::new(((SIZE * r) as u64).into())),
            column_numbers: std::array::from_fn(|c| Constant::new((c as u64).into())),
        }
    }
}

impl Logic for LowestCell {
    #[hdl_gen]
    fn update(&mut self) {
        self.row_any.next = 0.into();
        for y in 0..14 {
            self.row_any.next = self
                .row_any
                .val()
                .replace_bit(y, self.cells.val().get_bits::<14>(14 * y).any());
        }
        self.any.next = self.row_any.val().any();
        self.row.next = self.row_any.val() & (!self.row_any.val() + 1);
        self.row_bits.next = 0.into();
        self.row_number.next = 0.into();
        for y in 0..14 {
            if self.row.val().get_bit(y) {
                self.row_bits.next = self.cells.val().get_bits::<14>(14 * y);
                self.row_number.next = self.row_bases[y].val();
            }
        }
        self.column.next = self.row_bits.val() & (!self.row_bits.val() + 1);
        self.column_number.next = 0.into();
        for x in 0..14 {
            if self.column.val().get_bit(x) {
                self.column_number.next = self.column_numbers[x].val();
            }
        }
        self.index.next = self.row_number.val() + self.column_number.val();
    }
}

/// The legal placements of the side to move as a stream of `(shape,
/// corner)`, by attach cells.
///
/// # How
/// * **NEXT** (an EMIT edge with no pair left; `start` registers the
///   position and leaves no pair): the lowest attach cell not yet taken,
///   found as the lowest row holding one and that row's lowest cell
///   ([`LowestCell`]: two 14-bit searches, no carry chain over the board);
///   its row and column (one-hot) and its index are kept.
/// * **WINDOW**: the 9 x 9 cells around it of the forbidden cells and the
///   attach cells taken before it ([`CellWindow`]), so that a placement
///   covering an earlier attach cell, which came there, does not fit; the
///   cell leaves those not yet taken ([`CellHot`]).
/// * **PAIRS**: the (shape, cell) pairs that fit ([`PairFits`]) of the
///   shapes whose tile is left.
/// * **EMIT**, one a cycle while pairs are left: the lowest pair (the
///   lowest block of 7 shapes with one, its lowest shape, that shape's
///   lowest cell) is cleared and goes to the output stages: registered
///   (A), its shape's cell offsets read from a ROM (R), then the corner
///   `centre - offset` (B).
///
/// # Timing
/// As `model::cell_candidates::timeline`: `start` is sampled at edge 1 and
/// the first NEXT is at edge 2; candidate `j` of the `i`-th attach cell is presented
/// (`valid`, `shape`, `corner`) during the cycle after its EMIT edge plus
/// [`EMIT_TO_OUTPUT`]; `done` is high for one cycle, [`EMIT_TO_OUTPUT`]
/// edges after the NEXT that finds no attach cell left. `start` is taken
/// only while idle (in the cycle of `done` too); the inputs are read at
/// `start` only.
#[derive(LogicBlock)]
pub struct CellCandidates {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: stream the candidates of the position below.
    pub start: Signal<In, Bit>,
    /// The side to move's forbidden cells (`Position::forbidden`).
    pub forbidden: Signal<In, Board>,
    /// The side to move's attach cells (`Position::attach_cells`).
    pub attach: Signal<In, Board>,
    /// The side to move's tiles not yet placed.
    pub tiles_left: Signal<In, Tiles>,
    /// A candidate this cycle.
    pub valid: Signal<Out, Bit>,
    /// Its shape number.
    pub shape: Signal<Out, Bits<7>>,
    /// Its box corner's cell index.
    pub corner: Signal<Out, Bits<8>>,
    /// High for one cycle after the last candidate.
    pub done: Signal<Out, Bit>,
    next_cell: LowestCell,
    window_unit: CellWindow,
    pair_unit: PairFits,
    centre_unit: CellHot,
    deltas: SyncROM<Bits<DELTA_WORD_BITS>, 7>,
    phase: DFF<Phase>,
    forbidden_q: DFF<Board>,
    attach_q: DFF<Board>,
    /// The attach cells not yet taken.
    remaining: DFF<Board>,
    tiles_q: DFF<Tiles>,
    /// The current attach cell: row and column one-hot, index.
    row_hot: DFF<Bits<SIZE>>,
    column_hot: DFF<Bits<SIZE>>,
    centre: DFF<Bits<8>>,
    window: DFF<Bits<WINDOW_BITS>>,
    /// The pairs not yet emitted, a register of 5 a shape (so that each
    /// step is 91 narrow ones rather than 455 on one wide word).
    pairs: [DFF<Bits<CELLS_PER_SHAPE>>; SHAPES],
    /// Output stage A: the emitted pair (its shape, its cell one-hot) and
    /// its attach cell; the ROM reads the shape's offsets meanwhile.
    valid_a: DFF<Bit>,
    shape_a: DFF<Bits<7>>,
    cell_a: DFF<Bits<CELLS_PER_SHAPE>>,
    centre_a: DFF<Bits<8>>,
    done_a: DFF<Bit>,
    /// Output stage R: stage A a cycle on, the ROM's word of its shape
    /// beside it.
    valid_r: DFF<Bit>,
    shape_r: DFF<Bits<7>>,
    cell_r: DFF<Bits<CELLS_PER_SHAPE>>,
    centre_r: DFF<Bits<8>>,
    done_r: DFF<Bit>,
    /// Output stage B: the candidate.
    valid_b: DFF<Bit>,
    shape_b: DFF<Bits<7>>,
    corner_b: DFF<Bits<8>>,
    done_b: DFF<Bit>,
    /// Per shape, a pair left: kept beside the pairs (each set where its
    /// shape's pairs are written), so that EMIT starts from a register
    /// rather than from 91 five-input ORs.
    shape_any: DFF<Bits<SHAPES>>,
    /// PAIRS: per shape, a pair that fits with its tile left.
    fits_any: Signal<Local, Bits<SHAPES>>,
    /// EMIT: per block, a shape with a pair left; the lowest block, the
    /// lowest shape in each block, the lowest shape; each block's lowest
    /// shape's pairs and number (found beside the lowest block, so that
    /// the lowest block selects among 13 rather than 91).
    block_any: Signal<Local, Bits<BLOCKS>>,
    first_block: Signal<Local, Bits<BLOCKS>>,
    lowest_in_block: [Signal<Local, Bits<7>>; BLOCKS],
    block_cells: [Signal<Local, Bits<CELLS_PER_SHAPE>>; BLOCKS],
    block_number: [Signal<Local, Bits<7>>; BLOCKS],
    first_shape: Signal<Local, Bits<SHAPES>>,
    /// The chosen shape's pairs; it has one left only (EMIT empties it).
    single: Signal<Local, Bit>,
    chosen_cells: Signal<Local, Bits<CELLS_PER_SHAPE>>,
    chosen_cell: Signal<Local, Bits<CELLS_PER_SHAPE>>,
    chosen_number: Signal<Local, Bits<7>>,
    delta: Signal<Local, Bits<6>>,
    /// Per shape: its number.
    shape_numbers: [Constant<Bits<7>>; SHAPES],
}

impl CellCandidates {
    /// An idle stream.
    pub fn new() -> CellCandidates {
        let deltas: BTreeMap<Bits<7>, Bits<DELTA_WORD_BITS>> = (0..SHAPES)
            .map(|s| ((s as u64).into(), delta_word(s).into()))
            .collect();
        CellCandidates {
            clock: Default::default(),
            start: Default::default(),
            forbidden: Default::default(),
            attach: Default::default(),
            tiles_left: Default::default(),
            valid: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            done: Default::default(),
            next_cell: LowestCell::default(),
            window_unit: CellWindow::new(),
            pair_unit: PairFits::new(),
            centre_unit: CellHot::default(),
            deltas: SyncROM::new(deltas),
            phase: Default::default(),
            forbidden_q: Default::default(),
            attach_q: Default::default(),
            remaining: Default::default(),
            tiles_q: Default::default(),
            row_hot: Default::default(),
            column_hot: Default::default(),
            centre: Default::default(),
            window: Default::default(),
            pairs: std::array::from_fn(|_| Default::default()),
            valid_a: Default::default(),
            shape_a: Default::default(),
            cell_a: Default::default(),
            centre_a: Default::default(),
            done_a: Default::default(),
            valid_r: Default::default(),
            shape_r: Default::default(),
            cell_r: Default::default(),
            centre_r: Default::default(),
            done_r: Default::default(),
            valid_b: Default::default(),
            shape_b: Default::default(),
            corner_b: Default::default(),
            done_b: Default::default(),
            shape_any: Default::default(),
            fits_any: Default::default(),
            block_any: Default::default(),
            first_block: Default::default(),
            lowest_in_block: Default::default(),
            block_cells: Default::default(),
            block_number: Default::default(),
            first_shape: Default::default(),
            single: Default::default(),
            chosen_cells: Default::default(),
            chosen_cell: Default::default(),
            chosen_number: Default::default(),
            delta: Default::default(),
            shape_numbers: std::array::from_fn(|s| Constant::new((s as u64).into())),
        }
    }
}

impl Default for CellCandidates {
    fn default() -> CellCandidates {
        CellCandidates::new()
    }
}

impl Logic for CellCandidates {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            phase,
            forbidden_q,
            attach_q,
            remaining,
            tiles_q,
            row_hot,
            column_hot,
            centre,
            window,
            shape_any,
            valid_a,
            shape_a,
            cell_a,
            centre_a,
            done_a,
            valid_r,
            shape_r,
            cell_r,
            centre_r,
            done_r,
            valid_b,
            shape_b,
            corner_b,
            done_b
        );
        for s in 0..91 {
            self.pairs[s].clock.next = self.clock.val();
            self.pairs[s].d.next = self.pairs[s].q.val();
        }
        self.deltas.clock.next = self.clock.val();
        self.deltas.address.next = self.shape_a.q.val();

        // NEXT: the lowest attach cell of the inputs (at `start`) or of
        // those not yet taken.
        self.next_cell.cells.next = self.remaining.q.val();
        // WINDOW: the forbidden cells and the attach cells taken before
        // around the centre (which leaves `remaining` at the same edge);
        // PAIRS: the pairs that fit.
        self.centre_unit.row.next = self.row_hot.q.val();
        self.centre_unit.column.next = self.column_hot.q.val();
        self.window_unit.cells.next =
            self.forbidden_q.q.val() | (self.attach_q.q.val() & !self.remaining.q.val());
        self.window_unit.row.next = self.row_hot.q.val();
        self.window_unit.column.next = self.column_hot.q.val();
        self.window_unit.enable.next = self.phase.q.val() == Phase::Window;
        self.pair_unit.window.next = self.window.q.val();
        self.pair_unit.tiles.next = self.tiles_q.q.val();
        self.pair_unit.enable.next = self.phase.q.val() == Phase::Pairs;
        // PAIRS: the shapes with a pair that fits and a tile left.
        self.fits_any.next = 0.into();
        for s in 0..91 {
            self.fits_any.next = self.fits_any.val().replace_bit(
                s,
                self.pair_unit.flags.val().get_bit(s)
                    & self.pair_unit.fits.val().get_bits::<5>(5 * s).any(),
            );
        }
        // EMIT: the lowest pair left, in two levels of shapes, then the
        // shape's lowest cell.
        self.block_any.next = 0.into();
        self.first_shape.next = 0.into();
        self.chosen_cells.next = 0.into();
        self.chosen_number.next = 0.into();
        for b in 0..13 {
            self.block_any.next = self
                .block_any
                .val()
                .replace_bit(b, self.shape_any.q.val().get_bits::<7>(7 * b).any());
            self.lowest_in_block[b].next = self.shape_any.q.val().get_bits::<7>(7 * b)
                & (!self.shape_any.q.val().get_bits::<7>(7 * b) + 1);
        }
        for b in 0..13 {
            self.block_cells[b].next = 0.into();
            self.block_number[b].next = 0.into();
            for j in 0..7 {
                if self.lowest_in_block[b].val().get_bit(j) {
                    self.block_cells[b].next = self.pairs[7 * b + j].q.val();
                    self.block_number[b].next = self.shape_numbers[7 * b + j].val();
                }
            }
        }
        self.first_block.next = self.block_any.val() & (!self.block_any.val() + 1);
        for b in 0..13 {
            for j in 0..7 {
                self.first_shape.next = self.first_shape.val().replace_bit(
                    7 * b + j,
                    self.first_block.val().get_bit(b) & self.lowest_in_block[b].val().get_bit(j),
                );
            }
            if self.first_block.val().get_bit(b) {
                self.chosen_cells.next = self.block_cells[b].val();
                self.chosen_number.next = self.block_number[b].val();
            }
        }
        self.chosen_cell.next = self.chosen_cells.val() & (!self.chosen_cells.val() + 1);
        self.single.next = !(self.chosen_cells.val() & (self.chosen_cells.val() - 1)).any();
        // Output stage R: the ROM reads stage A's shape; stage B: the
        // corner, the centre less the chosen cell's offset from it.
        self.valid_r.d.next = self.valid_a.q.val();
        self.shape_r.d.next = self.shape_a.q.val();
        self.cell_r.d.next = self.cell_a.q.val();
        self.centre_r.d.next = self.centre_a.q.val();
        self.done_r.d.next = self.done_a.q.val();
        self.delta.next = 0.into();
        for k in 0..5 {
            if self.cell_r.q.val().get_bit(k) {
                self.delta.next = self.deltas.data.val().get_bits::<6>(6 * k);
            }
        }
        self.valid_b.d.next = self.valid_r.q.val();
        self.shape_b.d.next = self.shape_r.q.val();
        self.corner_b.d.next = self.centre_r.q.val() - bit_cast::<8, 6>(self.delta.val());
        self.done_b.d.next = self.done_r.q.val();

        // The machine.
        self.valid_a.d.next = false;
        self.done_a.d.next = false;
        match self.phase.q.val() {
            Phase::Idle => {
                if self.start.val() {
                    // The position; an EMIT with no pair left is a NEXT.
                    self.forbidden_q.d.next = self.forbidden.val();
                    self.attach_q.d.next = self.attach.val();
                    self.remaining.d.next = self.attach.val();
                    self.tiles_q.d.next = self.tiles_left.val();
                    for s in 0..91 {
                        self.pairs[s].d.next = 0.into();
                    }
                    self.shape_any.d.next = 0.into();
                    self.phase.d.next = Phase::Emit;
                }
            }
            Phase::Window => {
                self.remaining.d.next = self.remaining.q.val() & !self.centre_unit.one_hot.val();
                self.window.d.next = self.window_unit.window.val();
                self.phase.d.next = Phase::Pairs;
            }
            Phase::Pairs => {
                // The pairs of the shapes whose tile is left (whose flag is
                // set). Every pair is 0 here (a NEXT comes only once none is
                // left), so each shape's register is written from its own flag
                // alone: no test of all 91 flags lies between the window and
                // the 455 enables (37.67 MHz with it).
                self.shape_any.d.next = self.fits_any.val();
                for s in 0..91 {
                    self.pairs[s].d.next = 0.into();
                    if self.pair_unit.flags.val().get_bit(s) {
                        self.pairs[s].d.next = self.pair_unit.fits.val().get_bits::<5>(5 * s);
                    }
                }
                self.phase.d.next = Phase::Emit;
            }
            Phase::Emit => {
                if !self.block_any.val().any() {
                    // NEXT: no pair left.
                    if self.next_cell.any.val() {
                        self.row_hot.d.next = self.next_cell.row.val();
                        self.column_hot.d.next = self.next_cell.column.val();
                        self.centre.d.next = self.next_cell.index.val();
                        self.phase.d.next = Phase::Window;
                    } else {
                        self.remaining.d.next = 0.into();
                        self.done_a.d.next = true;
                        self.phase.d.next = Phase::Idle;
                    }
                } else {
                    for s in 0..91 {
                        if self.first_shape.val().get_bit(s) {
                            self.pairs[s].d.next = self.pairs[s].q.val() & !self.chosen_cell.val();
                        }
                    }
                    if self.single.val() {
                        self.shape_any.d.next = self.shape_any.q.val() & !self.first_shape.val();
                    }
                    self.valid_a.d.next = true;
                    self.shape_a.d.next = self.chosen_number.val();
                    self.cell_a.d.next = self.chosen_cell.val();
                    self.centre_a.d.next = self.centre.q.val();
                }
            }
        }
        self.valid.next = self.valid_b.q.val();
        self.shape.next = self.shape_b.q.val();
        self.corner.next = self.corner_b.q.val();
        self.done.next = self.done_b.q.val();
    }
}
