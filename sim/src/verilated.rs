//! A board's top level as a Verilator model, seen as a [`SerialDevice`].
//!
//! The top level (Verilog text and its top module's name, a [`BoardSpec`]) has the ports
//! of `hdl::Ulx3sTop`: `clk_25mhz`, `ftdi_txd` (the host's line in), `ftdi_rxd` (the
//! board's line out), `led[7:0]`, `btn[6:0]`, `wifi_gpio0`. [`Model::build`] compiles it
//! with the C++ driver `sim/verilator/board.cpp` (`verilator --cc --exe --build`) into a
//! cache directory keyed by a hash of everything that goes into the build, once: later
//! runs, and other processes, reuse it. [`Model::start`] runs the driver as a child
//! process, a [`VerilatedBoard`].
//!
//! The driver clocks the model and plays the two ends of the serial link: the host's
//! bytes go onto `ftdi_txd` as 8N1 frames of exactly the board's cycles a bit, back to
//! back when several are queued, and `ftdi_rxd` is decoded (start bit's falling edge,
//! each bit sampled in its middle, stop bit checked: a framing error is counted, not
//! fatal). It counts clock cycles, the *board time*, and measures every answer: the
//! cycles from the end of the host's last byte to the end of the answer's last byte
//! ([`Answer`]). While the board is quiet (nothing queued or in flight either way and
//! LED 1, BUSY, low for [`QUIET_BITS`] bit times) the model is not clocked: simulated
//! time stands still until the host sends something.
//!
//! The line protocol between this module and the driver is described at the top of
//! `board.cpp`: commands `b XX` (a byte), `e XX` (a byte with a framing error), `r US`
//! (run for at most `US` microseconds of real time), `q`; reports `s C`, `t C XX`,
//! `f C`, `l C XX`, `i C`, `c C`, each stamped with its cycle `C`.

use crate::device::{Activity, SerialDevice};
use hdl::uart_tx::{BOARD_CLOCK_HZ, DEFAULT_BAUD};
use nix::fcntl::{flock, FlockArg};
use std::collections::VecDeque;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The C++ driver, compiled with every model.
pub const DRIVER: &str = include_str!("../verilator/board.cpp");

/// Bit times of quiet (nothing on either line, LED 1 low) after which the board is idle.
pub const QUIET_BITS: u64 = 2;

/// The real time one [`SerialDevice::advance`] may clock the model for.
pub const SLICE: Duration = Duration::from_millis(3);

/// How long a driver that closed its output is given to exit, so that its
/// exit status can be told.
const EXIT_GRACE: Duration = Duration::from_secs(5);

/// Verilator's arguments besides the files and names: its optimisations, X values
/// resolved for speed, and the C++ compiler's optimisations. The model's code that runs
/// every cycle (make's `OPT_FAST`, which also builds the driver) is compiled at -O3 with
/// loops unrolled rather than Verilator's default -Os: the whole player's model runs
/// about 2.1x as many cycles a second for no longer a build (docs/design-log.md, "The
/// simulated board's speed"). Nothing is tuned to the compiling machine's processor
/// (no -march), so a cached model runs on any x86-64. These arguments are part of the
/// cache's key, so a model built with others is never reused.
const VERILATOR_ARGS: &[&str] = &[
    "--cc",
    "--exe",
    "--build",
    "-O3",
    "--x-assign",
    "fast",
    "--x-initial",
    "fast",
    "--noassert",
    "-MAKEFLAGS",
    "OPT_FAST=-O3",
    "-CFLAGS",
    "-funroll-loops",
    // rust-hdl's 32-bit constants and other warnings do not stop a model.
    "-Wno-fatal",
    "-Wno-WIDTH",
];

/// A board's top level, to be built into a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// The Verilog of the top level and everything under it.
    pub verilog: String,
    /// The top module: its ports are those of `hdl::Ulx3sTop`.
    pub top_module: String,
    /// The board's clock (`clk_25mhz`), for board times in seconds.
    pub clock_hz: u64,
    /// The serial line's baud rate.
    pub baud: u64,
    /// Verilog plusargs the model is started with (`+name=value`, read by
    /// `$value$plusargs`); not part of what is built.
    pub plusargs: Vec<String>,
}

