//! The placer: the cells and tile of a candidate from the generator's
//! coordinates (oriented shape number and bounding-box corner cell). Pure
//! combinational logic; the hardware twin of `placer_cells` and `placer_tile`
//! in `model::placer` (same names, same order), whose doc comments are
//! the specification of this block.
//!
//! The shape data are constants taken from `blokus::tiles::shape_table`
//! when the block is built, as in [`crate::cell_window`].

use crate::board::{Board, SIZE};
use crate::tiles::SHAPES;
use blokus::tiles::shape_table;
use rust_hdl::prelude::*;

/// Side of the square a shape's bounding box fits in.
pub const BOX: usize = 5;
/// Width of a shape's box mask: bit `5 * dy + dx` is the cell `(dx, dy)` from the box corner.
pub const BOX_BITS: usize = BOX * BOX;
/// The tile number `placer_tile` gives for shape numbers beyond the table.
pub const NO_TILE: u64 = 31;

/// Cells and tile of oriented shape `shape` with its bounding box's
/// top-left corner on cell index `corner`.
///
/// ```text
/// cells = shape < 91 ? origin(shape) << corner : 0      (196 bits, bits past 195 dropped)
/// tile  = shape < 91 ? tile(shape) : 31
/// ```
/// `origin(s)` is the shape's cells with its box corner on cell 0, the cell
/// `(1,1)`: bit `14 * dy + dx` for a cell `(dx, dy)` of the shape, which is
/// `Shape::mask`.
///
/// # How
/// A [`ShapeBox`] picks the shape's 5x5 box mask and tile number, and a
/// [`BoxPlacer`] puts the mask on the board at the corner; a user that
/// knows the shape a cycle before it places it registers the [`ShapeBox`]'s
/// outputs between the two (`crate::contest_player::PositionRegisters`).
#[derive(LogicBlock, Default)]
pub struct Placer {
    /// Oriented shape number, 0..91 (91..127 give no cells and tile 31).
    pub shape: Signal<In, Bits<7>>,
    /// Cell index of the bounding box's top-left corner, 0..196 (beyond: no cells).
    pub corner: Signal<In, Bits<8>>,
    /// The cells the placement covers.
    pub cells: Signal<Out, Board>,
    /// The tile number of the shape (bit of `tiles_left` / `used`), 31 for no shape.
    pub tile: Signal<Out, Bits<5>>,
    shape_box: ShapeBox,
    box_placer: BoxPlacer,
}

impl Placer {
    /// A placer for the shapes of `blokus::tiles::shape_table`, inputs zero.
    pub fn new() -> Placer {
        Placer::default()
    }
}

impl Logic for Placer {
    #[hdl_gen]
    fn update(&mut self) {
        self.shape_box.shape.next = self.shape.val();
        self.box_placer.box_mask.next = self.shape_box.box_mask.val();
        self.box_placer.corner.next = self.corner.val();
        self.cells.next = self.box_placer.cells.val();
        self.tile.next = self.shape_box.tile.val();
    }
}

/// The placer's first step: the box mask and tile of oriented shape
/// `shape` (a 91-way selection; numbers beyond the table select no cells
/// and tile 31).
#[derive(LogicBlock)]
pub struct ShapeBox {
    /// Oriented shape number, 0..91 (91..127 give no cells and tile 31).
    pub shape: Signal<In, Bits<7>>,
    /// The shape's box mask, bit `5 * dy + dx`.
    pub box_mask: Signal<Out, Bits<BOX_BITS>>,
    /// The tile number of the shape, 31 for no shape.
    pub tile: Signal<Out, Bits<5>>,
    /// Per shape, its number (what `shape` is compared with).
    shape_number: [Constant<Bits<7>>; SHAPES],
    /// Per shape, its box mask.
    shape_mask: [Constant<Bits<BOX_BITS>>; SHAPES],
    /// Per shape, the number of its tile.
    shape_tile: [Constant<Bits<5>>; SHAPES],
    /// The box mask of no shape: empty.
    no_mask: Constant<Bits<BOX_BITS>>,
    /// The tile of no shape: 31.
    no_tile: Constant<Bits<5>>,
}

