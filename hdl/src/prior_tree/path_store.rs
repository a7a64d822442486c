//! The paths of the leaves the tree unit has descended to, as registers:
//! two stores, each a node's address and selection fields at every depth,
//! its length and how deep it shares the path that was in the bank's hands
//! when it was descended. A descent writes the store that is not the
//! bank's; the bank's run then holds its store until that run's backup.
//!
//! The backup of a run writes the selection fields of each node from its
//! store, and those of a node in the SDRAM are not read again, so a backup
//! also brings the other store's copy of every node it shares up to date
//! (`snoop`): the other store's path was descended while this run was in
//! the bank's hands, before this backup, and shares exactly its first
//! `shared` nodes with it.

use super::word::{ADDRESS, SELECTION};
use model::prior_tree::search::MAX_DEPTH;
use rust_hdl::prelude::*;

/// Width of a depth, 0 to `MAX_DEPTH` (a path's length).
pub const DEPTH: usize = 6;
const _: () = assert!(MAX_DEPTH == 32 && MAX_DEPTH < 1 << DEPTH);

/// The two stores.
#[derive(LogicBlock, Default)]
pub struct PathStores {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Write a node of a path: store `push_store`'s entry `push_depth`.
    pub push: Signal<In, Bit>,
    /// Which store.
    pub push_store: Signal<In, Bit>,
    /// The node's depth (0: a root child).
    pub push_depth: Signal<In, Bits<5>>,
    /// Its address.
    pub push_address: Signal<In, Bits<ADDRESS>>,
    /// Its selection fields.
    pub push_selection: Signal<In, Bits<SELECTION>>,
    /// A path is complete: store `push_store`'s length and shared depth.
    pub finish: Signal<In, Bit>,
    /// Its length.
    pub finish_length: Signal<In, Bits<DEPTH>>,
    /// How many of its first nodes are the path in the bank's hands.
    pub finish_shared: Signal<In, Bits<DEPTH>>,
    /// A backup wrote a node: bring store `snoop_store`'s copy up to date
    /// if it shares it.
    pub snoop: Signal<In, Bit>,
    /// Which store.
    pub snoop_store: Signal<In, Bit>,
    /// The node's depth.
    pub snoop_depth: Signal<In, Bits<5>>,
    /// Its selection fields as written.
    pub snoop_selection: Signal<In, Bits<SELECTION>>,
    /// The store the backup reads.
    pub read_store: Signal<In, Bit>,
    /// The depth it reads.
    pub read_depth: Signal<In, Bits<5>>,
    /// The node's address there.
    pub read_address: Signal<Out, Bits<ADDRESS>>,
    /// Its selection fields.
    pub read_selection: Signal<Out, Bits<SELECTION>>,
    /// The store's length.
    pub read_length: Signal<Out, Bits<DEPTH>>,
    /// The store of the path in the bank's hands.
    pub flying_store: Signal<In, Bit>,
    /// The depth a descent compares at.
    pub flying_depth: Signal<In, Bits<5>>,
    /// The node's address there.
    pub flying_address: Signal<Out, Bits<ADDRESS>>,
    /// The path's length.
    pub flying_length: Signal<Out, Bits<DEPTH>>,
    addresses_0: [DFF<Bits<ADDRESS>>; MAX_DEPTH],
    addresses_1: [DFF<Bits<ADDRESS>>; MAX_DEPTH],
    selections_0: [DFF<Bits<SELECTION>>; MAX_DEPTH],
    selections_1: [DFF<Bits<SELECTION>>; MAX_DEPTH],
    lengths: [DFF<Bits<DEPTH>>; 2],
    shared: [DFF<Bits<DEPTH>>; 2],
    /// The snoop's depth is within its store's shared nodes.
    shares: Signal<Local, Bit>,
    snoop_wide: Signal<Local, Bits<DEPTH>>,
}

impl Logic for PathStores {
    #[hdl_gen]
    fn update(&mut self) {
        for d in 0..MAX_DEPTH {
            self.addresses_0[d].clock.next = self.clock.val();
            self.addresses_1[d].clock.next = self.clock.val();
            self.selections_0[d].clock.next = self.clock.val();
            self.selections_1[d].clock.next = self.clock.val();
            self.addresses_0[d].d.next = self.addresses_0[d].q.val();
            self.addresses_1[d].d.next = self.addresses_1[d].q.val();
            self.selections_0[d].d.next = self.selections_0[d].q.val();
            self.selections_1[d].d.next = self.selections_1[d].q.val();
        }
        for s in 0..2 {
            self.lengths[s].clock.next = self.clock.val();
            self.shared[s].clock.next = self.clock.val();
            self.lengths[s].d.next = self.lengths[s].q.val();
            self.shared[s].d.next = self.shared[s].q.val();
        }
        self.snoop_wide.next = bit_cast::<DEPTH, 5>(self.snoop_depth.val());
        self.shares.next = self.snoop_wide.val() < self.shared[0].q.val();
        if self.snoop_store.val() {
            self.shares.next = self.snoop_wide.val() < self.shared[1].q.val();
        }
        for d in 0..MAX_DEPTH {
            if self.push.val() & (self.push_depth.val().index() == d) {
                if self.push_store.val() {
                    self.addresses_1[d].d.next = self.push_address.val();
                    self.selections_1[d].d.next = self.push_selection.val();
                } else {
                    self.addresses_0[d].d.next = self.push_address.val();
                    self.selections_0[d].d.next = self.push_selection.val();
                }
            }
            if self.snoop.val() & self.shares.val() & (self.snoop_depth.val().index() == d) {
                if self.snoop_store.val() {
                    self.selections_1[d].d.next = self.snoop_selection.val();
                } else {
                    self.selections_0[d].d.next = self.snoop_selection.val();
                }
            }
        }
        if self.finish.val() {
            if self.push_store.val() {
                self.lengths[1].d.next = self.finish_length.val();
                self.shared[1].d.next = self.finish_shared.val();
            } else {
                self.lengths[0].d.next = self.finish_length.val();
                self.shared[0].d.next = self.finish_shared.val();
            }
        }
        self.read_address.next = 0.into();
        self.read_selection.next = 0.into();
        self.flying_address.next = 0.into();
        for d in 0..MAX_DEPTH {
            if self.read_depth.val().index() == d {
                self.read_address.next = self.addresses_0[d].q.val();
                self.read_selection.next = self.selections_0[d].q.val();
                if self.read_store.val() {
                    self.read_address.next = self.addresses_1[d].q.val();
                    self.read_selection.next = self.selections_1[d].q.val();
                }
            }
            if self.flying_depth.val().index() == d {
                self.flying_address.next = self.addresses_0[d].q.val();
                if self.flying_store.val() {
                    self.flying_address.next = self.addresses_1[d].q.val();
                }
            }
        }
        self.read_length.next = self.lengths[0].q.val();
        if self.read_store.val() {
            self.read_length.next = self.lengths[1].q.val();
        }
        self.flying_length.next = self.lengths[0].q.val();
        if self.flying_store.val() {
            self.flying_length.next = self.lengths[1].q.val();
        }
    }
}
