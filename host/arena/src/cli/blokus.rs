//! `arena blokus ...`: legal-move listing, perft, a person playing an engine in
//! the terminal, the move-generation benchmark and record conversion.

use super::blokus_match::{self, MatchConfig};
use super::board_limits::{seconds, SimWallLimit};
use crate::bench;
use crate::engines::engine_named;
use crate::links::board_client::{BoardClient, BoardLimits, Thinking};
use crate::links::LinkSpec;
use crate::opponent::{Opponent, Reply};
use anyhow::{bail, Context};
use blokus::display::{self, Colour};
use blokus::parse_code_list;
use blokus::pentobi;
use blokus::record::{GameRecord, Recorder};
use blokus::{Move, MoveCode, Player, Position};
use clap::{Subcommand, ValueEnum};
use games::play::perft_command;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The Blokus Duo subcommands.
#[derive(Subcommand, Debug)]
pub enum BlokusCommand {
    /// Draw the board (the last move's cells in capitals; in colour on a
    /// terminal that takes it) and print, as the last line, the number of
    /// distinct legal placements.
    Legal {
        /// Comma-separated contest codes played from the start (`0000` for a pass).
        #[arg(long, default_value = "")]
        moves: String,
        /// Also list the placements: canonical codes, every code, or Pentobi cell lists.
        #[arg(long, value_enum)]
        list: Option<ListStyle>,
    },
    /// Print, as the last line, the number of move sequences of length DEPTH.
    Perft {
        depth: u32,
        /// Comma-separated contest codes played from the start.
        #[arg(long, default_value = "")]
        moves: String,
        /// First print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play against an engine, or a board over the contest protocol, in the
    /// terminal; the record is written as the game goes.
    Play {
        /// Who moves first (as player 1, orange `o`, from (5,5)).
        #[arg(long, value_enum, default_value = "human")]
        first: Side,
        /// The engine (`arena blokus engines` lists them): alphabeta (the
        /// default, the host's search), board-model (the board's search),
        /// greedy, random, gtp:COMMAND, ...
        #[arg(long, default_value = "default", conflicts_with_all = ["board", "port"])]
        engine: String,
        /// Play a board instead, refereed from here in the contest protocol
        /// (2014 scheme): `sim` (the simulated board), `serial:PATH[@BAUD]`,
        /// `tcp:HOST:PORT`, ...
        #[arg(long, conflicts_with = "port")]
        board: Option<String>,
        /// The real board's serial port (e.g. /dev/ttyUSB0): `--board serial:PORT`.
        #[arg(long)]
        port: Option<String>,
        /// Seconds the board may take over a move: real time for a real board
        /// (--port, serial:), board time for the simulated board and the
        /// board's model (their own count of clock cycles, however slowly
        /// they run here).
        #[arg(long, value_name = "S", default_value = "1", value_parser = seconds)]
        board_timeout: Duration,
        #[command(flatten)]
        sim_wall_limit: SimWallLimit,
        /// Thinking time per engine move, in seconds.
        #[arg(long, default_value_t = 1.0)]
        time: f64,
        /// Seed for engines that draw lots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Record files: BASE.txt (transcript) and BASE.sgf (Pentobi SGF).
        /// Default: blokus-<unix time> in the current directory.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Move-generation speed: median time of one full generation over fixed
    /// mid-game positions, and perft leaves per second.
    Bench {
        /// Random games the mid-game positions are taken from.
        #[arg(long, default_value_t = 40)]
        games: usize,
        /// Perft depth from the start position.
        #[arg(long, default_value_t = 3)]
        perft_depth: u32,
        /// A `pentobi-gtp` program: its simulations a second (level 7, one
        /// thread, its own `Sim/s` log line) on the board search's positions.
        #[arg(long, value_name = "PATH")]
        pentobi: Option<PathBuf>,
        /// Milliseconds of board time the board's searches start rounds in
        /// (default: each one's own budget: 850 for the board's tree by
        /// prior and the tree before it, 650 for the flat search before
        /// that).
        #[arg(long, value_name = "MS")]
        search_ms: Option<f64>,
        /// Instead, the playouts the board's search and the tree before it
        /// play in their budget at every even ply, over the positions of
        /// --games games (the tree before it's is the table `board-next`
        /// takes as its budget).
        #[arg(long)]
        playouts_per_ply: bool,
    },
    /// Play engines against each other, alternating who moves first, and print
    /// the first engine's results with a 95% confidence interval.
    Match(MatchConfig),
    /// Fit the board's next search's prior weights to the moves chosen in
    /// recorded games (records of `arena blokus match`).
    FitPriors(super::fit_priors::FitArgs),
    /// Convert a game record: FILE.sgf (Pentobi SGF) or any other name (transcript).
    Convert { input: PathBuf, output: PathBuf },
    /// The engines `play --engine`, `match` and `engine:NAME` take, with
    /// their options (as `arena engines`).
    Engines,
}

/// How `legal --list` writes each placement.
#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum ListStyle {
    /// The canonical contest code.
    Codes,
    /// Every contest code naming the same cells, space-separated.
    AllCodes,
    /// Pentobi's cell list.
    Pentobi,
}

/// Who moves first in `play`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    Human,
    Engine,
}

