//! The board's top level as a Verilator model: built once from its Verilog
//! (cached by content), run in a child process by the C++ driver
//! `sim/verilator/board.cpp`, and seen from here as a [`SerialDevice`]. The
//! host's bytes reach the board's `ftdi_txd` as 8N1 frames of exactly the
//! board's cycles a bit; its `ftdi_rxd` is decoded the same way. Time is
//! counted in board clock cycles: every answer's board time is measured, not
//! guessed. While the board is quiet the model is not clocked.

use crate::device::{Activity, SerialDevice};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The C++ driver.
const DRIVER: &str = include_str!("../verilator/board.cpp");

/// Clock cycles run per [`SerialDevice::advance`] at most (a few ms of real time).
const SLICE_CYCLES: u64 = 20_000;

/// How a simulated board is built.
#[derive(Clone, Debug)]
pub struct BoardSpec {
    /// The top level's Verilog, its top module named `top_module`.
    pub verilog: String,
    /// The top module.
    pub top_module: String,
    /// The board's clock, for board times.
    pub clock_hz: u64,
    /// Clock cycles a bit on the serial lines.
    pub cycles_per_bit: u64,
}

/// One answer of the board: the bytes it sent after the host's last byte,
/// and the board time from the end of that byte to the end of its last byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Board clock cycles.
    pub cycles: u64,
    /// The same at the board's clock rate.
    pub board_time: Duration,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text: String = self
            .bytes
            .iter()
            .map(|&b| {
                if b.is_ascii_graphic() {
                    (b as char).to_string()
                } else {
                    format!("<0x{b:02x}>")
                }
            })
            .collect();
        write!(
            f,
            "answer {text} {} cycles {:.3} ms board time",
            self.cycles,
            self.board_time.as_secs_f64() * 1e3
        )
    }
}

/// Errors building or running the model.
#[derive(Debug, thiserror::Error)]
pub enum VerilatedError {
    /// Verilator is not installed.
    #[error("verilator is not installed: run `make setup` (or `apt-get install verilator`)")]
    NoVerilator,
    /// The build failed.
    #[error("verilator could not build the board model in {dir}: {log}")]
    Build { dir: PathBuf, log: String },
    /// Files or the child process.
    #[error("{what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
}

fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> VerilatedError {
    let what = what.into();
    move |source| VerilatedError::Io { what, source }
}

/// The directory models are cached in: `$ARENA_SIM_CACHE`, else
/// `$XDG_CACHE_HOME/fpga-blokus/board-sim`, else `~/.cache/fpga-blokus/board-sim`.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ARENA_SIM_CACHE") {
        return dir.into();
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("fpga-blokus").join("board-sim")
}

/// FNV-1a, 64 bits: a content hash stable across Rust versions.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.iter().chain(&[0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Builds (or finds built) the model of `spec` in [`cache_dir`]; the
/// executable's path. `progress` hears about a build before it starts (it
/// takes a minute or two).
pub fn build_model(
    spec: &BoardSpec,
    progress: &mut dyn FnMut(&str),
) -> Result<PathBuf, VerilatedError> {
    build_model_in(&cache_dir(), spec, progress)
}

