//! A program run in a pseudo-terminal, as a person runs it in a terminal
//! window: its stdin, stdout and stderr are the terminal (so it sees a
//! terminal and draws what it draws for people: prompts, spinners,
//! colour), everything it writes is collected, and the test types lines.

use nix::pty::{openpty, Winsize};
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::io::{FromRawFd, IntoRawFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A program running in a pseudo-terminal.
pub struct Terminal {
    child: Child,
    /// The terminal's keyboard side (the master).
    keyboard: File,
    /// Everything the program wrote so far, and a signal when more comes.
    screen: Arc<(Mutex<Screen>, Condvar)>,
    /// How much of the screen [`Terminal::expect`] has consumed.
    seen: usize,
}

#[derive(Default)]
struct Screen {
    text: String,
    closed: bool,
}

impl Terminal {
    /// Starts `command` with a fresh pseudo-terminal (80x50) as its stdin,
    /// stdout and stderr.
    pub fn spawn(mut command: Command) -> std::io::Result<Terminal> {
        let size = Winsize {
            ws_row: 50,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let pty = openpty(Some(&size), None).map_err(std::io::Error::from)?;
        // SAFETY: openpty returned fresh descriptors that nothing else owns.
        let (master, slave) = unsafe {
            (
                File::from_raw_fd(pty.master.into_raw_fd()),
                File::from_raw_fd(pty.slave.into_raw_fd()),
            )
        };
        command
            .stdin(Stdio::from(slave.try_clone()?))
            .stdout(Stdio::from(slave.try_clone()?))
            .stderr(Stdio::from(slave));
        let child = command.spawn()?;
        let screen = Arc::new((Mutex::new(Screen::default()), Condvar::new()));
        let mut reader = master.try_clone()?;
        let shared = screen.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            loop {
                // The program's end (and its children's) reads as EIO: closed.
                let n = reader.read(&mut buffer).unwrap_or(0);
                let (lock, signal) = &*shared;
                let mut screen = lock.lock().unwrap();
                if n == 0 {
                    screen.closed = true;
                    signal.notify_all();
                    return;
                }
                screen.text.push_str(&String::from_utf8_lossy(&buffer[..n]));
                signal.notify_all();
            }
        });
        Ok(Terminal {
            child,
            keyboard: master,
            screen,
            seen: 0,
        })
    }

    /// Waits until the screen, after what earlier calls consumed, shows
    /// `text`; returns what came before it and consumes up to its end.
    /// Panics, showing the screen's tail, after `limit`.
    pub fn expect(&mut self, text: &str, limit: Duration) -> String {
        self.expect_any(&[text], limit).1
    }

    /// As [`Terminal::expect`] for whichever of `texts` comes first: its
    /// index and what came before it.
    pub fn expect_any(&mut self, texts: &[&str], limit: Duration) -> (usize, String) {
        let deadline = Instant::now() + limit;
        let (lock, signal) = &*self.screen;
        let mut screen = lock.lock().unwrap();
        loop {
            let fresh = &screen.text[self.seen..];
            let found = texts
                .iter()
                .enumerate()
                .filter_map(|(i, t)| fresh.find(t).map(|at| (at, i, t.len())))
                .min();
            if let Some((at, i, len)) = found {
                let before = fresh[..at].to_string();
                self.seen += at + len;
                return (i, before);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || screen.closed {
                let tail: String = {
                    let chars: Vec<char> = screen.text.chars().collect();
                    chars[chars.len().saturating_sub(3000)..].iter().collect()
                };
                panic!(
                    "the terminal did not show any of {texts:?} {}; its last output:\n{tail}",
                    if screen.closed {
                        "before the program ended".to_string()
                    } else {
                        format!("within {limit:?}")
                    }
                );
            }
            screen = signal.wait_timeout(screen, left).unwrap().0;
        }
    }

    /// Types `line` and Enter.
    pub fn type_line(&mut self, line: &str) {
        self.keyboard
            .write_all(format!("{line}\r").as_bytes())
            .and_then(|()| self.keyboard.flush())
            .expect("typing into the terminal");
    }

    /// Everything the program has written.
    pub fn screen(&self) -> String {
        self.screen.0.lock().unwrap().text.clone()
    }

    /// Waits up to `limit` for the program to end: its exit status.
    pub fn wait(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Busy loops on every core, as another user's jobs load a machine, until
/// dropped.
pub struct Load(Vec<Child>);

impl Load {
    /// One busy shell loop a core.
    pub fn every_core() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Load(
            (0..cores)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .stdin(Stdio::null())
                        .spawn()
                        .expect("a busy loop")
                })
                .collect(),
        )
    }

    /// Whether every loop is still running.
    pub fn running(&mut self) -> bool {
        self.0.iter_mut().all(|c| matches!(c.try_wait(), Ok(None)))
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
