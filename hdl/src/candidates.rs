//! The candidate stream: the move generator's rows (14 rows of 91 x 14 legal
//! box corners, one row a cycle) turned into a stream of single candidates,
//! one a clock, each as `(shape, corner)`. The hardware twin of
//! `model::candidates` (same order, same timing); that module's
//! `candidate_stream` and its `# Timing` section are the specification.

use crate::board::SIZE;
use crate::move_gen::{RowBits, ROWS, ROW_BITS, SHAPES};
use crate::shape_fields::{with_shape_fields, ShapeFlags};
use rust_hdl::prelude::*;

/// Rising edges from `start` to the earliest candidate of row 0, when the
/// rows come from [`crate::MoveGen`] or [`crate::LegalMoves`] started by the
/// same `start` (row `r` sampled at edge `r + 2`):
/// `model::candidates::LATENCY`. A candidate of row `r` comes at the
/// earliest `LATENCY + r` edges after `start`.
pub const LATENCY: usize = 2 + ROW_TO_CANDIDATE;
/// Rising edges from the edge that samples a row (`row_valid` high) to the
/// earliest edge that presents one of its candidates: pending, staged (its
/// count ready), in the scanner, then the two output registers; see the
/// table in [`Candidates`].
pub const ROW_TO_CANDIDATE: usize = 5;
/// Rising edges from the edge that samples row 13 to the earliest `done`.
pub const ROW13_TO_DONE: usize = 3;
/// Rising edges from `start` to the earliest `done` (a position without
/// candidates), rows from a generator started by the same `start`:
/// `model::candidates::DONE_LATENCY`.
pub const DONE_LATENCY: usize = ROWS + 1 + ROW13_TO_DONE;

/// Blocks of 7 groups (98 bits of a row): the unit of the row counts' middle
/// stage and of the first output stage's selection.
pub const BLOCKS: usize = 13;
/// Width of a row's candidate count (at most 1,274).
pub const COUNT_BITS: usize = 11;

/// A 14-bit group of a row: one shape's 14 corner columns.
pub type Group = Bits<SIZE>;
/// One bit per shape: the groups of the row being scanned.
pub type ShapeSet = Bits<SHAPES>;
/// One bit per corner row.
pub type RowSet = Bits<ROWS>;
/// One bit per block of 7 groups.
pub type BlockSet = Bits<BLOCKS>;
/// A number of candidates.
pub type Count = Bits<COUNT_BITS>;

