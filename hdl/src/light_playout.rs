//! A light playout engine: a position played to its end by the light policy
//! of `model::light` (Pentobi's kind: a size class drawn by weight, a shape
//! of that size, one of its legal placements, each draw the next number of
//! a xorshift32), one placement every [`PLACEMENT_CYCLES`] clock cycles,
//! with the bit-parallel move generator. The hardware twin of
//! `model::light_playout`, whose doc comment is the specification (the
//! draws, the order, and the cycles).
//!
//! # How
//! The engine keeps the side to move's cells and tiles (`own`) and the
//! other side's (`other`), swapping them after every ply. A ply:
//! 1. **PLY** (1 cycle): the game is over after two passes in a row or
//!    when a side has placed all 21 tiles: then FINISH. Else the mask unit
//!    and the move generator start on `own` and `other`.
//! 2. **SCAN_A** (the generator's 14 rows): a flag per shape, set when the
//!    shape has a legal corner in some row.
//! 3. **SIZE** (1): the sizes with a flagged shape; those the opening rule
//!    allows (else all of them); one drawn by weight (1, 3, 9, 27, 81 for
//!    1 to 5 cells). No flagged shape: a pass (the next ply starts).
//! 4. **COUNT** (1): the flagged shapes of that size, counted a byte of
//!    flags at a time; **PREFIX** (1): the counts summed up to each byte.
//! 5. **DRAW_SHAPE** (1): the index of the shape drawn among them.
//! 6. **SELECT** (2): the byte holding it (the first whose running count
//!    passes the index), then its place in the byte; the generator starts
//!    again in the second cycle.
//! 7. **SCAN_B** (the generator's 14 rows): the chosen shape's 14 corner
//!    bits of each row kept, with the running count of corners to each row.
//! 8. **DRAW_CORNER** (1): the index of the corner drawn among them.
//! 9. **FIND** (2): the row holding it, then its place in the row.
//! 10. **APPLY** (1): the placer's cells and tile go to the mover, the
//!     sides swap.
//!
//! A draw `(x * n) >> 32` of `0..n` is two 16 x 16 products (rust-hdl's
//! multiplier), `((x_hi * n) + ((x_lo * n) >> 16)) >> 16`, which is exact.

use crate::board::{Board, SIZE};
use crate::mask_unit::MaskUnit;
use crate::move_gen::{MoveGen, Tiles, SHAPES};
use crate::placer::Placer;
use blokus::tiles::{shape_table, Tile, TILE_COUNT};
use rust_hdl::prelude::*;

/// Cycles of a ply that places a tile (see the module's doc):
/// `model::light_playout::PLACEMENT_CYCLES`.
pub const PLACEMENT_CYCLES: u64 = model::light_playout::PLACEMENT_CYCLES;
/// Width of the shape flags (91 shapes, padded to whole bytes for SELECT).
pub const FLAG_BITS: usize = 96;
/// Bytes of the flags.
pub const FLAG_BYTES: usize = FLAG_BITS / 8;
const _: () = assert!(SHAPES <= FLAG_BITS);

/// The phases of a ply.
mod phase {
    pub const IDLE: u64 = 0;
    pub const PLY: u64 = 1;
    pub const SCAN_A: u64 = 2;
    pub const SIZE: u64 = 3;
    pub const COUNT: u64 = 4;
    pub const DRAW_SHAPE: u64 = 5;
    pub const SELECT: u64 = 6;
    pub const PREFIX: u64 = 7;
    pub const SCAN_B: u64 = 8;
    pub const DRAW_CORNER: u64 = 9;
    pub const FIND: u64 = 10;
    pub const APPLY: u64 = 11;
    pub const FINISH: u64 = 12;
}

/// The flags of the shapes of `size` cells.
fn size_mask(size: u8) -> Bits<FLAG_BITS> {
    let mut mask = Bits::<FLAG_BITS>::default();
    for (s, shape) in shape_table().shapes.iter().enumerate() {
        if shape.tile.size() == size {
            mask = mask.replace_bit(s, true);
        }
    }
    mask
}

