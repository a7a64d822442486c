//! The pipelined population count of a board: how many of its 196 cells are
//! set, as an 8-bit number, through an adder tree over the 14 board rows.
//! The hardware twin of `Bitboard::count` in `blokus`.

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
/// A row's count is a tree of adds in its own 14-bit word (`x` the row):
/// `p = (x & 0x1555) + (x >> 1 & 0x1555)` adds the cells in pairs (seven
/// 2-bit sums), `q = (p & 0x3333) + (p >> 2 & 0x3333)` the pairs in fours,
/// `o = (q & 0x0f0f) + (q >> 4 & 0x0f0f)` the fours in eights, and the count
/// is the low 4 bits of `o + (o >> 8)`; no sum carries out of its field (a
/// field of `k` bits holds at most `k` cells' count). The same function as
/// 14 one-bit terms added up (an adder tree either way; Yosys maps this one
/// to fewer LUTs), written so that a simulator computes it in a few word
/// operations rather than one per cell (Verilator's C++ spent a fifth of the
/// simulated board's time counting bit by bit).
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
    /// Per row: its cells added in pairs, in fours, in eights (every bit of
    /// each is read, so that the Verilog lints clean).
    pairs: [Signal<Local, Bits<SIZE>>; SIZE],
    fours: [Signal<Local, Bits<SIZE>>; SIZE],
    eights: [Signal<Local, Bits<SIZE>>; SIZE],
    /// The fields of the pairs (every other bit), of the fours, of the eights.
    pair_fields: Constant<Bits<SIZE>>,
    four_fields: Constant<Bits<SIZE>>,
    eight_fields: Constant<Bits<SIZE>>,
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
            pairs: Default::default(),
            fours: Default::default(),
            eights: Default::default(),
            pair_fields: Constant::new(0x1555u64.into()),
            four_fields: Constant::new(0x3333u64.into()),
            eight_fields: Constant::new(0x0f0fu64.into()),
        }
    }
}

impl Default for PopCount196 {
    fn default() -> PopCount196 {
        PopCount196::new()
    }
}

/// `update`, written out for the rows listed (0..13): a row's count is
/// narrowed from its 14-bit word by `bit_cast`, which rust-hdl's kernel
/// language resolves only outside loops, so the rows are literals.
macro_rules! pop_count_logic {
    ($($r:tt)*) => {
        impl Logic for PopCount196 {
            #[hdl_gen]
            fn update(&mut self) {
                for r in 0..14 {
                    self.rows[r].clock.next = self.clock.val();
                }
                for g in 0..4 {
                    self.groups[g].clock.next = self.clock.val();
                }
                self.total.clock.next = self.clock.val();
                // Stage 1: one count per row of 14 cells, an adder tree in the row's word.
                $(
                    self.pairs[$r].next = (self.bits.val().get_bits::<14>(14 * $r) & self.pair_fields.val())
                        + ((self.bits.val().get_bits::<14>(14 * $r) >> 1) & self.pair_fields.val());
                    self.fours[$r].next = (self.pairs[$r].val() & self.four_fields.val())
                        + ((self.pairs[$r].val() >> 2) & self.four_fields.val());
                    self.eights[$r].next = (self.fours[$r].val() & self.eight_fields.val())
                        + ((self.fours[$r].val() >> 4) & self.eight_fields.val());
                    self.rows[$r].d.next =
                        bit_cast::<4, 14>(self.eights[$r].val() + (self.eights[$r].val() >> 8));
                )*
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
    };
}

pop_count_logic!(0 1 2 3 4 5 6 7 8 9 10 11 12 13);
