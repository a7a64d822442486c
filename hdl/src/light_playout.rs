//! A light playout engine: a position played to its end by the light policy
//! of `model::light` (Pentobi's kind: a size class drawn by weight, a shape
//! of that size, a row of its legal box corners, one of that row's, each
//! draw the next number of a xorshift32), one placement every 32 to 45
//! clock cycles ([`placement_cycles`]), with the bit-parallel move
//! generator. The hardware twin of
//! `model::light_playout`, whose doc comment is the specification (the
//! draws, the order, and the cycles).
//!
//! # How
//! The engine keeps the side to move's cells and tiles (`own`) and the
//! other side's (`other`), swapping them after every ply. A ply:
//! 1. **PLY** (1 cycle): the game is over after two passes in a row or
//!    when a side has placed all 21 tiles: then SWAP, where the side to
//!    move's unplaced cells are kept and the sides swap so that the one
//!    tally counts the other's, and FINISH, the margin. Else the mask unit
//!    and the move generator start on `own` and `other`.
//! 2. **SCAN_A** (the generator's 14 rows): a flag per shape, set when the
//!    shape has a legal corner in some row; each row's flags are kept too.
//! 3. **WEIGH** (1): the sizes with a flagged shape; those the opening rule
//!    allows (else all of them); their weights (1, 3, 9, 27, 81 for 1 to 5
//!    cells) summed up to each size. No flagged shape: a pass (the next ply
//!    starts).
//! 4. **SIZE** (1): the size drawn, the first whose running weight passes
//!    the draw.
//! 5. **COUNT** (1): the flagged shapes of that size, counted a byte of
//!    flags at a time; **PREFIX** (1): the counts summed up to each byte.
//! 6. **DRAW_SHAPE** (1): the index of the shape drawn among them.
//! 7. **LOCATE** (1): the byte holding it (the first whose running count
//!    passes the index) and the index within the byte; **NTH** (1): its
//!    place in the byte.
//! 8. **ROWS** (1): the rows where SCAN_A saw the chosen shape, and how
//!    many; **DRAW_ROW** (1): the index of the row drawn among them;
//!    **ROW_NTH** (1): its number. The generator starts again.
//! 9. **SCAN_B** (up to the drawn row: its number + 2) and **TALLY** (1):
//!    the chosen shape's corner bits of that row, and their count.
//! 10. **DRAW_CORNER** (1): the index of the corner drawn among them;
//!     **NTH** (1): its place in the row.
//! 11. **APPLY** (1): the placer's cells and tile go to the mover, the
//!     sides swap.
//!
//! Every count is an adder tree ([`RowCount`], [`NthSetBit`],
//! [`TileTally`], a Kogge-Stone prefix over the bytes), never a chain of
//! increments, and what only depends on the tiles left (the opening rule,
//! the unplaced cells) or on the generator's state (its next number) is a
//! register refreshed every cycle, so that no phase's logic is deep.
//!
//! A draw `((x >> 16) * n) >> 16` of `0..n` (`model::light::draw_below`)
//! is one 16 x 16 product (rust-hdl's multiplier) of two registers' bits.

use crate::bit_count::{NthSetBit, RowCount};
use crate::board::{Board, SIZE};
use crate::mask_unit::MaskUnit;
use crate::move_gen::{MoveGen, Tiles, SHAPES};
use crate::placer::Placer;
use crate::tile_tally::TileTally;
use blokus::tiles::shape_table;
use rust_hdl::prelude::*;

/// Cycles of a ply that places a tile with its box corner in a given row
/// (see the module's doc).
pub use model::light_playout::placement_cycles;
/// Width of the shape flags (91 shapes, padded to whole bytes for LOCATE).
pub const FLAG_BITS: usize = 96;
/// Bytes of the flags.
pub const FLAG_BYTES: usize = FLAG_BITS / 8;
const _: () = assert!(SHAPES <= FLAG_BITS);
/// The flags padded so that every byte can be read as a 14-bit row.
const WIDE_FLAG_BITS: usize = FLAG_BITS + SIZE - 8;
/// Entries LOCATE looks through: the bytes of flags (and two empty ones).
const SLOTS: usize = SIZE;
const _: () = assert!(FLAG_BYTES <= SLOTS);

