//! The serial transmitter: one byte at a time onto an 8N1 UART line (start
//! bit, 8 data bits LSB first, stop bit, no parity), each bit a whole number
//! of clock cycles. Its receiving twin is [`crate::UartRx`]; the bit-time
//! arithmetic both share is here ([`cycles_per_bit`]). Its state machine,
//! [`TxState`], walks a frame's start, data and stop bits.

use rust_hdl::prelude::*;

/// The baud rate the host speaks by default (`serial:/dev/ttyUSB0`, 8N1).
pub const DEFAULT_BAUD: u64 = 115_200;
/// The player's clock (the PLL's output, `model::clock::CLOCK_HZ`),
/// the clock of [`UartTx::default`] and [`crate::UartRx::default`].
pub const BOARD_CLOCK_HZ: u64 = model::clock::CLOCK_HZ;
/// Width of the bit-time counters: at most 65,535 cycles a bit.
pub const COUNTER_BITS: usize = 16;
/// The fewest cycles a bit the blocks take (the receiver needs three distinct
/// samples inside a bit after its first cycle).
pub const MIN_CYCLES_PER_BIT: u64 = 4;

/// A count of cycles within a bit.
pub type Cycles = Bits<COUNTER_BITS>;

/// Clock cycles per bit for `baud` on a `clock_hz` clock: `clock_hz / baud`
/// rounded to the nearest integer (halves up). The line then runs at
/// `clock_hz / cycles` baud, off by at most `0.5 / cycles` relative
/// ([`baud_error`]): at 115,200 baud 217 cycles at 25 MHz (115,207 baud,
/// +0.006%), 651 at 75 MHz and 868 at 100 MHz (the same), 104 at
/// 12 MHz (+0.16%); any divider of 25 or more is within 2%.
///
/// # Panics
/// If `baud` is 0 or the result is outside
/// [`MIN_CYCLES_PER_BIT`]`..=65_535` (the counters are [`COUNTER_BITS`] wide).
pub fn cycles_per_bit(clock_hz: u64, baud: u64) -> u64 {
    assert!(baud > 0, "a baud rate of 0");
    let cycles = (clock_hz + baud / 2) / baud;
    check_cycles(cycles);
    cycles
}

/// The relative error of the baud rate the line really runs at:
/// `clock_hz / cycles_per_bit(clock_hz, baud) / baud - 1` (positive: faster).
pub fn baud_error(clock_hz: u64, baud: u64) -> f64 {
    let cycles = cycles_per_bit(clock_hz, baud);
    clock_hz as f64 / cycles as f64 / baud as f64 - 1.0
}

/// Panics unless `cycles` fits the counters and the receiver's sampling.
pub(crate) fn check_cycles(cycles: u64) {
    assert!(
        (MIN_CYCLES_PER_BIT..1 << COUNTER_BITS).contains(&cycles),
        "{cycles} cycles per bit: the UART takes {MIN_CYCLES_PER_BIT}..={}",
        (1u64 << COUNTER_BITS) - 1
    );
}

/// The transmitter's states: which part of a frame is on the line.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum TxState {
    /// No frame: the line idles high (the power-up state).
    Idle,
    /// The start bit (low).
    Start,
    /// A data bit (`data_bit` says which).
    Data,
    /// The stop bit (high).
    Stop,
}

/// An 8N1 UART transmitter with a valid/ready handshake.
///
/// `N` cycles a bit ([`cycles_per_bit`], a `Constant` in the Verilog).
///
/// # Handshake
/// `start` and `data` are sampled at every rising edge; the byte is taken at
/// an edge where `start` and `ready` are both high, and `start` is ignored
/// otherwise. So a one-cycle `start` pulse in a cycle with `ready` high sends
/// `data`, and a client that holds `start` (and `data`) until an edge with
/// `ready` high has a valid/ready handshake; it must drop `start` after that
/// edge unless it has the next byte. `ready` comes from registers only (no
/// path from `start`).
///
/// # Timing
/// A byte taken at edge `E` is on `tx` bit by bit, each exactly `N` cycles:
///
/// | after edges              | `tx`                       | `busy` | `ready`        |
/// |--------------------------|----------------------------|--------|----------------|
/// | `E` .. `E+N-1`           | 0, the start bit           | 1      | 0              |
/// | `E+kN` .. `E+kN+N-1`     | `data[k-1]` (k = 1..8)     | 1      | 0              |
/// | `E+9N` .. `E+10N-2`      | 1, the stop bit            | 1      | 0              |
/// | `E+10N-1`                | 1, the stop bit's last cycle | 1    | 1              |
/// | `E+10N` ..               | 1, idle                    | 0      | 1              |
///
/// `data` is copied at `E`; it may change afterwards. A `start` at edge
/// `E + 10N` (`ready` high in the stop bit's last cycle) begins the next
/// frame with no idle time between: streaming, a byte takes exactly `10N`
/// cycles. A later `start` leaves `tx` idle high until then. `busy` is high
/// after edges `E` .. `E + 10N - 1`, while the frame is on the line.
///
/// `tx` comes straight from a flip-flop through an inverter (the register
/// holds "line low", so that the power-up value 0 is an idle line): no
/// combinational glitches. There is no reset; the flip-flops start at 0:
/// idle, `ready` high, `tx` high.
#[derive(LogicBlock)]
pub struct UartTx {
    /// The clock; everything happens at its rising edge.
    pub clock: Signal<In, Clock>,
    /// The byte to send, taken with `start` when `ready` is high.
    pub data: Signal<In, Bits<8>>,
    /// Send `data`: taken at an edge where `ready` is high, else ignored.
    pub start: Signal<In, Bit>,
    /// A `start` at the next edge would be taken: idle, or the stop bit's last cycle.
    pub ready: Signal<Out, Bit>,
    /// A frame is on the line (from the edge that takes it to the stop bit's end).
    pub busy: Signal<Out, Bit>,
    /// The serial line: high when idle, 8N1 frames LSB first.
    pub tx: Signal<Out, Bit>,
    /// Register: the part of the frame on the line.
    state: DFF<TxState>,
    /// Register: the line is low (`tx` inverted, so that it powers up idle).
    tx_low: DFF<Bit>,
    /// Register: the data bits still to send, the next one at bit 0.
    shift: DFF<Bits<8>>,
    /// Register: the data bit on the line, 0..7 (in [`TxState::Data`]).
    data_bit: DFF<Bits<3>>,
    /// Register: the cycle of the bit on the line, 1..N.
    cycle: DFF<Cycles>,
    /// A frame is on the line.
    sending: Signal<Local, Bit>,
    /// The bit on the line ends at the next edge: `cycle` is N.
    bit_end: Signal<Local, Bit>,
    /// The stop bit's last cycle.
    last: Signal<Local, Bit>,
    /// `start` and `ready`: the byte is taken at the edge.
    take: Signal<Local, Bit>,
    /// N, the cycles a bit: `clock_hz / baud`, rounded.
    cycles_per_bit: Constant<Cycles>,
    /// The first cycle of a bit.
    first_cycle: Constant<Cycles>,
    /// The last data bit's number, 7.
    last_data_bit: Constant<Bits<3>>,
    /// One more bit.
    one_bit: Constant<Bits<3>>,
    /// One more cycle.
    one_cycle: Constant<Cycles>,
}

