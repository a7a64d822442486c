//! The errors of serving a device on a pseudo-terminal, each saying what failed and where.
//!
//! The underlying operating-system error, when there is one, is the error's
//! [`source`](std::error::Error::source), not part of its message: print the whole chain
//! (`{:#}` with `anyhow`) to see both.

use std::io;
use std::path::PathBuf;

/// Why a pseudo-terminal could not be set up or served.
#[derive(Debug, thiserror::Error)]
pub enum PtyError {
    /// The operating system would not create a pseudo-terminal pair.
    #[error(
        "could not create a pseudo-terminal pair (is /dev/ptmx available and /dev/pts mounted?)"
    )]
    Create(#[source] serialport::Error),

    /// The new pseudo-terminal has no path the host could open.
    #[error(
        "the operating system gave the new pseudo-terminal no device path for the host to open"
    )]
    Unnamed,

    /// Setting raw mode (no echo, no CR/LF mapping, no signal characters) failed.
    #[error("could not put the pseudo-terminal {path} in raw mode (no echo, no CR/LF mapping, no signal characters)")]
    RawMode {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// Raw mode was accepted but reading the settings back shows it did not take.
    #[error("the pseudo-terminal {path} did not keep raw mode: {what} after configuring it, so bytes would not pass unchanged")]
    RawModeRejected {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// The settings that are wrong.
        what: String,
    },

    /// The simulator's side of the pseudo-terminal could not be made non-blocking.
    #[error("could not make the simulator's side of the pseudo-terminal {path} non-blocking")]
    NonBlocking {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// The channel that carries stop requests could not be created.
    #[error("could not create the stop signal (a local socket pair)")]
    StopSignal(#[source] io::Error),

    /// Waiting for bytes, for the host or for a stop request failed.
    #[error("waiting on the pseudo-terminal {path} failed")]
    Poll {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// The pseudo-terminal reported an error condition instead of data.
    #[error(
        "the pseudo-terminal {path} reported an error condition ({events}) while being served"
    )]
    Broken {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// The poll events it reported.
        events: String,
    },

    /// Reading what the host sent failed.
    #[error("reading what the host sent through {path} failed")]
    Read {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// Writing the device's output towards the host failed.
    #[error("writing the device's output to the host through {path} failed")]
    Write {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// The serving thread could not be started.
    #[error("could not start the thread serving {path}")]
    Spawn {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },

    /// The serving thread panicked, which in practice means the device did.
    #[error("the thread serving {path} panicked (most likely inside the device): {message}")]
    Panicked {
        /// The host side of the pseudo-terminal.
        path: PathBuf,
        /// The panic message, when it was a string.
        message: String,
    },
}
