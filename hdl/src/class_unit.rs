//! The class unit: a position's cell classes for its side to move, which
//! the [`crate::PriorScorer`] ANDs each candidate's cell sets with to count
//! its prior's features, computed once a node and held while the node's
//! candidates stream. The hardware twin of `model::class_unit`, whose doc
//! comment gives the inputs and the timing; the classes are
//! `model::next::features::Classes`, field for field.
//!
//! # How
//! Two pipeline stages, each a bank of registers:
//!
//! | edge | registered (stage 1 with `start`, stage 2 the edge after) |
//! |------|------------|
//! | 1    | both sides' cells, each side's forbidden and attach cells (two [`MaskUnit`]s, roles swapped), and the attach rings of the opponent's last two placements, ORed |
//! | 2    | the classes: the opponent's attach cells with their edge neighbours free to it (`opponent_near`), the rings free to it (`local`), the mover's cells, the opponent's, the mover's forbidden and attach cells, and the mover's free cells by their free edge neighbours ([`FreeNeighbours`]) |
//!
//! A placement's attach ring is the cells touching it by a corner only:
//! `diagonals & !edges & !cells` ([`Neighbours`]); the two rings are ORed
//! as the model ORs each placement's.
//!
//! The recent placements come in as cell sets, not (shape, corner) codes:
//! a code would need a [`crate::Placer`] here (1,094 LUT4 alone) for a job
//! done once a node, where a placer the board has already makes the
//! cells (the contest machine's, of each opponent move; before a
//! stream's first candidate, the prior scorer's); an empty set stands for
//! a placement the game has not had.

use crate::board::{column, Board, SIZE};
use crate::mask_unit::MaskUnit;
use crate::neighbours::Neighbours;
use crate::side::Side;
use rust_hdl::prelude::*;

/// Rising edges from the one that takes `start` to the one after which the
/// classes are at the outputs, `done` high (`model::class_unit::CLASS_LATENCY`).
pub const CLASS_LATENCY: usize = 2;
const _: () = assert!(CLASS_LATENCY as u64 == model::class_unit::CLASS_LATENCY);

/// The struct: rust-hdl's `LogicStruct` derive adds undocumented methods
/// (each field's width and offset, for the Verilog).
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// A position's cell classes for its side to move, the fields of
    /// `model::next::features::Classes` (its five `free_by_neighbours`
    /// as `free0` to `free4`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct CellClasses {
        /// The opponent's attach cells, and their edge neighbours free to it.
        pub opponent_near: Board,
        /// The attach cells of the opponent's last two placements free to it.
        pub local: Board,
        /// The mover's cells.
        pub own: Board,
        /// The opponent's cells.
        pub opponent: Board,
        /// The cells forbidden to the mover.
        pub forbidden: Board,
        /// The mover's attach cells.
        pub own_attach: Board,
        /// The cells free to the mover with no free edge neighbour.
        pub free0: Board,
        /// ... with one.
        pub free1: Board,
        /// ... with two.
        pub free2: Board,
        /// ... with three.
        pub free3: Board,
        /// ... with four.
        pub free4: Board,
    }
}
pub use structs::CellClasses;