/// Runs one Blokus Duo subcommand.
/// The board is drawn in `colour` (the last move marked either way).
pub fn run(
    command: BlokusCommand,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    colour: Colour,
) -> anyhow::Result<()> {
    match command {
        BlokusCommand::Legal { moves, list } => legal(&moves, list, out, colour),
        BlokusCommand::Engines => super::contest::engines(out),
        BlokusCommand::Perft {
            depth,
            moves,
            divide,
        } => {
            let position = position_after(&moves)?;
            let what = format!("the position after {} moves", position.plies());
            perft_command(&position, &what, depth, divide, out)?;
            Ok(())
        }
        BlokusCommand::Play {
            first,
            engine,
            board,
            port,
            board_timeout,
            sim_wall_limit,
            time,
            seed,
            record,
        } => {
            let board = board.or(port.map(|p| format!("serial:{p}")));
            let opponent = match board {
                Some(spec) => {
                    let spec: LinkSpec =
                        spec.parse().map_err(|e| anyhow::anyhow!("--board: {e}"))?;
                    writeln!(out, "Opening the board on {spec}: {} ...", who_plays(&spec))?;
                    let limits = BoardLimits {
                        per_move: board_timeout,
                        sim_wall_guard: sim_wall_limit.duration(),
                    };
                    Opponent::Board(Box::new(BoardClient::open(&spec, limits)?))
                }
                None => {
                    Opponent::Engine(engine_named(&engine, Duration::from_secs_f64(time), seed)?)
                }
            };
            let base = record.unwrap_or_else(default_record_base);
            play(first, opponent, &base, input, out, colour)
        }
        BlokusCommand::Bench {
            playouts_per_ply: true,
            games,
            ..
        } => bench::playouts_per_ply(games, out),
        BlokusCommand::Bench {
            games,
            perft_depth,
            pentobi,
            search_ms,
            playouts_per_ply: false,
        } => {
            let (flat_budget, tree_budget) = match search_ms {
                Some(ms) => match model::clock::Budget::for_ms(ms) {
                    Some(budget) => (budget, budget),
                    None => bail!("--search-ms {ms}: give 0 to 1000 ms of board time"),
                },
                None => (
                    model::retired::flat::flat_budget(),
                    model::board_tree::tree_budget(),
                ),
            };
            bench::run(
                games,
                perft_depth,
                flat_budget,
                tree_budget,
                pentobi.as_deref(),
                out,
            )
        }
        BlokusCommand::Match(config) => blokus_match::run(&config, out),
        BlokusCommand::FitPriors(args) => super::fit_priors::run(&args, out),
        BlokusCommand::Convert { input, output } => convert(&input, &output),
    }
}

/// Whom a person meets on the board link `spec`, said before the game: the
/// board's model or its simulation, and how much it searches beside the
/// real board.
fn who_plays(spec: &LinkSpec) -> String {
    let ms = |budget: model::clock::Budget| {
        budget.rounds_until as f64 * 1e3 / model::clock::CLOCK_HZ as f64
    };
    let board_ms = ms(model::board_tree::tree_budget());
    match spec {
        LinkSpec::Engine { name } => match crate::engines::board_model_budget(name) {
            Some(budget) if ms(budget) == board_ms => format!(
                "the board's exact model, which sends the bytes the hardware sends, its \
                 search at the board's own budget ({board_ms:.0} ms of board time a move)"
            ),
            Some(budget) => format!(
                "the board's exact model, its search given {:.0} ms of board time a move \
                 (the real board's: {board_ms:.0} ms)",
                ms(budget)
            ),
            None => format!("the host engine {name} behind the contest protocol"),
        },
        LinkSpec::Sim {
            search_ms: None, ..
        } => format!(
            "the board's Verilog in Verilator at the board's own budget ({board_ms:.0} ms \
             of board time a move, minutes of this machine's time)"
        ),
        LinkSpec::Sim {
            search_ms: Some(search_ms),
            ..
        } => format!(
            "the board's Verilog in Verilator, its search built for {search_ms} ms of board \
             time a move: {} of the real board's {board_ms:.0} ms",
            share(f64::from(*search_ms), board_ms)
        ),
        LinkSpec::Serial { .. } => {
            "a board on a serial port, held to the contest's wall-clock limit".to_string()
        }
        _ => "a board on the contest link".to_string(),
    }
}

