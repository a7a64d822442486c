//! Helpers for the end-to-end tests: run an `arena` command line in-process,
//! exactly as the binary would, with scripted standard input; or any
//! program in a pseudo-terminal, as a person runs it ([`terminal`]).

#[cfg(unix)]
pub mod terminal;

use arena::cli::{run_with, Cli};
use clap::Parser;

/// What a command printed, or the error it stopped with.
pub struct Run {
    pub output: String,
    pub error: Option<String>,
}

impl Run {
    /// The last line printed.
    pub fn last_line(&self) -> &str {
        self.output.lines().last().unwrap_or("")
    }
}

/// Runs `arena ARGS...` with `stdin` as standard input.
pub fn arena(args: &[&str], stdin: &str) -> Run {
    let cli = Cli::try_parse_from(std::iter::once("arena").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("arena {args:?} does not parse: {e}"));
    let mut output = Vec::new();
    let result = run_with(cli, &mut stdin.as_bytes(), &mut output);
    Run {
        output: String::from_utf8(output).expect("arena prints UTF-8"),
        error: result.err().map(|e| format!("{e:#}")),
    }
}

/// A fresh scratch directory under the system's temporary directory.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}
