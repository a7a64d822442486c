//! The board state: the game's registers (both players' cells and used
//! tiles, who moves, the ply count, passes in a row) and what they give the
//! mask unit and the generator for the side to move. The hardware twin of
//! `model::board_state` (same names, same order, same widths); that
//! module's doc comment is the specification of this block.

use crate::board::{board_from_cell_index, Board};
use blokus::tiles::{ALL_TILES, TILE_COUNT};
use blokus::Player;
use rust_hdl::prelude::*;

/// A player's set of tiles: bit `t` for tile `t` (`a` = 0).
pub type TileSet = Bits<TILE_COUNT>;

/// The registers of a game and the view of the side to move.
///
/// # Registers and their widths (`model::board_state::BoardState`)
/// `cells[2]` (196 bits each), `used[2]` (21 bits), `to_move` (1 bit, 0 =
/// player 1), `plies` (7 bits, wraps at 128), `passes` (2 bits, passes in a
/// row, stops at 2). They start at 0 (an `initial` block in the Verilog; there
/// is no reset), which is a new game with player 1 to move.
///
/// # Operations, at a rising clock edge (`new_game` wins over `play`)
/// - `new_game`: everything 0, `to_move = first`.
/// - `play` with `pass` low (a placement of `tile` covering `cells`): the
///   mover's `cells |= cells`, `used |= 1 << tile` (tiles 21..31 set
///   nothing), `passes = 0`, `to_move` flips, `plies += 1`.
/// - `play` with `pass` high: `passes = min(passes + 1, 2)`, `to_move`
///   flips, `plies += 1`.
///
/// Neither high: the registers keep their values whatever the other inputs
/// hold. No legality is checked here.
///
/// # Outputs (`BoardView`), combinational from the registers
/// ```text
/// own          = cells[to_move]        opponent = cells[1 - to_move]
/// start_square = to_move ? (10,10) : (5,5), one-hot
/// tiles_left   = !used[to_move]        (21 bits)
/// game_over    = passes >= 2 | used[0] all set | used[1] all set
/// ```
/// and the registers `to_move`, `plies`, `passes` themselves.
#[derive(LogicBlock)]
pub struct BoardState {
    /// The clock; the registers change at its rising edge.
    pub clock: Signal<In, Clock>,
    /// Start a new game at this edge (wins over `play`).
    pub new_game: Signal<In, Bit>,
    /// With `new_game`: 1 = player 2 moves first.
    pub first: Signal<In, Bit>,
    /// Play a move for the side to move at this edge.
    pub play: Signal<In, Bit>,
    /// With `play`: the move is a pass (`cells` and `tile` are ignored).
    pub pass: Signal<In, Bit>,
    /// With `play`: the cells the placement covers.
    pub cells: Signal<In, Board>,
    /// With `play`: the tile placed (0..21; 21..31 mark no tile as used).
    pub tile: Signal<In, Bits<5>>,
    /// Cells of the side to move.
    pub own: Signal<Out, Board>,
    /// Cells of the other side.
    pub opponent: Signal<Out, Board>,
    /// The start square of the side to move, one-hot.
    pub start_square: Signal<Out, Board>,
    /// Tiles the side to move still holds: bit `t` for tile `t`.
    pub tiles_left: Signal<Out, TileSet>,
    /// Two passes in a row, or a player has used all 21 tiles.
    pub game_over: Signal<Out, Bit>,
    /// The side to move: 0 = player 1, 1 = player 2.
    pub to_move: Signal<Out, Bit>,
    /// Moves played (passes included) since the new game, modulo 128.
    pub plies: Signal<Out, Bits<7>>,
    /// Passes in a row, at most 2.
    pub passes: Signal<Out, Bits<2>>,
    /// Register: each player's cells, `[0]` player 1.
    cells_q: [DFF<Board>; 2],
    /// Register: each player's used tiles.
    used: [DFF<TileSet>; 2],
    /// Register: the side to move.
    to_move_q: DFF<Bit>,
    /// Register: the ply count.
    plies_q: DFF<Bits<7>>,
    /// Register: passes in a row.
    passes_q: DFF<Bits<2>>,
    /// Player 1's start square, one-hot.
    start_one: Constant<Board>,
    /// Player 2's start square, one-hot.
    start_two: Constant<Board>,
    /// Bit 0 of a tile set, moved up by `tile` to mark it used.
    tile_bit: Constant<TileSet>,
    /// Every tile: a player who has used them all.
    all_tiles: Constant<TileSet>,
    /// One ply.
    one_ply: Constant<Bits<7>>,
    /// One pass.
    one_pass: Constant<Bits<2>>,
    /// No cells.
    no_cells: Constant<Board>,
    /// No tiles.
    no_tiles: Constant<TileSet>,
    /// No plies.
    no_plies: Constant<Bits<7>>,
    /// No passes.
    no_passes: Constant<Bits<2>>,
}

