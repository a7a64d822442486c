//! The simulated board: a device run by a simulator and exposed to the host exactly like
//! a real board, as a serial device the host opens with the `serialport` crate.
//!
//! This crate so far holds the plumbing: the [`SerialDevice`] interface a simulated board
//! implements, and a pseudo-terminal ([`PtyPort`], [`serve_on_pty`]) that carries bytes
//! between it and the host unchanged (raw mode: no echo, no CR/LF mapping, no signal
//! characters). The pseudo-terminal parts exist on Unix only.
//!
//! ```no_run
//! # use sim::{serve_on_pty, OnHangUp, SerialDevice};
//! # use std::io::{Read, Write};
//! # #[derive(Default)] struct Board(Option<u8>);
//! # impl SerialDevice for Board {
//! #     fn receive(&mut self, byte: u8) { self.0 = Some(byte) }
//! #     fn poll_transmit(&mut self) -> Option<u8> { self.0.take() }
//! # }
//! let server = serve_on_pty(Board::default(), OnHangUp::Stop)?;
//! // The host side, as the referee does it with a real board:
//! let mut port = serialport::new(server.path().to_string_lossy(), 115_200).open()?;
//! port.write_all(b"0")?;
//! let mut reply = [0u8; 1];
//! port.read_exact(&mut reply)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(unix)]
pub mod board;
pub mod device;
#[cfg(unix)]
pub mod error;
#[cfg(unix)]
pub mod pty;
#[cfg(unix)]
mod raw;
#[cfg(unix)]
pub mod server;
#[cfg(unix)]
pub mod stop;
pub mod verilated;

pub use device::{Activity, SerialDevice};
#[cfg(unix)]
pub use error::PtyError;
#[cfg(unix)]
pub use pty::{OnHangUp, PtyPort, ServeEnd, Traffic, PEER_POLL_INTERVAL};
#[cfg(unix)]
pub use server::{serve_on_pty, PtyServer, Served};
#[cfg(unix)]
pub use stop::{stop_pair, StopHandle, StopSignal};
