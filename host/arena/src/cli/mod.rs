//! The `arena` command line: argument definitions (clap) and the commands
//! behind them, kept in the library so tests can drive them with in-memory I/O.

pub mod blokus;
pub mod blokus_match;
pub mod board_check;
pub mod board_limits;
pub mod contest;
pub mod dobutsu;
pub mod experiment;
pub mod fit_priors;
pub mod janken;
pub mod judge;
pub mod kyoto;
pub mod play;
pub mod profile;
pub mod reversi;
pub mod series;
pub mod serve;
pub mod solve;
pub mod tournament;
pub mod tune_dobutsu_solution;
pub mod tune_kyoto;

use ::blokus::display::Colour;
use clap::{Parser, Subcommand};

/// Games, engines, referee and tools of the FPGA board-game project.
#[derive(Parser, Debug)]
#[command(name = "arena", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The games.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Blokus Duo: legal moves, perft, play against an engine, benchmarks, record conversion.
    #[command(subcommand)]
    Blokus(blokus::BlokusCommand),
    /// Dobutsu shogi (3x4 board): perft, play, solve, judge.
    #[command(subcommand)]
    Dobutsu(dobutsu::DobutsuCommand),
    /// Janken shogi (6x6, rolling janken cubes): perft, play.
    #[command(subcommand)]
    Janken(janken::JankenCommand),
    /// Kyoto shogi and Simulation shogi (Kyoto shogi with the points rule): perft, play.
    #[command(subcommand)]
    Kyoto(kyoto::KyotoCommand),
    /// Reversi for any number of players (the seed's 3-player octagon by default,
    /// standard Othello with --preset othello): perft, play, benchmark.
    #[command(subcommand)]
    Reversi(reversi::ReversiCommand),
    /// A series between two engines of a game, both (or all) seats, with 95% intervals.
    Tournament(tournament::TournamentArgs),
    /// Our search and a UCI engine (Fairy-Stockfish) on the same positions,
    /// depth by depth: nodes, time and branching factor to each depth.
    Profile(profile::ProfileArgs),
    /// Re-run a seed's experiment and print its table beside the published one.
    Experiment(experiment::ExperimentArgs),
    /// Tune a game's evaluation: Dobutsu's with the seed's genetic algorithm
    /// or fitted to its solution, Kyoto's fitted to our own games' results.
    #[command(subcommand)]
    Tune(TuneCommand),
    /// Referee Blokus Duo games between two contest players, as the organisers' referee did.
    Referee(contest::RefereeArgs),
    /// Play Blokus Duo as a contest player over a link, with a host engine.
    Player(contest::PlayerArgs),
    /// The engines `engine:NAME` and `--engine` take.
    Engines,
    /// The games on a local web page: Dobutsu, Kyoto and Janken shogi against
    /// the engines. Prints `open http://127.0.0.1:PORT/` first.
    Serve(serve::ServeArgs),
    /// Measure the time the referee adds per move over pseudo-terminal pairs.
    RefereeBench(contest::RefereeBenchArgs),
    /// The simulated board: the Verilator model of the board's top level on a
    /// pseudo-terminal and a TCP port, game after game until killed. Prints
    /// `pty: PATH` and `tcp: ADDRESS` first, then a line per answer with its
    /// board time and `busy` lines while it works, and on stderr when it stops
    /// its speed.
    BoardSim(sim::board_sim::BoardSimArgs),
    /// The board's SDRAM check, run after flashing a board: every word of its
    /// SDRAM written and read back with four patterns, asked for over the
    /// board's serial line (outside a game) and shown: the words checked, the
    /// errors and the first failure, each pass's speed. Exit status 1 when
    /// the board found errors.
    BoardCheck(board_check::BoardCheckArgs),
}

/// The games `arena tune` tunes.
#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// Dobutsu shogi's piece values, as the seed's genetic algorithm found them.
    Dobutsu(dobutsu::TuneArgs),
    /// Dobutsu shogi's evaluation, fitted to the exact values of positions
    /// drawn from the solved table.
    DobutsuSolution(tune_dobutsu_solution::TuneArgs),
    /// Kyoto shogi's evaluation, fitted to the results of our own games.
    Kyoto(tune_kyoto::TuneArgs),
}

