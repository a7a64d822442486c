//! Matches between two players of any two-player game: one game played
//! out, and the game's side of a series ([`TwoPlayerTable`], run by
//! [`crate::series`]): its records are the record files of
//! [`Record::to_text`], each after a `[Round N]` line.

use super::player::Player;
use super::record::{Ending, Record};
use super::{Engines, Outcome, Side, TwoPlayerGame};
use crate::series::{rounds, Played, Seats, SeriesGame};
use std::time::{Duration, Instant};

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

/// A two-player game's table for [`crate::series::run_series`]: the start,
/// the length cap, and the seed game `i`'s engines take `seed + i` from.
pub struct TwoPlayerTable<G> {
    pub start: G,
    pub max_plies: usize,
    pub seed: u64,
}

/// A player whose thinking time is counted.
struct Timed<'a, G: TwoPlayerGame> {
    player: &'a mut dyn Player<G>,
    spent: (Duration, u32),
}

impl<G: TwoPlayerGame> Player<G> for Timed<'_, G> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn choose(&mut self, game: &Record<G>) -> anyhow::Result<G::Move> {
        let started = Instant::now();
        let choice = self.player.choose(game);
        self.spent.0 += started.elapsed();
        self.spent.1 += 1;
        choice
    }
}

/// Each seat's points in a game that ended so.
fn seat_points(ending: &Ending) -> Vec<f64> {
    match ending.outcome() {
        Outcome::Win(Side::First) => vec![1.0, 0.0],
        Outcome::Win(Side::Second) => vec![0.0, 1.0],
        Outcome::Draw => vec![0.5, 0.5],
    }
}

impl<G: Engines + Send + Sync> SeriesGame for TwoPlayerTable<G> {
    fn seats(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        ["first", "second"][seat].to_string()
    }

    fn check(&self, spec: &str) -> anyhow::Result<()> {
        G::player(spec, self.seed).map_err(anyhow::Error::msg)?;
        Ok(())
    }

    fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played> {
        let seed = self.seed.wrapping_add(u64::from(game));
        let mut first = G::player(&seats.specs[0], seed).map_err(anyhow::Error::msg)?;
        let mut second = G::player(&seats.specs[1], seed).map_err(anyhow::Error::msg)?;
        let names = [first.name(), second.name()];
        let mut timed = [first.as_mut(), second.as_mut()].map(|player| Timed {
            player,
            spent: (Duration::ZERO, 0),
        });
        let mut record = Record::new(self.start.clone(), self.max_plies);
        let [one, two] = &mut timed;
        let ending = play_out(&mut record, [one, two], &mut |_, _| {})?;
        Ok(Played {
            game,
            a_seat: seats.a_seat,
            points: seat_points(&ending),
            measure: None,
            adjudicated: !matches!(ending, Ending::Rules(_)),
            thinking: timed.iter().map(|t| t.spent).collect(),
            record: format!(
                "[Round {}]\n{}\n",
                game + 1,
                record.to_text(&names[0], &names[1])
            ),
        })
    }

    fn read_records(
        &self,
        text: &str,
        a_seat: &dyn Fn(u32) -> usize,
    ) -> Result<Vec<Played>, String> {
        rounds(text)?
            .into_iter()
            .map(|(game, line, text)| {
                let at = |e: String| format!("game {} (line {line}): {e}", game + 1);
                let record = Record::<G>::parse(&text, self.max_plies).map_err(at)?;
                let ending = record
                    .ending()
                    .ok_or_else(|| at("the game is not over".to_string()))?;
                Ok(Played {
                    game,
                    a_seat: a_seat(game),
                    points: seat_points(&ending),
                    measure: None,
                    adjudicated: !matches!(ending, Ending::Rules(_)),
                    thinking: Vec::new(),
                    record: text,
                })
            })
            .collect()
    }
}