/// [`build_model`] with the cache in `root`.
pub fn build_model_in(
    root: &Path,
    spec: &BoardSpec,
    progress: &mut dyn FnMut(&str),
) -> Result<PathBuf, VerilatedError> {
    let cpb = spec.cycles_per_bit.to_string();
    let key = fnv1a(&[
        spec.verilog.as_bytes(),
        spec.top_module.as_bytes(),
        DRIVER.as_bytes(),
        cpb.as_bytes(),
    ]);
    let dir = root.join(format!("{}-{key:016x}", spec.top_module));
    let exe = dir.join("board");
    if exe.exists() {
        return Ok(exe);
    }
    if std::process::Command::new("verilator")
        .arg("--version")
        .output()
        .is_err()
    {
        return Err(VerilatedError::NoVerilator);
    }
    progress(&format!(
        "building the Verilator model of {} into {} (once; a minute or two)",
        spec.top_module,
        dir.display()
    ));
    // Built in a directory of its own, then renamed into place: two
    // processes building at once each finish, and one of them wins.
    std::fs::create_dir_all(root).map_err(io(format!("cannot create {}", root.display())))?;
    let work = root.join(format!(".build-{key:016x}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).map_err(io(format!("cannot create {}", work.display())))?;
    std::fs::write(work.join("board.v"), &spec.verilog).map_err(io("cannot write board.v"))?;
    std::fs::write(work.join("board.cpp"), DRIVER).map_err(io("cannot write board.cpp"))?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let out = Command::new("verilator")
        .current_dir(&work)
        .args([
            "--cc",
            "--exe",
            "--build",
            "-O3",
            "--x-assign",
            "fast",
            "--x-initial",
            "fast",
        ])
        .args([
            "-j",
            &jobs.to_string(),
            "--prefix",
            "Vboard",
            "--top-module",
        ])
        .arg(&spec.top_module)
        .args(["-Wno-WIDTH", "-Wno-fatal", "-Mdir", "obj", "-o", "board"])
        .args(["-CFLAGS", &format!("-DCYCLES_PER_BIT={cpb}")])
        .args(["board.v", "board.cpp"])
        .output()
        .map_err(io("cannot run verilator"))?;
    if !out.status.success() {
        let log = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = log.lines().rev().take(20).collect();
        return Err(VerilatedError::Build {
            dir: work,
            log: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        });
    }
    std::fs::create_dir_all(work.join("done")).map_err(io("cannot finish the build"))?;
    std::fs::rename(
        work.join("obj").join("board"),
        work.join("done").join("board"),
    )
    .map_err(io("cannot move the model"))?;
    match std::fs::rename(work.join("done"), &dir) {
        Ok(()) => {}
        Err(_) if exe.exists() => {} // another process won
        Err(e) => return Err(io(format!("cannot move the model to {}", dir.display()))(e)),
    }
    let _ = std::fs::remove_dir_all(&work);
    Ok(exe)
}

/// Called with each answer as it completes.
pub type AnswerHook = Box<dyn FnMut(&Answer) + Send>;

/// The running model, as a serial device.
pub struct VerilatedBoard {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    clock_hz: u64,
    /// Bytes queued to the driver and not yet reported sent.
    pending: usize,
    /// Bytes the board sent, not yet collected.
    sent: std::collections::VecDeque<u8>,
    /// The cycle the host's last byte ended, and the answer since it.
    last_host_byte: u64,
    current: Option<Answer>,
    answers: Arc<Mutex<Vec<Answer>>>,
    on_answer: Option<AnswerHook>,
    framing_errors: usize,
    cycle: u64,
}

impl VerilatedBoard {
    /// Starts the model at `exe` (from [`build_model`]) for a board clocked at `clock_hz`.
    pub fn start(exe: &Path, clock_hz: u64) -> Result<VerilatedBoard, VerilatedError> {
        let mut child = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(io(format!("cannot start {}", exe.display())))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(VerilatedBoard {
            child,
            input,
            output,
            clock_hz,
            pending: 0,
            sent: Default::default(),
            last_host_byte: 0,
            current: None,
            answers: Arc::default(),
            on_answer: None,
            framing_errors: 0,
            cycle: 0,
        })
    }

    /// Every answer so far, shared (it grows as the board answers).
    pub fn answers(&self) -> Arc<Mutex<Vec<Answer>>> {
        self.answers.clone()
    }

    /// Calls `f` with each answer when its last byte is out.
    pub fn on_answer(&mut self, f: impl FnMut(&Answer) + Send + 'static) {
        self.on_answer = Some(Box::new(f));
    }

    /// Framing errors seen on the board's line.
    pub fn framing_errors(&self) -> usize {
        self.framing_errors
    }

    /// Board clock cycles simulated so far.
    pub fn cycles(&self) -> u64 {
        self.cycle
    }

    fn command(&mut self, line: &str) {
        // A dead driver shows up as the end of its output in `advance`.
        let _ = self.input.write_all(line.as_bytes());
    }

    /// Ends the answer in progress, if any.
    fn close_answer(&mut self) {
        if let Some(answer) = self.current.take() {
            if let Some(f) = self.on_answer.as_mut() {
                f(&answer);
            }
            self.answers.lock().expect("answers").push(answer);
        }
    }
}

impl SerialDevice for VerilatedBoard {
    fn receive(&mut self, byte: u8) {
        self.pending += 1;
        self.command(&format!("b {byte:02x}\n"));
    }

    fn advance(&mut self) -> Activity {
        self.command(&format!("r {SLICE_CYCLES}\n"));
        let _ = self.input.flush();
        let mut line = String::new();
        loop {
            line.clear();
            match self.output.read_line(&mut line) {
                Ok(0) | Err(_) => return Activity::Idle, // the driver is gone
                Ok(_) => {}
            }
            let mut words = line.split_whitespace();
            let kind = words.next().unwrap_or("");
            let cycle: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
            self.cycle = self.cycle.max(cycle);
            match kind {
                "s" => {
                    self.pending = self.pending.saturating_sub(1);
                    self.close_answer();
                    self.last_host_byte = cycle;
                }
                "t" => {
                    let byte = words
                        .next()
                        .and_then(|w| u8::from_str_radix(w, 16).ok())
                        .unwrap_or(0);
                    self.sent.push_back(byte);
                    let cycles = cycle.saturating_sub(self.last_host_byte);
                    let answer = self.current.get_or_insert_with(|| Answer {
                        bytes: Vec::new(),
                        cycles: 0,
                        board_time: Duration::ZERO,
                    });
                    answer.bytes.push(byte);
                    answer.cycles = cycles;
                    answer.board_time =
                        Duration::from_secs_f64(cycles as f64 / self.clock_hz as f64);
                }
                "f" => self.framing_errors += 1,
                "i" => {
                    self.close_answer();
                    return if self.pending == 0 {
                        Activity::Idle
                    } else {
                        Activity::Busy
                    };
                }
                _ => return Activity::Busy, // "c": more cycles to run
            }
        }
    }

    fn poll_transmit(&mut self) -> Option<u8> {
        self.sent.pop_front()
    }
}

impl Drop for VerilatedBoard {
    fn drop(&mut self) {
        self.command("q\n");
        let _ = self.input.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
