//! The board's SDRAM: [`Sdram`], the controller and the ECP5 pads on the
//! chip's pins, built to `model::sdram`, its specification cycle for cycle
//! (the geometry, the address mapping, the timings and the schedule of
//! every command are there).
//!
//! - [`Sdram`] (`memory`): the controller behind its pads, the block the
//!   player takes, and [`SdramRequest`] (`request`), a request.
//! - [`SdramController`] (`controller`): the state machine
//!   ([`SdramState`]): power-up, refreshes ([`RefreshCount`]), one access
//!   at a time.
//! - [`SdramPads`] (`pads`): the I/O registers, the data lines' tristate
//!   buffers and the chip's clock.
//! - [`SdramClient`] and [`SdramServer`] (`port`): the user's side as a
//!   port bundle, a client's and its mirror.
//! - [`SharedSdram`] (`shared`): the SDRAM owned in turn by the player's
//!   two clients, the search and the check.
//! - For simulation only: [`SdramChipModel`] (`chip_model`), the chip on its
//!   pins with its timings checked, and [`SdramRig`] (`rig`), the SDRAM on
//!   the chip model.
//!
//! # The user's side
//! A request ([`SdramRequest`]: read or write, a 24-bit word address,
//! the beats less one; or a `sync`) is held with `valid` until it is taken
//! in a cycle with `ready` high (an access) or `sync_ready` high (a
//! `sync`); neither depends on the request, so a client decides its request
//! from them without a loop through the controller. A write's words are read from
//! `write_data` one a cycle, each in the cycle after the controller raises
//! `write_strobe` for it (one cycle ahead, so that a block RAM read can
//! supply it). A read's words come on `read_data` in the cycles
//! `read_valid` is high. `model::sdram::Controller` gives each of these
//! cycles.

mod chip_model;
mod controller;
mod memory;
mod pads;
mod port;
mod refresh;
mod request;
mod rig;
mod shared;

pub use chip_model::{chip_timings, Chip, ChipChecks, SdramChipModel};
pub use controller::{SdramController, SdramState};
pub use memory::Sdram;
pub use pads::SdramPads;
pub use port::{SdramClient, SdramServer};
pub use refresh::RefreshCount;
pub use request::SdramRequest;
pub use rig::{rig_verilog, SdramRig};
pub use shared::SharedSdram;
