//! Move codes in hardware: [`CodeDecoder`] turns the referee's 4 bytes
//! (`xytr` or `0000`) into the generator's coordinates (oriented shape,
//! box corner cell), and [`CodeEncoder`] turns the board's choice back into
//! its canonical code. Pure combinational logic; the hardware twins of
//! `decode` and `encode` in `model::move_code`, whose doc comments are
//! the specification. A code's byte `i` (0 = `x`) is bits `8 i .. 8 i + 7`.

use crate::board::SIZE;
use crate::tiles::SHAPES;
use blokus::tiles::{shape_table, TILE_COUNT};
use rust_hdl::prelude::*;

/// 4 bytes as one 32-bit value, byte 0 lowest (`model::move_code` order).
pub fn code_bits(bytes: [u8; 4]) -> u64 {
    u64::from(u32::from_le_bytes(bytes))
}

/// The codes of one orientation digit `r`: from a tile letter byte, the
/// shape, reference offsets and box size of code `(tile, r)`; `matched` when
/// the byte is a tile letter `a`..`u`. A 21-way selection: the decoder keeps
/// eight of these side by side instead of one 168-deep chain (which also
/// exhausts Yosys's call stack).
#[derive(LogicBlock)]
pub struct OrientationTable {
    /// The code's tile letter byte.
    pub letter: Signal<In, Bits<8>>,
    /// The byte is a tile letter.
    pub matched: Signal<Out, Bit>,
    /// The code's oriented shape.
    pub shape: Signal<Out, Bits<7>>,
    /// The reference cell's column in the shape's box.
    pub dx: Signal<Out, Bits<5>>,
    /// The reference cell's row in the shape's box.
    pub dy: Signal<Out, Bits<5>>,
    /// The box's width.
    pub width: Signal<Out, Bits<5>>,
    /// The box's height.
    pub height: Signal<Out, Bits<5>>,
    /// Per tile: its letter, and the code's shape, offsets and box.
    tile_letter: [Constant<Bits<8>>; TILE_COUNT],
    code_shape: [Constant<Bits<7>>; TILE_COUNT],
    code_dx: [Constant<Bits<5>>; TILE_COUNT],
    code_dy: [Constant<Bits<5>>; TILE_COUNT],
    code_width: [Constant<Bits<5>>; TILE_COUNT],
    code_height: [Constant<Bits<5>>; TILE_COUNT],
    zero5: Constant<Bits<5>>,
    zero7: Constant<Bits<7>>,
}

impl OrientationTable {
    /// The table of orientation digit `r` (0..8).
    pub fn new(r: usize) -> OrientationTable {
        let table = shape_table();
        let entry = |t: usize| {
            let (shape, (dx, dy)) = table.by_code[t][r];
            (shape, dx, dy, &table.shapes[usize::from(shape)])
        };
        let c5 = |v: u8| Constant::new(Bits::<5>::from(u64::from(v)));
        OrientationTable {
            letter: Default::default(),
            matched: Default::default(),
            shape: Default::default(),
            dx: Default::default(),
            dy: Default::default(),
            width: Default::default(),
            height: Default::default(),
            tile_letter: std::array::from_fn(|t| Constant::new(u64::from(b'a' + t as u8).into())),
            code_shape: std::array::from_fn(|t| Constant::new(u64::from(entry(t).0).into())),
            code_dx: std::array::from_fn(|t| c5(entry(t).1)),
            code_dy: std::array::from_fn(|t| c5(entry(t).2)),
            code_width: std::array::from_fn(|t| c5(entry(t).3.width)),
            code_height: std::array::from_fn(|t| c5(entry(t).3.height)),
            zero5: c5(0),
            zero7: Constant::new(Bits::<7>::default()),
        }
    }
}

impl Default for OrientationTable {
    fn default() -> OrientationTable {
        OrientationTable::new(0)
    }
}

impl Logic for OrientationTable {
    #[hdl_gen]
    fn update(&mut self) {
        self.matched.next = false;
        self.shape.next = self.zero7.val();
        self.dx.next = self.zero5.val();
        self.dy.next = self.zero5.val();
        self.width.next = self.zero5.val();
        self.height.next = self.zero5.val();
        for t in 0..TILE_COUNT {
            if self.letter.val() == self.tile_letter[t].val() {
                self.matched.next = true;
                self.shape.next = self.code_shape[t].val();
                self.dx.next = self.code_dx[t].val();
                self.dy.next = self.code_dy[t].val();
                self.width.next = self.code_width[t].val();
                self.height.next = self.code_height[t].val();
            }
        }
    }
}

