//! The placements that cover one cell, found without a move generator: the
//! 9 x 9 cells around it ([`CellWindow`]), and from them alone which of the
//! 414 (shape, cell) pairs fit there ([`PairFits`]); the cell itself as a
//! board from its row and column ([`CellHot`]). The attach-cell
//! playout engine ([`crate::CellPlayout`]) and the attach-cell candidate
//! stream ([`crate::CellCandidates`]) both stand on them; the window's bits
//! and the pairs' are `model::cell_playout::pair_window`'s.
//!
//! Both are pure combinational logic with an `enable`: low, the outputs are
//! 0 and a simulator skips the logic, so that the blocks around them
//! compute it only in the cycle that uses it.

use crate::board::{Board, SIZE};
use crate::shape_fields::{with_shape_fields, ShapePairs};
use crate::tiles::{Tiles, SHAPES};
use blokus::tiles::shape_table;
use rust_hdl::prelude::*;

/// Side of the window around the cell: a shape's cell is at most four rows
/// and columns from another.
pub const WINDOW: usize = model::cell_playout::WINDOW;
/// Bits of the window: bit `9 * (v + 4) + (u + 4)` is the cell `u` columns
/// right of the centre and `v` rows down.
pub const WINDOW_BITS: usize = WINDOW * WINDOW;
/// The most cells a shape has, and so pairs a shape has.
pub const CELLS_PER_SHAPE: usize = 5;
/// Bits of a set of pairs: bit `5 * s + k` for shape `s`'s `k`-th cell.
pub const PAIR_BITS: usize = SHAPES * CELLS_PER_SHAPE;
const _: () = assert!(<ShapePairs as Synth>::BITS == PAIR_BITS);
/// Width of the shape flags (91 shapes, padded to whole bytes).
pub const FLAG_BITS: usize = 96;
/// A row of the padded board: four columns each side.
const PADDED_ROW: usize = SIZE + 8;
/// The padded board: four rows above and below.
const PADDED_BITS: usize = PADDED_ROW * (SIZE + 8);

/// The cells around one cell of a board.
#[derive(LogicBlock)]
pub struct CellWindow {
    /// The board (cells off it read as set).
    pub cells: Signal<In, Board>,
    /// The centre's row, one-hot.
    pub row: Signal<In, Bits<SIZE>>,
    /// The centre's column, one-hot.
    pub column: Signal<In, Bits<SIZE>>,
    /// Compute (else `window` is 0).
    pub enable: Signal<In, Bit>,
    /// The 9 x 9 cells around the centre.
    pub window: Signal<Out, Bits<WINDOW_BITS>>,
    /// The board in rows of 22, padded by four set rows above and below and
    /// four set columns left and right; the window's rows of it.
    padded: Signal<Local, Bits<PADDED_BITS>>,
    window_rows: [Signal<Local, Bits<PADDED_ROW>>; WINDOW],
    /// The padded board's cells off the board.
    padding: Constant<Bits<PADDED_BITS>>,
}

impl CellWindow {
    /// A window.
    pub fn new() -> CellWindow {
        let mut padding = Bits::<PADDED_BITS>::default();
        for i in 0..PADDED_BITS {
            let (x, y) = (i % PADDED_ROW, i / PADDED_ROW);
            let on_board = (4..SIZE + 4).contains(&x) && (4..SIZE + 4).contains(&y);
            padding = padding.replace_bit(i, !on_board);
        }
        CellWindow {
            cells: Default::default(),
            row: Default::default(),
            column: Default::default(),
            enable: Default::default(),
            window: Default::default(),
            padded: Default::default(),
            window_rows: Default::default(),
            padding: Constant::new(padding),
        }
    }
}

impl Default for CellWindow {
    fn default() -> CellWindow {
        CellWindow::new()
    }
}

impl Logic for CellWindow {
    // Written out: rust-hdl's `bit_cast` cannot take a loop's index, and its
    // Verilog takes numbers, not constants' names, in loops.
    #[hdl_gen]
    fn update(&mut self) {
        self.padded.next = self.padding.val();
        self.window.next = 0.into();
        for v in 0..9 {
            self.window_rows[v].next = 0.into();
        }
        if self.enable.val() {
            self.padded.next = self.padding.val()
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(0)) << 92)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(14)) << 114)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(28)) << 136)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(42)) << 158)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(56)) << 180)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(70)) << 202)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(84)) << 224)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(98)) << 246)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(112)) << 268)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(126)) << 290)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(140)) << 312)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(154)) << 334)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(168)) << 356)
                | (bit_cast::<PADDED_BITS, 14>(self.cells.val().get_bits::<14>(182)) << 378);
            // The window's rows by the centre's row, then its columns by
            // the centre's column.
            for v in 0..9 {
                for y in 0..14 {
                    if self.row.val().get_bit(y) {
                        self.window_rows[v].next = self.window_rows[v].val()
                            | self.padded.val().get_bits::<PADDED_ROW>(22 * (y + v));
                    }
                }
            }
            for v in 0..9 {
                for u in 0..9 {
                    self.window.next = self.window.val().replace_bit(
                        9 * v + u,
                        (self.column.val() & self.window_rows[v].val().get_bits::<14>(u)).any(),
                    );
                }
            }
        }
    }
}

/// One cell as a board, from its row and column one-hot (no cell when
/// either is 0). Pure combinational logic.
#[derive(LogicBlock, Default)]
pub struct CellHot {
    /// The cell's row, one-hot.
    pub row: Signal<In, Bits<SIZE>>,
    /// The cell's column, one-hot.
    pub column: Signal<In, Bits<SIZE>>,
    /// The cell (not named `cell`: a Verilog keyword).
    pub one_hot: Signal<Out, Board>,
}