/// The phases of a ply.
mod phase {
    pub const IDLE: u64 = 0;
    pub const PLY: u64 = 1;
    pub const SCAN_A: u64 = 2;
    pub const WEIGH: u64 = 3;
    pub const SIZE: u64 = 4;
    pub const COUNT: u64 = 5;
    pub const PREFIX: u64 = 6;
    pub const DRAW_SHAPE: u64 = 7;
    pub const LOCATE: u64 = 8;
    pub const NTH: u64 = 9;
    pub const SCAN_B: u64 = 10;
    pub const TALLY: u64 = 11;
    pub const DRAW_CORNER: u64 = 12;
    pub const APPLY: u64 = 13;
    pub const FINISH: u64 = 14;
    pub const SWAP: u64 = 15;
    pub const ROWS: u64 = 16;
    pub const DRAW_ROW: u64 = 17;
    pub const ROW_NTH: u64 = 18;
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
    own_tally: TileTally,
    byte_counters: [RowCount; FLAG_BYTES],
    field_counter: RowCount,
    nth: NthSetBit,
    phase: DFF<Bits<5>>,
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
    /// The generator's next number, `xorshift32(rng_q)`, a cycle behind it.
    next_x: DFF<Bits<32>>,
    /// The range of the next draw.
    range: DFF<Bits<8>>,
    plies_q: DFF<Bits<8>>,
    flags: DFF<Bits<FLAG_BITS>>,
    /// The sizes the opening rule allows the side to move (bit `k` for
    /// size `k + 1`), from its tiles left, a cycle behind them.
    opening: DFF<Bits<5>>,
    /// The unplaced cells of the side to move when the game ended (SWAP).
    unplaced_last_mover: DFF<Bits<8>>,
    /// The weights of the sizes the draw may take, summed up to each size.
    running_weight: [DFF<Bits<8>>; 5],
    size: DFF<Bits<8>>,
    /// COUNT's result: the flagged shapes of the chosen size in each byte.
    byte_counts: [DFF<Bits<4>>; FLAG_BYTES],
    pick: DFF<Bits<8>>,
    shape: DFF<Bits<7>>,
    /// The shape one-hot, a cycle behind it: SCAN_B keeps its corner bits.
    shape_hot: DFF<Bits<FLAG_BITS>>,
    /// SCAN_B's row of the chosen shape's corners, counted a cycle later.
    field: DFF<Bits<SIZE>>,
    /// SCAN_A's rows: per row, the shapes with a legal corner in it.
    rows_seen: [DFF<Bits<FLAG_BITS>>; SIZE],
    /// The generator row drawn for the chosen shape's corner.
    target_row: DFF<Bits<4>>,
    /// LOCATE's entries (the bytes of flags): each one's
    /// bits, and the running count before it and to its end.
    slot_bits: [DFF<Bits<SIZE>>; SLOTS],
    slot_starts: [DFF<Bits<8>>; SLOTS],
    slot_ends: [DFF<Bits<8>>; SLOTS],
    /// NTH is finding a corner (else a shape).
    finding_corner: DFF<Bit>,
    /// What NTH looks in: a byte of flags, the chosen shape's rows or a
    /// row of its corners; the index within it, and the
    /// number of its first bit.
    sel_bits: DFF<Bits<SIZE>>,
    sel_offset: DFF<Bits<4>>,
    sel_base: DFF<Bits<8>>,
    corner: DFF<Bits<8>>,
    done_q: DFF<Bit>,
    margin_q: DFF<Bits<8>>,
    x_a: Signal<Local, Bits<32>>,
    x_b: Signal<Local, Bits<32>>,
    /// `(next_x >> 16) * range`.
    product: Signal<Local, Bits<32>>,
    /// The draw's result, `product >> 16`.
    drawn: Signal<Local, Bits<32>>,
    over: Signal<Local, Bit>,
    row_any: Signal<Local, Bits<FLAG_BITS>>,
    /// Bit `k` for size `k + 1` (cells), as the three below.
    present: Signal<Local, Bits<5>>,
    allowed: Signal<Local, Bits<5>>,
    sizes_ok: Signal<Local, Bits<5>>,
    running: Signal<Local, Bits<8>>,
    /// SIZE: the sizes whose running weight passes the draw, the first of them.
    passes_draw: Signal<Local, Bits<5>>,
    first_size: Signal<Local, Bits<5>>,
    chosen_mask: Signal<Local, Bits<FLAG_BITS>>,
    chosen_flags: Signal<Local, Bits<FLAG_BITS>>,
    /// The chosen size's flags read by bytes (in COUNT and again in PREFIX).
    wide_flags: Signal<Local, Bits<WIDE_FLAG_BITS>>,
    /// The low byte of a 14-bit row.
    byte_field: Constant<Bits<SIZE>>,
    /// PREFIX: the bytes' counts summed over 1, 2, 4, 8 and 16 bytes back.
    sums1: [Signal<Local, Bits<8>>; FLAG_BYTES],
    sums2: [Signal<Local, Bits<8>>; FLAG_BYTES],
    sums4: [Signal<Local, Bits<8>>; FLAG_BYTES],
    sums8: [Signal<Local, Bits<8>>; FLAG_BYTES],
    sums16: [Signal<Local, Bits<8>>; FLAG_BYTES],
    /// LOCATE: the entries whose end passes the pick; the first of them.
    passed: Signal<Local, Bits<SLOTS>>,
    first_slot: Signal<Local, Bits<SLOTS>>,
    /// LOCATE: per entry, its bits, offset and base if it is the first.
    masked_bits: [Signal<Local, Bits<SIZE>>; SLOTS],
    masked_offsets: [Signal<Local, Bits<8>>; SLOTS],
    masked_bases: [Signal<Local, Bits<8>>; SLOTS],
    located_bits: Signal<Local, Bits<SIZE>>,
    located_offset: Signal<Local, Bits<8>>,
    located_base: Signal<Local, Bits<8>>,
    field_count: Signal<Local, Bits<8>>,
    /// ROWS: the rows where the chosen shape has a legal corner, and how
    /// many.
    shape_rows: Signal<Local, Bits<SIZE>>,
    row_counter: RowCount,
    /// The number of the drawn row's first corner (`14 * target_row`).
    target_base: Signal<Local, Bits<8>>,
    /// Each shape's corner bits of the row if it is the chosen one, else 0.
    shape_fields: [Signal<Local, Bits<SIZE>>; SHAPES],
    chosen_field: Signal<Local, Bits<SIZE>>,
    /// Per size `k + 1`: its shapes' flags, its weight and `k + 1`.
    size_masks: [Constant<Bits<FLAG_BITS>>; 5],
    weights: [Constant<Bits<8>>; 5],
    size_numbers: [Constant<Bits<8>>; 5],
    /// The first shape of each byte of flags.
    byte_bases: [Constant<Bits<8>>; SLOTS],
    p_idle: Constant<Bits<5>>,
    p_ply: Constant<Bits<5>>,
    p_scan_a: Constant<Bits<5>>,
    p_weigh: Constant<Bits<5>>,
    p_size: Constant<Bits<5>>,
    p_count: Constant<Bits<5>>,
    p_prefix: Constant<Bits<5>>,
    p_draw_shape: Constant<Bits<5>>,
    p_locate: Constant<Bits<5>>,
    p_nth: Constant<Bits<5>>,
    p_scan_b: Constant<Bits<5>>,
    p_tally: Constant<Bits<5>>,
    p_draw_corner: Constant<Bits<5>>,
    p_apply: Constant<Bits<5>>,
    p_finish: Constant<Bits<5>>,
    p_swap: Constant<Bits<5>>,
    p_rows: Constant<Bits<5>>,
    p_draw_row: Constant<Bits<5>>,
    p_row_nth: Constant<Bits<5>>,
}