/// The class unit.
#[derive(LogicBlock)]
pub struct ClassUnit {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Take the inputs below (read in this cycle only) and compute their
    /// classes.
    pub start: Signal<In, Bit>,
    /// The side to move: its cells and start square (its tiles are not read).
    pub own: Signal<In, Side>,
    /// The opponent: its cells and start square (its tiles are not read).
    pub opponent: Signal<In, Side>,
    /// The cells of the opponent's latest placement (empty if none).
    pub latest: Signal<In, Board>,
    /// The cells of the opponent's placement before it (empty if none).
    pub earlier: Signal<In, Board>,
    /// The classes, [`CLASS_LATENCY`] edges after `start`, held until the
    /// edge after the next.
    pub classes: Signal<Out, CellClasses>,
    /// High for the one cycle the classes of a `start` are first out.
    pub done: Signal<Out, Bit>,
    /// The mover's forbidden and attach cells.
    own_masks: MaskUnit,
    /// The opponent's (the roles swapped).
    their_masks: MaskUnit,
    /// The neighbours of the latest placement's cells.
    latest_neighbours: Neighbours,
    /// The neighbours of the earlier placement's cells.
    earlier_neighbours: Neighbours,
    /// The mover's free cells by their free edge neighbours.
    free_neighbours: FreeNeighbours,
    /// Stage 1: the mover's cells.
    own_q: DFF<Board>,
    /// Stage 1: the opponent's cells.
    opponent_q: DFF<Board>,
    /// Stage 1: the cells forbidden to the mover.
    forbidden_q: DFF<Board>,
    /// Stage 1: the mover's attach cells.
    own_attach_q: DFF<Board>,
    /// Stage 1: the cells forbidden to the opponent.
    their_forbidden_q: DFF<Board>,
    /// Stage 1: the opponent's attach cells.
    their_attach_q: DFF<Board>,
    /// Stage 1: the attach rings of the two recent placements, ORed.
    rings_q: DFF<Board>,
    /// `start` an edge on: stage 2 loads.
    loading: DFF<Bit>,
    /// Stage 2: the classes.
    classes_q: DFF<CellClasses>,
    /// Stage 2: the classes of a `start` are out.
    done_q: DFF<Bit>,
    /// The cells next to the opponent's attach cells by an edge.
    their_attach_edges: Signal<Local, Board>,
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

impl ClassUnit {
    /// A class unit with every register zero.
    pub fn new() -> ClassUnit {
        ClassUnit {
            clock: Default::default(),
            start: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            latest: Default::default(),
            earlier: Default::default(),
            classes: Default::default(),
            done: Default::default(),
            own_masks: MaskUnit::new(),
            their_masks: MaskUnit::new(),
            latest_neighbours: Neighbours::new(),
            earlier_neighbours: Neighbours::new(),
            free_neighbours: FreeNeighbours::new(),
            own_q: Default::default(),
            opponent_q: Default::default(),
            forbidden_q: Default::default(),
            own_attach_q: Default::default(),
            their_forbidden_q: Default::default(),
            their_attach_q: Default::default(),
            rings_q: Default::default(),
            loading: Default::default(),
            classes_q: Default::default(),
            done_q: Default::default(),
            their_attach_edges: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
        }
    }
}

impl Default for ClassUnit {
    fn default() -> ClassUnit {
        ClassUnit::new()
    }
}

impl Logic for ClassUnit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            own_q,
            opponent_q,
            forbidden_q,
            own_attach_q,
            their_forbidden_q,
            their_attach_q,
            rings_q,
            loading,
            classes_q,
            done_q
        );

        // Stage 1: each side's masks (`Position::forbidden`, `attach_cells`)
        // and the recent placements' attach rings.
        self.own_masks.own.next = self.own.val().cells;
        self.own_masks.opponent.next = self.opponent.val().cells;
        self.own_masks.start.next = self.own.val().start_square;
        self.their_masks.own.next = self.opponent.val().cells;
        self.their_masks.opponent.next = self.own.val().cells;
        self.their_masks.start.next = self.opponent.val().start_square;
        self.latest_neighbours.cells.next = self.latest.val();
        self.earlier_neighbours.cells.next = self.earlier.val();
        if self.start.val() {
            self.own_q.d.next = self.own.val().cells;
            self.opponent_q.d.next = self.opponent.val().cells;
            self.forbidden_q.d.next = self.own_masks.forbidden.val();
            self.own_attach_q.d.next = self.own_masks.attach.val();
            self.their_forbidden_q.d.next = self.their_masks.forbidden.val();
            self.their_attach_q.d.next = self.their_masks.attach.val();
            self.rings_q.d.next = (self.latest_neighbours.diagonals.val()
                & !self.latest_neighbours.edges.val()
                & !self.latest.val())
                | (self.earlier_neighbours.diagonals.val()
                    & !self.earlier_neighbours.edges.val()
                    & !self.earlier.val());
        }
        self.loading.d.next = self.start.val();

        // Stage 2: the classes (`Classes::of`).
        // Bitboard::edge_neighbours of the opponent's attach cells: right,
        // left, down, up.
        self.their_attach_edges.next = ((self.their_attach_q.q.val() & self.not_right.val()) << 1)
            | ((self.their_attach_q.q.val() & self.not_left.val()) >> 1)
            | (self.their_attach_q.q.val() << 14)
            | (self.their_attach_q.q.val() >> 14);
        self.free_neighbours.free.next = !self.forbidden_q.q.val();
        self.classes_q.d.next = self.classes_q.q.val();
        if self.loading.q.val() {
            self.classes_q.d.next.opponent_near = self.their_attach_q.q.val()
                | (self.their_attach_edges.val() & !self.their_forbidden_q.q.val());
            self.classes_q.d.next.local = self.rings_q.q.val() & !self.their_forbidden_q.q.val();
            self.classes_q.d.next.own = self.own_q.q.val();
            self.classes_q.d.next.opponent = self.opponent_q.q.val();
            self.classes_q.d.next.forbidden = self.forbidden_q.q.val();
            self.classes_q.d.next.own_attach = self.own_attach_q.q.val();
            self.classes_q.d.next.free0 = self.free_neighbours.none.val();
            self.classes_q.d.next.free1 = self.free_neighbours.one.val();
            self.classes_q.d.next.free2 = self.free_neighbours.two.val();
            self.classes_q.d.next.free3 = self.free_neighbours.three.val();
            self.classes_q.d.next.free4 = self.free_neighbours.four.val();
        }
        self.done_q.d.next = self.loading.q.val();

        self.classes.next = self.classes_q.q.val();
        self.done.next = self.done_q.q.val();
    }
}

