//! A level's choice: the children of a node scored by [`PuctScore`] (two a
//! cycle, or one), each child's index and word carried beside its score,
//! and the best kept: the highest score, the first of equals (the children
//! come in the order of their index, the even one of a pair first).
//! `clear` (in a level's first cycle) forgets the last level's best; the
//! best of the children given by cycle `c` is at the outputs from cycle
//! `c + SCORE_LATENCY + 1`.

use super::word::NodeWord;
use crate::puct_score::{PuctScore, ScoredChild, PARENT_BITS, SCORE_BITS, SCORE_LATENCY};
use rust_hdl::prelude::*;

/// The scorer and the best so far.
#[derive(LogicBlock)]
pub struct LevelChoice {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// A level starts: no best.
    pub clear: Signal<In, Bit>,
    /// The parent's visits (with its virtual visit), for the whole level.
    pub parent: Signal<In, Bits<PARENT_BITS>>,
    /// The even child of a pair (or the only one) is given.
    pub even: Signal<In, Bit>,
    /// The leaf in the bank's hands lies below it: a virtual loss.
    pub even_in_flight: Signal<In, Bit>,
    /// Its place in its block.
    pub even_index: Signal<In, Bits<5>>,
    /// Its word (the selection fields are scored).
    pub even_word: Signal<In, NodeWord>,
    /// The odd child of a pair is given.
    pub odd: Signal<In, Bit>,
    /// Its virtual loss.
    pub odd_in_flight: Signal<In, Bit>,
    /// Its place.
    pub odd_index: Signal<In, Bits<5>>,
    /// Its word.
    pub odd_word: Signal<In, NodeWord>,
    /// The best's index.
    pub index: Signal<Out, Bits<5>>,
    /// The best's word.
    pub word: Signal<Out, NodeWord>,
    scorer: PuctScore,
    even_indices: [DFF<Bits<5>>; SCORE_LATENCY],
    even_words: [DFF<NodeWord>; SCORE_LATENCY],
    odd_indices: [DFF<Bits<5>>; SCORE_LATENCY],
    odd_words: [DFF<NodeWord>; SCORE_LATENCY],
    found_q: DFF<Bit>,
    index_q: DFF<Bits<5>>,
    word_q: DFF<NodeWord>,
    score_q: DFF<Bits<SCORE_BITS>>,
    /// The best after the even child, before the odd.
    mid_found: Signal<Local, Bit>,
    mid_index: Signal<Local, Bits<5>>,
    mid_word: Signal<Local, NodeWord>,
    mid_score: Signal<Local, Bits<SCORE_BITS>>,
    even_child: Signal<Local, ScoredChild>,
    odd_child: Signal<Local, ScoredChild>,
}

impl LevelChoice {
    /// A choice with empty pipelines.
    pub fn new() -> LevelChoice {
        LevelChoice {
            clock: Default::default(),
            clear: Default::default(),
            parent: Default::default(),
            even: Default::default(),
            even_in_flight: Default::default(),
            even_index: Default::default(),
            even_word: Default::default(),
            odd: Default::default(),
            odd_in_flight: Default::default(),
            odd_index: Default::default(),
            odd_word: Default::default(),
            index: Default::default(),
            word: Default::default(),
            scorer: PuctScore::new(),
            even_indices: Default::default(),
            even_words: Default::default(),
            odd_indices: Default::default(),
            odd_words: Default::default(),
            found_q: Default::default(),
            index_q: Default::default(),
            word_q: Default::default(),
            score_q: Default::default(),
            mid_found: Default::default(),
            mid_index: Default::default(),
            mid_word: Default::default(),
            mid_score: Default::default(),
            even_child: Default::default(),
            odd_child: Default::default(),
        }
    }
}

impl Default for LevelChoice {
    fn default() -> LevelChoice {
        LevelChoice::new()
    }
}

impl Logic for LevelChoice {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, found_q, index_q, word_q, score_q);
        for i in 0..SCORE_LATENCY {
            self.even_indices[i].clock.next = self.clock.val();
            self.even_words[i].clock.next = self.clock.val();
            self.odd_indices[i].clock.next = self.clock.val();
            self.odd_words[i].clock.next = self.clock.val();
        }
        // The scorer, and each child's index and word carried beside it.
        self.even_child.next.valid = self.even.val();
        self.even_child.next.in_flight = self.even_in_flight.val();
        self.even_child.next.visits = self.even_word.val().visits;
        self.even_child.next.value = self.even_word.val().value;
        self.even_child.next.prior = self.even_word.val().prior;
        self.odd_child.next.valid = self.odd.val();
        self.odd_child.next.in_flight = self.odd_in_flight.val();
        self.odd_child.next.visits = self.odd_word.val().visits;
        self.odd_child.next.value = self.odd_word.val().value;
        self.odd_child.next.prior = self.odd_word.val().prior;
        self.scorer.clock.next = self.clock.val();
        self.scorer.parent.next = self.parent.val();
        self.scorer.even.next = self.even_child.val();
        self.scorer.odd.next = self.odd_child.val();
        self.even_indices[0].d.next = self.even_index.val();
        self.even_words[0].d.next = self.even_word.val();
        self.odd_indices[0].d.next = self.odd_index.val();
        self.odd_words[0].d.next = self.odd_word.val();
        for i in 1..SCORE_LATENCY {
            self.even_indices[i].d.next = self.even_indices[i - 1].q.val();
            self.even_words[i].d.next = self.even_words[i - 1].q.val();
            self.odd_indices[i].d.next = self.odd_indices[i - 1].q.val();
            self.odd_words[i].d.next = self.odd_words[i - 1].q.val();
        }
        // The best: the even child if higher (or the first), then the odd.
        self.mid_found.next = self.found_q.q.val();
        self.mid_index.next = self.index_q.q.val();
        self.mid_word.next = self.word_q.q.val();
        self.mid_score.next = self.score_q.q.val();
        if self.scorer.even_valid.val()
            & (!self.found_q.q.val() | (self.scorer.even_score.val() > self.score_q.q.val()))
        {
            self.mid_found.next = true;
            self.mid_index.next = self.even_indices[6].q.val();
            self.mid_word.next = self.even_words[6].q.val();
            self.mid_score.next = self.scorer.even_score.val();
        }
        self.found_q.d.next = self.mid_found.val();
        self.index_q.d.next = self.mid_index.val();
        self.word_q.d.next = self.mid_word.val();
        self.score_q.d.next = self.mid_score.val();
        if self.scorer.odd_valid.val()
            & (!self.mid_found.val() | (self.scorer.odd_score.val() > self.mid_score.val()))
        {
            self.found_q.d.next = true;
            self.index_q.d.next = self.odd_indices[6].q.val();
            self.word_q.d.next = self.odd_words[6].q.val();
            self.score_q.d.next = self.scorer.odd_score.val();
        }
        if self.clear.val() {
            self.found_q.d.next = false;
        }
        self.index.next = self.index_q.q.val();
        self.word.next = self.word_q.q.val();
    }
}

// `update` reads the carry's last stage as a literal.
const _: () = assert!(SCORE_LATENCY == 7);
