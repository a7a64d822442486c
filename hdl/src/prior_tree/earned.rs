//! Whether a leaf has earned its children: `model::prior_tree::arith::
//! earned` (more than `1 + depth / 2` visits, doubled at each halving of the
//! free blocks past half) and the rest of the search's rule: not expanded,
//! its game not over, a block free.

use super::path_store::DEPTH;
use super::word::VISITS;
use model::prior_tree::word::BLOCKS;
use rust_hdl::prelude::*;

/// Width of a count of blocks, 0 to `BLOCKS`.
pub const BLOCK_COUNT: usize = 16;
const _: () = assert!(BLOCKS == 1 << (BLOCK_COUNT - 1));

/// The rule, combinational.
#[derive(LogicBlock)]
pub struct Earned {
    /// The leaf's visits.
    pub visits: Signal<In, Bits<VISITS>>,
    /// It has children.
    pub expanded: Signal<In, Bit>,
    /// Its depth (the path's length).
    pub depth: Signal<In, Bits<DEPTH>>,
    /// Its game is over.
    pub over: Signal<In, Bit>,
    /// Blocks handed out.
    pub blocks: Signal<In, Bits<BLOCK_COUNT>>,
    /// The leaf has earned its children.
    pub earned: Signal<Out, Bit>,
    free: Signal<Local, Bits<BLOCK_COUNT>>,
    pressure: Signal<Local, Bits<4>>,
    threshold: Signal<Local, Bits<22>>,
    all: Constant<Bits<BLOCK_COUNT>>,
    pressures: [Constant<Bits<4>>; BLOCK_COUNT],
}

impl Earned {
    /// The rule.
    pub fn new() -> Earned {
        Earned {
            visits: Default::default(),
            expanded: Default::default(),
            depth: Default::default(),
            over: Default::default(),
            blocks: Default::default(),
            earned: Default::default(),
            free: Default::default(),
            pressure: Default::default(),
            threshold: Default::default(),
            all: Constant::new((BLOCKS as u64).into()),
            // The pressure of a free count whose leading one is bit k: 14 - k.
            pressures: std::array::from_fn(|k| {
                Constant::new((14u64.saturating_sub(k as u64)).into())
            }),
        }
    }
}

impl Default for Earned {
    fn default() -> Earned {
        Earned::new()
    }
}

impl Logic for Earned {
    #[hdl_gen]
    fn update(&mut self) {
        self.free.next = self.all.val() - self.blocks.val();
        self.pressure.next = 15.into();
        for k in 0..BLOCK_COUNT {
            if self.free.val().get_bit(k) {
                self.pressure.next = self.pressures[k].val();
            }
        }
        self.threshold.next = (bit_cast::<22, DEPTH>(self.depth.val()) + 2) << self.pressure.val();
        self.earned.next = !self.expanded.val()
            & !self.over.val()
            & self.free.val().any()
            & ((bit_cast::<22, VISITS>(self.visits.val()) << 1) > self.threshold.val());
    }
}