/// The referee's move code to the generator's coordinates.
///
/// ```text
/// pass  = code == "0000"
/// place = x, y in 1..9|a..e  and  t in a..u, r in 0..7  and the box fits:
///         x - 1 >= dx, y - 1 >= dy, (x - 1 - dx) + width <= 14, (y - 1 - dy) + height <= 14
/// shape, (dx, dy), width, height = by_code[t][r];  corner = 14 (y - 1 - dy) + (x - 1 - dx)
/// ```
/// `shape` and `corner` mean something only with `place`.
#[derive(LogicBlock)]
pub struct CodeDecoder {
    /// The 4 bytes, byte 0 (`x`) in bits 0-7.
    pub code: Signal<In, Bits<32>>,
    /// The code is `0000`.
    pub pass: Signal<Out, Bit>,
    /// The code names a placement that lies on the board.
    pub place: Signal<Out, Bit>,
    /// Its oriented shape (0..91).
    pub shape: Signal<Out, Bits<7>>,
    /// Its box corner cell (0..196).
    pub corner: Signal<Out, Bits<8>>,
    /// `x - 1` (0..13) when `x` is a coordinate byte.
    x0: Signal<Local, Bits<5>>,
    /// `y - 1`.
    y0: Signal<Local, Bits<5>>,
    /// `x` is a coordinate byte.
    x_ok: Signal<Local, Bit>,
    /// `y` is a coordinate byte.
    y_ok: Signal<Local, Bit>,
    /// Tile and orientation name one of the 168 codes.
    matched: Signal<Local, Bit>,
    /// The selected code's reference offsets and box size.
    dx: Signal<Local, Bits<5>>,
    dy: Signal<Local, Bits<5>>,
    width: Signal<Local, Bits<5>>,
    height: Signal<Local, Bits<5>>,
    /// The box corner's column and row (0-based), when it fits.
    cx: Signal<Local, Bits<5>>,
    cy: Signal<Local, Bits<5>>,
    /// Per orientation digit: its codes, and the digit's byte.
    tables: [OrientationTable; 8],
    rot_digit: [Constant<Bits<8>>; 8],
    /// Byte constants.
    pass_code: Constant<Bits<32>>,
    digit_1: Constant<Bits<8>>,
    digit_9: Constant<Bits<8>>,
    letter_a: Constant<Bits<8>>,
    letter_e: Constant<Bits<8>>,
    /// `'1'` and `'a' - 9`: what a digit and a letter lose to become `x - 1`.
    digit_base: Constant<Bits<8>>,
    letter_base: Constant<Bits<8>>,
    /// 14, the board's side.
    side: Constant<Bits<5>>,
    zero5: Constant<Bits<5>>,
    zero7: Constant<Bits<7>>,
}

impl CodeDecoder {
    /// A decoder for the codes of `blokus::tiles::shape_table`.
    pub fn new() -> CodeDecoder {
        let c8 = |v: u8| Constant::new(Bits::<8>::from(u64::from(v)));
        let c5 = |v: u8| Constant::new(Bits::<5>::from(u64::from(v)));
        CodeDecoder {
            code: Default::default(),
            pass: Default::default(),
            place: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            x0: Default::default(),
            y0: Default::default(),
            x_ok: Default::default(),
            y_ok: Default::default(),
            matched: Default::default(),
            dx: Default::default(),
            dy: Default::default(),
            width: Default::default(),
            height: Default::default(),
            cx: Default::default(),
            cy: Default::default(),
            tables: std::array::from_fn(OrientationTable::new),
            rot_digit: std::array::from_fn(|r| c8(b'0' + r as u8)),
            pass_code: Constant::new(code_bits(*b"0000").into()),
            digit_1: c8(b'1'),
            digit_9: c8(b'9'),
            letter_a: c8(b'a'),
            letter_e: c8(b'e'),
            digit_base: c8(b'1'),
            letter_base: c8(b'a' - 9),
            side: c5(SIZE as u8),
            zero5: c5(0),
            zero7: Constant::new(Bits::<7>::default()),
        }
    }
}

impl Default for CodeDecoder {
    fn default() -> CodeDecoder {
        CodeDecoder::new()
    }
}

