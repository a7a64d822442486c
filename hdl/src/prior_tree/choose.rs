//! The move: the root child with the most visits, the first of equals
//! (`model::prior_tree::search`'s `choice`), the root's children read a pair
//! a cycle from block 0. `start` is given in the cycle the tree unit ends
//! its rounds, whose read is pair 0 (the tree unit reads it whenever it
//! has no job); `finishing` is high in the cycle the choice is known, so
//! that the search's outputs hold it from `CHOOSE_DRAIN` cycles after the
//! last pair's read (`model::prior_tree::timing::choose`).

use super::expander_port::COUNT_BITS;
use super::node_memory::RAM_ADDRESS;
use super::word::{NodeWord, VISITS};
use model::prior_tree::timing::CHOOSE_DRAIN;
use rust_hdl::prelude::*;

const _: () = assert!(CHOOSE_DRAIN == 3);

/// The choice.
#[derive(LogicBlock, Default)]
pub struct Choose {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// Choose: pair 0 is read in this cycle, the others from the next.
    pub start: Signal<In, Bit>,
    /// The root's children.
    pub children: Signal<In, Bits<COUNT_BITS>>,
    /// The block RAM's pair to read.
    pub read_address: Signal<Out, Bits<RAM_ADDRESS>>,
    /// The pair read in the cycle before: its even child.
    pub even: Signal<In, NodeWord>,
    /// Its odd child.
    pub odd: Signal<In, NodeWord>,
    /// The choice is known in this cycle.
    pub finishing: Signal<Out, Bit>,
    /// The chosen child's shape.
    pub shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub corner: Signal<Out, Bits<8>>,
    /// Pairs read so far.
    pair: DFF<Bits<5>>,
    reading: DFF<Bit>,
    /// The pair read in the last cycle.
    fetched: DFF<Bit>,
    fetched_pair: DFF<Bits<4>>,
    /// Its words, registered.
    valid: DFF<Bit>,
    pair_q: DFF<Bits<4>>,
    even_q: DFF<NodeWord>,
    odd_q: DFF<NodeWord>,
    found: DFF<Bit>,
    best_visits: DFF<Bits<VISITS>>,
    best_shape: DFF<Bits<7>>,
    best_corner: DFF<Bits<8>>,
    last: DFF<Bit>,
    pairs: Signal<Local, Bits<5>>,
    odd_valid: Signal<Local, Bit>,
    mid_found: Signal<Local, Bit>,
    mid_visits: Signal<Local, Bits<VISITS>>,
    mid_shape: Signal<Local, Bits<7>>,
    mid_corner: Signal<Local, Bits<8>>,
}

impl Logic for Choose {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            pair,
            reading,
            fetched,
            fetched_pair,
            valid,
            pair_q,
            even_q,
            odd_q,
            found,
            best_visits,
            best_shape,
            best_corner,
            last
        );
        self.pairs.next = bit_cast::<5, COUNT_BITS>((self.children.val() + 1) >> 1);
        self.read_address.next = bit_cast::<RAM_ADDRESS, 5>(self.pair.q.val() & 15);
        self.fetched.d.next = false;
        self.fetched_pair.d.next = self.pair.q.val().get_bits::<4>(0);
        if self.start.val() {
            self.read_address.next = 0.into();
            self.fetched.d.next = true;
            self.fetched_pair.d.next = 0.into();
            self.pair.d.next = 1.into();
            self.reading.d.next = self.pairs.val() > 1;
            self.found.d.next = false;
        } else if self.reading.q.val() {
            self.fetched.d.next = true;
            self.pair.d.next = self.pair.q.val() + 1;
            self.reading.d.next = self.pair.q.val() + 1 < self.pairs.val();
        }
        self.valid.d.next = self.fetched.q.val();
        self.pair_q.d.next = self.fetched_pair.q.val();
        self.even_q.d.next = self.even.val();
        self.odd_q.d.next = self.odd.val();
        // The most visited, the first of equals: the even child, then the odd.
        self.odd_valid.next =
            (bit_cast::<COUNT_BITS, 4>(self.pair_q.q.val()) << 1) + 1 < self.children.val();
        self.mid_found.next = self.found.q.val();
        self.mid_visits.next = self.best_visits.q.val();
        self.mid_shape.next = self.best_shape.q.val();
        self.mid_corner.next = self.best_corner.q.val();
        if self.valid.q.val()
            & (!self.found.q.val() | (self.even_q.q.val().visits > self.best_visits.q.val()))
        {
            self.mid_found.next = true;
            self.mid_visits.next = self.even_q.q.val().visits;
            self.mid_shape.next = self.even_q.q.val().shape;
            self.mid_corner.next = self.even_q.q.val().corner;
        }
        if self.valid.q.val() {
            self.found.d.next = self.mid_found.val();
            self.best_visits.d.next = self.mid_visits.val();
            self.best_shape.d.next = self.mid_shape.val();
            self.best_corner.d.next = self.mid_corner.val();
            if self.odd_valid.val() & (self.odd_q.q.val().visits > self.mid_visits.val()) {
                self.best_visits.d.next = self.odd_q.q.val().visits;
                self.best_shape.d.next = self.odd_q.q.val().shape;
                self.best_corner.d.next = self.odd_q.q.val().corner;
            }
        }
        self.last.d.next =
            self.valid.q.val() & (bit_cast::<5, 4>(self.pair_q.q.val()) + 1 == self.pairs.val());
        self.finishing.next = self.last.q.val();
        self.shape.next = self.best_shape.q.val();
        self.corner.next = self.best_corner.q.val();
    }
}
