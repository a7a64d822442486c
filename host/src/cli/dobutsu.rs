//! `arena dobutsu ...`: the Dobutsu shogi commands.

use clap::Subcommand;
use std::io::{BufRead, Write};

/// The Dobutsu shogi subcommands.
#[derive(Subcommand, Debug)]
pub enum DobutsuCommand {
    /// Print, as the last line, the number of move sequences of length DEPTH.
    Perft { depth: u32 },
}

/// Runs one Dobutsu shogi subcommand.
pub fn run(
    command: DobutsuCommand,
    _input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        DobutsuCommand::Perft { depth } => {
            anyhow::bail!("{} perft {depth}: not written yet", "dobutsu");
            #[allow(unreachable_code)]
            {
                writeln!(output)?;
                Ok(())
            }
        }
    }
}
