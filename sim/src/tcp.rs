//! Serving a device on a TCP port, as the organisers' referee could reach a player over
//! TCP instead of a serial port: one client at a time, game after game.
//!
//! Like a powered board whose cable is unplugged and plugged in again, the device keeps
//! its state when a client leaves, and the next client to connect talks to it (clients
//! that connect meanwhile wait in the listener's backlog). Device output produced while
//! no client is connected is dropped, as on a line nobody listens to, and so is output
//! queued for a client that has gone.

use std::collections::VecDeque;
use std::io::{self, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::io::AsRawFd;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use nix::errno::Errno;
use nix::poll::{poll, PollFd, PollFlags};

use crate::device::{Activity, SerialDevice};
use crate::pty::{Counters, ServeEnd, Traffic};
use crate::server::Served;
use crate::stop::{stop_pair, StopHandle, StopSignal};

/// Device output held back while the client is not reading; beyond it the device is not
/// asked for more.
const OUTBOX_LIMIT: usize = 4096;

/// Serves `device` to the clients of `listener`, one after another, from a new thread,
/// until stopped.
///
/// ```no_run
/// # use sim::{serve_on_tcp, SerialDevice};
/// # use std::io::{Read, Write};
/// # struct Board(Option<u8>);
/// # impl SerialDevice for Board {
/// #     fn receive(&mut self, byte: u8) { self.0 = Some(byte) }
/// #     fn poll_transmit(&mut self) -> Option<u8> { self.0.take() }
/// # }
/// let server = serve_on_tcp(std::net::TcpListener::bind("127.0.0.1:0")?, Board(None))?;
/// let mut client = std::net::TcpStream::connect(server.local_addr())?;
/// client.write_all(b"0")?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn serve_on_tcp<D>(listener: TcpListener, device: D) -> io::Result<TcpServer<D>>
where
    D: SerialDevice + Send + 'static,
{
    let address = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let counters = Arc::new(Counters::default());
    let (stop, signal) = stop_pair()?;
    let thread = thread::Builder::new()
        .name(format!("sim tcp {address}"))
        .spawn({
            let counters = Arc::clone(&counters);
            move || {
                let mut device = device;
                TcpPump {
                    listener,
                    device: &mut device,
                    stop: &signal,
                    counters: &counters,
                    client: None,
                    inbox: VecDeque::new(),
                    outbox: VecDeque::new(),
                }
                .run()?;
                Ok(device)
            }
        })?;
    Ok(TcpServer {
        address,
        stop,
        counters,
        thread: Some(thread),
    })
}

/// A device being served on a TCP port by a thread of its own. Dropping it stops the
/// thread and waits for it.
#[derive(Debug)]
pub struct TcpServer<D> {
    address: SocketAddr,
    stop: StopHandle,
    counters: Arc<Counters>,
    thread: Option<JoinHandle<io::Result<D>>>,
}

impl<D> TcpServer<D> {
    /// The address clients connect to.
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// What has crossed the port so far; `connected` is whether a client is.
    pub fn traffic(&self) -> Traffic {
        self.counters.snapshot()
    }

    /// A handle that stops serving from anywhere.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Whether serving has ended (a stop, or an error of the listener).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Stops serving (a connected client is disconnected) and returns the device.
    pub fn stop(self) -> io::Result<Served<D>> {
        self.stop.stop();
        self.wait()
    }

    /// Waits until serving ends: a stop through a [`StopHandle`], or an error.
    pub fn wait(mut self) -> io::Result<Served<D>> {
        let thread = self.thread.take().expect("only Drop and wait take it");
        let device = thread
            .join()
            .map_err(|_| io::Error::other("the thread serving TCP panicked (in the device?)"))??;
        Ok(Served {
            device,
            end: ServeEnd::Stopped,
            traffic: self.counters.snapshot(),
        })
    }
}

impl<D> Drop for TcpServer<D> {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stop.stop();
            let _ = thread.join();
        }
    }
}

/// The serving loop.
struct TcpPump<'a, D: SerialDevice + ?Sized> {
    listener: TcpListener,
    device: &'a mut D,
    stop: &'a StopSignal,
    counters: &'a Counters,
    client: Option<TcpStream>,
    /// Bytes from the client the device has not taken yet.
    inbox: VecDeque<u8>,
    /// Device output not yet written to the client.
    outbox: VecDeque<u8>,
}

