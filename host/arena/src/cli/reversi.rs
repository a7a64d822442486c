//! `arena reversi ...`: perft, a game in the terminal with any seat a person
//! or an engine, and the benchmark (playouts, perft, equal thinking time).

use anyhow::Context;
use clap::Subcommand;
use games::play::perft_command;
use games::reversi::perft::perft;
use games::reversi::players::{
    player_by_name, playout, random_move, ReversiPlayer, ENGINE_KINDS, MCTS_OPTIONS,
};
use games::reversi::record::Transcript;
use games::reversi::setup::COLOUR_NAMES;
use games::reversi::{Position, Setup};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// The Reversi subcommands.
#[derive(Subcommand, Debug)]
pub enum ReversiCommand {
    /// Print, as the last line, the number of leaves DEPTH plies deep (a pass
    /// is a ply; a finished game is one leaf).
    Perft {
        depth: u32,
        /// octagon3 (the seed's 3-player board), octagon3-bawa, octagon5, othello.
        #[arg(long, default_value = "octagon3")]
        preset: String,
        /// First print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play in the terminal: each colour a person or an engine.
    Play {
        #[arg(long, default_value = "octagon3")]
        preset: String,
        /// One entry per colour in colour order (black, white, ash, ...):
        /// `human`, `random`, `seed-mc`, `mcts`, `mcts:time=1`, ...
        /// Default: a person as black, MCTS for the others.
        #[arg(long, value_delimiter = ',')]
        seats: Vec<String>,
        /// The record, rewritten after every move.
        #[arg(long, default_value = "reversi-game.txt")]
        record: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The engines `--seats` takes, with their options.
    Engines,
    /// Random playouts a second from the start, Othello perft nodes a second,
    /// and the thinking time of `mcts:seed-time` against the seed's player's
    /// on the same positions.
    Bench {
        #[arg(long, default_value = "octagon3")]
        preset: String,
        /// Playouts to time.
        #[arg(long, default_value_t = 200_000)]
        playouts: u32,
        /// The Othello perft depth to time.
        #[arg(long, default_value_t = 9)]
        depth: u32,
    },
}

fn setup(preset: &str) -> anyhow::Result<Setup> {
    Setup::preset(preset).map_err(|e| anyhow::anyhow!("--preset: {e}"))
}

/// Runs one Reversi subcommand.
pub fn run(
    command: ReversiCommand,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    match command {
        ReversiCommand::Engines => {
            writeln!(output, "human: a person at the terminal")?;
            for (name, about) in ENGINE_KINDS {
                writeln!(output, "{name}: {about}")?;
            }
            writeln!(output, "options: {MCTS_OPTIONS}")?;
            Ok(())
        }
        ReversiCommand::Perft {
            depth,
            preset,
            divide,
        } => {
            let setup = setup(&preset)?;
            perft_command(
                &Position::new(&setup),
                &setup.to_string(),
                depth,
                divide,
                output,
            )?;
            Ok(())
        }
        ReversiCommand::Play {
            preset,
            seats,
            record,
            seed,
        } => play(&setup(&preset)?, &seats, &record, seed, input, output),
        ReversiCommand::Bench {
            preset,
            playouts,
            depth,
        } => bench(&setup(&preset)?, playouts, depth, output),
    }
}

fn play(
    setup: &Setup,
    seats: &[String],
    record: &PathBuf,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let colours = setup.colours();
    let specs: Vec<String> = if seats.is_empty() {
        (0..colours)
            .map(|c| {
                if c == 0 {
                    "human".into()
                } else {
                    "mcts".into()
                }
            })
            .collect()
    } else {
        seats.to_vec()
    };
    anyhow::ensure!(
        specs.len() == colours,
        "--seats names {} players; {} has {colours} colours",
        specs.len(),
        setup.name
    );
    let mut players: Vec<Option<ReversiPlayer>> = specs
        .iter()
        .enumerate()
        .map(|(c, spec)| match spec.as_str() {
            "human" => Ok(None),
            spec => player_by_name(spec, seed.wrapping_add(c as u64)).map(Some),
        })
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    let mut game = Transcript {
        setup: setup.clone(),
        players: specs.clone(),
        moves: Vec::new(),
    };
    let mut position = game.position();
    let save = |game: &Transcript| -> anyhow::Result<()> {
        std::fs::write(record, game.to_text())
            .with_context(|| format!("cannot write the record {}", record.display()))
    };
    // Written from the start, so that a game stopped at once has its record.
    save(&game)?;
    writeln!(output, "{setup}; the record is {}", record.display())?;
    loop {
        writeln!(output, "\n{position}")?;
        if position.is_over() {
            save(&game)?;
            return Ok(());
        }
        let colour = position.to_move();
        let m = match &mut players[colour] {
            Some(engine) => {
                let m = engine.choose(&position)?;
                writeln!(
                    output,
                    "{} ({}) plays {}",
                    COLOUR_NAMES[colour],
                    engine.name(),
                    Position::move_text(m)
                )?;
                m
            }
            None => {
                write!(
                    output,
                    "{} to move (a cell like d3, or pass; quit)> ",
                    COLOUR_NAMES[colour]
                )?;
                output.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 || line.trim() == "quit" {
                    writeln!(
                        output,
                        "stopped: the record is kept in {}",
                        record.display()
                    )?;
                    return Ok(());
                }
                match position.parse_move(&line) {
                    Ok(m) => m,
                    Err(reason) => {
                        writeln!(output, "{reason}")?;
                        continue;
                    }
                }
            }
        };
        game.moves.push(m);
        position.play(m);
        save(&game)?;
    }
}

fn bench(setup: &Setup, playouts: u32, depth: u32, output: &mut dyn Write) -> anyhow::Result<()> {
    let start = Position::new(setup);
    let mut rng = StdRng::seed_from_u64(1);
    let started = Instant::now();
    let mut stones = 0u64;
    for _ in 0..playouts {
        stones += u64::from(playout(start, &mut rng).counts()[0]);
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        output,
        "{}: {playouts} random playouts in {seconds:.3} s: {:.0} playouts/s (mean black stones {:.2})",
        setup.name,
        f64::from(playouts) / seconds,
        stones as f64 / f64::from(playouts)
    )?;
    let othello = Position::new(&Setup::preset("othello").expect("a preset"));
    let started = Instant::now();
    let leaves = perft(&othello, depth);
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        output,
        "othello perft {depth}: {leaves} leaves in {seconds:.3} s: {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    )?;
    equal_time(setup, output)
}

/// The thinking time of the seed's Monte Carlo player and of MCTS at its
/// time (`mcts:seed-time`) on the same positions: those of 10 random games
/// where the mover has a choice.
fn equal_time(setup: &Setup, output: &mut dyn Write) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(2);
    let mut positions = Vec::new();
    for _ in 0..10 {
        let mut position = Position::new(setup);
        while !position.is_over() {
            if position.placements().count_ones() > 1 {
                positions.push(position);
            }
            let next = random_move(&position, &mut rng);
            position.play(next);
        }
    }
    anyhow::ensure!(
        !positions.is_empty(),
        "{}: no position with a choice",
        setup.name
    );
    let mut seed = player_by_name("seed-mc", 3).map_err(anyhow::Error::msg)?;
    let mut mcts = player_by_name("mcts:seed-time", 3).map_err(anyhow::Error::msg)?;
    let time = |player: &mut ReversiPlayer, position: &Position| {
        let started = Instant::now();
        player
            .choose(position)
            .map(|_| started.elapsed().as_secs_f64())
    };
    let mut ratios = Vec::new();
    let (mut seed_total, mut mcts_total) = (0.0, 0.0);
    for position in &positions {
        let (s, m) = (time(&mut seed, position)?, time(&mut mcts, position)?);
        seed_total += s;
        mcts_total += m;
        ratios.push(m / s);
    }
    ratios.sort_by(f64::total_cmp);
    writeln!(
        output,
        "{}: thinking time on the same {} positions (10 random games, a choice to make): \
         seed-mc {seed_total:.3} s, mcts:seed-time {mcts_total:.3} s; \
         mcts / seed-mc median {:.2} (quartiles {:.2}-{:.2})",
        setup.name,
        positions.len(),
        ratios[ratios.len() / 2],
        ratios[ratios.len() / 4],
        ratios[3 * ratios.len() / 4]
    )?;
    Ok(())
}
