//! Serving a device on a pseudo-terminal from a thread of its own, with a handle to learn
//! the path, watch the traffic, stop it and get the device back.

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use crate::device::SerialDevice;
use crate::error::PtyError;
use crate::pty::{Counters, OnHangUp, PtyPort, ServeEnd, Traffic};
use crate::stop::{stop_pair, StopHandle};

/// Creates a pseudo-terminal and serves `device` on it from a new thread.
///
/// The host opens [`PtyServer::path`] as it would a board's serial port. Serving goes on
/// until [`PtyServer::stop`] (or a [`StopHandle`]) asks it to end, or, with
/// [`OnHangUp::Stop`], until the host closes the port after having opened it.
///
/// ```no_run
/// # use sim::{serve_on_pty, OnHangUp, SerialDevice};
/// # struct Board;
/// # impl SerialDevice for Board {
/// #     fn receive(&mut self, _: u8) {}
/// #     fn poll_transmit(&mut self) -> Option<u8> { None }
/// # }
/// let server = serve_on_pty(Board, OnHangUp::Stop)?;
/// println!("simulated board on {}", server.path().display());
/// let served = server.wait()?; // until the host hangs up
/// println!("{:?}: {} bytes in, {} out", served.end,
///          served.traffic.bytes_from_host, served.traffic.bytes_to_host);
/// # Ok::<(), sim::PtyError>(())
/// ```
pub fn serve_on_pty<D>(device: D, on_hang_up: OnHangUp) -> Result<PtyServer<D>, PtyError>
where
    D: SerialDevice + Send + 'static,
{
    let mut port = PtyPort::open()?;
    let path = port.path().to_owned();
    let counters = port.counters();
    let (stop, signal) = stop_pair().map_err(PtyError::StopSignal)?;
    let thread = thread::Builder::new()
        .name(format!("sim {}", path.display()))
        .spawn(move || {
            let mut device = device;
            let end = port.serve(&mut device, &signal, on_hang_up)?;
            Ok((device, end))
        })
        .map_err(|source| PtyError::Spawn {
            path: path.clone(),
            source,
        })?;
    Ok(PtyServer {
        path,
        stop,
        counters,
        thread: Some(thread),
    })
}

/// A device being served on a pseudo-terminal by a thread of its own.
///
/// Dropping it stops the thread and waits for it; [`stop`](Self::stop) does the same and
/// also returns the device and the reason serving ended.
#[derive(Debug)]
pub struct PtyServer<D> {
    path: PathBuf,
    stop: StopHandle,
    counters: Arc<Counters>,
    thread: Option<JoinHandle<Result<(D, ServeEnd), PtyError>>>,
}

/// A finished serving run: the device, as the run left it, and how the run went.
#[derive(Debug)]
pub struct Served<D> {
    /// The device, with whatever state the run left it in.
    pub device: D,
    /// Why serving ended.
    pub end: ServeEnd,
    /// What crossed the pseudo-terminal during the run.
    pub traffic: Traffic,
}

impl<D> PtyServer<D> {
    /// The path the host opens, e.g. `/dev/pts/3`. It exists while serving goes on.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What has crossed the pseudo-terminal so far, including whether a host is connected.
    pub fn traffic(&self) -> Traffic {
        self.counters.snapshot()
    }

    /// A handle that stops serving from anywhere, e.g. a signal handler's thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Whether serving has ended (the host hung up, a stop came, or an error).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Asks serving to stop and waits for it. The host side vanishes: a host still
    /// holding it open gets errors from then on, as if the board were unplugged.
    pub fn stop(self) -> Result<Served<D>, PtyError> {
        self.stop.stop();
        self.wait()
    }

    /// Waits until serving ends by itself (the host hangs up, with [`OnHangUp::Stop`])
    /// or is stopped through a [`StopHandle`].
    pub fn wait(mut self) -> Result<Served<D>, PtyError> {
        let thread = self
            .thread
            .take()
            .expect("only Drop and wait take the thread");
        let (device, end) = thread.join().map_err(|panic| PtyError::Panicked {
            path: self.path.clone(),
            message: panic_message(panic.as_ref()),
        })??;
        Ok(Served {
            device,
            end,
            traffic: self.counters.snapshot(),
        })
    }
}

impl<D> Drop for PtyServer<D> {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stop.stop();
            let _ = thread.join();
        }
    }
}

fn panic_message(panic: &(dyn Any + Send)) -> String {
    if let Some(message) = panic.downcast_ref::<&str>() {
        (*message).to_owned()
    } else if let Some(message) = panic.downcast_ref::<String>() {
        message.clone()
    } else {
        "(not a string)".to_owned()
    }
}
