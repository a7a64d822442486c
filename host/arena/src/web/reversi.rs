//! Reversi for any number of colours ([`crate::reversi`]) as a [`PageGame`]:
//! a preset (`octagon3` by default), one seat a colour, each a person or one
//! of the Reversi engines (random, seed-mc, mcts) within the page's limits;
//! the board with its holes, the legal cells, passes, stones per colour, and
//! the transcript `arena reversi play` writes as the record.

use super::game_match::{replay, PageGame};
use super::wire::{
    ColourView, EngineInfo, GameInfo, GameRequest, PresetInfo, ReversiMove, ReversiView,
};
use super::Refusal;
use games::reversi::players::{player_by_name, ReversiPlayer, ENGINE_KINDS};
use games::reversi::position::cell_name;
use games::reversi::record::Transcript;
use games::reversi::setup::{Setup, COLOUR_LETTERS, COLOUR_NAMES, PRESETS};
use games::reversi::{Move, Position};
use serde_json::Value;

/// The engine the seats after the first get by default.
const DEFAULT_ENGINE: &str = "mcts:time=0.5";
/// The most seconds a move and playouts a move the page may give an engine.
const MAX_SECONDS: f64 = 60.0;
const MAX_PLAYOUTS: u64 = 1_000_000;

/// A Reversi game in progress.
#[derive(Clone)]
pub struct ReversiMatch {
    game: Transcript,
    position: Position,
}

/// The engine `spec` names, within the page's limits.
fn engine(spec: &str, seed: u64) -> Result<ReversiPlayer, String> {
    let limit = |key: &str, max: f64| -> Result<(), String> {
        let value = spec
            .split_once(&format!("{key}="))
            .and_then(|(_, v)| v.parse::<f64>().ok());
        match value {
            Some(v) if v > max => Err(format!("engine `{spec}`: at most {max} {key} a move")),
            _ => Ok(()),
        }
    };
    limit("time", MAX_SECONDS)?;
    limit("playouts", MAX_PLAYOUTS as f64)?;
    player_by_name(spec, seed)
}

/// The colour names of `setup`, in colour order.
fn colour_names(setup: &Setup) -> Vec<&'static str> {
    COLOUR_NAMES[..setup.colours()].to_vec()
}

impl ReversiMatch {
    fn new(game: Transcript) -> ReversiMatch {
        ReversiMatch {
            position: game.position(),
            game,
        }
    }

    /// Plays `m`, checked against the rules.
    fn play_move(&mut self, m: Move) -> Result<(), String> {
        let m = self.position.parse_move(&Position::move_text(m))?;
        self.position.play(m);
        self.game.moves.push(m);
        Ok(())
    }

