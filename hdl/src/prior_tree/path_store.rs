//! The paths of the leaves the tree unit has descended to: two stores,
//! each a node's address and selection fields at every depth (in
//! distributed RAM, [`LutRam`]: entry `store * 32 + depth`, the addresses
//! twice for their two reads), its length and how deep it shares the path
//! that was in the bank's hands when it was descended (registers). A descent writes the store that is not the
//! bank's; the bank's run then holds its store until that run's backup.
//!
//! The backup of a run writes the selection fields of each node from its
//! store, and those of a node in the SDRAM are not read again, so a backup
//! also brings the other store's copy of every node it shares up to date
//! (`snoop`): the other store's path was descended while this run was in
//! the bank's hands, before this backup, and shares exactly its first
//! `shared` nodes with it.

use super::word::{ADDRESS, SELECTION};
use crate::lut_ram::LutRam;
use model::prior_tree::search::MAX_DEPTH;
use rust_hdl::prelude::*;

/// Width of a depth, 0 to `MAX_DEPTH` (a path's length).
pub const DEPTH: usize = 6;
const _: () = assert!(MAX_DEPTH == 32 && MAX_DEPTH < 1 << DEPTH);

/// Width of an entry's place: a store and a depth.
const ENTRY: usize = 6;

/// The two stores. A descent writes its nodes (`push`) and a backup its
/// snoops, never in the same cycle: the tree unit does one job at a time.
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
    /// The addresses, for the backup's read and for the descent's.
    addresses_read: LutRam<Bits<ADDRESS>, ENTRY>,
    addresses_flying: LutRam<Bits<ADDRESS>, ENTRY>,
    selections: LutRam<Bits<SELECTION>, ENTRY>,
    lengths: [DFF<Bits<DEPTH>>; 2],
    shared: [DFF<Bits<DEPTH>>; 2],
    /// The snoop's depth is within its store's shared nodes.
    shares: Signal<Local, Bit>,
    snoop_wide: Signal<Local, Bits<DEPTH>>,
    /// The entries a descent writes and the backup reads.
    push_entry: Signal<Local, Bits<ENTRY>>,
    read_entry: Signal<Local, Bits<ENTRY>>,
}

impl Logic for PathStores {
    #[hdl_gen]
    fn update(&mut self) {
        self.addresses_read.clock.next = self.clock.val();
        self.addresses_flying.clock.next = self.clock.val();
        self.selections.clock.next = self.clock.val();
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
        // A descent's node: its address and selection fields.
        self.push_entry.next = (bit_cast::<ENTRY, 1>(self.push_store.val().into()) << 5)
            | bit_cast::<ENTRY, 5>(self.push_depth.val());
        self.addresses_read.write_enable.next = self.push.val();
        self.addresses_read.write_address.next = self.push_entry.val();
        self.addresses_read.write_data.next = self.push_address.val();
        self.addresses_flying.write_enable.next = self.push.val();
        self.addresses_flying.write_address.next = self.push_entry.val();
        self.addresses_flying.write_data.next = self.push_address.val();
        self.selections.write_enable.next = self.push.val();
        self.selections.write_address.next = self.push_entry.val();
        self.selections.write_data.next = self.push_selection.val();
        // A backup's snoop: the other store's copy of a node they share.
        if self.snoop.val() {
            self.selections.write_enable.next = self.shares.val();
            self.selections.write_address.next =
                (bit_cast::<ENTRY, 1>(self.snoop_store.val().into()) << 5)
                    | bit_cast::<ENTRY, 5>(self.snoop_depth.val());
            self.selections.write_data.next = self.snoop_selection.val();
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
        // The reads.
        self.read_entry.next = (bit_cast::<ENTRY, 1>(self.read_store.val().into()) << 5)
            | bit_cast::<ENTRY, 5>(self.read_depth.val());
        self.addresses_read.read_address.next = self.read_entry.val();
        self.selections.read_address.next = self.read_entry.val();
        self.read_address.next = self.addresses_read.read_data.val();
        self.read_selection.next = self.selections.read_data.val();
        self.addresses_flying.read_address.next =
            (bit_cast::<ENTRY, 1>(self.flying_store.val().into()) << 5)
                | bit_cast::<ENTRY, 5>(self.flying_depth.val());
        self.flying_address.next = self.addresses_flying.read_data.val();
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
