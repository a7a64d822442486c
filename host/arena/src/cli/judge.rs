//! `arena dobutsu judge RECORDS`: every move of a records file's Dobutsu
//! games judged by the solution's table. For each entrant: what the table
//! says its games were worth where judging starts (won, drawn or lost for
//! it) against how they ended, and the moves with which it gave ground (a
//! win let go to a draw or a loss, a draw to a loss). It tells a weak
//! result from a lost opening, and where a game was thrown away.

use anyhow::Context;
use games::dobutsu::perfect::{judge, Judged};
use games::dobutsu::solve::retro::Verdict;
use games::dobutsu::solve::table;
use games::dobutsu::Position;
use games::game::record::Record;
use games::game::{Outcome, Side};
use games::series::rounds;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// `arena dobutsu judge RECORDS`.
#[derive(clap::Args, Debug)]
pub struct JudgeArgs {
    /// A records file of `[Round N]` games (`arena tournament dobutsu --records`).
    pub records: PathBuf,
    /// The solution's table (default: $ARENA_DOBUTSU_TABLE, else
    /// ~/.cache/fpga-blokus/dobutsu-solution.tb; `arena dobutsu solve` writes it).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Judge from this ply on (a tournament's `--random-opening N` plays 2N
    /// plies that are nobody's choice).
    #[arg(long, default_value_t = 0)]
    pub from: usize,
    /// The cap the games were played with (`--max-plies`).
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Also print a line for each game: its value where judging starts, its
    /// result, and the first move that gave ground.
    #[arg(long)]
    pub each: bool,
}

/// Won, drawn or lost: a value or a result without its distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Won,
    Drawn,
    Lost,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Won, Kind::Drawn, Kind::Lost];

    fn of(v: Verdict) -> Kind {
        match v {
            Verdict::Won(_) => Kind::Won,
            Verdict::Drawn => Kind::Drawn,
            Verdict::Lost(_) => Kind::Lost,
        }
    }

    fn of_result(outcome: Outcome, side: Side) -> Kind {
        match outcome {
            Outcome::Win(winner) if winner == side => Kind::Won,
            Outcome::Win(_) => Kind::Lost,
            Outcome::Draw => Kind::Drawn,
        }
    }

    fn name(self) -> &'static str {
        ["won", "drawn", "lost"][self as usize]
    }

    /// The opposite side's view.
    fn flipped(self) -> Kind {
        [Kind::Lost, Kind::Drawn, Kind::Won][self as usize]
    }
}

/// One entrant's games and moves.
#[derive(Default)]
struct Entrant {
    /// Games by (value where judging starts, result), both for the entrant.
    games: BTreeMap<(Kind, Kind), u32>,
    moves: u32,
    /// Moves that gave ground, by (value before, value kept).
    gave: BTreeMap<(Kind, Option<Kind>), u32>,
    /// Games in which the entrant gave ground at least once.
    games_given: u32,
}

