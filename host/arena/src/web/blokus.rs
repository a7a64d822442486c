//! Blokus Duo ([`crate::blokus`]) as a [`PageGame`]: two seats, player 1
//! (orange `o`, from (5,5)) and player 2 (violet `x`, from (a,a)), each a
//! person or an [`Opponent`] of `arena blokus play`: a host engine of the
//! registry ([`engine_by_name`]; no `gtp:` programs from a web page) or a
//! board over the contest link (`sim`, the simulated board, or `serial:PATH`,
//! a real one), each of its answers shown with its board time. Moves are
//! contest codes `xytr` (`0000` passes), refused with the rules' reason;
//! the state carries every code of every legal placement, so that the page
//! can show where a tile fits, and every move's tile and cells, so that it
//! can draw each placed tile as one piece (the tiles on the board after K
//! moves are the first K moves' cells; move K is the one marked); the
//! record is Pentobi's SGF (a transcript loads too).

use super::game_match::{replay, PageGame};
use super::wire::{
    BlokusMove, BlokusView, BoardTimeView, EngineInfo, GameInfo, GameRequest, TileInfo,
};
use super::Refusal;
use crate::engines::{engine_by_name, ENGINE_NAMES};
use crate::links::board_client::{BoardClient, BoardLimits, Thinking};
use crate::links::LinkSpec;
use crate::opponent::{Opponent, Reply};
use blokus::pentobi;
use blokus::SIZE;
use blokus::{Cell, Move, MoveCode, Player, Position, Tile};
use games::blokus::{Sgf, Transcript};
use games::records::{RecordFormat, Recorded};
use games::thinking;
use protocol::BoardTime;
use std::collections::BTreeMap;
use std::time::Duration;

/// The engine `default` stands for, and its time a move.
const DEFAULT_ENGINE: &str = "alphabeta:time=0.5";
/// Seconds a move for an engine that searches, unless `:time=S` says otherwise.
const DEFAULT_SECONDS: f64 = 1.0;
/// The most seconds a move the page may give an engine.
const MAX_SECONDS: f64 = 60.0;
/// The simulated board as the page offers it: its search built for 10 ms of
/// board time (the simulator takes under a second of wall time for it).
const SIM: &str = "sim:10";

/// A Blokus Duo game in progress.
#[derive(Clone)]
pub struct BlokusMatch {
    record: Recorded<Position>,
    position: Position,
    /// The last move played (a board is told the opponent's).
    last: Option<Move>,
    /// The board time of each move a board made, by its index in the record.
    board_times: BTreeMap<usize, BoardTime>,
}

/// The board at `spec` (a link), its new game started.
fn board(spec: &str) -> Result<Opponent, String> {
    let link: LinkSpec = spec.parse().map_err(|e| format!("`{spec}`: {e}"))?;
    // The contest's limits: 1 s a move, of board time for the simulated board.
    let mut board =
        BoardClient::open(&link, BoardLimits::default()).map_err(|e| format!("`{spec}`: {e:#}"))?;
    board.new_game().map_err(|e| format!("`{spec}`: {e:#}"))?;
    Ok(Opponent::Board(Box::new(board)))
}

/// Whether `spec` names a board (simulated or real) rather than an engine.
fn is_board(spec: &str) -> bool {
    spec == "sim" || spec.starts_with("sim:") || spec.starts_with("serial:")
}

/// A board's progress for the page: its cycles so far (a simulated board),
/// else the wall time.
fn board_progress(thinking: Thinking) -> String {
    match thinking.cycles {
        Some(cycles) => format!("{cycles} board cycles"),
        None => format!("{:.1} s", thinking.wall.as_secs_f64()),
    }
}

/// The opponent `spec` names: `NAME[:time=S]` with a name of the registry,
/// `board-model[:MS]`, `sim[:MS]` (the simulated board, its search built for
/// MS ms) or `serial:PATH[@BAUD]` (a board on a serial port).
fn opponent(spec: &str, seed: u64) -> Result<Opponent, String> {
    let spec = if spec == "default" {
        DEFAULT_ENGINE
    } else {
        spec
    };
    if is_board(spec) {
        return board(spec);
    }
    let (name, seconds) = match spec.split_once(":time=") {
        Some((name, time)) => {
            let seconds: f64 = time
                .parse()
                .ok()
                .filter(|s: &f64| *s > 0.0 && *s <= MAX_SECONDS)
                .ok_or_else(|| {
                    format!("engine `{spec}`: the time is 0 to {MAX_SECONDS} seconds a move")
                })?;
            (name, seconds)
        }
        None => (spec, DEFAULT_SECONDS),
    };
    let known = ENGINE_NAMES.contains(&name) || name.starts_with("board-model:");
    let engine = known
        .then(|| engine_by_name(name, Duration::from_secs_f64(seconds), seed))
        .flatten()
        .ok_or_else(|| {
            format!(
                "engine `{spec}`: the page offers human, {}, board-model:MS, sim[:MS], serial:PATH",
                ENGINE_NAMES.join(", ")
            )
        })?;
    Ok(Opponent::Engine(engine))
}