impl Logic for CodeDecoder {
    #[hdl_gen]
    fn update(&mut self) {
        self.pass.next = self.code.val() == self.pass_code.val();
        // x and y: a digit 1..9 or a letter a..e, as 0..13.
        self.x_ok.next = ((self.code.val().get_bits::<8>(0) >= self.digit_1.val())
            & (self.code.val().get_bits::<8>(0) <= self.digit_9.val()))
            | ((self.code.val().get_bits::<8>(0) >= self.letter_a.val())
                & (self.code.val().get_bits::<8>(0) <= self.letter_e.val()));
        self.y_ok.next = ((self.code.val().get_bits::<8>(8) >= self.digit_1.val())
            & (self.code.val().get_bits::<8>(8) <= self.digit_9.val()))
            | ((self.code.val().get_bits::<8>(8) >= self.letter_a.val())
                & (self.code.val().get_bits::<8>(8) <= self.letter_e.val()));
        self.x0.next = bit_cast::<5, 8>(self.code.val().get_bits::<8>(0) - self.digit_base.val());
        if self.code.val().get_bits::<8>(0) >= self.letter_a.val() {
            self.x0.next =
                bit_cast::<5, 8>(self.code.val().get_bits::<8>(0) - self.letter_base.val());
        }
        self.y0.next = bit_cast::<5, 8>(self.code.val().get_bits::<8>(8) - self.digit_base.val());
        if self.code.val().get_bits::<8>(8) >= self.letter_a.val() {
            self.y0.next =
                bit_cast::<5, 8>(self.code.val().get_bits::<8>(8) - self.letter_base.val());
        }
        // Tile and orientation: eight 21-way tables side by side, then the digit.
        self.matched.next = false;
        self.shape.next = self.zero7.val();
        self.dx.next = self.zero5.val();
        self.dy.next = self.zero5.val();
        self.width.next = self.side.val();
        self.height.next = self.side.val();
        for r in 0..8 {
            self.tables[r].letter.next = self.code.val().get_bits::<8>(16);
            if self.code.val().get_bits::<8>(24) == self.rot_digit[r].val() {
                self.matched.next = self.tables[r].matched.val();
                self.shape.next = self.tables[r].shape.val();
                self.dx.next = self.tables[r].dx.val();
                self.dy.next = self.tables[r].dy.val();
                self.width.next = self.tables[r].width.val();
                self.height.next = self.tables[r].height.val();
            }
        }
        // The box corner, and whether the box fits.
        self.cx.next = self.x0.val() - self.dx.val();
        self.cy.next = self.y0.val() - self.dy.val();
        self.place.next = self.x_ok.val()
            & self.y_ok.val()
            & self.matched.val()
            & (self.x0.val() >= self.dx.val())
            & (self.y0.val() >= self.dy.val())
            & ((self.cx.val() + self.width.val()) <= self.side.val())
            & ((self.cy.val() + self.height.val()) <= self.side.val());
        // 14 cy + cx = 16 cy - 2 cy + cx.
        self.corner.next = (bit_cast::<8, 5>(self.cy.val()) << 4)
            - (bit_cast::<8, 5>(self.cy.val()) << 1)
            + bit_cast::<8, 5>(self.cx.val());
    }
}

/// The board's choice to its canonical move code.
///
/// ```text
/// code = pass or shape >= 91 ? "0000"
///      : hex(cx + 1 + ax), hex(cy + 1 + ay), 'a' + tile(shape), '0' + orientation(shape)
/// cy = corner / 14, cx = corner % 14, (ax, ay) the shape's anchor offset
/// ```
/// `corner / 14` is found by comparing with the 14 row starts.
#[derive(LogicBlock)]
pub struct CodeEncoder {
    /// Answer `0000`.
    pub pass: Signal<In, Bit>,
    /// The oriented shape (0..91).
    pub shape: Signal<In, Bits<7>>,
    /// Its box corner cell (0..196).
    pub corner: Signal<In, Bits<8>>,
    /// The 4 bytes, byte 0 (`x`) in bits 0-7.
    pub code: Signal<Out, Bits<32>>,
    /// The shape is in the table.
    known: Signal<Local, Bit>,
    /// Its tile letter, orientation digit and anchor offsets.
    letter: Signal<Local, Bits<8>>,
    digit: Signal<Local, Bits<8>>,
    ax: Signal<Local, Bits<8>>,
    ay: Signal<Local, Bits<8>>,
    /// `corner / 14` and `14 * (corner / 14)`.
    row: Signal<Local, Bits<8>>,
    row_start: Signal<Local, Bits<8>>,
    /// The anchor's x and y, 1..14.
    x: Signal<Local, Bits<8>>,
    y: Signal<Local, Bits<8>>,
    /// Their bytes.
    x_byte: Signal<Local, Bits<8>>,
    y_byte: Signal<Local, Bits<8>>,
    shape_number: [Constant<Bits<7>>; SHAPES],
    shape_letter: [Constant<Bits<8>>; SHAPES],
    shape_digit: [Constant<Bits<8>>; SHAPES],
    shape_ax: [Constant<Bits<8>>; SHAPES],
    shape_ay: [Constant<Bits<8>>; SHAPES],
    /// `[i]` for row `r = i + 1` (1..13): `r` and `14 r`.
    row_number: [Constant<Bits<8>>; SIZE - 1],
    row_first: [Constant<Bits<8>>; SIZE - 1],
    pass_code: Constant<Bits<32>>,
    zero8: Constant<Bits<8>>,
    one: Constant<Bits<8>>,
    ten: Constant<Bits<8>>,
    digit_base: Constant<Bits<8>>,
    letter_base: Constant<Bits<8>>,
}

