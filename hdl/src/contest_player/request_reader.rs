//! The receiving side of the contest player: the referee's bytes off the
//! line, a request's bytes collected, its start byte checked and its codes
//! decoded and registered.

use super::config::PlayerConfig;
use crate::move_code::CodeDecoder;
use crate::uart_rx::UartRx;
use rust_hdl::prelude::*;

/// The receiving side: the referee's bytes off the line, a request's bytes
/// collected from its first (`2`, `3` or `4`) to its last, its start byte
/// checked and its codes decoded and registered.
#[derive(LogicBlock)]
pub struct RequestReader {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The serial line from the referee.
    pub rx: Signal<In, Bit>,
    /// The machine waits for a request: a `2`, `3` or `4` begins one.
    pub waiting: Signal<In, Bit>,
    /// The machine reads a request's bytes.
    pub reading: Signal<In, Bit>,
    /// The board has moved this game (a `3` is then not the opening's `3S MMMM`).
    pub own_moved: Signal<In, Bit>,
    /// The board's last move was blind (a `4` then has two codes).
    pub blind: Signal<In, Bit>,
    /// A framing error on the line.
    pub framing_error: Signal<Out, Bit>,
    /// A byte other than CR and LF has arrived.
    pub byte_in: Signal<Out, Bit>,
    /// It is a `0`.
    pub zero: Signal<Out, Bit>,
    /// It is a `9`.
    pub nine: Signal<Out, Bit>,
    /// It is the SDRAM check's request (`model::sdram_check::REQUEST`).
    pub query: Signal<Out, Bit>,
    /// A request's first byte, taken (`waiting`).
    pub begins: Signal<Out, Bit>,
    /// A request's last byte, taken (`reading`).
    pub ends: Signal<Out, Bit>,
    /// The request is a `2`.
    pub kind_2: Signal<Out, Bit>,
    /// The request is a `3`.
    pub kind_3: Signal<Out, Bit>,
    /// It is the opening's `3S MMMM` (5 bytes).
    pub opening: Signal<Out, Bit>,
    /// It is a `4` after a blind move (8 bytes, two codes).
    pub after_blind: Signal<Out, Bit>,
    /// Its start byte is `5`, `A` or `a`.
    pub start_ok: Signal<Out, Bit>,
    /// Its start byte names player 2.
    pub start_two: Signal<Out, Bit>,
    /// Its first code is well-formed (a pass or a placement on the board).
    /// This and what the codes decoded are registered (see
    /// [`ContestState::Decode`]).
    pub first_ok: Signal<Out, Bit>,
    /// Its last code is well-formed.
    pub last_ok: Signal<Out, Bit>,
    /// Its first code is a placement (not a pass).
    pub first_place: Signal<Out, Bit>,
    /// Its last code is a placement.
    pub last_place: Signal<Out, Bit>,
    /// Its first code's shape.
    pub first_shape: Signal<Out, Bits<7>>,
    /// Its last code's shape.
    pub last_shape: Signal<Out, Bits<7>>,
    /// Its first code's corner.
    pub first_corner: Signal<Out, Bits<8>>,
    /// Its last code's corner.
    pub last_corner: Signal<Out, Bits<8>>,
    receiver: UartRx,
    decode_first: CodeDecoder,
    decode_last: CodeDecoder,
    /// The request's first byte, the bytes after it so far, and how many it has.
    kind: DFF<Bits<8>>,
    got: DFF<Bits<4>>,
    need: DFF<Bits<4>>,
    /// The request's bytes, shifted in from the top: the last at bits 64..72.
    request: DFF<Bits<72>>,
    first_ok_q: DFF<Bit>,
    last_ok_q: DFF<Bit>,
    first_place_q: DFF<Bit>,
    last_place_q: DFF<Bit>,
    first_shape_q: DFF<Bits<7>>,
    last_shape_q: DFF<Bits<7>>,
    first_corner_q: DFF<Bits<8>>,
    last_corner_q: DFF<Bits<8>>,
    /// The start byte of the complete request.
    start_byte: Signal<Local, Bits<8>>,
    byte_cr: Constant<Bits<8>>,
    byte_lf: Constant<Bits<8>>,
    byte_0: Constant<Bits<8>>,
    byte_2: Constant<Bits<8>>,
    byte_3: Constant<Bits<8>>,
    byte_4: Constant<Bits<8>>,
    byte_5: Constant<Bits<8>>,
    byte_9: Constant<Bits<8>>,
    byte_query: Constant<Bits<8>>,
    byte_upper_a: Constant<Bits<8>>,
    byte_lower_a: Constant<Bits<8>>,
    len_1: Constant<Bits<4>>,
    len_4: Constant<Bits<4>>,
    len_5: Constant<Bits<4>>,
    len_8: Constant<Bits<4>>,
}

