//! The board's registers (each player's cells and tiles used, the last
//! three moves) and the placements into them.

use crate::board::Board;
use crate::cell_playout::RecentMoves;
use crate::placer::{BoxPlacer, ShapeBox, BOX_BITS};
use crate::tiles::Tiles;
use rust_hdl::prelude::*;

/// The board's registers (each player's cells and tiles used) and the
/// placements into them: the placement chosen by the machine (a request's
/// code, or the search's move) is looked up by a [`ShapeBox`] and its box
/// mask registered with its corner; a [`BoxPlacer`] puts it on the board
/// and its cells are written a cycle later, so that neither the shape's
/// 91-way selection nor the corner's shift shares a cycle with the other
/// (the board's longest path when the whole placer ran in the second).
///
/// The game's last three moves, the latest first, a pass as
/// [`crate::tiles::PASS_SHAPE`], are the search's history (`model::player`
/// gives the rule): shifted in the cycle a move is chosen (a `4`'s first
/// code under the latest), passes all three when the registers clear.
#[derive(LogicBlock)]
pub struct PositionRegisters {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Clear the registers (a new game, or the board's game starting).
    pub clear: Signal<In, Bit>,
    /// The board is player 2 (its move goes to player 2's registers, an
    /// opponent's code to player 1's).
    pub me_two: Signal<In, Bit>,
    /// Choose the request's first code.
    pub place_first: Signal<In, Bit>,
    /// Choose the request's last code.
    pub place_last: Signal<In, Bit>,
    /// Choose the search's move.
    pub place_best: Signal<In, Bit>,
    /// The request's first code is a placement (not a pass).
    pub first_place: Signal<In, Bit>,
    /// The request's first code's shape.
    pub first_shape: Signal<In, Bits<7>>,
    /// The request's first code's corner.
    pub first_corner: Signal<In, Bits<8>>,
    /// The request's last code is a placement.
    pub last_place: Signal<In, Bit>,
    /// The request's last code's shape.
    pub last_shape: Signal<In, Bits<7>>,
    /// The request's last code's corner.
    pub last_corner: Signal<In, Bits<8>>,
    /// The search found a move (not a pass).
    pub found: Signal<In, Bit>,
    /// The search's move's shape.
    pub best_shape: Signal<In, Bits<7>>,
    /// The search's move's corner.
    pub best_corner: Signal<In, Bits<8>>,
    /// Player 1's cells.
    pub cells_one: Signal<Out, Board>,
    /// Player 2's cells.
    pub cells_two: Signal<Out, Board>,
    /// Player 1's tiles used.
    pub used_one: Signal<Out, Tiles>,
    /// Player 2's tiles used.
    pub used_two: Signal<Out, Tiles>,
    /// The last three moves, the latest first.
    pub recent: Signal<Out, RecentMoves>,
    shape_box: ShapeBox,
    box_placer: BoxPlacer,
    cells_one_q: DFF<Board>,
    cells_two_q: DFF<Board>,
    used_one_q: DFF<Tiles>,
    used_two_q: DFF<Tiles>,
    /// The placement chosen, registered: its box mask, tile and corner.
    place_box: DFF<Bits<BOX_BITS>>,
    place_tile: DFF<Bits<5>>,
    place_corner: DFF<Bits<8>>,
    /// The placement goes to player 2's registers (else player 1's).
    place_two: DFF<Bit>,
    /// Place the placer's cells in this cycle.
    place_now: DFF<Bit>,
    recent_q: DFF<RecentMoves>,
    /// The chosen move: its shape, its corner, and whether it places a
    /// tile (else a pass).
    chosen_shape: Signal<Local, Bits<7>>,
    chosen_corner: Signal<Local, Bits<8>>,
    chosen_places: Signal<Local, Bit>,
    /// Its code as the history holds it.
    chosen_code: Signal<Local, Bits<15>>,
    /// The placer's cells and tile bit.
    new_cells: Signal<Local, Board>,
    new_used: Signal<Local, Tiles>,
    tile_bit: Constant<Tiles>,
    pass_code: Constant<Bits<15>>,
}

impl Default for PositionRegisters {
    fn default() -> PositionRegisters {
        PositionRegisters {
            clock: Default::default(),
            clear: Default::default(),
            me_two: Default::default(),
            place_first: Default::default(),
            place_last: Default::default(),
            place_best: Default::default(),
            first_place: Default::default(),
            first_shape: Default::default(),
            first_corner: Default::default(),
            last_place: Default::default(),
            last_shape: Default::default(),
            last_corner: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            cells_one: Default::default(),
            cells_two: Default::default(),
            used_one: Default::default(),
            used_two: Default::default(),
            recent: Default::default(),
            shape_box: Default::default(),
            box_placer: Default::default(),
            cells_one_q: Default::default(),
            cells_two_q: Default::default(),
            used_one_q: Default::default(),
            used_two_q: Default::default(),
            place_box: Default::default(),
            place_tile: Default::default(),
            place_corner: Default::default(),
            place_two: Default::default(),
            place_now: Default::default(),
            recent_q: Default::default(),
            chosen_shape: Default::default(),
            chosen_corner: Default::default(),
            chosen_places: Default::default(),
            chosen_code: Default::default(),
            new_cells: Default::default(),
            new_used: Default::default(),
            tile_bit: Constant::new(1u64.into()),
            pass_code: Constant::new(crate::tiles::PASS_SHAPE.into()),
        }
    }
}

impl Logic for PositionRegisters {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            cells_one_q,
            cells_two_q,
            used_one_q,
            used_two_q,
            place_box,
            place_tile,
            place_corner,
            place_two,
            place_now,
            recent_q
        );
        // The move, chosen (an opponent's code, or the search's move), its
        // shape looked up, and placed in the next cycle.
        self.chosen_shape.next = self.last_shape.val();
        self.chosen_corner.next = self.last_corner.val();
        self.chosen_places.next = false;
        self.place_two.d.next = !self.me_two.val();
        if self.place_first.val() {
            self.chosen_shape.next = self.first_shape.val();
            self.chosen_corner.next = self.first_corner.val();
            self.chosen_places.next = self.first_place.val();
        }
        if self.place_last.val() {
            self.chosen_places.next = self.last_place.val();
        }
        if self.place_best.val() {
            self.chosen_shape.next = self.best_shape.val();
            self.chosen_corner.next = self.best_corner.val();
            self.chosen_places.next = self.found.val();
            self.place_two.d.next = self.me_two.val();
        }
        self.place_corner.d.next = self.chosen_corner.val();
        self.place_now.d.next = self.chosen_places.val();
        // The history: the chosen move shifted in.
        self.chosen_code.next = self.pass_code.val();
        if self.chosen_places.val() {
            self.chosen_code.next = (bit_cast::<15, 8>(self.chosen_corner.val()) << 7)
                | bit_cast::<15, 7>(self.chosen_shape.val());
        }
        if self.place_last.val() | self.place_best.val() {
            self.recent_q.d.next.latest = self.chosen_code.val();
            self.recent_q.d.next.second = self.recent_q.q.val().latest;
            self.recent_q.d.next.third = self.recent_q.q.val().second;
        }
        // A `4`'s first code (player 1's first move, before the board's
        // blind one): under the latest.
        if self.place_first.val() {
            self.recent_q.d.next.second = self.chosen_code.val();
            self.recent_q.d.next.third = self.recent_q.q.val().second;
        }
        self.shape_box.shape.next = self.chosen_shape.val();
        self.place_box.d.next = self.shape_box.box_mask.val();
        self.place_tile.d.next = self.shape_box.tile.val();
        self.box_placer.box_mask.next = self.place_box.q.val();
        self.box_placer.corner.next = self.place_corner.q.val();
        self.new_cells.next = self.box_placer.cells.val();
        self.new_used.next = self.tile_bit.val() << self.place_tile.q.val();
        if self.place_now.q.val() {
            if self.place_two.q.val() {
                self.cells_two_q.d.next = self.cells_two_q.q.val() | self.new_cells.val();
                self.used_two_q.d.next = self.used_two_q.q.val() | self.new_used.val();
            } else {
                self.cells_one_q.d.next = self.cells_one_q.q.val() | self.new_cells.val();
                self.used_one_q.d.next = self.used_one_q.q.val() | self.new_used.val();
            }
        }
        if self.clear.val() {
            self.cells_one_q.d.next = 0.into();
            self.cells_two_q.d.next = 0.into();
            self.used_one_q.d.next = 0.into();
            self.used_two_q.d.next = 0.into();
            self.recent_q.d.next.latest = self.pass_code.val();
            self.recent_q.d.next.second = self.pass_code.val();
            self.recent_q.d.next.third = self.pass_code.val();
        }
        self.cells_one.next = self.cells_one_q.q.val();
        self.cells_two.next = self.cells_two_q.q.val();
        self.used_one.next = self.used_one_q.q.val();
        self.used_two.next = self.used_two_q.q.val();
        self.recent.next = self.recent_q.q.val();
    }
}
