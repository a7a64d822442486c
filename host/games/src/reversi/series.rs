//! Series of Reversi games for any number of colours: engine A takes each
//! colour in turn and engine B every other colour, so every seat is rotated;
//! A's results per colour with 95% intervals, each game appended to the
//! records as it ends.

use super::players::{player_by_name, ReversiPlayer};
use super::position::Position;
use super::setup::{Setup, COLOUR_LETTERS, COLOUR_NAMES};
use crate::stats::Tally;
use std::fmt;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A's results, one tally per colour A played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReversiTally {
    pub by_colour: Vec<Tally>,
}

/// What a series found: the tallies and each engine's thinking time.
#[derive(Clone, Debug)]
pub struct ReversiSeries {
    pub tally: ReversiTally,
    /// Mean time a move of A and of B.
    pub a_time: Duration,
    pub b_time: Duration,
}

impl fmt::Display for ReversiTally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (colour, tally) in self.by_colour.iter().enumerate() {
            let (p, low, high) = tally.win_rate95();
            writeln!(
                f,
                "as {} ({}): {tally}; wins {:.1}% (95% CI {:.1}%-{:.1}%)",
                COLOUR_NAMES[colour],
                COLOUR_LETTERS[colour],
                100.0 * p,
                100.0 * low,
                100.0 * high
            )?;
        }
        Ok(())
    }
}

/// One game: `players[c]` plays colour `c`. Returns the end and the time each
/// player spent and the moves it made.
fn play_game(
    setup: &Setup,
    players: &mut [Box<dyn ReversiPlayer>],
) -> (Position, Vec<String>, Vec<(Duration, u32)>) {
    let mut position = Position::new(setup);
    let mut moves = Vec::new();
    let mut spent = vec![(Duration::ZERO, 0u32); players.len()];
    while !position.is_over() {
        let colour = position.to_move();
        let started = Instant::now();
        let m = players[colour].choose(&position);
        spent[colour].0 += started.elapsed();
        spent[colour].1 += 1;
        moves.push(Position::move_text(m));
        position.play(m);
    }
    (position, moves, spent)
}

/// How many games, from which seed, on how many threads.
#[derive(Clone, Copy, Debug)]
pub struct ReversiSeriesConfig {
    pub games: u32,
    pub seed: u64,
    pub jobs: usize,
}

/// Plays `config.games` games of `setup`: in game `i` engine A plays colour
/// `i mod colours` and B the others, random choices from `seed + i`.
pub fn play_reversi_series(
    setup: &Setup,
    a: &str,
    b: &str,
    config: ReversiSeriesConfig,
    records: &mut (dyn Write + Send),
    progress: &(dyn Fn(u32) + Sync),
) -> anyhow::Result<ReversiSeries> {
    let ReversiSeriesConfig { games, seed, jobs } = config;
    player_by_name(a, seed).map_err(anyhow::Error::msg)?;
    player_by_name(b, seed).map_err(anyhow::Error::msg)?;
    let colours = setup.colours();
    let next = Mutex::new(0u32);
    struct Shared<'a> {
        tally: ReversiTally,
        done: u32,
        a_time: (Duration, u32),
        b_time: (Duration, u32),
        records: &'a mut (dyn Write + Send),
    }
    let shared = Mutex::new(Shared {
        tally: ReversiTally {
            by_colour: vec![Tally::default(); colours],
        },
        done: 0,
        a_time: (Duration::ZERO, 0),
        b_time: (Duration::ZERO, 0),
        records,
    });
    let worker = || -> anyhow::Result<()> {
        loop {
            let index = {
                let mut next = next.lock().expect("series counter");
                if *next >= games {
                    return Ok(());
                }
                *next += 1;
                *next - 1
            };
            let game_seed = seed.wrapping_add(u64::from(index));
            let a_colour = index as usize % colours;
            let mut players: Vec<Box<dyn ReversiPlayer>> = (0..colours)
                .map(|c| {
                    let spec = if c == a_colour { a } else { b };
                    player_by_name(spec, game_seed.wrapping_mul(31).wrapping_add(c as u64))
                })
                .collect::<Result<_, _>>()
                .map_err(anyhow::Error::msg)?;
            let (end, moves, spent) = play_game(setup, &mut players);
            let mut s = shared.lock().expect("series tally");
            s.tally.by_colour[a_colour].add(end.scores()[a_colour]);
            for (c, &(time, count)) in spent.iter().enumerate() {
                let slot = if c == a_colour {
                    &mut s.a_time
                } else {
                    &mut s.b_time
                };
                slot.0 += time;
                slot.1 += count;
            }
            s.done += 1;
            let names: Vec<String> = (0..colours)
                .map(|c| {
                    format!(
                        "{}={}",
                        COLOUR_LETTERS[c],
                        if c == a_colour { a } else { b }
                    )
                })
                .collect();
            let counts: Vec<String> = end.counts().iter().map(u32::to_string).collect();
            writeln!(
                s.records,
                "[Game reversi]\n[Round {}]\n[Variant {}]\n[Players {}]\n{}\n[Result {}]\n",
                index + 1,
                setup.name,
                names.join(" "),
                moves.join(" "),
                counts.join("-")
            )?;
            s.records.flush()?;
            progress(s.done);
        }
    };
    let failures: Vec<anyhow::Error> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs.max(1)).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().expect("a series worker panicked").err())
            .collect()
    });
    if let Some(error) = failures.into_iter().next() {
        return Err(error);
    }
    let s = shared.into_inner().expect("series tally");
    let mean = |(time, count): (Duration, u32)| time / count.max(1);
    Ok(ReversiSeries {
        tally: s.tally,
        a_time: mean(s.a_time),
        b_time: mean(s.b_time),
    })
}
