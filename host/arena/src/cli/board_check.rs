//! `arena board-check`: the board's SDRAM check (`model::sdram_check`), asked
//! for over the board's serial line (`9`, so that the board is outside a game,
//! then `?`), its report line read back and shown for people: the words
//! checked, the errors and the first failure, each pass's time and speed.
//! The command fails (exit status 1) when the board found errors, and says so
//! when nothing or something else comes back.

use crate::links::{open, EngineOptions, LinkSpec};
use anyhow::{bail, Context};
use model::sdram_check::{Report, REPORT_LEN, REQUEST};
use protocol::GAME_OVER;
use std::io::Write;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The board's SDRAM check.
#[derive(clap::Args, Debug, Clone)]
pub struct BoardCheckArgs {
    /// The real board's serial port (e.g. /dev/ttyUSB0): `--board serial:PORT`.
    #[arg(long, conflicts_with = "board")]
    pub port: Option<String>,
    /// The board's link instead: `serial:PATH[@BAUD]`, `sim[@BAUD][,sdram=WORDS][,stuck=BIT:LEVEL]`
    /// (the simulated board, its check over WORDS words, 16384 by default, a data
    /// line of its SDRAM stuck if asked), `engine:board-model` (the board's model),
    /// `tcp:HOST:PORT`, ...
    #[arg(long, required_unless_present = "port")]
    pub board: Option<String>,
    /// Seconds of real time to wait for the report (the board checks its 32 MB in
    /// about 3 s).
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    pub timeout: f64,
}

/// Asks the board for its SDRAM check and shows the report on `output`; an
/// error when the board found errors, sent nothing or something else.
pub fn run(args: BoardCheckArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let board = args.board.or(args.port.map(|p| format!("serial:{p}")));
    let spec: LinkSpec = board
        .expect("clap asks for --board or --port")
        .parse()
        .map_err(|e| anyhow::anyhow!("--board: {e}"))?;
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        bail!("--timeout: `{}` is not a number of seconds", args.timeout);
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    writeln!(output, "Asking the board on {spec} for its SDRAM check ...")?;
    let options = EngineOptions {
        time: Duration::from_secs(1),
        seed: 1,
        scheme: None,
    };
    let mut link = open(&spec, options, &mut |m| eprintln!("arena: {m}"))
        .with_context(|| format!("cannot open the board on {spec}"))?;
    let started = Instant::now();
    link.writer
        .write_all(&[GAME_OVER, REQUEST])
        .and_then(|()| link.writer.flush())
        .with_context(|| format!("cannot write to the board on {spec}"))?;
    let line = read_line(&mut link.reader, timeout)
        .with_context(|| format!("the board on {spec} sent no SDRAM report"))?;
    let report = Report::parse(&line).map_err(|e| {
        anyhow::anyhow!(
            "the board on {spec} answered {:?}, which is no SDRAM report: {e}",
            String::from_utf8_lossy(&line)
        )
    })?;
    write!(output, "{report}")?;
    writeln!(
        output,
        "({:.1} s of real time from the request to the report)",
        started.elapsed().as_secs_f64()
    )?;
    if report.errors > 0 {
        bail!(
            "the SDRAM check found {} of {} words read wrong",
            report.errors,
            u64::from(report.words) * 4
        );
    }
    writeln!(output, "The SDRAM is good.")?;
    Ok(())
}

/// The bytes from `reader` up to a LF (the report's end), within `timeout`;
/// gives up at a report's length without one.
fn read_line(
    reader: &mut Box<dyn std::io::Read + Send>,
    timeout: Duration,
) -> anyhow::Result<Vec<u8>> {
    let (tx, bytes) = channel();
    let mut reader = std::mem::replace(reader, Box::new(std::io::empty()));
    std::thread::Builder::new()
        .name("board-check reader".into())
        .spawn(move || {
            let mut byte = [0u8; 1];
            loop {
                match reader.read(&mut byte) {
                    Ok(0) => break,
                    Ok(_) => {
                        if tx.send(byte[0]).is_err() {
                            break;
                        }
                    }
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::TimedOut | std::io::ErrorKind::Interrupted
                        ) => {}
                    Err(_) => break,
                }
            }
        })?;
    let deadline = Instant::now() + timeout;
    let mut line = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match bytes.recv_timeout(left) {
            Ok(b'\n') => {
                line.push(b'\n');
                return Ok(line);
            }
            Ok(byte) => {
                line.push(byte);
                if line.len() > 2 * REPORT_LEN {
                    bail!(
                        "{} bytes without the end of a line: {:?}",
                        line.len(),
                        String::from_utf8_lossy(&line)
                    );
                }
            }
            Err(RecvTimeoutError::Timeout) if line.is_empty() => {
                bail!("no answer within {:.1} s", timeout.as_secs_f64())
            }
            Err(RecvTimeoutError::Timeout) => bail!(
                "no end of line within {:.1} s after {:?}",
                timeout.as_secs_f64(),
                String::from_utf8_lossy(&line)
            ),
            Err(RecvTimeoutError::Disconnected) => {
                bail!("the link closed after {:?}", String::from_utf8_lossy(&line))
            }
        }
    }
}
