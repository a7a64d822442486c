//! Shallow counting logic, pure combinational: how many bits of a row of
//! 14 are set ([`RowCount`]) and of a board of 196 ([`BoardCount`]), and
//! where a row's `n`-th set bit is ([`NthSetBit`]). All are adder trees a
//! few LUT levels deep, never chains of increments, so that the blocks
//! using them close timing.

use crate::board::{Board, SIZE};
use rust_hdl::prelude::*;

/// The number of set bits of a 14-bit word, as an adder tree in the word
/// itself (`x` the word): `p = (x & 0x1555) + (x >> 1 & 0x1555)` adds the
/// bits in pairs (seven 2-bit sums), `q = (p & 0x3333) + (p >> 2 & 0x3333)`
/// the pairs in fours, `o = (q & 0x0f0f) + (q >> 4 & 0x0f0f)` the fours in
/// eights, and the count is the low 4 bits of `o + (o >> 8)`; no sum carries
/// out of its field (a field of `k` bits holds at most `k` bits' count).
/// Written so that a simulator computes it in a few word operations rather
/// than one per bit.
#[derive(LogicBlock)]
pub struct RowCount {
    /// The word counted.
    pub bits: Signal<In, Bits<SIZE>>,
    /// Its set bits (0 to 14).
    pub count: Signal<Out, Bits<4>>,
    pairs: Signal<Local, Bits<SIZE>>,
    fours: Signal<Local, Bits<SIZE>>,
    eights: Signal<Local, Bits<SIZE>>,
    pair_fields: Constant<Bits<SIZE>>,
    four_fields: Constant<Bits<SIZE>>,
    eight_fields: Constant<Bits<SIZE>>,
}

impl RowCount {
    /// A counter.
    pub fn new() -> RowCount {
        RowCount {
            bits: Default::default(),
            count: Default::default(),
            pairs: Default::default(),
            fours: Default::default(),
            eights: Default::default(),
            pair_fields: Constant::new(0x1555u64.into()),
            four_fields: Constant::new(0x3333u64.into()),
            eight_fields: Constant::new(0x0f0fu64.into()),
        }
    }
}

impl Default for RowCount {
    fn default() -> RowCount {
        RowCount::new()
    }
}

impl Logic for RowCount {
    #[hdl_gen]
    fn update(&mut self) {
        self.pairs.next = (self.bits.val() & self.pair_fields.val())
            + ((self.bits.val() >> 1) & self.pair_fields.val());
        self.fours.next = (self.pairs.val() & self.four_fields.val())
            + ((self.pairs.val() >> 2) & self.four_fields.val());
        self.eights.next = (self.fours.val() & self.eight_fields.val())
            + ((self.fours.val() >> 4) & self.eight_fields.val());
        self.count.next = bit_cast::<4, 14>(self.eights.val() + (self.eights.val() >> 8));
    }
}

/// The number of set bits of a board in one cycle: a [`RowCount`] per
/// row, the rows added in fours, the four sums added (the unregistered twin
/// of `crate::PopCount196`'s stages, for a count needed in the cycle its
/// board is known).
#[derive(LogicBlock)]
pub struct BoardCount {
    /// The board counted.
    pub bits: Signal<In, Board>,
    /// Its set bits (0 to 196).
    pub count: Signal<Out, Bits<8>>,
    rows: [RowCount; SIZE],
    /// The rows' counts, 8 bits wide.
    wide: [Signal<Local, Bits<8>>; SIZE],
    /// Rows 0-3, 4-7, 8-11 and 12-13 added.
    groups: [Signal<Local, Bits<8>>; 4],
}

impl BoardCount {
    /// A counter.
    pub fn new() -> BoardCount {
        BoardCount {
            bits: Default::default(),
            count: Default::default(),
            rows: std::array::from_fn(|_| RowCount::new()),
            wide: Default::default(),
            groups: Default::default(),
        }
    }
}

impl Default for BoardCount {
    fn default() -> BoardCount {
        BoardCount::new()
    }
}

