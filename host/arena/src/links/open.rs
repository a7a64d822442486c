//! The transports of a contest link, each opened from its [`LinkSpec`] as
//! one byte stream ([`Link`]): a serial port (the `serialport` crate, 8N1,
//! no flow control), a TCP connection made or accepted, a child process's
//! stdin/stdout, an in-process engine playing through the player machine,
//! the simulated board, or this process's stdin/stdout.

use super::run::{play_link, PlayerOptions};
use super::spec::LinkSpec;
use super::stream::Link;
use crate::engines::board_model_budget;
use crate::engines::{engine_by_name, is_engine_name};
use anyhow::{bail, Context};
use protocol::Scheme;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

/// How an `engine:` link's engine plays.
#[derive(Clone, Copy, Debug)]
pub struct EngineOptions {
    /// Its time budget a move.
    pub time: Duration,
    /// Its seed.
    pub seed: u64,
    /// The scheme its player machine follows where it cannot tell.
    pub scheme: Option<Scheme>,
}

/// A serial port's reader: waits through read timeouts until the link is
/// closed; a hang-up or error is the end.
struct SerialReader(Box<dyn serialport::SerialPort>, Arc<AtomicBool>);

impl Read for SerialReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.1.load(Ordering::Acquire) {
                return Ok(0);
            }
            match self.0.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::TimedOut => continue,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                // A pseudo-terminal whose other side closed reports EIO: the end.
                Err(_) => return Ok(0),
                other => return other,
            }
        }
    }
}

/// Opens a serial port 8N1, no flow control, at `baud`. A port that is
/// busy (opened exclusively by someone else for a moment, as a simulator
/// resetting its pseudo-terminal does) is tried again for up to a second.
pub fn open_serial(path: &str, baud: u32) -> anyhow::Result<Link> {
    let attempt = || {
        serialport::new(path, baud)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::None)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(Duration::from_millis(200))
            .open()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(1);
    let port = loop {
        match attempt() {
            Ok(port) => break port,
            Err(_)
                if std::path::Path::new(path).exists() && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => {
                let why = if e.description.is_empty() {
                    format!("{:?}", e.kind)
                } else {
                    e.description
                };
                bail!("cannot open serial port {path} at {baud} baud: {why}")
            }
        }
    };
    let reader = port
        .try_clone()
        .with_context(|| format!("cannot share serial port {path} between reader and writer"))?;
    let closed = Arc::new(AtomicBool::new(false));
    let flag = closed.clone();
    Ok(Link::from_parts(
        format!("serial:{path}@{baud}"),
        SerialReader(reader, closed),
        port,
    )
    .on_close(move || flag.store(true, Ordering::Release)))
}

/// Opens `spec`. `announce` is told what the link waits for (a listening port).
pub fn open(
    spec: &LinkSpec,
    engine: EngineOptions,
    announce: &mut dyn FnMut(&str),
) -> anyhow::Result<Link> {
    let label = spec.to_string();
    match spec {
        LinkSpec::Serial { path, baud } => open_serial(path, *baud),
        LinkSpec::Tcp { host, port } => {
            let stream = TcpStream::connect((host.as_str(), *port))
                .with_context(|| format!("cannot connect to {host}:{port}"))?;
            Ok(Link::from_tcp(label, stream)?)
        }
        LinkSpec::Listen { address, port } => {
            let listener = TcpListener::bind((address.as_str(), *port))
                .with_context(|| format!("cannot listen on {address}:{port}"))?;
            let local = listener.local_addr()?;
            announce(&format!("waiting for a player on {local} ({label})"));
            let (stream, peer) = listener.accept()?;
            announce(&format!("{label}: {peer} connected"));
            Ok(Link::from_tcp(label, stream)?)
        }
        LinkSpec::Exec { command } => {
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(command)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .with_context(|| format!("cannot start `{command}`"))?;
            let stdin = child.stdin.take().expect("piped stdin");
            let stdout = child.stdout.take().expect("piped stdout");
            let mut link = Link::from_parts(label, stdout, stdin);
            link.child = Some(child);
            Ok(link)
        }
        LinkSpec::Engine { name } if board_model_budget(name).is_some() => {
            // The board's model byte for byte (`model::player`), as the
            // hardware answers, rather than an engine behind `PlayerLink`;
            // like the simulated board it reports each answer's board time,
            // by which it is judged.
            let (ours, theirs) = std::os::unix::net::UnixStream::pair()?;
            let board = model::player::BoardPlayer::new(*b"FP", engine.scheme)
                .with_budget(board_model_budget(name).expect("checked"));
            let (report, reports) = channel();
            std::thread::Builder::new()
                .name(label.clone())
                .spawn(move || serve_board_model(theirs, board, report))?;
            let reader = ours.try_clone()?;
            let closer = ours.try_clone()?;
            let mut link = Link::from_parts(label, reader, ours).on_close(move || {
                let _ = closer.shutdown(std::net::Shutdown::Both);
            });
            link.reports = Some(reports);
            Ok(link)
        }
        LinkSpec::Engine { name } => {
            if !is_engine_name(name) {
                bail!("unknown engine `{name}` (see `arena engines`; `default` is alphabeta)");
            }
            let name = name.clone();
            let (ours, theirs) = std::os::unix::net::UnixStream::pair()?;
            let their_reader = theirs.try_clone()?;
            let options = PlayerOptions {
                team: *b"01",
                scheme: engine.scheme,
            };
            std::thread::Builder::new()
                .name(label.clone())
                .spawn(move || {
                    // A gtp: program that does not start closes the link:
                    // the referee scores it (no team code).
                    let Some(mut player) = engine_by_name(&name, engine.time, engine.seed) else {
                        return;
                    };
                    let link = Link::from_parts("engine", their_reader, theirs);
                    // The link closes when the referee is done: nothing to report.
                    let _ = play_link(link, player.as_mut(), options, &mut io::sink());
                })?;
            let reader = ours.try_clone()?;
            let closer = ours.try_clone()?;
            Ok(Link::from_parts(label, reader, ours).on_close(move || {
                let _ = closer.shutdown(std::net::Shutdown::Both);
            }))
        }
        LinkSpec::Stdio => Ok(Link::from_parts(label, io::stdin(), io::stdout())),
        LinkSpec::Sim {
            baud,
            search_ms,
            sdram_words,
            stuck,
        } => {
            let sdram = sim::board::SimSdram {
                words: *sdram_words,
                stuck: *stuck,
            };
            open_sim(*baud, *search_ms, sdram, announce)
        }
    }
}