/// The light playout engine.
#[derive(LogicBlock)]
pub struct LightPlayout {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle (or in the cycle of `done`): play
    /// out the position below.
    pub start: Signal<In, Bit>,
    /// The side to move's cells.
    pub own: Signal<In, Board>,
    /// The other side's cells.
    pub opponent: Signal<In, Board>,
    /// The side to move's start square, one-hot.
    pub start_square: Signal<In, Board>,
    /// The other side's start square.
    pub opponent_start_square: Signal<In, Board>,
    /// The side to move's tiles not yet placed.
    pub tiles_left: Signal<In, Tiles>,
    /// The other side's.
    pub opponent_tiles_left: Signal<In, Tiles>,
    /// Passes in a row before the position (0, 1 or 2).
    pub passes: Signal<In, Bits<2>>,
    /// The generator's state before the playout's first draw (not 0).
    pub seed: Signal<In, Bits<32>>,
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
    mask: MaskUnit,
    generator: MoveGen,
    placer: Placer,
    phase: DFF<Bits<4>>,
    step: DFF<Bits<4>>,
    own_q: DFF<Board>,
    other_q: DFF<Board>,
    own_start: DFF<Board>,
    other_start: DFF<Board>,
    own_left: DFF<Tiles>,
    other_left: DFF<Tiles>,
    /// The side to move is the one that moved first at `start`.
    mover_is_root: DFF<Bit>,
    passes_q: DFF<Bits<2>>,
    rng_q: DFF<Bits<32>>,
    plies_q: DFF<Bits<8>>,
    flags: DFF<Bits<FLAG_BITS>>,
    size: DFF<Bits<8>>,
    size_flags: DFF<Bits<FLAG_BITS>>,
    count: DFF<Bits<8>>,
    pick: DFF<Bits<8>>,
    shape: DFF<Bits<7>>,
    rows: DFF<Board>,
    /// Per byte of flags: its flags of the chosen size, and the running count to it.
    byte_counts: [DFF<Bits<8>>; FLAG_BYTES],
    byte_ends: [DFF<Bits<8>>; FLAG_BYTES],
    /// Per corner row: the chosen shape's corners, and the running count to it.
    row_counts: [DFF<Bits<8>>; SIZE],
    row_ends: [DFF<Bits<8>>; SIZE],
    /// What the second cycle of SELECT and FIND looks in: a byte or a row,
    /// the index within it, and the number of its first bit.
    sel_bits: DFF<Bits<SIZE>>,
    sel_offset: DFF<Bits<8>>,
    sel_base: DFF<Bits<8>>,
    corner: DFF<Bits<8>>,
    done_q: DFF<Bit>,
    margin_q: DFF<Bits<8>>,
    /// The generator's next number.
    x: Signal<Local, Bits<32>>,
    x_a: Signal<Local, Bits<32>>,
    x_b: Signal<Local, Bits<32>>,
    /// The draw's range and its result, `(x * n) >> 32`.
    n16: Signal<Local, Bits<16>>,
    product_hi: Signal<Local, Bits<32>>,
    product_lo: Signal<Local, Bits<32>>,
    drawn: Signal<Local, Bits<32>>,
    over: Signal<Local, Bit>,
    row_any: Signal<Local, Bits<FLAG_BITS>>,
    /// Bit `k` for size `k + 1` (cells), as the three below.
    present: Signal<Local, Bits<5>>,
    placed: Signal<Local, Bits<5>>,
    min_size: Signal<Local, Bits<8>>,
    allowed: Signal<Local, Bits<5>>,
    sizes_ok: Signal<Local, Bits<5>>,
    total: Signal<Local, Bits<8>>,
    cumulative: Signal<Local, Bits<8>>,
    chosen_size: Signal<Local, Bits<8>>,
    size_found: Signal<Local, Bit>,
    chosen_mask: Signal<Local, Bits<FLAG_BITS>>,
    chosen_flags: Signal<Local, Bits<FLAG_BITS>>,
    running: Signal<Local, Bits<8>>,
    byte_sum: Signal<Local, Bits<8>>,
    byte_bits: Signal<Local, Bits<8>>,
    located: Signal<Local, Bit>,
    bits_below: Signal<Local, Bits<8>>,
    index_in: Signal<Local, Bits<8>>,
    field: Signal<Local, Bits<SIZE>>,
    field_count: Signal<Local, Bits<8>>,
    unplaced_own: Signal<Local, Bits<8>>,
    unplaced_other: Signal<Local, Bits<8>>,
    /// Per size `k + 1`: its shapes' flags and its weight.
    size_masks: [Constant<Bits<FLAG_BITS>>; 5],
    weights: [Constant<Bits<8>>; 5],
    shape_numbers: [Constant<Bits<7>>; SHAPES],
    tile_sizes: [Constant<Bits<8>>; TILE_COUNT],
    /// The numbers 0 to 13, for loop variables (a kernel has no casts).
    numbers: [Constant<Bits<8>>; SIZE],
    /// The first shape of each byte of flags, and the first corner of each row.
    byte_bases: [Constant<Bits<8>>; FLAG_BYTES],
    row_bases: [Constant<Bits<8>>; SIZE],
    p_idle: Constant<Bits<4>>,
    p_ply: Constant<Bits<4>>,
    p_scan_a: Constant<Bits<4>>,
    p_size: Constant<Bits<4>>,
    p_count: Constant<Bits<4>>,
    p_draw_shape: Constant<Bits<4>>,
    p_select: Constant<Bits<4>>,
    p_prefix: Constant<Bits<4>>,
    p_scan_b: Constant<Bits<4>>,
    p_draw_corner: Constant<Bits<4>>,
    p_find: Constant<Bits<4>>,
    p_apply: Constant<Bits<4>>,
    p_finish: Constant<Bits<4>>,
}