/// The box mask of `shape` in the table: bit `5 * dy + dx` for each cell `(dx, dy)`.
pub fn box_mask(shape: usize) -> u64 {
    let shape = &shape_table().shapes[shape];
    shape.cells.iter().fold(0, |mask, &(dx, dy)| {
        assert!(usize::from(dx) < BOX && usize::from(dy) < BOX);
        mask | 1 << (BOX * usize::from(dy) + usize::from(dx))
    })
}

impl Default for ShapeBox {
    fn default() -> ShapeBox {
        let table = shape_table();
        assert_eq!(table.shapes.len(), SHAPES);
        ShapeBox {
            shape: Default::default(),
            box_mask: Default::default(),
            tile: Default::default(),
            shape_number: std::array::from_fn(|s| Constant::new((s as u64).into())),
            shape_mask: std::array::from_fn(|s| Constant::new(box_mask(s).into())),
            shape_tile: std::array::from_fn(|s| {
                Constant::new((table.shapes[s].tile.index() as u64).into())
            }),
            no_mask: Constant::new(Bits::<BOX_BITS>::default()),
            no_tile: Constant::new(NO_TILE.into()),
        }
    }
}

impl Logic for ShapeBox {
    #[hdl_gen]
    fn update(&mut self) {
        self.box_mask.next = self.no_mask.val();
        self.tile.next = self.no_tile.val();
        for s in 0..SHAPES {
            if self.shape.val() == self.shape_number[s].val() {
                self.box_mask.next = self.shape_mask[s].val();
                self.tile.next = self.shape_tile[s].val();
            }
        }
    }
}

/// The placer's second step: a box mask put on the board with its corner
/// on `corner` (bits past cell 195 fall off, corners of 196 or more leave
/// nothing).
#[derive(LogicBlock, Default)]
pub struct BoxPlacer {
    /// A shape's box mask, bit `5 * dy + dx`.
    pub box_mask: Signal<In, Bits<BOX_BITS>>,
    /// Cell index of the box corner.
    pub corner: Signal<In, Bits<8>>,
    /// The cells the placement covers.
    pub cells: Signal<Out, Board>,
    /// The mask's cells with its box corner on cell 0.
    origin: Signal<Local, Board>,
    shift: CornerShift,
}

impl Logic for BoxPlacer {
    #[hdl_gen]
    fn update(&mut self) {
        // Box row dy (mask bits 5 dy .. 5 dy + 4) onto board row dy (bits 14 dy ..).
        self.origin.next = bit_cast::<196, 5>(self.box_mask.val().get_bits::<5>(0))
            | (bit_cast::<196, 5>(self.box_mask.val().get_bits::<5>(5)) << 14)
            | (bit_cast::<196, 5>(self.box_mask.val().get_bits::<5>(10)) << 28)
            | (bit_cast::<196, 5>(self.box_mask.val().get_bits::<5>(15)) << 42)
            | (bit_cast::<196, 5>(self.box_mask.val().get_bits::<5>(20)) << 56);
        self.shift.origin.next = self.origin.val();
        self.shift.corner.next = self.corner.val();
        self.cells.next = self.shift.cells.val();
    }
}

// `update` spreads the box rows with literals: they hold for these values only.
const _: () = assert!(BOX == 5 && SIZE == 14 && SHAPES == 91 && SHAPES <= 128);

/// The placer's last step: cells with a shape's box corner on cell 0
/// shifted onto `corner` (bits past cell 195 fall off, corners of 196 or
/// more leave nothing); alone, for a user that registers the shape's cells
/// before it knows the corner (`crate::CellPlayout`).
#[derive(LogicBlock, Default)]
pub struct CornerShift {
    /// The shape's cells with its box corner on cell 0.
    pub origin: Signal<In, Board>,
    /// Cell index of the box corner.
    pub corner: Signal<In, Bits<8>>,
    /// The cells the placement covers.
    pub cells: Signal<Out, Board>,
}

impl Logic for CornerShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.cells.next = self.origin.val() << self.corner.val();
    }
}