/// Answers the referee on `stream` as the board's model does, until it
/// closes, reporting each answer's board time on `report` as the simulated
/// board does ([`protocol::Report`]), at the board's clock.
fn serve_board_model(
    mut stream: std::os::unix::net::UnixStream,
    mut board: model::player::BoardPlayer,
    report: std::sync::mpsc::Sender<String>,
) {
    let mut byte = [0u8; 1];
    while let Ok(1) = stream.read(&mut byte) {
        let reply = board.received(byte[0]);
        if reply.is_empty() {
            continue;
        }
        if stream.write_all(&reply).is_err() {
            break;
        }
        let cycles = board.reply_cycles(&reply);
        let ms = cycles as f64 * 1e3 / model::clock::CLOCK_HZ as f64;
        // Nobody may be listening (a referee that keeps no reports).
        let _ = report.send(format!(
            "answer {} {cycles} cycles {ms:.3} ms board time",
            String::from_utf8_lossy(&reply)
        ));
    }
}

/// Starts the simulated board in this process (`sim::board_sim::RunningBoard`: its
/// model built once into the cache, clocked by its driver process, served on a
/// pseudo-terminal and a TCP port) and opens its pseudo-terminal exactly as a `serial:`
/// link opens a board's port. The board goes with the link: closing the link stops it,
/// and its summary line (the board cycles simulated, and how fast) goes to stderr. Its
/// answers (with their board time) and `busy` lines while it thinks go to the link's
/// [`Link::reports`], and the answers also to stderr, prefixed with the link's label.
fn open_sim(
    baud: u32,
    search_ms: Option<u32>,
    sdram: sim::board::SimSdram,
    announce: &mut dyn FnMut(&str),
) -> anyhow::Result<Link> {
    use sim::board_sim::{BoardOptions, Hooks, RunningBoard};
    let (report, reports) = channel();
    let echo = Arc::new(AtomicBool::new(true));
    // The label names the pseudo-terminal, known once the board is served.
    let label = Arc::new(std::sync::OnceLock::<String>::new());
    let hooks = Hooks {
        on_answer: Box::new({
            let (report, echo, label) = (report.clone(), echo.clone(), label.clone());
            move |answer: &sim::verilated::Answer| {
                let line = answer.to_string();
                if echo.load(Ordering::Acquire) {
                    eprintln!("{}: {line}", label.get().map_or("sim", String::as_str));
                }
                // Nobody may be listening (a referee): the answers are on stderr.
                let _ = report.send(line);
            }
        }),
        on_busy: Box::new(move |cycles| {
            let _ = report.send(format!("busy {cycles} cycles"));
        }),
        busy_every: Duration::from_millis(250),
    };
    let options = BoardOptions {
        baud,
        search_ms,
        tcp: 0,
        sdram,
    };
    announce("starting the simulated board (the first run builds its model, some seconds)");
    let board = RunningBoard::start(
        options,
        &mut |m| announce(&format!("board-sim: {m}")),
        Some(hooks),
    )
    .map_err(|e| anyhow::anyhow!("the simulated board did not start: {e}"))?;
    let pty = board.pty_path().display().to_string();
    let name = format!("sim@{baud} ({pty})");
    let _ = label.set(name.clone());
    announce(&format!(
        "simulated board on {pty} (and {})",
        board.tcp_address()
    ));
    let mut link = open_serial(&pty, baud)?;
    link.label = name.clone();
    link.reports = Some(reports);
    link.echo_reports = echo;
    Ok(link.on_close(move || {
        eprintln!("{}", board.summary(&name));
        drop(board);
    }))
}
