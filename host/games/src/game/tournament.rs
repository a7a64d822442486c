//! Matches between two players of any two-player game: one game played
//! out, and the game's side of a series ([`TwoPlayerTable`], run by
//! [`crate::series`]): its records are the record files of
//! [`Record::to_text`], each after a `[Round N]` line.

use super::player::Player;
use super::record::{Ending, Record};
use super::{Engines, TwoPlayerGame};
use crate::play::play_timed;
use crate::series::{read_rounds, Played, Seats, SeriesGame};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Plays `record` to its end, `players[0]` moving for the first side.
/// `on_move` sees each move as it is made (to print or save it). A player
/// that fails or answers an illegal move stops the game with an error naming it.
pub fn play_out<G: TwoPlayerGame>(
    record: &mut Record<G>,
    players: [&mut dyn Player<Record<G>>; 2],
    on_move: &mut dyn FnMut(&Record<G>, G::Move),
) -> anyhow::Result<Ending> {
    let mut players = players;
    crate::play::play_out(record, &mut players, on_move)?;
    Ok(record.ending().expect("a game played out has ended"))
}

/// A two-player game's table for [`crate::series::run_series`]: the start,
/// the length cap, the seed game `i`'s engines take `seed + i` from, and
/// how many uniformly random moves a side open each game (games `2k` and
/// `2k + 1` share their opening, so that each entrant plays it from both
/// seats).
pub struct TwoPlayerTable<G> {
    pub start: G,
    pub max_plies: usize,
    pub seed: u64,
    pub random_opening: usize,
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
        let mut players = seats
            .specs
            .iter()
            .map(|spec| G::player(spec, seed))
            .collect::<Result<Vec<_>, _>>()
            .map_err(anyhow::Error::msg)?;
        let names: Vec<String> = players.iter().map(|p| p.name()).collect();
        let mut record = Record::new(self.start.clone(), self.max_plies);
        let mut opening = StdRng::seed_from_u64(
            self.seed
                .wrapping_mul(7919)
                .wrapping_add(u64::from(game / 2)),
        );
        record.play_random(&mut opening, 2 * self.random_opening);
        let (points, thinking) = play_timed(&mut record, &mut players, &mut |_, _| {})?;
        let ending = record.ending().expect("a game played out has ended");
        Ok(Played {
            game,
            a_seat: seats.a_seat,
            points,
            measure: None,
            adjudicated: !matches!(ending, Ending::Rules(_)),
            thinking,
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
        read_rounds(text, a_seat, |text| {
            let record = Record::<G>::parse(text, self.max_plies)?;
            Ok(record
                .ending()
                .map(|ending| (ending.points(), !matches!(ending, Ending::Rules(_)))))
        })
    }
}