/// `part` of `whole` for people: `1/85`, or `all` when it is as much or more.
fn share(part: f64, whole: f64) -> String {
    if part >= whole {
        "all".to_string()
    } else if part <= 0.0 {
        "none".to_string()
    } else {
        format!("1/{:.0}", whole / part)
    }
}

/// The position after a comma-separated list of codes, with errors naming the bad move.
pub fn position_after(moves: &str) -> anyhow::Result<Position> {
    Ok(position_and_last(moves)?.0)
}

/// The position after a comma-separated list of codes and the last of them
/// played (none from the start).
fn position_and_last(moves: &str) -> anyhow::Result<(Position, Option<Move>)> {
    let codes = parse_code_list(moves)?;
    let mut position = Position::new();
    let mut last = None;
    for (i, &code) in codes.iter().enumerate() {
        let m = position
            .play_code(code)
            .map_err(|reason| anyhow::anyhow!("move {} ({code}) is illegal: {reason}", i + 1))?;
        last = Some(m);
    }
    Ok((position, last))
}

fn legal(
    moves: &str,
    list: Option<ListStyle>,
    out: &mut dyn Write,
    colour: Colour,
) -> anyhow::Result<()> {
    let (position, last) = position_and_last(moves)?;
    write!(out, "{}", display::summary(&position, last, colour))?;
    let placements = position.legal_placements();
    if let Some(style) = list {
        for p in &placements {
            let line = match style {
                ListStyle::Codes => p.code().to_string(),
                ListStyle::AllCodes => p
                    .codes()
                    .iter()
                    .map(MoveCode::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                ListStyle::Pentobi => pentobi::placement_to_string(*p),
            };
            writeln!(out, "{line}")?;
        }
    }
    writeln!(out, "{}", placements.len())?;
    Ok(())
}

fn default_record_base() -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("blokus-{seconds}"))
}

const HELP: &str = "Type a move as xytr (x, y: hex column and row of the tile's reference cell; \
t: tile a-u; r: orientation 0-7), or as Pentobi cells like e10,f10; 0000 passes. \
'tiles' shows your tiles ('tiles 2' in orientation 2), 'moves' lists some legal codes, \
'board' redraws, 'quit' stops (the record is kept).";

/// A person (on `input`/`out`) plays `opponent`; both record files are kept current.
pub fn play(
    first: Side,
    mut opponent: Opponent,
    base: &Path,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    colour: Colour,
) -> anyhow::Result<()> {
    let human = if first == Side::Human {
        Player::One
    } else {
        Player::Two
    };
    let mut recorder = Recorder::create(base, Player::One)
        .with_context(|| format!("cannot write the game record {}", base.display()))?;
    let mut position = Position::new();
    if let Opponent::Board(board) = &mut opponent {
        let team = board.new_game()?;
        writeln!(out, "The board answers `0` with team code {team}.")?;
    }
    let record = format!(
        "{} and {}",
        base.with_extension("txt").display(),
        base.with_extension("sgf").display()
    );
    writeln!(
        out,
        "You are {human}; {} is {}.\n{HELP}\nRecord: {record}",
        opponent.name(),
        human.other(),
    )?;
    write!(out, "{}", display::summary(&position, None, colour))?;
    let mut last = None;
    while !position.is_over() {
        let m = if position.to_move() == human {
            match ask_move(&position, last, colour, input, out)? {
                Some(m) => m,
                None => {
                    writeln!(out, "Stopped; the game so far is in {record}.")?;
                    return end_board_game(&mut opponent);
                }
            }
        } else {
            let spinner = ThinkingSpinner::start(&opponent);
            let reply = opponent.reply(&position, last, &mut |t| spinner.show(t));
            spinner.stop();
            let Reply { m, note, .. } = reply.with_context(|| {
                format!("{} failed; the game so far is in {record}", opponent.name())
            })?;
            writeln!(out, "{} plays {} ({note})", opponent.name(), describe(m))?;
            m
        };
        position.play(m);
        last = Some(m);
        recorder.push(m.code())?;
        write!(out, "{}", display::summary(&position, last, colour))?;
    }
    let verdict = match position.winner() {
        Some(p) if p == human => "You win.",
        Some(_) => "You lose.",
        None => "Draw.",
    };
    writeln!(
        out,
        "Game over: {verdict} Score: player 1 {}, player 2 {}. Record: {record}.",
        position.score(Player::One),
        position.score(Player::Two)
    )?;
    end_board_game(&mut opponent)
}

