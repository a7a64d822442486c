//! `arena blokus match`: a series between two Blokus Duo engines, seats
//! alternating, games played `--jobs` at a time, each game appended to a
//! records file as it ends and skipped when the series is run again with
//! `--resume` (a long match against Pentobi survives a stopped session).

use crate::engines::engine_named;
use anyhow::{bail, Context};
use blokus::{play_game_noting, points_for_player_one, Engine, Player, Position};
use games::blokus::RandomEngine;
use games::stats::Tally;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// What a match is (`arena blokus match`'s options).
#[derive(clap::Args, Clone, Debug)]
pub struct MatchConfig {
    /// The first engine.
    #[arg(long, default_value = "default")]
    pub p1: String,
    /// The second engine.
    #[arg(long, default_value = "greedy")]
    pub p2: String,
    /// Games to play (the engines swap seats every game).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Thinking time per move, in seconds, for engines that search.
    #[arg(long, default_value_t = 0.2)]
    pub time: f64,
    /// Games open with this many random moves (each side), so that
    /// deterministic engines play different games.
    #[arg(long, default_value_t = 2)]
    pub random_opening: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one thread each; the games are the same for any number).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Append each game to this file as it ends (a line: seat, unplaced
    /// cells, points, the moves' codes).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Read the games already in --records and play only the others.
    #[arg(long, requires = "records")]
    pub resume: bool,
}

/// One finished game, as its record line says.
#[derive(Clone, Debug, PartialEq)]
struct GameResult {
    /// 1-based.
    game: u32,
    /// The seat `p1` had.
    seat: Player,
    /// Cells `p1` and `p2` left unplaced.
    unplaced: [u32; 2],
    /// `p1`'s points: 1, 0.5 or 0.
    points: f64,
    /// The moves as contest codes, from the start (the random opening included).
    moves: Vec<String>,
}

impl GameResult {
    /// The record line: `game N seat S unplaced A B points P moves C,C,...`.
    fn line(&self) -> String {
        format!(
            "game {} seat {} unplaced {} {} points {} moves {}",
            self.game,
            self.seat.index() + 1,
            self.unplaced[0],
            self.unplaced[1],
            self.points,
            self.moves.join(",")
        )
    }

    /// Reads a record line back; the error names what was wrong.
    fn parse(line: &str) -> Result<GameResult, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let keys = [
            (0, "game"),
            (2, "seat"),
            (4, "unplaced"),
            (7, "points"),
            (9, "moves"),
        ];
        if words.len() != 11 || keys.iter().any(|&(i, k)| words[i] != k) {
            return Err(format!(
                "{line:?} is no game line (game N seat S unplaced A B points P moves CODES)"
            ));
        }
        let number = |i: usize| -> Result<u32, String> {
            words[i]
                .parse()
                .map_err(|_| format!("{:?} is no number in {line:?}", words[i]))
        };
        let seat = match number(3)? {
            1 => Player::One,
            2 => Player::Two,
            s => return Err(format!("seat {s} in {line:?} is neither 1 nor 2")),
        };
        let points: f64 = words[8]
            .parse()
            .map_err(|_| format!("{:?} is no score in {line:?}", words[8]))?;
        Ok(GameResult {
            game: number(1)?,
            seat,
            unplaced: [number(5)?, number(6)?],
            points,
            moves: words[10].split(',').map(str::to_string).collect(),
        })
    }
}

/// Plays game `game` (0-based) of the match: its random opening, its seats.
fn play_one(config: &MatchConfig, game: u32) -> anyhow::Result<GameResult> {
    let time = Duration::from_secs_f64(config.time);
    let make = |name: &str| engine_named(name, time, config.seed ^ u64::from(game));
    let mut opening = RandomEngine::new(
        config
            .seed
            .wrapping_mul(7919)
            .wrapping_add(u64::from(game / 2)),
    );
    let mut start = Position::new();
    let mut moves = Vec::new();
    for _ in 0..2 * config.random_opening {
        let m = opening.choose(&start);
        moves.push(m.code().to_string());
        start.play(m);
    }
    let first_is_p1 = game.is_multiple_of(2);
    let mut players = if first_is_p1 {
        [make(&config.p1)?, make(&config.p2)?]
    } else {
        [make(&config.p2)?, make(&config.p1)?]
    };
    let end = play_game_noting(start, &mut players, |m| moves.push(m.code().to_string()));
    let seat = if first_is_p1 {
        Player::One
    } else {
        Player::Two
    };
    let p1_points = points_for_player_one(&end);
    Ok(GameResult {
        game: game + 1,
        seat,
        unplaced: [end.unplaced_cells(seat), end.unplaced_cells(seat.other())],
        points: if first_is_p1 {
            p1_points
        } else {
            1.0 - p1_points
        },
        moves,
    })
}

