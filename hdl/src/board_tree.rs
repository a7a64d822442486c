//! The board's search in hardware: a Monte Carlo tree in node memory
//! over the [`Expander`]'s children, whose leaves the [`PlayoutBank`] plays
//! out, selecting with the [`UcbScore`] pipeline. The hardware twin of
//! `model::board_tree::search`, whose doc comment is the specification (the
//! algorithm and the cycles of every step): it chooses that move after
//! those cycles.
//!
//! # How
//! A node is one word of the node memory (a synchronous RAM, read one
//! cycle after its address): its move (shape and box corner; shape
//! [`PASS_SHAPE`] is a pass, which the [`Placer`] places as nothing), its
//! visits and points, and its children (the first's address and how many).
//! - **Root**: `start` loads the position into the walk registers and the
//!   expander starts on them a cycle later; its children are written
//!   from address 0 as they stream out. No child: a pass; one child or one
//!   tile left: the first child at once.
//! - **CHECK** (1 cycle): the cycle counter against `rounds_until`; the walk
//!   registers take the root position.
//! - Every word read goes into a register (`word`) before it is used: it is
//!   there two cycles after its address.
//! - **Descent**, a level: READ the children one a cycle; two cycles later
//!   each is noted when unvisited (the first such wins) and enters the score
//!   pipeline; WAIT for the last score (the highest wins, the first of
//!   equals); PICK reads the winner and FETCH waits for its word; PLACE
//!   registers its shape's cells and tile (the placer); APPLY shifts the
//!   cells onto its corner and plays them into the walk registers (the
//!   sides swap)
//!   and pushes it on the path (a stack of registers, its top at 0). A
//!   node without children, or the path full, is the leaf.
//! - **LEAF** (1 cycle): the bank starts on the walk position (reseeding its
//!   streams in the search's first round); the expander too when the leaf
//!   has enough visits, its game is not over and the memory has room
//!   (decided in APPLY from the registers LEAF would read, and registered);
//!   the expander's `start` is itself a register, high in PLAYOUT's first
//!   cycle, so nothing but a wire lies before its fan-out.
//!   **PLAYOUT**: the expander's children are written as they stream out
//!   (a pass child when there is none); it ends in the cycle both are done.
//!   The **watchdog** acts here, where a round waits on other blocks (the
//!   descent, the backup and the choice take cycles bounded by
//!   `MAX_DEPTH` and `CHILDREN`): once the cycle counter reaches
//!   `watchdog`, the choice starts in the next cycle from the counts as they
//!   stand, and `timed_out` is raised. With the board's budget it cannot
//!   fire (`model::board_tree::tree_budget`).
//! - **Cancel** returns to IDLE at once; a `start` then waits (`busy`) until
//!   the expander and the bank have finished what they were doing.
//! - **BACKUP**, a node of the path a time from the leaf: read it, wait
//!   for its word, then write it with the bank's points added for the side that made its move
//!   (and, for an expanded leaf, its children).
//! - **CHOOSE**: the root's children read one a cycle; the most visited
//!   (the first of equals) is the move.

use crate::board::Board;
use crate::expander::Expander;
use crate::placer::{CornerShift, Placer};
use crate::playout_bank::PlayoutBank;
use crate::side::Side;
use crate::tiles::Tiles;
use crate::ucb_score::UcbScore;
use model::board_tree::{MAX_DEPTH, NODES, POINT_BITS, VISIT_BITS};
use model::expander::CHILDREN;
use model::playout_bank::ENGINES;
use model::random::SEED;
use rust_hdl::prelude::*;

pub use crate::tiles::PASS_SHAPE;
/// Address bits of the node memory.
pub const ADDRESS_BITS: usize = 15;
/// Width of a count of nodes (up to all of them).
pub const NODE_COUNT_BITS: usize = ADDRESS_BITS + 1;
const _: () = assert!(NODES == 1 << ADDRESS_BITS && MAX_DEPTH == 32 && CHILDREN == 16);
/// Width of the cycle counter and the budget.
pub const TIMER_BITS: usize = 26;
/// A node's word: shape (7), corner (8), visits, points, first child, children (5).
pub const NODE_BITS: usize = 7 + 8 + VISIT_BITS + POINT_BITS + ADDRESS_BITS + 5;
const VISITS_AT: usize = 15;
const POINTS_AT: usize = VISITS_AT + VISIT_BITS;
const FIRST_AT: usize = POINTS_AT + POINT_BITS;
const COUNT_AT: usize = FIRST_AT + ADDRESS_BITS;
// `update` writes the fields' places as literals (a kernel's shifts take
// literals): they hold for these widths only.
const _: () = assert!(VISITS_AT == 15 && POINTS_AT == 39 && FIRST_AT == 64 && COUNT_AT == 79);

