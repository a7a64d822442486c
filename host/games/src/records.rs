//! The one record abstraction: a game as a record holds it ([`Recorded`]:
//! its start, who sat in each seat, its moves) and the record file formats
//! as adapters of it ([`RecordFormat`]): the two-player games' record text
//! (`game::record_text`), Reversi's transcript (`reversi::record`), and Blokus
//! Duo's transcript and Pentobi SGF (`blokus::play`, over the core's
//! `blokus::record`). Every format reads back what it writes, and reading
//! checks every move against the rules, the error naming the one at fault.

use crate::play::GameState;

/// A game as its record holds it.
#[derive(Clone, Debug)]
pub struct Recorded<S: GameState> {
    pub start: S,
    /// Who sat in each seat (empty where the format does not say).
    pub players: Vec<String>,
    pub moves: Vec<S::Move>,
}

impl<S: GameState> Recorded<S> {
    /// A game from `start`, no move played.
    pub fn new(start: S) -> Recorded<S> {
        Recorded {
            start,
            players: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The position after the moves, each checked: the error names the
    /// first illegal one.
    pub fn position(&self) -> Result<S, String> {
        let mut position = self.start.clone();
        for (i, &m) in self.moves.iter().enumerate() {
            let text = position.move_text(m);
            position
                .play_move(m)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(position)
    }

    /// The moves in the game's notation.
    pub fn move_texts(&self) -> Vec<String> {
        let mut position = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let text = position.move_text(m);
                let _ = position.play_move(m);
                text
            })
            .collect()
    }
}

/// A record file format of games of `S`.
pub trait RecordFormat<S: GameState> {
    /// The file name's extension.
    const EXTENSION: &'static str;
    /// The record's text; refused (with the reason) for a game the format
    /// cannot hold.
    fn write(game: &Recorded<S>) -> Result<String, String>;
    /// Reads a record, every move checked; the error names what is wrong.
    fn read(text: &str) -> Result<Recorded<S>, String>;
}

/// Checks that `game` written in format `F` reads back to the same start,
/// moves and end (the tests of every format share it).
pub fn round_trip<S, F>(game: &Recorded<S>) -> Result<Recorded<S>, String>
where
    S: GameState + PartialEq + std::fmt::Debug,
    F: RecordFormat<S>,
{
    let text = F::write(game)?;
    let back = F::read(&text)?;
    if back.start != game.start {
        return Err(format!("the start differs after reading back:\n{text}"));
    }
    if back.move_texts() != game.move_texts() {
        return Err(format!("the moves differ after reading back:\n{text}"));
    }
    if back.position()? != game.position()? {
        return Err("the end differs after reading back".to_string());
    }
    Ok(back)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft::Rules;
    use crate::game::record_text::RecordText;
    use crate::play::{play_timed, Player};

    /// A whole game of `start` between random players, as a record.
    fn random_game<S: GameState>(
        start: S,
        players: Vec<Box<dyn Player<S>>>,
        names: &[&str],
    ) -> Recorded<S> {
        let mut players = players;
        let mut game = Recorded::new(start.clone());
        game.players = names.iter().map(|n| n.to_string()).collect();
        let mut end = start;
        play_timed(&mut end, &mut players, &mut |_, m| game.moves.push(m)).unwrap();
        game
    }

    #[test]
    fn every_format_reads_back_what_it_writes() {
        use crate::game::player::RandomPlayer;
        use crate::game::record::Record;
        // Dobutsu's record text: play through Record (its players see the history).
        let mut record = Record::new(crate::dobutsu::Position::start(), 200);
        let mut players: Vec<Box<dyn Player<Record<_>>>> = vec![
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
        ];
        play_timed(&mut record, &mut players, &mut |_, _| {}).unwrap();
        let game = Recorded {
            start: Rules(*record.start()),
            players: vec!["random".into(), "random".into()],
            moves: record.moves().to_vec(),
        };
        let back = round_trip::<_, RecordText>(&game).unwrap();
        assert_eq!(back.players, game.players);
        // Reversi's transcript, three colours.
        let setup = crate::reversi::Setup::preset("octagon3").unwrap();
        let players: Vec<Box<dyn Player<crate::reversi::Position>>> = (0..3)
            .map(|c| crate::reversi::players::player_by_name("random", c).unwrap())
            .collect();
        let game = random_game(
            crate::reversi::Position::new(&setup),
            players,
            &["a", "b", "c"],
        );
        assert!(game.moves.len() > 20);
        let back = round_trip::<_, crate::reversi::record::Transcript>(&game).unwrap();
        assert_eq!(back.players, game.players);
        // Blokus Duo's transcript and SGF, passes included.
        let engine = |seed| -> Box<dyn Player<blokus::Position>> {
            Box::new(crate::blokus::EnginePlayer(Box::new(
                crate::blokus::RandomEngine::new(seed),
            )))
        };
        let game = random_game(blokus::Position::new(), vec![engine(1), engine(2)], &[]);
        round_trip::<_, crate::blokus::Transcript>(&game).unwrap();
        round_trip::<_, crate::blokus::Sgf>(&game).unwrap();
        // What a format cannot hold, and a bad move, are refused with the reason.
        let mut later = game.clone();
        later.start = game.position().unwrap();
        later.moves.clear();
        let error = <crate::blokus::Sgf as RecordFormat<_>>::write(&later).unwrap_err();
        assert!(error.contains("from the start"), "{error}");
        let error =
            <crate::blokus::Transcript as RecordFormat<_>>::read("56j0\n56j0\n").unwrap_err();
        assert!(error.contains("56j0"), "{error}");
        let error = <crate::reversi::record::Transcript as RecordFormat<_>>::read(
            "[Game reversi]\n[Variant othello]\na1\n",
        )
        .unwrap_err();
        assert!(error.contains("move 1 (a1)"), "{error}");
    }
}
