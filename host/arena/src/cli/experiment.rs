//! `arena experiment NAME`: the seeds' experiments re-run with the shared
//! series runners, each cell a series with fixed seats (the seeds report the
//! first or second player's win rate, or for three-player Reversi each
//! seat's), printed as a Markdown table of win rates with 95% intervals
//! beside the seeds' published figures.

use crate::cli::series::{fixed_seat_series, run_with_bar, RunOptions};
use games::game::Engines;
use games::stats::Tally;
use std::io::Write;
use std::path::Path;

/// One cell of a table: who moves first and second, and the seed's figure.
pub struct Cell {
    pub first: String,
    pub second: String,
    /// The seed's published win rate of the side the cell reports, in percent.
    pub published: Option<f64>,
    /// Whose win rate the cell reports.
    pub reported: Reported,
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

/// ` [NN%]`, the seed's figure, or nothing.
fn published_text(published: Option<f64>) -> String {
    published.map_or(String::new(), |p| format!(" [{p:.0}%]"))
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
                line += &format!(
                    " {}{} |",
                    cell_text(&tally, cell.reported),
                    published_text(cell.published)
                );
            }
            writeln!(output, "{line}")?;
            output.flush()?;
        }
    }
    Ok(())
}

/// The experiments `arena experiment` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Experiment {
    /// Dobutsu seed, table 1: material-only players at depths 2-5 against each other.
    DobutsuTable1,
    /// Dobutsu seed, tables 2 and 3: three evaluations at depth 2 against each other.
    DobutsuTables2And3,
    /// Dobutsu seed, tables 2 and 3 with our evaluation fitted to the
    /// solution as a fourth (`eval=fitted`) beside the seed's three.
    DobutsuTables2And3Fitted,
    /// Dobutsu seed: its GA-tuned player against the untuned one (depth 3),
    /// and our evaluations fitted to the solution in its place.
    DobutsuTuned,
    /// Simulation shogi seed, table 9: players with varied piece values against
    /// the averaged-values player, each seat.
    KyotoTable9,
    /// Simulation shogi seed, table 9 played by the seed's own program (its
    /// Java ported), keeping the departures `--variant` names.
    KyotoTable9SeedProgram,
    /// Three-player Reversi seed: its Monte Carlo player against two random
    /// players, in each seat.
    ReversiSeedTable,
    /// Three-player Reversi: MCTS at the seed player's time a move against two
    /// seed players, in each seat, beside the seed player in the same seat.
    ReversiMctsVsSeed,
}

/// `arena experiment NAME`.
#[derive(clap::Args, Debug)]
pub struct ExperimentArgs {
    #[arg(value_enum)]
    pub name: Experiment,
    /// Games a cell (default: the seed's own count); Reversi: games in each seat.
    #[arg(long)]
    pub games: Option<u32>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Only the first ROWS rows of a long table (Kyoto table 9 has 31).
    #[arg(long)]
    pub rows: Option<usize>,
    /// Kyoto table 9: only these rows, numbered from 1 as the seed lists
    /// them (`--pick 4,13,23`); 0 is a control row, the averaged values
    /// against themselves.
    #[arg(long, value_delimiter = ',')]
    pub pick: Vec<usize>,
    /// kyoto-table9-seed-program: where the seed's program departs from our
    /// game and player, `seed` (all of it) or `ours` (none), then `+NAME`
    /// (the seed's way) or `-NAME` (ours) for `root`, `table`, `drop-eval`,
    /// `points-eval`, `drop-face`, `repetition`, `turn-points`.
    #[arg(long, default_value = "seed")]
    pub variant: String,
    /// The file every game is appended to.
    #[arg(long, default_value = "experiment-games.txt")]
    pub records: std::path::PathBuf,
}

fn cell(first: String, second: String, published: Option<f64>, reported: Reported) -> Option<Cell> {
    Some(Cell {
        first,
        second,
        published,
        reported,
    })
}

