//! The pipelined population count of a board: how many of its 196 cells are
//! set, as an 8-bit number, through an adder tree over the 14 board rows.
//! The hardware twin of `Bitboard::count` in `blokus`.

use crate::bit_count::RowCount;
use crate::board::{Board, SIZE};
use rust_hdl::prelude::*;

/// Clock edges from a board at [`PopCount196::bits`] to its count at
/// [`PopCount196::count`]: rows, groups of four rows, total.
pub const POP_COUNT_LATENCY: usize = 3;

/// The number of set bits of a board, pipelined: a new board every clock,
/// its count [`POP_COUNT_LATENCY`] rising edges later.
///
/// ```text
/// edge 1: rows[r]   = |bits of row r|                 (14 x 4 bits, each <= 14)
/// edge 2: groups[g] = rows[4g] + ... + rows[4g+3]     (4 x 6 bits, rows 12-13 in group 3)
/// edge 3: count     = groups[0] + ... + groups[3]     (8 bits, <= 196)
/// ```
///
/// A row's count is a [`RowCount`], an adder tree in the row's word.
///
/// Every stage adds at most four small numbers, so each stays a few LUT
/// levels deep. No sum can overflow its width: a row holds 14 cells, a group
/// at most 56, the board 196.
#[derive(LogicBlock)]
pub struct PopCount196 {
    /// The pipeline clock.
    pub clock: Signal<In, Clock>,
    /// The board whose cells are counted, sampled at every rising edge.
    pub bits: Signal<In, Board>,
    /// The number of set bits of the board sampled [`POP_COUNT_LATENCY`] edges ago.
    pub count: Signal<Out, Bits<8>>,
    /// Stage 1: the count of each row (cells `14 * r .. 14 * r + 13`).
    rows: [DFF<Bits<4>>; SIZE],
    /// Stage 2: rows 0-3, 4-7, 8-11 and 12-13 added.
    groups: [DFF<Bits<6>>; 4],
    /// Stage 3: the four groups added.
    total: DFF<Bits<8>>,
    /// Stage 1's logic: one count per row.
    row_counts: [RowCount; SIZE],
}

impl PopCount196 {
    /// A population counter with all registers zero.
    pub fn new() -> PopCount196 {
        PopCount196 {
            clock: Default::default(),
            bits: Default::default(),
            count: Default::default(),
            rows: Default::default(),
            groups: Default::default(),
            total: Default::default(),
            row_counts: std::array::from_fn(|_| RowCount::new()),
        }
    }
}

impl Default for PopCount196 {
    fn default() -> PopCount196 {
        PopCount196::new()
    }
}

impl Logic for PopCount196 {
    #[hdl_gen]
    fn update(&mut self) {
        for r in 0..14 {
            self.rows[r].clock.next = self.clock.val();
            self.row_counts[r].bits.next = self.bits.val().get_bits::<14>(14 * r);
            self.rows[r].d.next = self.row_counts[r].count.val();
        }
        for g in 0..4 {
            self.groups[g].clock.next = self.clock.val();
        }
        self.total.clock.next = self.clock.val();
        // Stage 2: groups of four rows (the last group has two).
        self.groups[0].d.next = bit_cast::<6, 4>(self.rows[0].q.val())
            + bit_cast::<6, 4>(self.rows[1].q.val())
            + bit_cast::<6, 4>(self.rows[2].q.val())
            + bit_cast::<6, 4>(self.rows[3].q.val());
        self.groups[1].d.next = bit_cast::<6, 4>(self.rows[4].q.val())
            + bit_cast::<6, 4>(self.rows[5].q.val())
            + bit_cast::<6, 4>(self.rows[6].q.val())
            + bit_cast::<6, 4>(self.rows[7].q.val());
        self.groups[2].d.next = bit_cast::<6, 4>(self.rows[8].q.val())
            + bit_cast::<6, 4>(self.rows[9].q.val())
            + bit_cast::<6, 4>(self.rows[10].q.val())
            + bit_cast::<6, 4>(self.rows[11].q.val());
        self.groups[3].d.next =
            bit_cast::<6, 4>(self.rows[12].q.val()) + bit_cast::<6, 4>(self.rows[13].q.val());
        // Stage 3: the board.
        self.total.d.next = bit_cast::<8, 6>(self.groups[0].q.val())
            + bit_cast::<8, 6>(self.groups[1].q.val())
            + bit_cast::<8, 6>(self.groups[2].q.val())
            + bit_cast::<8, 6>(self.groups[3].q.val());
        self.count.next = self.total.q.val();
    }
}