/// The phases.
mod phase {
    pub const IDLE: u64 = 0;
    pub const ROOT: u64 = 1;
    pub const CHECK: u64 = 2;
    pub const READ: u64 = 3;
    pub const WAIT: u64 = 4;
    pub const PICK: u64 = 5;
    pub const APPLY: u64 = 6;
    pub const LEAF: u64 = 7;
    pub const PLAYOUT: u64 = 8;
    pub const BACKUP_READ: u64 = 9;
    pub const BACKUP_WRITE: u64 = 10;
    pub const CHOOSE: u64 = 11;
    pub const FETCH: u64 = 12;
    pub const BACKUP_WAIT: u64 = 13;
    pub const PLACE: u64 = 14;
}

/// The tree search.
#[derive(LogicBlock)]
pub struct BoardTree {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// One-cycle pulse, taken while idle: search the position below (held
    /// from then until the search begins: at once, or once the expander and
    /// the bank have finished the work of a search abandoned before).
    pub start: Signal<In, Bit>,
    /// Abandon the search (no `done` follows); wins over `start`.
    pub cancel: Signal<In, Bit>,
    /// The side to move's cells.
    pub own: Signal<In, Board>,
    /// The other side's cells.
    pub opponent: Signal<In, Board>,
    /// The side to move's start square, one-hot.
    pub start_square: Signal<In, Board>,
    /// The other side's start square.
    pub opponent_start_square: Signal<In, Board>,
    /// The side to move's tiles not yet placed.
    pub tiles_left: Signal<In, Tiles>,
    /// The other side's.
    pub opponent_tiles_left: Signal<In, Tiles>,
    /// Passes in a row before the position.
    pub passes: Signal<In, Bits<2>>,
    /// No round starts once the cycle counter reaches this.
    pub rounds_until: Signal<In, Bits<TIMER_BITS>>,
    /// A leaf is expanded once it has this many visits
    /// (`model::board_tree::EXPAND_AFTER` on the board).
    pub expand_after: Signal<In, Bits<VISIT_BITS>>,
    /// A round still playing out when the cycle counter reaches this ends
    /// the search: the choice follows at once (`timed_out`).
    pub watchdog: Signal<In, Bits<TIMER_BITS>>,
    /// High for one cycle when the move is chosen; the outputs below hold
    /// until the next `start`.
    pub done: Signal<Out, Bit>,
    /// A move was chosen (else: a pass).
    pub found: Signal<Out, Bit>,
    /// The move's oriented shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// The move's box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Rounds played.
    pub rounds: Signal<Out, Bits<20>>,
    /// Nodes in the memory.
    pub nodes: Signal<Out, Bits<NODE_COUNT_BITS>>,
    /// The move's tile.
    pub best_tile: Signal<Out, Bits<5>>,
    /// The root's candidates.
    pub candidates: Signal<Out, Bits<11>>,
    /// Plies the engines played.
    pub plies: Signal<Out, Bits<32>>,
    /// The watchdog ended this search.
    pub timed_out: Signal<Out, Bit>,
    /// Searching, or the expander or the bank still at work.
    pub busy: Signal<Out, Bit>,
    memory: RAM<Bits<NODE_BITS>, ADDRESS_BITS>,
    expander: Expander,
    bank: PlayoutBank,
    scorer: UcbScore,
    placer: Placer,
    phase: DFF<Bits<4>>,
    timer: DFF<Bits<TIMER_BITS>>,
    /// A `start` waits for the expander and the bank.
    pending: DFF<Bit>,
    timed_out_q: DFF<Bit>,
    // The root.
    own_r: DFF<Board>,
    opp_r: DFF<Board>,
    square_r: DFF<Board>,
    opp_square_r: DFF<Board>,
    tiles_r: DFF<Tiles>,
    opp_tiles_r: DFF<Tiles>,
    passes_r: DFF<Bits<2>>,
    root_count: DFF<Bits<5>>,
    root_visits: DFF<Bits<VISIT_BITS>>,
    // The walk: the position reached, its side to move first.
    own_w: DFF<Board>,
    opp_w: DFF<Board>,
    square_w: DFF<Board>,
    opp_square_w: DFF<Board>,
    tiles_w: DFF<Tiles>,
    opp_tiles_w: DFF<Tiles>,
    passes_w: DFF<Bits<2>>,
    /// The walk's side to move is the root's.
    root_to_move: DFF<Bit>,
    // A level of the descent.
    level_first: DFF<Bits<ADDRESS_BITS>>,
    level_count: DFF<Bits<5>>,
    parent_visits: DFF<Bits<VISIT_BITS>>,
    read_index: DFF<Bits<5>>,
    /// A child's word is at the memory's output (a cycle after its read).
    fetched_valid: DFF<Bit>,
    fetched_index: DFF<Bits<5>>,
    /// The node word read, registered: every use of a node reads it here.
    word: DFF<Bits<NODE_BITS>>,
    /// The placer's cells (its box corner on cell 0), corner and tile of
    /// `word`'s move, registered at PLACE; APPLY shifts the cells onto the
    /// corner (`shift`). So the placer's selection and its shift lie in two
    /// cycles: 43.90 MHz with both before the walk registers, 45.03 with
    /// both before these.
    placed_origin: DFF<Board>,
    placed_corner: DFF<Bits<8>>,
    placed_tile: DFF<Bits<5>>,
    shift: CornerShift,
    /// A child's word is in `word` (two cycles after its read).
    data_valid: DFF<Bit>,
    data_index: DFF<Bits<5>>,
    score_index: DFF<Bits<5>>,
    unvisited_found: DFF<Bit>,
    best_found: DFF<Bit>,
    best_index: DFF<Bits<5>>,
    best_score: DFF<Bits<32>>,
    wait_count: DFF<Bits<3>>,
    // The path, a stack: entry 0 is its top (the deepest node).
    path_node: [DFF<Bits<ADDRESS_BITS>>; MAX_DEPTH],
    path_root_moved: [DFF<Bit>; MAX_DEPTH],
    depth: DFF<Bits<6>>,
    // The leaf and its playout.
    expanding: DFF<Bit>,
    /// LEAF will start the expander (decided in APPLY).
    expand_next: DFF<Bit>,
    /// The expander's `start`, a cycle after the phase that decides it, so
    /// that no logic lies between that decision and the expander's many
    /// registers it clears.
    expander_go: DFF<Bit>,
    bank_finished: DFF<Bit>,
    expander_finished: DFF<Bit>,
    first_round: DFF<Bit>,
    next_free: DFF<Bits<NODE_COUNT_BITS>>,
    new_first: DFF<Bits<ADDRESS_BITS>>,
    new_count: DFF<Bits<5>>,
    /// The leaf's side to move is the root's.
    leaf_root_to_move: DFF<Bit>,
    // The choice and the counts.
    rounds_q: DFF<Bits<20>>,
    found_q: DFF<Bit>,
    best_shape_q: DFF<Bits<7>>,
    best_corner_q: DFF<Bits<8>>,
    best_visits: DFF<Bits<VISIT_BITS>>,
    best_tile_q: DFF<Bits<5>>,
    candidates_q: DFF<Bits<11>>,
    plies_q: DFF<Bits<32>>,
    done_q: DFF<Bit>,
    /// The chosen child's address (PICK), pushed on the path at APPLY.
    chosen_address: DFF<Bits<ADDRESS_BITS>>,
    /// The next BACKUP_WRITE is the leaf's.
    at_leaf: DFF<Bit>,
    // Combinational.
    /// The walk's position, a `Side` a side, for the expander and the bank.
    own_side: Signal<Local, Side>,
    opp_side: Signal<Local, Side>,
    record_visits: Signal<Local, Bits<VISIT_BITS>>,
    record_points: Signal<Local, Bits<POINT_BITS>>,
    record_first: Signal<Local, Bits<ADDRESS_BITS>>,
    record_count: Signal<Local, Bits<5>>,
    record_shape: Signal<Local, Bits<7>>,
    child_word: Signal<Local, Bits<NODE_BITS>>,
    pass_word: Signal<Local, Bits<NODE_BITS>>,
    backup_word: Signal<Local, Bits<NODE_BITS>>,
    backup_first: Signal<Local, Bits<ADDRESS_BITS>>,
    backup_count: Signal<Local, Bits<5>>,
    gained: Signal<Local, Bits<POINT_BITS>>,
    top_node: Signal<Local, Bits<ADDRESS_BITS>>,
    top_root_moved: Signal<Local, Bit>,
    /// The walk's game is over after APPLY's move (what `over` of the
    /// walk registers will be in LEAF).
    over_next: Signal<Local, Bit>,
    one_tile: Signal<Local, Bit>,
    bank_done_now: Signal<Local, Bit>,
    expander_done_now: Signal<Local, Bit>,
    room: Signal<Local, Bit>,
    /// The expander and the bank are idle.
    ready: Signal<Local, Bit>,
    /// The watchdog's count reached.
    expired: Signal<Local, Bit>,
    pass_shape: Constant<Bits<7>>,
    engines: Constant<Bits<VISIT_BITS>>,
    full_points: Constant<Bits<POINT_BITS>>,
    room_limit: Constant<Bits<NODE_COUNT_BITS>>,
    max_depth: Constant<Bits<6>>,
    seed: Constant<Bits<32>>,
    p_idle: Constant<Bits<4>>,
    p_root: Constant<Bits<4>>,
    p_check: Constant<Bits<4>>,
    p_read: Constant<Bits<4>>,
    p_wait: Constant<Bits<4>>,
    p_pick: Constant<Bits<4>>,
    p_apply: Constant<Bits<4>>,
    p_leaf: Constant<Bits<4>>,
    p_playout: Constant<Bits<4>>,
    p_backup_read: Constant<Bits<4>>,
    p_backup_write: Constant<Bits<4>>,
    p_choose: Constant<Bits<4>>,
    p_fetch: Constant<Bits<4>>,
    p_backup_wait: Constant<Bits<4>>,
    p_place: Constant<Bits<4>>,
}