impl Logic for CellHot {
    // Written out: rust-hdl's `bit_cast` cannot take a loop's index.
    #[hdl_gen]
    fn update(&mut self) {
        self.one_hot.next = 0.into();
        if self.row.val().get_bit(0) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 0;
        }
        if self.row.val().get_bit(1) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 14;
        }
        if self.row.val().get_bit(2) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 28;
        }
        if self.row.val().get_bit(3) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 42;
        }
        if self.row.val().get_bit(4) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 56;
        }
        if self.row.val().get_bit(5) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 70;
        }
        if self.row.val().get_bit(6) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 84;
        }
        if self.row.val().get_bit(7) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 98;
        }
        if self.row.val().get_bit(8) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 112;
        }
        if self.row.val().get_bit(9) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 126;
        }
        if self.row.val().get_bit(10) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 140;
        }
        if self.row.val().get_bit(11) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 154;
        }
        if self.row.val().get_bit(12) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 168;
        }
        if self.row.val().get_bit(13) {
            self.one_hot.next = bit_cast::<196, 14>(self.column.val()) << 182;
        }
    }
}

/// The window bits `pair_window(s, k)` as a hardware constant.
fn pair_window(s: usize, k: usize) -> Bits<WINDOW_BITS> {
    let bits = model::cell_playout::pair_window(s, k);
    (0..WINDOW_BITS).fold(Bits::default(), |b, i| b.replace_bit(i, bits >> i & 1 == 1))
}

/// Bit `k` set for each of shape `s`'s cells.
fn pair_exists(s: usize) -> Bits<CELLS_PER_SHAPE> {
    let cells = shape_table().shapes[s].cells.len();
    ((1u64 << cells) - 1).into()
}

/// The pairs that fit with their cell on a window's centre, and the shapes
/// with a tile left and a pair that fits.
#[derive(LogicBlock)]
pub struct PairFits {
    /// The window (`CellWindow`): its set cells are not free.
    pub window: Signal<In, Bits<WINDOW_BITS>>,
    /// The tiles left.
    pub tiles: Signal<In, Tiles>,
    /// Compute (else the outputs are 0).
    pub enable: Signal<In, Bit>,
    /// Bit `5 s + k`: shape `s` with its `k`-th cell on the centre covers
    /// no set cell of the window (whether or not its tile is left).
    pub fits: Signal<Out, Bits<PAIR_BITS>>,
    /// Bit `s`: shape `s`'s tile is left and one of its pairs fits.
    pub flags: Signal<Out, Bits<FLAG_BITS>>,
    pair_windows: [Constant<Bits<WINDOW_BITS>>; PAIR_BITS],
    pair_exists: [Constant<Bits<CELLS_PER_SHAPE>>; SHAPES],
    /// Per shape, the number of its tile (a bit of the tiles left).
    shape_tile: [Constant<Bits<5>>; SHAPES],
    /// Per shape, its pairs that fit.
    shape_fits: [Signal<Local, Bits<CELLS_PER_SHAPE>>; SHAPES],
    /// `fits`, a field a shape.
    pairs: Signal<Local, ShapePairs>,
}

impl PairFits {
    /// The pairs of the tile table's shapes.
    pub fn new() -> PairFits {
        let table = shape_table();
        PairFits {
            window: Default::default(),
            tiles: Default::default(),
            enable: Default::default(),
            fits: Default::default(),
            flags: Default::default(),
            pair_windows: std::array::from_fn(|i| {
                Constant::new(pair_window(i / CELLS_PER_SHAPE, i % CELLS_PER_SHAPE))
            }),
            pair_exists: std::array::from_fn(|s| Constant::new(pair_exists(s))),
            shape_tile: std::array::from_fn(|s| {
                Constant::new((table.shapes[s].tile.index() as u64).into())
            }),
            shape_fits: std::array::from_fn(|_| Default::default()),
            pairs: Default::default(),
        }
    }
}

impl Default for PairFits {
    fn default() -> PairFits {
        PairFits::new()
    }
}

/// `PairFits::update`, for the 91 `field index` pairs of [`ShapePairs`]
/// (handed over by [`with_shape_fields!`]): each shape's pairs are written
/// into their own field of `pairs`, which rust-hdl writes as a Verilog
/// part-select (`pairs[(5 s)+:(5)] = ...`); an update of `fits` a bit at a
/// time was a full-width mask and OR per bit, 455 of them, in Verilator's
/// C++ of every engine.
macro_rules! pair_fits_logic {
    (; $($field:ident $s:tt),*) => {
        impl Logic for PairFits {
            #[hdl_gen]
            fn update(&mut self) {
                self.flags.next = 0.into();
                for s in 0..91 {
                    self.shape_fits[s].next = 0.into();
                }
                if self.enable.val() {
                    for s in 0..91 {
                        for k in 0..5 {
                            self.shape_fits[s].next = self.shape_fits[s].val().replace_bit(
                                k,
                                !(self.window.val() & self.pair_windows[5 * s + k].val()).any(),
                            );
                        }
                        self.shape_fits[s].next =
                            self.shape_fits[s].val() & self.pair_exists[s].val();
                        self.flags.next = self.flags.val().replace_bit(
                            s,
                            self.shape_fits[s].val().any()
                                & self.tiles.val().get_bit(self.shape_tile[s].val().index()),
                        );
                    }
                }
                $(self.pairs.next.$field = self.shape_fits[$s].val();)*
                self.fits.next = self.pairs.val().into();
            }
        }
    };
}

with_shape_fields!(pair_fits_logic);
