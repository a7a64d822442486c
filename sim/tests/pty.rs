//! The pseudo-terminal seen from the host: opened with `serialport` as the host opens a
//! board, bytes must cross unchanged both ways, and stopping or hanging up must end the
//! serving thread promptly. Every wait is bounded, so a hang fails a test instead of
//! stalling the run.
#![cfg(unix)]

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::AsRawFd;
use std::path::Path;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nix::fcntl::OFlag;
use nix::sys::termios::{tcgetattr, InputFlags, LocalFlags, OutputFlags};
use serialport::SerialPort;
use sim::{serve_on_pty, Activity, OnHangUp, PtyServer, SerialDevice, ServeEnd};

/// The most any single step of a test may take.
const LIMIT: Duration = Duration::from_secs(5);

/// How long the host waits to make sure nothing more arrives.
const QUIET: Duration = Duration::from_millis(200);

/// Answers each byte with its bitwise complement, and remembers what it received.
#[derive(Debug, Default)]
struct Complement {
    received: Vec<u8>,
    pending: VecDeque<u8>,
}

impl SerialDevice for Complement {
    fn receive(&mut self, byte: u8) {
        self.received.push(byte);
        self.pending.push_back(!byte);
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        self.pending.pop_front()
    }
}

/// Answers the request "0" with "1AB", as a board acknowledges a new game with its team
/// code; ignores everything else.
#[derive(Debug, Default)]
struct Greeter {
    pending: VecDeque<u8>,
}

impl SerialDevice for Greeter {
    fn receive(&mut self, byte: u8) {
        if byte == b'0' {
            self.pending.extend(b"1AB");
        }
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        self.pending.pop_front()
    }
}

/// Like a hardware receiver: takes one byte, works on it for `STEPS` slices of simulated
/// time during which it refuses input, then sends the byte plus one.
#[derive(Debug, Default)]
struct Slow {
    working: Option<(u8, u32)>,
    pending: VecDeque<u8>,
    received: Vec<u8>,
    slices: u64,
}

impl Slow {
    const STEPS: u32 = 50;
}

impl SerialDevice for Slow {
    fn ready_to_receive(&self) -> bool {
        self.working.is_none()
    }
    fn receive(&mut self, byte: u8) {
        assert!(
            self.working.is_none(),
            "a byte was pushed into a busy receiver"
        );
        self.received.push(byte);
        self.working = Some((byte, Self::STEPS));
    }
    fn advance(&mut self) -> Activity {
        self.slices += 1;
        match self.working {
            None => Activity::Idle,
            Some((byte, 0)) => {
                self.pending.push_back(byte.wrapping_add(1));
                self.working = None;
                Activity::Idle
            }
            Some((byte, left)) => {
                self.working = Some((byte, left - 1));
                Activity::Busy
            }
        }
    }
    fn poll_transmit(&mut self) -> Option<u8> {
        self.pending.pop_front()
    }
}

/// Runs `f` on a thread and fails the test if it takes longer than `limit`.
fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(limit) {
        Ok(value) => value,
        Err(_) => panic!("{what} took longer than {limit:?}"),
    }
}

/// Opens the simulated board as the host does.
fn open_host(path: &Path) -> Box<dyn SerialPort> {
    serialport::new(path.to_string_lossy(), 115_200)
        .timeout(LIMIT)
        .open()
        .unwrap_or_else(|e| panic!("host could not open {}: {e}", path.display()))
}

/// Reads exactly `n` bytes, failing after the port's timeout.
fn read_n(port: &mut dyn SerialPort, n: usize) -> Vec<u8> {
    let mut buf = vec![0u8; n];
    port.read_exact(&mut buf)
        .unwrap_or_else(|e| panic!("host expected {n} bytes: {e}"));
    buf
}

/// Asserts that nothing more arrives for a while.
fn assert_quiet(port: &mut dyn SerialPort) {
    port.set_timeout(QUIET).unwrap();
    let mut buf = [0u8; 64];
    match port.read(&mut buf) {
        Err(e) if e.kind() == io::ErrorKind::TimedOut => {}
        Ok(n) => panic!("unexpected extra bytes {:02x?}", &buf[..n]),
        Err(e) => panic!("reading failed while expecting silence: {e}"),
    }
    port.set_timeout(LIMIT).unwrap();
}