impl BoardTree {
    /// An idle search with an empty node memory.
    pub fn new() -> BoardTree {
        let p = |v: u64| Constant::new(Bits::<4>::from(v));
        BoardTree {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            start_square: Default::default(),
            opponent_start_square: Default::default(),
            tiles_left: Default::default(),
            opponent_tiles_left: Default::default(),
            passes: Default::default(),
            rounds_until: Default::default(),
            watchdog: Default::default(),
            done: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            rounds: Default::default(),
            nodes: Default::default(),
            best_tile: Default::default(),
            candidates: Default::default(),
            plies: Default::default(),
            timed_out: Default::default(),
            busy: Default::default(),
            memory: RAM::default(),
            expander: Expander::new(),
            bank: PlayoutBank::new(),
            scorer: UcbScore::new(),
            placer: Placer::new(),
            phase: Default::default(),
            timer: Default::default(),
            pending: Default::default(),
            timed_out_q: Default::default(),
            own_r: Default::default(),
            opp_r: Default::default(),
            square_r: Default::default(),
            opp_square_r: Default::default(),
            tiles_r: Default::default(),
            opp_tiles_r: Default::default(),
            passes_r: Default::default(),
            root_count: Default::default(),
            root_visits: Default::default(),
            own_w: Default::default(),
            opp_w: Default::default(),
            square_w: Default::default(),
            opp_square_w: Default::default(),
            tiles_w: Default::default(),
            opp_tiles_w: Default::default(),
            passes_w: Default::default(),
            root_to_move: Default::default(),
            level_first: Default::default(),
            level_count: Default::default(),
            parent_visits: Default::default(),
            read_index: Default::default(),
            fetched_valid: Default::default(),
            fetched_index: Default::default(),
            word: Default::default(),
            placed_origin: Default::default(),
            placed_corner: Default::default(),
            placed_tile: Default::default(),
            shift: CornerShift::default(),
            data_valid: Default::default(),
            data_index: Default::default(),
            score_index: Default::default(),
            unvisited_found: Default::default(),
            best_found: Default::default(),
            best_index: Default::default(),
            best_score: Default::default(),
            wait_count: Default::default(),
            path_node: Default::default(),
            path_root_moved: Default::default(),
            depth: Default::default(),
            expanding: Default::default(),
            expand_next: Default::default(),
            expander_go: Default::default(),
            bank_finished: Default::default(),
            expander_finished: Default::default(),
            first_round: Default::default(),
            next_free: Default::default(),
            new_first: Default::default(),
            new_count: Default::default(),
            leaf_root_to_move: Default::default(),
            rounds_q: Default::default(),
            found_q: Default::default(),
            best_shape_q: Default::default(),
            best_corner_q: Default::default(),
            best_visits: Default::default(),
            best_tile_q: Default::default(),
            candidates_q: Default::default(),
            plies_q: Default::default(),
            done_q: Default::default(),
            chosen_address: Default::default(),
            at_leaf: Default::default(),
            record_visits: Default::default(),
            record_points: Default::default(),
            record_first: Default::default(),
            own_side: Default::default(),
            opp_side: Default::default(),
            record_count: Default::default(),
            record_shape: Default::default(),
            child_word: Default::default(),
            pass_word: Default::default(),
            backup_word: Default::default(),
            backup_first: Default::default(),
            backup_count: Default::default(),
            gained: Default::default(),
            top_node: Default::default(),
            top_root_moved: Default::default(),
            over_next: Default::default(),
            one_tile: Default::default(),
            bank_done_now: Default::default(),
            expander_done_now: Default::default(),
            room: Default::default(),
            ready: Default::default(),
            expired: Default::default(),
            pass_shape: Constant::new(PASS_SHAPE.into()),
            expand_after: Default::default(),
            engines: Constant::new((ENGINES as u64).into()),
            full_points: Constant::new((2 * ENGINES as u64).into()),
            room_limit: Constant::new(((NODES - CHILDREN) as u64).into()),
            max_depth: Constant::new((MAX_DEPTH as u64).into()),
            seed: Constant::new(u64::from(SEED).into()),
            p_idle: p(phase::IDLE),
            p_root: p(phase::ROOT),
            p_check: p(phase::CHECK),
            p_read: p(phase::READ),
            p_wait: p(phase::WAIT),
            p_pick: p(phase::PICK),
            p_apply: p(phase::APPLY),
            p_leaf: p(phase::LEAF),
            p_playout: p(phase::PLAYOUT),
            p_backup_read: p(phase::BACKUP_READ),
            p_backup_write: p(phase::BACKUP_WRITE),
            p_choose: p(phase::CHOOSE),
            p_fetch: p(phase::FETCH),
            p_backup_wait: p(phase::BACKUP_WAIT),
            p_place: p(phase::PLACE),
        }
    }
}