/// Runs the match, printing a line per game and the tally to `out`.
pub fn run(config: &MatchConfig, out: &mut dyn Write) -> anyhow::Result<()> {
    // Both engines are built once here so that a bad name fails before any game.
    for name in [&config.p1, &config.p2] {
        engine_named(name, Duration::from_secs_f64(config.time), config.seed)?;
    }
    anyhow::ensure!(config.jobs > 0, "--jobs must be at least 1");
    let mut done: BTreeMap<u32, GameResult> = BTreeMap::new();
    if config.resume {
        let Some(path) = &config.records else {
            bail!("--resume needs --records FILE: the games already played are read from it");
        };
        if path.exists() {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the records file {}", path.display()))?;
            for (number, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let result = GameResult::parse(line)
                    .map_err(|e| anyhow::anyhow!("{} line {}: {e}", path.display(), number + 1))?;
                done.insert(result.game, result);
            }
        }
    }
    let mut records = match &config.records {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open the records file {}", path.display()))?,
        ),
        None => None,
    };
    let todo: Vec<u32> = (0..config.games)
        .filter(|g| !done.contains_key(&(g + 1)))
        .collect();
    if !done.is_empty() {
        writeln!(
            out,
            "resuming: {} games already played, {} to play",
            done.len(),
            todo.len()
        )?;
    }
    let next = AtomicU32::new(0);
    let (sender, receiver) = mpsc::channel::<anyhow::Result<GameResult>>();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..config.jobs.min(todo.len().max(1)) {
            let sender = sender.clone();
            let (next, todo) = (&next, &todo);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst) as usize;
                let Some(&game) = todo.get(i) else { break };
                let result = play_one(config, game);
                let failed = result.is_err();
                if sender.send(result).is_err() || failed {
                    break;
                }
            });
        }
        drop(sender);
        for result in receiver {
            let result = result?;
            if let Some(file) = records.as_mut() {
                writeln!(file, "{}", result.line()).context("cannot append to the records file")?;
                file.flush()?;
            }
            writeln!(
                out,
                "game {}: {} as {}: unplaced cells {} vs {}",
                result.game, config.p1, result.seat, result.unplaced[0], result.unplaced[1]
            )?;
            done.insert(result.game, result);
        }
        Ok(())
    })?;
    let mut tally = Tally::default();
    let mut cells = [0u64; 2];
    for result in done.values().filter(|r| r.game <= config.games) {
        tally.add(result.points);
        cells[0] += u64::from(result.unplaced[0]);
        cells[1] += u64::from(result.unplaced[1]);
    }
    let n = f64::from(tally.games().max(1));
    writeln!(
        out,
        "mean unplaced cells: {} {:.1}, {} {:.1}",
        config.p1,
        cells[0] as f64 / n,
        config.p2,
        cells[1] as f64 / n
    )?;
    writeln!(out, "{} vs {}: {tally}", config.p1, config.p2)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(records: Option<PathBuf>, resume: bool, jobs: usize, games: u32) -> MatchConfig {
        MatchConfig {
            p1: "greedy".into(),
            p2: "random".into(),
            games,
            time: 0.01,
            random_opening: 1,
            seed: 3,
            jobs,
            records,
            resume,
        }
    }

    #[test]
    fn a_record_line_reads_back() {
        let result = GameResult {
            game: 7,
            seat: Player::Two,
            unplaced: [3, 40],
            points: 0.5,
            moves: vec!["56t2".into(), "0000".into()],
        };
        assert_eq!(GameResult::parse(&result.line()), Ok(result));
        let error =
            GameResult::parse("game 1 seat 3 unplaced 1 2 points 1 moves 0000").unwrap_err();
        assert!(error.contains("seat 3"), "{error}");
        assert!(GameResult::parse("games 1")
            .unwrap_err()
            .contains("no game line"));
    }

    #[test]
    fn games_replay_to_their_recorded_end_and_jobs_change_nothing() {
        let dir = std::env::temp_dir().join(format!("blokus-match-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (one, two) = (dir.join("one.txt"), dir.join("two.txt"));
        let _ = std::fs::remove_file(&one);
        let _ = std::fs::remove_file(&two);
        run(&config(Some(one.clone()), false, 1, 4), &mut Vec::new()).unwrap();
        run(&config(Some(two.clone()), false, 2, 4), &mut Vec::new()).unwrap();
        let sorted = |path: &PathBuf| {
            let mut lines: Vec<GameResult> = std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .map(|l| GameResult::parse(l).unwrap())
                .collect();
            lines.sort_by_key(|r| r.game);
            lines
        };
        let games = sorted(&one);
        assert_eq!(games, sorted(&two), "two jobs play the same games as one");
        assert_eq!(games.len(), 4);
        for result in &games {
            // The moves replay to a finished game with the recorded cells.
            let mut position = Position::new();
            for code in &result.moves {
                position.play_code(code.parse().unwrap()).unwrap();
            }
            assert!(position.is_over());
            assert_eq!(position.unplaced_cells(result.seat), result.unplaced[0]);
            assert_eq!(
                position.unplaced_cells(result.seat.other()),
                result.unplaced[1]
            );
            assert_eq!(
                result.seat,
                if result.game % 2 == 1 {
                    Player::One
                } else {
                    Player::Two
                }
            );
        }
        // Resuming a longer match plays only the missing games.
        let mut out = Vec::new();
        run(&config(Some(one.clone()), true, 2, 6), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains("resuming: 4 games already played, 2 to play"),
            "{out}"
        );
        assert_eq!(sorted(&one).len(), 6);
        assert_eq!(sorted(&one)[..4], games[..]);
        // A damaged records file is refused with its line.
        std::fs::write(&two, "game 1 seat 1\n").unwrap();
        let error = run(&config(Some(two.clone()), true, 1, 2), &mut Vec::new()).unwrap_err();
        assert!(format!("{error:#}").contains("two.txt line 1"), "{error:#}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
