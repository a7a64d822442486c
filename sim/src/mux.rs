//! One device behind several transports at once, as one board has one serial line
//! however many cables could reach it.
//!
//! [`Mux::new`] runs a [`SerialDevice`] on a thread of its own and hands out
//! [`MuxPort`]s, each a `SerialDevice` itself that any serving loop drives
//! ([`crate::serve_on_pty`], [`crate::serve_on_tcp`]): bytes received on any port go to
//! the device, in the order they arrive; the device's output goes to the port that sent
//! the most recent byte (a host that has just asked something is the one waiting for the
//! answer). So `arena board-sim` serves one board on a pseudo-terminal and a TCP port
//! without either serving loop knowing about the other.
//!
//! A port reports [`Activity::Busy`] while output may still come its way (it sent the
//! last byte and the device is not idle yet, or output is queued for it), waiting up to
//! [`PORT_WAIT`] for it in each `advance`, so its serving loop keeps turning without
//! spinning; otherwise it is [`Activity::Idle`] and its loop sleeps until its own host
//! sends something.

use crate::device::{Activity, SerialDevice};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// The longest a port's `advance` waits for output.
pub const PORT_WAIT: Duration = Duration::from_millis(2);

/// What the device's thread and the ports share.
#[derive(Debug, Default)]
struct State {
    /// Bytes from the ports, for the device.
    inbox: VecDeque<u8>,
    /// The port that sent the most recent byte.
    owner: Option<usize>,
    /// The device's output, per port.
    outboxes: Vec<VecDeque<u8>>,
    /// The device may still produce output: it has bytes to take, or said it is busy.
    busy: bool,
    /// The device's thread is to end.
    stop: bool,
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    /// Signalled whenever `state` changes.
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A device run on its own thread, shared by [`MuxPort`]s. Dropping it stops the thread
/// (the ports then stay idle and drop what they receive).
#[derive(Debug)]
pub struct Mux {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Mux {
    /// Starts running `device`.
    pub fn new<D: SerialDevice + Send + 'static>(device: D) -> std::io::Result<Mux> {
        let shared = Arc::new(Shared::default());
        let thread = std::thread::Builder::new()
            .name("sim device".into())
            .spawn({
                let shared = Arc::clone(&shared);
                move || run(device, &shared)
            })?;
        Ok(Mux {
            shared,
            thread: Some(thread),
        })
    }

    /// A new port onto the device.
    pub fn port(&self) -> MuxPort {
        let mut state = self.shared.lock();
        state.outboxes.push(VecDeque::new());
        MuxPort {
            id: state.outboxes.len() - 1,
            shared: Arc::clone(&self.shared),
        }
    }

