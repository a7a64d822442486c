//! `arena kyoto ...`: the Kyoto shogi commands.

use clap::Subcommand;
use std::io::{BufRead, Write};

/// The Kyoto shogi subcommands.
#[derive(Subcommand, Debug)]
pub enum KyotoCommand {
    /// Print, as the last line, the number of move sequences of length DEPTH.
    Perft { depth: u32 },
}

/// Runs one Kyoto shogi subcommand.
pub fn run(
    command: KyotoCommand,
    _input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        KyotoCommand::Perft { depth } => {
            anyhow::bail!("{} perft {depth}: not written yet", "kyoto");
            #[allow(unreachable_code)]
            {
                writeln!(output)?;
                Ok(())
            }
        }
    }
}
