//! The tree unit's sequencing: the search's start (the walk loaded, the
//! SDRAM's `sync`, the history placed, the root expanded and linked, or
//! the move forced), then a job each dispatch cycle in
//! `model::prior_tree::search`'s order (a backup of the bank's finished
//! run, else the choice when the rounds are over or the watchdog fires,
//! else the link of an expansion whose children are in, else a descent
//! when no leaf waits for the bank), the root's registers, the blocks
//! handed out and the search's outputs.
//!
//! `start` is taken in cycle 0 (the cycle counter is 1 in cycle 1); the
//! expander's start on the root is high in cycle 3 (taken at edge
//! `ROOT_EXPANDER`); a forced move is out two cycles after the expander's
//! `done`, the most visited root child `CHOOSE_DRAIN` after the choice's
//! last read. A `start` while the units finish a cancelled search's work
//! waits for them: it is taken in a cycle after one in which none was at
//! work (`working` registered, so that the units' busy flags from across
//! the chip and the walk's load of the root do not share a cycle), and
//! `busy` stays high until then, so that a start while `busy` is low is
//! taken at once.

use super::backup::RESULTS;
use super::earned::BLOCK_COUNT;
use super::expander_port::{CANDIDATE_BITS, COUNT_BITS};
use super::path_store::DEPTH;
use super::value_base::ROOT_RESULTS;
use crate::puct_score::PARENT_BITS;
use crate::search_budget::TIMER_BITS;
use model::playout_bank::ENGINES;
use rust_hdl::prelude::*;

/// The states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum State {
    /// No search.
    Idle,
    /// The history placed, the root expanded.
    Root,
    /// The root's children linked.
    RootLink,
    /// Choosing a job.
    Dispatch,
    /// A descent.
    Descend,
    /// A backup.
    Backup,
    /// A link.
    Link,
    /// The choice.
    Choose,
    /// A forced move: `done` next.
    Forced,
}

