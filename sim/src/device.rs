//! The byte-stream device interface: what the simulator drives behind a serial line.
//!
//! Seen from the host, a board is a thing that takes bytes on its UART receiver and,
//! some simulated time later, sends bytes on its transmitter. [`SerialDevice`] is that
//! contract and nothing more, so the transport that serves a device (a pseudo-terminal
//! today, perhaps TCP later) knows nothing about what is inside it, and a hardware
//! simulation that is fed one byte at a time and answers after many clock cycles fits it
//! as well as a few lines of test code do.

/// Whether a device needs simulated time to keep passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    /// Nothing will happen until the next received byte: whoever drives the device may
    /// sleep until the host writes something.
    Idle,
    /// Work is under way (a byte being shifted in or out, a search running): call
    /// [`SerialDevice::advance`] again soon.
    Busy,
}

/// A device at the far end of a serial line, driven step by step by a simulator.
///
/// The driver repeats, in this order: hand over received bytes with
/// [`receive`](Self::receive) while [`ready_to_receive`](Self::ready_to_receive) says so;
/// call [`advance`](Self::advance) once; collect output with
/// [`poll_transmit`](Self::poll_transmit) until it returns `None` (or the line is full).
/// When `advance` reports [`Activity::Idle`] and nothing is pending, the driver may block
/// until the host sends more.
///
/// A device never sees the host directly: it does not know whether anyone is listening,
/// exactly as a board's UART does not.
///
/// # Example
///
/// A device that answers every byte with its bitwise complement, driven by hand:
///
/// ```
/// use sim::{Activity, SerialDevice};
/// use std::collections::VecDeque;
///
/// #[derive(Default)]
/// struct Complement(VecDeque<u8>);
///
/// impl SerialDevice for Complement {
///     fn receive(&mut self, byte: u8) {
///         self.0.push_back(!byte);
///     }
///     fn poll_transmit(&mut self) -> Option<u8> {
///         self.0.pop_front()
///     }
/// }
///
/// let mut device = Complement::default();
/// device.receive(0x0f);
/// assert_eq!(device.advance(), Activity::Idle);
/// assert_eq!(device.poll_transmit(), Some(0xf0));
/// assert_eq!(device.poll_transmit(), None);
/// ```
pub trait SerialDevice {
    /// Whether the receiver can take another byte now.
    ///
    /// A device that models a real receiver (one byte every so many clock cycles, a small
    /// FIFO) returns `false` while it is full; the driver then keeps the byte, keeps
    /// calling [`advance`](Self::advance), and offers it again. A device that says `false`
    /// must report [`Activity::Busy`], or it would wait forever. Defaults to `true`.
    fn ready_to_receive(&self) -> bool {
        true
    }

    /// One byte arrives from the host. Only called while
    /// [`ready_to_receive`](Self::ready_to_receive) is `true`.
    fn receive(&mut self, byte: u8);

    /// Lets one slice of simulated time pass (for a hardware model: run some clock
    /// cycles) and says whether more is needed.
    ///
    /// Keep a slice short (a few milliseconds of real time): the driver notices a stop
    /// request or a host hanging up only between slices. Devices whose answers are
    /// immediate keep the default, which does nothing and reports [`Activity::Idle`].
    fn advance(&mut self) -> Activity {
        Activity::Idle
    }

    /// The next byte the transmitter sends, if one is ready.
    ///
    /// The driver calls this only when the line can take the byte, so a device that
    /// keeps its output queued here is held back while the host is not reading.
    fn poll_transmit(&mut self) -> Option<u8>;
}

impl<D: SerialDevice + ?Sized> SerialDevice for &mut D {
    fn ready_to_receive(&self) -> bool {
        (**self).ready_to_receive()
    }
    fn receive(&mut self, byte: u8) {
        (**self).receive(byte)
    }
    fn advance(&mut self) -> Activity {
        (**self).advance()
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        (**self).poll_transmit()
    }
}

impl<D: SerialDevice + ?Sized> SerialDevice for Box<D> {
    fn ready_to_receive(&self) -> bool {
        (**self).ready_to_receive()
    }
    fn receive(&mut self, byte: u8) {
        (**self).receive(byte)
    }
    fn advance(&mut self) -> Activity {
        (**self).advance()
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        (**self).poll_transmit()
    }
}
