//! The one series runner every game's matches go through: two entrants, A
//! and B, play a series at a table of any number of seats; A takes each seat
//! in turn (two players: the seats alternate) or always the first, B every
//! other seat. Games run `jobs` at a time, each appended to the records file
//! as it ends; run again with `resume`, a series reads its records back and
//! plays only the games still missing, so a stopped session loses nothing.
//! A's results are tallied by the seat it had, with 95% intervals.
//!
//! What differs between games, how one game is played and how its record is
//! written and read back, is a [`SeriesGame`].

use crate::stats::Tally;
use anyhow::Context;
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Which seat entrant A takes in each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// Game `i` puts A in seat `i mod seats` (two seats: alternating, A first in game 0).
    Rotate,
    /// A always sits first (the seeds' tables of first-player results).
    AFirst,
}

impl Seating {
    /// A's seat in game `game` (0-based) at a table of `seats`.
    pub fn a_seat(self, game: u32, seats: usize) -> usize {
        match self {
            Seating::Rotate => game as usize % seats.max(1),
            Seating::AFirst => 0,
        }
    }
}

/// Who sits where in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    /// The engine spec in each seat.
    pub specs: Vec<String>,
    /// The seat entrant A has; B has every other.
    pub a_seat: usize,
}

impl Seats {
    /// A in `a_seat`, B in the other `seats - 1`.
    pub fn new(a: &str, b: &str, a_seat: usize, seats: usize) -> Seats {
        let specs = (0..seats)
            .map(|s| if s == a_seat { a } else { b }.to_string())
            .collect();
        Seats { specs, a_seat }
    }
}

/// One finished game, by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// 0-based.
    pub game: u32,
    /// The seat A had.
    pub a_seat: usize,
    /// Each seat's points: 1 a win, 0.5 a draw, 0 a loss (shares of a
    /// table's win for more seats).
    pub points: Vec<f64>,
    /// The game's own measure of each seat, if it has one (Blokus: cells left unplaced).
    pub measure: Option<Vec<f64>>,
    /// The game was ended by an adjudication (repetition, length), not the rules.
    pub adjudicated: bool,
    /// Each seat's time thinking and moves made (zero for games read back).
    pub thinking: Vec<(Duration, u32)>,
    /// The game's record as the records file holds it (ends with a newline).
    pub record: String,
}

impl Played {
    /// A's points.
    pub fn a_points(&self) -> f64 {
        self.points[self.a_seat]
    }

    /// A's measure and B's (B's mean over its seats).
    fn measures(&self) -> Option<[f64; 2]> {
        let measure = self.measure.as_ref()?;
        let others: Vec<f64> = (0..measure.len())
            .filter(|&s| s != self.a_seat)
            .map(|s| measure[s])
            .collect();
        let b = others.iter().sum::<f64>() / others.len().max(1) as f64;
        Some([measure[self.a_seat], b])
    }
}

/// A game's side of a series: its table, how one game is played, and its
/// record format (written as each game ends, read back to resume).
pub trait SeriesGame: Sync {
    /// Seats at the table.
    fn seats(&self) -> usize;
    /// What seat `seat` is called ("first", "Black (B)").
    fn seat_name(&self, seat: usize) -> String;
    /// What [`Played::measure`] counts, if the game has a measure ("unplaced cells").
    fn measure_name(&self) -> Option<&'static str> {
        None
    }
    /// Builds the engine `spec` once, so that a bad spec fails before any game.
    fn check(&self, spec: &str) -> anyhow::Result<()>;
    /// Plays game `game` (0-based) with `seats`, its random choices derived from the game's number.
    fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played>;
    /// The games a records file written by [`SeriesGame::play`] holds; the
    /// error names the line or the game at fault. `a_seat` is A's seat in a
    /// game by the series' seating, for records that do not say it.
    fn read_records(
        &self,
        text: &str,
        a_seat: &dyn Fn(u32) -> usize,
    ) -> Result<Vec<Played>, String>;
}

/// How a series is run.
#[derive(Clone, Debug)]
pub struct SeriesConfig {
    /// Entrant A's engine spec.
    pub a: String,
    /// Entrant B's.
    pub b: String,
    /// Games in all.
    pub games: u32,
    pub seating: Seating,
    /// Games played at once (one thread each; the games are the same for any number).
    pub jobs: usize,
    /// The file each game is appended to as it ends.
    pub records: Option<PathBuf>,
    /// Read the games already in `records` and play only the others.
    pub resume: bool,
}

/// A's results so far, by seat, and what the games measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeriesTally {
    /// A's results by the seat A had.
    pub by_seat: Vec<Tally>,
    /// Games ended by repetition or the length cap (counted as draws).
    pub adjudicated: u32,
    /// Games read back from the records rather than played in this run.
    pub resumed: u32,
    measure_sum: [f64; 2],
    measured: u32,
    thinking: [(Duration, u32); 2],
}

