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
//! tiles by an edge, or found dead) and attach cells, and updates them
//! after every placement with the placement's neighbours; the side to move
//! is `own`, and the sides swap after every ply. A ply:
//! 1. **PLY**: the game is over after two passes in a row or when a side
//!    has placed all 21 tiles: SWAP and FINISH count the margin. A side
//!    without an attach cell passes. Else the rows of the cells to draw
//!    from (the attach cells next to the last placement if there are some,
//!    else all) are kept, and their number is the draw's range.
//! 2. **PREFIX**, **LOCATE**, **NTH**: the rows' counts and running sums,
//!    and the draw (its range known since PLY); the row holding the drawn
//!    cell; its place in the row: the attach cell.
//! 3. **WINDOW**: the 9 x 9 cells around it, forbidden or off the board.
//! 4. **PAIRS**: from the window alone, which of the 414 (shape, cell)
//!    pairs fit with that cell on the attach cell, and the shapes whose
//!    tile is left with one that fits. None: the cell is dead; it joins the
//!    forbidden cells (no legal placement covers it, now or later) and the
//!    ply starts again. Else the shapes that fit are kept in rows of one
//!    size each, for the counters.
//! 5. **WEIGH**, **SIZE**: a size drawn by weight among those with a shape
//!    that fits (the opening rule's, when there are some); WEIGH counts
//!    the shapes of each size that fit, and SIZE keeps the drawn size's
//!    flags, a byte a row, and its count as the next draw's range.
//! 6. **PREFIX**, **LOCATE**, **NTH**: a shape of that size drawn among
//!    those that fit, by the same counting logic.
//! 7. **PAIR_SET**, **NTH_PAIR**: one of the shape's cells that fit on the
//!    attach cell drawn (its draw by shifts and adds, the count being at
//!    most 5, in the cycle that uses it); the shape's box corner, from the
//!    cell's offset in a ROM of each shape's five cells.
//! 8. **APPLY**: the placement's cells (the shape's, registered in PAIR_SET
//!    with its box corner on cell 0, shifted onto the corner); both sides'
//!    forbidden and attach cells, the tiles, the cells next to the
//!    placement; the sides swap.

use crate::bit_count::{BoardCount, NthSetBit, RowCount};
use crate::board::{Board, SIZE};
use crate::cell_window::{
    CellHot, CellWindow, PairFits, CELLS_PER_SHAPE, FLAG_BITS, PAIR_BITS, WINDOW_BITS,
};
use crate::neighbours::Neighbours;
use crate::placer::{CornerShift, Placer};
use crate::tile_tally::TileTally;
use crate::tiles::{Tiles, SHAPES};
use blokus::tiles::shape_table;
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// The flags padded so that every byte can be read as a 14-bit row.
const WIDE_FLAG_BITS: usize = FLAG_BITS + SIZE - 8;
/// Width of a cell's offset from its shape's box corner as a cell index
/// difference (`14 * dy + dx`, at most 60).
pub const DELTA_BITS: usize = 6;

