//! The simulated board: a device run by a simulator and exposed to the host exactly like
//! a real board, as a serial device the host opens with the `serialport` crate.
//!
//! - [`SerialDevice`]: the interface a simulated board implements.
//! - [`verilated`]: the board's top level (`hdl::Ulx3sTop`, or any Verilog with its
//!   ports) compiled by Verilator and clocked by a C++ driver that plays both ends of its
//!   serial line at the real bit time, counting board time per answer.
//! - Transports: a pseudo-terminal ([`PtyPort`], [`serve_on_pty`]) that carries bytes
//!   between a device and the host unchanged (raw mode: no echo, no CR/LF mapping, no
//!   signal characters), a TCP port ([`serve_on_tcp`]), and [`Mux`], one device behind
//!   several transports; [`board::serve_board`] puts the three together.
//! - [`board_sim`]: the board built, started and served on a pseudo-terminal and a
//!   TCP port, game after game ([`board_sim::RunningBoard`], what `arena`'s `sim` link
//!   opens), and the program `arena board-sim` with its options, defined once here.
//!
//! Everything but [`SerialDevice`] exists on Unix only.
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
#[cfg(unix)]
pub mod board_sim;
pub mod device;
#[cfg(unix)]
pub mod error;
#[cfg(unix)]
pub mod mux;
#[cfg(unix)]
pub mod pty;
#[cfg(unix)]
mod raw;
#[cfg(unix)]
pub mod server;
#[cfg(unix)]
pub mod stop;
#[cfg(unix)]
pub mod tcp;
#[cfg(unix)]
pub mod verilated;

pub use device::{Activity, SerialDevice};
#[cfg(unix)]
pub use error::PtyError;
#[cfg(unix)]
pub use mux::{Mux, MuxPort};
#[cfg(unix)]
pub use pty::{OnHangUp, PtyPort, ServeEnd, Traffic, PEER_POLL_INTERVAL};
#[cfg(unix)]
pub use server::{serve_on_pty, PtyServer, Served};
#[cfg(unix)]
pub use stop::{stop_pair, StopHandle, StopSignal};
#[cfg(unix)]
pub use tcp::{serve_on_tcp, TcpServer};
#[cfg(unix)]
pub use verilated::{Answer, BoardSpec, Model, Probe, VerilatedBoard, VerilatedError};
