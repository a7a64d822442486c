//! `arena tournament GAME`: one command for every game's series, all run by
//! [`games::series`]. Two-player games alternate the seats; Reversi gives
//! engine A each colour in turn and engine B the others.

use crate::cli::blokus_match::BlokusTable;
use crate::cli::kyoto::Points;
use crate::cli::series::{tournament, two_player_tournament, SeriesArgs};
use clap::ValueEnum;
use games::reversi::series::ReversiTable;
use games::reversi::Setup;
use std::io::Write;
use std::time::Duration;

/// The games with tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TournamentGame {
    /// Blokus Duo (any engine of `arena blokus engines`: the board's model, Pentobi over GTP).
    Blokus,
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
    /// Blokus: thinking time a move, in seconds, for engines that take one.
    #[arg(long, default_value_t = 0.2)]
    pub time: f64,
    /// Games open with this many random moves a side (default: 2 in Blokus
    /// Duo, 0 in the others); games 2k and 2k + 1 share an opening, played
    /// from both seats.
    #[arg(long)]
    pub random_opening: Option<usize>,
}

/// Runs a tournament.
pub fn run(args: TournamentArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let series = &args.series;
    let opening = args.random_opening.unwrap_or(0);
    match args.game {
        TournamentGame::Blokus => {
            anyhow::ensure!(
                series.start.is_none(),
                "--start: Blokus Duo's series start from random openings (--random-opening)"
            );
            let table = BlokusTable {
                time: Duration::from_secs_f64(args.time),
                random_opening: args.random_opening.unwrap_or(2),
                seed: series.seed,
            };
            let what = format!(
                "Blokus Duo from {} random moves a side",
                table.random_opening
            );
            tournament(&table, &series.config("blokus"), &what, output)?;
        }
        TournamentGame::Dobutsu => {
            two_player_tournament(series, games::dobutsu::Position::start(), opening, output)?;
        }
        TournamentGame::Janken => {
            two_player_tournament(
                series,
                games::janken::Position::new(args.blind),
                opening,
                output,
            )?;
        }
        TournamentGame::Kyoto => {
            two_player_tournament(
                series,
                games::kyoto::Position::start(args.points == Points::On),
                opening,
                output,
            )?;
        }
        TournamentGame::Reversi => {
            anyhow::ensure!(
                series.start.is_none() && args.random_opening.is_none(),
                "--start, --random-opening: Reversi's series start from the preset's position (--preset)"
            );
            let setup =
                Setup::preset(&args.preset).map_err(|e| anyhow::anyhow!("--preset: {e}"))?;
            let what = format!("{setup}, A in each colour in turn, B in the others");
            let table = ReversiTable {
                setup,
                seed: series.seed,
            };
            tournament(&table, &series.config("reversi"), &what, output)?;
        }
    }
    Ok(())
}
