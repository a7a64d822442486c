//! `arena tournament GAME`: one command for every game's series. Two-player
//! games alternate the seats; Reversi gives engine A each colour in turn and
//! engine B the others.

use crate::cli::kyoto::Points;
use crate::cli::series::{run_series, SeriesArgs};
use anyhow::Context;
use clap::ValueEnum;
use games::reversi::series::play_reversi_series;
use games::reversi::Setup;
use indicatif::ProgressBar;
use std::io::Write;
use std::path::PathBuf;

/// The games with tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TournamentGame {
    Dobutsu,
    /// Janken shogi (`--blind`: a blind set-up).
    Janken,
    /// Simulation shogi (Kyoto shogi with points; `--points off`: plain Kyoto shogi).
    Kyoto,
    Reversi,
}

/// `arena tournament GAME --a ENGINE --b ENGINE --games N`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: TournamentGame,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// Reversi's board and turn order: octagon3, octagon3-bawa, octagon5, othello.
    #[arg(long, default_value = "octagon3")]
    pub preset: String,
    /// Kyoto: the points rule of Simulation shogi.
    #[arg(long, value_enum, default_value = "on")]
    pub points: Points,
    /// Janken: both players set up without seeing the other's cubes.
    #[arg(long)]
    pub blind: bool,
}

/// Runs a tournament.
pub fn run(args: TournamentArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    match args.game {
        TournamentGame::Dobutsu => {
            run_series(&args.series, games::dobutsu::Position::start(), output).map(|_| ())
        }
        TournamentGame::Janken => run_series(
            &args.series,
            games::janken::Position::new(args.blind),
            output,
        )
        .map(|_| ()),
        TournamentGame::Kyoto => run_series(
            &args.series,
            games::kyoto::Position::start(args.points == Points::On),
            output,
        )
        .map(|_| ()),
        TournamentGame::Reversi => reversi(&args, output),
    }
}

fn reversi(args: &TournamentArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let setup = Setup::preset(&args.preset).map_err(|e| anyhow::anyhow!("--preset: {e}"))?;
    let series = &args.series;
    let path = series
        .records
        .clone()
        .unwrap_or_else(|| PathBuf::from("reversi-tournament.txt"));
    let mut records = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("cannot open the records file {}", path.display()))?;
    writeln!(
        output,
        "{setup}: A = {} in each colour in turn, B = {} in the others, {} games; records in {}",
        series.a,
        series.b,
        series.games,
        path.display()
    )?;
    let bar = ProgressBar::new(u64::from(series.games));
    let result = play_reversi_series(
        &setup,
        &series.a,
        &series.b,
        games::reversi::series::ReversiSeriesConfig {
            games: series.games,
            seed: series.seed,
            jobs: series.jobs,
        },
        &mut records,
        &|done| bar.set_position(u64::from(done)),
    )?;
    bar.finish_and_clear();
    write!(output, "{}", result.tally)?;
    writeln!(
        output,
        "time a move: A {:.2} ms, B {:.2} ms",
        result.a_time.as_secs_f64() * 1e3,
        result.b_time.as_secs_f64() * 1e3
    )?;
    Ok(())
}