impl RequestReader {
    /// A reader of `config`'s serial line.
    pub fn new(config: PlayerConfig) -> RequestReader {
        let b8 = |v: u8| Constant::new(Bits::<8>::from(u64::from(v)));
        let l4 = |v: u64| Constant::new(Bits::<4>::from(v));
        RequestReader {
            clock: Default::default(),
            rx: Default::default(),
            waiting: Default::default(),
            reading: Default::default(),
            own_moved: Default::default(),
            blind: Default::default(),
            framing_error: Default::default(),
            byte_in: Default::default(),
            zero: Default::default(),
            nine: Default::default(),
            query: Default::default(),
            begins: Default::default(),
            ends: Default::default(),
            kind_2: Default::default(),
            kind_3: Default::default(),
            opening: Default::default(),
            after_blind: Default::default(),
            start_ok: Default::default(),
            start_two: Default::default(),
            first_ok: Default::default(),
            last_ok: Default::default(),
            first_place: Default::default(),
            last_place: Default::default(),
            first_shape: Default::default(),
            last_shape: Default::default(),
            first_corner: Default::default(),
            last_corner: Default::default(),
            receiver: UartRx::new(config.clock_hz, config.baud),
            decode_first: CodeDecoder::new(),
            decode_last: CodeDecoder::new(),
            kind: Default::default(),
            got: Default::default(),
            need: Default::default(),
            request: Default::default(),
            first_ok_q: Default::default(),
            last_ok_q: Default::default(),
            first_place_q: Default::default(),
            last_place_q: Default::default(),
            first_shape_q: Default::default(),
            last_shape_q: Default::default(),
            first_corner_q: Default::default(),
            last_corner_q: Default::default(),
            start_byte: Default::default(),
            byte_cr: b8(b'\r'),
            byte_lf: b8(b'\n'),
            byte_0: b8(b'0'),
            byte_2: b8(b'2'),
            byte_3: b8(b'3'),
            byte_4: b8(b'4'),
            byte_5: b8(b'5'),
            byte_9: b8(b'9'),
            byte_query: b8(model::sdram_check::REQUEST),
            byte_upper_a: b8(b'A'),
            byte_lower_a: b8(b'a'),
            len_1: l4(1),
            len_4: l4(4),
            len_5: l4(5),
            len_8: l4(8),
        }
    }
}

impl Logic for RequestReader {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            kind,
            got,
            need,
            request,
            first_ok_q,
            last_ok_q,
            first_place_q,
            last_place_q,
            first_shape_q,
            last_shape_q,
            first_corner_q,
            last_corner_q
        );
        self.receiver.clock.next = self.clock.val();
        self.receiver.rx.next = self.rx.val();
        self.framing_error.next = self.receiver.framing_error.val();

        // The byte.
        self.byte_in.next = self.receiver.valid.val()
            & (self.receiver.data.val() != self.byte_cr.val())
            & (self.receiver.data.val() != self.byte_lf.val());
        self.zero.next = self.byte_in.val() & (self.receiver.data.val() == self.byte_0.val());
        self.nine.next = self.byte_in.val() & (self.receiver.data.val() == self.byte_9.val());
        self.query.next = self.byte_in.val() & (self.receiver.data.val() == self.byte_query.val());
        self.begins.next = self.waiting.val()
            & self.byte_in.val()
            & ((self.receiver.data.val() == self.byte_2.val())
                | (self.receiver.data.val() == self.byte_3.val())
                | (self.receiver.data.val() == self.byte_4.val()));
        self.ends.next =
            self.reading.val() & self.byte_in.val() & ((self.got.q.val() + 1) == self.need.q.val());

        // A request's first byte says how many follow; the bytes after it
        // shift in.
        if self.begins.val() {
            self.kind.d.next = self.receiver.data.val();
            self.got.d.next = 0.into();
            self.need.d.next = self.len_4.val();
            if self.receiver.data.val() == self.byte_2.val() {
                self.need.d.next = self.len_1.val();
            }
            if (self.receiver.data.val() == self.byte_3.val()) & !self.own_moved.val() {
                self.need.d.next = self.len_5.val();
            }
            if (self.receiver.data.val() == self.byte_4.val()) & self.blind.val() {
                self.need.d.next = self.len_8.val();
            }
        }
        if self.reading.val() & self.byte_in.val() {
            self.request.d.next =
                (self.request.q.val() >> 8) | (bit_cast::<72, 8>(self.receiver.data.val()) << 64);
            self.got.d.next = self.got.q.val() + 1;
        }
        self.kind_2.next = self.kind.q.val() == self.byte_2.val();
        self.kind_3.next = self.kind.q.val() == self.byte_3.val();
        self.opening.next = self.need.q.val() == self.len_5.val();
        self.after_blind.next = self.need.q.val() == self.len_8.val();

        // The complete request: its start byte, its codes.
        self.start_byte.next = self.request.q.val().get_bits::<8>(64);
        if self.opening.val() {
            self.start_byte.next = self.request.q.val().get_bits::<8>(32);
        }
        self.start_ok.next = (self.start_byte.val() == self.byte_5.val())
            | (self.start_byte.val() == self.byte_upper_a.val())
            | (self.start_byte.val() == self.byte_lower_a.val());
        self.start_two.next = self.start_byte.val() != self.byte_5.val();
        self.decode_first.code.next = self.request.q.val().get_bits::<32>(8);
        self.decode_last.code.next = self.request.q.val().get_bits::<32>(40);
        self.first_ok_q.d.next = self.decode_first.pass.val() | self.decode_first.place.val();
        self.last_ok_q.d.next = self.decode_last.pass.val() | self.decode_last.place.val();
        self.first_place_q.d.next = self.decode_first.place.val();
        self.last_place_q.d.next = self.decode_last.place.val();
        self.first_shape_q.d.next = self.decode_first.shape.val();
        self.last_shape_q.d.next = self.decode_last.shape.val();
        self.first_corner_q.d.next = self.decode_first.corner.val();
        self.last_corner_q.d.next = self.decode_last.corner.val();
        self.first_ok.next = self.first_ok_q.q.val();
        self.last_ok.next = self.last_ok_q.q.val();
        self.first_place.next = self.first_place_q.q.val();
        self.last_place.next = self.last_place_q.q.val();
        self.first_shape.next = self.first_shape_q.q.val();
        self.last_shape.next = self.last_shape_q.q.val();
        self.first_corner.next = self.first_corner_q.q.val();
        self.last_corner.next = self.last_corner_q.q.val();
    }
}