impl Logic for BoardCount {
    #[hdl_gen]
    fn update(&mut self) {
        for r in 0..14 {
            self.rows[r].bits.next = self.bits.val().get_bits::<14>(14 * r);
        }
        // (hdl_gen takes a function's arguments indexed by constants only.)
        self.wide[0].next = bit_cast::<8, 4>(self.rows[0].count.val());
        self.wide[1].next = bit_cast::<8, 4>(self.rows[1].count.val());
        self.wide[2].next = bit_cast::<8, 4>(self.rows[2].count.val());
        self.wide[3].next = bit_cast::<8, 4>(self.rows[3].count.val());
        self.wide[4].next = bit_cast::<8, 4>(self.rows[4].count.val());
        self.wide[5].next = bit_cast::<8, 4>(self.rows[5].count.val());
        self.wide[6].next = bit_cast::<8, 4>(self.rows[6].count.val());
        self.wide[7].next = bit_cast::<8, 4>(self.rows[7].count.val());
        self.wide[8].next = bit_cast::<8, 4>(self.rows[8].count.val());
        self.wide[9].next = bit_cast::<8, 4>(self.rows[9].count.val());
        self.wide[10].next = bit_cast::<8, 4>(self.rows[10].count.val());
        self.wide[11].next = bit_cast::<8, 4>(self.rows[11].count.val());
        self.wide[12].next = bit_cast::<8, 4>(self.rows[12].count.val());
        self.wide[13].next = bit_cast::<8, 4>(self.rows[13].count.val());
        for g in 0..3 {
            self.groups[g].next = (self.wide[4 * g].val() + self.wide[4 * g + 1].val())
                + (self.wide[4 * g + 2].val() + self.wide[4 * g + 3].val());
        }
        self.groups[3].next = self.wide[12].val() + self.wide[13].val();
        self.count.next = (self.groups[0].val() + self.groups[1].val())
            + (self.groups[2].val() + self.groups[3].val());
    }
}

/// The place of the `n`-th set bit (from 0, counted from bit 0) of a 14-bit
/// word: `index` is the bit `i` that is set and has exactly `n` set bits
/// below it; 0 when there is none (`n` at least the word's count).
///
/// # How
/// The counts of the bits up to each place (inclusive prefix sums) come
/// from a Kogge-Stone tree: four levels of 4-bit adds, each place adding
/// the place 1, 2, 4 and 8 below it. The place whose bit is set and whose
/// count is `n + 1` is the one; its number is encoded by ORs, one per
/// index bit.
#[derive(LogicBlock)]
pub struct NthSetBit {
    /// The word searched.
    pub bits: Signal<In, Bits<SIZE>>,
    /// How many set bits come before the one wanted.
    pub n: Signal<In, Bits<4>>,
    /// The wanted bit's place, 0 to 13.
    pub index: Signal<Out, Bits<4>>,
    /// The prefix sums after each level of the tree.
    level0: [Signal<Local, Bits<4>>; SIZE],
    level1: [Signal<Local, Bits<4>>; SIZE],
    level2: [Signal<Local, Bits<4>>; SIZE],
    level3: [Signal<Local, Bits<4>>; SIZE],
    level4: [Signal<Local, Bits<4>>; SIZE],
    target: Signal<Local, Bits<4>>,
    /// One-hot: the wanted bit.
    hit: Signal<Local, Bits<SIZE>>,
    /// Per index bit `j`: the places whose number has bit `j` set.
    index_masks: [Constant<Bits<SIZE>>; 4],
}

impl NthSetBit {
    /// A selector.
    pub fn new() -> NthSetBit {
        NthSetBit {
            bits: Default::default(),
            n: Default::default(),
            index: Default::default(),
            level0: Default::default(),
            level1: Default::default(),
            level2: Default::default(),
            level3: Default::default(),
            level4: Default::default(),
            target: Default::default(),
            hit: Default::default(),
            index_masks: std::array::from_fn(|j| {
                let mask = (0..SIZE)
                    .filter(|i| i >> j & 1 == 1)
                    .fold(0u64, |m, i| m | 1 << i);
                Constant::new(mask.into())
            }),
        }
    }
}

