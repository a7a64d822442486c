//! The move generator: the legal placements of all 91 oriented shapes, one
//! row of bounding-box corners per clock cycle. The hardware twin of
//! `model::move_gen` (same names, same order, same timing); that
//! module's doc comment is the specification of this block.
//!
//! The shape data are constants taken from `blokus::tiles::shape_table`
//! when the block is built, so the per-shape logic is generated from the very
//! table the rules engine uses.

use crate::board::{Board, SIZE};
use crate::shape_fields::{with_shape_fields, RowGroups};
use blokus::tiles::{shape_table, SHAPE_COUNT, TILE_COUNT};
use rust_hdl::prelude::*;

/// Number of oriented shapes, one 14-bit group of each output row per shape.
pub const SHAPES: usize = SHAPE_COUNT;
/// Rows of bounding-box corners, one presented per clock cycle.
pub const ROWS: usize = SIZE;
/// Width of one output row: bit `14 * s + x` is shape `s` at corner column `x`.
pub const ROW_BITS: usize = SIZE * SHAPES;
/// Cycles from `start` to the last row: `model::move_gen::LATENCY`.
pub const LATENCY: usize = ROWS;
/// Cells of a shape as the hardware holds them: shapes with fewer cells
/// repeat their first cell (a repeated term changes no AND and no OR).
pub const CELLS_PER_SHAPE: usize = 5;
/// Board rows a shape's bounding box spans at most: the window read for one row of corners.
pub const WINDOW_ROWS: usize = 5;
/// Width of a window: [`WINDOW_ROWS`] board rows of 14 cells.
pub const WINDOW_BITS: usize = WINDOW_ROWS * SIZE;

/// One output row: bit `14 * s + x` says shape `s` fits with its box corner at column `x + 1`.
pub type RowBits = Bits<ROW_BITS>;
/// The set of tiles still held: bit `t` for tile `t` (`a` = 0).
pub type Tiles = Bits<TILE_COUNT>;