/// Dobutsu table 1. The seed prints the first player's depth across the top
/// and the second's down the side (its caption says the opposite; the layout
/// is followed here).
fn dobutsu_table1() -> Vec<Table> {
    let published = [
        [None, Some(86.0), Some(58.0), Some(74.0)],
        [Some(54.0), None, Some(72.0), Some(74.0)],
        [Some(70.0), Some(68.0), None, Some(80.0)],
        [Some(72.0), Some(72.0), Some(68.0), None],
    ];
    let spec = |depth: u32| format!("seed:depth={depth},eval=material");
    vec![Table {
        title: "Dobutsu table 1: the first player's win rate, material-only players, \
                first player's depth across, second's down"
            .to_string(),
        corner: "second \\ first".to_string(),
        column_labels: (2..=5).map(|d| format!("depth {d}")).collect(),
        rows: (2..=5u32)
            .map(|second| {
                let cells = (2..=5u32)
                    .map(|first| {
                        (first != second)
                            .then(|| {
                                cell(
                                    spec(first),
                                    spec(second),
                                    published[second as usize - 2][first as usize - 2],
                                    Reported::First,
                                )
                            })
                            .flatten()
                    })
                    .collect();
                (format!("depth {second}"), cells)
            })
            .collect(),
    }]
}

/// Dobutsu tables 2 and 3: evaluations 1 (material), 2 (material and attacked
/// cells), 3 (material, attacked cells, check and try), depth 2; the first
/// player's evaluation across, the second's down.
/// The seed's tables 2 and 3; with `fitted`, our evaluation fitted to the
/// solution joins as evaluation 4 (its cells have no published figure).
fn dobutsu_tables_2_and_3(fitted: bool) -> Vec<Table> {
    let evaluations: &[&str] = if fitted {
        &["material", "attacks", "seed", "fitted"]
    } else {
        &["material", "attacks", "seed"]
    };
    let first_wins = [[36.0, 9.0, 22.0], [6.0, 42.0, 7.0], [49.0, 2.0, 0.0]];
    let second_wins = [[49.0, 30.0, 63.0], [39.0, 0.0, 53.0], [43.0, 52.0, 100.0]];
    let spec = |e: usize| format!("seed:depth=2,eval={}", evaluations[e]);
    let n = evaluations.len();
    let table = |title: &str, published: [[f64; 3]; 3], reported| Table {
        title: title.to_string(),
        corner: "second \\ first".to_string(),
        column_labels: (1..=n).map(|e| format!("evaluation {e}")).collect(),
        rows: (0..n)
            .map(|second| {
                let cells = (0..n)
                    .map(|first| {
                        let figure = (first < 3 && second < 3).then(|| published[second][first]);
                        cell(spec(first), spec(second), figure, reported)
                    })
                    .collect();
                (format!("evaluation {}", second + 1), cells)
            })
            .collect(),
    };
    let which = if fitted {
        "1 material, 2 + attacked cells, 3 + check and try, 4 fitted to the solution; depth 2"
    } else {
        "1 material, 2 + attacked cells, 3 + check and try; depth 2"
    };
    vec![
        table(
            &format!("Dobutsu table 2: the first player's win rate ({which})"),
            first_wins,
            Reported::First,
        ),
        table(
            "Dobutsu table 3: the second player's win rate (same games)",
            second_wins,
            Reported::Second,
        ),
    ]
}

/// The seed's piece values as its genetic algorithm tuned them (its table
/// 5), as `eval=` genes: board chick, elephant, giraffe, lion, hen; hand
/// chick, elephant, giraffe, lion.
const DOBUTSU_GA_TUNED: &str = "286/202/137/63/189/266/129/293/16";

/// The seed's match of its tuned player against the untuned one (depth 3,
/// as its genetic algorithm searched; 300 games a side), with our
/// evaluations fitted to the solution (linear and network) in the tuned
/// player's place beside it.
fn dobutsu_tuned() -> Vec<Table> {
    let untuned = "seed:depth=3,eval=material".to_string();
    let players = [
        (
            "GA-tuned (the seed's table 5)".to_string(),
            format!("seed:depth=3,eval={DOBUTSU_GA_TUNED}"),
            [Some(28.0), Some(56.0)],
        ),
        (
            "fitted to the solution".to_string(),
            "seed:depth=3,eval=fitted".to_string(),
            [None, None],
        ),
        (
            "a network fitted to the solution".to_string(),
            "seed:depth=3,eval=network".to_string(),
            [None, None],
        ),
    ];
    vec![Table {
        title: "Dobutsu, the tuned player against the untuned one (depth 3): the tuned \
                player's win rate"
            .to_string(),
        corner: "tuned player".to_string(),
        column_labels: vec!["as first".to_string(), "as second".to_string()],
        rows: players
            .into_iter()
            .map(|(label, tuned, published)| {
                let cells = vec![
                    cell(
                        tuned.clone(),
                        untuned.clone(),
                        published[0],
                        Reported::First,
                    ),
                    cell(untuned.clone(), tuned, published[1], Reported::Second),
                ];
                (label, cells)
            })
            .collect(),
    }]
}

