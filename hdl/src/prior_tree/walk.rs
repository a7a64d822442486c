//! The position a descent walks to: the root's registers (its position and
//! its last three moves, their cells placed at the search's start), and the
//! walk's (the position reached, the last three moves before it and the
//! cells of each), a move applied onto the walk's or the root's through the
//! placer in two cycles. The bank and the expander read the walk's.
//!
//! - `load` (the search's start, cycle 0): the root's position and moves
//!   into both; the moves' cells are placed one a cycle from the same
//!   cycle, the latest first, then the third latest, then the second: the
//!   walk's `latest` holds its cells from cycle 2, `earlier` (the third
//!   latest's) from cycle 3, so the expander may take its start on the root
//!   at edge 4 (`model::prior_tree::timing::ROOT_EXPANDER`).
//! - `apply` (cycle `c`): the move's cells at box corner 0 and its tile are
//!   registered; in cycle `c + 1` they are shifted onto the corner and
//!   played into the root's position (`from_root`) or the walk's, the sides
//!   swapping; the walk holds the result from cycle `c + 2`, with `over`,
//!   whether its game is over.

use crate::board::Board;
use crate::cell_playout::RecentMoves;
use crate::placer::{CornerShift, Placer};
use crate::side::Side;
use rust_hdl::prelude::*;

/// The shape of a pass (`model::prior_tree::word::PASS_SHAPE`).
pub const PASS_SHAPE: u64 = model::prior_tree::word::PASS_SHAPE as u64;

/// What the placer's registers hold.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum Placed {
    /// Nothing to play.
    Nothing,
    /// A move to play into the walk.
    Move,
    /// The root's latest move, whose cells are loaded.
    Latest,
    /// The root's third latest.
    Third,
    /// The root's second latest.
    Second,
}

/// The root's and the walk's registers.
#[derive(LogicBlock, Default)]
pub struct Walk {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The search starts: take the position and moves below.
    pub load: Signal<In, Bit>,
    /// The root's side to move.
    pub root_own: Signal<In, Side>,
    /// The root's other side.
    pub root_opponent: Signal<In, Side>,
    /// Passes in a row before the root.
    pub root_passes: Signal<In, Bits<2>>,
    /// The root's last three moves, the latest first.
    pub root_moves: Signal<In, RecentMoves>,
    /// Play `code` (shape, and box corner at bit 7).
    pub apply: Signal<In, Bit>,
    /// The move.
    pub code: Signal<In, Bits<15>>,
    /// Play it into the root's position (else the walk's).
    pub from_root: Signal<In, Bit>,
    /// The walk's side to move.
    pub own: Signal<Out, Side>,
    /// The walk's other side.
    pub opponent: Signal<Out, Side>,
    /// Passes in a row before the walk's position.
    pub passes: Signal<Out, Bits<2>>,
    /// The walk's last three moves, the latest first.
    pub moves: Signal<Out, RecentMoves>,
    /// The cells of the walk's latest move (the opponent's; empty for none).
    pub latest: Signal<Out, Board>,
    /// The cells of its third latest (the opponent's before).
    pub earlier: Signal<Out, Board>,
    /// The walk's game is over.
    pub over: Signal<Out, Bit>,
    /// The root's side to move has one tile left.
    pub one_tile: Signal<Out, Bit>,
    placer: Placer,
    shift: CornerShift,
    root_own_q: DFF<Side>,
    root_opp_q: DFF<Side>,
    root_passes_q: DFF<Bits<2>>,
    root_moves_q: DFF<RecentMoves>,
    root_cells: [DFF<Board>; 3],
    own_q: DFF<Side>,
    opp_q: DFF<Side>,
    passes_q: DFF<Bits<2>>,
    moves_q: DFF<RecentMoves>,
    cells: [DFF<Board>; 3],
    over_q: DFF<Bit>,
    placed: DFF<Placed>,
    placed_origin: DFF<Board>,
    placed_corner: DFF<Bits<8>>,
    placed_tile: DFF<Bits<5>>,
    placed_code: DFF<Bits<15>>,
    placed_from_root: DFF<Bit>,
    /// The move the placer takes.
    placing: Signal<Local, Bits<15>>,
    /// The position and history the move is played into.
    base_own: Signal<Local, Side>,
    base_opp: Signal<Local, Side>,
    base_passes: Signal<Local, Bits<2>>,
    base_move: Signal<Local, Bits<15>>,
    base_second_move: Signal<Local, Bits<15>>,
    base_latest: Signal<Local, Board>,
    base_second: Signal<Local, Board>,
    /// The mover's tiles after the move, and whether it is a pass.
    left: Signal<Local, Bits<21>>,
    pass: Signal<Local, Bit>,
    next_passes: Signal<Local, Bits<2>>,
}

impl Walk {
    /// The walk, empty.
    pub fn new() -> Walk {
        Walk::default()
    }
}

// `update` compares a move's shape with the pass's as a literal.
const _: () = assert!(PASS_SHAPE == 127);

