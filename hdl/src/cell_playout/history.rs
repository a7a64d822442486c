//! The history of an engine built with refinements
//! ([`crate::CellPlayout::refined`]): the cells near each of the last
//! three placements, the latest first, as `model::cell_playout::run_refined`
//! keeps them, and from them the cells an attach cell is drawn from first.
//! "Near" a placement is, with `block`, its attach ring (its corner
//! neighbours that are neither its edge neighbours nor its own cells: the
//! cells that block it), else every cell next to it; the cells drawn first
//! are those near the latest placement (the opponent's) and, with
//! `last_two`, near the third latest (the opponent's before it), with
//! `block` only those the opponent may still use (not forbidden to it).
//!
//! A start loads the three sets from the leaf's moves ([`RecentMoves`])
//! through the engine's placer (`PairSet`'s: the shape's cells on box corner
//! 0, which the engine registers) and `Apply`'s shift and neighbours, one a
//! cycle, in `model::cell_playout::HISTORY_CYCLES`. The move's box corner
//! is registered here and given `Apply` while the loading lasts, in place
//! of the engine's: a choice after the engine's corner register, off the
//! engine's longest path, which ends at that register (NTH_PAIR's
//! subtraction):
//! - edge 1 (`start`): the moves taken; the placer takes the third latest.
//! - edge 2 (`Step::Third`): its set into set 2; the placer takes the
//!   latest. The engine's PLY waits.
//! - edge 3 (`Step::Latest`): its set into set 0; the placer takes the
//!   second latest. PLY waits.
//! - edge 4 (`Step::Second`, the first PLY, which draws near sets 0 and 2
//!   only): its set into set 1, or into set 2 when the ply passes and the
//!   sets shift.

use super::apply::Placed;
use crate::board::Board;
use model::cell_playout::Refinements;
use rust_hdl::prelude::*;

/// The struct: rust-hdl's `LogicStruct` derive adds undocumented methods.
#[allow(missing_docs)]
mod moves {
    use super::*;

    /// The leaf's last three moves, the latest first: each a move code of
    /// 15 bits as a node word holds it (`crate::board_tree`: the shape in
    /// bits 0-6, the box corner's cell index in bits 7-14), the shape
    /// [`crate::tiles::PASS_SHAPE`] for a pass or no move.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct RecentMoves {
        /// The move that led to the leaf (the opponent's).
        pub latest: Bits<15>,
        /// The one before it (the side to move's).
        pub second: Bits<15>,
        /// The one before that (the opponent's).
        pub third: Bits<15>,
    }
}
pub use moves::RecentMoves;

impl RecentMoves {
    /// The moves of `recent`, the latest first (`None`: a pass or no move).
    pub fn of(recent: [Option<blokus::Placement>; 3]) -> RecentMoves {
        let code = |p: Option<blokus::Placement>| -> Bits<15> {
            let (shape, corner) = p.map_or((crate::tiles::PASS_SHAPE, 0), |p| {
                (u64::from(p.shape), p.box_corner().index() as u64)
            });
            (shape | corner << 7).into()
        };
        RecentMoves {
            latest: code(recent[0]),
            second: code(recent[1]),
            third: code(recent[2]),
        }
    }
}

/// Where a start's loading is.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum Step {
    /// Nothing to load.
    Ready,
    /// The third latest move's set (PLY waits).
    Third,
    /// The latest's (PLY waits).
    Latest,
    /// The second latest's, in the first PLY.
    Second,
}

