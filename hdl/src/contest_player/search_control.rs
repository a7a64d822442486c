//! The search for the board's side: the tree search started from the
//! board's registers, its budgets and its move's code.

use super::config::PlayerConfig;
use crate::board::{board_from_cell_index, Board};
use crate::cell_playout::RecentMoves;
use crate::move_code::CodeEncoder;
use crate::prior_tree::PriorTree;
use crate::sdram::SdramClient;
use crate::search_budget::SearchBudget;
use crate::tiles::Tiles;
use blokus::Player;
use model::prior_tree::memory::ON_CHIP_BLOCKS;
use rust_hdl::prelude::*;

/// The search for the board's side: the [`PriorTree`] started from the
/// board's registers (the board's own cells and tiles as its side's, the
/// last three moves as its history), its node memory's first
/// [`ON_CHIP_BLOCKS`] blocks on chip and the others in the SDRAM, its
/// budgets ([`SearchBudget`]), and its move's code ([`CodeEncoder`]).
#[derive(LogicBlock)]
pub struct SearchControl {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Start a search.
    pub start: Signal<In, Bit>,
    /// Abandon the search.
    pub cancel: Signal<In, Bit>,
    /// The board is player 2.
    pub me_two: Signal<In, Bit>,
    /// Player 1's cells.
    pub cells_one: Signal<In, Board>,
    /// Player 2's cells.
    pub cells_two: Signal<In, Board>,
    /// Player 1's tiles used.
    pub used_one: Signal<In, Tiles>,
    /// Player 2's tiles used.
    pub used_two: Signal<In, Tiles>,
    /// The last three moves, the latest first.
    pub recent: Signal<In, RecentMoves>,
    /// The SDRAM, for the node memory's blocks off chip.
    pub sdram: SdramClient,
    /// The search is done, and its move's code is out: a cycle after the
    /// search's own `done`.
    pub done: Signal<Out, Bit>,
    /// The search's watchdog ended it.
    pub timed_out: Signal<Out, Bit>,
    /// It found a move (not a pass).
    pub found: Signal<Out, Bit>,
    /// Its move's shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its move's corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Its move's code (a pass's if none).
    pub code: Signal<Out, Bits<32>>,
    /// Searching, or a unit of the search still at work.
    pub busy: Signal<Out, Bit>,
    search: PriorTree,
    encoder: CodeEncoder,
    /// The code registered, and `done` with it: the search's move and the
    /// reply queue lie far apart on the chip, so that no logic lies on
    /// the long route between them.
    code_q: DFF<Bits<32>>,
    done_q: DFF<Bit>,
    /// The search's budgets (`PlayerConfig::budget`; a Verilator model's
    /// command line may set others).
    budget: SearchBudget,
    start_one_square: Constant<Board>,
    start_two_square: Constant<Board>,
}

impl SearchControl {
    /// A search within `config`'s budgets.
    pub fn new(config: PlayerConfig) -> SearchControl {
        SearchControl {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            me_two: Default::default(),
            cells_one: Default::default(),
            cells_two: Default::default(),
            used_one: Default::default(),
            used_two: Default::default(),
            recent: Default::default(),
            sdram: Default::default(),
            done: Default::default(),
            timed_out: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            code: Default::default(),
            busy: Default::default(),
            search: PriorTree::new(ON_CHIP_BLOCKS),
            encoder: CodeEncoder::new(),
            code_q: Default::default(),
            done_q: Default::default(),
            budget: SearchBudget::new(config.budget),
            start_one_square: Constant::new(board_from_cell_index(
                Player::One.start_square().index(),
            )),
            start_two_square: Constant::new(board_from_cell_index(
                Player::Two.start_square().index(),
            )),
        }
    }
}

impl Logic for SearchControl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, code_q, done_q);
        self.search.clock.next = self.clock.val();
        self.search.start.next = self.start.val();
        self.search.cancel.next = self.cancel.val();
        self.search.own.next.cells = self.cells_one.val();
        self.search.own.next.start_square = self.start_one_square.val();
        self.search.own.next.tiles = !self.used_one.val();
        self.search.opponent.next.cells = self.cells_two.val();
        self.search.opponent.next.start_square = self.start_two_square.val();
        self.search.opponent.next.tiles = !self.used_two.val();
        if self.me_two.val() {
            self.search.own.next.cells = self.cells_two.val();
            self.search.own.next.start_square = self.start_two_square.val();
            self.search.own.next.tiles = !self.used_two.val();
            self.search.opponent.next.cells = self.cells_one.val();
            self.search.opponent.next.start_square = self.start_one_square.val();
            self.search.opponent.next.tiles = !self.used_one.val();
        }
        // The board searches from its registers, which hold no passes
        // (`model::player`'s position neither).
        self.search.passes.next = 0.into();
        self.search.recent.next = self.recent.val();
        self.search.rounds_until.next = self.budget.rounds_until.val();
        self.search.watchdog.next = self.budget.watchdog.val();
        // The SDRAM.
        self.sdram.valid.next = self.search.sdram_valid.val();
        self.sdram.request.next = self.search.sdram_request.val();
        self.search.sdram_ready.next = self.sdram.ready.val();
        self.search.sdram_sync_ready.next = self.sdram.sync_ready.val();
        self.search.sdram_write_strobe.next = self.sdram.write_strobe.val();
        self.sdram.write_data.next = self.search.sdram_write_data.val();
        self.search.sdram_read_valid.next = self.sdram.read_valid.val();
        self.search.sdram_read_data.next = self.sdram.read_data.val();
        // The move.
        self.encoder.pass.next = !self.search.found.val();
        self.encoder.shape.next = self.search.best_shape.val();
        self.encoder.corner.next = self.search.best_corner.val();
        self.code_q.d.next = self.encoder.code.val();
        self.done_q.d.next = self.search.done.val() & !self.cancel.val();
        self.done.next = self.done_q.q.val();
        self.timed_out.next = self.search.timed_out.val();
        self.found.next = self.search.found.val();
        self.best_shape.next = self.search.best_shape.val();
        self.best_corner.next = self.search.best_corner.val();
        self.code.next = self.code_q.q.val();
        self.busy.next = self.search.busy.val();
    }
}
