//! `arena referee`, `arena player` and `arena engines`: the contest link
//! from the command line.

use super::board_limits::{seconds, SimWallLimit};
use crate::engines::{engine_named, ENGINE_NAMES};
use crate::links::latency;
use crate::links::run::{play_link, results_table, Match, MatchOptions, PlayerOptions};
use crate::links::{check_referee_spec, open, EngineOptions, LinkSpec};
use anyhow::{bail, Context};
use clap::Args;
use protocol::Limits;
use protocol::Scheme;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// A two-character team id.
fn team_id(text: &str) -> Result<[u8; 2], String> {
    match text.as_bytes() {
        [a, b] if a.is_ascii_graphic() && b.is_ascii_graphic() => Ok([*a, *b]),
        _ => Err(format!(
            "team id `{text}` is not two printable characters (e.g. 01, AA)"
        )),
    }
}

/// `arena referee`.
#[derive(Args, Debug)]
pub struct RefereeArgs {
    /// Player 1's link: serial:PATH[@BAUD], tcp:HOST:PORT, listen:[ADDRESS:]PORT,
    /// exec:COMMAND, engine:NAME (engine:board-model: the board's model, byte
    /// for byte) or sim[@BAUD][:MS] (the simulated board, as `arena
    /// board-sim`, its search built for MS ms of board time; the board's own
    /// budget without it).
    #[arg(long)]
    pub p1: LinkSpec,
    /// Player 2's link (the same forms).
    #[arg(long)]
    pub p2: LinkSpec,
    /// Games to play.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Alternate who moves first: --p2 takes seat 1 in games 2, 4, ...
    #[arg(long)]
    pub swap: bool,
    /// The request scheme: 2014 (HEART 2014) or 2013 (ICFPT 2013).
    #[arg(long, default_value = "2014")]
    pub scheme: Scheme,
    /// Seconds a move, from the end of the request to the 4th byte of the
    /// answer: real time, but board time for the simulated board and the
    /// board's model (`sim`, `engine:board-model`: their own count of clock
    /// cycles; see --sim-wall-limit).
    #[arg(long, default_value = "1", value_parser = seconds)]
    pub timeout: Duration,
    #[command(flatten)]
    pub sim_wall_limit: SimWallLimit,
    /// Seconds for the team code after `0`.
    #[arg(long, default_value = "30", value_parser = seconds)]
    pub team_timeout: Duration,
    /// Write each game's transcript, SGF and byte log (JSON lines) here, as it goes.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Write the results as JSON here (after every game).
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Seconds a move for engine: players.
    #[arg(long, default_value = "0.5", value_parser = seconds)]
    pub engine_time: Duration,
    /// Seed for engine: players that draw lots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `arena player`.
#[derive(Args, Debug)]
pub struct PlayerArgs {
    /// Where the referee is: serial:PATH[@BAUD], tcp:HOST:PORT, listen:[ADDRESS:]PORT or stdio.
    #[arg(long)]
    pub link: LinkSpec,
    /// The engine that plays (`arena engines`).
    #[arg(long, default_value = "default")]
    pub engine: String,
    /// Seconds the engine may think a move.
    #[arg(long, default_value = "0.5", value_parser = seconds)]
    pub time: Duration,
    /// The two characters of the team code (answered as `1` + ID).
    #[arg(long, default_value = "01", value_parser = team_id)]
    pub team: [u8; 2],
    /// The scheme to assume where a request alone cannot tell (after `2A`);
    /// otherwise learnt from the requests.
    #[arg(long)]
    pub scheme: Option<Scheme>,
    /// Seed for engines that draw lots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `arena referee`: the games, then the results table.
pub fn referee(args: RefereeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let mut links = Vec::new();
    for (n, spec) in [&args.p1, &args.p2].into_iter().enumerate() {
        check_referee_spec(spec)?;
        let engine = EngineOptions {
            time: args.engine_time,
            seed: args.seed + n as u64,
            scheme: Some(args.scheme),
        };
        let link = open(spec, engine, &mut |note| {
            let _ = writeln!(std::io::stderr(), "{note}");
        })
        .with_context(|| format!("player {}", n + 1))?;
        links.push(link);
    }
    let labels = [args.p1.to_string(), args.p2.to_string()];
    let links: [_; 2] = links.try_into().map_err(|_| anyhow::anyhow!("two links"))?;
    let options = MatchOptions {
        scheme: args.scheme,
        limits: Limits {
            per_move: args.timeout,
            team_code: args.team_timeout,
        },
        games: args.games,
        swap: args.swap,
        record: args.record,
        json: args.json,
        sim_wall_guard: args.sim_wall_limit.duration(),
    };
    let reports = Match::new(links, options).run(out)?;
    write!(
        out,
        "\n{}",
        results_table([&labels[0], &labels[1]], &reports)
    )?;
    Ok(())
}

/// Runs `arena player` until its link closes.
pub fn player(args: PlayerArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut engine = engine_named(&args.engine, args.time, args.seed)
        .map_err(|e| anyhow::anyhow!("{e:#} (see `arena engines`; `default` is alphabeta)"))?;
    if matches!(args.link, LinkSpec::Exec { .. } | LinkSpec::Engine { .. }) {
        bail!(
            "a player's link is serial:, tcp:, listen: or stdio, not `{}`",
            args.link
        );
    }
    let options = EngineOptions {
        time: args.time,
        seed: args.seed,
        scheme: args.scheme,
    };
    let link = open(&args.link, options, &mut |note| {
        let _ = writeln!(std::io::stderr(), "{note}");
    })?;
    // On stdio the protocol owns stdout: the log goes to stderr.
    let mut stderr = std::io::stderr();
    let log: &mut dyn Write = if args.link == LinkSpec::Stdio {
        &mut stderr
    } else {
        out
    };
    let player = PlayerOptions {
        team: args.team,
        scheme: args.scheme,
    };
    let summary = play_link(link, engine.as_mut(), player, log)?;
    writeln!(
        log,
        "link closed after {} games, {} moves, {} requests not understood",
        summary.games, summary.moves, summary.errors
    )?;
    Ok(())
}

/// `arena referee-bench`.
#[derive(Args, Debug)]
pub struct RefereeBenchArgs {
    /// Games between two instant players.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// The request scheme.
    #[arg(long, default_value = "2014")]
    pub scheme: Scheme,
}

/// Runs `arena referee-bench`: the referee's own time per move over pseudo-terminals.
pub fn referee_bench(args: RefereeBenchArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let (mut latencies, _) = latency::measure(args.games, args.scheme)?;
    if latencies.is_empty() {
        bail!("no move was followed by a request");
    }
    latencies.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    writeln!(
        out,
        "referee latency over pseudo-terminals ({} games, scheme {}, {} moves): \
         median {:.0} us, 99th percentile {:.0} us, max {:.0} us",
        args.games,
        args.scheme,
        latencies.len(),
        us(latency::quantile(&latencies, 0.5)),
        us(latency::quantile(&latencies, 0.99)),
        us(*latencies.last().unwrap())
    )?;
    Ok(())
}

/// Runs `arena engines`: the names `engine:NAME` takes.
pub fn engines(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "default (= alphabeta, the host's search)")?;
    for name in ENGINE_NAMES {
        writeln!(out, "{name}")?;
    }
    writeln!(
        out,
        "board-model:MS (the board's search, a tree by prior over the playout bank with its \
         node memory in the SDRAM, in its model: rounds during MS ms of board time; \
         board-model: the board's own 850 ms; prior-tree:MS is the same)"
    )?;
    writeln!(
        out,
        "board-tree:MS (the board's search before the tree by prior: a tree over the \
         evaluator's 16 best moves in 32,768 nodes; board-tree: its 850 ms)"
    )?;
    writeln!(
        out,
        "board-flat:MS (the board's earlier flat Monte Carlo search over the evaluator's \
         16 best moves; board-flat: its 650 ms)"
    )?;
    writeln!(
        out,
        "light-uct[:playouts=N,children=K,expand=T,c=C,policy=pentobi|uniform|largest,local=off|near|attach,by=policy|eval,\
         select=ucb1|prior,temp=T,prior=V,rave=W,margin=M,heavy=H,leaf=E,seed=S] \
         (a tree search over light playouts with no node limit, where the board's tree was designed)"
    )?;
    writeln!(
        out,
        "board-next[:{}] (the board's next search, found in software: its features \
         switched one by one, each measured in BENCHMARKS.md; base is today's board in playouts)",
        crate::engines::BOARD_NEXT_OPTIONS.replace(", ", ",")
    )?;
    writeln!(
        out,
        "gtp:COMMAND (a GTP program, e.g. gtp:pentobi-gtp --nobook --quiet --noresign -g duo -l 3)"
    )?;
    Ok(())
}