impl LightPlayout {
    /// An idle engine.
    pub fn new() -> LightPlayout {
        let p = |v: u64| Constant::new(Bits::<5>::from(v));
        let policy = model::light_playout::POLICY;
        assert!(policy.opening_sizes, "the engine plays the opening rule");
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
            own_tally: TileTally::new(),
            byte_counters: std::array::from_fn(|_| RowCount::new()),
            field_counter: RowCount::new(),
            nth: NthSetBit::new(),
            phase: Default::default(),
            own_q: Default::default(),
            other_q: Default::default(),
            own_start: Default::default(),
            other_start: Default::default(),
            own_left: Default::default(),
            other_left: Default::default(),
            mover_is_root: Default::default(),
            passes_q: Default::default(),
            rng_q: Default::default(),
            next_x: Default::default(),
            range: Default::default(),
            plies_q: Default::default(),
            flags: Default::default(),
            opening: Default::default(),
            unplaced_last_mover: Default::default(),
            running_weight: Default::default(),
            size: Default::default(),
            byte_counts: Default::default(),
            pick: Default::default(),
            shape: Default::default(),
            shape_hot: Default::default(),
            field: Default::default(),
            rows_seen: Default::default(),
            target_row: Default::default(),
            slot_bits: Default::default(),
            slot_starts: Default::default(),
            slot_ends: Default::default(),
            finding_corner: Default::default(),
            sel_bits: Default::default(),
            sel_offset: Default::default(),
            sel_base: Default::default(),
            corner: Default::default(),
            done_q: Default::default(),
            margin_q: Default::default(),
            x_a: Default::default(),
            x_b: Default::default(),
            product: Default::default(),
            drawn: Default::default(),
            over: Default::default(),
            row_any: Default::default(),
            present: Default::default(),
            allowed: Default::default(),
            sizes_ok: Default::default(),
            running: Default::default(),
            passes_draw: Default::default(),
            first_size: Default::default(),
            chosen_mask: Default::default(),
            chosen_flags: Default::default(),
            wide_flags: Default::default(),
            byte_field: Constant::new(0xFFu64.into()),
            sums1: Default::default(),
            sums2: Default::default(),
            sums4: Default::default(),
            sums8: Default::default(),
            sums16: Default::default(),
            passed: Default::default(),
            first_slot: Default::default(),
            masked_bits: Default::default(),
            masked_offsets: Default::default(),
            masked_bases: Default::default(),
            located_bits: Default::default(),
            located_offset: Default::default(),
            located_base: Default::default(),
            field_count: Default::default(),
            shape_rows: Default::default(),
            row_counter: RowCount::new(),
            target_base: Default::default(),
            shape_fields: std::array::from_fn(|_| Default::default()),
            chosen_field: Default::default(),
            size_masks: std::array::from_fn(|k| Constant::new(size_mask(k as u8 + 1))),
            weights: std::array::from_fn(|k| {
                Constant::new(u64::from(policy.size_weight[k + 1]).into())
            }),
            size_numbers: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
            byte_bases: std::array::from_fn(|b| Constant::new((8 * b as u64).into())),
            p_idle: p(phase::IDLE),
            p_ply: p(phase::PLY),
            p_scan_a: p(phase::SCAN_A),
            p_weigh: p(phase::WEIGH),
            p_size: p(phase::SIZE),
            p_count: p(phase::COUNT),
            p_prefix: p(phase::PREFIX),
            p_draw_shape: p(phase::DRAW_SHAPE),
            p_locate: p(phase::LOCATE),
            p_nth: p(phase::NTH),
            p_scan_b: p(phase::SCAN_B),
            p_tally: p(phase::TALLY),
            p_draw_corner: p(phase::DRAW_CORNER),
            p_apply: p(phase::APPLY),
            p_finish: p(phase::FINISH),
            p_swap: p(phase::SWAP),
            p_rows: p(phase::ROWS),
            p_draw_row: p(phase::DRAW_ROW),
            p_row_nth: p(phase::ROW_NTH),
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
            own_q,
            other_q,
            own_start,
            other_start,
            own_left,
            other_left,
            mover_is_root,
            passes_q,
            rng_q,
            next_x,
            range,
            plies_q,
            flags,
            opening,
            unplaced_last_mover,
            size,
            target_row,
            pick,
            shape,
            shape_hot,
            field,
            finding_corner,
            sel_bits,
            sel_offset,
            sel_base,
            corner,
            done_q,
            margin_q
        );
        for r in 0..14 {
            self.rows_seen[r].clock.next = self.clock.val();
            self.rows_seen[r].d.next = self.rows_seen[r].q.val();
        }
        for k in 0..5 {
            self.running_weight[k].clock.next = self.clock.val();
            self.running_weight[k].d.next = self.running_weight[k].q.val();
        }
        for b in 0..12 {
            self.byte_counts[b].clock.next = self.clock.val();
            self.byte_counts[b].d.next = self.byte_counts[b].q.val();
        }
        for e in 0..14 {
            self.slot_bits[e].clock.next = self.clock.val();
            self.slot_starts[e].clock.next = self.clock.val();
            self.slot_ends[e].clock.next = self.clock.val();
            self.slot_bits[e].d.next = self.slot_bits[e].q.val();
            self.slot_starts[e].d.next = self.slot_starts[e].q.val();
            self.slot_ends[e].d.next = self.slot_ends[e].q.val();
        }
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

