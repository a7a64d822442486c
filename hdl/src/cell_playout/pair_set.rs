//! PAIR_SET and NTH_PAIR: the chosen shape's pairs that fit on the attach
//! cell and how many ([`PairSet`], with the shape's cells on the box
//! corner 0 and its tile from the placer), and the drawn pair's offset
//! from the shape's box corner, from a ROM of each shape's five cells
//! ([`PairDelta`]).

use super::layout::{delta_word, DELTA_BITS};
use crate::bit_count::RowCount;
use crate::board::Board;
use crate::cell_window::{CELLS_PER_SHAPE, PAIR_BITS};
use crate::placer::Placer;
use crate::tiles::SHAPES;
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// The chosen shape's pairs that fit, its cells and tile.
#[derive(LogicBlock, Default)]
pub struct PairSet {
    /// Compute the pairs (else they are 0).
    pub enable: Signal<In, Bit>,
    /// The chosen shape.
    pub shape: Signal<In, Bits<7>>,
    /// The chosen shape, one-hot.
    pub shape_hot: Signal<In, Bits<SHAPES>>,
    /// The pairs that fit on the attach cell.
    pub fits: Signal<In, Bits<PAIR_BITS>>,
    /// The shape's pairs that fit.
    pub pairs: Signal<Out, Bits<CELLS_PER_SHAPE>>,
    /// How many.
    pub count: Signal<Out, Bits<4>>,
    /// The shape's cells with its box corner on cell 0.
    pub origin: Signal<Out, Board>,
    /// The shape's tile.
    pub tile: Signal<Out, Bits<5>>,
    placer: Placer,
    counter: RowCount,
}

impl Logic for PairSet {
    #[hdl_gen]
    fn update(&mut self) {
        self.pairs.next = 0.into();
        if self.enable.val() {
            for s in 0..91 {
                if self.shape_hot.val().get_bit(s) {
                    self.pairs.next = self.pairs.val() | self.fits.val().get_bits::<5>(5 * s);
                }
            }
        }
        self.counter.bits.next = bit_cast::<14, 5>(self.pairs.val());
        self.count.next = self.counter.count.val();
        self.placer.shape.next = self.shape.val();
        self.placer.corner.next = 0.into();
        self.origin.next = self.placer.cells.val();
        self.tile.next = self.placer.tile.val();
    }
}

/// The offset of the shape's `index`-th cell from its box corner, the ROM
/// read a cycle after `shape`.
#[derive(LogicBlock)]
pub struct PairDelta {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The shape (the ROM's address).
    pub shape: Signal<In, Bits<7>>,
    /// The pair's place among the shape's cells.
    pub index: Signal<In, Bits<4>>,
    /// Its offset from the box corner.
    pub delta: Signal<Out, Bits<DELTA_BITS>>,
    deltas: SyncROM<Bits<30>, 7>,
    /// 0 to 4: a pair's place among its shape's cells.
    pair_numbers: [Constant<Bits<4>>; CELLS_PER_SHAPE],
}

impl Default for PairDelta {
    fn default() -> PairDelta {
        let deltas: BTreeMap<Bits<7>, Bits<30>> = (0..SHAPES)
            .map(|s| ((s as u64).into(), delta_word(s).into()))
            .collect();
        PairDelta {
            clock: Default::default(),
            shape: Default::default(),
            index: Default::default(),
            delta: Default::default(),
            deltas: SyncROM::new(deltas),
            pair_numbers: std::array::from_fn(|k| Constant::new((k as u64).into())),
        }
    }
}

impl Logic for PairDelta {
    #[hdl_gen]
    fn update(&mut self) {
        self.deltas.clock.next = self.clock.val();
        self.deltas.address.next = self.shape.val();
        self.delta.next = 0.into();
        for k in 0..5 {
            if self.index.val() == self.pair_numbers[k].val() {
                self.delta.next = self.deltas.data.val().get_bits::<6>(6 * k);
            }
        }
    }
}