/// A board time for the page: `ms`, and `cycles` when counted.
fn board_time_view(time: &BoardTime) -> BoardTimeView {
    BoardTimeView {
        ms: time.ms,
        cycles: time.cycles,
        text: time.to_string(),
    }
}

/// A move for the page: its code, its mover, its tile's letter (none for a
/// pass), the cells it covers `[x, y]` (none for a pass), their Pentobi
/// names, and a board's time for it.
fn move_view(m: Move, player: Player, board_time: Option<&BoardTime>) -> BlokusMove {
    let (tile, cells) = match m {
        Move::Pass => (None, Vec::new()),
        Move::Place(p) => (
            Some(p.tile().letter().to_string()),
            p.cells().cells().map(|c| [c.x(), c.y()]).collect(),
        ),
    };
    BlokusMove {
        code: m.code().to_string(),
        player: player.index(),
        tile,
        cells,
        pentobi: match m {
            Move::Pass => "pass".to_string(),
            Move::Place(p) => pentobi::placement_to_string(p),
        },
        board_time: board_time.map(board_time_view),
    }
}

impl BlokusMatch {
    fn new(record: Recorded<Position>) -> Result<BlokusMatch, Refusal> {
        let position = record.position().map_err(Refusal::rules)?;
        Ok(BlokusMatch {
            last: None,
            record,
            position,
            board_times: BTreeMap::new(),
        })
    }

    /// Plays `code`, checked against the rules.
    fn play_code(&mut self, code: MoveCode) -> Result<(), String> {
        let m = self
            .position
            .play_code(code)
            .map_err(|reason| format!("{code}: {reason}"))?;
        self.record.moves.push(m);
        self.last = Some(m);
        Ok(())
    }

    /// The rows of the board of `position`, y = 1 first: `.` empty, `o`
    /// player 1, `x` player 2.
    fn rows(position: &Position) -> Vec<String> {
        (1..=SIZE)
            .map(|y| {
                (1..=SIZE)
                    .map(|x| {
                        let cell = Cell::new(x, y).expect("on the board");
                        [Player::One, Player::Two]
                            .into_iter()
                            .find(|&p| position.cells(p).contains(cell))
                            .map_or('.', Player::symbol)
                    })
                    .collect()
            })
            .collect()
    }
}

impl PageGame for BlokusMatch {
    type Engine = Opponent;
    /// The move and how it went, and who made it.
    type Answer = (Reply, String);
    type View = BlokusView;
    const NAME: &'static str = "blokus";

    fn describe() -> GameInfo {
        let engine = |name: &str, about: Option<&str>| EngineInfo {
            name: name.to_string(),
            about: about.map(str::to_string),
        };
        GameInfo {
            name: Self::NAME.to_string(),
            title: "Blokus Duo".to_string(),
            default_engine: DEFAULT_ENGINE.to_string(),
            engines: ENGINE_NAMES
                .iter()
                .map(|name| engine(name, None))
                .chain([
                    engine(
                        SIM,
                        Some("the simulated board (the Verilator model of its top level) over the contest link"),
                    ),
                    engine(
                        "serial",
                        Some("a real board on a serial port: serial:PATH[@BAUD]"),
                    ),
                ])
                .collect(),
            options: Vec::new(),
            start: None,
            presets: None,
            tiles: Some(
                Tile::all()
                    .map(|t| TileInfo {
                        letter: t.letter().to_string(),
                        size: t.size(),
                        orientations: (0..8).map(|r| t.offsets(r)).collect(),
                    })
                    .collect(),
            ),
        }
    }

    fn create(_: &GameRequest) -> Result<Self, Refusal> {
        BlokusMatch::new(Recorded::new(Position::with_first(Player::One)))
    }