/// Simulation shogi table 9 (its rows of varied values, lance-tokin /
/// silver-bishop / gold-knight / rook-pawn; the king 10000; the seed lists
/// one set of values twice with different results, kept as published).
const KYOTO_TABLE9: [([i32; 4], f64, f64); 31] = [
    ([1200, 1700, 1200, 2200], 48.0, 63.0),
    ([600, 2000, 500, 2000], 34.0, 63.0),
    ([1000, 1200, 900, 1200], 54.0, 56.0),
    ([1300, 1300, 1000, 1300], 36.0, 66.0),
    ([1300, 2000, 1300, 2200], 43.0, 59.0),
    ([1000, 1000, 500, 1000], 46.0, 63.0),
    ([2200, 1200, 1200, 1200], 48.0, 54.0),
    ([600, 600, 1200, 600], 50.0, 54.0),
    ([1200, 600, 600, 600], 52.0, 57.0),
    ([600, 600, 600, 1200], 44.0, 58.0),
    ([600, 1200, 600, 600], 55.0, 59.0),
    ([1200, 1200, 600, 600], 56.0, 58.0),
    ([1200, 600, 1200, 600], 49.0, 63.0),
    ([1200, 600, 600, 1200], 38.0, 55.0),
    ([600, 1200, 600, 1200], 50.0, 66.0),
    ([600, 1200, 1200, 600], 45.0, 61.0),
    ([600, 600, 1200, 1200], 47.0, 60.0),
    ([600, 1200, 1200, 1200], 51.0, 51.0),
    ([1200, 600, 1200, 1200], 51.0, 55.0),
    ([1200, 1200, 600, 1200], 44.0, 58.0),
    ([1200, 1200, 1200, 600], 48.0, 63.0),
    ([600, 1700, 600, 600], 40.0, 53.0),
    ([1200, 200, 1200, 1200], 40.0, 69.0),
    ([1200, 2200, 1200, 1200], 41.0, 62.0),
    ([1200, 1200, 2200, 1200], 49.0, 52.0),
    ([1200, 1200, 1200, 2200], 41.0, 57.0),
    ([1200, 1700, 1200, 2200], 34.0, 63.0),
    ([1200, 600, 1200, 2200], 55.0, 58.0),
    ([1200, 600, 1200, 2200], 34.0, 63.0),
    ([2200, 600, 1200, 2200], 48.0, 55.0),
    ([2200, 600, 1200, 1200], 35.0, 65.0),
];

/// The rows of table 9 to play: `pick` (1-based; 0 the averaged values
/// against themselves, no published figure) or the first `rows`.
fn kyoto_table9_rows(
    rows: Option<usize>,
    pick: &[usize],
) -> Vec<([i32; 4], Option<f64>, Option<f64>)> {
    if pick.is_empty() {
        return KYOTO_TABLE9
            .iter()
            .take(rows.unwrap_or(KYOTO_TABLE9.len()))
            .map(|&(v, first, second)| (v, Some(first), Some(second)))
            .collect();
    }
    pick.iter()
        .filter_map(|&row| match row {
            0 => Some(([900, 1400, 950, 1550], None, None)),
            row => KYOTO_TABLE9
                .get(row - 1)
                .map(|&(v, first, second)| (v, Some(first), Some(second))),
        })
        .collect()
}

fn kyoto_table9(rows: Option<usize>, pick: &[usize]) -> Vec<Table> {
    let average = "seed".to_string();
    vec![Table {
        title: "Simulation shogi table 9: the varied player's win rate against the averaged \
                player (900/1400/950/1550), depth 4, points on"
            .to_string(),
        corner: "values LT/SB/GN/RP".to_string(),
        column_labels: vec![
            "varied moves first".to_string(),
            "varied moves second".to_string(),
        ],
        rows: kyoto_table9_rows(rows, pick)
            .into_iter()
            .map(|(v, first, second)| {
                let varied = format!("seed:eval={}/{}/{}/{}", v[0], v[1], v[2], v[3]);
                (
                    format!("{}/{}/{}/{}", v[0], v[1], v[2], v[3]),
                    vec![
                        cell(varied.clone(), average.clone(), first, Reported::First),
                        cell(average.clone(), varied, second, Reported::Second),
                    ],
                )
            })
            .collect(),
    }]
}