impl CodeEncoder {
    /// An encoder for the shapes of `blokus::tiles::shape_table`.
    pub fn new() -> CodeEncoder {
        let table = shape_table();
        let c8 = |v: u64| Constant::new(Bits::<8>::from(v));
        CodeEncoder {
            pass: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            code: Default::default(),
            known: Default::default(),
            letter: Default::default(),
            digit: Default::default(),
            ax: Default::default(),
            ay: Default::default(),
            row: Default::default(),
            row_start: Default::default(),
            x: Default::default(),
            y: Default::default(),
            x_byte: Default::default(),
            y_byte: Default::default(),
            shape_number: std::array::from_fn(|s| Constant::new((s as u64).into())),
            shape_letter: std::array::from_fn(|s| {
                c8(u64::from(b'a') + table.shapes[s].tile.index() as u64)
            }),
            shape_digit: std::array::from_fn(|s| {
                c8(u64::from(b'0' + table.shapes[s].orientation()))
            }),
            shape_ax: std::array::from_fn(|s| c8(u64::from(table.shapes[s].anchor_offset().0))),
            shape_ay: std::array::from_fn(|s| c8(u64::from(table.shapes[s].anchor_offset().1))),
            row_number: std::array::from_fn(|i| c8(i as u64 + 1)),
            row_first: std::array::from_fn(|i| c8((SIZE * (i + 1)) as u64)),
            pass_code: Constant::new(code_bits(*b"0000").into()),
            zero8: c8(0),
            one: c8(1),
            ten: c8(10),
            digit_base: c8(u64::from(b'0')),
            letter_base: c8(u64::from(b'a') - 10),
        }
    }
}

impl Default for CodeEncoder {
    fn default() -> CodeEncoder {
        CodeEncoder::new()
    }
}

impl Logic for CodeEncoder {
    #[hdl_gen]
    fn update(&mut self) {
        // The 91-way selection.
        self.known.next = false;
        self.letter.next = self.zero8.val();
        self.digit.next = self.zero8.val();
        self.ax.next = self.zero8.val();
        self.ay.next = self.zero8.val();
        for s in 0..SHAPES {
            if self.shape.val() == self.shape_number[s].val() {
                self.known.next = true;
                self.letter.next = self.shape_letter[s].val();
                self.digit.next = self.shape_digit[s].val();
                self.ax.next = self.shape_ax[s].val();
                self.ay.next = self.shape_ay[s].val();
            }
        }
        // The corner's row: the last row start not above it (row 0 if none).
        self.row.next = self.zero8.val();
        self.row_start.next = self.zero8.val();
        for r in 0..(SIZE - 1) {
            if self.corner.val() >= self.row_first[r].val() {
                self.row.next = self.row_number[r].val();
                self.row_start.next = self.row_first[r].val();
            }
        }
        self.x.next = self.corner.val() - self.row_start.val() + self.one.val() + self.ax.val();
        self.y.next = self.row.val() + self.one.val() + self.ay.val();
        self.x_byte.next = self.x.val() + self.digit_base.val();
        if self.x.val() >= self.ten.val() {
            self.x_byte.next = self.x.val() + self.letter_base.val();
        }
        self.y_byte.next = self.y.val() + self.digit_base.val();
        if self.y.val() >= self.ten.val() {
            self.y_byte.next = self.y.val() + self.letter_base.val();
        }
        self.code.next = bit_cast::<32, 8>(self.x_byte.val())
            | (bit_cast::<32, 8>(self.y_byte.val()) << 8)
            | (bit_cast::<32, 8>(self.letter.val()) << 16)
            | (bit_cast::<32, 8>(self.digit.val()) << 24);
        if self.pass.val() | !self.known.val() {
            self.code.next = self.pass_code.val();
        }
    }
}