/// Waits until the server's view of the host connection is `connected`.
fn wait_connected<D>(server: &PtyServer<D>, connected: bool) {
    let deadline = Instant::now() + LIMIT;
    while server.traffic().connected != connected {
        assert!(
            Instant::now() < deadline,
            "server never saw connected = {connected}"
        );
        thread::sleep(Duration::from_millis(1));
    }
}

fn all_bytes() -> Vec<u8> {
    (0..=255u8).collect()
}

#[test]
fn a_request_is_answered_through_the_host_side() {
    let server = serve_on_pty(Greeter::default(), OnHangUp::Stop).unwrap();
    assert!(
        server.path().starts_with("/dev/"),
        "odd path {}",
        server.path().display()
    );
    let mut host = open_host(server.path());
    host.write_all(b"0").unwrap();
    assert_eq!(read_n(host.as_mut(), 3), b"1AB");
    host.write_all(b"x0").unwrap();
    assert_eq!(read_n(host.as_mut(), 3), b"1AB");
    assert_quiet(host.as_mut());
    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    assert_eq!(served.end, ServeEnd::Stopped);
    assert_eq!(served.traffic.sessions, 1);
    assert_eq!(served.traffic.bytes_from_host, 3);
    assert_eq!(served.traffic.bytes_to_host, 6);
}

#[test]
fn every_byte_value_passes_unchanged_both_ways() {
    let server = serve_on_pty(Complement::default(), OnHangUp::Stop).unwrap();
    let mut host = open_host(server.path());
    host.write_all(&all_bytes()).unwrap();
    let expected: Vec<u8> = all_bytes().iter().map(|b| !b).collect();
    // No echo, no CR/LF mapping, no dropped control characters: exactly the answers.
    assert_eq!(read_n(host.as_mut(), 256), expected);
    assert_quiet(host.as_mut());
    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    // Nothing swallowed (^C, ^S, ^Q, ^V...), nothing added (CR -> CR LF).
    assert_eq!(served.device.received, all_bytes());
    assert_eq!(served.traffic.bytes_from_host, 256);
    assert_eq!(served.traffic.bytes_to_host, 256);
}

#[test]
fn bytes_pass_unchanged_even_to_a_host_that_configures_nothing() {
    let server = serve_on_pty(Complement::default(), OnHangUp::Stop).unwrap();
    let path = server.path().to_owned();
    // A plain open, no termios calls: the line must already be raw.
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags((OFlag::O_NOCTTY | OFlag::O_NONBLOCK).bits())
        .open(&path)
        .unwrap();
    let termios = tcgetattr(file.as_raw_fd()).unwrap();
    assert!(!termios
        .local_flags
        .intersects(LocalFlags::ECHO | LocalFlags::ICANON | LocalFlags::ISIG | LocalFlags::IEXTEN));
    assert!(!termios.input_flags.intersects(
        InputFlags::ICRNL
            | InputFlags::INLCR
            | InputFlags::IGNCR
            | InputFlags::IXON
            | InputFlags::ISTRIP
    ));
    assert!(!termios.output_flags.contains(OutputFlags::OPOST));

    let answers = within(LIMIT, "raw round trip", move || {
        let mut file = file;
        file.write_all(&all_bytes()).unwrap();
        let mut got = Vec::new();
        let mut buf = [0u8; 512];
        while got.len() < 256 {
            match file.read(&mut buf) {
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    thread::sleep(Duration::from_millis(1))
                }
                Err(e) => panic!("raw read failed: {e}"),
            }
        }
        thread::sleep(QUIET);
        match file.read(&mut buf) {
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            other => panic!("expected silence after the answers, got {other:?}"),
        }
        got
    });
    let expected: Vec<u8> = all_bytes().iter().map(|b| !b).collect();
    assert_eq!(answers, expected);
    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    assert_eq!(served.device.received, all_bytes());
}

#[test]
fn a_slow_device_is_fed_one_byte_at_a_time() {
    let server = serve_on_pty(Slow::default(), OnHangUp::Stop).unwrap();
    let mut host = open_host(server.path());
    host.write_all(b"abc\x00\xff").unwrap();
    assert_eq!(read_n(host.as_mut(), 5), b"bcd\x01\x00");
    assert_quiet(host.as_mut());
    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    assert_eq!(served.device.received, b"abc\x00\xff");
    // Simulated time passed for every byte, one slice per advance.
    assert!(served.device.slices >= 5 * u64::from(Slow::STEPS));
}

