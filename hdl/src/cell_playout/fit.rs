//! WINDOW and PAIRS: the 9 x 9 cells around the attach cell, forbidden or
//! off the board ([`CellWindow`], registered in WINDOW); from the window
//! alone, the (shape, cell) pairs that fit with that cell on the attach
//! cell and the shapes whose tile is left with one that fits
//! ([`PairFits`], registered in PAIRS); and the attach cell one-hot
//! ([`CellHot`]), for a dead cell.

use crate::board::{Board, SIZE};
use crate::cell_window::{CellHot, CellWindow, PairFits, FLAG_BITS, PAIR_BITS, WINDOW_BITS};
use crate::tiles::Tiles;
use rust_hdl::prelude::*;

/// What fits on the attach cell.
#[derive(LogicBlock, Default)]
pub struct Fit {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The side to move's forbidden cells.
    pub forbidden: Signal<In, Board>,
    /// The side to move's tiles not yet placed.
    pub tiles: Signal<In, Tiles>,
    /// The attach cell's row, one-hot.
    pub row: Signal<In, Bits<SIZE>>,
    /// Its column, one-hot.
    pub column: Signal<In, Bits<SIZE>>,
    /// WINDOW: register the window.
    pub window: Signal<In, Bit>,
    /// PAIRS: register the pairs and shapes that fit.
    pub pairs: Signal<In, Bit>,
    /// The shapes that fit, as PAIRS finds them.
    pub fits: Signal<Out, Bits<FLAG_BITS>>,
    /// Some shape fits (else the cell is dead).
    pub any: Signal<Out, Bit>,
    /// The shapes that fit, as registered.
    pub flags: Signal<Out, Bits<FLAG_BITS>>,
    /// The pairs that fit, as registered.
    pub fit_pairs: Signal<Out, Bits<PAIR_BITS>>,
    /// The attach cell, one-hot.
    pub cell_hot: Signal<Out, Board>,
    window_unit: CellWindow,
    pair_unit: PairFits,
    cell_unit: CellHot,
    window_q: DFF<Bits<WINDOW_BITS>>,
    flags_q: DFF<Bits<FLAG_BITS>>,
    pairs_q: DFF<Bits<PAIR_BITS>>,
}

impl Logic for Fit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, window_q, flags_q, pairs_q);
        // Each computed only in its state.
        self.window_unit.cells.next = self.forbidden.val();
        self.window_unit.row.next = self.row.val();
        self.window_unit.column.next = self.column.val();
        self.window_unit.enable.next = self.window.val();
        self.pair_unit.window.next = self.window_q.q.val();
        self.pair_unit.tiles.next = self.tiles.val();
        self.pair_unit.enable.next = self.pairs.val();
        self.cell_unit.row.next = self.row.val();
        self.cell_unit.column.next = self.column.val();
        if self.window.val() {
            self.window_q.d.next = self.window_unit.window.val();
        }
        self.any.next = self.pair_unit.flags.val().any();
        if self.pairs.val() & self.pair_unit.flags.val().any() {
            self.flags_q.d.next = self.pair_unit.flags.val();
            self.pairs_q.d.next = self.pair_unit.fits.val();
        }
        self.fits.next = self.pair_unit.flags.val();
        self.flags.next = self.flags_q.q.val();
        self.fit_pairs.next = self.pairs_q.q.val();
        self.cell_hot.next = self.cell_unit.one_hot.val();
    }
}