    /// Whether the device's thread has ended (only a panicking device ends it early).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl Drop for Mux {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The device's thread: feeds it, lets its time pass while it is busy, and routes its
/// output; sleeps while it is idle and nothing comes.
fn run<D: SerialDevice>(mut device: D, shared: &Shared) {
    // Bytes taken from the inbox that the device has not been ready for yet.
    let mut held = VecDeque::new();
    let mut output = Vec::new();
    loop {
        // The device runs only once a port has sent a byte, so there is always an owner.
        {
            let mut state = shared.lock();
            while !state.stop && !state.busy {
                state = shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
            if state.stop {
                return;
            }
            held.extend(state.inbox.drain(..));
        }
        while let Some(&byte) = held.front() {
            if !device.ready_to_receive() {
                break;
            }
            device.receive(byte);
            held.pop_front();
        }
        let activity = device.advance();
        output.extend(std::iter::from_fn(|| device.poll_transmit()));
        let mut state = shared.lock();
        if let Some(owner) = state.owner {
            state.outboxes[owner].extend(output.drain(..));
        }
        if activity == Activity::Idle && held.is_empty() && state.inbox.is_empty() {
            state.busy = false;
        }
        drop(state);
        shared.changed.notify_all();
    }
}

/// One transport's view of a [`Mux`]'s device.
#[derive(Debug)]
pub struct MuxPort {
    id: usize,
    shared: Arc<Shared>,
}

impl SerialDevice for MuxPort {
    fn receive(&mut self, byte: u8) {
        let mut state = self.shared.lock();
        state.inbox.push_back(byte);
        state.owner = Some(self.id);
        state.busy = true;
        drop(state);
        self.shared.changed.notify_all();
    }

    fn advance(&mut self) -> Activity {
        let state = self.shared.lock();
        let waiting = |s: &State| {
            s.outboxes[self.id].is_empty() && s.busy && !s.stop && s.owner == Some(self.id)
        };
        if !state.outboxes[self.id].is_empty() {
            return Activity::Busy;
        }
        if !waiting(&state) {
            return Activity::Idle;
        }
        let _ = self
            .shared
            .changed
            .wait_timeout_while(state, PORT_WAIT, |s| waiting(s));
        Activity::Busy
    }

    fn poll_transmit(&mut self) -> Option<u8> {
        self.shared.lock().outboxes[self.id].pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Answers each byte with its bitwise complement, after `delay` slices.
    #[derive(Default)]
    struct SlowComplement {
        waiting: VecDeque<(u8, u32)>,
        ready: VecDeque<u8>,
        delay: u32,
    }

    impl SerialDevice for SlowComplement {
        fn receive(&mut self, byte: u8) {
            self.waiting.push_back((!byte, self.delay));
        }
        fn advance(&mut self) -> Activity {
            for (_, left) in self.waiting.iter_mut() {
                *left = left.saturating_sub(1);
            }
            while let Some(&(byte, 0)) = self.waiting.front() {
                self.ready.push_back(byte);
                self.waiting.pop_front();
            }
            if self.waiting.is_empty() {
                Activity::Idle
            } else {
                std::thread::sleep(Duration::from_millis(1));
                Activity::Busy
            }
        }
        fn poll_transmit(&mut self) -> Option<u8> {
            self.ready.pop_front()
        }
    }

    /// Drives `port` as a serving loop does until `count` bytes came out or 5 s passed.
    fn collect(port: &mut MuxPort, count: usize) -> Vec<u8> {
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut out = Vec::new();
        while out.len() < count && Instant::now() < deadline {
            port.advance();
            out.extend(std::iter::from_fn(|| port.poll_transmit()));
        }
        out
    }

    #[test]
    fn output_goes_to_the_port_that_sent_last() {
        let mux = Mux::new(SlowComplement {
            delay: 5,
            ..Default::default()
        })
        .unwrap();
        let (mut a, mut b) = (mux.port(), mux.port());
        a.receive(0x0f);
        assert_eq!(collect(&mut a, 1), [0xf0]);
        assert_eq!(b.advance(), Activity::Idle, "b sent nothing");
        assert_eq!(b.poll_transmit(), None);
        b.receive(0x01);
        b.receive(0x02);
        assert_eq!(collect(&mut b, 2), [0xfe, 0xfd]);
        assert_eq!(a.poll_transmit(), None);
        // Both ports idle once the device is.
        assert_eq!(a.advance(), Activity::Idle);
        assert_eq!(b.advance(), Activity::Idle);
    }

    #[test]
    fn the_sender_stays_busy_until_its_answer_is_out() {
        let mux = Mux::new(SlowComplement {
            delay: 30,
            ..Default::default()
        })
        .unwrap();
        let mut port = mux.port();
        port.receive(0x55);
        // The device takes ~30 ms; every advance in between is Busy and none spins.
        let started = Instant::now();
        let mut turns = 0;
        let mut answer = None;
        while port.advance() == Activity::Busy {
            turns += 1;
            answer = port.poll_transmit();
            if answer.is_some() {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(5), "no answer");
        }
        assert_eq!(answer, Some(0xaa), "the answer, before the port went idle");
        assert!(turns > 1, "busy while the answer was on its way");
        assert!(
            turns < 1000,
            "{turns} turns: advance waits rather than spins"
        );
    }

    #[test]
    fn dropping_the_mux_stops_the_device() {
        let mux = Mux::new(SlowComplement::default()).unwrap();
        let mut port = mux.port();
        assert!(!mux.is_finished());
        drop(mux);
        port.receive(1);
        assert_eq!(
            port.advance(),
            Activity::Idle,
            "stopped: nothing to wait for"
        );
        assert_eq!(port.poll_transmit(), None);
    }
}