impl Default for NthSetBit {
    fn default() -> NthSetBit {
        NthSetBit::new()
    }
}

impl Logic for NthSetBit {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..14 {
            self.level0[i].next = 0.into();
            if self.bits.val().get_bit(i) {
                self.level0[i].next = 1.into();
            }
        }
        self.level1[0].next = self.level0[0].val();
        for i in 1..14 {
            self.level1[i].next = self.level0[i].val() + self.level0[i - 1].val();
        }
        for i in 0..2 {
            self.level2[i].next = self.level1[i].val();
        }
        for i in 2..14 {
            self.level2[i].next = self.level1[i].val() + self.level1[i - 2].val();
        }
        for i in 0..4 {
            self.level3[i].next = self.level2[i].val();
        }
        for i in 4..14 {
            self.level3[i].next = self.level2[i].val() + self.level2[i - 4].val();
        }
        for i in 0..8 {
            self.level4[i].next = self.level3[i].val();
        }
        for i in 8..14 {
            self.level4[i].next = self.level3[i].val() + self.level3[i - 8].val();
        }
        self.target.next = self.n.val() + 1;
        self.hit.next = 0.into();
        for i in 0..14 {
            self.hit.next = self.hit.val().replace_bit(
                i,
                self.bits.val().get_bit(i) & (self.level4[i].val() == self.target.val()),
            );
        }
        self.index.next = 0.into();
        for j in 0..4 {
            self.index.next = self
                .index
                .val()
                .replace_bit(j, (self.hit.val() & self.index_masks[j].val()).any());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_of(word: u64) -> u64 {
        let mut block = RowCount::new();
        block.connect_all();
        block.bits.next = word.into();
        assert!(simulate(&mut block, 10), "the logic settles");
        block.count.val().index() as u64
    }

    fn nth_of(word: u64, n: u64) -> u64 {
        let mut block = NthSetBit::new();
        block.connect_all();
        block.bits.next = word.into();
        block.n.next = n.into();
        assert!(simulate(&mut block, 10), "the logic settles");
        block.index.val().index() as u64
    }

    #[test]
    fn row_count_is_the_population_count_of_every_word() {
        for word in 0..1u64 << SIZE {
            assert_eq!(
                count_of(word),
                u64::from(word.count_ones()),
                "word {word:#x}"
            );
        }
    }

    #[test]
    fn board_count_is_the_population_count_of_every_board_tried() {
        let mut block = BoardCount::new();
        block.connect_all();
        // Boards of every density: the empty and full ones, one row full,
        // and cells set with a probability from 0 to 1 (xorshift64 draws).
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut boards: Vec<Vec<bool>> = vec![vec![false; 196], vec![true; 196]];
        boards.push((0..196).map(|c| c / SIZE == 13).collect());
        for density in 0..=64u64 {
            for _ in 0..4 {
                boards.push(
                    (0..196)
                        .map(|_| {
                            state ^= state << 13;
                            state ^= state >> 7;
                            state ^= state << 17;
                            state % 64 < density
                        })
                        .collect(),
                );
            }
        }
        for cells in boards {
            let mut board = Board::default();
            for (c, &set) in cells.iter().enumerate() {
                board = board.replace_bit(c, set);
            }
            block.bits.next = board;
            assert!(simulate(&mut block, 10), "the logic settles");
            let set = cells.iter().filter(|&&c| c).count();
            assert_eq!(block.count.val().index(), set, "{cells:?}");
        }
    }

    #[test]
    fn nth_set_bit_finds_the_bit_with_n_set_bits_below_it() {
        for word in (0..1u64 << SIZE)
            .step_by(7)
            .chain([0x3fff, 0x2001, 1, 0x2000])
        {
            let places: Vec<u64> = (0..SIZE as u64).filter(|i| word >> i & 1 == 1).collect();
            for (n, &place) in places.iter().enumerate() {
                assert_eq!(nth_of(word, n as u64), place, "word {word:#x}, n {n}");
            }
            assert_eq!(
                nth_of(word, places.len() as u64),
                0,
                "word {word:#x}, past the end"
            );
        }
    }
}