impl LightPlayout {
    /// An idle engine.
    pub fn new() -> LightPlayout {
        let p = |v: u64| Constant::new(Bits::<4>::from(v));
        let policy = model::light_playout::POLICY;
        let size_masks: [Constant<Bits<FLAG_BITS>>; 5] =
            std::array::from_fn(|k| Constant::new(size_mask(k as u8 + 1)));
        let weights: [Constant<Bits<8>>; 5] =
            std::array::from_fn(|k| Constant::new(u64::from(policy.size_weight[k + 1]).into()));
        let mut shape_numbers: [Constant<Bits<7>>; SHAPES] =
            std::array::from_fn(|_| Constant::new(Bits::<7>::default()));
        for (s, number) in shape_numbers.iter_mut().enumerate() {
            *number = Constant::new((s as u64).into());
        }
        let mut tile_sizes: [Constant<Bits<8>>; TILE_COUNT] =
            std::array::from_fn(|_| Constant::new(Bits::<8>::default()));
        for tile in Tile::all() {
            tile_sizes[tile.index()] = Constant::new(u64::from(tile.size()).into());
        }
        LightPlayout {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
            opponent_tiles_left: Default::default(),
            passes: Default::default(),
            seed: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            margin: Default::default(),
            plies: Default::default(),
            rng: Default::default(),
            mask: MaskUnit::new(),
            generator: MoveGen::new(),
            placer: Placer::new(),
            phase: Default::default(),
            step: Default::default(),
            own_q: Default::default(),
            other_q: Default::default(),
            own_start: Default::default(),
            other_start: Default::default(),
            own_left: Default::default(),
            other_left: Default::default(),
            mover_is_root: Default::default(),
            passes_q: Default::default(),
            rng_q: Default::default(),
            plies_q: Default::default(),
            flags: Default::default(),
            size: Default::default(),
            size_flags: Default::default(),
            count: Default::default(),
            pick: Default::default(),
            shape: Default::default(),
            rows: Default::default(),
            byte_counts: Default::default(),
            byte_ends: Default::default(),
            row_counts: Default::default(),
            row_ends: Default::default(),
            sel_bits: Default::default(),
            sel_offset: Default::default(),
            sel_base: Default::default(),
            corner: Default::default(),
            done_q: Default::default(),
            margin_q: Default::default(),
            x: Default::default(),
            x_a: Default::default(),
            x_b: Default::default(),
            n16: Default::default(),
            product_hi: Default::default(),
            product_lo: Default::default(),
            drawn: Default::default(),
            over: Default::default(),
            row_any: Default::default(),
            present: Default::default(),
            placed: Default::default(),
            min_size: Default::default(),
            allowed: Default::default(),
            sizes_ok: Default::default(),
            total: Default::default(),
            cumulative: Default::default(),
            chosen_size: Default::default(),
            size_found: Default::default(),
            chosen_mask: Default::default(),
            chosen_flags: Default::default(),
            running: Default::default(),
            byte_sum: Default::default(),
            byte_bits: Default::default(),
            located: Default::default(),
            bits_below: Default::default(),
            index_in: Default::default(),
            field: Default::default(),
            field_count: Default::default(),
            unplaced_own: Default::default(),
            unplaced_other: Default::default(),
            size_masks,
            weights,
            shape_numbers,
            tile_sizes,
            numbers: std::array::from_fn(|i| Constant::new((i as u64).into())),
            byte_bases: std::array::from_fn(|b| Constant::new((8 * b as u64).into())),
            row_bases: std::array::from_fn(|r| Constant::new((14 * r as u64).into())),
            p_idle: p(phase::IDLE),
            p_ply: p(phase::PLY),
            p_scan_a: p(phase::SCAN_A),
            p_size: p(phase::SIZE),
            p_count: p(phase::COUNT),
            p_draw_shape: p(phase::DRAW_SHAPE),
            p_select: p(phase::SELECT),
            p_prefix: p(phase::PREFIX),
            p_scan_b: p(phase::SCAN_B),
            p_draw_corner: p(phase::DRAW_CORNER),
            p_find: p(phase::FIND),
            p_apply: p(phase::APPLY),
            p_finish: p(phase::FINISH),
        }
    }
}

