//! An open link: what was opened, seen as one byte stream (a reader and a
//! writer), and what must end with it (a child process, the other handles
//! of a socket or port); a simulated board's reports beside it.

use protocol::AnswerClock;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Duration;

/// An open link: what was opened, and the two directions of its byte stream.
pub struct Link {
    /// The spec it was opened from, for people.
    pub label: String,
    pub reader: Box<dyn Read + Send>,
    pub writer: Box<dyn Write + Send>,
    /// A child process to end with the link.
    pub(super) child: Option<Child>,
    /// What ends the link's other handles (a reader thread's socket or port)
    /// when the link is dropped, so that the far side sees it close.
    pub(super) closers: Vec<Box<dyn FnOnce() + Send>>,
    /// The simulated board's report lines (each answer's board time, and
    /// `busy` lines while it thinks: [`protocol::Report`]), for
    /// whoever wants them; `None` on links that report nothing.
    pub reports: Option<Receiver<String>>,
    /// Whether the simulated board's answer reports are also copied to stderr.
    pub(super) echo_reports: Arc<AtomicBool>,
}

impl Drop for Link {
    fn drop(&mut self) {
        for close in self.closers.drain(..) {
            close();
        }
        if let Some(child) = self.child.as_mut() {
            // Closing its stdin asks it to stop (a simulated board prints its
            // summary first); then, after a second, make sure.
            self.writer = Box::new(io::sink());
            let deadline = std::time::Instant::now() + Duration::from_secs(1);
            while !matches!(child.try_wait(), Ok(Some(_))) {
                if std::time::Instant::now() >= deadline {
                    let _ = child.kill();
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.wait();
        }
    }
}

impl Link {
    /// A link over any reader and writer.
    pub fn from_parts(
        label: impl Into<String>,
        reader: impl Read + Send + 'static,
        writer: impl Write + Send + 'static,
    ) -> Link {
        Link {
            label: label.into(),
            reader: Box::new(reader),
            writer: Box::new(writer),
            child: None,
            closers: Vec::new(),
            reports: None,
            echo_reports: Arc::new(AtomicBool::new(true)),
        }
    }

    /// The clock its answers are judged by: board time when the far side is
    /// a simulated board that reports it (with the wall clock waiting up to
    /// `guard`), else the wall clock.
    pub fn answer_clock(&self, guard: Duration) -> AnswerClock {
        if self.reports.is_some() {
            AnswerClock::Board { guard }
        } else {
            AnswerClock::Wall
        }
    }

    /// Stops copying the simulated board's answer reports to stderr (for a
    /// caller that shows the board times itself).
    pub fn quiet_reports(&self) {
        self.echo_reports.store(false, Ordering::Release);
    }

    /// Runs `close` when the link is dropped.
    pub fn on_close(mut self, close: impl FnOnce() + Send + 'static) -> Link {
        self.closers.push(Box::new(close));
        self
    }

    /// A connected TCP stream (Nagle off: every request goes out at once).
    pub fn from_tcp(label: impl Into<String>, stream: TcpStream) -> io::Result<Link> {
        stream.set_nodelay(true)?;
        let reader = stream.try_clone()?;
        let closer = stream.try_clone()?;
        Ok(Link::from_parts(label, reader, stream).on_close(move || {
            let _ = closer.shutdown(std::net::Shutdown::Both);
        }))
    }
}
