//! `arena blokus match`, and Blokus Duo's table for the one series runner
//! ([`games::series`], also behind `arena tournament blokus`): seats
//! alternating, games played `--jobs` at a time, each game appended to a
//! records file as it ends and skipped when the series is run again with
//! `--resume` (a long match against Pentobi survives a stopped session).

use crate::engines::engine_named;
use anyhow::bail;
use blokus::{Engine, Player, Position};
use games::blokus::{EnginePlayer, RandomEngine};
use games::play::play_timed;
use games::series::{
    run_series, Played, Seating, Seats, SeriesConfig, SeriesGame, SeriesObserver, SeriesTally,
};
use std::io::Write;
use std::path::PathBuf;
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
pub(crate) struct GameResult {
    /// 1-based.
    game: u32,
    /// The seat `p1` had.
    seat: Player,
    /// Cells `p1` and `p2` left unplaced.
    unplaced: [u32; 2],
    /// `p1`'s points: 1, 0.5 or 0.
    points: f64,
    /// The moves as contest codes, from the start (the random opening included).
    pub(crate) moves: Vec<String>,
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
    pub(crate) fn parse(line: &str) -> Result<GameResult, String> {
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

/// Blokus Duo's table for a series: engines from the registry at `time` a
/// move, games opened by `random_opening` random moves a side (game `2k`
/// and `2k + 1` share theirs, so each opening is played from both seats),
/// and the record line above as its records.
pub struct BlokusTable {
    pub time: Duration,
    pub random_opening: usize,
    pub seed: u64,
}

impl BlokusTable {
    /// The table `arena blokus match` plays at.
    pub fn of(config: &MatchConfig) -> BlokusTable {
        BlokusTable {
            time: Duration::from_secs_f64(config.time),
            random_opening: config.random_opening,
            seed: config.seed,
        }
    }

    fn engine(&self, spec: &str, game: u32) -> anyhow::Result<Box<dyn Engine>> {
        engine_named(spec, self.time, self.seed ^ u64::from(game))
    }
}

/// A line read back, as the series runner counts it.
fn played(result: GameResult, record: String) -> Played {
    let a_seat = result.seat.index();
    let mut points = vec![1.0 - result.points; 2];
    points[a_seat] = result.points;
    let mut unplaced = vec![f64::from(result.unplaced[1]); 2];
    unplaced[a_seat] = f64::from(result.unplaced[0]);
    Played {
        game: result.game - 1,
        a_seat,
        points,
        measure: Some(unplaced),
        adjudicated: false,
        thinking: Vec::new(),
        record,
    }
}

/// The seat's player: seat 0 is player 1.
fn seat_player(seat: usize) -> Player {
    if seat == 0 {
        Player::One
    } else {
        Player::Two
    }
}

impl SeriesGame for BlokusTable {
    fn seats(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        seat_player(seat).to_string()
    }

    fn measure_name(&self) -> Option<&'static str> {
        Some("unplaced cells")
    }

    fn check(&self, spec: &str) -> anyhow::Result<()> {
        self.engine(spec, 0).map(|_| ())
    }

    fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played> {
        let mut opening = RandomEngine::new(
            self.seed
                .wrapping_mul(7919)
                .wrapping_add(u64::from(game / 2)),
        );
        let mut start = Position::new();
        let mut moves = Vec::new();
        for _ in 0..2 * self.random_opening {
            let m = opening.choose(&start);
            moves.push(m.code().to_string());
            start.play(m);
        }
        let mut players = seats
            .specs
            .iter()
            .map(
                |spec| -> anyhow::Result<Box<dyn games::play::Player<Position>>> {
                    Ok(Box::new(EnginePlayer(self.engine(spec, game)?)))
                },
            )
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut end = start;
        let (points, thinking) = play_timed(&mut end, &mut players, &mut |_, m| {
            moves.push(m.code().to_string())
        })?;
        let seat = seat_player(seats.a_seat);
        let result = GameResult {
            game: game + 1,
            seat,
            unplaced: [end.unplaced_cells(seat), end.unplaced_cells(seat.other())],
            points: points[seats.a_seat],
            moves,
        };
        let line = format!("{}\n", result.line());
        let mut played = played(result, line);
        played.thinking = thinking;
        Ok(played)
    }

    fn read_records(&self, text: &str, _: &dyn Fn(u32) -> usize) -> Result<Vec<Played>, String> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(number, line)| {
                let result =
                    GameResult::parse(line).map_err(|e| format!("line {}: {e}", number + 1))?;
                if result.game == 0 {
                    return Err(format!("line {}: game 0 (games count from 1)", number + 1));
                }
                Ok(played(result, format!("{line}\n")))
            })
            .collect()
    }
}

/// Prints a line per game as it ends.
struct Lines<'a> {
    out: &'a mut dyn Write,
    p1: &'a str,
    error: Option<std::io::Error>,
}

impl SeriesObserver for Lines<'_> {
    fn resumed(&mut self, done: usize, todo: usize) {
        if let Err(e) = writeln!(
            self.out,
            "resuming: {done} games already played, {todo} to play"
        ) {
            self.error.get_or_insert(e);
        }
    }

    fn finished(&mut self, game: &Played, _: &SeriesTally) {
        let unplaced = game.measure.as_deref().unwrap_or(&[0.0, 0.0]);
        if let Err(e) = writeln!(
            self.out,
            "game {}: {} as {}: unplaced cells {} vs {}",
            game.game + 1,
            self.p1,
            seat_player(game.a_seat),
            unplaced[game.a_seat],
            unplaced[1 - game.a_seat]
        ) {
            self.error.get_or_insert(e);
        }
    }
}

/// Runs the match, printing a line per game and the tally to `out`.
pub fn run(config: &MatchConfig, out: &mut dyn Write) -> anyhow::Result<()> {
    if config.resume && config.records.is_none() {
        bail!("--resume needs --records FILE: the games already played are read from it");
    }
    let series = SeriesConfig {
        a: config.p1.clone(),
        b: config.p2.clone(),
        games: config.games,
        seating: Seating::Rotate,
        jobs: config.jobs,
        records: config.records.clone(),
        resume: config.resume,
    };
    anyhow::ensure!(config.jobs > 0, "--jobs must be at least 1");
    let mut lines = Lines {
        out,
        p1: &config.p1,
        error: None,
    };
    let tally = run_series(&BlokusTable::of(config), &series, &mut lines)?;
    if let Some(error) = lines.error {
        return Err(error.into());
    }
    let [a, b] = tally.mean_measure().unwrap_or([0.0, 0.0]);
    writeln!(
        out,
        "mean unplaced cells: {} {a:.1}, {} {b:.1}",
        config.p1, config.p2
    )?;
    writeln!(out, "{} vs {}: {}", config.p1, config.p2, tally.total())?;
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
        assert!(
            format!("{error:#}").contains("two.txt: line 1"),
            "{error:#}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