/// A spinner on the terminal (stderr, drawn only when it is one) while a
/// board thinks: its board cycles so far, as a simulated board reports
/// them, and the wall time.
struct ThinkingSpinner(Option<indicatif::ProgressBar>);

impl ThinkingSpinner {
    /// Spins for a board; nothing for an engine, which answers in its time.
    fn start(opponent: &Opponent) -> ThinkingSpinner {
        let Opponent::Board(board) = opponent else {
            return ThinkingSpinner(None);
        };
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(format!("{} is thinking", board.label()));
        bar.enable_steady_tick(Duration::from_millis(100));
        ThinkingSpinner(Some(bar))
    }

    fn show(&self, thinking: Thinking) {
        if let Some(bar) = &self.0 {
            bar.set_message(thinking_text(thinking));
        }
    }

    fn stop(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}

/// `the board is thinking: 1234567 board cycles so far, 12.3 s`.
fn thinking_text(thinking: Thinking) -> String {
    let wall = thinking.wall.as_secs_f64();
    match thinking.cycles {
        Some(cycles) => {
            format!("the board is thinking: {cycles} board cycles so far, {wall:.1} s")
        }
        None => format!("the board is thinking: {wall:.1} s"),
    }
}

/// `9` to a board at the end of a game.
fn end_board_game(opponent: &mut Opponent) -> anyhow::Result<()> {
    if let Opponent::Board(board) = opponent {
        board.end_game()?;
    }
    Ok(())
}

fn describe(m: Move) -> String {
    match m {
        Move::Pass => "0000 (pass)".to_string(),
        Move::Place(p) => format!("{} = {}", p.code(), pentobi::placement_to_string(p)),
    }
}

/// Asks until the person types a legal move; `None` on 'quit' or end of
/// input. `board` redraws `position` (after `last`) in `colour`.
fn ask_move(
    position: &Position,
    last: Option<Move>,
    colour: Colour,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<Option<Move>> {
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            _ if text == "tiles" || text.starts_with("tiles ") => {
                let r = text[5..].trim().parse::<u8>().unwrap_or(0).min(7);
                let tiles: Vec<_> = position.tiles_left(position.to_move()).collect();
                write!(out, "{}", display::tile_pictures(&tiles, r))?;
                writeln!(out, "(orientation {r}; + marks the reference cell)")?;
                continue;
            }
            "board" => {
                write!(out, "{}", display::summary(position, last, colour))?;
                continue;
            }
            "moves" => {
                let placements = position.legal_placements();
                let shown: Vec<String> = placements
                    .iter()
                    .take(30)
                    .map(|p| p.code().to_string())
                    .collect();
                writeln!(
                    out,
                    "{} legal placements, e.g. {}",
                    placements.len(),
                    shown.join(" ")
                )?;
                continue;
            }
            _ => {}
        }
        let code = if text.contains(',') || text.len() > 4 {
            pentobi::parse_placement(text)
                .map(|p| p.code())
                .map_err(|e| e.to_string())
        } else {
            text.parse::<MoveCode>().map_err(|e| e.to_string())
        };
        match code.map(|c| (c, position.check(c))) {
            Ok((_, Ok(m))) => return Ok(Some(m)),
            Ok((c, Err(reason))) => writeln!(out, "{c} is not legal: {reason}. Try again.")?,
            Err(error) => writeln!(
                out,
                "cannot read {text:?}: {error}. Type 'help' for the format."
            )?,
        }
    }
}

fn convert(input: &Path, output: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let is_sgf = |p: &Path| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let record = if is_sgf(input) {
        GameRecord::from_sgf(&text)
    } else {
        GameRecord::from_transcript(&text)
    }
    .with_context(|| format!("{} is not a valid Blokus Duo record", input.display()))?;
    let written = if is_sgf(output) {
        record.to_sgf()
    } else {
        record.to_transcript()
    };
    std::fs::write(output, written).with_context(|| format!("cannot write {}", output.display()))
}
