//! The `arena-board-sim` program as the host runs it, with the real board's top level
//! (`hdl::Ulx3sTop`, whatever it holds today): its first two lines are the
//! pseudo-terminal's path and the TCP address; over TCP and over the pseudo-terminal
//! (opened with `serialport`, as a host opens a board) the board answers the referee's
//! `0` (only that bytes come back is assumed about the design), each answer is reported
//! on stdout with the very bytes the host received, and neither a TCP client leaving nor
//! the host closing the pseudo-terminal takes the board down.
//!
//! The first run builds the Verilator model of the whole board (about half a minute on
//! two cores) into the target directory; later runs reuse it.
#![cfg(unix)]

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long the program may take to print its addresses: building the model first.
const BUILD_LIMIT: Duration = Duration::from_secs(900);
/// How long an answer may take.
const LIMIT: Duration = Duration::from_secs(60);

/// The program, killed when dropped, and its stdout's lines.
struct Program {
    child: Child,
    lines: Receiver<String>,
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Program {
    fn start() -> Program {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena-board-sim"))
            .env(
                "ARENA_SIM_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Program { child, lines }
    }

    fn line(&mut self, limit: Duration) -> String {
        match self.lines.recv_timeout(limit) {
            Ok(line) => line,
            Err(e) => panic!(
                "no line from arena-board-sim ({e}); it is {:?}",
                self.child.try_wait()
            ),
        }
    }

    /// The next answer line: its bytes (as text) and cycles.
    fn answer(&mut self) -> (String, u64) {
        let line = self.line(LIMIT);
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["answer", text, cycles, "cycles", ms, "ms", "board", "time"] => {
                let cycles: u64 = cycles.parse().expect(&line);
                let ms: f64 = ms.parse().expect(&line);
                let want = cycles as f64 / 25e3;
                assert!((ms - want).abs() < 0.001, "{line}: {want} ms");
                (text.to_string(), cycles)
            }
            _ => panic!("not an answer line: {line:?}"),
        }
    }
}

/// What arrives on `reader` until it has been quiet for half a second.
fn read_reply(reader: &mut impl Read) -> Vec<u8> {
    let deadline = Instant::now() + LIMIT;
    let mut got = Vec::new();
    let mut quiet_since = Instant::now();
    let mut buf = [0u8; 64];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                got.extend(&buf[..n]);
                quiet_since = Instant::now();
            }
            Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => {}
            Err(e) => panic!("read: {e}"),
        }
        let quiet_for = if got.is_empty() {
            LIMIT
        } else {
            Duration::from_millis(500)
        };
        if quiet_since.elapsed() >= quiet_for || Instant::now() >= deadline {
            break;
        }
    }
    got
}

/// `bytes` as the program prints them.
fn as_text(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_graphic() {
                char::from(b).to_string()
            } else {
                format!("<0x{b:02x}>")
            }
        })
        .collect()
}

fn tcp_client(address: &str) -> TcpStream {
    let client = TcpStream::connect(address).unwrap();
    client
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    client
}

fn pty_port(path: &str) -> Box<dyn serialport::SerialPort> {
    serialport::new(path, 115_200)
        .timeout(Duration::from_millis(100))
        .open()
        .unwrap()
}

#[test]
fn prints_its_addresses_then_answers_on_tcp_and_the_pty_game_after_game() {
    let mut program = Program::start();
    let started = Instant::now();
    let pty_line = program.line(BUILD_LIMIT);
    println!(
        "arena-board-sim printed its first line after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let tcp_line = program.line(LIMIT);
    let pty = pty_line.strip_prefix("pty: /dev/pts/").expect(&pty_line);
    assert!(pty.parse::<u32>().is_ok(), "{pty_line:?}");
    let pty = &pty_line["pty: ".len()..];
    let port: u16 = tcp_line
        .strip_prefix("tcp: 127.0.0.1:")
        .and_then(|p| p.parse().ok())
        .expect(&tcp_line);
    assert_ne!(port, 0);
    let tcp = &tcp_line["tcp: ".len()..];

    // Two TCP clients, one after the other; then the pty, twice; then TCP again.
    let mut replies = Vec::new();
    for round in 0..2 {
        let mut client = tcp_client(tcp);
        client.write_all(b"0").unwrap();
        let reply = read_reply(&mut client);
        assert!(!reply.is_empty(), "round {round}: no answer over TCP");
        replies.push(reply);
    }
    for round in 0..2 {
        let mut serial = pty_port(pty);
        serial.write_all(b"0").unwrap();
        let reply = read_reply(&mut serial);
        assert!(!reply.is_empty(), "round {round}: no answer on the pty");
        replies.push(reply);
    }
    let mut client = tcp_client(tcp);
    client.write_all(b"0").unwrap();
    replies.push(read_reply(&mut client));
    // The same request, the same answer, each reported as it was received.
    assert!(replies.iter().all(|r| *r == replies[0]), "{replies:?}");
    for reply in &replies {
        let (text, cycles) = program.answer();
        assert_eq!(text, as_text(reply));
        assert!(cycles > 0);
    }
    assert!(program.child.try_wait().unwrap().is_none(), "still running");
}