        // Registers refreshed every cycle: the generator's next number, the
        // opening rule and the unplaced cells of both sides.
        self.x_a.next = self.rng_q.q.val() ^ (self.rng_q.q.val() << 13);
        self.x_b.next = self.x_a.val() ^ (self.x_a.val() >> 17);
        self.next_x.d.next = self.x_b.val() ^ (self.x_b.val() << 5);
        self.own_tally.tiles.next = self.own_left.q.val();
        // Placed 0-1 tiles: size 5 only; 2: sizes 4-5; 3-4: sizes 3-5; then any.
        self.opening.d.next = 0x1F.into();
        if self.own_tally.count.val() > 19 {
            self.opening.d.next = 0x10.into();
        } else if self.own_tally.count.val() == 19 {
            self.opening.d.next = 0x18.into();
        } else if self.own_tally.count.val() > 16 {
            self.opening.d.next = 0x1C.into();
        }

        // The draw `((next_x >> 16) * range) >> 16`.
        self.product.next =
            self.next_x.q.val().get_bits::<16>(16) * bit_cast::<16, 8>(self.range.q.val());
        self.drawn.next = self.product.val() >> 16;

        // The end of the game: two passes, or a side without a tile left
        // (its tile set empty: no count on this path, which feeds the
        // generator's start).
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