/// The set bits of the generator's rows as a stream of candidates, at most
/// one a clock: row by row (0 first), within a row shape by shape (0
/// first), within a shape column by column (0 first), i.e. lowest bit of
/// `row_bits` first. `model::candidates::candidate_stream` is the order.
///
/// # How
/// * **Row store.** Each row is written as it arrives into a 16 x 1,274-bit
///   RAM (rust-hdl's `RAM`: synchronous write, registered read; Yosys maps
///   it to distributed RAM), at address `row`.
/// * **Row count.** Meanwhile the row's bits are counted in three register
///   stages (per shape, per block of 7 shapes, per row) into `row_count`,
///   one count per row. A row with a bit set becomes `pending` one edge after
///   it is sampled; empty rows never do, so they cost no cycle.
/// * **Stage.** The RAM's read register holds the next row to scan
///   (`staged`, row `staged_row`): whenever the stage is free or is being
///   emptied this cycle, the lowest pending row is read into it at the next
///   edge (and leaves `pending`); otherwise the staged row is read again.
/// * **Scanner.** The row being scanned sits in 91 registers of 14 bits
///   (`groups`, one per shape) with a 91-bit register `nonempty` of the
///   groups holding a bit and a down-counter `remaining` of its bits.
///   The lowest non-empty group (`first_group`, one-hot) is found in two levels:
///   the lowest non-empty block of 7 groups (`first_block`, of 13) and the
///   lowest non-empty group within each block (`lowest_in_block`), each with
///   its own prefix OR over the bits below (no carry chain). Each cycle the
///   first group's lowest bit is the candidate and is cleared. The decision
///   to replace the scanner's contents by the staged row at the next edge
///   must not wait for a 1,274-bit test of "at most one bit left" (nor
///   drive the RAM's read address and 1,400 register inputs from one), so
///   it is a register computed a cycle ahead from the counts:
///   `at_most_one` (`remaining <= 2` before one more bit goes, or the staged
///   row's count `<= 1` when it comes in). With it, the next row's first
///   candidate follows the current row's last one without a gap.
/// * **Output.** Two register stages: the first holds, per block of 7
///   shapes, the shape number and 14 bits of its lowest non-empty group,
///   and `first_block` and `14 * row`; the second picks the first block's
///   and adds the column of the group's lowest bit to `14 * row` (`corner`).
/// * **Done.** Once row 13 has passed the first count stage and nothing is
///   pending, staged or left in the scanner, `done` goes through the two
///   output stages, once.
///
/// `start` clears the count stages' valid bits, `pending`, the stage, the
/// scanner, the output stages and `done`; the rows of the earlier position
/// still pending or being scanned are dropped (a row presented in the
/// `start` cycle too). The flip-flops start at 0 (no reset); the RAM and
/// the counts need none.
///
/// # Timing
/// Edges are rising clock edges. Rows may come at any edges, in order 0..13,
/// at most one an edge. For a row sampled at edge `a` (row `r`):
///
/// | edge    | what                                                          |
/// |---------|---------------------------------------------------------------|
/// | `a`     | row into the RAM; per-shape counts; `row_bits` non-empty?     |
/// | `a + 1` | the row pending (if non-empty); per-block counts              |
/// | `a + 2` | the row staged (RAM read register); its count in `row_count`  |
/// | `a + 3` | the row in the scanner                                        |
/// | `a + 4` | its first candidate in the first output stage                 |
/// | `a + 5` | its first candidate at the outputs ([`ROW_TO_CANDIDATE`])     |
///
/// when nothing earlier is in the way. In general candidate `i` of the
/// stream (row `r_i`, sampled at edge `a(r_i)`) is presented (`valid` high,
/// `shape`, `corner`) during the cycle after edge
///
/// ```text
/// t_i = max(t_{i-1} + 1, a(r_i) + 5)        (t_{-1} = -infinity)
/// ```
///
/// so one candidate a cycle, with a gap only while a later row is still to
/// arrive; empty rows cost nothing. `done` is high during the cycle after
/// edge `max(t_last + 1, a(13) + 3)` ([`ROW13_TO_DONE`]), once.
///
/// Behind [`crate::MoveGen`] or [`crate::LegalMoves`] started by the same
/// `start` (sampled at edge 0), row `r` is sampled at edge `r + 2`, so
/// `t_i = max(t_{i-1} + 1, r_i + 7)` ([`LATENCY`] = 7) and `done` comes at
/// edge `max(t_last + 1, 18)` ([`DONE_LATENCY`]). A position whose `n`
/// candidates all lie in rows that arrive in time has its last candidate
/// `LATENCY + n - 1` edges after `start` and `done` one edge later. A new
/// `start` may be sampled at any edge, the one after `done` included;
/// whatever the block would have presented from that edge on for the
/// earlier position is dropped (`valid` and `done` are low in the cycle
/// after the `start` edge). `shape` and `corner` mean nothing while `valid`
/// is low.
///
/// # Size and speed
/// One place and route for the ECP5 LFE5U-85F (speed 6; `make synth-report`'s
/// flow, seed 1): 8,340 LUT4 (Yosys), 12,138 TRELLIS_COMB with the
/// distributed RAM, 3,580 FF, no block RAM; Fmax 82.9 MHz alone and
/// 80.6 MHz with every port registered (75 MHz asked). The longest paths
/// are the row count's last adder stage and the scanner's loop (`nonempty`
/// -> `first_group` -> `nonempty`), both mostly routing.
#[derive(LogicBlock)]
pub struct Candidates {
    /// The clock; everything happens at its rising edge.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse: a new position begins; forget everything pending.
    pub start: Signal<In, Bit>,
    /// High while a generator row is presented (`MoveGen::row_valid`).
    pub row_valid: Signal<In, Bit>,
    /// The corner row presented (`MoveGen::row`), 0..13, rows in order.
    pub row: Signal<In, Bits<4>>,
    /// The row's legal corners (`MoveGen::row_bits`): bit `14 * s + x` is
    /// shape `s` with its box corner at column `x` of the row.
    pub row_bits: Signal<In, RowBits>,
    /// High while a candidate is presented.
    pub valid: Signal<Out, Bit>,
    /// The candidate's oriented shape number (0..91), valid with `valid`.
    pub shape: Signal<Out, Bits<7>>,
    /// The candidate's box corner cell `14 * row + x` (0..196), valid with `valid`.
    pub corner: Signal<Out, Bits<8>>,
    /// High for one cycle once the last candidate of the position has been
    /// presented, or, for a position without candidates, all 14 rows have arrived.
    pub done: Signal<Out, Bit>,
    /// The rows of the current position, at address `row`.
    rows: RAM<RowBits, 4>,
    /// Count stage 1: a row was sampled at the last edge.
    arrived: DFF<Bit>,
    /// Count stage 1: its number.
    arrived_row: DFF<Bits<4>>,
    /// Count stage 1: it has a bit set.
    arrived_any: DFF<Bit>,
    /// Count stage 1: the bits of each of its groups.
    group_count: [DFF<Bits<4>>; SHAPES],
    /// Count stage 2: the row of the per-block counts.
    counted: DFF<Bit>,
    /// Count stage 2: its number.
    counted_row: DFF<Bits<4>>,
    /// Count stage 2: the bits of each block of 7 groups.
    block_count: [DFF<Bits<7>>; BLOCKS],
    /// Count stage 3: the bits of each row of the position.
    row_count: [DFF<Count>; ROWS],
    /// Rows stored with a bit set, not yet staged: bit `r` for row `r`.
    pending: DFF<RowSet>,
    /// Row 13 has passed count stage 1 since `start`.
    all_in: DFF<Bit>,
    /// The RAM's read register holds a row waiting for the scanner.
    staged: DFF<Bit>,
    /// The row the RAM's read register holds (read again while it waits).
    staged_row: DFF<Bits<4>>,
    /// The row being scanned, one 14-bit group per shape; a group's bits
    /// count only while its `nonempty` bit is set (`start` clears just those).
    groups: [DFF<Group>; SHAPES],
    /// Bit `s`: group `s` of the row being scanned holds a bit.
    /// (Written a field at a time: see [`crate::shape_fields`].)
    nonempty: DFF<ShapeFlags>,
    /// The bits left in the scanner.
    remaining: DFF<Count>,
    /// The scanner holds at most one bit: with a row staged, it comes in at the edge.
    at_most_one: DFF<Bit>,
    /// `14 * r` for the row `r` being scanned: the corner of its column 0.
    row_base: DFF<Bits<8>>,
    /// Output stage 1: a candidate.
    out1_valid: DFF<Bit>,
    /// Output stage 1: `first_block`, the block of the candidate.
    out1_block: DFF<BlockSet>,
    /// Output stage 1, per block of 7 shapes: the number of its lowest
    /// non-empty group (0 if none).
    out1_shape: [DFF<Bits<7>>; BLOCKS],
    /// Output stage 1, per block: the bits of its lowest non-empty group
    /// (the candidate, if the block is `first_block`, is their lowest).
    out1_group: [DFF<Group>; BLOCKS],
    /// Output stage 1: `14 * row`.
    out1_base: DFF<Bits<8>>,
    /// Output stage 1: `done`.
    out1_done: DFF<Bit>,
    /// Output register: `valid`.
    out_valid: DFF<Bit>,
    /// Output register: `shape`.
    out_shape: DFF<Bits<7>>,
    /// Output register: `corner`.
    out_corner: DFF<Bits<8>>,
    /// Output register: `done`.
    out_done: DFF<Bit>,
    /// `done` has been raised for the current position.
    done_given: DFF<Bit>,
    /// The row arriving in `pending` at the edge, one-hot (0 if none).
    arrive: Signal<Local, RowSet>,
    /// The total of the per-block counts (count stage 3).
    total: Signal<Local, Count>,
    /// The count of the staged row.
    staged_count: Signal<Local, Count>,
    /// A row is staged and the scanner holds at most one bit: load it at the edge.
    load: Signal<Local, Bit>,
    /// Bit `b`: block `b` (groups `7 b .. 7 b + 6`) holds a bit.
    block_nonempty: Signal<Local, BlockSet>,
    /// `nonempty` as bits.
    nonempty_bits: Signal<Local, ShapeSet>,
    /// Per block: it is the lowest non-empty block.
    first_block: [Signal<Local, Bit>; BLOCKS],
    /// Per group: it is the lowest non-empty group of its block.
    lowest_in_block: [Signal<Local, Bit>; SHAPES],
    /// Per group: it is the lowest non-empty group (of the lowest non-empty block).
    first_group: [Signal<Local, Bit>; SHAPES],
    /// Per group: its bits but the lowest.
    rest: [Signal<Local, Group>; SHAPES],
    /// Per shape: its number if it is its block's lowest non-empty group, else 0.
    pick_shape: [Signal<Local, Bits<7>>; SHAPES],
    /// Per shape: its bits if it is its block's lowest non-empty group, else 0.
    pick_group: [Signal<Local, Group>; SHAPES],
    /// Per block: its `out1_shape` if it is `out1_block`, else 0.
    pick_block_shape: [Signal<Local, Bits<7>>; BLOCKS],
    /// Per block: its `out1_group` if it is `out1_block`, else 0.
    pick_block_group: [Signal<Local, Group>; BLOCKS],
    /// The lowest pending row.
    lowest: Signal<Local, Bits<4>>,
    /// The candidate's group's bits: `out1_group` of `out1_block`.
    out1_bits: Signal<Local, Group>,
    /// The column of the lowest bit of `out1_bits`.
    column: Signal<Local, Bits<4>>,
    /// Per shape, its number.
    shape_number: [Constant<Bits<7>>; SHAPES],
    /// The numbers 0..13: columns and rows.
    number: [Constant<Bits<4>>; SIZE],
    /// Row 13, the last.
    last_row: Constant<Bits<4>>,
    /// One row: bit 0 of a [`RowSet`].
    one_row: Constant<RowSet>,
    /// No row.
    no_rows: Constant<RowSet>,
    /// No group.
    no_groups: Constant<ShapeFlags>,
    /// Per block `b`, the blocks below it: bits `0 .. b`.
    blocks_below: [Constant<BlockSet>; BLOCKS],
    /// Per group `j` of a block, the groups below it in the block: bits `0 .. j`.
    groups_below: [Constant<Bits<7>>; 7],
    /// No bit of a group.
    no_bits: Constant<Group>,
    /// Shape number 0 / nothing picked.
    no_shape: Constant<Bits<7>>,
    /// Column 0 / nothing picked.
    no_column: Constant<Bits<4>>,
    /// A group's count 0.
    zero_count: Constant<Bits<4>>,
    /// The count 0.
    no_count: Constant<Count>,
    /// The count 1.
    one: Constant<Count>,
    /// The count 2.
    two: Constant<Count>,
}

