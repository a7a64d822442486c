//! The tree unit's SDRAM port shared by its jobs: the request presented by
//! whichever presents one (the search's `sync` at its start, a descent's
//! reads and the parent write it owes, a backup's writes, a link's), at most
//! one at a time, and the words of its writes given beat by beat
//! ([`WriteBeats`]) from the request's word or the link's buffer.

use super::word::SELECTION;
use super::write_beats::{Beats, WriteBeats, LINK_ENTRY};
use crate::sdram::SdramRequest;
use rust_hdl::prelude::*;

/// The port.
#[derive(LogicBlock, Default)]
pub struct SdramClients {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The search's `sync` is presented.
    pub sync: Signal<In, Bit>,
    /// The descent's request.
    pub descent_valid: Signal<In, Bit>,
    /// It.
    pub descent_request: Signal<In, SdramRequest>,
    /// Its write's word.
    pub descent_word: Signal<In, Bits<SELECTION>>,
    /// The backup's request.
    pub backup_valid: Signal<In, Bit>,
    /// It.
    pub backup_request: Signal<In, SdramRequest>,
    /// Its write's word.
    pub backup_word: Signal<In, Bits<SELECTION>>,
    /// The link's request.
    pub link_valid: Signal<In, Bit>,
    /// It.
    pub link_request: Signal<In, SdramRequest>,
    /// Its write's word.
    pub link_word: Signal<In, Bits<SELECTION>>,
    /// Where its beats come from.
    pub link_beats: Signal<In, Beats>,
    /// The link buffer's entry read by the beats.
    pub buffer_index: Signal<Out, Bits<5>>,
    /// The entry, a cycle after.
    pub buffer_entry: Signal<In, Bits<LINK_ENTRY>>,
    /// To the controller: a request.
    pub valid: Signal<Out, Bit>,
    /// The request.
    pub request: Signal<Out, SdramRequest>,
    /// An access presented now is taken (the controller's `ready`).
    pub ready: Signal<In, Bit>,
    /// A sync presented now is taken (the controller's `sync_ready`).
    pub sync_ready: Signal<In, Bit>,
    /// The controller asks for a write's next word.
    pub write_strobe: Signal<In, Bit>,
    /// The word.
    pub write_data: Signal<Out, Bits<16>>,
    /// In the last cycle the controller would have taken a sync: no access
    /// under way (`WriteBeats::free`).
    pub free: Signal<Out, Bit>,
    writer: WriteBeats,
}

impl Logic for SdramClients {
    #[hdl_gen]
    fn update(&mut self) {
        self.writer.clock.next = self.clock.val();
        // With no request the port shows a sync, so that `ready` says
        // whether one would be taken.
        self.valid.next = self.sync.val();
        self.request.next.write = false;
        self.request.next.sync = true;
        self.request.next.address = 0.into();
        self.request.next.last_beat = 0.into();
        self.writer.beats.next = Beats::Word;
        self.writer.word.next = self.descent_word.val();
        if self.descent_valid.val() {
            self.valid.next = true;
            self.request.next = self.descent_request.val();
        } else if self.backup_valid.val() {
            self.valid.next = true;
            self.request.next = self.backup_request.val();
            self.writer.word.next = self.backup_word.val();
        } else if self.link_valid.val() {
            self.valid.next = true;
            self.request.next = self.link_request.val();
            self.writer.word.next = self.link_word.val();
            self.writer.beats.next = self.link_beats.val();
        }
        self.writer.write.next = self.valid.val() & self.request.val().write;
        self.writer.sync.next = self.request.val().sync;
        // Taken: the controller's ready for what the port presents.
        self.writer.ready.next = self.ready.val();
        if self.request.val().sync {
            self.writer.ready.next = self.sync_ready.val();
        }
        self.writer.strobe.next = self.write_strobe.val();
        self.buffer_index.next = self.writer.buffer_index.val();
        self.writer.buffer_entry.next = self.buffer_entry.val();
        self.write_data.next = self.writer.write_data.val();
        self.free.next = self.writer.free.val();
    }
}