    /// The rows of the board of `position`, top first: `#` a hole, `.`
    /// empty, a colour's letter.
    fn rows(&self, position: &Position) -> Vec<String> {
        let playable = self.game.setup.playable;
        (0..8)
            .map(|row| {
                (0..8)
                    .map(|column| {
                        let bit = 1u64 << (row * 8 + column);
                        if playable & bit == 0 {
                            '#'
                        } else {
                            (0..position.colours())
                                .find(|&c| position.stones(c) & bit != 0)
                                .map_or('.', |c| COLOUR_LETTERS[c])
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl PageGame for ReversiMatch {
    type Engine = ReversiPlayer;
    /// The move and what the page says of it.
    type Answer = (Move, String);
    type View = ReversiView;
    const NAME: &'static str = "reversi";

    fn describe() -> GameInfo {
        GameInfo {
            name: Self::NAME.to_string(),
            title: "Reversi".to_string(),
            default_engine: DEFAULT_ENGINE.to_string(),
            engines: ENGINE_KINDS
                .iter()
                .map(|(name, about)| EngineInfo {
                    name: name.to_string(),
                    about: Some(about.to_string()),
                })
                .collect(),
            options: Vec::new(),
            start: None,
            presets: Some(
                PRESETS
                    .iter()
                    .map(|name| {
                        let setup = Setup::preset(name).expect("a preset");
                        PresetInfo {
                            name: name.to_string(),
                            colours: colour_names(&setup).iter().map(|c| c.to_string()).collect(),
                            about: setup.to_string(),
                        }
                    })
                    .collect(),
            ),
            tiles: None,
        }
    }

    fn create(request: &GameRequest) -> Result<Self, Refusal> {
        let preset = match request.options.as_ref().and_then(|o| o.get("preset")) {
            None | Some(Value::Null) => PRESETS[0],
            Some(Value::String(name)) => name.as_str(),
            Some(other) => return Err(Refusal::bad(format!("`preset`: {other} is not a name"))),
        };
        let setup = Setup::preset(preset).map_err(|e| Refusal::bad(e.to_string()))?;
        Ok(ReversiMatch::new(Transcript {
            players: Vec::new(),
            setup,
            moves: Vec::new(),
        }))
    }

    fn load(text: &str) -> Result<Self, Refusal> {
        let game =
            Transcript::parse(text).map_err(|e| Refusal::rules(format!("the record: {e}")))?;
        Ok(ReversiMatch::new(game))
    }

    fn seat_labels(&self) -> Vec<String> {
        colour_names(&self.game.setup)
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    fn seat_default(&self, seat: usize) -> String {
        if seat == 0 { "human" } else { DEFAULT_ENGINE }.to_string()
    }

    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String> {
        engine(spec, seed)
    }

    fn to_move(&self) -> usize {
        self.position.to_move()
    }

    fn ending(&self) -> Option<String> {
        if !self.position.is_over() {
            return None;
        }
        let counts: Vec<String> = self
            .position
            .counts()
            .iter()
            .enumerate()
            .map(|(c, n)| format!("{} {n}", COLOUR_NAMES[c]))
            .collect();
        let verdict = match self.position.winner() {
            Some(c) => format!("{} wins", COLOUR_NAMES[c]),
            None => "a draw".to_string(),
        };
        Some(format!("{verdict} ({})", counts.join(", ")))
    }

    fn think(&self, engine: &mut Self::Engine) -> Result<Self::Answer, String> {
        let colour = self.position.to_move();
        let m = engine.choose(&self.position).map_err(|e| e.to_string())?;
        let info = format!(
            "{} ({}) played {}{}",
            COLOUR_NAMES[colour],
            engine.name(),
            Position::move_text(m),
            engine
                .last_info()
                .map_or(String::new(), |info| format!(" after {info}"))
        );
        Ok((m, info))
    }

    fn apply(&mut self, (m, info): Self::Answer) -> Result<Option<String>, String> {
        self.play_move(m)?;
        Ok(Some(info))
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let m = self.position.parse_move(text)?;
        self.play_move(m)
    }

    fn plies(&self) -> usize {
        self.game.moves.len()
    }

    fn view_at(&self, plies: usize, info: Option<String>) -> Result<(ReversiView, usize), Refusal> {
        let (position, moves) = replay(
            Position::new(&self.game.setup),
            &self.game.moves,
            plies,
            |replay, _, m| {
                let colour = replay.to_move();
                replay.play(m);
                ReversiMove {
                    colour,
                    text: Position::move_text(m),
                }
            },
        );
        let mut legal = Vec::new();
        position.moves(&mut legal);
        let placements = if position.is_over() {
            0
        } else {
            position.placements()
        };
        let counts = position.counts();
        let fields = ReversiView {
            preset: self.game.setup.name.to_string(),
            rows: self.rows(&position),
            colours: colour_names(&self.game.setup)
                .iter()
                .enumerate()
                .map(|(c, name)| ColourView {
                    letter: COLOUR_LETTERS[c].to_string(),
                    name: name.to_string(),
                    stones: counts[c],
                })
                .collect(),
            to_move: position.to_move(),
            legal_moves: legal.iter().map(|&m| Position::move_text(m)).collect(),
            legal_cells: (0..64u8)
                .filter(|c| placements & (1 << c) != 0)
                .map(cell_name)
                .collect(),
            moves,
            engine_info: info,
            board: position.to_string(),
        };
        Ok((fields, position.to_move()))
    }

    fn record(&self, seats: &[String]) -> Result<(String, &'static str), Refusal> {
        let game = Transcript {
            players: seats.to_vec(),
            ..self.game.clone()
        };
        Ok((game.to_text(), "txt"))
    }
}
