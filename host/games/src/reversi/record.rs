//! The Reversi transcript `arena reversi play` writes and `arena serve` loads:
//!
//! ```text
//! [Game reversi]
//! [Variant octagon3]
//! [Players B=human W=mcts A=mcts]
//! d3 e4 pass f5
//! [Result 20-18-14]
//! ```
//!
//! The variant is a preset's name, the moves are cells (`d3`) or `pass`
//! separated by blanks, the result (stones per colour) is there once the
//! game is over.

use super::position::{Move, Position};
use super::setup::{Setup, COLOUR_LETTERS, PRESETS};
use crate::records::{RecordFormat, Recorded};

/// A game: its variant, who played each colour, and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    pub setup: Setup,
    /// One name a colour, in colour order.
    pub players: Vec<String>,
    pub moves: Vec<Move>,
}

impl Transcript {
    /// The position after the moves (they were checked when read or played).
    pub fn position(&self) -> Position {
        let mut position = Position::new(&self.setup);
        for &m in &self.moves {
            position.play(m);
        }
        position
    }

    /// The transcript's text, with the result when the game is over.
    pub fn to_text(&self) -> String {
        let players: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(c, name)| format!("{}={name}", COLOUR_LETTERS[c]))
            .collect();
        let moves: Vec<String> = self.moves.iter().map(|&m| Position::move_text(m)).collect();
        let mut text = format!(
            "[Game reversi]\n[Variant {}]\n[Players {}]\n{}\n",
            self.setup.name,
            players.join(" "),
            moves.join(" ")
        );
        let end = self.position();
        if end.is_over() {
            let counts: Vec<String> = end.counts().iter().map(u32::to_string).collect();
            text += &format!("[Result {}]\n", counts.join("-"));
        }
        text
    }

    /// Reads a transcript, checking every move; the error names the line or the move.
    pub fn parse(text: &str) -> Result<Transcript, String> {
        let mut game = None;
        let mut variant = None;
        let mut players = Vec::new();
        let mut words = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(tag) = line.strip_prefix('[') {
                let tag = tag
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {}: a tag without `]`", n + 1))?;
                let (name, value) = tag.split_once(' ').unwrap_or((tag, ""));
                match name {
                    "Game" => game = Some(value.trim().to_string()),
                    "Variant" => variant = Some(value.trim().to_string()),
                    "Players" => {
                        players = value
                            .split_whitespace()
                            .map(|p| p.split_once('=').map_or(p, |(_, name)| name).to_string())
                            .collect()
                    }
                    _ => {}
                }
            } else {
                words.extend(line.split_whitespace().map(str::to_string));
            }
        }
        if game.as_deref() != Some("reversi") {
            return Err("not a Reversi record: no [Game reversi]".to_string());
        }
        let variant = variant.ok_or("no [Variant ...]")?;
        let setup = Setup::preset(&variant).map_err(|e| e.to_string())?;
        let mut position = Position::new(&setup);
        let mut moves = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let m = position
                .parse_move(word)
                .map_err(|reason| format!("move {} ({word}): {reason}", i + 1))?;
            position.play(m);
            moves.push(m);
        }
        players.resize(setup.colours(), "?".to_string());
        Ok(Transcript {
            setup,
            players,
            moves,
        })
    }
}

/// The transcript as a format of the one record abstraction
/// ([`crate::records`]): games from a preset's start.
impl RecordFormat<Position> for Transcript {
    const EXTENSION: &'static str = "txt";

    fn write(game: &Recorded<Position>) -> Result<String, String> {
        let setup = PRESETS
            .iter()
            .map(|name| Setup::preset(name).expect("a preset"))
            .find(|setup| Position::new(setup) == game.start)
            .ok_or("a transcript holds games from a preset's start")?;
        Ok(Transcript {
            setup,
            players: game.players.clone(),
            moves: game.moves.clone(),
        }
        .to_text())
    }

    fn read(text: &str) -> Result<Recorded<Position>, String> {
        let transcript = Transcript::parse(text)?;
        Ok(Recorded {
            start: Position::new(&transcript.setup),
            players: transcript.players,
            moves: transcript.moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::players::{player_by_name, ReversiPlayer};

    #[test]
    fn a_whole_game_reads_back_as_written_and_bad_moves_are_named() {
        let setup = Setup::preset("octagon3").unwrap();
        let mut players: Vec<ReversiPlayer> = (0..3)
            .map(|c| player_by_name("random", c).unwrap())
            .collect();
        let mut game = Transcript {
            setup,
            players: vec!["human".into(), "random".into(), "random".into()],
            moves: Vec::new(),
        };
        let mut position = game.position();
        while !position.is_over() {
            let m = players[position.to_move()].choose(&position).unwrap();
            position.play(m);
            game.moves.push(m);
        }
        let text = game.to_text();
        assert!(text.starts_with(
            "[Game reversi]\n[Variant octagon3]\n[Players B=human W=random A=random]\n"
        ));
        assert!(text.contains("[Result "), "{text}");
        assert_eq!(Transcript::parse(&text).unwrap(), game);
        let error = Transcript::parse("[Game reversi]\n[Variant octagon3]\nd3 a1\n").unwrap_err();
        assert!(
            error.starts_with("move 1 (d3)") || error.starts_with("move 2 (a1)"),
            "{error}"
        );
        assert!(Transcript::parse("[Game dobutsu]\n").is_err());
        assert!(Transcript::parse("[Game reversi]\n[Variant hex]\n").is_err());
    }
}