/// The sequencing.
#[derive(LogicBlock, Default)]
pub struct Dispatch {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Search (taken when idle and nothing else is at work).
    pub start: Signal<In, Bit>,
    /// Abandon the search.
    pub cancel: Signal<In, Bit>,
    /// A run still in the bank's hands at this cycle ends the search.
    pub watchdog: Signal<In, Bits<TIMER_BITS>>,
    /// Some unit still works for an abandoned search.
    pub working: Signal<In, Bit>,
    /// The bank: a finished run's results wait.
    pub finished: Signal<In, Bit>,
    /// A run is in its hands.
    pub in_flight: Signal<In, Bit>,
    /// A leaf waits for it.
    pub waiting: Signal<In, Bit>,
    /// The rounds are over.
    pub stopping: Signal<In, Bit>,
    /// The finished run's plies.
    pub run_plies: Signal<In, Bits<16>>,
    /// This dispatch cycle starts a leaf's expansion instead.
    pub expand_now: Signal<In, Bit>,
    /// An expansion's children are in.
    pub children_in: Signal<In, Bit>,
    /// The expander's `done` (the root's).
    pub expander_done: Signal<In, Bit>,
    /// It found a child.
    pub expander_found: Signal<In, Bit>,
    /// Its children.
    pub expander_children: Signal<In, Bits<COUNT_BITS>>,
    /// Its candidates.
    pub expander_candidates: Signal<In, Bits<CANDIDATE_BITS>>,
    /// Its first child's move (shape, and box corner at bit 7).
    pub first_child: Signal<In, Bits<15>>,
    /// The root's side to move has one tile left.
    pub one_tile: Signal<In, Bit>,
    /// The jobs' last cycles.
    pub descent_done: Signal<In, Bit>,
    /// The leaf's depth.
    pub leaf_depth: Signal<In, Bits<DEPTH>>,
    /// A descent opened a root child.
    pub open_root: Signal<In, Bit>,
    /// The backup's last cycle.
    pub backup_done: Signal<In, Bit>,
    /// Its results for the root's side.
    pub backup_results: Signal<In, Bits<RESULTS>>,
    /// The link's last cycle.
    pub link_done: Signal<In, Bit>,
    /// The choice is known.
    pub choose_finishing: Signal<In, Bit>,
    /// Its move.
    pub choice: Signal<In, Bits<15>>,
    /// The search starts: the walk loads, the units clear, the SDRAM syncs.
    pub beginning: Signal<Out, Bit>,
    /// The expander's start on the root.
    pub root_expander: Signal<Out, Bit>,
    /// The jobs' starts.
    pub descent_start: Signal<Out, Bit>,
    /// A backup.
    pub backup_start: Signal<Out, Bit>,
    /// A link (`root_link`: the root's).
    pub link_start: Signal<Out, Bit>,
    /// The root's.
    pub root_link: Signal<Out, Bit>,
    /// The choice.
    pub choose_start: Signal<Out, Bit>,
    /// The job whose reads the node memory serves: a descent, a backup, a
    /// link, the choice.
    pub descending: Signal<Out, Bit>,
    /// A backup.
    pub backing_up: Signal<Out, Bit>,
    /// A link.
    pub linking: Signal<Out, Bit>,
    /// The choice.
    pub choosing: Signal<Out, Bit>,
    /// A dispatch cycle.
    pub dispatching: Signal<Out, Bit>,
    /// The cycle counter.
    pub timer: Signal<Out, Bits<TIMER_BITS>>,
    /// The root's registers.
    pub root_children: Signal<Out, Bits<COUNT_BITS>>,
    /// Its children ever chosen.
    pub root_opened: Signal<Out, Bits<5>>,
    /// Its visits.
    pub root_visits: Signal<Out, Bits<PARENT_BITS>>,
    /// Its side's results.
    pub root_results: Signal<Out, Bits<ROOT_RESULTS>>,
    /// Blocks handed out: the next free.
    pub blocks: Signal<Out, Bits<BLOCK_COUNT>>,
    /// The search's outputs: it is over (one cycle).
    pub done: Signal<Out, Bit>,
    /// A move.
    pub found: Signal<Out, Bit>,
    /// The move.
    pub best: Signal<Out, Bits<15>>,
    /// Forced.
    pub forced: Signal<Out, Bit>,
    /// The root's candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// Plies backed up.
    pub plies: Signal<Out, Bits<32>>,
    /// The deepest leaf.
    pub depth: Signal<Out, Bits<DEPTH>>,
    /// The watchdog fired.
    pub timed_out: Signal<Out, Bit>,
    /// Searching, or a start now would wait (a start while it is low is
    /// taken at once).
    pub busy: Signal<Out, Bit>,
    state: DFF<State>,
    pending: DFF<Bit>,
    /// Some unit was at work in the cycle before.
    working_q: DFF<Bit>,
    timer_q: DFF<Bits<TIMER_BITS>>,
    step: DFF<Bits<2>>,
    children_q: DFF<Bits<COUNT_BITS>>,
    opened_q: DFF<Bits<5>>,
    visits_q: DFF<Bits<PARENT_BITS>>,
    results_q: DFF<Bits<ROOT_RESULTS>>,
    blocks_q: DFF<Bits<BLOCK_COUNT>>,
    done_q: DFF<Bit>,
    found_q: DFF<Bit>,
    best_q: DFF<Bits<15>>,
    forced_q: DFF<Bit>,
    candidates_q: DFF<Bits<CANDIDATE_BITS>>,
    plies_q: DFF<Bits<32>>,
    depth_q: DFF<Bits<DEPTH>>,
    timed_out_q: DFF<Bit>,
    begin_now: Signal<Local, Bit>,
}

// `update` adds the engines' visits to the root's as a literal.
const _: () = assert!(ENGINES == 3);

