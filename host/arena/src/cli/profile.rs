//! `arena profile GAME`: our search and a UCI engine (Fairy-Stockfish) on
//! the same positions, depth by depth, each position from empty tables: the
//! nodes and time each needs to complete every depth and the effective
//! branching factor (the nodes of a depth over those of the depth before),
//! as medians over the positions; where the two searches part is where
//! one prunes what the other searches.

use anyhow::Context;
use clap::{Args, ValueEnum};
use games::game::player::build_search;
use games::game::record::Record;
use games::game::uci::UciPlayer;
use games::game::{Engines, TwoPlayerGame};
use games::search::Iteration;
use games::series::rounds;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// The games a UCI engine plays with us.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProfileGame {
    Dobutsu,
    /// Plain Kyoto shogi (Fairy-Stockfish has no points rule).
    Kyoto,
}

/// `arena profile`'s options.
#[derive(Args, Debug)]
pub struct ProfileArgs {
    pub game: ProfileGame,
    /// Our engine (its time limit is lifted: it searches to --depth).
    #[arg(long, default_value = "alphabeta")]
    pub engine: String,
    /// The UCI program to profile beside ours (e.g. Fairy-Stockfish's path).
    #[arg(long)]
    pub uci: Option<String>,
    /// The positions: a file of FENs, one a line (`#` comments).
    #[arg(long, conflicts_with = "records")]
    pub positions: Option<PathBuf>,
    /// Or the position at --ply of each game of this records file.
    #[arg(long)]
    pub records: Option<PathBuf>,
    #[arg(long, default_value_t = 16)]
    pub ply: usize,
    /// At most this many positions.
    #[arg(long, default_value_t = 20)]
    pub count: usize,
    /// Each position is searched to this depth...
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// ...or for this many seconds at most, by our search.
    #[arg(long, default_value_t = 20.0)]
    pub cap: f64,
    /// Also print each position's iterations.
    #[arg(long)]
    pub each: bool,
}

/// Profiles the positions and prints the depth-by-depth medians.
pub fn run(args: &ProfileArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    match args.game {
        ProfileGame::Dobutsu => profile(args, games::dobutsu::Position::start(), output),
        ProfileGame::Kyoto => profile(args, games::kyoto::Position::start(false), output),
    }
}

/// The positions to profile, as FENs.
fn positions<G: TwoPlayerGame>(args: &ProfileArgs, start: &G) -> anyhow::Result<Vec<String>> {
    let fens: Vec<String> = if let Some(path) = &args.positions {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    } else if let Some(path) = &args.records {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let mut fens = Vec::new();
        for (game, line, text) in
            rounds(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        {
            let record = Record::<G>::parse(&text, usize::MAX).map_err(|e| {
                anyhow::anyhow!("{}: game {} (line {line}): {e}", path.display(), game + 1)
            })?;
            if record.moves().len() > args.ply {
                fens.push(record.take_back_to(args.ply).position().to_fen());
            }
        }
        fens
    } else {
        vec![start.to_fen()]
    };
    let fens: Vec<String> = fens.into_iter().take(args.count).collect();
    for fen in &fens {
        G::from_fen(fen).map_err(|e| anyhow::anyhow!("position `{fen}`: {e}"))?;
    }
    anyhow::ensure!(!fens.is_empty(), "no position to profile");
    Ok(fens)
}

/// Each position's iterations by our search and by the UCI engine.
fn profile<G: Engines + 'static>(
    args: &ProfileArgs,
    start: G,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let fens = positions(args, &start)?;
    let mut uci = match &args.uci {
        Some(program) => {
            let variant = G::UCI_VARIANT.context("this game has no UCI variant")?;
            Some(UciPlayer::start(
                program,
                variant,
                Duration::from_millis(100),
            )?)
        }
        None => None,
    };
    let kinds = G::engine_kinds();
    let mut ours_all = Vec::new();
    let mut theirs_all = Vec::new();
    for (i, fen) in fens.iter().enumerate() {
        let position = G::from_fen(fen).map_err(|e| anyhow::anyhow!("{fen}: {e}"))?;
        let mut player =
            build_search(&kinds, &args.engine, 1).map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
        let mut limits = player.limits();
        limits.max_depth = args.depth;
        limits.time = Some(Duration::from_secs_f64(args.cap));
        limits.nodes = None;
        player.set_limits(limits);
        let ours = player.search(&Record::new(position, usize::MAX)).iterations;
        let theirs = match uci.as_mut() {
            Some(engine) => engine.profile(fen, args.depth)?,
            None => Vec::new(),
        };
        if args.each {
            writeln!(output, "position {}: {fen}", i + 1)?;
            for (who, iterations) in [("ours", &ours), ("theirs", &theirs)] {
                for it in iterations.iter() {
                    writeln!(
                        output,
                        "  {who} depth {}: score {}, {} nodes, {:.1} ms",
                        it.depth,
                        it.score,
                        it.nodes,
                        it.elapsed.as_secs_f64() * 1e3
                    )?;
                }
            }
        }
        ours_all.push(ours);
        theirs_all.push(theirs);
    }
    writeln!(
        output,
        "{} positions, to depth {} ({} s at most for ours); medians over the positions \
         that completed the depth:",
        fens.len(),
        args.depth,
        args.cap
    )?;
    writeln!(
        output,
        "| depth | ours: positions | nodes | ms | branching | theirs: positions | nodes | ms | branching |"
    )?;
    writeln!(output, "|---|---|---|---|---|---|---|---|---|")?;
    for depth in 1..=args.depth {
        let ours = at_depth(&ours_all, depth);
        let theirs = at_depth(&theirs_all, depth);
        if ours.positions == 0 && theirs.positions == 0 {
            continue;
        }
        writeln!(
            output,
            "| {depth} | {} | {} |",
            ours.cells(),
            theirs.cells()
        )?;
    }
    Ok(())
}