impl BoardSpec {
    /// Module `top_module` of `verilog`, on the board's clock (`BOARD_CLOCK_HZ`) at 115,200 baud.
    pub fn new(verilog: impl Into<String>, top_module: impl Into<String>) -> BoardSpec {
        BoardSpec {
            verilog: verilog.into(),
            top_module: top_module.into(),
            clock_hz: BOARD_CLOCK_HZ,
            baud: DEFAULT_BAUD,
            plusargs: Vec::new(),
        }
    }

    /// The same, the model started with `plusargs`.
    pub fn with_plusargs(self, plusargs: Vec<String>) -> BoardSpec {
        BoardSpec { plusargs, ..self }
    }

    /// The same at `baud`.
    pub fn with_baud(self, baud: u64) -> BoardSpec {
        BoardSpec { baud, ..self }
    }

    /// The same on a `clock_hz` clock.
    pub fn with_clock_hz(self, clock_hz: u64) -> BoardSpec {
        BoardSpec { clock_hz, ..self }
    }

    /// Clock cycles a bit on the serial lines: `clock_hz / baud` rounded, as the board's
    /// UART blocks divide (`hdl::uart_tx::cycles_per_bit`).
    pub fn cycles_per_bit(&self) -> Result<u64, VerilatedError> {
        let range = hdl::uart_tx::MIN_CYCLES_PER_BIT..1 << hdl::uart_tx::COUNTER_BITS;
        if self.baud == 0 || !range.contains(&((self.clock_hz + self.baud / 2) / self.baud)) {
            return Err(VerilatedError::Baud {
                baud: self.baud,
                clock_hz: self.clock_hz,
            });
        }
        Ok(hdl::uart_tx::cycles_per_bit(self.clock_hz, self.baud))
    }
}