/// Runs `arena dobutsu judge`.
pub fn run(args: &JudgeArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.records)
        .with_context(|| format!("cannot read {}", args.records.display()))?;
    let path = args.table.clone().unwrap_or_else(table::default_path);
    let table = table::read(&path).map_err(|e| {
        anyhow::anyhow!("{e} (`arena dobutsu solve` writes the table; --table names another)")
    })?;
    let blocks = rounds(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.records.display()))?;
    let mut entrants: BTreeMap<String, Entrant> = BTreeMap::new();
    let mut judged_games = 0;
    for (game, line, block) in blocks {
        let at = |e: String| anyhow::anyhow!("game {} (line {line}): {e}", game + 1);
        let record = Record::<Position>::parse(&block, args.max_plies).map_err(at)?;
        let Some(ending) = record.ending() else {
            continue;
        };
        let names = [tag(&block, "First"), tag(&block, "Second")];
        if record.moves().len() <= args.from {
            continue;
        }
        let opening = record.take_back_to(args.from);
        let mover = opening.position().side_to_move();
        let judged = judge(&table, opening.position(), &record.moves()[args.from..]).map_err(at)?;
        // The value where judging starts, for the side to move there.
        let value = Kind::of(judged[0].before);
        judged_games += 1;
        let mut first_given: Option<(usize, &Judged)> = None;
        for (seat, side) in [Side::First, Side::Second].into_iter().enumerate() {
            let entrant = entrants.entry(names[seat].clone()).or_default();
            let start = if side == mover {
                value
            } else {
                value.flipped()
            };
            let result = Kind::of_result(ending.outcome(), side);
            *entrant.games.entry((start, result)).or_default() += 1;
            let mut gave_here = false;
            // The side to move at ply `from` makes the even-numbered moves.
            let offset = usize::from(side != mover);
            for (i, j) in judged.iter().enumerate().skip(offset).step_by(2) {
                entrant.moves += 1;
                if j.lost_ground() {
                    gave_here = true;
                    *entrant
                        .gave
                        .entry((Kind::of(j.before), j.kept.map(Kind::of)))
                        .or_default() += 1;
                    if first_given.is_none_or(|(k, _)| i < k) {
                        first_given = Some((i, j));
                    }
                }
            }
            entrant.games_given += u32::from(gave_here);
        }
        if args.each {
            let given = match first_given {
                Some((i, j)) => {
                    let ply = args.from + i;
                    // The side to move at ply `from` makes the even-numbered moves.
                    let side = if i % 2 == 0 { mover } else { mover.other() };
                    format!(
                        "first ground given at ply {} by {} ({} -> {})",
                        ply + 1,
                        names[usize::from(side == Side::Second)],
                        Kind::of(j.before).name(),
                        j.kept.map_or("beyond the table", |k| Kind::of(k).name())
                    )
                }
                None => "no ground given".to_string(),
            };
            writeln!(
                output,
                "game {}: {} for {} at ply {}; {}; {given}",
                game + 1,
                value.name(),
                names[usize::from(mover == Side::Second)],
                args.from + 1,
                ending.describe()
            )?;
        }
    }
    anyhow::ensure!(
        judged_games > 0,
        "{}: no finished game longer than {} plies to judge",
        args.records.display(),
        args.from
    );
    writeln!(
        output,
        "{judged_games} games judged by the table {} from ply {}",
        path.display(),
        args.from + 1
    )?;
    for (name, entrant) in &entrants {
        report(name, entrant, output)?;
    }
    Ok(())
}

/// The value of tag `name` (`[First alphabeta]`) in a record's text.
fn tag(text: &str, name: &str) -> String {
    text.lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix('[')?
                .strip_suffix(']')?
                .strip_prefix(name)?
                .strip_prefix(' ')
                .map(str::to_string)
        })
        .unwrap_or_else(|| format!("({} player)", name.to_lowercase()))
}

/// One entrant's lines: games by start value and result, then the ground given.
fn report(name: &str, entrant: &Entrant, output: &mut dyn Write) -> anyhow::Result<()> {
    let games: u32 = entrant.games.values().sum();
    writeln!(
        output,
        "\n{name}: {games} games, {} moves judged",
        entrant.moves
    )?;
    writeln!(output, "  value at the start -> result:  won  drawn  lost")?;
    for start in Kind::ALL {
        let row: Vec<u32> = Kind::ALL
            .iter()
            .map(|&result| entrant.games.get(&(start, result)).copied().unwrap_or(0))
            .collect();
        writeln!(
            output,
            "  {:<29} {:>4} {:>6} {:>5}",
            format!("{} ({})", start.name(), row.iter().sum::<u32>()),
            row[0],
            row[1],
            row[2]
        )?;
    }
    let given: u32 = entrant.gave.values().sum();
    let kinds: Vec<String> = entrant
        .gave
        .iter()
        .map(|((before, kept), n)| {
            format!(
                "{} -> {}: {n}",
                before.name(),
                kept.map_or("beyond the table", Kind::name)
            )
        })
        .collect();
    writeln!(
        output,
        "  moves that gave ground: {given} ({}), in {} games",
        if kinds.is_empty() {
            "none".to_string()
        } else {
            kinds.join(", ")
        },
        entrant.games_given
    )?;
    Ok(())
}
