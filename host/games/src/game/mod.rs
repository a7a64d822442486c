//! What the shared tools (tournaments, terminal play, records) need of a
//! two-player game beyond the search's view of it: a start, whose turn it is,
//! the end of the game, repetition, and a notation to read and write.

use crate::search::Game;

/// The two sides: `First` moves first (sente, black), `Second` answers (gote, white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of index 0 (first) or 1 (second).
    pub fn from_index(index: usize) -> Side {
        if index == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood; Vigna's constants) from `seed`: the
/// stream of well-mixed 64-bit numbers the games draw their Zobrist keys from.
pub fn splitmix64(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// A two-player game of the project as the match runner, tournaments and the
/// terminal player see it. Its [`Game`] side is the search's view: moves, play,
/// [`Game::terminal`] (a result decided on the board), [`Game::no_move_score`]
/// and [`Game::key`] (which must cover everything that makes the position, so
/// that repetition can be counted on it).
pub trait TwoPlayerGame: Game + std::fmt::Display + Sized {
    /// The game's name on the command line and in records ("dobutsu").
    const NAME: &'static str;
    /// The number of occurrences of one position (same side to move) that draws.
    const REPETITION_DRAW: usize;

    /// The start position.
    fn start() -> Self;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The position in the game's FEN (Fairy-Stockfish's where it has one).
    fn to_fen(&self) -> String;
    /// Reads a position written by [`TwoPlayerGame::to_fen`]; the error names what is wrong.
    fn from_fen(text: &str) -> Result<Self, String>;
    /// A legal move in the game's standard notation (Fairy-Stockfish's where it has one).
    fn move_text(&self, m: Self::Move) -> String;
    /// Reads a move in any notation the game accepts (its standard one and the
    /// seed's own) and checks it against the rules: the error says what was
    /// malformed or why the move is illegal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
}

pub mod fen;
pub mod perft;
pub mod player;
pub mod record;
pub mod record_text;
pub mod tournament;
pub mod uci;

/// A game's engines for the command line and tournaments.
pub trait Engines: TwoPlayerGame + 'static {
    /// Every engine kind but `random` (which every game has).
    fn engine_kinds() -> Vec<player::EngineKind<Self>>;

    /// Fairy-Stockfish's name of the variant, if it plays it by our rules.
    const UCI_VARIANT: Option<&'static str> = None;

    /// Whether Fairy-Stockfish's `bestmove (none)` in a game that goes on
    /// by our rules means every move loses (its game ended a ply earlier
    /// than ours does).
    const UCI_NONE_LOSES: bool = false;

    /// Engines of the game beyond the searchers: name and what it is.
    const OTHER_ENGINES: &'static [(&'static str, &'static str)] = &[];

    /// The player `spec` names among [`Engines::OTHER_ENGINES`], if it names one.
    fn other_player(_spec: &str, _seed: u64) -> Option<Result<player::BoxedPlayer<Self>, String>> {
        None
    }

    /// `arena GAME engines`: every engine with what it is, the options, and
    /// `evaluations` (what `eval=` takes).
    fn list_engines(evaluations: &str, output: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(output, "random: uniformly random legal moves")?;
        for kind in Self::engine_kinds() {
            writeln!(output, "{}: {}", kind.name, kind.about)?;
        }
        for (name, about) in Self::OTHER_ENGINES {
            writeln!(output, "{name}: {about}")?;
        }
        if let Some(variant) = Self::UCI_VARIANT {
            writeln!(
                output,
                "uci:PROGRAM@SECONDS: a UCI engine playing `{variant}` (e.g. uci:/usr/games/fairy-stockfish@0.2)"
            )?;
        }
        writeln!(
            output,
            "options: NAME:OPTION,... with {}",
            player::SEARCH_OPTIONS
        )?;
        writeln!(output, "evaluations: {evaluations}")
    }

    /// The player `spec` names, its random choices from `seed`. `uci:PROGRAM@SECONDS`
    /// runs a UCI engine (Fairy-Stockfish) at SECONDS a move.
    fn player(spec: &str, seed: u64) -> Result<player::BoxedPlayer<Self>, String> {
        if let Some(player) = Self::other_player(spec, seed) {
            return player;
        }
        if let Some(rest) = spec.strip_prefix("uci:") {
            let variant = Self::UCI_VARIANT
                .ok_or_else(|| format!("{}: no UCI engine plays it by our rules", Self::NAME))?;
            let (program, seconds) = rest.rsplit_once('@').unwrap_or((rest, "0.1"));
            let seconds: f64 = seconds
                .parse()
                .ok()
                .filter(|s: &f64| *s > 0.0 && *s < 1e5)
                .ok_or_else(|| format!("engine `{spec}`: `{seconds}` is not seconds"))?;
            let player = uci::UciPlayer::start(
                program,
                variant,
                std::time::Duration::from_secs_f64(seconds),
            )
            .map_err(|e| format!("{e:#}"))?;
            return Ok(Box::new(player));
        }
        player::build_player(&Self::engine_kinds(), spec, seed)
    }
}

#[cfg(test)]
mod tests;