/// The cells of `free` by how many of their edge neighbours are in `free`
/// (0 to 4), combinational: for each of the four directions the cells
/// whose neighbour that way is free (`free` shifted, the row ends masked
/// so that nothing wraps), added a bit-slice a cell by half adders into a
/// three-bit count (`ones`, `twos`, `fours`), which each output decodes.
/// The model's `by_free_neighbours`, gate for gate.
#[derive(LogicBlock)]
pub struct FreeNeighbours {
    /// The free cells.
    pub free: Signal<In, Board>,
    /// Free cells with no free edge neighbour.
    pub none: Signal<Out, Board>,
    /// ... with one.
    pub one: Signal<Out, Board>,
    /// ... with two.
    pub two: Signal<Out, Board>,
    /// ... with three.
    pub three: Signal<Out, Board>,
    /// ... with four.
    pub four: Signal<Out, Board>,
    /// The cells whose right, left, lower and upper neighbour is free.
    directions: [Signal<Local, Board>; 4],
    /// The count's bits after each direction added: `[k]` after `k + 1`.
    ones: [Signal<Local, Board>; 4],
    twos: [Signal<Local, Board>; 4],
    fours: [Signal<Local, Board>; 4],
    /// Every cell but the left column (x = 1).
    not_left: Constant<Board>,
    /// Every cell but the right column (x = 14).
    not_right: Constant<Board>,
}

impl FreeNeighbours {
    /// The counts of no free cell.
    pub fn new() -> FreeNeighbours {
        FreeNeighbours {
            free: Default::default(),
            none: Default::default(),
            one: Default::default(),
            two: Default::default(),
            three: Default::default(),
            four: Default::default(),
            directions: Default::default(),
            ones: Default::default(),
            twos: Default::default(),
            fours: Default::default(),
            not_left: Constant::new(!column(1)),
            not_right: Constant::new(!column(SIZE)),
        }
    }
}

impl Default for FreeNeighbours {
    fn default() -> FreeNeighbours {
        FreeNeighbours::new()
    }
}

impl Logic for FreeNeighbours {
    #[hdl_gen]
    fn update(&mut self) {
        // A cell's right neighbour is free when the cell is `free` moved one
        // left within its row; the other directions likewise.
        self.directions[0].next = (self.free.val() & self.not_left.val()) >> 1;
        self.directions[1].next = (self.free.val() & self.not_right.val()) << 1;
        self.directions[2].next = self.free.val() >> 14;
        self.directions[3].next = self.free.val() << 14;
        // Half adders: the first direction is the count so far, each next
        // one is added into it.
        self.ones[0].next = self.directions[0].val();
        self.twos[0].next = 0.into();
        self.fours[0].next = 0.into();
        for k in 1..4 {
            self.ones[k].next = self.ones[k - 1].val() ^ self.directions[k].val();
            self.twos[k].next =
                self.twos[k - 1].val() ^ (self.ones[k - 1].val() & self.directions[k].val());
            self.fours[k].next = self.fours[k - 1].val()
                | (self.twos[k - 1].val() & self.ones[k - 1].val() & self.directions[k].val());
        }
        // Decoded: 0 to 4 (with four neighbours, `fours` alone is set).
        self.none.next =
            self.free.val() & !self.ones[3].val() & !self.twos[3].val() & !self.fours[3].val();
        self.one.next =
            self.free.val() & self.ones[3].val() & !self.twos[3].val() & !self.fours[3].val();
        self.two.next =
            self.free.val() & !self.ones[3].val() & self.twos[3].val() & !self.fours[3].val();
        self.three.next =
            self.free.val() & self.ones[3].val() & self.twos[3].val() & !self.fours[3].val();
        self.four.next =
            self.free.val() & !self.ones[3].val() & !self.twos[3].val() & self.fours[3].val();
    }
}
