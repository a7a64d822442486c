//! `arena board-sim`, the simulated board as a program, as the host runs it, with the real board's top level
//! (`hdl::Ulx3sTop`, whatever it holds today): its first two lines are the
//! pseudo-terminal's path and the TCP address; over TCP and over the pseudo-terminal
//! (opened with `serialport`, as a host opens a board) the board answers the referee's
//! `0` (only that bytes come back is assumed about the design), each answer is reported
//! on stdout with the very bytes the host received, and neither a TCP client leaving nor
//! the host closing the pseudo-terminal takes the board down. While it searches a move
//! it reports its progress (`busy` lines, their cycles growing towards the answer's), and
//! when it stops (the end of stdin, SIGTERM) its last line on stderr is the summary of
//! its speed, whose figures agree with each other and with the answers.
//!
//! The first run builds the Verilator models of the whole board (about half a minute
//! each on two cores; the real board's, and the one with the 1 ms search the other sim
//! tests build too) into the target directory; later runs reuse them.
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

/// Seconds printed with three decimals are within this of the real figure.
const PRINTED_SECONDS: f64 = 0.0005;

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Program {
    fn start() -> Program {
        Program::start_with(&[], Stdio::null(), Stdio::inherit())
    }

    /// The program with `args`, its stdin and stderr as given.
    fn start_with(args: &[&str], stdin: Stdio, stderr: Stdio) -> Program {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
            .arg("board-sim")
            .args(args)
            .env(
                "ARENA_SIM_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
            )
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(stderr)
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
                "no line from arena board-sim ({e}); it is {:?}",
                self.child.try_wait()
            ),
        }
    }

    /// The next answer line (past any busy lines): its bytes (as text) and cycles.
    fn answer(&mut self) -> (String, u64) {
        loop {
            let line = self.line(LIMIT);
            if busy_line(&line).is_none() {
                return answer_line(&line)
                    .unwrap_or_else(|| panic!("not an answer line: {line:?}"));
            }
        }
    }

    /// The `pty: ` and `tcp: ` lines' addresses.
    fn addresses(&mut self) -> (String, String) {
        let pty_line = self.line(BUILD_LIMIT);
        let tcp_line = self.line(LIMIT);
        let pty = pty_line.strip_prefix("pty: ").expect(&pty_line);
        let tcp = tcp_line.strip_prefix("tcp: ").expect(&tcp_line);
        (pty.to_string(), tcp.to_string())
    }

    /// Its stderr's lines once it has ended (within [`LIMIT`]), and how it ended.
    fn end(mut self) -> (Vec<String>, std::process::ExitStatus) {
        let mut stderr = self.child.stderr.take().expect("piped stderr");
        let deadline = Instant::now() + LIMIT;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "arena board-sim did not stop");
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        (text.lines().map(str::to_string).collect(), status)
    }
}

/// An answer line's bytes (as text) and cycles, its milliseconds checked.
fn answer_line(line: &str) -> Option<(String, u64)> {
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        ["answer", text, cycles, "cycles", ms, "ms", "board", "time"] => {
            let cycles: u64 = cycles.parse().expect(line);
            let ms: f64 = ms.parse().expect(line);
            let want = cycles as f64 * 1e3 / model::clock::CLOCK_HZ as f64;
            assert!((ms - want).abs() < 0.001, "{line}: {want} ms");
            Some((text.to_string(), cycles))
        }
        _ => None,
    }
}

/// A busy line's cycles.
fn busy_line(line: &str) -> Option<u64> {
    let cycles = line.strip_prefix("busy ")?.strip_suffix(" cycles")?;
    Some(cycles.parse().expect(line))
}