    fn load(text: &str) -> Result<Self, Refusal> {
        let record = if text.trim_start().starts_with('(') {
            Sgf::read(text)
        } else {
            Transcript::read(text)
        }
        .map_err(|e| Refusal::rules(format!("the record: {e}")))?;
        BlokusMatch::new(record)
    }

    fn seat_labels(&self) -> Vec<String> {
        vec!["first".to_string(), "second".to_string()]
    }

    fn seat_default(&self, seat: usize) -> String {
        ["human", DEFAULT_ENGINE][seat.min(1)].to_string()
    }

    fn check_seats(&self, specs: &[String]) -> Result<(), Refusal> {
        if specs.iter().any(|s| is_board(s)) && self.record.moves.len() > 1 {
            return Err(Refusal::rules(
                "a board plays a game from its start: it cannot take over a record",
            ));
        }
        Ok(())
    }

    fn engine(spec: &str, seed: u64) -> Result<Self::Engine, String> {
        opponent(spec, seed)
    }

    fn to_move(&self) -> usize {
        self.position.to_move().index()
    }

    fn ending(&self) -> Option<String> {
        if !self.position.is_over() {
            return None;
        }
        let verdict = match self.position.winner() {
            Some(p) => format!("{p} wins"),
            None => "a draw".to_string(),
        };
        Some(format!(
            "{verdict}: {} to {} cells unplaced, scores {} and {}",
            self.position.unplaced_cells(Player::One),
            self.position.unplaced_cells(Player::Two),
            self.position.score(Player::One),
            self.position.score(Player::Two)
        ))
    }

    fn think(&self, opponent: &mut Self::Engine) -> Result<Self::Answer, String> {
        let reply = opponent
            .reply(&self.position, self.last, &mut |progress| {
                thinking::report(|| board_progress(progress))
            })
            .map_err(|e| format!("{e:#}"))?;
        Ok((reply, opponent.name()))
    }

    fn apply(&mut self, (reply, name): Self::Answer) -> Result<Option<String>, String> {
        let Reply {
            m,
            note,
            board_time,
        } = reply;
        let at = self.record.moves.len();
        self.play_code(m.code())?;
        if let Some(time) = board_time {
            self.board_times.insert(at, time);
        }
        Ok(Some(format!("{name} played {m}: {note}")))
    }

    fn game_over(engines: &mut [Option<Self::Engine>]) {
        for engine in engines.iter_mut().flatten() {
            if let Opponent::Board(board) = engine {
                let _ = board.end_game();
            }
        }
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim();
        let code = if text.eq_ignore_ascii_case("pass") {
            MoveCode::Pass
        } else {
            text.parse()
                .map_err(|e| format!("`{text}` is not a move code xytr: {e}"))?
        };
        self.play_code(code)
    }

    fn plies(&self) -> usize {
        self.record.moves.len()
    }

    fn view_at(&self, plies: usize, info: Option<String>) -> Result<(BlokusView, usize), Refusal> {
        let (position, moves) = replay(
            self.record.start.clone(),
            &self.record.moves,
            plies,
            |replay, i, m| {
                let mover = replay.to_move();
                replay.play(m);
                move_view(m, mover, self.board_times.get(&i))
            },
        );
        let player = position.to_move();
        let legal: Vec<String> = if position.is_over() {
            Vec::new()
        } else {
            position
                .legal_placements()
                .into_iter()
                .flat_map(|p| p.codes())
                .map(|c| c.to_string())
                .collect()
        };
        let players = [Player::One, Player::Two];
        let fields = BlokusView {
            rows: BlokusMatch::rows(&position),
            to_move: player.index(),
            legal_codes: legal,
            can_pass: !position.is_over() && position.has_moved(player),
            used: players.map(|p| {
                Tile::all()
                    .filter(|&t| position.is_used(p, t))
                    .map(|t| t.letter().to_string())
                    .collect::<String>()
            }),
            scores: players.map(|p| position.score(p)),
            unplaced: players.map(|p| position.unplaced_cells(p)),
            moves,
            engine_info: info,
        };
        Ok((fields, player.index()))
    }

    fn record(&self, _: &[String]) -> Result<(String, &'static str), Refusal> {
        let text = Sgf::write(&self.record).map_err(|e| Refusal::new(500, e))?;
        Ok((text, Sgf::EXTENSION))
    }
}