/// The three sets and the cells drawn first.
#[derive(LogicBlock)]
pub struct History {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The engine takes `start`: take `recent`.
    pub start: Signal<In, Bit>,
    /// The leaf's last three moves.
    pub recent: Signal<In, RecentMoves>,
    /// The side to move passes: the sets shift, none the latest.
    pub pass: Signal<In, Bit>,
    /// The side to move places (the placement in `placed`): the sets
    /// shift, its set the latest.
    pub place: Signal<In, Bit>,
    /// The placement of the engine's registered shape and box corner
    /// (`Apply`'s).
    pub placed: Signal<In, Placed>,
    /// The other side's forbidden cells.
    pub other_forbidden: Signal<In, Board>,
    /// The engine's placer takes `shape` now (and the engine registers its
    /// cells).
    pub placer: Signal<Out, Bit>,
    /// The shape of the move the placer takes.
    pub shape: Signal<Out, Bits<7>>,
    /// Loading: the engine's PLY waits.
    pub loading: Signal<Out, Bit>,
    /// `Apply` takes `corner` as its box corner (the engine's placer's
    /// move is the history's).
    pub applying: Signal<Out, Bit>,
    /// The box corner of the move the placer took last.
    pub corner: Signal<Out, Bits<8>>,
    /// The cells the side to move draws an attach cell from first, if it
    /// has some there.
    pub near: Signal<Out, Board>,
    /// The cells near the placement in `placed`.
    ring: Signal<Local, Board>,
    /// The cells near the opponent's placements drawn from first.
    first: Signal<Local, Board>,
    step: DFF<Step>,
    /// The move the placer takes (a code: shape and box corner).
    code: Signal<Local, Bits<15>>,
    /// The latest and second latest moves, until they are loaded.
    latest: DFF<Bits<15>>,
    second: DFF<Bits<15>>,
    /// The box corner of the move the placer took last.
    corner_q: DFF<Bits<8>>,
    /// The cells near the last three placements, the latest first.
    sets: [DFF<Board>; 3],
    /// `Refinements::block` and `Refinements::last_two`.
    block: Constant<Bit>,
    last_two: Constant<Bit>,
}

impl History {
    /// The history under `refinements` (`block` and `last_two` read).
    pub fn new(refinements: Refinements) -> History {
        History {
            clock: Default::default(),
            start: Default::default(),
            recent: Default::default(),
            pass: Default::default(),
            place: Default::default(),
            placed: Default::default(),
            other_forbidden: Default::default(),
            placer: Default::default(),
            shape: Default::default(),
            loading: Default::default(),
            applying: Default::default(),
            corner: Default::default(),
            code: Default::default(),
            near: Default::default(),
            ring: Default::default(),
            first: Default::default(),
            step: Default::default(),
            latest: Default::default(),
            second: Default::default(),
            corner_q: Default::default(),
            sets: Default::default(),
            block: Constant::new(refinements.block),
            last_two: Constant::new(refinements.last_two),
        }
    }
}

impl Logic for History {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, step, latest, second, corner_q);
        for k in 0..3 {
            self.sets[k].clock.next = self.clock.val();
            self.sets[k].d.next = self.sets[k].q.val();
        }
        if self.block.val() {
            self.ring.next =
                self.placed.val().diagonals & !(self.placed.val().edges | self.placed.val().cells);
        } else {
            self.ring.next = self.placed.val().diagonals | self.placed.val().edges;
        }
        self.code.next = self.recent.val().third;
        self.placer.next = self.start.val();
        self.loading.next = false;
        match self.step.q.val() {
            Step::Ready => {
                if self.start.val() {
                    self.latest.d.next = self.recent.val().latest;
                    self.second.d.next = self.recent.val().second;
                    self.step.d.next = Step::Third;
                }
            }
            Step::Third => {
                self.sets[2].d.next = self.ring.val();
                self.code.next = self.latest.q.val();
                self.placer.next = true;
                self.loading.next = true;
                self.step.d.next = Step::Latest;
            }
            Step::Latest => {
                self.sets[0].d.next = self.ring.val();
                self.code.next = self.second.q.val();
                self.placer.next = true;
                self.loading.next = true;
                self.step.d.next = Step::Second;
            }
            Step::Second => {
                self.sets[1].d.next = self.ring.val();
                self.step.d.next = Step::Ready;
            }
        }
        if self.pass.val() {
            self.sets[0].d.next = 0.into();
            self.sets[1].d.next = self.sets[0].q.val();
            self.sets[2].d.next = self.sets[1].q.val();
            if self.step.q.val() == Step::Second {
                self.sets[2].d.next = self.ring.val();
            }
        }
        if self.place.val() {
            self.sets[0].d.next = self.ring.val();
            self.sets[1].d.next = self.sets[0].q.val();
            self.sets[2].d.next = self.sets[1].q.val();
        }
        self.first.next = self.sets[0].q.val();
        if self.last_two.val() {
            self.first.next = self.sets[0].q.val() | self.sets[2].q.val();
        }
        self.near.next = self.first.val();
        if self.block.val() {
            self.near.next = self.first.val() & !self.other_forbidden.val();
        }
        self.shape.next = self.code.val().get_bits::<7>(0);
        if self.placer.val() {
            self.corner_q.d.next = self.code.val().get_bits::<8>(7);
        }
        self.applying.next = self.step.q.val() != Step::Ready;
        self.corner.next = self.corner_q.q.val();
    }
}