impl Candidates {
    /// An idle candidate stream (nothing pending, no `done` until a `start`).
    pub fn new() -> Candidates {
        Candidates {
            clock: Default::default(),
            start: Default::default(),
            row_valid: Default::default(),
            row: Default::default(),
            row_bits: Default::default(),
            valid: Default::default(),
            shape: Default::default(),
            corner: Default::default(),
            done: Default::default(),
            rows: Default::default(),
            arrived: Default::default(),
            arrived_row: Default::default(),
            arrived_any: Default::default(),
            group_count: std::array::from_fn(|_| Default::default()),
            counted: Default::default(),
            counted_row: Default::default(),
            block_count: Default::default(),
            row_count: Default::default(),
            pending: Default::default(),
            all_in: Default::default(),
            staged: Default::default(),
            staged_row: Default::default(),
            groups: std::array::from_fn(|_| Default::default()),
            nonempty: Default::default(),
            remaining: Default::default(),
            at_most_one: Default::default(),
            row_base: Default::default(),
            out1_valid: Default::default(),
            out1_block: Default::default(),
            out1_shape: Default::default(),
            out1_group: Default::default(),
            out1_base: Default::default(),
            out1_done: Default::default(),
            out_valid: Default::default(),
            out_shape: Default::default(),
            out_corner: Default::default(),
            out_done: Default::default(),
            done_given: Default::default(),
            arrive: Default::default(),
            total: Default::default(),
            staged_count: Default::default(),
            load: Default::default(),
            block_nonempty: Default::default(),
            nonempty_bits: Default::default(),
            first_block: Default::default(),
            lowest_in_block: std::array::from_fn(|_| Default::default()),
            first_group: std::array::from_fn(|_| Default::default()),
            rest: std::array::from_fn(|_| Default::default()),
            pick_shape: std::array::from_fn(|_| Default::default()),
            pick_group: std::array::from_fn(|_| Default::default()),
            pick_block_shape: Default::default(),
            pick_block_group: Default::default(),
            lowest: Default::default(),
            out1_bits: Default::default(),
            column: Default::default(),
            shape_number: std::array::from_fn(|s| Constant::new((s as u64).into())),
            number: std::array::from_fn(|i| Constant::new((i as u64).into())),
            last_row: Constant::new(((ROWS - 1) as u64).into()),
            one_row: Constant::new(1u64.into()),
            no_rows: Constant::new(RowSet::default()),
            no_groups: Constant::new(ShapeFlags::default()),
            blocks_below: std::array::from_fn(|b| Constant::new(((1u64 << b) - 1).into())),
            groups_below: std::array::from_fn(|j| Constant::new(((1u64 << j) - 1).into())),
            no_bits: Constant::new(Group::default()),
            no_shape: Constant::new(Bits::<7>::default()),
            no_column: Constant::new(Bits::<4>::default()),
            zero_count: Constant::new(Bits::<4>::default()),
            no_count: Constant::new(Count::default()),
            one: Constant::new(1u64.into()),
            two: Constant::new(2u64.into()),
        }
    }
}