impl Logic for Dispatch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            pending,
            working_q,
            timer_q,
            step,
            children_q,
            opened_q,
            visits_q,
            results_q,
            blocks_q,
            done_q,
            found_q,
            best_q,
            forced_q,
            candidates_q,
            plies_q,
            depth_q,
            timed_out_q
        );
        self.timer_q.d.next = self.timer_q.q.val() + 1;
        self.working_q.d.next = self.working.val();
        // The cycles since the start, up to 3: the expander's start on the
        // root once, in cycle 3.
        if self.step.q.val() != 3 {
            self.step.d.next = self.step.q.val() + 1;
        }
        self.done_q.d.next = false;
        self.begin_now.next = false;
        self.root_expander.next = false;
        self.descent_start.next = false;
        self.backup_start.next = false;
        self.link_start.next = false;
        self.root_link.next = false;
        self.choose_start.next = false;
        if self.open_root.val() {
            self.opened_q.d.next = self.opened_q.q.val() + 1;
        }
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() | self.pending.q.val() {
                    self.pending.d.next = true;
                    if !self.working_q.q.val() {
                        self.begin_now.next = true;
                        self.pending.d.next = false;
                        self.timer_q.d.next = 1.into();
                        self.step.d.next = 0.into();
                        self.children_q.d.next = 0.into();
                        self.opened_q.d.next = 0.into();
                        self.visits_q.d.next = 0.into();
                        self.results_q.d.next = 0.into();
                        self.blocks_q.d.next = 0.into();
                        self.found_q.d.next = false;
                        self.forced_q.d.next = false;
                        self.plies_q.d.next = 0.into();
                        self.depth_q.d.next = 0.into();
                        self.timed_out_q.d.next = false;
                        self.state.d.next = State::Root;
                    }
                }
            }
            State::Root => {
                self.root_expander.next = self.step.q.val() == 2;
                if self.expander_done.val() {
                    self.candidates_q.d.next = self.expander_candidates.val();
                    self.children_q.d.next = self.expander_children.val();
                    if !self.expander_found.val()
                        | (self.expander_children.val() < 2)
                        | self.one_tile.val()
                    {
                        self.found_q.d.next = self.expander_found.val();
                        self.best_q.d.next = self.first_child.val();
                        self.forced_q.d.next = true;
                        self.state.d.next = State::Forced;
                    } else {
                        self.link_start.next = true;
                        self.root_link.next = true;
                        self.state.d.next = State::RootLink;
                    }
                }
            }
            State::RootLink => {
                if self.link_done.val() {
                    self.blocks_q.d.next = 1.into();
                    self.state.d.next = State::Dispatch;
                }
            }
            State::Dispatch => {
                if self.expand_now.val() {
                    // The cycle starts the leaf's expansion.
                } else if self.finished.val() {
                    self.backup_start.next = true;
                    self.state.d.next = State::Backup;
                } else if self.stopping.val() & !self.in_flight.val() {
                    self.choose_start.next = true;
                    self.state.d.next = State::Choose;
                } else if self.in_flight.val() & (self.timer_q.q.val() >= self.watchdog.val()) {
                    self.timed_out_q.d.next = true;
                    self.choose_start.next = true;
                    self.state.d.next = State::Choose;
                } else if self.children_in.val() {
                    self.link_start.next = true;
                    self.state.d.next = State::Link;
                } else if !self.waiting.val() & !self.stopping.val() {
                    self.descent_start.next = true;
                    self.state.d.next = State::Descend;
                }
            }
            State::Descend => {
                if self.descent_done.val() {
                    if self.leaf_depth.val() > self.depth_q.q.val() {
                        self.depth_q.d.next = self.leaf_depth.val();
                    }
                    self.state.d.next = State::Dispatch;
                }
            }
            State::Backup => {
                if self.backup_done.val() {
                    self.visits_q.d.next = self.visits_q.q.val() + 3;
                    self.results_q.d.next = self.results_q.q.val()
                        + bit_cast::<ROOT_RESULTS, RESULTS>(self.backup_results.val());
                    self.plies_q.d.next =
                        self.plies_q.q.val() + bit_cast::<32, 16>(self.run_plies.val());
                    self.state.d.next = State::Dispatch;
                }
            }
            State::Link => {
                if self.link_done.val() {
                    self.blocks_q.d.next = self.blocks_q.q.val() + 1;
                    self.state.d.next = State::Dispatch;
                }
            }
            State::Choose => {
                if self.choose_finishing.val() {
                    self.found_q.d.next = true;
                    self.best_q.d.next = self.choice.val();
                    self.done_q.d.next = true;
                    self.state.d.next = State::Idle;
                }
            }
            State::Forced => {
                self.done_q.d.next = true;
                self.state.d.next = State::Idle;
            }
        }
        if self.cancel.val() {
            self.pending.d.next = false;
            self.done_q.d.next = false;
            self.state.d.next = State::Idle;
        }
        self.beginning.next = self.begin_now.val();
        self.descending.next = self.state.q.val() == State::Descend;
        self.backing_up.next = self.state.q.val() == State::Backup;
        self.linking.next =
            (self.state.q.val() == State::Link) | (self.state.q.val() == State::RootLink);
        self.choosing.next = self.state.q.val() == State::Choose;
        self.dispatching.next = self.state.q.val() == State::Dispatch;
        self.timer.next = self.timer_q.q.val();
        self.root_children.next = self.children_q.q.val();
        self.root_opened.next = self.opened_q.q.val();
        self.root_visits.next = self.visits_q.q.val();
        self.root_results.next = self.results_q.q.val();
        self.blocks.next = self.blocks_q.q.val();
        self.done.next = self.done_q.q.val();
        self.found.next = self.found_q.q.val();
        self.best.next = self.best_q.q.val();
        self.forced.next = self.forced_q.q.val();
        self.candidates.next = self.candidates_q.q.val();
        self.plies.next = self.plies_q.q.val();
        self.depth.next = self.depth_q.q.val();
        self.timed_out.next = self.timed_out_q.q.val();
        self.busy.next =
            (self.state.q.val() != State::Idle) | self.pending.q.val() | self.working_q.q.val();
    }
}
