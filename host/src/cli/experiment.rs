//! `arena experiment NAME`: the seeds' experiments re-run with the shared
//! series runner, each cell a series with fixed seats (the seeds report the
//! first or second player's win rate), printed as a Markdown table of win
//! rates with 95% intervals beside the seeds' published figures.

use crate::cli::series::fixed_seat_series;
use crate::game::Engines;
use crate::stats::Tally;
use std::io::Write;
use std::path::Path;

/// One cell of a table: who moves first and second, and the seed's figure.
pub struct Cell {
    pub first: String,
    pub second: String,
    /// The seed's published win rate of the side the table reports, in percent.
    pub published: Option<f64>,
}

/// Which side's win rate a table reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    First,
    Second,
}

/// A table of the seed to reproduce: rows of cells.
pub struct Table {
    pub title: String,
    pub corner: String,
    pub column_labels: Vec<String>,
    pub rows: Vec<(String, Vec<Option<Cell>>)>,
    pub reported: Reported,
}

/// How the series of a table are run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub games: u32,
    pub seed: u64,
    pub jobs: usize,
    pub max_plies: usize,
}

/// `NN% (lo-hi)` for the reported side's wins over the games.
fn cell_text(tally: &Tally, reported: Reported) -> String {
    let swapped = Tally {
        wins: tally.losses,
        draws: tally.draws,
        losses: tally.wins,
    };
    let view = match reported {
        Reported::First => tally,
        Reported::Second => &swapped,
    };
    let (p, low, high) = view.win_rate95();
    format!("{:.0}% ({:.0}-{:.0})", 100.0 * p, 100.0 * low, 100.0 * high)
}

/// Plays every cell of `tables` (a cell shared by several tables is played
/// once) and prints each table in Markdown, the seed's figure in brackets.
pub fn run_tables<G: Engines + Send + Sync>(
    tables: &[Table],
    start: &G,
    options: &RunOptions,
    records: &Path,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut played: Vec<((String, String), Tally)> = Vec::new();
    for table in tables {
        writeln!(output, "\n### {}\n", table.title)?;
        let mut header = format!("| {} |", table.corner);
        let mut rule = "|---|".to_string();
        for label in &table.column_labels {
            header += &format!(" {label} |");
            rule += "---|";
        }
        writeln!(output, "{header}\n{rule}")?;
        for (label, cells) in &table.rows {
            let mut line = format!("| {label} |");
            for cell in cells {
                let Some(cell) = cell else {
                    line += " - |";
                    continue;
                };
                let key = (cell.first.clone(), cell.second.clone());
                let tally = match played.iter().find(|(k, _)| *k == key) {
                    Some((_, tally)) => *tally,
                    None => {
                        let tally =
                            fixed_seat_series(start, &cell.first, &cell.second, options, records)?;
                        played.push((key, tally));
                        tally
                    }
                };
                line += &format!(" {}", cell_text(&tally, table.reported));
                if let Some(published) = cell.published {
                    line += &format!(" [{published:.0}%]");
                }
                line += " |";
            }
            writeln!(output, "{line}")?;
            output.flush()?;
        }
    }
    Ok(())
}