        // WEIGH: the sizes present, the opening rule, the running weights.
        self.present.next = 0.into();
        for k in 0..5 {
            self.present.next = self
                .present
                .val()
                .replace_bit(k, (self.flags.q.val() & self.size_masks[k].val()).any());
        }
        self.allowed.next = self.present.val() & self.opening.q.val();
        self.sizes_ok.next = self.present.val();
        if self.allowed.val().any() {
            self.sizes_ok.next = self.allowed.val();
        }
        self.running.next = 0.into();

        // SIZE: the first size whose running weight passes the draw.
        self.passes_draw.next = 0.into();
        self.passes_draw.next = self.passes_draw.val().replace_bit(
            0,
            bit_cast::<32, 8>(self.running_weight[0].q.val()) > self.drawn.val(),
        );
        self.passes_draw.next = self.passes_draw.val().replace_bit(
            1,
            bit_cast::<32, 8>(self.running_weight[1].q.val()) > self.drawn.val(),
        );
        self.passes_draw.next = self.passes_draw.val().replace_bit(
            2,
            bit_cast::<32, 8>(self.running_weight[2].q.val()) > self.drawn.val(),
        );
        self.passes_draw.next = self.passes_draw.val().replace_bit(
            3,
            bit_cast::<32, 8>(self.running_weight[3].q.val()) > self.drawn.val(),
        );
        self.passes_draw.next = self.passes_draw.val().replace_bit(
            4,
            bit_cast::<32, 8>(self.running_weight[4].q.val()) > self.drawn.val(),
        );
        self.first_size.next = self.passes_draw.val() & !(self.passes_draw.val() << 1);