impl Default for BoardTree {
    fn default() -> BoardTree {
        BoardTree::new()
    }
}

impl Logic for BoardTree {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            phase,
            timer,
            pending,
            timed_out_q,
            own_r,
            opp_r,
            square_r,
            opp_square_r,
            tiles_r,
            opp_tiles_r,
            passes_r,
            root_count,
            root_visits,
            own_w,
            opp_w,
            square_w,
            opp_square_w,
            tiles_w,
            opp_tiles_w,
            passes_w,
            root_to_move,
            level_first,
            level_count,
            parent_visits,
            read_index,
            fetched_valid,
            fetched_index,
            word,
            placed_origin,
            placed_corner,
            placed_tile,
            data_valid,
            data_index,
            score_index,
            unvisited_found,
            best_found,
            best_index,
            best_score,
            wait_count,
            depth,
            expanding,
            expand_next,
            expander_go,
            bank_finished,
            expander_finished,
            first_round,
            next_free,
            new_first,
            new_count,
            leaf_root_to_move,
            rounds_q,
            found_q,
            best_shape_q,
            best_corner_q,
            best_visits,
            best_tile_q,
            candidates_q,
            plies_q,
            done_q,
            chosen_address,
            at_leaf
        );
        for j in 0..32 {
            self.path_node[j].clock.next = self.clock.val();
            self.path_root_moved[j].clock.next = self.clock.val();
            self.path_node[j].d.next = self.path_node[j].q.val();
            self.path_root_moved[j].d.next = self.path_root_moved[j].q.val();
        }
        self.memory.read_clock.next = self.clock.val();
        self.memory.write_clock.next = self.clock.val();
        self.memory.read_address.next = 0.into();
        self.memory.write_enable.next = false;
        self.memory.write_address.next = self.next_free.q.val().get_bits::<ADDRESS_BITS>(0);

        // A node's word as read, registered: a read's word is in `word` two
        // cycles after its address.
        self.word.d.next = self.memory.read_data.val();
        self.fetched_valid.d.next = false;
        self.data_valid.d.next = self.fetched_valid.q.val();
        self.data_index.d.next = self.fetched_index.q.val();
        self.record_shape.next = self.word.q.val().get_bits::<7>(0);
        self.record_visits.next = self.word.q.val().get_bits::<VISIT_BITS>(15);
        self.record_points.next = self.word.q.val().get_bits::<POINT_BITS>(39);
        self.record_first.next = self.word.q.val().get_bits::<ADDRESS_BITS>(64);
        self.record_count.next = self.word.q.val().get_bits::<5>(79);
        self.child_word.next = bit_cast::<NODE_BITS, 7>(self.expander.child_shape.val())
            | (bit_cast::<NODE_BITS, 8>(self.expander.child_corner.val()) << 7);
        self.memory.write_data.next = self.child_word.val();
        self.pass_word.next = bit_cast::<NODE_BITS, 7>(self.pass_shape.val());

        // The expander: the walk's position (the root's, loaded by `start`),
        // started from its register.
        self.own_side.next.cells = self.own_w.q.val();
        self.own_side.next.start_square = self.square_w.q.val();
        self.own_side.next.tiles = self.tiles_w.q.val();
        self.opp_side.next.cells = self.opp_w.q.val();
        self.opp_side.next.start_square = self.opp_square_w.q.val();
        self.opp_side.next.tiles = self.opp_tiles_w.q.val();
        self.expander.clock.next = self.clock.val();
        self.expander.start.next = self.expander_go.q.val() & !self.cancel.val();
        self.expander_go.d.next = false;
        self.expander.own.next = self.own_side.val();
        self.expander.opponent.next = self.opp_side.val();
        // The bank: the walk's position.
        self.bank.clock.next = self.clock.val();
        self.bank.start.next = false;
        self.bank.reseed.next = self.first_round.q.val();
        self.bank.seed.next = self.seed.val();
        self.bank.own.next = self.own_side.val();
        self.bank.opponent.next = self.opp_side.val();
        self.bank.passes.next = self.passes_w.q.val();
        // The score pipeline: the children as they are read.
        self.scorer.clock.next = self.clock.val();
        self.scorer.valid_in.next = self.data_valid.q.val();
        self.scorer.points.next = self.record_points.val();
        self.scorer.visits.next = self.record_visits.val();
        self.scorer.parent.next = self.parent_visits.q.val();
        // The placer: the word read (a register).
        self.placer.shape.next = self.word.q.val().get_bits::<7>(0);
        self.placer.corner.next = 0.into();
        self.placed_origin.d.next = self.placer.cells.val();
        self.placed_corner.d.next = self.word.q.val().get_bits::<8>(7);
        self.placed_tile.d.next = self.placer.tile.val();
        self.shift.origin.next = self.placed_origin.q.val();
        self.shift.corner.next = self.placed_corner.q.val();

        self.over_next.next = ((self.record_shape.val() == self.pass_shape.val())
            & (self.passes_w.q.val() == 1))
            | !self.opp_tiles_w.q.val().any()
            | !(self.tiles_w.q.val() & !(bit_cast::<21, 1>(1.into()) << self.placed_tile.q.val()))
                .any();
        self.one_tile.next =
            self.tiles_r.q.val().any() & !(self.tiles_r.q.val() & (self.tiles_r.q.val() - 1)).any();
        self.room.next = self.next_free.q.val() <= self.room_limit.val();
        self.ready.next = !self.expander.busy.val() & !self.bank.busy.val();
        self.expired.next = self.timer.q.val() >= self.watchdog.val();

        // The path's top: the node BACKUP is at.
        self.top_node.next = self.path_node[0].q.val();
        self.top_root_moved.next = self.path_root_moved[0].q.val();
        self.gained.next =
            self.full_points.val() - bit_cast::<POINT_BITS, 8>(self.bank.points.val());
        if self.top_root_moved.val() == self.leaf_root_to_move.q.val() {
            self.gained.next = bit_cast::<POINT_BITS, 8>(self.bank.points.val());
        }
        self.backup_first.next = self.record_first.val();
        self.backup_count.next = self.record_count.val();
        if self.at_leaf.q.val() & self.expanding.q.val() {
            self.backup_first.next = self.new_first.q.val();
            self.backup_count.next = self.new_count.q.val();
        }
        self.backup_word.next = bit_cast::<NODE_BITS, 15>(self.word.q.val().get_bits::<15>(0))
            | (bit_cast::<NODE_BITS, VISIT_BITS>(self.record_visits.val() + self.engines.val())
                << 15)
            | (bit_cast::<NODE_BITS, POINT_BITS>(self.record_points.val() + self.gained.val())
                << 39)
            | (bit_cast::<NODE_BITS, ADDRESS_BITS>(self.backup_first.val()) << 64)
            | (bit_cast::<NODE_BITS, 5>(self.backup_count.val()) << 79);
        self.bank_done_now.next = self.bank_finished.q.val() | self.bank.done.val();
        self.expander_done_now.next =
            !self.expanding.q.val() | self.expander_finished.q.val() | self.expander.done.val();

        // The descent's data: a child read two cycles ago.
        if self.data_valid.q.val()
            & (self.phase.q.val() != self.p_choose.val())
            & !self.record_visits.val().any()
            & !self.unvisited_found.q.val()
        {
            self.unvisited_found.d.next = true;
            self.best_index.d.next = self.data_index.q.val();
        }
        if self.scorer.valid_out.val() {
            self.score_index.d.next = self.score_index.q.val() + 1;
            if !self.unvisited_found.q.val()
                & !(self.data_valid.q.val() & !self.record_visits.val().any())
                & (!self.best_found.q.val() | (self.scorer.score.val() > self.best_score.q.val()))
            {
                self.best_found.d.next = true;
                self.best_score.d.next = self.scorer.score.val();
                self.best_index.d.next = self.score_index.q.val();
            }
        }

        // The machine.
        self.done_q.d.next = false;
        self.timer.d.next = self.timer.q.val() + 1;
        if self.phase.q.val() == self.p_idle.val() {
            if (self.start.val() | self.pending.q.val()) & !self.ready.val() {
                self.pending.d.next = true;
            }
            if (self.start.val() | self.pending.q.val()) & self.ready.val() {
                self.pending.d.next = false;
                self.timed_out_q.d.next = false;
                self.own_r.d.next = self.own.val();
                self.opp_r.d.next = self.opponent.val();
                self.square_r.d.next = self.start_square.val();
                self.opp_square_r.d.next = self.opponent_start_square.val();
                self.tiles_r.d.next = self.tiles_left.val();
                self.opp_tiles_r.d.next = self.opponent_tiles_left.val();
                self.passes_r.d.next = self.passes.val();
                self.own_w.d.next = self.own.val();
                self.opp_w.d.next = self.opponent.val();
                self.square_w.d.next = self.start_square.val();
                self.opp_square_w.d.next = self.opponent_start_square.val();
                self.tiles_w.d.next = self.tiles_left.val();
                self.expander_go.d.next = true;
                self.next_free.d.next = 0.into();
                self.root_count.d.next = 0.into();
                self.root_visits.d.next = 0.into();
                self.rounds_q.d.next = 0.into();
                self.plies_q.d.next = 0.into();
                self.first_round.d.next = true;
                self.found_q.d.next = false;
                self.timer.d.next = 2.into();
                self.phase.d.next = self.p_root.val();
            }
        } else if self.phase.q.val() == self.p_root.val() {
            if self.expander.child.val() {
                self.memory.write_enable.next = true;
                self.next_free.d.next = self.next_free.q.val() + 1;
                self.root_count.d.next = self.root_count.q.val() + 1;
            }
            if self.expander.done.val() {
                self.candidates_q.d.next = self.expander.candidates.val();
                if !self.expander.found.val() {
                    self.done_q.d.next = true;
                    self.phase.d.next = self.p_idle.val();
                } else if (self.root_count.q.val() == 1) | self.one_tile.val() {
                    self.found_q.d.next = true;
                    self.best_shape_q.d.next = self.expander.best_shape.val();
                    self.best_corner_q.d.next = self.expander.best_corner.val();
                    self.best_tile_q.d.next = self.expander.best_tile.val();
                    self.done_q.d.next = true;
                    self.phase.d.next = self.p_idle.val();
                } else {
                    self.phase.d.next = self.p_check.val();
                }
            }
        } else if self.phase.q.val() == self.p_check.val() {
            self.read_index.d.next = 0.into();
            self.unvisited_found.d.next = false;
            self.best_found.d.next = false;
            self.score_index.d.next = 0.into();
            if self.timer.q.val() >= self.rounds_until.val() {
                self.phase.d.next = self.p_choose.val();
            } else {
                self.own_w.d.next = self.own_r.q.val();
                self.opp_w.d.next = self.opp_r.q.val();
                self.square_w.d.next = self.square_r.q.val();
                self.opp_square_w.d.next = self.opp_square_r.q.val();
                self.tiles_w.d.next = self.tiles_r.q.val();
                self.opp_tiles_w.d.next = self.opp_tiles_r.q.val();
                self.passes_w.d.next = self.passes_r.q.val();
                self.root_to_move.d.next = true;
                self.level_first.d.next = 0.into();
                self.level_count.d.next = self.root_count.q.val();
                self.parent_visits.d.next = self.root_visits.q.val();
                self.depth.d.next = 0.into();
                self.phase.d.next = self.p_read.val();
            }
        } else if self.phase.q.val() == self.p_read.val() {
            self.memory.read_address.next =
                self.level_first.q.val() + bit_cast::<ADDRESS_BITS, 5>(self.read_index.q.val());
            self.fetched_valid.d.next = true;
            self.fetched_index.d.next = self.read_index.q.val();
            self.read_index.d.next = self.read_index.q.val() + 1;
            if self.read_index.q.val() == self.level_count.q.val() - 1 {
                self.wait_count.d.next = 0.into();
                self.phase.d.next = self.p_wait.val();
            }
        } else if self.phase.q.val() == self.p_wait.val() {
            self.wait_count.d.next = self.wait_count.q.val() + 1;
            if self.wait_count.q.val() == 5 {
                self.phase.d.next = self.p_pick.val();
            }
        } else if self.phase.q.val() == self.p_pick.val() {
            self.chosen_address.d.next =
                self.level_first.q.val() + bit_cast::<ADDRESS_BITS, 5>(self.best_index.q.val());
            self.memory.read_address.next =
                self.level_first.q.val() + bit_cast::<ADDRESS_BITS, 5>(self.best_index.q.val());
            self.phase.d.next = self.p_fetch.val();
        } else if self.phase.q.val() == self.p_fetch.val() {
            // The chosen word stays at the memory's output until APPLY.
            self.memory.read_address.next = self.chosen_address.q.val();
            self.phase.d.next = self.p_place.val();
        } else if self.phase.q.val() == self.p_place.val() {
            self.memory.read_address.next = self.chosen_address.q.val();
            self.phase.d.next = self.p_apply.val();
        } else if self.phase.q.val() == self.p_apply.val() {
            // Push the chosen child on the path.
            for j in 0..31 {
                self.path_node[j + 1].d.next = self.path_node[j].q.val();
                self.path_root_moved[j + 1].d.next = self.path_root_moved[j].q.val();
            }
            self.path_node[0].d.next = self.chosen_address.q.val();
            self.path_root_moved[0].d.next = self.root_to_move.q.val();
            self.depth.d.next = self.depth.q.val() + 1;
            self.own_w.d.next = self.opp_w.q.val();
            self.opp_w.d.next = self.own_w.q.val() | self.shift.cells.val();
            self.square_w.d.next = self.opp_square_w.q.val();
            self.opp_square_w.d.next = self.square_w.q.val();
            self.tiles_w.d.next = self.opp_tiles_w.q.val();
            self.opp_tiles_w.d.next =
                self.tiles_w.q.val() & !(bit_cast::<21, 1>(1.into()) << self.placed_tile.q.val());
            self.passes_w.d.next = 0.into();
            if self.record_shape.val() == self.pass_shape.val() {
                self.passes_w.d.next = self.passes_w.q.val() + 1;
            }
            self.root_to_move.d.next = !self.root_to_move.q.val();
            self.parent_visits.d.next = self.record_visits.val();
            self.level_first.d.next = self.record_first.val();
            self.level_count.d.next = self.record_count.val();
            self.read_index.d.next = 0.into();
            self.unvisited_found.d.next = false;
            self.best_found.d.next = false;
            self.score_index.d.next = 0.into();
            self.expand_next.d.next = (self.record_visits.val() >= self.expand_after.val())
                & (self.record_count.val() == 0)
                & !self.over_next.val()
                & self.room.val();
            if (self.record_count.val() == 0) | (self.depth.q.val() + 1 == self.max_depth.val()) {
                self.phase.d.next = self.p_leaf.val();
            } else {
                self.phase.d.next = self.p_read.val();
            }
        } else if self.phase.q.val() == self.p_leaf.val() {
            self.bank.start.next = true;
            self.first_round.d.next = false;
            self.expanding.d.next = false;
            if self.expand_next.q.val() {
                self.expander_go.d.next = true;
                self.expanding.d.next = true;
            }
            self.bank_finished.d.next = false;
            self.expander_finished.d.next = false;
            self.new_first.d.next = self.next_free.q.val().get_bits::<ADDRESS_BITS>(0);
            self.new_count.d.next = 0.into();
            self.leaf_root_to_move.d.next = self.root_to_move.q.val();
            self.phase.d.next = self.p_playout.val();
        } else if self.phase.q.val() == self.p_playout.val() {
            if self.expanding.q.val() & self.expander.child.val() {
                self.memory.write_enable.next = true;
                self.next_free.d.next = self.next_free.q.val() + 1;
                self.new_count.d.next = self.new_count.q.val() + 1;
            }
            if self.expanding.q.val() & self.expander.done.val() & (self.new_count.q.val() == 0) {
                // No candidate: a pass child.
                self.memory.write_enable.next = true;
                self.memory.write_data.next = self.pass_word.val();
                self.next_free.d.next = self.next_free.q.val() + 1;
                self.new_count.d.next = 1.into();
            }
            if self.bank.done.val() {
                self.bank_finished.d.next = true;
            }
            if self.expander.done.val() {
                self.expander_finished.d.next = true;
            }
            if self.bank.done.val() {
                self.plies_q.d.next =
                    self.plies_q.q.val() + bit_cast::<32, 16>(self.bank.plies.val());
            }
            if self.bank_done_now.val() & self.expander_done_now.val() {
                self.at_leaf.d.next = true;
                self.phase.d.next = self.p_backup_read.val();
            }
            if self.expired.val() {
                // The watchdog: choose now, from the root's counts as they stand.
                self.timed_out_q.d.next = true;
                self.read_index.d.next = 0.into();
                self.best_found.d.next = false;
                self.phase.d.next = self.p_choose.val();
            }
        } else if self.phase.q.val() == self.p_backup_read.val() {
            self.memory.read_address.next = self.top_node.val();
            self.phase.d.next = self.p_backup_wait.val();
        } else if self.phase.q.val() == self.p_backup_wait.val() {
            self.phase.d.next = self.p_backup_write.val();
        } else if self.phase.q.val() == self.p_backup_write.val() {
            // Pop the path.
            for j in 0..31 {
                self.path_node[j].d.next = self.path_node[j + 1].q.val();
                self.path_root_moved[j].d.next = self.path_root_moved[j + 1].q.val();
            }
            self.memory.write_enable.next = true;
            self.memory.write_address.next = self.top_node.val();
            self.memory.write_data.next = self.backup_word.val();
            self.at_leaf.d.next = false;
            self.depth.d.next = self.depth.q.val() - 1;
            if self.depth.q.val() == 1 {
                self.root_visits.d.next = self.root_visits.q.val() + self.engines.val();
                self.rounds_q.d.next = self.rounds_q.q.val() + 1;
                self.phase.d.next = self.p_check.val();
            } else {
                self.phase.d.next = self.p_backup_read.val();
            }
        } else {
            // CHOOSE: the root's children read one a cycle; the most visited.
            if self.read_index.q.val() < self.root_count.q.val() {
                self.memory.read_address.next =
                    bit_cast::<ADDRESS_BITS, 5>(self.read_index.q.val());
                self.fetched_valid.d.next = true;
                self.fetched_index.d.next = self.read_index.q.val();
                self.read_index.d.next = self.read_index.q.val() + 1;
            }
            if self.data_valid.q.val() {
                if !self.best_found.q.val() | (self.record_visits.val() > self.best_visits.q.val())
                {
                    self.best_found.d.next = true;
                    self.best_visits.d.next = self.record_visits.val();
                    self.best_shape_q.d.next = self.record_shape.val();
                    self.best_corner_q.d.next = self.word.q.val().get_bits::<8>(7);
                    self.best_tile_q.d.next = self.placer.tile.val();
                }
                if self.data_index.q.val() == self.root_count.q.val() - 1 {
                    self.found_q.d.next = true;
                    self.done_q.d.next = true;
                    self.phase.d.next = self.p_idle.val();
                }
            }
        }
        if self.cancel.val() {
            self.expander_go.d.next = false;
            self.bank.start.next = false;
            self.pending.d.next = false;
            self.done_q.d.next = false;
            self.phase.d.next = self.p_idle.val();
        }
        self.done.next = self.done_q.q.val();
        self.timed_out.next = self.timed_out_q.q.val();
        self.found.next = self.found_q.q.val();
        self.best_shape.next = self.best_shape_q.q.val();
        self.best_corner.next = self.best_corner_q.q.val();
        self.rounds.next = self.rounds_q.q.val();
        self.nodes.next = self.next_free.q.val();
        self.best_tile.next = self.best_tile_q.q.val();
        self.candidates.next = self.candidates_q.q.val();
        self.plies.next = self.plies_q.q.val();
        self.busy.next =
            (self.phase.q.val() != self.p_idle.val()) | self.pending.q.val() | !self.ready.val();
    }
}
