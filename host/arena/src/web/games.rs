//! What the web page needs of a game beyond [`Engines`]: its title, the
//! engine the page offers first, its start options (Kyoto shogi's points,
//! Janken shogi's blind set-up) and what the player to move may see.

use games::game::{Engines, Side};
use serde_json::{Map, Value};

/// A game the web page plays.
pub trait WebGame: Engines {
    /// The name on the page ("Dobutsu shogi").
    const TITLE: &'static str;
    /// The engine `default` stands for.
    const DEFAULT_ENGINE: &'static str;
    /// The start options: name and what it does (each one on or off).
    const OPTIONS: &'static [(&'static str, &'static str)] = &[];

    /// The start with the options on or off (every one named in [`WebGame::OPTIONS`]).
    fn start_with(options: &[bool]) -> Self;

    /// The position as the player to move may see it.
    fn view(&self) -> Self {
        self.clone()
    }

    /// Whether the moves so far must be hidden from the player to move.
    fn hides_history(&self) -> bool {
        false
    }
}

/// The options in `value` (a JSON object of booleans, or null), in the order
/// of `G::OPTIONS`; the error names an unknown or non-boolean one.
pub fn read_options<G: WebGame>(value: Option<&Value>) -> Result<Vec<bool>, String> {
    let empty = Map::new();
    let map = match value {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(map)) => map,
        Some(other) => return Err(format!("options: {other} is not an object")),
    };
    for (name, value) in map {
        if !G::OPTIONS.iter().any(|(known, _)| known == name) {
            let known: Vec<&str> = G::OPTIONS.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "{} has no option `{name}` (its options: {})",
                G::NAME,
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ));
        }
        if !value.is_boolean() {
            return Err(format!("option `{name}`: {value} is not true or false"));
        }
    }
    Ok(G::OPTIONS
        .iter()
        .map(|(name, _)| map.get(*name).and_then(Value::as_bool).unwrap_or(false))
        .collect())
}

impl WebGame for games::dobutsu::Position {
    const TITLE: &'static str = "Dobutsu shogi";
    const DEFAULT_ENGINE: &'static str = "alphabeta:time=0.5";

    fn start_with(_options: &[bool]) -> Self {
        <Self as games::game::TwoPlayerGame>::start()
    }
}

impl WebGame for games::kyoto::Position {
    const TITLE: &'static str = "Kyoto shogi";
    const DEFAULT_ENGINE: &'static str = "alphabeta:time=0.5";
    const OPTIONS: &'static [(&'static str, &'static str)] =
        &[("points", "Simulation shogi: the points rule")];

    fn start_with(options: &[bool]) -> Self {
        games::kyoto::Position::start(options.first() == Some(&true))
    }
}

impl WebGame for games::janken::Position {
    const TITLE: &'static str = "Janken shogi";
    const DEFAULT_ENGINE: &'static str = "alphabeta:time=0.5";
    const OPTIONS: &'static [(&'static str, &'static str)] = &[(
        "blind",
        "blind set-up: each player sets up without seeing the other's cubes",
    )];

    fn start_with(options: &[bool]) -> Self {
        games::janken::Position::new(options.first() == Some(&true))
    }

    fn view(&self) -> Self {
        self.player_view()
    }

    fn hides_history(&self) -> bool {
        self.is_blind() && self.side_to_move() == Side::Second && self.must_set_up(Side::Second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::game::TwoPlayerGame;
    use serde_json::json;

    #[test]
    fn options_are_read_by_name_and_refused_when_unknown() {
        type Kyoto = games::kyoto::Position;
        assert_eq!(read_options::<Kyoto>(None).unwrap(), [false]);
        assert_eq!(
            read_options::<Kyoto>(Some(&json!({"points": true}))).unwrap(),
            [true]
        );
        let error = read_options::<Kyoto>(Some(&json!({"blind": true}))).unwrap_err();
        assert!(error.contains("no option `blind`"), "{error}");
        let error = read_options::<Kyoto>(Some(&json!({"points": 1}))).unwrap_err();
        assert!(error.contains("not true or false"), "{error}");
        assert!(Kyoto::start_with(&[true]).to_fen().contains("points="));
        assert!(!Kyoto::start_with(&[false]).to_fen().contains("points="));
        let blind = games::janken::Position::start_with(&[true]);
        assert!(blind.to_fen().ends_with('*'), "{}", blind.to_fen());
    }
}