/// Runs a parsed command line with the process's standard streams, the
/// Blokus Duo board in colour when standard output takes it.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    // Not a lock held for the whole run: `arena player --link stdio` reads
    // stdin through the link, which locks it for each read.
    let mut stdin = std::io::BufReader::new(std::io::stdin());
    let colour = stdout_colour();
    run_in_colour(cli, &mut stdin, &mut std::io::stdout(), colour)
}

/// What standard output takes: colour only when anstream (the crate clap
/// writes its own coloured help with) would colour it: a terminal whose
/// `TERM` is not `dumb`, `NO_COLOR` unset or empty, `CLICOLOR` not `0`
/// (`CLICOLOR_FORCE` forces it even into a pipe). Then the 256 colours when
/// the terminal says it has them.
pub fn stdout_colour() -> Colour {
    if anstream::AutoStream::choice(&std::io::stdout()) == anstream::ColorChoice::Never {
        return Colour::Plain;
    }
    let term = std::env::var("TERM").unwrap_or_default();
    let colorterm = std::env::var("COLORTERM").unwrap_or_default();
    if term.contains("256color") || colorterm == "truecolor" || colorterm == "24bit" {
        Colour::Full
    } else {
        Colour::Basic
    }
}

/// Runs a parsed command line reading `input` and writing what it prints to
/// `output`, as plain text (an in-memory `output` is no terminal).
pub fn run_with(
    cli: Cli,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    run_in_colour(cli, input, output, Colour::Plain)
}

/// [`run_with`], the Blokus Duo board drawn in `colour` (what the terminal
/// `output` takes, [`stdout_colour`]).
pub fn run_in_colour(
    cli: Cli,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
    colour: Colour,
) -> anyhow::Result<()> {
    match cli.command {
        Command::Blokus(command) => blokus::run(command, input, output, colour),
        Command::Dobutsu(command) => dobutsu::run(command, input, output),
        Command::Janken(command) => janken::run(command, input, output),
        Command::Kyoto(command) => kyoto::run(command, input, output),
        Command::Reversi(command) => reversi::run(command, input, output),
        Command::Tournament(args) => tournament::run(args, output),
        Command::Experiment(args) => experiment::run(args, output),
        Command::Tune(TuneCommand::Dobutsu(args)) => dobutsu::tune(&args, output),
        Command::Tune(TuneCommand::Kyoto(args)) => tune_kyoto::tune(&args, output),
        Command::Profile(args) => profile::run(&args, output),
        Command::Tune(TuneCommand::DobutsuSolution(args)) => {
            tune_dobutsu_solution::tune(&args, output)
        }
        Command::Referee(args) => contest::referee(args, output),
        Command::Player(args) => contest::player(args, output),
        Command::Engines => contest::engines(output),
        Command::Serve(args) => serve::run(&args, output),
        Command::RefereeBench(args) => contest::referee_bench(args, output),
        Command::BoardSim(args) => std::process::exit(sim::board_sim::run(args)),
        Command::BoardCheck(args) => board_check::run(args, output),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sim_takes_the_simulated_boards_options() {
        let args = |line: &[&str]| match Cli::try_parse_from(line).unwrap().command {
            Command::BoardSim(args) => args,
            other => panic!("{other:?}"),
        };
        let defaults = args(&["arena", "board-sim"]);
        assert_eq!(
            (defaults.tcp, defaults.baud, defaults.search_ms),
            (0, 115_200, None)
        );
        let given = args(&[
            "arena",
            "board-sim",
            "--tcp",
            "10000",
            "--search-ms",
            "5",
            "--quiet",
        ]);
        assert_eq!(
            (given.tcp, given.search_ms, given.quiet),
            (10_000, Some(5), true)
        );
        assert!(Cli::try_parse_from(["arena", "board-sim", "--search-ms", "2000"]).is_err());
        assert!(Cli::try_parse_from(["arena", "board-sim", "--tcp", "70000"]).is_err());
    }
}