        // COUNT: the flagged shapes of the chosen size, a byte at a time.
        self.chosen_mask.next = 0.into();
        for k in 0..5 {
            if self.size.q.val() == self.size_numbers[k].val() {
                self.chosen_mask.next = self.size_masks[k].val();
            }
        }
        self.chosen_flags.next = self.flags.q.val() & self.chosen_mask.val();
        self.wide_flags.next = bit_cast::<WIDE_FLAG_BITS, FLAG_BITS>(self.chosen_flags.val());
        for b in 0..12 {
            self.byte_counters[b].bits.next =
                self.wide_flags.val().get_bits::<14>(8 * b) & self.byte_field.val();
        }

        // PREFIX: the running counts to each byte, a Kogge-Stone tree.
        for b in 0..12 {
            self.sums1[b].next = 0.into();
            for i in 0..4 {
                self.sums1[b].next = self.sums1[b]
                    .val()
                    .replace_bit(i, self.byte_counts[b].q.val().get_bit(i));
            }
        }
        self.sums2[0].next = self.sums1[0].val();
        for b in 1..12 {
            self.sums2[b].next = self.sums1[b].val() + self.sums1[b - 1].val();
        }
        for b in 0..2 {
            self.sums4[b].next = self.sums2[b].val();
        }
        for b in 2..12 {
            self.sums4[b].next = self.sums2[b].val() + self.sums2[b - 2].val();
        }
        for b in 0..4 {
            self.sums8[b].next = self.sums4[b].val();
        }
        for b in 4..12 {
            self.sums8[b].next = self.sums4[b].val() + self.sums4[b - 4].val();
        }
        for b in 0..8 {
            self.sums16[b].next = self.sums8[b].val();
        }
        for b in 8..12 {
            self.sums16[b].next = self.sums8[b].val() + self.sums8[b - 8].val();
        }

        // LOCATE: the first entry whose end passes the pick (the ends never
        // decrease), its bits, the pick's offset in it, its first number.
        self.passed.next = 0.into();
        for e in 0..14 {
            self.passed.next = self
                .passed
                .val()
                .replace_bit(e, self.slot_ends[e].q.val() > self.pick.q.val());
        }
        self.first_slot.next = self.passed.val() & !(self.passed.val() << 1);
        self.located_bits.next = 0.into();
        self.located_offset.next = 0.into();
        self.located_base.next = 0.into();
        for e in 0..14 {
            self.masked_bits[e].next = 0.into();
            self.masked_offsets[e].next = 0.into();
            self.masked_bases[e].next = 0.into();
            if self.first_slot.val().get_bit(e) {
                self.masked_bits[e].next = self.slot_bits[e].q.val();
                self.masked_offsets[e].next = self.pick.q.val() - self.slot_starts[e].q.val();
                self.masked_bases[e].next = self.byte_bases[e].val();
            }
            self.located_bits.next = self.located_bits.val() | self.masked_bits[e].val();
            self.located_offset.next = self.located_offset.val() | self.masked_offsets[e].val();
            self.located_base.next = self.located_base.val() | self.masked_bases[e].val();
        }

        // NTH: the place of the located bit.
        self.nth.bits.next = self.sel_bits.q.val();
        self.nth.n.next = self.sel_offset.q.val();

        // ROWS: the rows of SCAN_A where the chosen shape has a corner.
        self.shape_rows.next = 0.into();
        for r in 0..14 {
            self.shape_rows.next = self.shape_rows.val().replace_bit(
                r,
                (self.rows_seen[r].q.val() & self.shape_hot.q.val()).any(),
            );
        }
        self.row_counter.bits.next = self.shape_rows.val();
        self.target_base.next = (bit_cast::<8, 4>(self.target_row.q.val()) << 3)
            + (bit_cast::<8, 4>(self.target_row.q.val()) << 2)
            + (bit_cast::<8, 4>(self.target_row.q.val()) << 1);

