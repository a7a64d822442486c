//! The API's wire types, all of them. The request bodies, read by serde: a
//! field the API does not know is refused with its name (`unknown field
//! `mv`, expected `move` or `at``), a field of the wrong kind with what
//! was expected; what every route reads of a body is here, nowhere else.
//! The answers, written by serde: a game's state ([`GameState`]: the
//! fields every game shares beside the game's own view, [`DuelView`],
//! [`ReversiView`] or [`BlokusView`]) and the games' descriptions
//! ([`GameInfo`]). Their TypeScript declarations ([`typescript`]) are the
//! types the pages' code is checked against.

use super::Refusal;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

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

/// A game's state as the API gives it: the game's own view `V` (its
/// position, legal moves, moves played: `Match::view_at`) and the fields
/// every game shares.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameState<V> {
    /// The game's own fields.
    #[serde(flatten)]
    pub view: V,
    /// `GAME-N`.
    pub id: String,
    /// The game's name in paths.
    pub game: String,
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
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeatState {
    /// What the seat was given: `human` or an engine's spec.
    pub player: String,
    pub engine: bool,
}

/// An engine's search under way.
#[derive(Clone, Debug, Serialize, TS)]
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

/// `GET /api/games`: a game, its engines and options, as the pages offer them.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameInfo {
    /// The game's name in paths.
    pub name: String,
    pub title: String,
    /// The engine a new game's second seat gets.
    pub default_engine: String,
    pub engines: Vec<EngineInfo>,
    /// The start options a new game takes (`points`, `blind`).
    pub options: Vec<OptionInfo>,
    /// The start position (two-player games: its FEN).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<String>,
    /// Reversi's boards and turn orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub presets: Option<Vec<PresetInfo>>,
    /// Blokus Duo's tiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tiles: Option<Vec<TileInfo>>,
}

/// An engine a seat may be given.
#[derive(Clone, Debug, Serialize, TS)]
pub struct EngineInfo {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub about: Option<String>,
}

/// A start option.
#[derive(Clone, Debug, Serialize, TS)]
pub struct OptionInfo {
    pub name: String,
    pub about: String,
}

/// A Reversi preset: its name, its colours in turn order, what it is.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PresetInfo {
    pub name: String,
    pub colours: Vec<String>,
    pub about: String,
}

/// A Blokus Duo tile: its letter, its cells, and each orientation's cells
/// as `[dx, dy]` offsets.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TileInfo {
    pub letter: String,
    pub size: u8,
    pub orientations: Vec<Vec<(i8, i8)>>,
}

/// The view of a two-player game (Dobutsu, Kyoto, Janken shogi).
#[derive(Clone, Debug, Serialize, TS)]
pub struct DuelView {
    /// The position in the game's FEN (what a seat may see of it).
    pub fen: String,
    /// The board drawn in text.
    pub board: String,
    /// `first` or `second`.
    pub to_move: String,
    pub legal_moves: Vec<String>,
    /// Every move played (`(hidden)` while Janken's set-ups are secret).
    pub moves: Vec<String>,
    /// What the engine found for the last move.
    pub engine_info: Option<String>,
}

/// The view of a Reversi game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ReversiView {
    pub preset: String,
    /// Eight rows, a character a cell: `.` empty, `#` a hole, a colour's letter.
    pub rows: Vec<String>,
    pub colours: Vec<ColourView>,
    /// The colour to move.
    pub to_move: usize,
    pub legal_moves: Vec<String>,
    /// The cells the colour to move may play.
    pub legal_cells: Vec<String>,
    pub moves: Vec<ReversiMove>,
    pub engine_info: Option<String>,
    /// The board drawn in text.
    pub board: String,
}

/// A Reversi colour and its stones.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ColourView {
    pub letter: String,
    pub name: String,
    pub stones: u32,
}

/// A Reversi move played: its colour and the move (a cell or `pass`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct ReversiMove {
    pub colour: usize,
    #[serde(rename = "move")]
    pub text: String,
}

/// The view of a Blokus Duo game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BlokusView {
    /// Fourteen rows, y = 1 first: `.` empty, `o` player 1, `x` player 2.
    pub rows: Vec<String>,
    /// The player to move (0 or 1).
    pub to_move: usize,
    /// Every code of every legal placement.
    pub legal_codes: Vec<String>,
    pub can_pass: bool,
    /// Each player's tiles placed, by letter.
    pub used: [String; 2],
    pub scores: [i32; 2],
    pub unplaced: [u32; 2],
    pub moves: Vec<BlokusMove>,
    pub engine_info: Option<String>,
}

/// A Blokus Duo move played: its code, its mover, its tile's letter (none
/// for a pass), the cells it covers `[x, y]` (none for a pass), their
/// Pentobi names, and a board's time for it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BlokusMove {
    pub code: String,
    pub player: usize,
    pub tile: Option<String>,
    pub cells: Vec<[u8; 2]>,
    pub pentobi: String,
    pub board_time: Option<BoardTimeView>,
}

/// A board's time for a move: milliseconds, and cycles when counted.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BoardTimeView {
    pub ms: f64,
    pub cycles: Option<u64>,
    pub text: String,
}

/// The TypeScript declarations of the wire types, as the pages' code is
/// checked against them (`static/wire.d.ts`).
pub fn typescript() -> String {
    let cfg = ts_rs::Config::new().with_large_int("number");
    let declarations = [
        GameState::<()>::decl(&cfg),
        SeatState::decl(&cfg),
        ThinkingState::decl(&cfg),
        GameInfo::decl(&cfg),
        EngineInfo::decl(&cfg),
        OptionInfo::decl(&cfg),
        PresetInfo::decl(&cfg),
        TileInfo::decl(&cfg),
        DuelView::decl(&cfg),
        ReversiView::decl(&cfg),
        ColourView::decl(&cfg),
        ReversiMove::decl(&cfg),
        BlokusView::decl(&cfg),
        BlokusMove::decl(&cfg),
        BoardTimeView::decl(&cfg),
    ];
    let mut text = String::from(
        "// The wire types of `arena serve`'s API, generated from host/arena/src/web/wire.rs\n\
         // by its test (ARENA_WRITE_TYPES=1 rewrites this file); the pages' code is\n\
         // checked against them by tsc (tests/browser/typecheck.mjs).\n",
    );
    for declaration in declarations {
        text.push('\n');
        text.push_str(&declaration);
        text.push('\n');
    }
    text
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

    #[test]
    fn the_pages_declarations_are_the_wire_types() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/static/wire.d.ts");
        let generated = typescript();
        if std::env::var_os("ARENA_WRITE_TYPES").is_some() {
            std::fs::write(&path, &generated).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is not the wire types' declarations: run `ARENA_WRITE_TYPES=1 cargo test -p arena --lib wire` and commit it",
            path.display()
        );
        assert!(generated.contains("type GameState<V> = {"), "{generated}");
        assert!(
            generated.contains("engine_info: string | null"),
            "{generated}"
        );
    }
}