impl<D: SerialDevice + ?Sized> TcpPump<'_, D> {
    fn run(mut self) -> io::Result<()> {
        loop {
            let busy = self.step_device();
            self.write_to_client();
            let timeout = if busy { Some(Duration::ZERO) } else { None };
            if self.wait(timeout)? {
                if let Some(client) = self.client.take() {
                    let _ = client.shutdown(std::net::Shutdown::Both);
                }
                self.counters
                    .connected
                    .store(false, std::sync::atomic::Ordering::Release);
                return Ok(());
            }
        }
    }

    /// Feeds the device, lets its time pass and collects its output; whether it needs
    /// to run again without waiting for the client.
    fn step_device(&mut self) -> bool {
        while let Some(&byte) = self.inbox.front() {
            if !self.device.ready_to_receive() {
                break;
            }
            self.device.receive(byte);
            self.inbox.pop_front();
        }
        let activity = self.device.advance();
        let (mut dropped, mut more) = (0, false);
        loop {
            let connected = self.client.is_some();
            if (connected && self.outbox.len() >= OUTBOX_LIMIT)
                || (!connected && dropped >= OUTBOX_LIMIT)
            {
                more = !connected;
                break;
            }
            match self.device.poll_transmit() {
                Some(byte) if connected => self.outbox.push_back(byte),
                Some(_) => dropped += 1,
                None => break,
            }
        }
        Counters::add(&self.counters.dropped, dropped);
        activity == Activity::Busy || more || !self.inbox.is_empty()
    }

    /// Writes what the client takes without blocking; a client that cannot be written
    /// to any more has gone.
    fn write_to_client(&mut self) {
        let Some(client) = self.client.as_mut() else {
            return;
        };
        if self.outbox.is_empty() {
            return;
        }
        match client.write(self.outbox.make_contiguous()) {
            Ok(written) => {
                self.outbox.drain(..written);
                Counters::add(&self.counters.to_host, written);
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            Err(_) => self.client_gone(),
        }
    }

    /// Waits (at most `timeout`, `None` for no limit) for a stop, a client, its bytes
    /// or room to write to it, and handles what came. True on a stop.
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<bool> {
        let watched = match &self.client {
            Some(client) => {
                let mut events = PollFlags::empty();
                if self.inbox.is_empty() {
                    events |= PollFlags::POLLIN;
                }
                if !self.outbox.is_empty() {
                    events |= PollFlags::POLLOUT;
                }
                PollFd::new(client.as_raw_fd(), events)
            }
            None => PollFd::new(self.listener.as_raw_fd(), PollFlags::POLLIN),
        };
        let mut fds = [
            PollFd::new(self.stop.as_raw_fd(), PollFlags::POLLIN),
            watched,
        ];
        let millis = timeout.map_or(-1, |t| i32::try_from(t.as_millis()).unwrap_or(i32::MAX));
        match poll(&mut fds, millis) {
            Ok(_) | Err(Errno::EINTR) => {}
            Err(errno) => return Err(io::Error::from(errno)),
        }
        if StopSignal::raised_by(fds[0]) {
            return Ok(true);
        }
        let events = fds[1].revents().unwrap_or(PollFlags::empty());
        if events.is_empty() {
            return Ok(false);
        }
        if self.client.is_some() {
            if events.intersects(PollFlags::POLLIN | PollFlags::POLLHUP | PollFlags::POLLERR) {
                self.read_from_client();
            }
        } else {
            self.accept()?;
        }
        Ok(false)
    }

    fn accept(&mut self) -> io::Result<()> {
        match self.listener.accept() {
            Ok((client, _)) => {
                client.set_nonblocking(true)?;
                // Every answer goes out at once, as it would on a serial line.
                let _ = client.set_nodelay(true);
                self.client = Some(client);
                Counters::add(&self.counters.sessions, 1);
                self.counters
                    .connected
                    .store(true, std::sync::atomic::Ordering::Release);
                Ok(())
            }
            // A client that gave up before being accepted, or a spurious wake-up.
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock
                        | ErrorKind::Interrupted
                        | ErrorKind::ConnectionAborted
                        | ErrorKind::ConnectionReset
                ) =>
            {
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    fn read_from_client(&mut self) {
        let Some(client) = self.client.as_mut() else {
            return;
        };
        let mut buf = [0u8; 4096];
        match client.read(&mut buf) {
            Ok(0) => self.client_gone(),
            Ok(n) => {
                self.inbox.extend(&buf[..n]);
                Counters::add(&self.counters.from_host, n);
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            Err(_) => self.client_gone(),
        }
    }

    /// The client has gone: what it did not read is dropped; the device keeps its state.
    fn client_gone(&mut self) {
        self.client = None;
        Counters::add(&self.counters.dropped, self.outbox.len());
        self.outbox.clear();
        self.counters
            .connected
            .store(false, std::sync::atomic::Ordering::Release);
    }
}