impl Default for Candidates {
    fn default() -> Candidates {
        Candidates::new()
    }
}

/// `update`, written out for the blocks listed and the groups (shapes,
/// the fields of [`ShapeFlags`], handed over by [`with_shape_fields!`]):
/// rust-hdl's kernel language has no concatenation and cannot widen a value
/// inside a loop, so the 13-bit vectors built from the blocks, the 91-way
/// ORs of the picks and the count sums are single expressions naming every
/// group or block, and `nonempty` is written a group's bit at a time (a
/// Verilog part-select each, not an OR of 91 bits widened and shifted into
/// place, which Verilator computes at the full width term by term: see
/// [`crate::shape_fields`]). Numbers in expressions are literals (`14` a
/// group's width, `13` its last column, `7` the groups of a block): the
/// kernel language would print a constant's name into the Verilog as a
/// signal.
macro_rules! candidates_logic {
    ([$($b:tt)*] ; $($field:ident $s:tt),*) => {
        impl Logic for Candidates {
            #[hdl_gen]
            fn update(&mut self) {
                dff_setup!(
                    self,
                    clock,
                    arrived,
                    arrived_row,
                    arrived_any,
                    counted,
                    counted_row,
                    pending,
                    all_in,
                    staged,
                    staged_row,
                    nonempty,
                    remaining,
                    at_most_one,
                    row_base,
                    out1_valid,
                    out1_block,
                    out1_base,
                    out1_done,
                    out_valid,
                    out_shape,
                    out_corner,
                    out_done,
                    done_given
                );
                for s in 0..SHAPES {
                    self.groups[s].clock.next = self.clock.val();
                    self.groups[s].d.next = self.groups[s].q.val();
                    self.group_count[s].clock.next = self.clock.val();
                    self.group_count[s].d.next = self.group_count[s].q.val();
                }
                for b in 0..BLOCKS {
                    self.block_count[b].clock.next = self.clock.val();
                    self.block_count[b].d.next = self.block_count[b].q.val();
                    self.out1_shape[b].clock.next = self.clock.val();
                    self.out1_group[b].clock.next = self.clock.val();
                }
                for r in 0..ROWS {
                    self.row_count[r].clock.next = self.clock.val();
                    self.row_count[r].d.next = self.row_count[r].q.val();
                }
                self.rows.read_clock.next = self.clock.val();
                self.rows.write_clock.next = self.clock.val();

                // Arrival (edge a): every row goes into the RAM; count stage 1
                // counts each group's bits.
                self.rows.write_enable.next = self.row_valid.val();
                self.rows.write_address.next = self.row.val();
                self.rows.write_data.next = self.row_bits.val();
                self.arrived.d.next = self.row_valid.val();
                self.arrived_row.d.next = self.row.val();
                self.arrived_any.d.next = self.row_bits.val().any();
                if self.row_valid.val() {
                    for s in 0..SHAPES {
                        self.group_count[s].d.next = self.zero_count.val()
                            + self.row_bits.val().get_bit(14 * s)
                            + self.row_bits.val().get_bit(14 * s + 1)
                            + self.row_bits.val().get_bit(14 * s + 2)
                            + self.row_bits.val().get_bit(14 * s + 3)
                            + self.row_bits.val().get_bit(14 * s + 4)
                            + self.row_bits.val().get_bit(14 * s + 5)
                            + self.row_bits.val().get_bit(14 * s + 6)
                            + self.row_bits.val().get_bit(14 * s + 7)
                            + self.row_bits.val().get_bit(14 * s + 8)
                            + self.row_bits.val().get_bit(14 * s + 9)
                            + self.row_bits.val().get_bit(14 * s + 10)
                            + self.row_bits.val().get_bit(14 * s + 11)
                            + self.row_bits.val().get_bit(14 * s + 12)
                            + self.row_bits.val().get_bit(14 * s + 13);
                    }
                }

                // Edge a + 1: the row becomes pending if it has a bit; count
                // stage 2 adds the groups of each block of 7.
                self.arrive.next = self.no_rows.val();
                if self.arrived.q.val() & self.arrived_any.q.val() {
                    self.arrive.next = self.one_row.val() << self.arrived_row.q.val();
                }
                if self.arrived.q.val() & (self.arrived_row.q.val() == self.last_row.val()) {
                    self.all_in.d.next = true;
                }
                self.counted.d.next = self.arrived.q.val();
                self.counted_row.d.next = self.arrived_row.q.val();
                if self.arrived.q.val() {
                    $(
                        self.block_count[$b].d.next =
                            ((bit_cast::<7, 4>(self.group_count[7 * $b].q.val())
                                + bit_cast::<7, 4>(self.group_count[7 * $b + 1].q.val()))
                                + (bit_cast::<7, 4>(self.group_count[7 * $b + 2].q.val())
                                    + bit_cast::<7, 4>(self.group_count[7 * $b + 3].q.val())))
                                + ((bit_cast::<7, 4>(self.group_count[7 * $b + 4].q.val())
                                    + bit_cast::<7, 4>(self.group_count[7 * $b + 5].q.val()))
                                    + bit_cast::<7, 4>(self.group_count[7 * $b + 6].q.val()));
                    )*
                }

                // Edge a + 2: count stage 3, the row's count.
                self.total.next = (((bit_cast::<COUNT_BITS, 7>(self.block_count[0].q.val())
                    + bit_cast::<COUNT_BITS, 7>(self.block_count[1].q.val()))
                    + (bit_cast::<COUNT_BITS, 7>(self.block_count[2].q.val())
                        + bit_cast::<COUNT_BITS, 7>(self.block_count[3].q.val())))
                    + ((bit_cast::<COUNT_BITS, 7>(self.block_count[4].q.val())
                        + bit_cast::<COUNT_BITS, 7>(self.block_count[5].q.val()))
                        + (bit_cast::<COUNT_BITS, 7>(self.block_count[6].q.val())
                            + bit_cast::<COUNT_BITS, 7>(self.block_count[7].q.val()))))
                    + (((bit_cast::<COUNT_BITS, 7>(self.block_count[8].q.val())
                        + bit_cast::<COUNT_BITS, 7>(self.block_count[9].q.val()))
                        + (bit_cast::<COUNT_BITS, 7>(self.block_count[10].q.val())
                            + bit_cast::<COUNT_BITS, 7>(self.block_count[11].q.val())))
                        + bit_cast::<COUNT_BITS, 7>(self.block_count[12].q.val()));
                for r in 0..ROWS {
                    if self.counted.q.val() & (self.counted_row.q.val() == self.number[r].val()) {
                        self.row_count[r].d.next = self.total.val();
                    }
                }

                // The scanner. The staged row comes in when the scanner holds
                // at most one bit (a register: see `at_most_one`).
                self.staged_count.next = self.row_count[0].q.val();
                for r in 1..ROWS {
                    if self.staged_row.q.val() == self.number[r].val() {
                        self.staged_count.next = self.row_count[r].q.val();
                    }
                }
                self.load.next = self.staged.q.val() & self.at_most_one.q.val();
                // The lowest non-empty group, in two levels: the lowest
                // non-empty block, and the lowest non-empty group in each block.
                self.nonempty_bits.next = self.nonempty.q.val().into();
                self.block_nonempty.next = $((bit_cast::<BLOCKS, 1>(
                    self.nonempty_bits.val().get_bits::<7>(7 * $b).any().into()
                ) << $b))|*;
                for b in 0..BLOCKS {
                    self.first_block[b].next = self.block_nonempty.val().get_bit(b)
                        & !(self.block_nonempty.val() & self.blocks_below[b].val()).any();
                    for j in 0..7 {
                        self.lowest_in_block[7 * b + j].next = self.nonempty_bits.val().get_bit(7 * b + j)
                            & !(self.nonempty_bits.val().get_bits::<7>(7 * b) & self.groups_below[j].val())
                                .any();
                        self.first_group[7 * b + j].next =
                            self.first_block[b].val() & self.lowest_in_block[7 * b + j].val();
                    }
                }
                // Per group, its bits but the lowest.
                for s in 0..SHAPES {
                    self.rest[s].next = self.groups[s].q.val() & (self.groups[s].q.val() - 1);
                }
                // Each cycle the first group's lowest bit leaves the scanner
                // (the group stays non-empty if it holds two or more bits),
                // or the staged row replaces the scanner's contents.
                $(
                    self.nonempty.d.next.$field = self.nonempty_bits.val().get_bit($s)
                        & (!self.first_group[$s].val() | self.rest[$s].val().any());
                )*
                for s in 0..SHAPES {
                    if self.first_group[s].val() {
                        self.groups[s].d.next = self.rest[s].val();
                    }
                    if self.load.val() {
                        self.groups[s].d.next = self.rows.read_data.val().get_bits::<14>(14 * s);
                    }
                }
                if self.remaining.q.val().any() {
                    self.remaining.d.next = self.remaining.q.val() - 1;
                }
                // A cycle ahead: at most one bit left after this cycle's.
                self.at_most_one.d.next = self.remaining.q.val() <= self.two.val();
                if self.load.val() {
                    $(
                        self.nonempty.d.next.$field =
                            self.rows.read_data.val().get_bits::<14>(14 * $s).any();
                    )*
                    self.remaining.d.next = self.staged_count.val();
                    self.at_most_one.d.next = self.staged_count.val() <= self.one.val();
                    self.row_base.d.next = (bit_cast::<8, 4>(self.staged_row.q.val()) << 4)
                        - (bit_cast::<8, 4>(self.staged_row.q.val()) << 1);
                }

                // The stage: while its row waits, the RAM reads it again; once
                // free (or being emptied now) it takes the lowest pending row.
                self.lowest.next = self.no_column.val();
                for i in 0..14 {
                    if self.pending.q.val().get_bit(13 - i) {
                        self.lowest.next = self.number[13 - i].val();
                    }
                }
                self.rows.read_address.next = self.staged_row.q.val();
                self.pending.d.next = self.pending.q.val() | self.arrive.val();
                if !self.staged.q.val() | self.load.val() {
                    self.rows.read_address.next = self.lowest.val();
                    self.staged.d.next = self.pending.q.val().any();
                    self.staged_row.d.next = self.lowest.val();
                    self.pending.d.next = (self.pending.q.val() & (self.pending.q.val() - 1))
                        | self.arrive.val();
                }

                // Output stage 1: per block, its lowest non-empty group's
                // number and bits (the choice of the block waits for stage 2).
                for b in 0..BLOCKS {
                    for j in 0..7 {
                        self.pick_shape[7 * b + j].next = self.no_shape.val();
                        self.pick_group[7 * b + j].next = self.no_bits.val();
                        if self.lowest_in_block[7 * b + j].val() {
                            self.pick_shape[7 * b + j].next = self.shape_number[7 * b + j].val();
                            self.pick_group[7 * b + j].next = self.groups[7 * b + j].q.val();
                        }
                    }
                }
                for b in 0..BLOCKS {
                    self.out1_shape[b].d.next = self.pick_shape[7 * b].val()
                        | self.pick_shape[7 * b + 1].val()
                        | self.pick_shape[7 * b + 2].val()
                        | self.pick_shape[7 * b + 3].val()
                        | self.pick_shape[7 * b + 4].val()
                        | self.pick_shape[7 * b + 5].val()
                        | self.pick_shape[7 * b + 6].val();
                    self.out1_group[b].d.next = self.pick_group[7 * b].val()
                        | self.pick_group[7 * b + 1].val()
                        | self.pick_group[7 * b + 2].val()
                        | self.pick_group[7 * b + 3].val()
                        | self.pick_group[7 * b + 4].val()
                        | self.pick_group[7 * b + 5].val()
                        | self.pick_group[7 * b + 6].val();
                }
                self.out1_valid.d.next = self.nonempty_bits.val().any();
                self.out1_block.d.next =
                    $((bit_cast::<BLOCKS, 1>(self.first_block[$b].val().into()) << $b))|*;
                self.out1_base.d.next = self.row_base.q.val();
                // Done: row 13 in, nothing pending, staged or left to scan.
                self.out1_done.d.next = false;
                if self.all_in.q.val()
                    & !self.staged.q.val()
                    & !self.pending.q.val().any()
                    & !self.nonempty_bits.val().any()
                    & !self.done_given.q.val()
                {
                    self.out1_done.d.next = true;
                    self.done_given.d.next = true;
                }

                // Output stage 2: the first block's pick; the column of its
                // group's lowest bit.
                for b in 0..BLOCKS {
                    self.pick_block_shape[b].next = self.no_shape.val();
                    self.pick_block_group[b].next = self.no_bits.val();
                    if self.out1_block.q.val().get_bit(b) {
                        self.pick_block_shape[b].next = self.out1_shape[b].q.val();
                        self.pick_block_group[b].next = self.out1_group[b].q.val();
                    }
                }
                self.out1_bits.next = $(self.pick_block_group[$b].val())|*;
                self.column.next = self.no_column.val();
                for i in 0..14 {
                    if self.out1_bits.val().get_bit(13 - i) {
                        self.column.next = self.number[13 - i].val();
                    }
                }
                self.out_valid.d.next = self.out1_valid.q.val();
                self.out_shape.d.next = $(self.pick_block_shape[$b].val())|*;
                self.out_corner.d.next = self.out1_base.q.val() + bit_cast::<8, 4>(self.column.val());
                self.out_done.d.next = self.out1_done.q.val();

                // A start drops everything of the earlier position.
                if self.start.val() {
                    self.arrived.d.next = false;
                    self.counted.d.next = false;
                    self.pending.d.next = self.no_rows.val();
                    self.all_in.d.next = false;
                    self.staged.d.next = false;
                    self.nonempty.d.next = self.no_groups.val();
                    self.remaining.d.next = self.no_count.val();
                    self.at_most_one.d.next = true;
                    self.out1_valid.d.next = false;
                    self.out1_done.d.next = false;
                    self.out_valid.d.next = false;
                    self.out_done.d.next = false;
                    self.done_given.d.next = false;
                }

                self.valid.next = self.out_valid.q.val();
                self.shape.next = self.out_shape.q.val();
                self.corner.next = self.out_corner.q.val();
                self.done.next = self.out_done.q.val();
            }
        }
    };
}

with_shape_fields!(candidates_logic [0 1 2 3 4 5 6 7 8 9 10 11 12]);

// The macro's list above names exactly the blocks 0..BLOCKS of 7 groups
// (`with_shape_fields!` the groups 0..SHAPES); `update` writes a group's
// width (14), last column (13) and a block's groups (7) as literals.
const _: () = assert!(SHAPES == 91 && SIZE == 14 && ROWS == 14 && ROW_BITS == SHAPES * SIZE);
const _: () = assert!(BLOCKS * 7 == SHAPES);
// Counts fit: a group 14 (4 bits), a block 98 (7 bits), a row 1,274 (11 bits).
const _: () = assert!(ROW_BITS < 1 << COUNT_BITS);
// Corners (14 * 13 + 13 = 195) fit in 8 bits, shape numbers in 7.
const _: () = assert!(SIZE * ROWS <= 256 && SHAPES <= 128);