/// Legal placements of every oriented shape, row-sliced: 14 rows of
/// bounding-box corners, one per clock cycle, each row 91 x 14 bits.
///
/// ```text
/// legal[s][r][x] = tiles_left[tile(s)]
///                & AND over cells (dx,dy) of allowed(x+dx, r+dy)
///                & OR  over cells (dx,dy) of attach(x+dx, r+dy)
/// ```
/// with both masks read as 0 off the board (column or row beyond 14).
///
/// # How
/// `start` loads `allowed` and `attach` into two 196-bit shift registers and
/// `tiles_left` into a register. Each cycle the registers' low five board
/// rows are the window of corner row `r` (board rows `r..r+4`). A shape cell
/// `(dx, dy)` reads, for the 14 corners of the row at once, window row `dy`
/// shifted right by `dx` (zeros in, so cells past column 14 read 0); shape
/// `s`'s 14 corner bits are the AND (fits) and the OR (touches) of those
/// slices over its cells, kept only while its tile is held. The row goes
/// into the output register (the outputs come straight from flip-flops) and
/// the shift registers move down one board row (`>> 14`, zeros in), so rows
/// below the board read 0. Between positions (no row being computed) the
/// rows are all zero: the shapes' logic is gated off, so that a simulator
/// skips it in the many cycles the generator waits for its next `start`.
/// The flip-flops start at 0 (an `initial` block in the Verilog); there is
/// no reset.
///
/// # Timing
/// `start` is sampled at a rising clock edge together with `allowed`,
/// `attach` and `tiles_left`. Row `r` is presented (`row_valid` high, `row` =
/// `r`, `row_bits`) during the cycle after the `r+1`-th rising edge following
/// it, so row 0 is out one cycle after `start` and row 13 fourteen cycles
/// after (`model::move_gen::LATENCY`). `busy` is high from the `start`
/// edge until the edge that presents row 13, so a controller may assert the
/// next `start` in the cycle row 13 is presented; back to back, a position
/// takes 15 cycles. A `start` while busy restarts cleanly: the rows of the
/// earlier position not yet presented are dropped (`row_valid` is low in the
/// cycle after the `start` edge) and the new position's rows follow on the
/// same timing. `row_bits` and `row` mean nothing while `row_valid` is low.
#[derive(LogicBlock)]
pub struct MoveGen {
    /// The clock; everything happens at its rising edge.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: take the inputs and start a new position.
    pub start: Signal<In, Bit>,
    /// Cells the side to move may cover (not forbidden), sampled with `start`.
    pub allowed: Signal<In, Board>,
    /// Cells where its tile may attach, sampled with `start`.
    pub attach: Signal<In, Board>,
    /// Bit `t` set while tile `t` is still held, sampled with `start`.
    pub tiles_left: Signal<In, Tiles>,
    /// High while a row is presented.
    pub row_valid: Signal<Out, Bit>,
    /// The row of box corners presented (0 = top), valid with `row_valid`.
    pub row: Signal<Out, Bits<4>>,
    /// Bit `14 * s + x`: shape `s` may be placed with its box corner at
    /// column `x + 1` of row `row + 1`; valid with `row_valid`.
    pub row_bits: Signal<Out, RowBits>,
    /// High from the `start` edge until the edge that presents row 13: rows
    /// of the current position are still being computed.
    pub busy: Signal<Out, Bit>,
    /// `allowed`, moved down one board row per cycle: its low rows are the window.
    allowed_rows: DFF<Board>,
    /// `attach`, moved down one board row per cycle.
    attach_rows: DFF<Board>,
    /// `tiles_left` of the current position.
    tiles: DFF<Tiles>,
    /// The corner row being computed this cycle.
    next_row: DFF<Bits<4>>,
    /// High while a row is being computed.
    active: DFF<Bit>,
    /// Output register: `row_valid`.
    out_valid: DFF<Bit>,
    /// Output register: `row`.
    out_row: DFF<Bits<4>>,
    /// Output register: `row_bits`, written shape by shape (see [`crate::shape_fields`]).
    out_bits: DFF<RowGroups>,
    /// Board rows `r..r+4` of `allowed` for corner row `r`: the low rows of the shift register.
    allowed_window: Signal<Local, Bits<WINDOW_BITS>>,
    /// The same window of `attach`.
    attach_window: Signal<Local, Bits<WINDOW_BITS>>,
    /// Per shape, its 14 corner bits of the row being computed.
    legal: [Signal<Local, Bits<SIZE>>; SHAPES],
    /// Per shape `s`, entries `5 s .. 5 s + 4`: the window bit where the row
    /// of each of its cells starts, `14 dy` (the first cell repeated to fill five).
    cell_row: [Constant<Bits<7>>; SHAPES * CELLS_PER_SHAPE],
    /// The same cells' column offsets `dx` from the box corner.
    cell_column: [Constant<Bits<3>>; SHAPES * CELLS_PER_SHAPE],
    /// Per shape, the number of its tile (a bit of `tiles_left`).
    shape_tile: [Constant<Bits<5>>; SHAPES],
    /// No corner: the row of a shape whose tile is gone.
    no_corners: Constant<Bits<SIZE>>,
    /// The first corner row, 0.
    first_row: Constant<Bits<4>>,
    /// The last corner row, 13.
    last_row: Constant<Bits<4>>,
}

impl MoveGen {
    /// A move generator for the shapes of `blokus::tiles::shape_table`, idle.
    pub fn new() -> MoveGen {
        let table = shape_table();
        assert_eq!(table.shapes.len(), SHAPES);
        // Five (dx, dy) per shape, the first cell repeated to fill them.
        let cells: Vec<(u8, u8)> = table
            .shapes
            .iter()
            .flat_map(|shape| {
                assert!((1..=CELLS_PER_SHAPE).contains(&shape.cells.len()));
                assert!(shape.cells.iter().all(|&(dx, dy)| dx < 5 && dy < 5));
                (0..CELLS_PER_SHAPE).map(|k| shape.cells.get(k).copied().unwrap_or(shape.cells[0]))
            })
            .collect();
        MoveGen {
            clock: Default::default(),
            start: Default::default(),
            allowed: Default::default(),
            attach: Default::default(),
            tiles_left: Default::default(),
            row_valid: Default::default(),
            row: Default::default(),
            row_bits: Default::default(),
            busy: Default::default(),
            allowed_rows: Default::default(),
            attach_rows: Default::default(),
            tiles: Default::default(),
            next_row: Default::default(),
            active: Default::default(),
            out_valid: Default::default(),
            out_row: Default::default(),
            out_bits: Default::default(),
            allowed_window: Default::default(),
            attach_window: Default::default(),
            legal: std::array::from_fn(|_| Default::default()),
            cell_row: std::array::from_fn(|i| {
                Constant::new((SIZE as u64 * u64::from(cells[i].1)).into())
            }),
            cell_column: std::array::from_fn(|i| Constant::new(u64::from(cells[i].0).into())),
            shape_tile: std::array::from_fn(|s| {
                Constant::new((table.shapes[s].tile.index() as u64).into())
            }),
            no_corners: Constant::new(Bits::<SIZE>::default()),
            first_row: Constant::new(Bits::<4>::default()),
            last_row: Constant::new(((ROWS - 1) as u64).into()),
        }
    }
}

