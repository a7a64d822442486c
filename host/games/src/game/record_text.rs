//! The two-player games' record text ([`Record::to_text`]) as a format of
//! the one record abstraction ([`crate::records`]).

use super::perft::Rules;
use super::record::Record;
use super::TwoPlayerGame;
use crate::records::{RecordFormat, Recorded};

/// The record text of [`Record`] as a format of the one record abstraction
/// ([`crate::records`]); the players are its `[First]` and `[Second]`.
pub struct RecordText;

impl<G: TwoPlayerGame> RecordFormat<Rules<G>> for RecordText {
    const EXTENSION: &'static str = "txt";

    fn write(game: &Recorded<Rules<G>>) -> Result<String, String> {
        let mut record = Record::new(game.start.0.clone(), usize::MAX);
        for &m in &game.moves {
            record.play(m)?;
        }
        let player = |seat: usize| game.players.get(seat).map_or("?", String::as_str);
        Ok(record.to_text(player(0), player(1)))
    }

    fn read(text: &str) -> Result<Recorded<Rules<G>>, String> {
        let record = Record::<G>::parse(text, usize::MAX)?;
        let tag = |name: &str| {
            text.lines().find_map(|line| {
                line.trim()
                    .strip_prefix(&format!("[{name} "))
                    .and_then(|rest| rest.strip_suffix(']'))
                    .map(str::to_string)
            })
        };
        Ok(Recorded {
            start: Rules(record.start().clone()),
            players: [tag("First"), tag("Second")]
                .into_iter()
                .flatten()
                .collect(),
            moves: record.moves().to_vec(),
        })
    }
}
