//! `arena GAME play`: a person plays any two-player game in the terminal
//! against an engine (or another person, or watches two engines). The record
//! file is rewritten after every move, so nothing is lost if the game stops.

use anyhow::Context;
use games::game::player::Player;
use games::game::record::Record;
use games::game::{Engines, Side, TwoPlayerGame};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// The options every game's `play` takes.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// Who moves first: `human` or an engine spec (e.g. `alphabeta:time=1`).
    #[arg(long, default_value = "human")]
    pub first: String,
    /// Who moves second: `human` or an engine spec (default: the game's
    /// alphabeta, our search; the game's `engines` command lists the others).
    #[arg(long, default_value = "default")]
    pub second: String,
    /// The record file, rewritten after every move (default: GAME-game.txt).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Continue the game in this record file, or start from this FEN.
    #[arg(long)]
    pub from: Option<String>,
    /// Random choices of the engines from this seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many plies is scored a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
}

/// One seat: a person at this terminal or an engine.
enum Seat<G: TwoPlayerGame> {
    Human,
    Engine(games::game::player::BoxedPlayer<G>),
}

fn seat<G: Engines>(spec: &str, default: &str, seed: u64) -> anyhow::Result<Seat<G>> {
    match spec {
        "human" => Ok(Seat::Human),
        "default" => Ok(Seat::Engine(
            G::player(default, seed).map_err(anyhow::Error::msg)?,
        )),
        spec => Ok(Seat::Engine(
            G::player(spec, seed).map_err(anyhow::Error::msg)?,
        )),
    }
}

const HELP: &str = "Type a move (e.g. the game's own notation), `moves` to list the legal \
moves, `undo` to take back your last move, `quit` to stop (the record is kept).";

/// Plays a game in the terminal: `default_engine` stands for `default`.
pub fn play<G: Engines>(
    args: &PlayArgs,
    start: G,
    default_engine: &str,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut game = match &args.from {
        Some(from) if std::path::Path::new(from).exists() => {
            let text = std::fs::read_to_string(from)
                .with_context(|| format!("cannot read the record {from}"))?;
            Record::parse(&text, args.max_plies)
                .map_err(|e| anyhow::anyhow!("the record {from}: {e}"))?
        }
        Some(fen) => Record::new(
            G::from_fen(fen).map_err(|e| anyhow::anyhow!("--from: {e}"))?,
            args.max_plies,
        ),
        None => Record::new(start, args.max_plies),
    };
    let mut seats = [
        seat::<G>(&args.first, default_engine, args.seed)?,
        seat::<G>(&args.second, default_engine, args.seed.wrapping_add(1))?,
    ];
    let names: Vec<String> = seats
        .iter()
        .map(|s| match s {
            Seat::Human => "human".to_string(),
            Seat::Engine(e) => e.name(),
        })
        .collect();
    let path = args
        .record
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-game.txt", G::NAME)));
    let save = |game: &Record<G>| -> anyhow::Result<()> {
        std::fs::write(&path, game.to_text(&names[0], &names[1]))
            .with_context(|| format!("cannot write the record {}", path.display()))
    };
    writeln!(
        output,
        "{} vs {}; the record is {}",
        names[0],
        names[1],
        path.display()
    )?;
    writeln!(output, "{HELP}")?;
    save(&game)?;
    loop {
        writeln!(output, "\n{}", game.position())?;
        if let Some(ending) = game.ending() {
            writeln!(output, "Game over: {}", ending.describe())?;
            return Ok(());
        }
        let side = game.position().side_to_move();
        match &mut seats[side.index()] {
            Seat::Engine(engine) => {
                let m = engine.choose(&game)?;
                let text = game.position().move_text(m);
                game.play(m)
                    .map_err(|e| anyhow::anyhow!("{} played {text}: {e}", engine.name()))?;
                let info = engine.last_info().unwrap_or_default();
                writeln!(output, "{} plays {text} ({info})", engine.name())?;
            }
            Seat::Human => {
                let label = match side {
                    Side::First => "first",
                    Side::Second => "second",
                };
                write!(output, "{label} to move> ")?;
                output.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(
                        output,
                        "\nend of input: the record is kept in {}",
                        path.display()
                    )?;
                    return Ok(());
                }
                let line = line.trim();
                match line {
                    "" => continue,
                    "quit" => {
                        writeln!(output, "stopped: the record is kept in {}", path.display())?;
                        return Ok(());
                    }
                    "help" => writeln!(output, "{HELP}")?,
                    "moves" => {
                        let mut texts: Vec<String> = game
                            .legal_moves()
                            .into_iter()
                            .map(|m| game.position().move_text(m))
                            .collect();
                        texts.sort();
                        writeln!(output, "{}", texts.join(" "))?;
                    }
                    "undo" => match undo(&game, side) {
                        Some(earlier) => game = earlier,
                        None => writeln!(output, "nothing of yours to take back")?,
                    },
                    text => {
                        if let Err(reason) = game.play_text(text) {
                            writeln!(output, "{reason}")?;
                        }
                    }
                }
            }
        }
        save(&game)?;
    }
}

/// The game before `side`'s last move (and what followed it).
fn undo<G: TwoPlayerGame>(game: &Record<G>, side: Side) -> Option<Record<G>> {
    let mut position = game.start().clone();
    let mut last_own = None;
    for (ply, &m) in game.moves().iter().enumerate() {
        if position.side_to_move() == side {
            last_own = Some(ply);
        }
        position.play(m);
    }
    Some(game.take_back_to(last_own?))
}