/// The phases of a ply.
mod phase {
    pub const IDLE: u64 = 0;
    pub const PLY: u64 = 1;
    pub const PREFIX: u64 = 3;
    pub const LOCATE: u64 = 5;
    pub const NTH: u64 = 6;
    pub const WINDOW: u64 = 7;
    pub const PAIRS: u64 = 8;
    pub const WEIGH: u64 = 9;
    pub const SIZE: u64 = 10;
    pub const PAIR_SET: u64 = 12;
    pub const NTH_PAIR: u64 = 14;
    pub const APPLY: u64 = 16;
    pub const SWAP: u64 = 17;
    pub const FINISH: u64 = 18;
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

/// The rows the shapes that fit take after PAIRS, for WEIGH's counts of
/// each size: per row, its size, its first shape and how many it holds
/// (at most 14), the shapes of a size in consecutive rows; unused rows
/// have size 0. The shapes of a size are numbered consecutively (the tile
/// table is ordered by size).
fn size_rows() -> [(u8, usize, usize); SIZE] {
    let mut rows = [(0, 0, 0); SIZE];
    let mut next = 0;
    for size in 1..=5u8 {
        let shapes: Vec<usize> = (0..SHAPES)
            .filter(|&s| shape_table().shapes[s].tile.size() == size)
            .collect();
        let first = shapes[0];
        assert_eq!(shapes, (first..first + shapes.len()).collect::<Vec<_>>());
        for start in (first..first + shapes.len()).step_by(SIZE) {
            rows[next] = (size, start, SIZE.min(first + shapes.len() - start));
            next += 1;
        }
    }
    rows
}

/// The ROM word of shape `s`: its `k`-th cell's offset from its box
/// corner, `model::cell_playout::pair_delta`, in bits `6k..6k + 6`.
pub fn delta_word(s: usize) -> u64 {
    (0..shape_table().shapes[s].cells.len()).fold(0, |word, k| {
        word | u64::from(model::cell_playout::pair_delta(s, k)) << (DELTA_BITS * k)
    })
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
    /// The side to move's forbidden cells (`Position::forbidden`).
    pub forbidden: Signal<In, Board>,
    /// The side to move's attach cells (`Position::attach_cells`).
    pub attach: Signal<In, Board>,
    /// The other side's forbidden cells.
    pub opponent_forbidden: Signal<In, Board>,
    /// The other side's attach cells.
    pub opponent_attach: Signal<In, Board>,
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
    placer: Placer,
    /// The placement's cells (APPLY): the origin shifted onto the corner.
    shift: CornerShift,
    neighbours: Neighbours,
    own_tally: TileTally,
    counters: [RowCount; SIZE],
    /// The cells the attach cell is drawn from, and how many (PLY).
    draw_cells: DrawCells,
    pair_counter: RowCount,
    nth: NthSetBit,
    deltas: SyncROM<Bits<30>, 7>,
    window_unit: CellWindow,
    pair_unit: PairFits,
    /// The attach cell, one-hot.
    cell_unit: CellHot,
    phase: DFF<Bits<5>>,
    own_forbidden: DFF<Board>,
    own_attach: DFF<Board>,
    other_forbidden: DFF<Board>,
    other_attach: DFF<Board>,
    /// The cells next to the last placement (none after a pass).
    near: DFF<Board>,
    /// The chosen shape's cells with its box corner on cell 0 (PAIR_SET):
    /// APPLY shifts them onto the box corner.
    origin: DFF<Board>,
    own_left: DFF<Tiles>,
    other_left: DFF<Tiles>,
    /// The side to move is the one that moved first at `start`.
    mover_is_root: DFF<Bit>,
    passes_q: DFF<Bits<2>>,
    rng_q: DFF<Bits<32>>,
    /// The generator's next number, `xorshift32(rng_q)`, registered from
    /// the state `rng_q` takes: never behind it.
    next_x: DFF<Bits<32>>,
    /// The range of the next draw.
    range: DFF<Bits<8>>,
    plies_q: DFF<Bits<8>>,
    /// Per entry of the draw (a row of cells or a byte of shape flags):
    /// its bits (counted in PREFIX), the running count before it and to
    /// its end.
    slot_bits: [DFF<Bits<SIZE>>; SIZE],
    slot_starts: [DFF<Bits<8>>; SIZE],
    slot_ends: [DFF<Bits<8>>; SIZE],
    pick: DFF<Bits<8>>,
    /// The draw is of an attach cell (else of a shape).
    finding_cell: DFF<Bit>,
    /// What NTH looks in: a row of cells, a byte of flags or the chosen
    /// shape's pairs; the index within it, and the number of its first bit.
    sel_bits: DFF<Bits<SIZE>>,
    sel_offset: DFF<Bits<4>>,
    sel_base: DFF<Bits<8>>,
    /// LOCATE's entry one-hot: the attach cell's row, or the chosen
    /// shape's byte of flags.
    slot_hot: DFF<Bits<SIZE>>,
    /// The attach cell: its column one-hot, its index.
    cell_column: DFF<Bits<SIZE>>,
    cell_index: DFF<Bits<8>>,
    window: DFF<Bits<WINDOW_BITS>>,
    /// The pairs that fit on the attach cell (PAIRS).
    pairs: DFF<Bits<PAIR_BITS>>,
    flags: DFF<Bits<FLAG_BITS>>,
    /// The sizes the opening rule allows the side to move (bit `k` for
    /// size `k + 1`), from its tiles left, a cycle behind them.
    opening: DFF<Bits<5>>,
    /// The unplaced cells of the side to move when the game ended (SWAP).
    unplaced_last_mover: DFF<Bits<8>>,
    /// The weights of the sizes the draw may take, summed up to each size.
    running_weight: [DFF<Bits<8>>; 5],
    /// Per size, its shapes that fit (WEIGH): the shape draw's range.
    size_counts: [DFF<Bits<8>>; 5],
    /// The drawn size, one-hot (SIZE).
    size_hot: DFF<Bits<5>>,
    shape: DFF<Bits<7>>,
    shape_hot: DFF<Bits<FLAG_BITS>>,
    /// The placement's box corner (NTH_PAIR).
    corner: DFF<Bits<8>>,
    /// The chosen shape's tile (PAIR_SET).
    tile: DFF<Bits<5>>,
    done_q: DFF<Bit>,
    margin_q: DFF<Bits<8>>,
    /// The generator's state from the next cycle on.
    rng_next: Signal<Local, Bits<32>>,
    x_a: Signal<Local, Bits<32>>,
    x_b: Signal<Local, Bits<32>>,
    product: Signal<Local, Bits<32>>,
    drawn8: Signal<Local, Bits<8>>,
    /// The shape's draw (PREFIX after SIZE): its range, product and pick.
    shape_range: Signal<Local, Bits<8>>,
    shape_product: Signal<Local, Bits<32>>,
    shape_drawn: Signal<Local, Bits<8>>,
    /// The pair's draw by shifts and adds (NTH_PAIR): the generator's
    /// number, its product with the pair count, the pick.
    pair_x: Signal<Local, Bits<19>>,
    pair_product: Signal<Local, Bits<19>>,
    pair_pick: Signal<Local, Bits<4>>,
    over: Signal<Local, Bit>,
    /// Bit `k` for size `k + 1` (cells), as the three below.
    present: Signal<Local, Bits<5>>,
    allowed: Signal<Local, Bits<5>>,
    sizes_ok: Signal<Local, Bits<5>>,
    running: Signal<Local, Bits<8>>,
    passes_draw: Signal<Local, Bits<5>>,
    first_size: Signal<Local, Bits<5>>,
    /// The drawn size's shapes (from `size_hot`), padded so that every
    /// byte reads as 14 bits.
    chosen_mask: Signal<Local, Bits<FLAG_BITS>>,
    wide_mask: Signal<Local, Bits<WIDE_FLAG_BITS>>,
    /// The flags, padded so that every byte reads as 14 bits.
    wide_flags: Signal<Local, Bits<WIDE_FLAG_BITS>>,
    /// Per entry, the bits the counters and LOCATE see: all of a row of
    /// cells, or of a byte of flags those of the drawn size.
    view_masks: [Signal<Local, Bits<SIZE>>; SIZE],
    slot_view: [Signal<Local, Bits<SIZE>>; SIZE],
    /// All 14 bits of a row.
    row_field: Constant<Bits<SIZE>>,
    /// The low byte of a 14-bit row.
    byte_field: Constant<Bits<SIZE>>,
    /// Per row after PAIRS, its shapes that fit, from bit 0.
    size_row_flags: [Signal<Local, Bits<SIZE>>; SIZE],
    /// Per size, its rows' counts added (WEIGH).
    size_sums: [Signal<Local, Bits<8>>; 5],
    /// What each counter counts: a row of cells, a byte of flags, or (after
    /// PAIRS) shapes of one size.
    count_inputs: [Signal<Local, Bits<SIZE>>; SIZE],
    counts_wide: [Signal<Local, Bits<8>>; SIZE],
    sums1: [Signal<Local, Bits<8>>; SIZE],
    sums2: [Signal<Local, Bits<8>>; SIZE],
    sums4: [Signal<Local, Bits<8>>; SIZE],
    sums8: [Signal<Local, Bits<8>>; SIZE],
    passed: Signal<Local, Bits<SIZE>>,
    first_slot: Signal<Local, Bits<SIZE>>,
    masked_bits: [Signal<Local, Bits<SIZE>>; SIZE],
    masked_offsets: [Signal<Local, Bits<8>>; SIZE],
    masked_bases: [Signal<Local, Bits<8>>; SIZE],
    located_bits: Signal<Local, Bits<SIZE>>,
    located_offset: Signal<Local, Bits<8>>,
    located_base: Signal<Local, Bits<8>>,
    /// The chosen shape's pairs that fit.
    shape_pairs: Signal<Local, Bits<CELLS_PER_SHAPE>>,
    /// NTH's place one-hot, and the shape it makes with the byte's.
    index_hot: Signal<Local, Bits<SIZE>>,
    shape_decoded: Signal<Local, Bits<FLAG_BITS>>,
    /// The chosen pair's offset from the box corner.
    delta: Signal<Local, Bits<DELTA_BITS>>,
    /// Per size `k + 1`: its shapes' flags, its weight, and the rows its
    /// flags take after PAIRS.
    size_masks: [Constant<Bits<FLAG_BITS>>; 5],
    weights: [Constant<Bits<8>>; 5],
    size_rows: [Constant<Bits<SIZE>>; 5],
    /// Per row after PAIRS: the first flag's number, and the bits of the
    /// 14 from there that the row holds.
    row_masks: [Constant<Bits<SIZE>>; SIZE],
    row_shifts: [Constant<Bits<8>>; SIZE],
    /// The number of the first cell of each row, and the first shape of
    /// each byte of flags.
    row_bases: [Constant<Bits<8>>; SIZE],
    byte_bases: [Constant<Bits<8>>; SIZE],
    /// 0 to 4: a pair's place among its shape's cells.
    pair_numbers: [Constant<Bits<4>>; CELLS_PER_SHAPE],
    p_idle: Constant<Bits<5>>,
    p_ply: Constant<Bits<5>>,
    p_prefix: Constant<Bits<5>>,
    p_locate: Constant<Bits<5>>,
    p_nth: Constant<Bits<5>>,
    p_window: Constant<Bits<5>>,
    p_pairs: Constant<Bits<5>>,
    p_weigh: Constant<Bits<5>>,
    p_size: Constant<Bits<5>>,
    p_pair_set: Constant<Bits<5>>,
    p_nth_pair: Constant<Bits<5>>,
    p_apply: Constant<Bits<5>>,
    p_swap: Constant<Bits<5>>,
    p_finish: Constant<Bits<5>>,
}

impl CellPlayout {
    /// An idle engine.
    pub fn new() -> CellPlayout {
        let p = |v: u64| Constant::new(Bits::<5>::from(v));
        let policy = model::cell_playout::POLICY;
        assert!(policy.opening_sizes && policy.cells_first);
        let size_rows = size_rows();
        let deltas: BTreeMap<Bits<7>, Bits<30>> = (0..SHAPES)
            .map(|s| ((s as u64).into(), delta_word(s).into()))
            .collect();
        CellPlayout {
            clock: Default::default(),
            start: Default::default(),
            forbidden: Default::default(),
            attach: Default::default(),
            opponent_forbidden: Default::default(),
            opponent_attach: Default::default(),
            tiles_left: Default::default(),
            opponent_tiles_left: Default::default(),
            passes: Default::default(),
            seed: Default::default(),
            done: Default::default(),
            busy: Default::default(),
            margin: Default::default(),
            plies: Default::default(),
            rng: Default::default(),
            placer: Placer::new(),
            shift: CornerShift::default(),
            neighbours: Neighbours::new(),
            own_tally: TileTally::new(),
            counters: std::array::from_fn(|_| RowCount::new()),
            draw_cells: DrawCells::new(),
            pair_counter: RowCount::new(),
            nth: NthSetBit::new(),
            deltas: SyncROM::new(deltas),
            window_unit: CellWindow::new(),
            pair_unit: PairFits::new(),
            cell_unit: CellHot::default(),
            phase: Default::default(),
            own_forbidden: Default::default(),
            own_attach: Default::default(),
            other_forbidden: Default::default(),
            other_attach: Default::default(),
            near: Default::default(),
            origin: Default::default(),
            own_left: Default::default(),
            other_left: Default::default(),
            mover_is_root: Default::default(),
            passes_q: Default::default(),
            rng_q: Default::default(),
            next_x: Default::default(),
            range: Default::default(),
            plies_q: Default::default(),
            slot_bits: Default::default(),
            slot_starts: Default::default(),
            slot_ends: Default::default(),
            pick: Default::default(),
            finding_cell: Default::default(),
            sel_bits: Default::default(),
            sel_offset: Default::default(),
            sel_base: Default::default(),
            slot_hot: Default::default(),
            cell_column: Default::default(),
            cell_index: Default::default(),
            window: Default::default(),
            pairs: Default::default(),
            flags: Default::default(),
            opening: Default::default(),
            unplaced_last_mover: Default::default(),
            running_weight: Default::default(),
            size_counts: Default::default(),
            size_hot: Default::default(),
            shape: Default::default(),
            shape_hot: Default::default(),
            corner: Default::default(),
            tile: Default::default(),
            done_q: Default::default(),
            margin_q: Default::default(),
            rng_next: Default::default(),
            x_a: Default::default(),
            x_b: Default::default(),
            product: Default::default(),
            drawn8: Default::default(),
            shape_range: Default::default(),
            shape_product: Default::default(),
            shape_drawn: Default::default(),
            pair_x: Default::default(),
            pair_product: Default::default(),
            pair_pick: Default::default(),
            over: Default::default(),
            present: Default::default(),
            allowed: Default::default(),
            sizes_ok: Default::default(),
            running: Default::default(),
            passes_draw: Default::default(),
            first_size: Default::default(),
            chosen_mask: Default::default(),
            wide_mask: Default::default(),
            wide_flags: Default::default(),
            view_masks: Default::default(),
            slot_view: Default::default(),
            row_field: Constant::new(0x3FFFu64.into()),
            byte_field: Constant::new(0xFFu64.into()),
            size_row_flags: Default::default(),
            size_sums: Default::default(),
            count_inputs: Default::default(),
            counts_wide: Default::default(),
            sums1: Default::default(),
            sums2: Default::default(),
            sums4: Default::default(),
            sums8: Default::default(),
            passed: Default::default(),
            first_slot: Default::default(),
            masked_bits: Default::default(),
            masked_offsets: Default::default(),
            masked_bases: Default::default(),
            located_bits: Default::default(),
            located_offset: Default::default(),
            located_base: Default::default(),
            shape_pairs: Default::default(),
            index_hot: Default::default(),
            shape_decoded: Default::default(),
            delta: Default::default(),
            size_masks: std::array::from_fn(|k| Constant::new(size_mask(k as u8 + 1))),
            weights: std::array::from_fn(|k| {
                Constant::new(u64::from(policy.size_weight[k + 1]).into())
            }),
            size_rows: std::array::from_fn(|k| {
                let rows = (0..SIZE).filter(|&r| size_rows[r].0 == k as u8 + 1);
                Constant::new(rows.fold(0u64, |m, r| m | 1 << r).into())
            }),
            row_masks: std::array::from_fn(|r| {
                Constant::new(((1u64 << size_rows[r].2) - 1).into())
            }),
            row_shifts: std::array::from_fn(|r| Constant::new((size_rows[r].1 as u64).into())),
            row_bases: std::array::from_fn(|r| Constant::new(((SIZE * r) as u64).into())),
            byte_bases: std::array::from_fn(|b| Constant::new((8 * b as u64).into())),
            pair_numbers: std::array::from_fn(|k| Constant::new((k as u64).into())),
            p_idle: p(phase::IDLE),
            p_ply: p(phase::PLY),
            p_prefix: p(phase::PREFIX),
            p_locate: p(phase::LOCATE),
            p_nth: p(phase::NTH),
            p_window: p(phase::WINDOW),
            p_pairs: p(phase::PAIRS),
            p_weigh: p(phase::WEIGH),
            p_size: p(phase::SIZE),
            p_pair_set: p(phase::PAIR_SET),
            p_nth_pair: p(phase::NTH_PAIR),
            p_apply: p(phase::APPLY),
            p_swap: p(phase::SWAP),
            p_finish: p(phase::FINISH),
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
        dff_setup!(
            self,
            clock,
            phase,
            own_forbidden,
            own_attach,
            other_forbidden,
            other_attach,
            near,
            origin,
            own_left,
            other_left,
            mover_is_root,
            passes_q,
            rng_q,
            next_x,
            range,
            plies_q,
            pick,
            finding_cell,
            sel_bits,
            sel_offset,
            sel_base,
            slot_hot,
            cell_column,
            cell_index,
            window,
            pairs,
            flags,
            opening,
            unplaced_last_mover,
            size_hot,
            shape,
            shape_hot,
            corner,
            tile,
            done_q,
            margin_q
        );
        for e in 0..14 {
            self.slot_bits[e].clock.next = self.clock.val();
            self.slot_starts[e].clock.next = self.clock.val();
            self.slot_ends[e].clock.next = self.clock.val();
            self.slot_bits[e].d.next = self.slot_bits[e].q.val();
            self.slot_starts[e].d.next = self.slot_starts[e].q.val();
            self.slot_ends[e].d.next = self.slot_ends[e].q.val();
        }
        for k in 0..5 {
            self.running_weight[k].clock.next = self.clock.val();
            self.running_weight[k].d.next = self.running_weight[k].q.val();
            self.size_counts[k].clock.next = self.clock.val();
            self.size_counts[k].d.next = self.size_counts[k].q.val();
        }
        self.deltas.clock.next = self.clock.val();
        self.deltas.address.next = self.shape.q.val();
        // The placer gives the chosen shape with its box corner on cell 0;
        // APPLY shifts it onto the corner.
        self.placer.shape.next = self.shape.q.val();
        self.placer.corner.next = 0.into();
        self.shift.origin.next = self.origin.q.val();
        self.shift.corner.next = self.corner.q.val();
        self.neighbours.cells.next = self.shift.cells.val();

        // Registers refreshed every cycle: the opening rule and the unplaced
        // cells.
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
        // (Below the range, at most 255.)
        self.drawn8.next = bit_cast::<8, 32>(self.product.val() >> 16);
        // The shape's draw, its range the drawn size's count: a multiplier
        // of its own, so that SIZE's draw has no choice of range before its
        // multiplier and no range after it.
        self.shape_range.next = 0.into();
        for k in 0..5 {
            if self.size_hot.q.val().get_bit(k) {
                self.shape_range.next = self.size_counts[k].q.val();
            }
        }
        self.shape_product.next =
            self.next_x.q.val().get_bits::<16>(16) * bit_cast::<16, 8>(self.shape_range.val());
        self.shape_drawn.next = bit_cast::<8, 32>(self.shape_product.val() >> 16);
        // What the counters and LOCATE see of the entries.
        self.chosen_mask.next = 0.into();
        for k in 0..5 {
            if self.size_hot.q.val().get_bit(k) {
                self.chosen_mask.next = self.size_masks[k].val();
            }
        }
        self.wide_mask.next = bit_cast::<WIDE_FLAG_BITS, FLAG_BITS>(self.chosen_mask.val());
        for e in 0..14 {
            self.view_masks[e].next = self.row_field.val();
        }
        if !self.finding_cell.q.val() {
            for e in 0..12 {
                self.view_masks[e].next =
                    self.wide_mask.val().get_bits::<14>(8 * e) & self.byte_field.val();
            }
            for e in 12..14 {
                self.view_masks[e].next = 0.into();
            }
        }
        for e in 0..14 {
            self.slot_view[e].next = self.slot_bits[e].q.val() & self.view_masks[e].val();
        }
        // The pair's draw, the same `((next_x >> 16) * range) >> 16` for a
        // range of at most 7 (a shape's pairs: at most 5) by shifts and
        // adds: no multiplier and its wires in NTH_PAIR's path.
        self.pair_x.next = bit_cast::<19, 16>(self.next_x.q.val().get_bits::<16>(16));
        self.pair_product.next = 0.into();
        if self.range.q.val().get_bit(0) {
            self.pair_product.next = self.pair_x.val();
        }
        if self.range.q.val().get_bit(1) {
            self.pair_product.next = self.pair_product.val() + (self.pair_x.val() << 1);
        }
        if self.range.q.val().get_bit(2) {
            self.pair_product.next = self.pair_product.val() + (self.pair_x.val() << 2);
        }
        self.pair_pick.next = bit_cast::<4, 3>(self.pair_product.val().get_bits::<3>(16));

        self.over.next = (self.passes_q.q.val() == 2)
            | !self.own_left.q.val().any()
            | !self.other_left.q.val().any();
        self.draw_cells.attach.next = self.own_attach.q.val();
        self.draw_cells.near.next = self.near.q.val();

        // The counters: rows of the cells to draw from (PLY), rows of
        // shapes of one size (PAIRS), or bytes of the drawn size's shape
        // flags (SIZE).
        for e in 0..14 {
            self.count_inputs[e].next = self.draw_cells.from.val().get_bits::<14>(14 * e);
        }
        // (hdl_gen takes a function's arguments indexed by constants only.)
        self.size_row_flags[0].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[0].val())
                & self.row_masks[0].val();
        self.size_row_flags[1].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[1].val())
                & self.row_masks[1].val();
        self.size_row_flags[2].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[2].val())
                & self.row_masks[2].val();
        self.size_row_flags[3].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[3].val())
                & self.row_masks[3].val();
        self.size_row_flags[4].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[4].val())
                & self.row_masks[4].val();
        self.size_row_flags[5].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[5].val())
                & self.row_masks[5].val();
        self.size_row_flags[6].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[6].val())
                & self.row_masks[6].val();
        self.size_row_flags[7].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[7].val())
                & self.row_masks[7].val();
        self.size_row_flags[8].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[8].val())
                & self.row_masks[8].val();
        self.size_row_flags[9].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[9].val())
                & self.row_masks[9].val();
        self.size_row_flags[10].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[10].val())
                & self.row_masks[10].val();
        self.size_row_flags[11].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[11].val())
                & self.row_masks[11].val();
        self.size_row_flags[12].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[12].val())
                & self.row_masks[12].val();
        self.size_row_flags[13].next =
            bit_cast::<14, FLAG_BITS>(self.pair_unit.flags.val() >> self.row_shifts[13].val())
                & self.row_masks[13].val();
        if self.phase.q.val() == self.p_pairs.val() {
            for e in 0..14 {
                self.count_inputs[e].next = self.size_row_flags[e].val();
            }
        }
        for e in 0..14 {
            self.counters[e].bits.next = self.slot_view[e].val();
        }

        // PREFIX: the counts summed over 1, 2, 4 and 8 entries back.
        self.counts_wide[0].next = bit_cast::<8, 4>(self.counters[0].count.val());
        self.counts_wide[1].next = bit_cast::<8, 4>(self.counters[1].count.val());
        self.counts_wide[2].next = bit_cast::<8, 4>(self.counters[2].count.val());
        self.counts_wide[3].next = bit_cast::<8, 4>(self.counters[3].count.val());
        self.counts_wide[4].next = bit_cast::<8, 4>(self.counters[4].count.val());
        self.counts_wide[5].next = bit_cast::<8, 4>(self.counters[5].count.val());
        self.counts_wide[6].next = bit_cast::<8, 4>(self.counters[6].count.val());
        self.counts_wide[7].next = bit_cast::<8, 4>(self.counters[7].count.val());
        self.counts_wide[8].next = bit_cast::<8, 4>(self.counters[8].count.val());
        self.counts_wide[9].next = bit_cast::<8, 4>(self.counters[9].count.val());
        self.counts_wide[10].next = bit_cast::<8, 4>(self.counters[10].count.val());
        self.counts_wide[11].next = bit_cast::<8, 4>(self.counters[11].count.val());
        self.counts_wide[12].next = bit_cast::<8, 4>(self.counters[12].count.val());
        self.counts_wide[13].next = bit_cast::<8, 4>(self.counters[13].count.val());
        self.sums1[0].next = self.counts_wide[0].val();
        for e in 1..14 {
            self.sums1[e].next = self.counts_wide[e].val() + self.counts_wide[e - 1].val();
        }
        for e in 0..2 {
            self.sums2[e].next = self.sums1[e].val();
        }
        for e in 2..14 {
            self.sums2[e].next = self.sums1[e].val() + self.sums1[e - 2].val();
        }
        for e in 0..4 {
            self.sums4[e].next = self.sums2[e].val();
        }
        for e in 4..14 {
            self.sums4[e].next = self.sums2[e].val() + self.sums2[e - 4].val();
        }
        for e in 0..8 {
            self.sums8[e].next = self.sums4[e].val();
        }
        for e in 8..14 {
            self.sums8[e].next = self.sums4[e].val() + self.sums4[e - 8].val();
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
                self.masked_bits[e].next = self.slot_view[e].val();
                self.masked_offsets[e].next = self.pick.q.val() - self.slot_starts[e].q.val();
                self.masked_bases[e].next = self.byte_bases[e].val();
                if self.finding_cell.q.val() {
                    self.masked_bases[e].next = self.row_bases[e].val();
                }
            }
            self.located_bits.next = self.located_bits.val() | self.masked_bits[e].val();
            self.located_offset.next = self.located_offset.val() | self.masked_offsets[e].val();
            self.located_base.next = self.located_base.val() | self.masked_bases[e].val();
        }

        // NTH: the place of the located bit (or of the chosen pair), and
        // the shape a byte and a place make (byte `b`, place `i`: shape
        // `8 b + i`).
        self.nth.bits.next = self.sel_bits.q.val();
        self.nth.n.next = self.sel_offset.q.val();
        if self.phase.q.val() == self.p_nth_pair.val() {
            self.nth.n.next = self.pair_pick.val();
        }
        self.index_hot.next = bit_cast::<14, 1>(1.into()) << self.nth.index.val();
        self.shape_decoded.next = 0.into();
        if self.phase.q.val() == self.p_nth.val() {
            for b in 0..12 {
                for i in 0..8 {
                    self.shape_decoded.next = self.shape_decoded.val().replace_bit(
                        8 * b + i,
                        self.slot_hot.q.val().get_bit(b) & self.index_hot.val().get_bit(i),
                    );
                }
            }
        }

        // WINDOW: the 9 x 9 cells around the attach cell, forbidden or off
        // the board; PAIRS: which pairs fit there, and the shapes with a
        // tile left that fit (each computed only in its phase).
        self.window_unit.cells.next = self.own_forbidden.q.val();
        self.window_unit.row.next = self.slot_hot.q.val();
        self.window_unit.column.next = self.cell_column.q.val();
        self.window_unit.enable.next = self.phase.q.val() == self.p_window.val();
        self.pair_unit.window.next = self.window.q.val();
        self.pair_unit.tiles.next = self.own_left.q.val();
        self.pair_unit.enable.next = self.phase.q.val() == self.p_pairs.val();
        self.cell_unit.row.next = self.slot_hot.q.val();
        self.cell_unit.column.next = self.cell_column.q.val();

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

        // WEIGH: the shapes of each size that fit, from its rows' counts.
        for k in 0..5 {
            self.size_sums[k].next = 0.into();
            for e in 0..14 {
                if self.size_rows[k].val().get_bit(e) {
                    self.size_sums[k].next = self.size_sums[k].val() + self.counts_wide[e].val();
                }
            }
        }

        // SIZE: the first size whose running weight passes the draw.
        self.passes_draw.next = 0.into();
        self.passes_draw.next = self
            .passes_draw
            .val()
            .replace_bit(0, self.running_weight[0].q.val() > self.drawn8.val());
        self.passes_draw.next = self
            .passes_draw
            .val()
            .replace_bit(1, self.running_weight[1].q.val() > self.drawn8.val());
        self.passes_draw.next = self
            .passes_draw
            .val()
            .replace_bit(2, self.running_weight[2].q.val() > self.drawn8.val());
        self.passes_draw.next = self
            .passes_draw
            .val()
            .replace_bit(3, self.running_weight[3].q.val() > self.drawn8.val());
        self.passes_draw.next = self
            .passes_draw
            .val()
            .replace_bit(4, self.running_weight[4].q.val() > self.drawn8.val());
        self.first_size.next = self.passes_draw.val() & !(self.passes_draw.val() << 1);
        // SIZE: the flags of every size, a byte a row, for the counters;
        // from then on the counters and LOCATE see the drawn size's alone
        // (`slot_view`), so that no path runs from the draw into them.
        self.wide_flags.next = bit_cast::<WIDE_FLAG_BITS, FLAG_BITS>(self.flags.q.val());
        if self.phase.q.val() == self.p_size.val() {
            for e in 0..12 {
                self.count_inputs[e].next =
                    self.wide_flags.val().get_bits::<14>(8 * e) & self.byte_field.val();
            }
            for e in 12..14 {
                self.count_inputs[e].next = 0.into();
            }
        }

        // PAIR_SET: the chosen shape's pairs that fit, and how many.
        self.shape_pairs.next = 0.into();
        if self.phase.q.val() == self.p_pair_set.val() {
            for s in 0..91 {
                if self.shape_hot.q.val().get_bit(s) {
                    self.shape_pairs.next =
                        self.shape_pairs.val() | self.pairs.q.val().get_bits::<5>(5 * s);
                }
            }
        }
        self.pair_counter.bits.next = bit_cast::<14, 5>(self.shape_pairs.val());

        // NTH_PAIR: the chosen pair's offset from the box corner.
        self.delta.next = 0.into();
        for k in 0..5 {
            if self.nth.index.val() == self.pair_numbers[k].val() {
                self.delta.next = self.deltas.data.val().get_bits::<6>(6 * k);
            }
        }

        // The machine.
        self.rng_next.next = self.rng_q.q.val();
        self.done_q.d.next = false;
        if self.phase.q.val() == self.p_idle.val() {
            if self.start.val() {
                self.own_forbidden.d.next = self.forbidden.val();
                self.own_attach.d.next = self.attach.val();
                self.other_forbidden.d.next = self.opponent_forbidden.val();
                self.other_attach.d.next = self.opponent_attach.val();
                self.own_left.d.next = self.tiles_left.val();
                self.other_left.d.next = self.opponent_tiles_left.val();
                self.near.d.next = 0.into();
                self.mover_is_root.d.next = true;
                self.passes_q.d.next = self.passes.val();
                self.rng_next.next = self.seed.val();
                self.plies_q.d.next = 0.into();
                self.phase.d.next = self.p_ply.val();
            }
        } else if self.phase.q.val() == self.p_ply.val() {
            if self.over.val() {
                self.phase.d.next = self.p_swap.val();
            } else if !self.own_attach.q.val().any() {
                // A pass: the sides swap.
                self.passes_q.d.next = self.passes_q.q.val() + 1;
                self.own_forbidden.d.next = self.other_forbidden.q.val();
                self.other_forbidden.d.next = self.own_forbidden.q.val();
                self.own_attach.d.next = self.other_attach.q.val();
                self.other_attach.d.next = self.own_attach.q.val();
                self.own_left.d.next = self.other_left.q.val();
                self.other_left.d.next = self.own_left.q.val();
                self.near.d.next = 0.into();
                self.mover_is_root.d.next = !self.mover_is_root.q.val();
                self.plies_q.d.next = self.plies_q.q.val() + 1;
            } else {
                // The rows of the cells to draw from, and how many.
                for e in 0..14 {
                    self.slot_bits[e].d.next = self.count_inputs[e].val();
                }
                self.range.d.next = self.draw_cells.all_cells.val();
                if self.draw_cells.near_any.val() {
                    self.range.d.next = self.draw_cells.near_cells.val();
                }
                self.finding_cell.d.next = true;
                self.phase.d.next = self.p_prefix.val();
            }
        } else if self.phase.q.val() == self.p_prefix.val() {
            self.slot_starts[0].d.next = 0.into();
            for e in 1..14 {
                self.slot_starts[e].d.next = self.sums8[e - 1].val();
            }
            for e in 0..14 {
                self.slot_ends[e].d.next = self.sums8[e].val();
            }
            // The draw, its range the total of these counts.
            self.pick.d.next = self.drawn8.val();
            if !self.finding_cell.q.val() {
                self.pick.d.next = self.shape_drawn.val();
            }
            self.rng_next.next = self.next_x.q.val();
            self.phase.d.next = self.p_locate.val();
        } else if self.phase.q.val() == self.p_locate.val() {
            self.sel_bits.d.next = self.located_bits.val();
            self.sel_offset.d.next = self.located_offset.val().get_bits::<4>(0);
            self.sel_base.d.next = self.located_base.val();
            self.slot_hot.d.next = self.first_slot.val();
            self.phase.d.next = self.p_nth.val();
        } else if self.phase.q.val() == self.p_nth.val() {
            if self.finding_cell.q.val() {
                self.cell_index.d.next =
                    self.sel_base.q.val() + bit_cast::<8, 4>(self.nth.index.val());
                self.cell_column.d.next = self.index_hot.val();
                self.phase.d.next = self.p_window.val();
            } else {
                self.shape.d.next = bit_cast::<7, 8>(
                    self.sel_base.q.val() | bit_cast::<8, 4>(self.nth.index.val()),
                );
                self.shape_hot.d.next = self.shape_decoded.val();
                self.phase.d.next = self.p_pair_set.val();
            }
        } else if self.phase.q.val() == self.p_window.val() {
            self.window.d.next = self.window_unit.window.val();
            self.phase.d.next = self.p_pairs.val();
        } else if self.phase.q.val() == self.p_pairs.val() {
            // The shapes that fit, in rows of one size, for WEIGH's counts.
            for e in 0..14 {
                self.slot_bits[e].d.next = self.count_inputs[e].val();
            }
            if self.pair_unit.flags.val().any() {
                self.flags.d.next = self.pair_unit.flags.val();
                self.pairs.d.next = self.pair_unit.fits.val();
                self.phase.d.next = self.p_weigh.val();
            } else {
                // A dead cell: forbidden from now on; the ply starts again.
                self.own_forbidden.d.next =
                    self.own_forbidden.q.val() | self.cell_unit.one_hot.val();
                self.own_attach.d.next = self.own_attach.q.val() & !self.cell_unit.one_hot.val();
                self.phase.d.next = self.p_ply.val();
            }
        } else if self.phase.q.val() == self.p_weigh.val() {
            for k in 0..5 {
                if self.sizes_ok.val().get_bit(k) {
                    self.running.next = self.running.val() + self.weights[k].val();
                }
                self.running_weight[k].d.next = self.running.val();
                self.size_counts[k].d.next = self.size_sums[k].val();
            }
            self.range.d.next = self.running.val();
            self.phase.d.next = self.p_size.val();
        } else if self.phase.q.val() == self.p_size.val() {
            // The flags of every size, a byte a row, and the drawn size.
            for e in 0..14 {
                self.slot_bits[e].d.next = self.count_inputs[e].val();
            }
            self.size_hot.d.next = self.first_size.val();
            self.rng_next.next = self.next_x.q.val();
            self.finding_cell.d.next = false;
            self.phase.d.next = self.p_prefix.val();
        } else if self.phase.q.val() == self.p_pair_set.val() {
            self.sel_bits.d.next = bit_cast::<14, 5>(self.shape_pairs.val());
            self.range.d.next = bit_cast::<8, 4>(self.pair_counter.count.val());
            self.origin.d.next = self.placer.cells.val();
            self.tile.d.next = self.placer.tile.val();
            self.phase.d.next = self.p_nth_pair.val();
        } else if self.phase.q.val() == self.p_nth_pair.val() {
            self.rng_next.next = self.next_x.q.val();
            self.corner.d.next =
                self.cell_index.q.val() - bit_cast::<8, DELTA_BITS>(self.delta.val());
            self.phase.d.next = self.p_apply.val();
        } else if self.phase.q.val() == self.p_apply.val() {
            // The mover's cells, their edges forbidden and their corners
            // new attach cells; the cells taken from the other side; the
            // sides swap.
            self.own_forbidden.d.next = self.other_forbidden.q.val() | self.shift.cells.val();
            self.own_attach.d.next = self.other_attach.q.val() & !self.shift.cells.val();
            self.other_forbidden.d.next =
                self.own_forbidden.q.val() | self.shift.cells.val() | self.neighbours.edges.val();
            self.other_attach.d.next = (self.own_attach.q.val() | self.neighbours.diagonals.val())
                & !(self.own_forbidden.q.val()
                    | self.shift.cells.val()
                    | self.neighbours.edges.val());
            self.own_left.d.next = self.other_left.q.val();
            self.other_left.d.next =
                self.own_left.q.val() & !(bit_cast::<21, 1>(1.into()) << self.tile.q.val());
            self.near.d.next = self.neighbours.edges.val() | self.neighbours.diagonals.val();
            self.passes_q.d.next = 0.into();
            self.mover_is_root.d.next = !self.mover_is_root.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + 1;
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
        // The generator: its state, and its next number from the state it
        // takes (so that a draw may follow a draw in the next cycle).
        self.rng_q.d.next = self.rng_next.val();
        self.x_a.next = self.rng_next.val() ^ (self.rng_next.val() << 13);
        self.x_b.next = self.x_a.val() ^ (self.x_a.val() >> 17);
        self.next_x.d.next = self.x_b.val() ^ (self.x_b.val() << 5);
        self.done.next = self.done_q.q.val();
        self.busy.next = self.phase.q.val() != self.p_idle.val();
        self.margin.next = self.margin_q.q.val();
        self.plies.next = self.plies_q.q.val();
        self.rng.next = self.rng_q.q.val();
    }
}