/// The medians at one depth.
struct AtDepth {
    positions: usize,
    nodes: f64,
    ms: f64,
    branching: Option<f64>,
}

impl AtDepth {
    fn cells(&self) -> String {
        if self.positions == 0 {
            return "0 | - | - | -".to_string();
        }
        format!(
            "{} | {:.0} | {:.1} | {}",
            self.positions,
            self.nodes,
            self.ms,
            self.branching
                .map_or("-".to_string(), |b| format!("{b:.2}"))
        )
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The medians at `depth` over the searches that completed it; the
/// branching factor over those that completed the depth before too.
fn at_depth(all: &[Vec<Iteration>], depth: u32) -> AtDepth {
    let find = |its: &[Iteration], d: u32| its.iter().find(|it| it.depth == d).copied();
    let done: Vec<Iteration> = all.iter().filter_map(|its| find(its, depth)).collect();
    let ratios: Vec<f64> = all
        .iter()
        .filter_map(|its| {
            let (now, before) = (find(its, depth)?, find(its, depth.checked_sub(1)?)?);
            Some(now.nodes as f64 / before.nodes.max(1) as f64)
        })
        .collect();
    AtDepth {
        positions: done.len(),
        nodes: median(done.iter().map(|it| it.nodes as f64).collect()),
        ms: median(
            done.iter()
                .map(|it| it.elapsed.as_secs_f64() * 1e3)
                .collect(),
        ),
        branching: (!ratios.is_empty()).then(|| median(ratios)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(depth: u32, nodes: u64) -> Iteration {
        Iteration {
            depth,
            score: 0,
            nodes,
            elapsed: Duration::from_millis(nodes),
        }
    }

    #[test]
    fn medians_and_branching_count_only_the_searches_that_got_there() {
        let all = vec![
            vec![it(1, 10), it(2, 40), it(3, 200)],
            vec![it(1, 20), it(2, 60)],
            vec![it(1, 30)],
        ];
        let two = at_depth(&all, 2);
        assert_eq!(two.positions, 2);
        assert_eq!(two.nodes, 50.0);
        assert_eq!(two.branching, Some(3.5));
        let three = at_depth(&all, 3);
        assert_eq!(
            (three.positions, three.nodes, three.branching),
            (1, 200.0, Some(5.0))
        );
        assert_eq!(at_depth(&all, 4).positions, 0);
        assert_eq!(at_depth(&all, 1).branching, None);
    }
}