#[test]
fn stopping_before_any_host_connects_ends_promptly() {
    let server = serve_on_pty(Complement::default(), OnHangUp::Stop).unwrap();
    let path = server.path().to_owned();
    assert!(path.exists());
    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    assert_eq!(served.end, ServeEnd::Stopped);
    assert_eq!(served.traffic.sessions, 0);
}

#[test]
fn stopping_while_a_host_is_connected_ends_promptly_and_unplugs_the_board() {
    let server = serve_on_pty(Complement::default(), OnHangUp::Stop).unwrap();
    let stop = server.stop_handle();
    let mut host = open_host(server.path());
    host.write_all(&[7]).unwrap();
    assert_eq!(read_n(host.as_mut(), 1), [!7]);
    stop.stop();
    let served = within(LIMIT, "waiting after a stop", move || server.wait()).unwrap();
    assert_eq!(served.end, ServeEnd::Stopped);
    assert!(!served.traffic.connected);
    // The host now finds the line dead, promptly, as when a board is unplugged.
    let outcome = within(LIMIT, "reading from a stopped board", move || {
        let mut buf = [0u8; 1];
        host.read(&mut buf)
    });
    match outcome {
        Ok(0) => {}
        Err(e) if e.kind() != io::ErrorKind::TimedOut => {}
        other => panic!("host should see the board vanish, got {other:?}"),
    }
}

#[test]
fn dropping_the_server_stops_it() {
    let server = serve_on_pty(Complement::default(), OnHangUp::AwaitReconnect).unwrap();
    let path = server.path().to_owned();
    let host = open_host(&path);
    within(LIMIT, "dropping the server", move || drop(server));
    drop(host);
}

#[test]
fn the_host_hanging_up_ends_serving() {
    let server = serve_on_pty(Greeter::default(), OnHangUp::Stop).unwrap();
    let mut host = open_host(server.path());
    host.write_all(b"0").unwrap();
    assert_eq!(read_n(host.as_mut(), 3), b"1AB");
    drop(host);
    let served = within(LIMIT, "waiting for the hang-up", move || server.wait()).unwrap();
    assert_eq!(served.end, ServeEnd::HungUp);
    assert_eq!(served.traffic.sessions, 1);
    assert!(!served.traffic.connected);
}

#[test]
fn after_a_hang_up_the_next_host_starts_clean() {
    let server = serve_on_pty(Greeter::default(), OnHangUp::AwaitReconnect).unwrap();
    let path = server.path().to_owned();

    // The first host reads only the first byte of the answer and leaves.
    let mut first = open_host(&path);
    first.write_all(b"0").unwrap();
    assert_eq!(read_n(first.as_mut(), 1), b"1");
    wait_connected(&server, true);
    drop(first);
    wait_connected(&server, false);
    assert!(!server.is_finished(), "serving must go on after a hang-up");

    // The second host must not receive the "AB" the first one left behind.
    let mut second = open_host(&path);
    second.write_all(b"0").unwrap();
    assert_eq!(read_n(second.as_mut(), 3), b"1AB");
    assert_quiet(second.as_mut());
    drop(second);
    wait_connected(&server, false);

    let served = within(LIMIT, "stopping", move || server.stop()).unwrap();
    assert_eq!(served.end, ServeEnd::Stopped);
    assert_eq!(served.traffic.sessions, 2);
    assert_eq!(served.traffic.bytes_from_host, 2);
}

#[test]
fn a_panicking_device_is_reported_not_hidden() {
    #[derive(Debug)]
    struct Faulty;
    impl SerialDevice for Faulty {
        fn receive(&mut self, _: u8) {
            panic!("simulated fault");
        }
        fn poll_transmit(&mut self) -> Option<u8> {
            None
        }
    }
    let server = serve_on_pty(Faulty, OnHangUp::Stop).unwrap();
    let mut host = open_host(server.path());
    host.write_all(b"0").unwrap();
    let error = within(LIMIT, "waiting for the fault", move || server.wait()).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("simulated fault"), "{message}");
}
