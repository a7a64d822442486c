//! A pseudo-terminal that the host opens as if it were a board's serial port, and the loop
//! that pumps bytes between it and a [`SerialDevice`].
//!
//! The simulator keeps the master side; the host opens the other side by its path
//! (`/dev/pts/N`) with the `serialport` crate, exactly as it opens `/dev/ttyUSB0`. The
//! pseudo-terminal is in raw mode (see `raw.rs`), so every byte value passes
//! unchanged both ways.
//!
//! The loop tracks whether a host has the port open, because a pseudo-terminal behaves
//! unlike a serial line when nobody does: the kernel would keep what the simulator writes
//! and hand it to the next opener. So, as on a real line with nobody listening, device
//! output produced while no host is connected is dropped, and when a host hangs up, the
//! output it never read is flushed and raw mode is set again for the next one. The kernel gives no event when a host opens the port, so while
//! nobody is connected the loop looks for one every [`PEER_POLL_INTERVAL`].

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nix::errno::Errno;
use nix::fcntl::{fcntl, FcntlArg, OFlag};
use nix::poll::{poll, PollFd, PollFlags};
use nix::sys::termios::{tcflush, FlushArg};
use serialport::{SerialPort, TTYPort};

use crate::device::{Activity, SerialDevice};
use crate::error::PtyError;
use crate::raw::make_raw;
use crate::stop::StopSignal;

/// How often the loop looks for a host while none has the port open.
pub const PEER_POLL_INTERVAL: Duration = Duration::from_millis(5);

/// Bytes read from the host at a time.
const READ_CHUNK: usize = 4096;

/// Device output held back while the host is not reading; beyond it the device is not
/// asked for more.
const OUTBOX_LIMIT: usize = 4096;

/// `TTYPort::pair` uses `ptsname`, which is not thread-safe on every Unix.
static PAIR_LOCK: Mutex<()> = Mutex::new(());

/// What to do when the host closes the port.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnHangUp {
    /// Stop serving: the run ends with [`ServeEnd::HungUp`].
    #[default]
    Stop,
    /// Keep serving, as a board stays powered when the host closes its port: the device
    /// keeps its state and the next host to open the path talks to it.
    AwaitReconnect,
}

/// Why serving ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServeEnd {
    /// A stop was requested.
    Stopped,
    /// The host closed the port (with [`OnHangUp::Stop`]).
    HungUp,
}

/// What has crossed a pseudo-terminal (or a TCP port, [`crate::tcp`]) so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Whether a host has the port open right now (as last seen by the serving loop).
    pub connected: bool,
    /// How many times a host has opened the port.
    pub sessions: u64,
    /// Bytes the host sent.
    pub bytes_from_host: u64,
    /// Bytes of device output written towards the host.
    pub bytes_to_host: u64,
    /// Bytes of device output dropped because no host was connected, or queued when
    /// the host hung up. (Bytes already written but left unread by a departing host are
    /// flushed by the kernel and counted in `bytes_to_host`.)
    pub bytes_dropped: u64,
}

/// The live counters behind [`Traffic`], shared with whoever watches a serving thread.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    pub(crate) connected: AtomicBool,
    pub(crate) sessions: AtomicU64,
    pub(crate) from_host: AtomicU64,
    pub(crate) to_host: AtomicU64,
    pub(crate) dropped: AtomicU64,
}

impl Counters {
    pub(crate) fn snapshot(&self) -> Traffic {
        Traffic {
            connected: self.connected.load(Ordering::Acquire),
            sessions: self.sessions.load(Ordering::Acquire),
            bytes_from_host: self.from_host.load(Ordering::Acquire),
            bytes_to_host: self.to_host.load(Ordering::Acquire),
            bytes_dropped: self.dropped.load(Ordering::Acquire),
        }
    }

    pub(crate) fn add(counter: &AtomicU64, n: usize) {
        counter.fetch_add(n as u64, Ordering::AcqRel);
    }
}

