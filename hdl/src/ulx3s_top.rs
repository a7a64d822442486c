//! The top level for the ULX3S board (ECP5 LFE5U-85F): the board's pins
//! (25 MHz oscillator, the FTDI USB-serial lines, eight LEDs, seven buttons,
//! the ESP32's GPIO0, the SDRAM) around the [`ContestPlayer`], clocked at
//! 50 MHz by the PLL ([`crate::pll`]) from the oscillator. Port names are
//! those of `constraints/ulx3s.lpf`.
//!
//! # LEDs
//! | LED | lit while |
//! |---|---|
//! | 0 | in a game (from `0` to `9`) |
//! | 1 | busy: a request being handled, a search, the SDRAM check, a reply being sent |
//! | 2 | the board plays as player 2 |
//! | 3 | a framing error was seen on the line (since the last `0`) |
//! | 4 | a malformed request was dropped (since the last `0`) |
//! | 5 | heartbeat: blinks at the player's 50 MHz / 2^24, about 3.0 Hz |
//! | 6 | the link follows the 2014 request scheme |
//! | 7 | the watchdog cut a search short (since the last `0`) |
//!
//! Lamp test: while any button is pressed (`btn[0]`, PWRON, is active low,
//! the others active high) every LED is lit. The board itself is restarted
//! by the referee's `0`, not by a button.

use crate::contest_player::{ContestPlayer, PlayerConfig};
use crate::pll::Pll;
use rust_hdl::prelude::*;

/// Bits of the heartbeat counter: its top bit is LED 5.
pub const HEARTBEAT_BITS: usize = 24;

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
    /// The SDRAM's clock.
    pub sdram_clk: Signal<Out, Clock>,
    /// The SDRAM's clock enable.
    pub sdram_cke: Signal<Out, Bit>,
    /// The SDRAM's chip select, active low.
    pub sdram_csn: Signal<Out, Bit>,
    /// The SDRAM's write enable, active low.
    pub sdram_wen: Signal<Out, Bit>,
    /// The SDRAM's RAS, active low.
    pub sdram_rasn: Signal<Out, Bit>,
    /// The SDRAM's CAS, active low.
    pub sdram_casn: Signal<Out, Bit>,
    /// The SDRAM's address lines.
    pub sdram_a: Signal<Out, Bits<13>>,
    /// The SDRAM's bank lines.
    pub sdram_ba: Signal<Out, Bits<2>>,
    /// The SDRAM's byte masks.
    pub sdram_dqm: Signal<Out, Bits<2>>,
    /// The SDRAM's data lines.
    pub sdram_d: Signal<InOut, Bits<16>>,
    /// The player's clock from the oscillator, held off until it is steady.
    pll: Pll,
    player: ContestPlayer,
    heartbeat: DFF<Bits<HEARTBEAT_BITS>>,
    /// The LEDs' status bits.
    status: Signal<Local, Bits<8>>,
    all_on: Constant<Bits<8>>,
}

impl Ulx3sTop {
    /// The top level around a player built as `config` says, clocked at
    /// its `clock_hz` by the PLL; an error when the PLL cannot make that clock.
    pub fn new(config: PlayerConfig) -> Result<Ulx3sTop, String> {
        Ok(Ulx3sTop {
            clk_25mhz: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            led: Default::default(),
            btn: Default::default(),
            wifi_gpio0: Default::default(),
            sdram_clk: Default::default(),
            sdram_cke: Default::default(),
            sdram_csn: Default::default(),
            sdram_wen: Default::default(),
            sdram_rasn: Default::default(),
            sdram_casn: Default::default(),
            sdram_a: Default::default(),
            sdram_ba: Default::default(),
            sdram_dqm: Default::default(),
            sdram_d: Default::default(),
            pll: Pll::new(config.clock_hz)?,
            player: ContestPlayer::new(config),
            heartbeat: Default::default(),
            status: Default::default(),
            all_on: Constant::new(0xffu64.into()),
        })
    }
}

impl Default for Ulx3sTop {
    fn default() -> Ulx3sTop {
        Ulx3sTop::new(PlayerConfig::default()).expect("the PLL makes the default clock")
    }
}

impl Logic for Ulx3sTop {
    #[hdl_gen]
    fn update(&mut self) {
        self.pll.clock_in.next = self.clk_25mhz.val();
        self.heartbeat.clock.next = self.pll.clock_out.val();
        self.heartbeat.d.next = self.heartbeat.q.val();
        self.player.clock.next = self.pll.clock_out.val();
        self.player.rx.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.player.tx.val();
        self.heartbeat.d.next = self.heartbeat.q.val() + 1;
        self.status.next = bit_cast::<8, 1>(self.player.in_game.val().into())
            | (bit_cast::<8, 1>(self.player.busy.val().into()) << 1)
            | (bit_cast::<8, 1>(self.player.player_two.val().into()) << 2)
            | (bit_cast::<8, 1>(self.player.framing_error_seen.val().into()) << 3)
            | (bit_cast::<8, 1>(self.player.malformed_seen.val().into()) << 4)
            | (bit_cast::<8, 1>(self.heartbeat.q.val().get_bit(23).into()) << 5)
            | (bit_cast::<8, 1>(self.player.scheme_2014.val().into()) << 6)
            | (bit_cast::<8, 1>(self.player.watchdog_fired.val().into()) << 7);
        self.led.next = self.status.val();
        if !self.btn.val().get_bit(0) | self.btn.val().get_bits::<6>(1).any() {
            self.led.next = self.all_on.val();
        }
        self.wifi_gpio0.next = true;
        self.sdram_clk.next = self.player.sdram_clk.val();
        self.sdram_cke.next = self.player.sdram_cke.val();
        self.sdram_csn.next = self.player.sdram_csn.val();
        self.sdram_wen.next = self.player.sdram_wen.val();
        self.sdram_rasn.next = self.player.sdram_rasn.val();
        self.sdram_casn.next = self.player.sdram_casn.val();
        self.sdram_a.next = self.player.sdram_a.val();
        self.sdram_ba.next = self.player.sdram_ba.val();
        self.sdram_dqm.next = self.player.sdram_dqm.val();
        Signal::<InOut, Bits<16>>::link(&mut self.sdram_d, &mut self.player.sdram_d);
    }
}