        // SCAN_B: the chosen shape's corners in this row; a cycle later
        // their count.
        self.shape_hot.d.next = bit_cast::<FLAG_BITS, 1>(1.into()) << self.shape.q.val();
        self.chosen_field.next = 0.into();
        for s in 0..SHAPES {
            self.shape_fields[s].next = 0.into();
            if self.shape_hot.q.val().get_bit(s) {
                self.shape_fields[s].next = self.generator.row_bits.val().get_bits::<SIZE>(14 * s);
            }
            self.chosen_field.next = self.chosen_field.val() | self.shape_fields[s].val();
        }
        self.field.d.next = self.chosen_field.val();
        self.field_counter.bits.next = self.field.q.val();
        self.field_count.next = bit_cast::<8, 4>(self.field_counter.count.val());

        // The machine.
        self.done_q.d.next = false;
        if self.phase.q.val() == self.p_idle.val() {
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
                self.phase.d.next = self.p_swap.val();
            } else {
                self.generator.start.next = true;
                self.phase.d.next = self.p_scan_a.val();
            }
        } else if self.phase.q.val() == self.p_scan_a.val() {
            if self.generator.row_valid.val() {
                self.flags.d.next = self.flags.q.val() | self.row_any.val();
                for r in 0..13 {
                    self.rows_seen[r].d.next = self.rows_seen[r + 1].q.val();
                }
                self.rows_seen[13].d.next = self.row_any.val();
                if self.generator.row.val() == 13 {
                    self.phase.d.next = self.p_weigh.val();
                }
            }
        } else if self.phase.q.val() == self.p_weigh.val() {
            if self.present.val().any() {
                for k in 0..5 {
                    if self.sizes_ok.val().get_bit(k) {
                        self.running.next = self.running.val() + self.weights[k].val();
                    }
                    self.running_weight[k].d.next = self.running.val();
                }
                self.range.d.next = self.running.val();
                self.phase.d.next = self.p_size.val();
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
        } else if self.phase.q.val() == self.p_size.val() {
            self.size.d.next = 0.into();
            for k in 0..5 {
                if self.first_size.val().get_bit(k) {
                    self.size.d.next = self.size_numbers[k].val();
                }
            }
            self.rng_q.d.next = self.next_x.q.val();
            self.phase.d.next = self.p_count.val();
        } else if self.phase.q.val() == self.p_count.val() {
            for b in 0..12 {
                self.byte_counts[b].d.next = self.byte_counters[b].count.val();
            }
            self.phase.d.next = self.p_prefix.val();
        } else if self.phase.q.val() == self.p_prefix.val() {
            // The entries for LOCATE: the bytes, then two that end with the last.
            self.slot_starts[0].d.next = 0.into();
            for b in 1..12 {
                self.slot_starts[b].d.next = self.sums16[b - 1].val();
            }
            for b in 0..12 {
                self.slot_ends[b].d.next = self.sums16[b].val();
                self.slot_bits[b].d.next =
                    self.wide_flags.val().get_bits::<14>(8 * b) & self.byte_field.val();
            }
            for e in 12..14 {
                self.slot_bits[e].d.next = 0.into();
                self.slot_starts[e].d.next = self.sums16[11].val();
                self.slot_ends[e].d.next = self.sums16[11].val();
            }
            self.range.d.next = self.sums16[11].val();
            self.phase.d.next = self.p_draw_shape.val();
        } else if self.phase.q.val() == self.p_draw_shape.val() {
            self.pick.d.next = self.drawn.val().get_bits::<8>(0);
            self.rng_q.d.next = self.next_x.q.val();
            self.finding_corner.d.next = false;
            self.phase.d.next = self.p_locate.val();
        } else if self.phase.q.val() == self.p_locate.val() {
            self.sel_bits.d.next = self.located_bits.val();
            self.sel_offset.d.next = self.located_offset.val().get_bits::<4>(0);
            self.sel_base.d.next = self.located_base.val();
            self.phase.d.next = self.p_nth.val();
        } else if self.phase.q.val() == self.p_nth.val() {
            if self.finding_corner.q.val() {
                self.corner.d.next = self.sel_base.q.val() + bit_cast::<8, 4>(self.nth.index.val());
                self.phase.d.next = self.p_apply.val();
            } else {
                self.shape.d.next = bit_cast::<7, 8>(
                    self.sel_base.q.val() | bit_cast::<8, 4>(self.nth.index.val()),
                );
                self.shape_hot.d.next = bit_cast::<FLAG_BITS, 1>(1.into())
                    << (self.sel_base.q.val() | bit_cast::<8, 4>(self.nth.index.val()));
                self.finding_corner.d.next = true;
                self.phase.d.next = self.p_rows.val();
            }
        } else if self.phase.q.val() == self.p_rows.val() {
            self.sel_bits.d.next = self.shape_rows.val();
            self.range.d.next = bit_cast::<8, 4>(self.row_counter.count.val());
            self.phase.d.next = self.p_draw_row.val();
        } else if self.phase.q.val() == self.p_draw_row.val() {
            self.sel_offset.d.next = self.drawn.val().get_bits::<4>(0);
            self.rng_q.d.next = self.next_x.q.val();
            self.phase.d.next = self.p_row_nth.val();
        } else if self.phase.q.val() == self.p_row_nth.val() {
            self.target_row.d.next = self.nth.index.val();
            self.generator.start.next = true;
            self.phase.d.next = self.p_scan_b.val();
        } else if self.phase.q.val() == self.p_scan_b.val() {
            if self.generator.row_valid.val()
                & (self.generator.row.val() == self.target_row.q.val())
            {
                self.phase.d.next = self.p_tally.val();
            }
        } else if self.phase.q.val() == self.p_tally.val() {
            self.sel_bits.d.next = self.field.q.val();
            self.sel_base.d.next = self.target_base.val();
            self.range.d.next = self.field_count.val();
            self.phase.d.next = self.p_draw_corner.val();
        } else if self.phase.q.val() == self.p_draw_corner.val() {
            self.sel_offset.d.next = self.drawn.val().get_bits::<4>(0);
            self.rng_q.d.next = self.next_x.q.val();
            self.phase.d.next = self.p_nth.val();
        } else if self.phase.q.val() == self.p_apply.val() {
            self.passes_q.d.next = 0.into();
            self.own_q.d.next = self.other_q.q.val();
            self.other_q.d.next = self.own_q.q.val() | self.placer.cells.val();
            self.own_start.d.next = self.other_start.q.val();
            self.other_start.d.next = self.own_start.q.val();
            self.own_left.d.next = self.other_left.q.val();
            self.other_left.d.next =
                self.own_left.q.val() & !(bit_cast::<21, 1>(1.into()) << self.placer.tile.val());
            self.mover_is_root.d.next = !self.mover_is_root.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + 1;
            self.finding_corner.d.next = false;
            self.phase.d.next = self.p_ply.val();
        } else if self.phase.q.val() == self.p_swap.val() {
            // The last mover's unplaced cells kept; the tally turns to the
            // other side.
            self.unplaced_last_mover.d.next = bit_cast::<8, 7>(self.own_tally.cells.val());
            self.own_left.d.next = self.other_left.q.val();
            self.other_left.d.next = self.own_left.q.val();
            self.mover_is_root.d.next = !self.mover_is_root.q.val();
            self.phase.d.next = self.p_finish.val();
        } else {
            // FINISH: the margin for the side that moved first (the sides
            // swapped in SWAP: `own` is now the other side).
            self.margin_q.d.next =
                bit_cast::<8, 7>(self.own_tally.cells.val()) - self.unplaced_last_mover.q.val();
            if self.mover_is_root.q.val() {
                self.margin_q.d.next =
                    self.unplaced_last_mover.q.val() - bit_cast::<8, 7>(self.own_tally.cells.val());
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
