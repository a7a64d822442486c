//! `arena board-check`, the SDRAM check a person runs after flashing a board, against
//! the simulated board (`arena board-sim`, the board's top level beside its SDRAM's chip
//! model) on its pseudo-terminal, as against a real board's serial port:
//! - a perfect chip: the report line the board sends for `?` (read with `serialport`,
//!   as a host reads a board) is byte for byte the one the board's model
//!   (`model::player::BoardPlayer`) sends, and `arena board-check` succeeds, showing
//!   no error and the model's cycles for each pass;
//! - a data line stuck at 1: `arena board-check` fails (exit status 1), naming the
//!   errors the model counts on a memory with that fault and the first failure;
//! - no board on the other end of the line, or one that answers something else: a
//!   clear error, exit status 1.
//!
//! The first run builds the simulated board's Verilator model into the target
//! directory (shared with the other sim tests); the check's span and the stuck line are
//! on the model's command line, so both boards run the same model.
#![cfg(unix)]

use arena::links::open_serial;
use model::player::BoardPlayer;
use model::sdram_check::{check, perfect, REQUEST};
use serialport::SerialPort;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long the simulated board may take to print its addresses: building the model.
const BUILD_LIMIT: Duration = Duration::from_secs(1800);
/// The words the boards here check.
const WORDS: u32 = 1024;

/// `arena board-sim`, killed when dropped.
struct SimBoard {
    child: Child,
    pty: String,
}

impl Drop for SimBoard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl SimBoard {
    /// The simulated board with `args`, once it serves its pseudo-terminal.
    fn start(args: &[&str]) -> SimBoard {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
            .arg("board-sim")
            .arg("--quiet")
            .args(args)
            .env(
                "ARENA_SIM_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-sim"),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, line) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = stdout.read_line(&mut first);
            let _ = send.send(first);
            // Keep reading, so that the program never blocks on a full pipe.
            let _ = std::io::copy(&mut stdout, &mut std::io::sink());
        });
        let first = line
            .recv_timeout(BUILD_LIMIT)
            .expect("arena board-sim prints its pseudo-terminal");
        let pty = first
            .trim_end()
            .strip_prefix("pty: ")
            .unwrap_or_else(|| panic!("not the pty line: {first:?}"))
            .to_string();
        SimBoard { child, pty }
    }
}

/// `arena board-check` with `args`: its output and how it ended.
fn board_check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .arg("board-check")
        .args(args)
        .output()
        .unwrap()
}

/// The bytes the board sends for `bytes` up to a LF, read over its serial line.
fn exchange(pty: &str, bytes: &[u8]) -> Vec<u8> {
    let mut link = open_serial(pty, 115_200).unwrap();
    link.writer.write_all(bytes).unwrap();
    link.writer.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while line.last() != Some(&b'\n') {
        assert!(Instant::now() < deadline, "no line: {line:?}");
        match link.reader.read(&mut byte) {
            Ok(1) => line.push(byte[0]),
            Ok(_) => panic!("the line closed after {line:?}"),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("{e}"),
        }
    }
    line
}

#[test]
fn a_perfect_chip_gives_the_model_s_report_and_the_check_passes() {
    let board = SimBoard::start(&["--sdram-words", &WORDS.to_string()]);
    // The board's own bytes, and its model's, for `9` then `?`.
    let line = exchange(&board.pty, &[b'9', REQUEST]);
    let mut model = BoardPlayer::new(*b"FP", None).with_sdram_words(WORDS);
    assert!(model.received(b'9').is_empty());
    let expected = model.received(REQUEST);
    assert_eq!(
        String::from_utf8_lossy(&line),
        String::from_utf8_lossy(&expected)
    );
    // The command, as a person runs it.
    let out = board_check(&["--port", &board.pty, "--timeout", "300"]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{shown}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        shown.contains(&format!("SDRAM check: {WORDS} words")),
        "{shown}"
    );
    assert!(shown.contains("errors: none"), "{shown}");
    assert!(shown.contains("The SDRAM is good."), "{shown}");
    let report = perfect(WORDS);
    for (pass, cycles) in report.pass_cycles.iter().enumerate() {
        let line = shown
            .lines()
            .find(|l| l.starts_with(&format!("pass {pass}:")))
            .unwrap_or_else(|| panic!("no pass {pass} in {shown}"));
        assert!(line.contains(&format!(" {cycles} cycles")), "{line}");
        assert!(line.contains("MB/s"), "{line}");
    }
}

#[test]
fn a_stuck_data_line_fails_the_check_with_the_model_s_errors() {
    let board = SimBoard::start(&["--sdram-words", &WORDS.to_string(), "--sdram-stuck", "5:1"]);
    let out = board_check(&[
        "--board",
        &format!("serial:{}", board.pty),
        "--timeout",
        "300",
    ]);
    let shown = String::from_utf8_lossy(&out.stdout);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{shown}{said}");
    let expected = check(WORDS, &mut |_, w| w | 1 << 5);
    assert!(expected.errors > 0);
    assert!(
        said.contains(&format!(
            "found {} of {} words read wrong",
            expected.errors,
            4 * WORDS
        )),
        "{said}"
    );
    let first = expected.first.unwrap();
    assert!(
        shown.contains(&format!(
            "at word {:#08x}: read {:#06x}, expected {:#06x} (bits 0x0020 differ)",
            first.address, first.read, first.expected
        )),
        "{shown}"
    );
}

#[test]
fn no_board_on_the_line_is_a_clear_error() {
    // A pseudo-terminal pair whose other end nobody serves: the request goes
    // out, nothing comes back.
    let (_master, slave) = serialport::TTYPort::pair().unwrap();
    let path = slave.name().unwrap();
    let out = board_check(&["--port", &path, "--timeout", "1"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("sent no SDRAM report"), "{said}");
    assert!(said.contains("no answer within 1.0 s"), "{said}");
}

#[test]
fn an_answer_that_is_no_report_is_named() {
    // A "board" that answers its requests with a line of something else.
    let out = board_check(&[
        "--board",
        "exec:head -c 2 >/dev/null; echo hello",
        "--timeout",
        "30",
    ]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("answered \"hello\\n\", which is no SDRAM report"),
        "{said}"
    );
    assert!(said.contains("does not start with SDRAM"), "{said}");
}