/// A pseudo-terminal whose host side is ready to be opened like a board's serial port.
#[derive(Debug)]
pub struct PtyPort {
    /// The simulator's side. Dropping it makes the host side vanish.
    master: TTYPort,
    /// The host's side, e.g. `/dev/pts/3`.
    path: PathBuf,
    counters: Arc<Counters>,
}

impl PtyPort {
    /// Creates a pseudo-terminal in raw mode, with no host connected yet.
    pub fn open() -> Result<Self, PtyError> {
        let (master, slave) = {
            let _guard = PAIR_LOCK
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            TTYPort::pair().map_err(PtyError::Create)?
        };
        let path = PathBuf::from(slave.name().ok_or(PtyError::Unnamed)?);
        // The master has no processing of its own to switch off (on Linux, termios calls
        // on it act on the host side anyway): the host side is the one to make raw.
        make_raw(slave.as_raw_fd(), &path)?;
        set_nonblocking(master.as_raw_fd()).map_err(|source| PtyError::NonBlocking {
            path: path.clone(),
            source,
        })?;
        // Hold no descriptor of the host side: once the host closes its own, the master
        // reports a hang-up, which is how the loop learns that the host has gone.
        drop(slave);
        Ok(PtyPort {
            master,
            path,
            counters: Arc::default(),
        })
    }

    /// The simulator's side, to drive by hand (a test's scripted device), and
    /// the host side's path. The side is non-blocking: read it through the
    /// `serialport` interface, whose reads wait up to its timeout.
    pub fn into_master(self) -> (TTYPort, PathBuf) {
        (self.master, self.path)
    }

    /// The path the host opens, e.g. `/dev/pts/3`.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What has crossed this pseudo-terminal so far.
    pub fn traffic(&self) -> Traffic {
        self.counters.snapshot()
    }

    /// Makes the host side as it was before anyone opened it: nothing queued, raw mode.
    ///
    /// Bytes written but never read by a departed host sit in the host side's input queue
    /// and would be the first thing the next host reads; and the departed host may have
    /// changed the line's settings. Only a descriptor of the host side can flush that
    /// queue (flushing from the master side leaves what the line discipline already
    /// holds), so the host side is opened briefly here. Best-effort: if a new host has
    /// already claimed the port exclusively, it is left alone.
    fn reset_host_side(&self) {
        let Ok(host_side) = OpenOptions::new()
            .read(true)
            .write(true)
            // O_NOCTTY: never become the simulator's controlling terminal.
            .custom_flags((OFlag::O_NOCTTY | OFlag::O_NONBLOCK).bits())
            .open(&self.path)
        else {
            return;
        };
        let _ = tcflush(host_side.as_raw_fd(), FlushArg::TCIFLUSH);
        let _ = make_raw(host_side.as_raw_fd(), &self.path);
    }

    pub(crate) fn counters(&self) -> Arc<Counters> {
        Arc::clone(&self.counters)
    }

    /// Pumps bytes between the host and `device` until `stop` is raised or, with
    /// [`OnHangUp::Stop`], the host closes the port after having opened it.
    ///
    /// Blocks the calling thread; [`crate::serve_on_pty`] runs it on a thread of its own.
    pub fn serve<D: SerialDevice + ?Sized>(
        &mut self,
        device: &mut D,
        stop: &StopSignal,
        on_hang_up: OnHangUp,
    ) -> Result<ServeEnd, PtyError> {
        Pump {
            port: self,
            device,
            stop,
            on_hang_up,
            connected: false,
            inbox: VecDeque::new(),
            outbox: VecDeque::new(),
        }
        .run()
    }
}

/// What one read from the host side brought.
enum Inflow {
    /// Bytes, now in the inbox.
    Data,
    /// Nothing this time.
    Nothing,
    /// The host has closed the port and everything it sent has been read.
    HostGone,
}

