//! The command line's side of a series of any game: the options every
//! `arena tournament GAME` takes, and a series run by
//! [`games::series::run_series`] with a progress bar, A's results by seat
//! with 95% intervals at the end.

use games::game::tournament::TwoPlayerTable;
use games::game::Engines;
use games::series::{
    run_series, Played, Report, Seating, SeriesConfig, SeriesGame, SeriesObserver, SeriesTally,
};
use games::stats::Tally;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// How the series of a table are run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub games: u32,
    pub seed: u64,
    pub jobs: usize,
    pub max_plies: usize,
}

/// The options every game's series takes.
#[derive(clap::Args, Debug, Clone)]
pub struct SeriesArgs {
    /// Engine A, e.g. `alphabeta:time=0.1`, `seed:depth=4`, `random` (see each game's `engines`).
    #[arg(long)]
    pub a: String,
    /// Engine B (in every seat A does not have).
    #[arg(long)]
    pub b: String,
    /// Games in all; A takes each seat in turn.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Game i's engines take their random choices from SEED + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one thread each; the games are the same for any number).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// A game still going after this many plies is scored a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// The file the games are appended to as they finish (default: GAME-tournament.txt).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Read the games already in the records file and play only the others.
    #[arg(long)]
    pub resume: bool,
    /// Start from this position (the game's FEN) instead of the usual start.
    #[arg(long)]
    pub start: Option<String>,
}

impl SeriesArgs {
    /// The runner's configuration, the records in `GAME-tournament.txt` unless named.
    pub fn config(&self, game: &str) -> SeriesConfig {
        SeriesConfig {
            a: self.a.clone(),
            b: self.b.clone(),
            games: self.games,
            seating: Seating::Rotate,
            jobs: self.jobs,
            records: Some(
                self.records
                    .clone()
                    .unwrap_or_else(|| PathBuf::from(format!("{game}-tournament.txt"))),
            ),
            resume: self.resume,
        }
    }
}

/// A progress bar that follows a series: games done, and A's results so far.
struct Bar(ProgressBar);

impl SeriesObserver for Bar {
    fn resumed(&mut self, done: usize, todo: usize) {
        self.0.set_position(done as u64);
        self.0.println(format!(
            "resuming: {done} games already played, {todo} to play"
        ));
    }

    fn finished(&mut self, _: &Played, tally: &SeriesTally) {
        self.0.inc(1);
        let total = tally.total();
        self.0.set_message(format!(
            "+{} ={} -{}",
            total.wins, total.draws, total.losses
        ));
    }
}

/// Runs a series with a progress bar labelled `label`.
pub fn run_with_bar(
    table: &dyn SeriesGame,
    config: &SeriesConfig,
    label: &str,
) -> anyhow::Result<SeriesTally> {
    let bar = ProgressBar::new(u64::from(config.games));
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} games, {{elapsed}} (eta {{eta}}) {label}{{msg}}"
        ))
        .expect("a valid progress template"),
    );
    let mut observer = Bar(bar);
    let tally = run_series(table, config, &mut observer);
    observer.0.finish_and_clear();
    tally
}

/// `arena tournament GAME`: the series `config` describes at `table`,
/// introduced by `what` (the game and its start), its report printed to `output`.
pub fn tournament(
    table: &dyn SeriesGame,
    config: &SeriesConfig,
    what: &str,
    output: &mut dyn Write,
) -> anyhow::Result<SeriesTally> {
    writeln!(
        output,
        "{what}: A = {} against B = {}, {} games; records in {}",
        config.a,
        config.b,
        config.games,
        config
            .records
            .as_ref()
            .map_or("none".to_string(), |p| p.display().to_string())
    )?;
    let tally = run_with_bar(table, config, "A: ")?;
    if tally.resumed > 0 {
        writeln!(
            output,
            "resumed: {} games read back from the records, {} played now",
            tally.resumed,
            tally.total().games() - tally.resumed
        )?;
    }
    writeln!(output, "A = {} against B = {}:", config.a, config.b)?;
    let report = Report {
        game: table,
        tally: &tally,
        a: &config.a,
        b: &config.b,
    };
    writeln!(output, "{report}")?;
    Ok(tally)
}

/// A two-player game's tournament from `start` (or `args.start`), each game
/// opened by `random_opening` random moves a side.
pub fn two_player_tournament<G: Engines + Send + Sync>(
    args: &SeriesArgs,
    start: G,
    random_opening: usize,
    output: &mut dyn Write,
) -> anyhow::Result<SeriesTally> {
    let start = match &args.start {
        Some(fen) => G::from_fen(fen).map_err(|e| anyhow::anyhow!("--start: {e}"))?,
        None => start,
    };
    let mut what = format!("{} from {}", G::NAME, start.to_fen());
    if random_opening > 0 {
        what += &format!(" and {random_opening} random moves a side");
    }
    let table = TwoPlayerTable {
        start,
        max_plies: args.max_plies,
        seed: args.seed,
        random_opening,
    };
    tournament(&table, &args.config(G::NAME), &what, output)
}

/// A series with `first` always moving first (the seeds' tables), its games
/// appended to `records`; the tally is the first player's.
pub fn fixed_seat_series<G: Engines + Send + Sync>(
    start: &G,
    first: &str,
    second: &str,
    options: &RunOptions,
    records: &std::path::Path,
) -> anyhow::Result<Tally> {
    let table = TwoPlayerTable {
        start: start.clone(),
        max_plies: options.max_plies,
        seed: options.seed,
        random_opening: 0,
    };
    let config = SeriesConfig {
        a: first.to_string(),
        b: second.to_string(),
        games: options.games,
        seating: Seating::AFirst,
        jobs: options.jobs,
        records: Some(records.to_path_buf()),
        resume: false,
    };
    let tally = run_with_bar(&table, &config, &format!("{first} vs {second} "))?;
    Ok(tally.by_seat[0])
}