/// Runs an experiment and prints its tables.
pub fn run(args: ExperimentArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let (tables, default_games) = match args.name {
        Experiment::DobutsuTable1 => (dobutsu_table1(), 50),
        Experiment::DobutsuTables2And3 => (dobutsu_tables_2_and_3(false), 100),
        Experiment::DobutsuTables2And3Fitted => (dobutsu_tables_2_and_3(true), 100),
        Experiment::DobutsuTuned => (dobutsu_tuned(), 300),
        Experiment::KyotoTable9 => (kyoto_table9(args.rows, &args.pick), 100),
        Experiment::KyotoTable9SeedProgram => return run_seed_program(&args, output),
        Experiment::ReversiSeedTable => return run_reversi(&args, &reversi_seed_table(), output),
        Experiment::ReversiMctsVsSeed => {
            return run_reversi(&args, &reversi_mcts_vs_seed(), output)
        }
    };
    let options = RunOptions {
        games: args.games.unwrap_or(default_games),
        seed: args.seed,
        jobs: args.jobs,
        max_plies: args.max_plies,
    };
    writeln!(
        output,
        "{:?}: {} games a cell, seats fixed, win rates with 95% intervals, the seed's figure in brackets",
        args.name, options.games
    )?;
    match args.name {
        Experiment::KyotoTable9 => run_tables(
            &tables,
            &games::kyoto::Position::start(true),
            &options,
            &args.records,
            output,
        ),
        _ => run_tables(
            &tables,
            &games::dobutsu::Position::start(),
            &options,
            &args.records,
            output,
        ),
    }
}

/// Table 9 played by the seed's own program ([`games::kyoto::seed_variants`]):
/// for each row the varied values as sente against the averaged ones, then
/// as gote, `games` each; the varied side's wins with 95% intervals, the
/// seed's figure in brackets, the drawn games (repetition or `max_plies`)
/// and the mean length.
fn run_seed_program(args: &ExperimentArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    use games::kyoto::seed_variants::{SeedProgramTable, Variant};
    use games::series::{Seating, SeriesConfig};
    let variant = Variant::parse(&args.variant).map_err(anyhow::Error::msg)?;
    let games = args.games.unwrap_or(100);
    writeln!(
        output,
        "KyotoTable9SeedProgram: the seed's program, variant `{}` ({variant}); {games} games a \
         cell, games longer than {} plies drawn; records appended to {}",
        args.variant,
        args.max_plies,
        args.records.display()
    )?;
    writeln!(
        output,
        "\n| values LT/SB/GN/RP | varied moves first | varied moves second | draws (first, second) | mean plies (first, second) |\n|---|---|---|---|---|"
    )?;
    for (values, first, second) in kyoto_table9_rows(args.rows, &args.pick) {
        let varied = format!("{}/{}/{}/{}", values[0], values[1], values[2], values[3]);
        let mut cells = Vec::new();
        for (a, b, published, reported) in [
            (
                varied.clone(),
                "average".to_string(),
                first,
                Reported::First,
            ),
            (
                "average".to_string(),
                varied.clone(),
                second,
                Reported::Second,
            ),
        ] {
            let table = SeedProgramTable::new(variant, args.seed, args.max_plies);
            let config = SeriesConfig {
                a: a.clone(),
                b: b.clone(),
                games,
                seating: Seating::AFirst,
                jobs: args.jobs,
                records: Some(args.records.clone()),
                resume: false,
            };
            let tally = run_with_bar(&table, &config, &format!("{a} vs {b} "))?;
            let seat = tally.by_seat[0];
            cells.push((
                format!(
                    "{}{}",
                    cell_text(&seat, reported),
                    published_text(published)
                ),
                seat.draws,
                table.mean_plies(),
            ));
        }
        writeln!(
            output,
            "| {varied} | {} | {} | {}, {} | {:.0}, {:.0} |",
            cells[0].0, cells[1].0, cells[0].1, cells[1].1, cells[0].2, cells[1].2
        )?;
        output.flush()?;
    }
    Ok(())
}

/// A column of a Reversi table: engine A in each seat in turn against engine
/// B in all the others, and the seed's figures for A by seat.
pub struct ReversiColumn {
    pub label: String,
    pub a: String,
    pub b: String,
    pub published: Option<[f64; 3]>,
}

fn reversi_column(label: &str, a: &str, b: &str, published: Option<[f64; 3]>) -> ReversiColumn {
    ReversiColumn {
        label: label.to_string(),
        a: a.to_string(),
        b: b.to_string(),
        published,
    }
}

