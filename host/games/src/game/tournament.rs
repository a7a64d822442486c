//! Matches between two players of any game: one game played out, and a
//! series with the seats alternated, run on worker threads, every finished
//! game appended to the records at once, with the tallies and 95% intervals.

use super::player::Player;
use super::record::{Ending, Record};
use super::{Outcome, Side, TwoPlayerGame};
use crate::stats::Tally;
use std::fmt;
use std::io::Write;
use std::sync::Mutex;

/// Plays `record` to its end, `players[0]` moving for the first side.
/// `on_move` sees each move as it is made (to print or save it). A player
/// that fails or answers an illegal move stops the game with an error naming it.
pub fn play_out<G: TwoPlayerGame>(
    record: &mut Record<G>,
    players: [&mut dyn Player<G>; 2],
    on_move: &mut dyn FnMut(&Record<G>, G::Move),
) -> anyhow::Result<Ending> {
    let [first, second] = players;
    loop {
        if let Some(ending) = record.ending() {
            return Ok(ending);
        }
        let player: &mut dyn Player<G> = match record.position().side_to_move() {
            Side::First => &mut *first,
            Side::Second => &mut *second,
        };
        let m = player.choose(record)?;
        let text = record.position().move_text(m);
        record
            .play(m)
            .map_err(|e| anyhow::anyhow!("{} played {text}: {e}", player.name()))?;
        on_move(record, m);
    }
}

/// The results of a series for player A, by seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeriesTally {
    /// A's results when A moved first.
    pub first: Tally,
    /// A's results when A moved second.
    pub second: Tally,
    /// Games that ended by repetition or the length cap (counted as draws above).
    pub adjudicated: u32,
}

impl SeriesTally {
    /// A's results over both seats.
    pub fn total(&self) -> Tally {
        Tally {
            wins: self.first.wins + self.second.wins,
            draws: self.first.draws + self.second.draws,
            losses: self.first.losses + self.second.losses,
        }
    }

    fn add(&mut self, a_side: Side, ending: &Ending) {
        let points = match ending.outcome() {
            Outcome::Win(side) if side == a_side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        };
        match a_side {
            Side::First => self.first.add(points),
            Side::Second => self.second.add(points),
        }
        if !matches!(ending, Ending::Rules(_)) {
            self.adjudicated += 1;
        }
    }
}

impl fmt::Display for SeriesTally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "as first:  {}", self.first)?;
        writeln!(f, "as second: {}", self.second)?;
        write!(f, "overall:   {}", self.total())?;
        if self.adjudicated > 0 {
            write!(
                f,
                " ({} drawn by repetition or the length cap)",
                self.adjudicated
            )?;
        }
        Ok(())
    }
}

/// How a series is played.
#[derive(Clone, Copy, Debug)]
pub struct SeriesConfig {
    /// Games in all; A moves first in the even-numbered ones, or in all of
    /// them when `alternate` is off.
    pub games: u32,
    /// Alternate the seats (off: A always moves first, as in the seeds' tables
    /// of first-player win rates).
    pub alternate: bool,
    /// Plies after which a game is drawn.
    pub max_plies: usize,
    /// Game `i`'s players take random choices from `seed + i`.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
}

/// Makes a fresh player from a seed (each worker thread makes its own).
pub type PlayerFactory<'a, G> = &'a (dyn Fn(u64) -> Result<Box<dyn Player<G>>, String> + Sync);

/// Plays a series between A and B from `start`, appending each finished game
/// to `records` at once and calling `progress` after each with the tally so far.
pub fn play_series<G: TwoPlayerGame + Send + Sync>(
    start: &G,
    make_a: PlayerFactory<G>,
    make_b: PlayerFactory<G>,
    config: SeriesConfig,
    records: &mut (dyn Write + Send),
    progress: &(dyn Fn(u32, &SeriesTally) + Sync),
) -> anyhow::Result<SeriesTally> {
    let next = Mutex::new(0u32);
    let shared = Mutex::new((SeriesTally::default(), 0u32, records));
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let worker = || -> anyhow::Result<()> {
        loop {
            let index = {
                let mut next = next.lock().expect("series counter");
                if *next >= config.games || failure.lock().expect("failure").is_some() {
                    return Ok(());
                }
                *next += 1;
                *next - 1
            };
            let seed = config.seed.wrapping_add(u64::from(index));
            let mut a = make_a(seed).map_err(anyhow::Error::msg)?;
            let mut b = make_b(seed).map_err(anyhow::Error::msg)?;
            let a_side = if index % 2 == 0 || !config.alternate {
                Side::First
            } else {
                Side::Second
            };
            let (names, players): ([String; 2], [&mut dyn Player<G>; 2]) = match a_side {
                Side::First => ([a.name(), b.name()], [a.as_mut(), b.as_mut()]),
                Side::Second => ([b.name(), a.name()], [b.as_mut(), a.as_mut()]),
            };
            let mut record = Record::new(start.clone(), config.max_plies);
            let ending = play_out(&mut record, players, &mut |_, _| {})?;
            let mut guard = shared.lock().expect("series tally");
            let (tally, done, records) = &mut *guard;
            tally.add(a_side, &ending);
            *done += 1;
            write!(
                records,
                "[Round {}]\n{}\n",
                index + 1,
                record.to_text(&names[0], &names[1])
            )?;
            records.flush()?;
            progress(*done, tally);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.jobs.max(1))
            .map(|_| scope.spawn(worker))
            .collect();
        for handle in handles {
            let result = handle.join().expect("a series worker panicked");
            if let Err(error) = result {
                failure.lock().expect("failure").get_or_insert(error);
            }
        }
    });
    if let Some(error) = failure.into_inner().expect("failure") {
        return Err(error);
    }
    Ok(shared.into_inner().expect("series tally").0)
}
