//! Reversi's side of a series for any number of colours
//! ([`crate::series::run_series`]): engine A takes each colour in turn and
//! engine B every other colour, so every seat is rotated. Each game's record
//! is its transcript ([`Transcript`]) after a `[Round N]` line.

use super::players::{player_by_name, ReversiPlayer};
use super::position::Position;
use super::record::Transcript;
use super::setup::{Setup, COLOUR_LETTERS, COLOUR_NAMES};
use crate::play::play_timed;
use crate::records::{RecordFormat, Recorded};
use crate::series::{read_rounds, Played, Seats, SeriesGame};

/// Reversi's table: the board and turn order, and the seed game `i`'s
/// colours take their random choices from.
pub struct ReversiTable {
    pub setup: Setup,
    pub seed: u64,
}

impl SeriesGame for ReversiTable {
    fn seats(&self) -> usize {
        self.setup.colours()
    }

    fn seat_name(&self, seat: usize) -> String {
        format!("{} ({})", COLOUR_NAMES[seat], COLOUR_LETTERS[seat])
    }

    fn check(&self, spec: &str) -> anyhow::Result<()> {
        player_by_name(spec, self.seed).map_err(anyhow::Error::msg)?;
        Ok(())
    }

    fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played> {
        let game_seed = self.seed.wrapping_add(u64::from(game));
        let mut players: Vec<ReversiPlayer> = seats
            .specs
            .iter()
            .enumerate()
            .map(|(c, spec)| {
                player_by_name(spec, game_seed.wrapping_mul(31).wrapping_add(c as u64))
            })
            .collect::<Result<_, _>>()
            .map_err(anyhow::Error::msg)?;
        let mut moves = Vec::new();
        let mut end = Position::new(&self.setup);
        let (points, thinking) = play_timed(&mut end, &mut players, &mut |_, m| moves.push(m))?;
        let recorded = Recorded {
            start: Position::new(&self.setup),
            players: seats.specs.clone(),
            moves,
        };
        let text = Transcript::write(&recorded).map_err(anyhow::Error::msg)?;
        Ok(Played {
            game,
            a_seat: seats.a_seat,
            points,
            measure: None,
            adjudicated: false,
            thinking,
            record: format!("[Round {}]\n{text}\n", game + 1),
        })
    }

    fn read_records(
        &self,
        text: &str,
        a_seat: &dyn Fn(u32) -> usize,
    ) -> Result<Vec<Played>, String> {
        read_rounds(text, a_seat, |text| {
            let recorded = Transcript::read(text)?;
            if recorded.start != Position::new(&self.setup) {
                return Err(format!(
                    "a game of another variant, this series plays {}",
                    self.setup.name
                ));
            }
            let end = recorded.position()?;
            Ok(end.is_over().then(|| (end.scores(), false)))
        })
    }
}