/// Why a model could not be built or run.
#[derive(Debug, thiserror::Error)]
pub enum VerilatedError {
    /// Verilator is not installed.
    #[error(
        "Verilator is not installed (`{program} --version` failed: {why}): run `make setup` \
         (or `apt-get install verilator`); the simulated board is compiled by it"
    )]
    NoVerilator {
        /// The program looked for.
        program: String,
        /// What running it said.
        why: String,
    },
    /// The baud rate gives no usable bit time on the clock.
    #[error("{baud} baud on a {clock_hz} Hz clock is no bit time the UART can make")]
    Baud {
        /// The baud rate.
        baud: u64,
        /// The clock.
        clock_hz: u64,
    },
    /// Verilator or the C++ compiler failed.
    #[error(
        "Verilator could not build the model of `{top}` (all of its output is in {log}):\n{tail}"
    )]
    Build {
        /// The top module.
        top: String,
        /// The build's log file.
        log: PathBuf,
        /// Its last lines.
        tail: String,
    },
    /// A file, a directory or the driver process.
    #[error("{what}")]
    Io {
        /// What failed.
        what: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

fn io_error(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> VerilatedError {
    let what = what.into();
    move |source| VerilatedError::Io { what, source }
}

/// The directory models are cached in: `$ARENA_SIM_CACHE`, else
/// `$XDG_CACHE_HOME/fpga-blokus/board-sim`, else `~/.cache/fpga-blokus/board-sim`.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ARENA_SIM_CACHE").filter(|d| !d.is_empty()) {
        return dir.into();
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("fpga-blokus").join("board-sim")
}

/// FNV-1a, 64 bits, over `parts` with a separator after each: a content hash that stays
/// the same across Rust versions (unlike `DefaultHasher`).
fn content_hash(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.iter().chain(&[0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Verilator's version line, or why it cannot be run.
fn verilator_version(program: &str) -> Result<String, VerilatedError> {
    let missing = |why: String| VerilatedError::NoVerilator {
        program: program.to_string(),
        why,
    };
    match Command::new(program).arg("--version").output() {
        Ok(out) if out.status.success() => {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
        }
        Ok(out) => Err(missing(format!("{}", out.status))),
        Err(e) => Err(missing(e.to_string())),
    }
}

/// A built model: the driver executable and what it needs to run.
#[derive(Clone, Debug)]
pub struct Model {
    /// The executable.
    pub exe: PathBuf,
    /// The top module.
    pub top_module: String,
    /// The board's clock.
    pub clock_hz: u64,
    /// Clock cycles a bit on the serial lines.
    pub cycles_per_bit: u64,
    /// The plusargs it is started with.
    pub plusargs: Vec<String>,
    /// Whether this call compiled it (else an earlier build was reused).
    pub built_now: bool,
}

impl Model {
    /// Builds the model of `spec` in [`cache_dir`], or finds it built there. `progress`
    /// hears what is going on before a build (which may take minutes) or a wait for
    /// another process's build of the same model.
    pub fn build(
        spec: &BoardSpec,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Model, VerilatedError> {
        Model::build_in(&cache_dir(), spec, progress)
    }

    /// [`Model::build`] with the cache in `root`.
    ///
    /// Each model has a directory `<top module>-<hash>` whose name hashes the Verilog,
    /// the top module, the driver, Verilator's arguments and version. A build holds an
    /// exclusive lock on `<that>.lock` (so a second process waits for the first rather
    /// than building the same again), compiles in a scratch directory and renames it
    /// into place when done, so the directory exists only complete.
    pub fn build_in(
        root: &Path,
        spec: &BoardSpec,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Model, VerilatedError> {
        Model::build_with("verilator", root, spec, progress)
    }

    fn build_with(
        verilator: &str,
        root: &Path,
        spec: &BoardSpec,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Model, VerilatedError> {
        let cycles_per_bit = spec.cycles_per_bit()?;
        let version = verilator_version(verilator)?;
        let key = content_hash(&[
            spec.verilog.as_bytes(),
            spec.top_module.as_bytes(),
            DRIVER.as_bytes(),
            VERILATOR_ARGS.join(" ").as_bytes(),
            version.as_bytes(),
        ]);
        let name = format!("{}-{key:016x}", spec.top_module);
        let dir = root.join(&name);
        let model = |built_now| Model {
            exe: dir.join("board"),
            top_module: spec.top_module.clone(),
            clock_hz: spec.clock_hz,
            cycles_per_bit,
            plusargs: spec.plusargs.clone(),
            built_now,
        };
        if dir.join("board").exists() {
            return Ok(model(false));
        }
        std::fs::create_dir_all(root).map_err(io_error(format!(
            "cannot create the model cache {}",
            root.display()
        )))?;
        let _lock = BuildLock::take(&root.join(format!("{name}.lock")), &dir, progress)?;
        if dir.join("board").exists() {
            return Ok(model(false)); // built by whoever held the lock
        }
        progress(&format!(
            "building the Verilator model of {} into {} (once; under a minute for the whole player) ...",
            spec.top_module,
            dir.display()
        ));
        // Holding the lock, any scratch directory of this model is a dead build's.
        let scratch = format!(".{name}.");
        for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
            if entry.file_name().to_string_lossy().starts_with(&scratch) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let work = root.join(format!("{scratch}{}", std::process::id()));
        std::fs::create_dir_all(&work)
            .map_err(io_error(format!("cannot create {}", work.display())))?;
        let write = |file: &str, text: &str| {
            std::fs::write(work.join(file), text).map_err(io_error(format!(
                "cannot write {}",
                work.join(file).display()
            )))
        };
        write("board.v", &spec.verilog)?;
        write("board.cpp", DRIVER)?;
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        let log_path = work.join("build.log");
        let log = File::create(&log_path)
            .map_err(io_error(format!("cannot write {}", log_path.display())))?;
        let log_err = log
            .try_clone()
            .map_err(io_error("cannot share the build log"))?;
        let status = Command::new(verilator)
            .current_dir(&work)
            .args(VERILATOR_ARGS)
            .args([
                "-j",
                &jobs.to_string(),
                "--prefix",
                "Vboard",
                "--top-module",
            ])
            .arg(&spec.top_module)
            .args(["-Mdir", "obj", "-o", "board", "board.v", "board.cpp"])
            .stdout(log)
            .stderr(log_err)
            .status()
            .map_err(io_error(format!("cannot run {verilator}")))?;
        let built = work.join("obj").join("board");
        if !status.success() || !built.exists() {
            let text = std::fs::read_to_string(&log_path).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            return Err(VerilatedError::Build {
                top: spec.top_module.clone(),
                log: log_path,
                tail: lines[lines.len().saturating_sub(30)..].join("\n"),
            });
        }
        // Only the executable, the sources and the log are kept (the objects are large).
        std::fs::rename(&built, work.join("board"))
            .map_err(io_error("cannot move the built model"))?;
        let _ = std::fs::remove_dir_all(work.join("obj"));
        std::fs::rename(&work, &dir).map_err(io_error(format!(
            "cannot move the built model into {}",
            dir.display()
        )))?;
        Ok(model(true))
    }

    /// Runs the model: a board at power-up, its serial lines idle.
    pub fn start(&self) -> Result<VerilatedBoard, VerilatedError> {
        VerilatedBoard::start(self)
    }
}

/// An exclusive lock on a file, held while building; released when dropped.
struct BuildLock {
    _file: File,
}

impl BuildLock {
    fn take(
        path: &Path,
        dir: &Path,
        progress: &mut dyn FnMut(&str),
    ) -> Result<BuildLock, VerilatedError> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(io_error(format!("cannot open the lock {}", path.display())))?;
        if flock(file.as_raw_fd(), FlockArg::LockExclusiveNonblock).is_err() {
            progress(&format!(
                "waiting for another process building the Verilator model {} ...",
                dir.display()
            ));
            flock(file.as_raw_fd(), FlockArg::LockExclusive).map_err(|errno| {
                io_error(format!("cannot lock {}", path.display()))(errno.into())
            })?;
        }
        Ok(BuildLock { _file: file })
    }
}

/// One answer of the board: a burst of bytes it sent, and its board time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The bytes, in order.
    pub bytes: Vec<u8>,
    /// Clock cycles from the end of the host's last byte before them (the last cycle of
    /// its stop bit) to the end of the last of them (of its stop bit); from power-up if
    /// the host had sent nothing.
    pub cycles: u64,
    /// `cycles` at the board's clock rate.
    pub board_time: Duration,
}

impl Answer {
    /// The bytes as text: printable ASCII as it is, anything else (space included) as
    /// `<0xNN>`, so the text is one word.
    pub fn text(&self) -> String {
        self.bytes
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
}

impl fmt::Display for Answer {
    /// `answer <bytes as text> <cycles> cycles <ms> ms board time`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "answer {} {} cycles {:.3} ms board time",
            self.text(),
            self.cycles,
            self.board_time.as_secs_f64() * 1e3
        )
    }
}

/// What a running model has done so far, as a [`Probe`] shows it.
#[derive(Clone, Debug, Default)]
struct Status {
    cycles: u64,
    leds: u8,
    framing_errors: u64,
    host_bytes: u64,
    board_bytes: u64,
    answers: Vec<Answer>,
    /// Real time spent running the model.
    running: Duration,
    /// Why the model stopped, if it did.
    failure: Option<String>,
}

/// A view of a running [`VerilatedBoard`] from any thread: its board time, LEDs, answers.
/// It stays valid (frozen) after the board is dropped.
#[derive(Clone, Debug, Default)]
pub struct Probe(Arc<ProbeShared>);

#[derive(Debug, Default)]
struct ProbeShared {
    status: Mutex<Status>,
    /// Signalled at every change of `status`.
    changed: Condvar,
}

impl Probe {
    fn lock(&self) -> MutexGuard<'_, Status> {
        self.0
            .status
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn update(&self, change: impl FnOnce(&mut Status)) {
        change(&mut self.lock());
        self.0.changed.notify_all();
    }

    /// Clock cycles simulated since power-up: the board time.
    pub fn cycles(&self) -> u64 {
        self.lock().cycles
    }

    /// The LEDs as last seen (bit `i` is `led[i]`).
    pub fn leds(&self) -> u8 {
        self.lock().leds
    }

    /// Frames on the board's line whose stop bit was low.
    pub fn framing_errors(&self) -> u64 {
        self.lock().framing_errors
    }

    /// Bytes the host has sent completely (stop bit included), and bytes the board sent.
    pub fn bytes(&self) -> (u64, u64) {
        let status = self.lock();
        (status.host_bytes, status.board_bytes)
    }

    /// Every answer so far (an answer appears when it is complete: when the host's next
    /// byte ends, or when the board falls quiet).
    pub fn answers(&self) -> Vec<Answer> {
        self.lock().answers.clone()
    }

    /// Waits up to `limit` until at least `count` answers are complete; all of them.
    pub fn wait_for_answers(&self, count: usize, limit: Duration) -> Vec<Answer> {
        let deadline = Instant::now() + limit;
        let mut status = self.lock();
        while status.answers.len() < count && status.failure.is_none() {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            status = self
                .0
                .changed
                .wait_timeout(status, left)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
        status.answers.clone()
    }

    /// Real time spent running the model so far (the slices in which it was clocked;
    /// not the time it stood still, quiet, waiting for the host).
    pub fn running(&self) -> Duration {
        self.lock().running
    }

    /// Simulation speed so far: clock cycles per second of real time spent running.
    pub fn cycles_per_second(&self) -> f64 {
        let status = self.lock();
        status.cycles as f64 / status.running.as_secs_f64().max(1e-9)
    }

    /// Why the model stopped, if it did (it should not while the board is in use).
    pub fn failure(&self) -> Option<String> {
        self.lock().failure.clone()
    }
}

/// What is called with each answer.
type AnswerHook = Box<dyn FnMut(&Answer) + Send>;

/// What is called while the board works towards an answer, and how often.
struct ProgressHook {
    every: Duration,
    f: Box<dyn FnMut(u64) + Send>,
}

/// The running model of a board, as a serial device (see the [module](self) docs).
///
/// Dropping it stops the driver process.
pub struct VerilatedBoard {
    child: Child,
    commands: BufWriter<ChildStdin>,
    reports: BufReader<ChildStdout>,
    clock_hz: u64,
    /// Bytes the board sent, not collected yet.
    sent: VecDeque<u8>,
    /// The cycle the host's last byte ended at.
    host_end: u64,
    /// The answer being sent.
    current: Option<Answer>,
    on_answer: Option<AnswerHook>,
    on_progress: Option<ProgressHook>,
    /// While the board is busy (from a host byte until it is quiet), when progress is
    /// next due.
    progress_due: Option<Instant>,
    /// The cycle of the latest report.
    cycle: u64,
    /// Host bytes handed to the driver, and host bytes whose frame has ended.
    host_bytes_queued: u64,
    host_bytes_ended: u64,
    probe: Probe,
    /// Whether the driver has stopped (its failure is in the probe).
    dead: bool,
}

impl fmt::Debug for VerilatedBoard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("VerilatedBoard")
            .field("pid", &self.child.id())
            .field("clock_hz", &self.clock_hz)
            .field("host_end", &self.host_end)
            .field("current", &self.current)
            .finish_non_exhaustive()
    }
}

impl VerilatedBoard {
    /// Starts `model`'s driver.
    pub fn start(model: &Model) -> Result<VerilatedBoard, VerilatedError> {
        let quiet = QUIET_BITS * model.cycles_per_bit;
        let mut child = Command::new(&model.exe)
            .args([model.cycles_per_bit.to_string(), quiet.to_string()])
            .args(&model.plusargs)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(io_error(format!("cannot start {}", model.exe.display())))?;
        let commands = BufWriter::new(child.stdin.take().expect("piped stdin"));
        let reports = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(VerilatedBoard {
            child,
            commands,
            reports,
            clock_hz: model.clock_hz,
            sent: VecDeque::new(),
            host_end: 0,
            current: None,
            on_answer: None,
            on_progress: None,
            progress_due: None,
            cycle: 0,
            host_bytes_queued: 0,
            host_bytes_ended: 0,
            probe: Probe::default(),
            dead: false,
        })
    }

    /// A view of this board's board time, LEDs and answers, for any thread.
    pub fn probe(&self) -> Probe {
        self.probe.clone()
    }

    /// Calls `f` with every answer as it completes (on the thread driving the board).
    pub fn on_answer(&mut self, f: impl FnMut(&Answer) + Send + 'static) {
        self.on_answer = Some(Box::new(f));
    }

    /// Calls `f` about every `every` of real time while the board works towards an
    /// answer (from the end of the host's last byte until the first byte of the answer
    /// has been sent, or until the board is quiet if it does not answer), with the board
    /// cycles since the end of the host's last byte: the origin of [`Answer::cycles`], so
    /// the figures grow towards the answer's and stay below it. Nothing is said while a
    /// host byte is still on its way in (the origin is yet to come). Called on the
    /// thread driving the board, between slices of its time ([`SLICE`]).
    pub fn on_progress(&mut self, every: Duration, f: impl FnMut(u64) + Send + 'static) {
        self.on_progress = Some(ProgressHook {
            every,
            f: Box::new(f),
        });
    }

    /// Test hook: queues `byte` for the board's receiver as a broken frame, its stop bit
    /// low (then the line idle for a bit): the board must see a framing error.
    pub fn receive_with_framing_error(&mut self, byte: u8) {
        self.busy_from_now();
        self.command(&format!("e {byte:02x}"));
    }

    /// `cycles` at the board's clock rate.
    pub fn board_time(&self, cycles: u64) -> Duration {
        board_time(cycles, self.clock_hz)
    }

    /// A host byte has come: progress is due one interval later, unless the board is
    /// already busy.
    fn busy_from_now(&mut self) {
        self.host_bytes_queued += 1;
        if let (None, Some(hook)) = (self.progress_due, &self.on_progress) {
            self.progress_due = Some(Instant::now() + hook.every);
        }
    }

    /// After a slice that left the board `activity`: progress, if due.
    fn progress(&mut self, activity: Activity) {
        if activity == Activity::Idle {
            self.progress_due = None;
            return;
        }
        let (Some(due), Some(hook)) = (self.progress_due, self.on_progress.as_mut()) else {
            return;
        };
        let now = Instant::now();
        let host_done = self.host_bytes_ended == self.host_bytes_queued;
        if now >= due && host_done && self.current.is_none() {
            (hook.f)(self.cycle - self.host_end.min(self.cycle));
            self.progress_due = Some(now + hook.every);
        }
    }

    fn command(&mut self, line: &str) {
        // A driver that has died shows up as the end of its reports.
        let _ = writeln!(self.commands, "{line}");
    }

    /// The driver has stopped: the board is dead from now on.
    fn fail(&mut self, why: String) {
        self.fail_after(why, Duration::ZERO);
    }

    /// As [`fail`](Self::fail), for a driver that is going away (it closed its
    /// output): its exit status is waited for up to `grace`, since the pipe
    /// closes a moment before the process can be reaped.
    fn fail_after(&mut self, why: String, grace: Duration) {
        if !self.dead {
            self.dead = true;
            let deadline = Instant::now() + grace;
            let mut status = self.child.try_wait().ok().flatten();
            while status.is_none() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
                status = self.child.try_wait().ok().flatten();
            }
            let why = match status {
                Some(status) => format!("{why} ({status})"),
                None => why,
            };
            eprintln!("sim: the Verilator model stopped: {why}");
            self.probe.update(|s| s.failure = Some(why));
        }
    }

    /// Ends the answer being sent, if any.
    fn close_answer(&mut self) {
        if let Some(answer) = self.current.take() {
            if let Some(f) = self.on_answer.as_mut() {
                f(&answer);
            }
            self.probe.update(|s| s.answers.push(answer));
        }
    }

    /// Handles one report; `Some` at the end of a run.
    fn report(&mut self, line: &str) -> Result<Option<Activity>, String> {
        let bad = || format!("unexpected report from the driver: {line:?}");
        let mut words = line.split_whitespace();
        let kind = words.next().ok_or_else(bad)?;
        let cycle: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let mut hex = || {
            words
                .next()
                .and_then(|w| u8::from_str_radix(w, 16).ok())
                .ok_or_else(bad)
        };
        self.cycle = cycle;
        self.probe.update(|s| s.cycles = cycle);
        match kind {
            "s" => {
                self.close_answer();
                self.host_end = cycle;
                self.host_bytes_ended += 1;
                self.probe.update(|s| s.host_bytes += 1);
            }
            "t" => {
                let byte = hex()?;
                self.sent.push_back(byte);
                let cycles = cycle - self.host_end.min(cycle);
                let board_time = self.board_time(cycles);
                let answer = self.current.get_or_insert_with(|| Answer {
                    bytes: Vec::new(),
                    cycles: 0,
                    board_time: Duration::ZERO,
                });
                answer.bytes.push(byte);
                answer.cycles = cycles;
                answer.board_time = board_time;
                self.probe.update(|s| s.board_bytes += 1);
            }
            "f" => self.probe.update(|s| s.framing_errors += 1),
            "l" => {
                let leds = hex()?;
                self.probe.update(|s| s.leds = leds);
            }
            "i" => {
                self.close_answer();
                return Ok(Some(Activity::Idle));
            }
            "c" => return Ok(Some(Activity::Busy)),
            _ => return Err(bad()),
        }
        Ok(None)
    }
}

/// `cycles` of a `clock_hz` clock.
pub fn board_time(cycles: u64, clock_hz: u64) -> Duration {
    let nanos = u128::from(cycles) * 1_000_000_000 / u128::from(clock_hz.max(1));
    Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
}

impl SerialDevice for VerilatedBoard {
    fn receive(&mut self, byte: u8) {
        self.busy_from_now();
        self.command(&format!("b {byte:02x}"));
    }

    fn advance(&mut self) -> Activity {
        if self.dead {
            return Activity::Idle;
        }
        let started = Instant::now();
        self.command(&format!("r {}", SLICE.as_micros()));
        if let Err(e) = self.commands.flush() {
            self.fail(format!("cannot write to it: {e}"));
            return Activity::Idle;
        }
        let mut line = String::new();
        let activity = loop {
            line.clear();
            match self.reports.read_line(&mut line) {
                Ok(0) => {
                    self.fail_after("it closed its output".into(), EXIT_GRACE);
                    break Activity::Idle;
                }
                Err(e) => {
                    self.fail(format!("cannot read its reports: {e}"));
                    break Activity::Idle;
                }
                Ok(_) => {}
            }
            match self.report(line.trim_end()) {
                Ok(None) => {}
                Ok(Some(activity)) => {
                    let running = started.elapsed();
                    self.probe.update(|s| s.running += running);
                    break activity;
                }
                Err(e) => {
                    self.fail(e);
                    break Activity::Idle;
                }
            }
        };
        self.progress(activity);
        activity
    }

    fn poll_transmit(&mut self) -> Option<u8> {
        self.sent.pop_front()
    }
}

impl Drop for VerilatedBoard {
    fn drop(&mut self) {
        self.command("q");
        let _ = self.commands.flush();
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_verilator_says_how_to_install_it() {
        let spec = BoardSpec::new("module top(); endmodule", "top");
        let root = std::env::temp_dir().join(format!("sim-no-verilator-{}", std::process::id()));
        let error = Model::build_with("verilator-that-is-not-installed", &root, &spec, &mut |_| {})
            .unwrap_err();
        let text = error.to_string();
        assert!(
            matches!(error, VerilatedError::NoVerilator { .. }),
            "{text}"
        );
        assert!(text.contains("make setup"), "{text}");
        assert!(text.contains("apt-get install verilator"), "{text}");
        assert!(
            !root.exists(),
            "nothing is created before Verilator is found"
        );
    }

    #[test]
    fn bit_times_follow_the_uart_blocks() {
        let spec = BoardSpec::new("", "top").with_clock_hz(25_000_000);
        assert_eq!(spec.cycles_per_bit().unwrap(), 217);
        assert_eq!(spec.clone().with_baud(9600).cycles_per_bit().unwrap(), 2604);
        // The board's own clock by default.
        let board = BoardSpec::new("", "top");
        assert_eq!(board.clock_hz, BOARD_CLOCK_HZ);
        assert_eq!(
            board.cycles_per_bit().unwrap(),
            (BOARD_CLOCK_HZ + 57_600) / 115_200
        );
        let fast = spec.clone().with_clock_hz(100_000_000);
        assert_eq!(fast.cycles_per_bit().unwrap(), 868);
        assert!(matches!(
            spec.clone().with_baud(0).cycles_per_bit(),
            Err(VerilatedError::Baud { .. })
        ));
        assert!(spec.with_baud(25_000_000).cycles_per_bit().is_err());
    }

    #[test]
    fn answers_print_as_one_line_of_words() {
        let answer = Answer {
            bytes: b"1F \x00".to_vec(),
            cycles: 2065,
            board_time: board_time(2065, 25_000_000),
        };
        assert_eq!(answer.board_time, Duration::from_nanos(82_600));
        assert_eq!(
            answer.to_string(),
            "answer 1F<0x20><0x00> 2065 cycles 0.083 ms board time"
        );
    }

    #[test]
    fn the_cache_follows_the_environment_s_order() {
        // Only reads the environment: the variables are not changed here.
        let dir = cache_dir();
        match std::env::var_os("ARENA_SIM_CACHE").filter(|d| !d.is_empty()) {
            Some(set) => assert_eq!(dir, PathBuf::from(set)),
            None => assert!(dir.ends_with("fpga-blokus/board-sim"), "{}", dir.display()),
        }
    }

    #[test]
    fn the_content_hash_separates_its_parts() {
        assert_ne!(content_hash(&[b"ab", b"c"]), content_hash(&[b"a", b"bc"]));
        assert_eq!(content_hash(&[b"x"]), content_hash(&[b"x"]));
    }
}