impl Default for MoveGen {
    fn default() -> MoveGen {
        MoveGen::new()
    }
}

/// `update`, written out for the fields of [`RowGroups`] (a macro hands
/// them over: an HDL kernel cannot name a struct's field by a loop
/// variable): the row goes into the output register a shape's group at a
/// time, a Verilog part-select each, rather than as an OR of 91 groups
/// widened to 1,274 bits and shifted into place, which Verilator's C++
/// computes at the full width, term by term, every clock (see
/// [`crate::shape_fields`]). (Numbers in expressions are literals, `14`
/// being a board row: the kernel language would print a constant's name
/// into the Verilog as a signal.)
macro_rules! move_gen_logic {
    (; $($field:ident $s:tt),*) => {
        impl Logic for MoveGen {
            #[hdl_gen]
            fn update(&mut self) {
                dff_setup!(
                    self,
                    clock,
                    allowed_rows,
                    attach_rows,
                    tiles,
                    next_row,
                    active,
                    out_valid,
                    out_row,
                    out_bits
                );
                // The windows of the corner row r being computed: board rows r..r+4.
                self.allowed_window.next = self.allowed_rows.q.val().get_bits::<WINDOW_BITS>(0);
                self.attach_window.next = self.attach_rows.q.val().get_bits::<WINDOW_BITS>(0);
                // legal = tiles_left[tile(s)] & fits (AND over cells) & touches
                // (OR over cells); a cell dx columns right of the corner is its
                // window row shifted right by dx, zeros in past column 14. Only
                // while a row is being computed (`active`).
                for s in 0..SHAPES {
                    self.legal[s].next = self.no_corners.val();
                    if self.active.q.val()
                        & self.tiles.q.val().get_bit(self.shape_tile[s].val().index())
                    {
                        self.legal[s].next = ((self.allowed_window.val().get_bits::<SIZE>(self.cell_row[5 * s].val().index())
                                >> self.cell_column[5 * s].val())
                            & (self.allowed_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 1].val().index())
                                >> self.cell_column[5 * s + 1].val())
                            & (self.allowed_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 2].val().index())
                                >> self.cell_column[5 * s + 2].val())
                            & (self.allowed_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 3].val().index())
                                >> self.cell_column[5 * s + 3].val())
                            & (self.allowed_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 4].val().index())
                                >> self.cell_column[5 * s + 4].val()))
                            & ((self.attach_window.val().get_bits::<SIZE>(self.cell_row[5 * s].val().index())
                                >> self.cell_column[5 * s].val())
                            | (self.attach_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 1].val().index())
                                >> self.cell_column[5 * s + 1].val())
                            | (self.attach_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 2].val().index())
                                >> self.cell_column[5 * s + 2].val())
                            | (self.attach_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 3].val().index())
                                >> self.cell_column[5 * s + 3].val())
                            | (self.attach_window.val().get_bits::<SIZE>(self.cell_row[5 * s + 4].val().index())
                                >> self.cell_column[5 * s + 4].val()));
                    }
                }
                // Each cycle: the registers move down one board row, the
                // computed row goes out, the next row is computed.
                self.allowed_rows.d.next = self.allowed_rows.q.val() >> 14;
                self.attach_rows.d.next = self.attach_rows.q.val() >> 14;
                self.out_valid.d.next = self.active.q.val();
                self.out_row.d.next = self.next_row.q.val();
                $(self.out_bits.d.next.$field = self.legal[$s].val();)*
                if self.active.q.val() {
                    self.next_row.d.next = self.next_row.q.val() + 1;
                    if self.next_row.q.val() == self.last_row.val() {
                        self.active.d.next = false;
                    }
                }
                // A start takes the inputs and drops whatever was under way.
                if self.start.val() {
                    self.allowed_rows.d.next = self.allowed.val();
                    self.attach_rows.d.next = self.attach.val();
                    self.tiles.d.next = self.tiles_left.val();
                    self.next_row.d.next = self.first_row.val();
                    self.active.d.next = true;
                    self.out_valid.d.next = false;
                }
                self.row_valid.next = self.out_valid.q.val();
                self.row.next = self.out_row.q.val();
                self.row_bits.next = self.out_bits.q.val().into();
                self.busy.next = self.active.q.val();
            }
        }
    };
}

with_shape_fields!(move_gen_logic);

// `update` writes a board row's width (14) as a literal.
const _: () = assert!(SHAPES == 91 && SIZE == 14 && ROW_BITS == SHAPES * SIZE);