impl Logic for Walk {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            root_own_q,
            root_opp_q,
            root_passes_q,
            root_moves_q,
            own_q,
            opp_q,
            passes_q,
            moves_q,
            over_q,
            placed,
            placed_origin,
            placed_corner,
            placed_tile,
            placed_code,
            placed_from_root
        );
        for i in 0..3 {
            self.root_cells[i].clock.next = self.clock.val();
            self.cells[i].clock.next = self.clock.val();
            self.root_cells[i].d.next = self.root_cells[i].q.val();
            self.cells[i].d.next = self.cells[i].q.val();
        }
        // The placer: the move's cells at box corner 0, registered.
        self.placing.next = self.code.val();
        self.placed.d.next = Placed::Nothing;
        self.placed_from_root.d.next = self.from_root.val();
        if self.apply.val() {
            self.placed.d.next = Placed::Move;
        }
        if self.load.val() {
            self.placing.next = self.root_moves.val().latest;
            self.placed.d.next = Placed::Latest;
        }
        if self.placed.q.val() == Placed::Latest {
            self.placing.next = self.root_moves_q.q.val().third;
            self.placed.d.next = Placed::Third;
        }
        if self.placed.q.val() == Placed::Third {
            self.placing.next = self.root_moves_q.q.val().second;
            self.placed.d.next = Placed::Second;
        }
        self.placer.corner.next = 0.into();
        self.placer.shape.next = self.placing.val().get_bits::<7>(0);
        self.placed_code.d.next = self.placing.val();
        self.placed_origin.d.next = self.placer.cells.val();
        self.placed_tile.d.next = self.placer.tile.val();
        self.placed_corner.d.next = self.placing.val().get_bits::<8>(7);
        // The shift onto the corner.
        self.shift.origin.next = self.placed_origin.q.val();
        self.shift.corner.next = self.placed_corner.q.val();

        // The move played into the root's position or the walk's.
        self.base_own.next = self.own_q.q.val();
        self.base_opp.next = self.opp_q.q.val();
        self.base_passes.next = self.passes_q.q.val();
        self.base_move.next = self.moves_q.q.val().latest;
        self.base_second_move.next = self.moves_q.q.val().second;
        self.base_latest.next = self.cells[0].q.val();
        self.base_second.next = self.cells[1].q.val();
        if self.placed_from_root.q.val() {
            self.base_own.next = self.root_own_q.q.val();
            self.base_opp.next = self.root_opp_q.q.val();
            self.base_passes.next = self.root_passes_q.q.val();
            self.base_move.next = self.root_moves_q.q.val().latest;
            self.base_second_move.next = self.root_moves_q.q.val().second;
            self.base_latest.next = self.root_cells[0].q.val();
            self.base_second.next = self.root_cells[1].q.val();
        }
        self.left.next =
            self.base_own.val().tiles & !(bit_cast::<21, 1>(1.into()) << self.placed_tile.q.val());
        self.pass.next = self.placed_code.q.val().get_bits::<7>(0) == 127;
        self.next_passes.next = 0.into();
        if self.pass.val() {
            self.next_passes.next = self.base_passes.val() + 1;
        }
        match self.placed.q.val() {
            Placed::Move => {
                self.own_q.d.next = self.base_opp.val();
                self.opp_q.d.next.cells = self.base_own.val().cells | self.shift.cells.val();
                self.opp_q.d.next.start_square = self.base_own.val().start_square;
                self.opp_q.d.next.tiles = self.left.val();
                self.passes_q.d.next = self.next_passes.val();
                self.moves_q.d.next.latest = self.placed_code.q.val();
                self.moves_q.d.next.second = self.base_move.val();
                self.moves_q.d.next.third = self.base_second_move.val();
                self.cells[0].d.next = self.shift.cells.val();
                self.cells[1].d.next = self.base_latest.val();
                self.cells[2].d.next = self.base_second.val();
                self.over_q.d.next = (self.next_passes.val() == 2)
                    | !self.left.val().any()
                    | !self.base_opp.val().tiles.any();
            }
            Placed::Latest => {
                self.root_cells[0].d.next = self.shift.cells.val();
                self.cells[0].d.next = self.shift.cells.val();
            }
            Placed::Third => {
                self.root_cells[2].d.next = self.shift.cells.val();
                self.cells[2].d.next = self.shift.cells.val();
            }
            Placed::Second => {
                self.root_cells[1].d.next = self.shift.cells.val();
                self.cells[1].d.next = self.shift.cells.val();
            }
            _ => {}
        }
        if self.load.val() {
            self.root_own_q.d.next = self.root_own.val();
            self.root_opp_q.d.next = self.root_opponent.val();
            self.root_passes_q.d.next = self.root_passes.val();
            self.root_moves_q.d.next = self.root_moves.val();
            self.own_q.d.next = self.root_own.val();
            self.opp_q.d.next = self.root_opponent.val();
            self.passes_q.d.next = self.root_passes.val();
            self.moves_q.d.next = self.root_moves.val();
            self.over_q.d.next = false;
        }
        self.own.next = self.own_q.q.val();
        self.opponent.next = self.opp_q.q.val();
        self.passes.next = self.passes_q.q.val();
        self.moves.next = self.moves_q.q.val();
        self.latest.next = self.cells[0].q.val();
        self.earlier.next = self.cells[2].q.val();
        self.over.next = self.over_q.q.val();
        self.one_tile.next = self.root_own_q.q.val().tiles.any()
            & !(self.root_own_q.q.val().tiles & (self.root_own_q.q.val().tiles - 1)).any();
    }
}