impl BoardState {
    /// A board state at power-up: every register 0 (a new game, player 1 first).
    pub fn new() -> BoardState {
        BoardState {
            clock: Default::default(),
            new_game: Default::default(),
            first: Default::default(),
            play: Default::default(),
            pass: Default::default(),
            cells: Default::default(),
            tile: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            tiles_left: Default::default(),
            game_over: Default::default(),
            to_move: Default::default(),
            plies: Default::default(),
            passes: Default::default(),
            cells_q: Default::default(),
            used: Default::default(),
            to_move_q: Default::default(),
            plies_q: Default::default(),
            passes_q: Default::default(),
            start_one: Constant::new(board_from_cell_index(Player::One.start_square().index())),
            start_two: Constant::new(board_from_cell_index(Player::Two.start_square().index())),
            tile_bit: Constant::new(1u64.into()),
            all_tiles: Constant::new(u64::from(ALL_TILES).into()),
            one_ply: Constant::new(1u64.into()),
            one_pass: Constant::new(1u64.into()),
            no_cells: Constant::new(Board::default()),
            no_tiles: Constant::new(TileSet::default()),
            no_plies: Constant::new(Bits::<7>::default()),
            no_passes: Constant::new(Bits::<2>::default()),
        }
    }
}

impl Default for BoardState {
    fn default() -> BoardState {
        BoardState::new()
    }
}

impl Logic for BoardState {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, to_move_q, plies_q, passes_q);
        for p in 0..2 {
            self.cells_q[p].clock.next = self.clock.val();
            self.cells_q[p].d.next = self.cells_q[p].q.val();
            self.used[p].clock.next = self.clock.val();
            self.used[p].d.next = self.used[p].q.val();
        }
        // play: a placement or a pass for the side to move.
        if self.play.val() {
            if self.pass.val() {
                if !self.passes_q.q.val().get_bit(1) {
                    self.passes_q.d.next = self.passes_q.q.val() + self.one_pass.val();
                }
            } else {
                if self.to_move_q.q.val() {
                    self.cells_q[1].d.next = self.cells_q[1].q.val() | self.cells.val();
                    self.used[1].d.next =
                        self.used[1].q.val() | (self.tile_bit.val() << self.tile.val());
                } else {
                    self.cells_q[0].d.next = self.cells_q[0].q.val() | self.cells.val();
                    self.used[0].d.next =
                        self.used[0].q.val() | (self.tile_bit.val() << self.tile.val());
                }
                self.passes_q.d.next = self.no_passes.val();
            }
            self.to_move_q.d.next = !self.to_move_q.q.val();
            self.plies_q.d.next = self.plies_q.q.val() + self.one_ply.val();
        }
        // new_game: everything 0, `first` to move.
        if self.new_game.val() {
            self.cells_q[0].d.next = self.no_cells.val();
            self.cells_q[1].d.next = self.no_cells.val();
            self.used[0].d.next = self.no_tiles.val();
            self.used[1].d.next = self.no_tiles.val();
            self.passes_q.d.next = self.no_passes.val();
            self.plies_q.d.next = self.no_plies.val();
            self.to_move_q.d.next = self.first.val();
        }
        // The view of the side to move.
        if self.to_move_q.q.val() {
            self.own.next = self.cells_q[1].q.val();
            self.opponent.next = self.cells_q[0].q.val();
            self.start_square.next = self.start_two.val();
            self.tiles_left.next = !self.used[1].q.val();
        } else {
            self.own.next = self.cells_q[0].q.val();
            self.opponent.next = self.cells_q[1].q.val();
            self.start_square.next = self.start_one.val();
            self.tiles_left.next = !self.used[0].q.val();
        }
        self.game_over.next = self.passes_q.q.val().get_bit(1)
            | (self.used[0].q.val() == self.all_tiles.val())
            | (self.used[1].q.val() == self.all_tiles.val());
        self.to_move.next = self.to_move_q.q.val();
        self.plies.next = self.plies_q.q.val();
        self.passes.next = self.passes_q.q.val();
    }
}