impl SeriesTally {
    fn new(seats: usize) -> SeriesTally {
        SeriesTally {
            by_seat: vec![Tally::default(); seats],
            ..SeriesTally::default()
        }
    }

    fn add(&mut self, game: &Played) {
        self.by_seat[game.a_seat].add(game.a_points());
        self.adjudicated += u32::from(game.adjudicated);
        if let Some(measures) = game.measures() {
            self.measure_sum[0] += measures[0];
            self.measure_sum[1] += measures[1];
            self.measured += 1;
        }
        for (seat, &(time, moves)) in game.thinking.iter().enumerate() {
            let entrant = usize::from(seat != game.a_seat);
            self.thinking[entrant].0 += time;
            self.thinking[entrant].1 += moves;
        }
    }

    /// A's results over every seat.
    pub fn total(&self) -> Tally {
        self.by_seat.iter().fold(Tally::default(), |sum, t| Tally {
            wins: sum.wins + t.wins,
            draws: sum.draws + t.draws,
            losses: sum.losses + t.losses,
        })
    }

    /// The mean measure of A and of B over the games that have one.
    pub fn mean_measure(&self) -> Option<[f64; 2]> {
        (self.measured > 0).then(|| {
            let n = f64::from(self.measured);
            [self.measure_sum[0] / n, self.measure_sum[1] / n]
        })
    }

    /// The mean time a move of A and of B, over the games played in this run.
    pub fn mean_thinking(&self) -> Option<[Duration; 2]> {
        let [(a, a_moves), (b, b_moves)] = self.thinking;
        (a_moves > 0 && b_moves > 0).then(|| [a / a_moves, b / b_moves])
    }
}

/// What a runner tells as the series goes.
pub trait SeriesObserver {
    /// Games read back from the records, and games still to play.
    fn resumed(&mut self, _done: usize, _todo: usize) {}
    /// A game ended (`tally` includes it).
    fn finished(&mut self, _game: &Played, _tally: &SeriesTally) {}
}

/// An observer that says nothing.
pub struct Quiet;

impl SeriesObserver for Quiet {}

/// Plays the series `config` describes at `game`'s table.
pub fn run_series(
    game: &dyn SeriesGame,
    config: &SeriesConfig,
    observer: &mut dyn SeriesObserver,
) -> anyhow::Result<SeriesTally> {
    game.check(&config.a).context("engine A")?;
    game.check(&config.b).context("engine B")?;
    anyhow::ensure!(config.games > 0, "a series needs at least 1 game");
    anyhow::ensure!(config.jobs > 0, "a series needs at least 1 job");
    let seats = game.seats();
    let mut done: BTreeMap<u32, Played> = BTreeMap::new();
    if config.resume {
        let Some(path) = &config.records else {
            anyhow::bail!(
                "resuming needs a records file: the games already played are read from it"
            );
        };
        if path.exists() {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the records file {}", path.display()))?;
            for played in game
                .read_records(&text, &|g| config.seating.a_seat(g, seats))
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            {
                let expected = config.seating.a_seat(played.game, seats);
                anyhow::ensure!(
                    played.a_seat == expected,
                    "{}: game {} has A in seat {}, this series puts A in seat {expected}",
                    path.display(),
                    played.game + 1,
                    played.a_seat + 1
                );
                done.insert(played.game, played);
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
        .filter(|g| !done.contains_key(g))
        .collect();
    let mut tally = SeriesTally::new(seats);
    for played in done.values().filter(|p| p.game < config.games) {
        tally.add(played);
        tally.resumed += 1;
    }
    if !done.is_empty() {
        observer.resumed(done.len(), todo.len());
    }
    crate::workers::run_jobs(
        &todo,
        config.jobs,
        |&index| {
            let seats = Seats::new(
                &config.a,
                &config.b,
                config.seating.a_seat(index, seats),
                seats,
            );
            game.play(index, &seats)
                .with_context(|| format!("game {}", index + 1))
        },
        |_, played| {
            if let Some(file) = records.as_mut() {
                file.write_all(played.record.as_bytes())
                    .and_then(|()| file.flush())
                    .context("cannot append to the records file")?;
            }
            tally.add(&played);
            observer.finished(&played, &tally);
            Ok(())
        },
    )?;
    Ok(tally)
}

/// A's results by seat, over all, the games' measure and the time a move, as
/// `game` names them; `a` and `b` are the entrants' names.
pub struct Report<'a> {
    pub game: &'a dyn SeriesGame,
    pub tally: &'a SeriesTally,
    pub a: &'a str,
    pub b: &'a str,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.tally.by_seat.len())
            .map(|s| format!("as {}:", self.game.seat_name(s)))
            .collect();
        let width = names.iter().map(String::len).max().unwrap_or(0);
        for (name, tally) in names.iter().zip(&self.tally.by_seat) {
            if tally.games() > 0 {
                writeln!(f, "{name:width$} {tally}")?;
            }
        }
        write!(f, "{:width$} {}", "overall:", self.tally.total())?;
        if self.tally.adjudicated > 0 {
            write!(
                f,
                " ({} drawn by repetition or the length cap)",
                self.tally.adjudicated
            )?;
        }
        if let (Some(name), Some([a, b])) = (self.game.measure_name(), self.tally.mean_measure()) {
            write!(f, "\nmean {name}: {} {a:.1}, {} {b:.1}", self.a, self.b)?;
        }
        if let Some([a, b]) = self.tally.mean_thinking() {
            write!(
                f,
                "\ntime a move: A {:.2} ms, B {:.2} ms",
                a.as_secs_f64() * 1e3,
                b.as_secs_f64() * 1e3
            )?;
        }
        Ok(())
    }
}

/// Splits a records file into games at the lines starting with `[Round N]`
/// (the number 1-based): each game's number (0-based), its first line's
/// number (1-based) and its text, the round line included.
pub fn rounds(text: &str) -> Result<Vec<(u32, usize, String)>, String> {
    let mut games: Vec<(u32, usize, String)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if let Some(round) = line
            .trim()
            .strip_prefix("[Round ")
            .and_then(|r| r.strip_suffix(']'))
        {
            let round: u32 = round
                .trim()
                .parse()
                .ok()
                .filter(|&r| r > 0)
                .ok_or_else(|| format!("line {}: {line:?} is no round number", number + 1))?;
            games.push((round - 1, number + 1, String::new()));
        }
        match games.last_mut() {
            Some((_, _, game)) => {
                game.push_str(line);
                game.push('\n');
            }
            None if line.trim().is_empty() => {}
            None => {
                return Err(format!(
                    "line {}: {line:?} comes before any [Round N]",
                    number + 1
                ))
            }
        }
    }
    Ok(games)
}