/// The summary line's figures: cycles, seconds simulating, seconds running, cycles a
/// second; checked against each other.
fn summary_line(line: &str) -> (u64, f64, f64, u64) {
    let rest = line
        .strip_prefix("arena board-sim: summary: ")
        .unwrap_or_else(|| panic!("not the summary: {line:?}"));
    let words: Vec<&str> = rest.split(' ').collect();
    let figures = match words[..] {
        [n, "board", "cycles", "simulated", "in", s, "s", "of", "simulation", t, "s", "running):", r, "board", "cycles/s"] =>
        {
            let t = t.strip_prefix('(').expect(line);
            (n.parse(), s.parse(), t.parse(), r.parse())
        }
        _ => panic!("not in the summary's form: {line:?}"),
    };
    let (Ok(n), Ok(s), Ok(t), Ok(r)) = figures else {
        panic!("not numbers: {line:?}");
    };
    let (n, s, t, r): (u64, f64, f64, u64) = (n, s, t, r);
    assert!(n > 0 && s > 0.0, "{line}");
    assert!(
        t + PRINTED_SECONDS >= s,
        "{line}: simulating longer than running"
    );
    // R = N / S rounded, S known to the printed decimals.
    let lowest = n as f64 / (s + PRINTED_SECONDS);
    let highest = n as f64 / (s - PRINTED_SECONDS).max(1e-9);
    assert!(
        (lowest - 0.5..=highest + 0.5).contains(&(r as f64)),
        "{line}: {r} is not {n} / {s}"
    );
    (n, s, t, r)
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
fn reports_progress_while_it_searches_and_its_speed_when_stdin_ends() {
    // The 1 ms search (tens of thousands of cycles a move), a busy line due every 1 ms
    // (in practice one a slice of the model's time, a few milliseconds).
    let mut program = Program::start_with(
        &["--search-ms", "1", "--busy-ms", "1", "--exit-with-stdin"],
        Stdio::piped(),
        Stdio::piped(),
    );
    let (_, tcp) = program.addresses();
    let mut client = tcp_client(&tcp);
    client.write_all(b"0").unwrap();
    let team = read_reply(&mut client);
    assert!(!team.is_empty(), "no team code");
    // The board plays first: it searches, then answers its move.
    client.write_all(b"25").unwrap();
    let moved = read_reply(&mut client);
    assert_eq!(moved.len(), 4, "{moved:?}");
    let mut answers = Vec::new();
    let mut busy = Vec::new();
    while answers.len() < 2 {
        let line = program.line(LIMIT);
        if let Some(answer) = answer_line(&line) {
            answers.push(answer);
        } else if let Some(cycles) = busy_line(&line) {
            busy.push((answers.len(), cycles));
        } else {
            panic!("an unknown line: {line:?}");
        }
    }
    assert_eq!(answers[0].0, as_text(&team));
    assert_eq!(answers[1].0, as_text(&moved));
    let searching: Vec<u64> = busy.iter().filter(|b| b.0 == 1).map(|b| b.1).collect();
    println!(
        "{} busy lines while searching {} cycles: {searching:?}",
        searching.len(),
        answers[1].1
    );
    assert!(!searching.is_empty(), "no busy line while searching");
    assert!(
        searching.windows(2).all(|w| w[0] < w[1]),
        "busy cycles not increasing: {searching:?}"
    );
    assert!(
        searching.iter().all(|&c| c < answers[1].1),
        "busy cycles not below the answer's {}: {searching:?}",
        answers[1].1
    );

    // The end of stdin stops it, with the summary last on stderr.
    drop(program.child.stdin.take());
    let (stderr, status) = program.end();
    assert!(status.success(), "{status}: {stderr:?}");
    let last = stderr.last().expect("a line on stderr");
    let (n, s, t, r) = summary_line(last);
    println!("{last}");
    assert!(
        n >= answers[0].1 + answers[1].1,
        "{n} cycles in all, fewer than the answers' {answers:?}"
    );
    println!("{n} cycles, {s} s, {t} s, {r} cycles/s");
}

#[test]
fn sigterm_stops_it_with_the_summary() {
    let mut program = Program::start_with(&["--search-ms", "1"], Stdio::null(), Stdio::piped());
    let (_, tcp) = program.addresses();
    let mut client = tcp_client(&tcp);
    client.write_all(b"0").unwrap();
    assert!(!read_reply(&mut client).is_empty(), "no team code");
    let (_, cycles) = program.answer();
    let status = Command::new("kill")
        .args(["-TERM", &program.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let (stderr, status) = program.end();
    assert_eq!(status.code(), Some(128 + 15), "{status}: {stderr:?}");
    let (n, ..) = summary_line(stderr.last().expect("a line on stderr"));
    assert!(
        n >= cycles,
        "{n} cycles in all, fewer than the answer's {cycles}"
    );
}

#[test]
fn prints_its_addresses_then_answers_on_tcp_and_the_pty_game_after_game() {
    let mut program = Program::start();
    let started = Instant::now();
    let pty_line = program.line(BUILD_LIMIT);
    println!(
        "arena board-sim printed its first line after {:.1} s",
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