/// The seed's table: its Monte Carlo player won 98% as black, 98% as white,
/// 97% as ash against two random players (100 games each).
fn reversi_seed_table() -> Vec<ReversiColumn> {
    vec![reversi_column(
        "seed-mc against two random players",
        "seed-mc",
        "random",
        Some([98.0, 98.0, 97.0]),
    )]
}

/// MCTS at the seed player's time a move against two seed players, beside
/// the seed player itself in the same seat (what an equal player wins there)
/// and MCTS at the seed player's playout count.
fn reversi_mcts_vs_seed() -> Vec<ReversiColumn> {
    vec![
        reversi_column(
            "seed-mc against two seed-mc (the seat's par)",
            "seed-mc",
            "seed-mc",
            None,
        ),
        reversi_column(
            "mcts:seed-time against two seed-mc (equal time)",
            "mcts:seed-time",
            "seed-mc",
            None,
        ),
        reversi_column(
            "mcts:seed-equal against two seed-mc (equal playouts)",
            "mcts:seed-equal",
            "seed-mc",
            None,
        ),
    ]
}

/// Plays each column's series on the seed's board (`games` in each seat,
/// every game appended to the records) and prints a Markdown table: seats
/// down, columns across, A's wins with 95% intervals and the seed's figure in
/// brackets, then each engine's mean time a move.
fn run_reversi(
    args: &ExperimentArgs,
    columns: &[ReversiColumn],
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    use games::reversi::series::ReversiTable;
    use games::reversi::setup::COLOUR_NAMES;
    use games::series::{Seating, SeriesConfig};
    let setup = games::reversi::Setup::preset("octagon3").expect("a preset");
    let colours = setup.colours();
    let games = args.games.unwrap_or(100);
    writeln!(
        output,
        "{:?}: {setup}; {games} games in each seat, A's win rate with 95% intervals, \
         the seed's figure in brackets; records appended to {}",
        args.name,
        args.records.display()
    )?;
    let table = ReversiTable {
        setup: setup.clone(),
        seed: args.seed,
    };
    let mut results = Vec::new();
    for column in columns {
        let config = SeriesConfig {
            a: column.a.clone(),
            b: column.b.clone(),
            games: games * colours as u32,
            seating: Seating::Rotate,
            jobs: args.jobs,
            records: Some(args.records.clone()),
            resume: false,
        };
        results.push(run_with_bar(
            &table,
            &config,
            &format!("{} ", column.label),
        )?);
    }
    let mut header = "\n| A's seat |".to_string();
    let mut rule = "|---|".to_string();
    for column in columns {
        header += &format!(" {} |", column.label);
        rule += "---|";
    }
    writeln!(output, "{header}\n{rule}")?;
    for (colour, name) in COLOUR_NAMES.iter().enumerate().take(colours) {
        let mut line = format!("| {name} |");
        for (column, series) in columns.iter().zip(&results) {
            line += &format!(
                " {}{} |",
                cell_text(&series.by_seat[colour], Reported::First),
                published_text(column.published.map(|p| p[colour]))
            );
        }
        writeln!(output, "{line}")?;
    }
    let mut line = "| time a move, A / B |".to_string();
    for series in &results {
        let [a, b] = series.mean_thinking().unwrap_or_default();
        line += &format!(
            " {:.2} / {:.2} ms |",
            a.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3
        );
    }
    writeln!(output, "{line}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reversi_seed_table_has_a_row_a_seat_and_saves_every_game() {
        let records = std::env::temp_dir().join(format!(
            "arena-reversi-experiment-{}.txt",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&records);
        let mut output = Vec::new();
        run(
            ExperimentArgs {
                name: Experiment::ReversiSeedTable,
                games: Some(2),
                seed: 1,
                jobs: 1,
                max_plies: 300,
                rows: None,
                pick: Vec::new(),
                variant: "seed".to_string(),
                records: records.clone(),
            },
            &mut output,
        )
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| ")).collect();
        // The header, black, white, ash, the times.
        assert_eq!(rows.len(), 5, "{text}");
        for (row, (seat, published)) in
            rows[1..4]
                .iter()
                .zip([("black", "[98%]"), ("white", "[98%]"), ("ash", "[97%]")])
        {
            assert!(
                row.starts_with(&format!("| {seat} |")) && row.contains(published),
                "{row}"
            );
        }
        let games = std::fs::read_to_string(&records).unwrap();
        assert_eq!(games.matches("[Result ").count(), 6);
        assert_eq!(
            games
                .matches("[Players B=seed-mc W=random A=random]")
                .count(),
            2
        );
        std::fs::remove_file(&records).unwrap();
    }
}