/// The games of a records file of `[Round N]` blocks ([`rounds`]), each
/// block read by `read` into its seats' points and whether it was
/// adjudicated (`None`: the game is not over); `a_seat` gives A's seat by
/// the series' seating. An error names the game and its first line.
pub fn read_rounds(
    text: &str,
    a_seat: &dyn Fn(u32) -> usize,
    read: impl Fn(&str) -> Result<Option<(Vec<f64>, bool)>, String>,
) -> Result<Vec<Played>, String> {
    rounds(text)?
        .into_iter()
        .map(|(game, line, text)| {
            let at = |e: String| format!("game {} (line {line}): {e}", game + 1);
            let (points, adjudicated) = read(&text)
                .map_err(at)?
                .ok_or_else(|| at("the game is not over".to_string()))?;
            Ok(Played {
                game,
                a_seat: a_seat(game),
                points,
                measure: None,
                adjudicated,
                thinking: Vec::new(),
                record: text,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A toy table: the seat whose spec is the longer wins; the record is one line.
    struct Toy {
        seats: usize,
        played: Mutex<Vec<u32>>,
    }

    impl SeriesGame for Toy {
        fn seats(&self) -> usize {
            self.seats
        }
        fn seat_name(&self, seat: usize) -> String {
            format!("seat {}", seat + 1)
        }
        fn measure_name(&self) -> Option<&'static str> {
            Some("letters")
        }
        fn check(&self, spec: &str) -> anyhow::Result<()> {
            anyhow::ensure!(!spec.is_empty(), "an empty spec");
            Ok(())
        }
        fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played> {
            anyhow::ensure!(game != 99, "game 100 breaks");
            self.played.lock().unwrap().push(game);
            let best = seats.specs.iter().map(String::len).max().unwrap();
            let winners = seats.specs.iter().filter(|s| s.len() == best).count() as f64;
            let points: Vec<f64> = seats
                .specs
                .iter()
                .map(|s| if s.len() == best { 1.0 / winners } else { 0.0 })
                .collect();
            let line: Vec<String> = points.iter().map(f64::to_string).collect();
            Ok(Played {
                game,
                a_seat: seats.a_seat,
                measure: Some(seats.specs.iter().map(|s| s.len() as f64).collect()),
                record: format!(
                    "[Round {}]\na {} {}\n",
                    game + 1,
                    seats.a_seat,
                    line.join(" ")
                ),
                points,
                adjudicated: false,
                thinking: vec![(Duration::from_millis(2), 1); seats.specs.len()],
            })
        }
        fn read_records(
            &self,
            text: &str,
            _: &dyn Fn(u32) -> usize,
        ) -> Result<Vec<Played>, String> {
            rounds(text)?
                .into_iter()
                .map(|(game, line, text)| {
                    let words: Vec<&str> = text.lines().nth(1).unwrap_or("").split(' ').collect();
                    let parse = |w: &str| {
                        w.parse::<f64>()
                            .map_err(|_| format!("line {}: {w:?}", line + 1))
                    };
                    Ok(Played {
                        game,
                        a_seat: words.get(1).ok_or("no seat")?.parse().map_err(|_| "seat")?,
                        points: words[2..]
                            .iter()
                            .map(|w| parse(w))
                            .collect::<Result<_, _>>()?,
                        measure: None,
                        adjudicated: false,
                        thinking: Vec::new(),
                        record: text,
                    })
                })
                .collect()
        }
    }

    fn toy(seats: usize) -> Toy {
        Toy {
            seats,
            played: Mutex::new(Vec::new()),
        }
    }

    fn config(games: u32, jobs: usize, records: Option<PathBuf>, resume: bool) -> SeriesConfig {
        SeriesConfig {
            a: "long".into(),
            b: "b".into(),
            games,
            seating: Seating::Rotate,
            jobs,
            records,
            resume,
        }
    }

    #[test]
    fn a_rotates_through_every_seat_and_is_tallied_by_seat() {
        let table = toy(3);
        let tally = run_series(&table, &config(7, 2, None, false), &mut Quiet).unwrap();
        let games: Vec<u32> = tally.by_seat.iter().map(Tally::games).collect();
        assert_eq!(games, [3, 2, 2]);
        assert_eq!(tally.total().wins, 7);
        assert_eq!(tally.mean_measure(), Some([4.0, 1.0]));
        assert_eq!(
            tally.mean_thinking(),
            Some([Duration::from_millis(2), Duration::from_millis(2)])
        );
        let mut played = table.played.lock().unwrap().clone();
        played.sort();
        assert_eq!(played, (0..7).collect::<Vec<_>>());
        let report = Report {
            game: &table,
            tally: &tally,
            a: "long",
            b: "b",
        }
        .to_string();
        assert!(report.contains("as seat 3: +2 =0 -0 of 2"), "{report}");
        assert!(report.contains("mean letters: long 4.0, b 1.0"), "{report}");
    }

    #[test]
    fn a_resumed_series_plays_only_the_missing_games_and_counts_all() {
        let path = std::env::temp_dir().join(format!("series-{}.txt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let first = toy(2);
        run_series(&first, &config(3, 1, Some(path.clone()), true), &mut Quiet).unwrap();
        struct Seen(Option<(usize, usize)>);
        impl SeriesObserver for Seen {
            fn resumed(&mut self, done: usize, todo: usize) {
                self.0 = Some((done, todo));
            }
        }
        let second = toy(2);
        let mut seen = Seen(None);
        let tally =
            run_series(&second, &config(5, 2, Some(path.clone()), true), &mut seen).unwrap();
        assert_eq!(seen.0, Some((3, 2)));
        let mut played = second.played.lock().unwrap().clone();
        played.sort();
        assert_eq!(played, [3, 4]);
        assert_eq!(tally.total().games(), 5);
        assert_eq!(tally.resumed, 3);
        assert_eq!(
            rounds(&std::fs::read_to_string(&path).unwrap())
                .unwrap()
                .len(),
            5
        );
        // A records file from another seating is refused, naming the game.
        let mut fixed = config(5, 1, Some(path.clone()), true);
        fixed.seating = Seating::AFirst;
        let error = run_series(&toy(2), &fixed, &mut Quiet).unwrap_err();
        assert!(
            format!("{error:#}").contains("game 2 has A in seat 2"),
            "{error:#}"
        );
        // A damaged file is refused with its line.
        std::fs::write(&path, "junk\n").unwrap();
        let error =
            run_series(&toy(2), &config(5, 1, Some(path.clone()), true), &mut Quiet).unwrap_err();
        assert!(
            format!("{error:#}").contains("line 1: \"junk\""),
            "{error:#}"
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_failing_game_or_engine_stops_the_series_with_its_name() {
        let error = run_series(&toy(2), &config(120, 2, None, false), &mut Quiet).unwrap_err();
        assert!(
            format!("{error:#}").contains("game 100: game 100 breaks"),
            "{error:#}"
        );
        let mut bad = config(2, 1, None, false);
        bad.b = String::new();
        let error = run_series(&toy(2), &bad, &mut Quiet).unwrap_err();
        assert!(
            format!("{error:#}").contains("engine B: an empty spec"),
            "{error:#}"
        );
    }
}
