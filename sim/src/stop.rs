//! Stop requests that wake a serving loop at once, even while it sleeps waiting for input.
//!
//! A [`StopHandle`] and a [`StopSignal`] are the two ends of a local socket pair: a stop
//! request writes one byte, which makes the signal's descriptor readable, so the serving
//! loop can wait on it in the same `poll` as the pseudo-terminal, with no periodic waking.

use std::io::{self, Read, Write};
use std::os::unix::io::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;

use nix::poll::{poll, PollFd, PollFlags};

/// Asks a serving loop to stop. Cheap to clone; any clone may stop it.
#[derive(Clone, Debug)]
pub struct StopHandle {
    sender: Arc<UnixStream>,
}

/// The receiving end of a [`StopHandle`], watched by the serving loop.
///
/// It is raised once any handle has called [`StopHandle::stop`], or once every handle has
/// been dropped (nobody could stop the loop any more, so it stops).
#[derive(Debug)]
pub struct StopSignal {
    receiver: UnixStream,
}

/// Creates a connected stop handle and signal.
pub fn stop_pair() -> io::Result<(StopHandle, StopSignal)> {
    let (sender, receiver) = UnixStream::pair()?;
    sender.set_nonblocking(true)?;
    receiver.set_nonblocking(true)?;
    Ok((
        StopHandle {
            sender: Arc::new(sender),
        },
        StopSignal { receiver },
    ))
}

impl StopHandle {
    /// Requests the stop. Returns at once; asking more than once is harmless.
    pub fn stop(&self) {
        // A full socket buffer (WouldBlock) means stop requests are already pending, and a
        // closed peer means the loop has already ended: either way there is nothing to do.
        let _ = (&*self.sender).write(&[1]);
    }
}

impl StopSignal {
    /// Whether a stop has been requested (or every handle has been dropped).
    pub fn is_raised(&self) -> bool {
        let mut fds = [PollFd::new(self.as_raw_fd(), PollFlags::POLLIN)];
        matches!(poll(&mut fds, 0), Ok(n) if n > 0) && Self::raised_by(fds[0])
    }

    /// Whether poll events seen on this signal's descriptor mean "stop".
    pub(crate) fn raised_by(fd: PollFd) -> bool {
        fd.revents().is_some_and(|events| {
            events.intersects(PollFlags::POLLIN | PollFlags::POLLHUP | PollFlags::POLLERR)
        })
    }

    /// Clears pending stop requests, so the signal can be reused for another run.
    pub fn reset(&mut self) {
        let mut buf = [0u8; 64];
        while matches!(self.receiver.read(&mut buf), Ok(n) if n > 0) {}
    }
}

impl AsRawFd for StopSignal {
    fn as_raw_fd(&self) -> RawFd {
        self.receiver.as_raw_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raised_only_after_stop() {
        let (handle, signal) = stop_pair().unwrap();
        assert!(!signal.is_raised());
        handle.clone().stop();
        assert!(signal.is_raised());
        handle.stop(); // twice is harmless
        assert!(signal.is_raised());
    }

    #[test]
    fn raised_when_every_handle_is_dropped() {
        let (handle, signal) = stop_pair().unwrap();
        let clone = handle.clone();
        drop(handle);
        assert!(!signal.is_raised(), "a clone still lives");
        drop(clone);
        assert!(signal.is_raised());
    }

    #[test]
    fn reset_clears_pending_requests() {
        let (handle, mut signal) = stop_pair().unwrap();
        handle.stop();
        handle.stop();
        signal.reset();
        assert!(!signal.is_raised());
    }
}
