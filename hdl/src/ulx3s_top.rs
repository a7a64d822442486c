//! The top level for the ULX3S board (ECP5 LFE5U-85F): the board's pins
//! (25 MHz oscillator, the FTDI USB-serial lines, eight LEDs, seven buttons,
//! the ESP32's GPIO0) around the player. Port names are those of
//! `constraints/ulx3s.lpf`.
//!
//! PLACEHOLDER while the contest player is being built: the received bytes
//! are echoed back.

use crate::uart_rx::UartRx;
use crate::uart_tx::{UartTx, BOARD_CLOCK_HZ, DEFAULT_BAUD};
use rust_hdl::prelude::*;

/// The ULX3S top level.
#[derive(LogicBlock)]
pub struct Ulx3sTop {
    /// The 25 MHz oscillator.
    pub clk_25mhz: Signal<In, Clock>,
    /// Serial from the PC (the FTDI chip's TXD): the board receives on it.
    pub ftdi_txd: Signal<In, Bit>,
    /// Serial to the PC (the FTDI chip's RXD): the board transmits on it.
    pub ftdi_rxd: Signal<Out, Bit>,
    /// The LEDs, active high.
    pub led: Signal<Out, Bits<8>>,
    /// The buttons: `btn[0]` active low, the others active high.
    pub btn: Signal<In, Bits<7>>,
    /// The ESP32's GPIO0: held high so that the ESP32 never resets the board.
    pub wifi_gpio0: Signal<Out, Bit>,
    receiver: UartRx,
    transmitter: UartTx,
}

impl Ulx3sTop {
    /// The top level for a `clock_hz` clock and `baud` on the serial line.
    pub fn new(clock_hz: u64, baud: u64) -> Ulx3sTop {
        Ulx3sTop {
            clk_25mhz: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            led: Default::default(),
            btn: Default::default(),
            wifi_gpio0: Default::default(),
            receiver: UartRx::new(clock_hz, baud),
            transmitter: UartTx::new(clock_hz, baud),
        }
    }
}

impl Default for Ulx3sTop {
    fn default() -> Ulx3sTop {
        Ulx3sTop::new(BOARD_CLOCK_HZ, DEFAULT_BAUD)
    }
}

impl Logic for Ulx3sTop {
    #[hdl_gen]
    fn update(&mut self) {
        self.receiver.clock.next = self.clk_25mhz.val();
        self.transmitter.clock.next = self.clk_25mhz.val();
        self.receiver.rx.next = self.ftdi_txd.val();
        self.transmitter.data.next = self.receiver.data.val();
        self.transmitter.start.next = self.receiver.valid.val();
        self.ftdi_rxd.next = self.transmitter.tx.val();
        self.led.next = self.receiver.data.val()
            ^ (bit_cast::<8, 7>(self.btn.val()))
            ^ (bit_cast::<8, 1>(self.receiver.framing_error.val().into()))
            ^ (bit_cast::<8, 1>(self.transmitter.ready.val().into()))
            ^ (bit_cast::<8, 1>(self.transmitter.busy.val().into()));
        self.wifi_gpio0.next = true;
    }
}