/// One run of the serving loop.
struct Pump<'a, D: SerialDevice + ?Sized> {
    port: &'a PtyPort,
    device: &'a mut D,
    stop: &'a StopSignal,
    on_hang_up: OnHangUp,
    /// Whether a host has the port open.
    connected: bool,
    /// Bytes from the host the device has not taken yet.
    inbox: VecDeque<u8>,
    /// Device output not yet written towards the host.
    outbox: VecDeque<u8>,
}

impl<D: SerialDevice + ?Sized> Pump<'_, D> {
    fn run(mut self) -> Result<ServeEnd, PtyError> {
        loop {
            let busy = self.step_device();
            self.write_to_host()?;
            let timeout = if busy {
                Some(Duration::ZERO)
            } else if self.connected {
                None
            } else {
                Some(PEER_POLL_INTERVAL)
            };
            let stop = if self.connected {
                self.wait_connected(timeout)?
            } else {
                self.wait_for_host(timeout)?
            };
            if let Some(end) = stop {
                self.set_connected(false);
                return Ok(end);
            }
        }
    }

    /// Feeds the device, lets its time pass and collects its output. Returns whether it
    /// needs to run again without waiting for the host.
    fn step_device(&mut self) -> bool {
        while let Some(&byte) = self.inbox.front() {
            if !self.device.ready_to_receive() {
                break;
            }
            self.device.receive(byte);
            self.inbox.pop_front();
        }
        let activity = self.device.advance();
        let mut dropped = 0;
        let mut more = false;
        loop {
            if self.connected && self.outbox.len() >= OUTBOX_LIMIT {
                break;
            }
            if !self.connected && dropped >= OUTBOX_LIMIT {
                more = true;
                break;
            }
            match self.device.poll_transmit() {
                Some(byte) if self.connected => self.outbox.push_back(byte),
                Some(_) => dropped += 1,
                None => break,
            }
        }
        Counters::add(&self.port.counters.dropped, dropped);
        // Bytes the device refused and an idle device would wait for each other forever,
        // so pending input keeps the loop turning.
        activity == Activity::Busy || more || !self.inbox.is_empty()
    }

    /// Writes as much pending device output as the host side takes without blocking.
    fn write_to_host(&mut self) -> Result<(), PtyError> {
        if !self.connected || self.outbox.is_empty() {
            return Ok(());
        }
        match nix::unistd::write(self.fd(), self.outbox.make_contiguous()) {
            Ok(written) => {
                self.outbox.drain(..written);
                Counters::add(&self.port.counters.to_host, written);
                Ok(())
            }
            // Full (the host is not reading), interrupted, or the host has just gone:
            // poll tells which.
            Err(Errno::EAGAIN | Errno::EINTR | Errno::EIO) => Ok(()),
            Err(errno) => Err(PtyError::Write {
                path: self.port.path.clone(),
                source: errno.into(),
            }),
        }
    }

    /// Waits (at most `timeout`, `None` for no limit) for host input, room for output,
    /// a hang-up or a stop request, and handles what came.
    fn wait_connected(&mut self, timeout: Option<Duration>) -> Result<Option<ServeEnd>, PtyError> {
        let mut wanted = PollFlags::empty();
        if self.inbox.is_empty() {
            wanted |= PollFlags::POLLIN;
        }
        if !self.outbox.is_empty() {
            wanted |= PollFlags::POLLOUT;
        }
        let mut fds = [
            PollFd::new(self.stop.as_raw_fd(), PollFlags::POLLIN),
            PollFd::new(self.fd(), wanted),
        ];
        self.wait(&mut fds, timeout)?;
        if StopSignal::raised_by(fds[0]) {
            return Ok(Some(ServeEnd::Stopped));
        }
        let events = self.events(fds[1])?;
        // A hang-up is reported while unread input remains, so only a read that finds
        // the input exhausted proves the host has gone.
        if events.intersects(PollFlags::POLLIN | PollFlags::POLLHUP)
            && matches!(self.read_from_host()?, Inflow::HostGone)
        {
            self.host_hung_up();
            if self.on_hang_up == OnHangUp::Stop {
                return Ok(Some(ServeEnd::HungUp));
            }
        }
        Ok(None)
    }

    /// With no host connected: waits (at most `timeout`) for a stop request, then looks
    /// whether a host has opened the port.
    fn wait_for_host(&mut self, timeout: Option<Duration>) -> Result<Option<ServeEnd>, PtyError> {
        // The master reports a hang-up for as long as nobody has the host side open, so
        // it cannot be waited on here: only the stop signal is.
        let mut stop = [PollFd::new(self.stop.as_raw_fd(), PollFlags::POLLIN)];
        self.wait(&mut stop, timeout)?;
        if StopSignal::raised_by(stop[0]) {
            return Ok(Some(ServeEnd::Stopped));
        }
        let wanted = if self.inbox.is_empty() {
            PollFlags::POLLIN
        } else {
            PollFlags::empty()
        };
        let mut master = [PollFd::new(self.fd(), wanted)];
        self.wait(&mut master, Some(Duration::ZERO))?;
        let events = self.events(master[0])?;
        if events.contains(PollFlags::POLLIN) {
            // A host wrote, maybe even closed again already: it was here all the same.
            if let Inflow::Data = self.read_from_host()? {
                self.host_connected();
            }
        } else if !events.contains(PollFlags::POLLHUP) {
            self.host_connected();
        }
        Ok(None)
    }

    fn host_connected(&mut self) {
        Counters::add(&self.port.counters.sessions, 1);
        self.set_connected(true);
    }

    /// Forgets output meant for a host that has gone, so the next one starts clean.
    fn host_hung_up(&mut self) {
        self.set_connected(false);
        Counters::add(&self.port.counters.dropped, self.outbox.len());
        self.outbox.clear();
        self.port.reset_host_side();
    }

    fn set_connected(&mut self, connected: bool) {
        self.connected = connected;
        self.port
            .counters
            .connected
            .store(connected, Ordering::Release);
    }

    fn read_from_host(&mut self) -> Result<Inflow, PtyError> {
        let mut buf = [0u8; READ_CHUNK];
        match nix::unistd::read(self.fd(), &mut buf) {
            Ok(0) | Err(Errno::EAGAIN | Errno::EINTR) => Ok(Inflow::Nothing),
            Ok(n) => {
                self.inbox.extend(&buf[..n]);
                Counters::add(&self.port.counters.from_host, n);
                Ok(Inflow::Data)
            }
            // Linux: no descriptor of the host side is open and its output is all read.
            Err(Errno::EIO) => Ok(Inflow::HostGone),
            Err(errno) => Err(PtyError::Read {
                path: self.port.path.clone(),
                source: errno.into(),
            }),
        }
    }

    fn wait(&self, fds: &mut [PollFd], timeout: Option<Duration>) -> Result<(), PtyError> {
        let millis = match timeout {
            None => -1,
            Some(limit) => i32::try_from(limit.as_millis()).unwrap_or(i32::MAX),
        };
        match poll(fds, millis) {
            // An interrupted wait just means another turn of the loop.
            Ok(_) | Err(Errno::EINTR) => Ok(()),
            Err(errno) => Err(PtyError::Poll {
                path: self.port.path.clone(),
                source: errno.into(),
            }),
        }
    }

    /// The events on the master, or an error if they include an error condition.
    fn events(&self, fd: PollFd) -> Result<PollFlags, PtyError> {
        let events = fd.revents().unwrap_or(PollFlags::empty());
        if events.intersects(PollFlags::POLLERR | PollFlags::POLLNVAL) {
            return Err(PtyError::Broken {
                path: self.port.path.clone(),
                events: format!("{events:?}"),
            });
        }
        Ok(events)
    }

    fn fd(&self) -> RawFd {
        self.port.master.as_raw_fd()
    }
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    let flags = OFlag::from_bits_truncate(fcntl(fd, FcntlArg::F_GETFL)?);
    fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    Ok(())
}
