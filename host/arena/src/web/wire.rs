//! The API's wire types. The request bodies, read by serde: a field the
//! API does not know is refused with its name (`unknown field `mv`,
//! expected `move` or `at``), a field of the wrong kind with what was
//! expected; what every route reads of a body is here, nowhere else. And
//! the fields every game's state shares ([`GameState`]: its seats, whose
//! turn, the engine's search under way, the result), written by serde
//! beside the game's own view.

use super::Refusal;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `POST /api/GAME/new` and `POST /api/GAME/load`: the seats, the start
/// options (a new game) or the record (a loaded one).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// The first seat (two-player games): `human` or an engine's spec.
    pub first: Option<String>,
    /// The second seat (two-player games).
    pub second: Option<String>,
    /// Every seat in turn order (any game).
    pub seats: Option<Vec<String>>,
    /// The game's start options (its own fields: Kyoto's `points`,
    /// Janken's `blind`, Reversi's `preset`).
    pub options: Option<Value>,
    /// A record file's text (`load`).
    pub record: Option<String>,
}

/// `POST /api/games/ID/move`: a person's move.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move's text, as the game writes it.
    #[serde(rename = "move")]
    pub text: String,
    /// The moves the person saw played: a move chosen at an earlier
    /// position is refused.
    pub at: Option<usize>,
}

/// `POST` routes that take no fields (`engine`, `stop`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

/// A game's state as the API gives it: the game's own view (its position,
/// legal moves, moves played: `Match::view_at`) and the fields every game
/// shares.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    /// The game's own fields (a JSON object).
    #[serde(flatten)]
    pub view: serde_json::Map<String, Value>,
    /// `GAME-N`.
    pub id: String,
    /// The game's name in paths.
    pub game: &'static str,
    pub seats: Vec<SeatState>,
    /// The seat to move at the position shown.
    pub seat_to_move: usize,
    /// An engine is to move at the last position (the page asks it, or
    /// polls while it thinks).
    pub engine_to_move: bool,
    /// The engine's search under way (at the last position only).
    pub thinking: Option<ThinkingState>,
    /// Why the engine's last move failed (at the last position only).
    pub engine_error: Option<String>,
    pub over: bool,
    /// The result for people, once over (at the last position only).
    pub result: Option<String>,
    /// The moves before the position shown.
    pub at: usize,
    /// The moves played.
    pub plies: usize,
}

/// A seat as the state shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatState {
    /// What the seat was given: `human` or an engine's spec.
    pub player: String,
    pub engine: bool,
}

/// An engine's search under way.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkingState {
    pub seat: usize,
    /// The seat's engine spec.
    pub player: String,
    /// Its time so far, in milliseconds.
    pub ms: u64,
    /// Its last report: `depth 5, score 12, 40000 nodes`, `3200
    /// playouts`, `120000 board cycles` (empty before the first).
    pub progress: String,
    /// A stop was asked (it moves with what it has).
    pub stopping: bool,
}

/// The body `body` read as a `T` (an empty body as `{}`); refused (400)
/// with serde's reason, which names the field.
pub fn read<T: DeserializeOwned>(body: &str) -> Result<T, Refusal> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    let value: Value = serde_json::from_str(body)
        .map_err(|e| Refusal::bad(format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(Refusal::bad("the body is not a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| Refusal::bad(format!("the body: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read_and_unknown_or_mistyped_fields_refused_by_name() {
        let request: MoveRequest = read(r#"{"move":"b2b3","at":4}"#).unwrap();
        assert_eq!(request.text, "b2b3");
        assert_eq!(request.at, Some(4));
        let refused = read::<MoveRequest>(r#"{"mv":"b2b3"}"#).unwrap_err();
        assert_eq!(refused.status, 400);
        assert!(
            refused.message.contains("unknown field `mv`"),
            "{}",
            refused.message
        );
        let refused = read::<MoveRequest>(r#"{"move":"b2b3","at":"four"}"#).unwrap_err();
        assert!(
            refused.message.contains("invalid type"),
            "{}",
            refused.message
        );
        let refused = read::<MoveRequest>("{}").unwrap_err();
        assert!(
            refused.message.contains("missing field `move`"),
            "{}",
            refused.message
        );
        let game: GameRequest = read("").unwrap();
        assert_eq!(game, GameRequest::default());
        let game: GameRequest =
            read(r#"{"seats":["human","random"],"options":{"preset":"othello"}}"#).unwrap();
        assert_eq!(game.seats.unwrap(), ["human", "random"]);
        let refused = read::<GameRequest>(r#"{"frist":"human"}"#).unwrap_err();
        assert!(
            refused.message.contains("unknown field `frist`"),
            "{}",
            refused.message
        );
        assert!(read::<NoFields>("{}").is_ok());
        let refused = read::<NoFields>(r#"{"now":true}"#).unwrap_err();
        assert!(
            refused.message.contains("unknown field `now`"),
            "{}",
            refused.message
        );
        for bad in ["{", "[1]", "\"text\""] {
            assert_eq!(read::<NoFields>(bad).unwrap_err().status, 400, "{bad}");
        }
    }
}