impl UartTx {
    /// An idle transmitter for `baud` on a `clock_hz` clock
    /// ([`cycles_per_bit`] rounds the divider to the nearest integer).
    ///
    /// # Panics
    /// As [`cycles_per_bit`].
    pub fn new(clock_hz: u64, baud: u64) -> UartTx {
        UartTx::with_cycles_per_bit(cycles_per_bit(clock_hz, baud))
    }

    /// An idle transmitter sending each bit for `cycles` clock cycles.
    ///
    /// # Panics
    /// Unless `cycles` is in [`MIN_CYCLES_PER_BIT`]`..=65_535`.
    pub fn with_cycles_per_bit(cycles: u64) -> UartTx {
        check_cycles(cycles);
        UartTx {
            clock: Default::default(),
            data: Default::default(),
            start: Default::default(),
            ready: Default::default(),
            busy: Default::default(),
            tx: Default::default(),
            state: Default::default(),
            tx_low: Default::default(),
            shift: Default::default(),
            data_bit: Default::default(),
            cycle: Default::default(),
            sending: Default::default(),
            bit_end: Default::default(),
            last: Default::default(),
            take: Default::default(),
            cycles_per_bit: Constant::new(cycles.into()),
            first_cycle: Constant::new(1u64.into()),
            last_data_bit: Constant::new(7u64.into()),
            one_bit: Constant::new(1u64.into()),
            one_cycle: Constant::new(1u64.into()),
        }
    }
}

impl Default for UartTx {
    /// [`DEFAULT_BAUD`] (115,200) on the board's clock ([`BOARD_CLOCK_HZ`]): 434 cycles a bit at 50 MHz.
    fn default() -> UartTx {
        UartTx::new(BOARD_CLOCK_HZ, DEFAULT_BAUD)
    }
}

impl Logic for UartTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, tx_low, shift, data_bit, cycle);
        self.sending.next = self.state.q.val() != TxState::Idle;
        self.bit_end.next = self.cycle.q.val() == self.cycles_per_bit.val();
        self.last.next = (self.state.q.val() == TxState::Stop) & self.bit_end.val();
        self.ready.next = (!self.sending.val()) | self.last.val();
        self.take.next = self.start.val() & ((!self.sending.val()) | self.last.val());
        // A bit's cycles.
        if self.sending.val() {
            if self.bit_end.val() {
                self.cycle.d.next = self.first_cycle.val();
            } else {
                self.cycle.d.next = self.cycle.q.val() + self.one_cycle.val();
            }
        }
        // At the end of a bit, the next bit onto the line.
        match self.state.q.val() {
            TxState::Idle => {}
            TxState::Start => {
                if self.bit_end.val() {
                    self.tx_low.d.next = !self.shift.q.val().get_bit(0);
                    self.shift.d.next = self.shift.q.val() >> 1;
                    self.state.d.next = TxState::Data;
                }
            }
            TxState::Data => {
                if self.bit_end.val() {
                    if self.data_bit.q.val() == self.last_data_bit.val() {
                        self.tx_low.d.next = false;
                        self.state.d.next = TxState::Stop;
                    } else {
                        self.tx_low.d.next = !self.shift.q.val().get_bit(0);
                        self.shift.d.next = self.shift.q.val() >> 1;
                        self.data_bit.d.next = self.data_bit.q.val() + self.one_bit.val();
                    }
                }
            }
            TxState::Stop => {
                if self.bit_end.val() {
                    self.state.d.next = TxState::Idle;
                }
            }
        }
        // A byte taken: its start bit from the next cycle on.
        if self.take.val() {
            self.state.d.next = TxState::Start;
            self.tx_low.d.next = true;
            self.shift.d.next = self.data.val();
            self.data_bit.d.next = 0.into();
            self.cycle.d.next = self.first_cycle.val();
        }
        self.busy.next = self.sending.val();
        self.tx.next = !self.tx_low.q.val();
    }
}
