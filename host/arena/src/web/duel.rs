//! The two-player games of `games::game` (Dobutsu, Kyoto, Janken shogi) as a
//! [`PageGame`]: a [`Record`], its two seats each a person or one of the
//! game's own engines within the page's limits; the state in the game's FEN.

use super::game_match::PageGame;
use super::games::{read_options, WebGame};
use super::wire::{DuelView, EngineInfo, GameInfo, GameRequest, OptionInfo};
use super::Refusal;
use games::game::player::{EngineSpec, Player};
use games::game::record::Record;
use games::game::Side;

/// A game still going after this many plies is scored a draw (as in `arena GAME play`).
pub const MAX_PLIES: usize = 400;
/// The most seconds a move the page may give an engine.
const MAX_SECONDS: f64 = 60.0;
/// The largest engine table the page may ask for, in bits.
const MAX_TABLE_BITS: u32 = 24;

/// A two-player game in progress.
#[derive(Clone)]
pub struct Duel<G: WebGame> {
    record: Record<G>,
}

/// The engine `spec` names (an engine of the game); only the
/// game's own engines, within limits: the page runs no programs and loads no tables.
fn engine<G: WebGame>(
    spec: &str,
    seed: u64,
) -> Result<games::game::player::BoxedPlayer<G>, String> {
    let parsed = EngineSpec::parse(spec)?;
    let kinds: Vec<&str> = G::engine_kinds().iter().map(|k| k.name).collect();
    if parsed.name != "random" && !kinds.contains(&parsed.name.as_str()) {
        return Err(format!(
            "engine `{spec}`: the page offers human, random, {}",
            kinds.join(", ")
        ));
    }
    if parsed.time.is_some_and(|t| t.as_secs_f64() > MAX_SECONDS) {
        return Err(format!(
            "engine `{spec}`: at most {MAX_SECONDS} seconds a move"
        ));
    }
    if parsed.table_bits.is_some_and(|b| b > MAX_TABLE_BITS) {
        return Err(format!(
            "engine `{spec}`: at most {MAX_TABLE_BITS} bits of table"
        ));
    }
    G::player(spec, seed)
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

impl<G: WebGame + Send> PageGame for Duel<G>
where
    G::Move: Send,
{
    type Engine = games::game::player::BoxedPlayer<G>;
    /// The move and what the engine found.
    type Answer = (G::Move, Option<String>);
    type View = DuelView;
    const NAME: &'static str = G::NAME;

    fn describe() -> GameInfo {
        let engine = |name: &str, about: &str| EngineInfo {
            name: name.to_string(),
            about: Some(about.to_string()),
        };
        GameInfo {
            name: G::NAME.to_string(),
            title: G::TITLE.to_string(),
            default_engine: G::DEFAULT_ENGINE.to_string(),
            engines: std::iter::once(engine("random", "uniformly random legal moves"))
                .chain(G::engine_kinds().iter().map(|k| engine(k.name, k.about)))
                .collect(),
            options: G::OPTIONS
                .iter()
                .map(|(name, about)| OptionInfo {
                    name: name.to_string(),
                    about: about.to_string(),
                })
                .collect(),
            start: Some(G::start().to_fen()),
            presets: None,
            tiles: None,
        }
    }

    fn create(request: &GameRequest) -> Result<Self, Refusal> {
        let options = read_options::<G>(request.options.as_ref()).map_err(Refusal::bad)?;
        Ok(Duel {
            record: Record::new(G::start_with(&options), MAX_PLIES),
        })
    }

    fn load(text: &str) -> Result<Self, Refusal> {
        let record = Record::<G>::parse(text, MAX_PLIES)
            .map_err(|e| Refusal::rules(format!("the record: {e}")))?;
        Ok(Duel { record })
    }

    fn seat_labels(&self) -> Vec<String> {
        vec!["first".to_string(), "second".to_string()]
    }

    fn seat_default(&self, seat: usize) -> String {
        ["human", G::DEFAULT_ENGINE][seat.min(1)].to_string()
    }

    fn seat_spec(&self, given: String) -> String {
        if given == "default" {
            G::DEFAULT_ENGINE.to_string()
        } else {
            given
        }
    }

    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String> {
        engine::<G>(spec, seed)
    }

    fn to_move(&self) -> usize {
        self.record.position().side_to_move().index()
    }

    fn ending(&self) -> Option<String> {
        self.record.ending().map(|e| e.describe())
    }

    fn think(&self, engine: &mut Self::Engine) -> Result<Self::Answer, String> {
        let m = engine.choose(&self.record).map_err(|e| format!("{e:#}"))?;
        Ok((m, engine.last_info()))
    }

    fn apply(&mut self, (m, info): Self::Answer) -> Result<Option<String>, String> {
        self.record.play(m)?;
        Ok(info)
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        self.record.play_text(text)?;
        Ok(())
    }

    fn plies(&self) -> usize {
        self.record.moves().len()
    }

    fn view_at(&self, plies: usize, info: Option<String>) -> Result<(DuelView, usize), Refusal> {
        let hidden = self.record.position().hides_history();
        let moves: Vec<String> = if hidden {
            vec!["(hidden)".to_string(); self.plies()]
        } else {
            self.record.move_texts()
        };
        let earlier;
        let record = if plies == self.plies() {
            &self.record
        } else if hidden {
            return Err(Refusal::new(
                409,
                "the earlier positions stay hidden until both players have set up",
            ));
        } else {
            earlier = self.record.take_back_to(plies);
            &earlier
        };
        let position = record.position();
        let view = position.view();
        let legal: Vec<String> = record
            .legal_moves()
            .into_iter()
            .map(|m| position.move_text(m))
            .collect();
        let fields = DuelView {
            fen: view.to_fen(),
            board: view.to_string(),
            to_move: side_name(position.side_to_move()).to_string(),
            legal_moves: legal,
            moves,
            engine_info: info,
        };
        Ok((fields, position.side_to_move().index()))
    }

    fn record(&self, seats: &[String]) -> Result<(String, &'static str), Refusal> {
        if self.record.position().hides_history() {
            return Err(Refusal::new(
                409,
                "the record stays hidden until both players have set up",
            ));
        }
        Ok((self.record.to_text(&seats[0], &seats[1]), "txt"))
    }
}