impl Default for LightPlayout {
    fn default() -> LightPlayout {
        LightPlayout::new()
    }
}

impl Logic for LightPlayout {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            phase,
            step,
            own_q,
            other_q,
            own_start,
            other_start,
            own_left,
            other_left,
            mover_is_root,
            passes_q,
            rng_q,
            plies_q,
            flags,
            size,
            size_flags,
            count,
            pick,
            shape,
            rows,
            sel_bits,
            sel_offset,
            sel_base,
            corner,
            done_q,
            margin_q
        );
        self.generator.clock.next = self.clock.val();
        self.generator.start.next = false;
        self.mask.own.next = self.own_q.q.val();
        self.mask.opponent.next = self.other_q.q.val();
        self.mask.start.next = self.own_start.q.val();
        self.generator.allowed.next = !self.mask.forbidden.val();
        self.generator.attach.next = self.mask.attach.val();
        self.generator.tiles_left.next = self.own_left.q.val();
        self.placer.shape.next = self.shape.q.val();
        self.placer.corner.next = self.corner.q.val();

        // The end of the game.
        self.over.next = (self.passes_q.q.val() == 2)
            | !self.own_left.q.val().any()
            | !self.other_left.q.val().any();

        // SCAN_A: the shapes with a legal corner in this row.
        self.row_any.next = 0.into();
        for s in 0..SHAPES {
            self.row_any.next = self.row_any.val().replace_bit(
                s,
                self.generator.row_bits.val().get_bits::<SIZE>(14 * s).any(),
            );
        }

        // SIZE: the sizes present, the opening rule, the weighted draw.
        self.present.next = 0.into();
        for k in 0..5 {
            self.present.next = self
                .present
                .val()
                .replace_bit(k, (self.flags.q.val() & self.size_masks[k].val()).any());
        }
        self.placed.next = 0.into();
        for t in 0..TILE_COUNT {
            if !self.own_left.q.val().get_bit(t) {
                self.placed.next = self.placed.val() + 1;
            }
        }
        self.min_size.next = 1.into();
        if self.placed.val() < 2 {
            self.min_size.next = 5.into();
        } else if self.placed.val() == 2 {
            self.min_size.next = 4.into();
        } else if self.placed.val() < 5 {
            self.min_size.next = 3.into();
        }
        self.allowed.next = 0.into();
        for k in 0..5 {
            self.allowed.next = self.allowed.val().replace_bit(
                k,
                self.present.val().get_bit(k) & (self.min_size.val() <= self.numbers[k + 1].val()),
            );
        }
        self.sizes_ok.next = self.present.val();
        if self.allowed.val().any() {
            self.sizes_ok.next = self.allowed.val();
        }
        self.total.next = 0.into();
        for k in 0..5 {
            if self.sizes_ok.val().get_bit(k) {
                self.total.next = self.total.val() + self.weights[k].val();
            }
        }
        // The generator's next number and a draw from it.
        self.x_a.next = self.rng_q.q.val() ^ (self.rng_q.q.val() << 13);
        self.x_b.next = self.x_a.val() ^ (self.x_a.val() >> 17);
        self.x.next = self.x_b.val() ^ (self.x_b.val() << 5);
        self.n16.next = bit_cast::<16, 8>(self.count.q.val());
        if self.phase.q.val() == self.p_size.val() {
            self.n16.next = bit_cast::<16, 8>(self.total.val());
        }
        self.product_hi.next = self.x.val().get_bits::<16>(16) * self.n16.val();
        self.product_lo.next = self.x.val().get_bits::<16>(0) * self.n16.val();
        self.drawn.next = (self.product_hi.val() + (self.product_lo.val() >> 16)) >> 16;

        self.cumulative.next = 0.into();
        self.size_found.next = false;
        self.chosen_size.next = 5.into();
        for k in 0..5 {
            if self.sizes_ok.val().get_bit(k) {
                self.cumulative.next = self.cumulative.val() + self.weights[k].val();
                if !self.size_found.val()
                    & (bit_cast::<32, 8>(self.cumulative.val()) > self.drawn.val())
                {
                    self.chosen_size.next = self.numbers[k + 1].val();
                    self.size_found.next = true;
                }
            }
        }

        // COUNT: the flagged shapes of the chosen size.
        self.chosen_mask.next = 0.into();
        for k in 0..5 {
            if self.size.q.val() == self.numbers[k + 1].val() {
                self.chosen_mask.next = self.size_masks[k].val();
            }
        }
        for b in 0..FLAG_BYTES {
            self.byte_counts[b].clock.next = self.clock.val();
            self.byte_ends[b].clock.next = self.clock.val();
            self.byte_counts[b].d.next = self.byte_counts[b].q.val();
            self.byte_ends[b].d.next = self.byte_ends[b].q.val();
        }
        for r in 0..SIZE {
            self.row_counts[r].clock.next = self.clock.val();
            self.row_ends[r].clock.next = self.clock.val();
            self.row_counts[r].d.next = self.row_counts[r].q.val();
            self.row_ends[r].d.next = self.row_ends[r].q.val();
        }
        self.chosen_flags.next = self.flags.q.val() & self.chosen_mask.val();

        // The `sel_offset`-th set bit of `sel_bits` (SELECT's and FIND's second cycle).
        self.bits_below.next = 0.into();
        self.index_in.next = 0.into();
        for i in 0..SIZE {
            if self.sel_bits.q.val().get_bit(i) {
                if self.bits_below.val() == self.sel_offset.q.val() {
                    self.index_in.next = self.numbers[i].val();
                }
                self.bits_below.next = self.bits_below.val() + 1;
            }
        }

        // SCAN_B: the chosen shape's corners in this row.
        self.field.next = 0.into();
        for s in 0..SHAPES {
            if self.shape.q.val() == self.shape_numbers[s].val() {
                self.field.next = self.generator.row_bits.val().get_bits::<SIZE>(14 * s);
            }
        }
        self.field_count.next = 0.into();
        for i in 0..SIZE {
            if self.field.val().get_bit(i) {
                self.field_count.next = self.field_count.val() + 1;
            }
        }

        // FINISH: the unplaced cells.
        self.unplaced_own.next = 0.into();
        self.unplaced_other.next = 0.into();
        for t in 0..TILE_COUNT {
            if self.own_left.q.val().get_bit(t) {
                self.unplaced_own.next = self.unplaced_own.val() + self.tile_sizes[t].val();
            }
            if self.other_left.q.val().get_bit(t) {
                self.unplaced_other.next = self.unplaced_other.val() + self.tile_sizes[t].val();
            }
        }

        // The machine.
        self.located.next = false;
        self.running.next = 0.into();
        self.byte_sum.next = 0.into();
        self.byte_bits.next = 0.into();
        self.done_q.d.next = false;
        self.step.d.next = self.step.q.val() + 1;
        if self.phase.q.val() == self.p_idle.val() {
            self.step.d.next = 0.into();
            if self.start.val() {
                self.own_q.d.next = self.own.val();
                self.other_q.d.next = self.opponent.val();
                self.own_start.d.next = self.start_square.val();
                self.other_start.d.next = self.opponent_start_square.val();
                self.own_left.d.next = self.tiles_left.val();
                self.other_left.d.next = self.opponent_tiles_left.val();
                self.mover_is_root.d.next = true;
                self.passes_q.d.next = self.passes.val();
                self.rng_q.d.next = self.seed.val();
                self.plies_q.d.next = 0.into();
                self.phase.d.next = self.p_ply.val();
            }
        } else if self.phase.q.val() == self.p_ply.val() {
            self.flags.d.next = 0.into();
            if self.over.val() {
                self.phase.d.next = self.p_finish.val();
            } else {
                self.generator.start.next = true;
                self.phase.d.next = self.p_scan_a.val();
            }
        } else if self.phase.q.val() == self.p_scan_a.val() {
            if self.generator.row_valid.val() {
                self.flags.d.next = self.flags.q.val() | self.row_any.val();
                if self.generator.row.val() == 13 {
                    self.phase.d.next = self.p_size.val();
                }
            }
        } else if self.phase.q.val() == self.p_size.val() {
            if self.present.val().any() {
                self.size.d.next = self.chosen_size.val();
                self.rng_q.d.next = self.x.val();
                self.phase.d.next = self.p_count.val();
            } else {
                // A pass: the sides swap.
                self.passes_q.d.next = self.passes_q.q.val() + 1;
                self.own_q.d.next = self.other_q.q.val();
                self.other_q.d.next = self.own_q.q.val();
                self.own_start.d.next = self.other_start.q.val();
                self.other_start.d.next = self.own_start.q.val();
                self.own_left.d.next = self.other_left.q.val();
                self.other_left.d.next = self.own_left.q.val();
                self.mover_is_root.d.next = !self.mover_is_root.q.val();
                self.plies_q.d.next = self.plies_q.q.val() + 1;
                self.phase.d.next = self.p_ply.val();
            }
        } else if self.phase.q.val() == self.p_count.val() {
            // Each byte's flags of the chosen size, counted.
            for b in 0..FLAG_BYTES {
                self.byte_sum.next = 0.into();
                for i in 0..8 {
                    if self.chosen_flags.val().get_bit(8 * b + i) {
                        self.byte_sum.next = self.byte_sum.val() + 1;
                    }
                }
                self.byte_counts[b].d.next = self.byte_sum.val();
            }
            self.size_flags.d.next = self.chosen_flags.val();
            self.phase.d.next = self.p_prefix.val();
        } else if self.phase.q.val() == self.p_prefix.val() {
            self.running.next = 0.into();
            for b in 0..FLAG_BYTES {
                self.running.next = self.running.val() + self.byte_counts[b].q.val();
                self.byte_ends[b].d.next = self.running.val();
            }
            self.count.d.next = self.running.val();
            self.phase.d.next = self.p_draw_shape.val();
        } else if self.phase.q.val() == self.p_draw_shape.val() {
            self.pick.d.next = self.drawn.val().get_bits::<8>(0);
            self.rng_q.d.next = self.x.val();
            self.step.d.next = 0.into();
            self.phase.d.next = self.p_select.val();
        } else if self.phase.q.val() == self.p_select.val() {
            if self.step.q.val() == 0 {
                // The byte holding the `pick`-th flag.
                self.located.next = false;
                for b in 0..FLAG_BYTES {
                    if !self.located.val() & (self.byte_ends[b].q.val() > self.pick.q.val()) {
                        self.byte_bits.next = self.size_flags.q.val().get_bits::<8>(8 * b);
                        self.sel_bits.d.next = bit_cast::<SIZE, 8>(self.byte_bits.val());
                        self.sel_offset.d.next = self.pick.q.val()
                            - (self.byte_ends[b].q.val() - self.byte_counts[b].q.val());
                        self.sel_base.d.next = self.byte_bases[b].val();
                        self.located.next = true;
                    }
                }
            } else {
                // Its place in the byte; the generator starts for SCAN_B.
                self.shape.d.next = bit_cast::<7, 8>(self.sel_base.q.val() + self.index_in.val());
                self.generator.start.next = true;
                self.count.d.next = 0.into();
                self.phase.d.next = self.p_scan_b.val();
            }
        } else if self.phase.q.val() == self.p_scan_b.val() {
            if self.generator.row_valid.val() {
                self.rows.d.next =
                    (self.rows.q.val() >> 14) | (bit_cast::<196, 14>(self.field.val()) << 182);
                for r in 0..13 {
                    self.row_counts[r].d.next = self.row_counts[r + 1].q.val();
                    self.row_ends[r].d.next = self.row_ends[r + 1].q.val();
                }
                self.row_counts[13].d.next = self.field_count.val();
                self.row_ends[13].d.next = self.count.q.val() + self.field_count.val();
                self.count.d.next = self.count.q.val() + self.field_count.val();
                if self.generator.row.val() == 13 {
                    self.phase.d.next = self.p_draw_corner.val();
                }
            }
        } else if self.phase.q.val() == self.p_draw_corner.val() {
            self.pick.d.next = self.drawn.val().get_bits::<8>(0);
            self.rng_q.d.next = self.x.val();
            self.step.d.next = 0.into();
            self.phase.d.next = self.p_find.val();
        } else if self.phase.q.val() == self.p_find.val() {
            if self.step.q.val() == 0 {
                // The row holding the `pick`-th corner.
                self.located.next = false;
                for r in 0..SIZE {
                    if !self.located.val() & (self.row_ends[r].q.val() > self.pick.q.val()) {
                        self.sel_bits.d.next = self.rows.q.val().get_bits::<SIZE>(14 * r);
                        self.sel_offset.d.next = self.pick.q.val()
                            - (self.row_ends[r].q.val() - self.row_counts[r].q.val());
                        self.sel_base.d.next = self.row_bases[r].val();
                        self.located.next = true;
                    }
                }
            } else {
                // Its place in the row.
                self.corner.d.next = self.sel_base.q.val() + self.index_in.val();
                self.phase.d.next = self.p_apply.val();
            }
        } else if self.phase.q.val() == self.p_apply.val() {
            self.passes_q.d.next = 0.into();
            self.own_q.d.next = self.other_q.q.val();
            self.other_q.d.next = self.own_q.q.val() | self.placer.cells.val();
            self.own_start.d.next = self.other_start.q.val();
            self.other_start.d.next = self.own_start.q.val();
            self.own_left.d.next = self.other_left.q.val();
            self.other_left.d.next = self.own_left.q.val()
                & !(bit_cast::<TILE_COUNT, 1>(1.into()) << self.placer.tile.val());
            self.mover_is_root.d.next = !self.mover_is_root.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + 1;
            self.phase.d.next = self.p_ply.val();
        } else {
            // FINISH: the margin for the side that moved first.
            self.margin_q.d.next = self.unplaced_other.val() - self.unplaced_own.val();
            if !self.mover_is_root.q.val() {
                self.margin_q.d.next = self.unplaced_own.val() - self.unplaced_other.val();
            }
            self.done_q.d.next = true;
            self.phase.d.next = self.p_idle.val();
        }
        self.done.next = self.done_q.q.val();
        self.busy.next = (self.phase.q.val() != self.p_idle.val()) | self.generator.busy.val();
        self.margin.next = self.margin_q.q.val();
        self.plies.next = self.plies_q.q.val();
        self.rng.next = self.rng_q.q.val();
    }
}
