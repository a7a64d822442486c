// The wire types of `arena serve`'s API, generated from host/arena/src/web/wire.rs
// by its test (ARENA_WRITE_TYPES=1 rewrites this file); the pages' code is
// checked against them by tsc (tests/browser/typecheck.mjs).

type GameState<V> = { 
/**
 * `GAME-N`.
 */
id: string, 
/**
 * The game's name in paths.
 */
game: string, seats: Array<SeatState>, 
/**
 * The seat to move at the position shown.
 */
seat_to_move: number, 
/**
 * An engine is to move at the last position (the page asks it, or
 * polls while it thinks).
 */
engine_to_move: boolean, 
/**
 * The engine's search under way (at the last position only).
 */
thinking: ThinkingState | null, 
/**
 * Why the engine's last move failed (at the last position only).
 */
engine_error: string | null, over: boolean, 
/**
 * The result for people, once over (at the last position only).
 */
result: string | null, 
/**
 * The moves before the position shown.
 */
at: number, 
/**
 * The moves played.
 */
plies: number, } & V;

type SeatState = { 
/**
 * What the seat was given: `human` or an engine's spec.
 */
player: string, engine: boolean, };

type ThinkingState = { seat: number, 
/**
 * The seat's engine spec.
 */
player: string, 
/**
 * Its time so far, in milliseconds.
 */
ms: number, 
/**
 * Its last report: `depth 5, score 12, 40000 nodes`, `3200
 * playouts`, `120000 board cycles` (empty before the first).
 */
progress: string, 
/**
 * A stop was asked (it moves with what it has).
 */
stopping: boolean, };

type GameInfo = { 
/**
 * The game's name in paths.
 */
name: string, title: string, 
/**
 * The engine a new game's second seat gets.
 */
default_engine: string, engines: Array<EngineInfo>, 
/**
 * The start options a new game takes (`points`, `blind`).
 */
options: Array<OptionInfo>, 
/**
 * The start position (two-player games: its FEN).
 */
start?: string, 
/**
 * Reversi's boards and turn orders.
 */
presets?: Array<PresetInfo>, 
/**
 * Blokus Duo's tiles.
 */
tiles?: Array<TileInfo>, };

type EngineInfo = { name: string, about?: string, };

type OptionInfo = { name: string, about: string, };

type PresetInfo = { name: string, colours: Array<string>, about: string, };

type TileInfo = { letter: string, size: number, orientations: Array<Array<[number, number]>>, };

type DuelView = { 
/**
 * The position in the game's FEN (what a seat may see of it).
 */
fen: string, 
/**
 * The board drawn in text.
 */
board: string, 
/**
 * `first` or `second`.
 */
to_move: string, legal_moves: Array<string>, 
/**
 * Every move played (`(hidden)` while Janken's set-ups are secret).
 */
moves: Array<string>, 
/**
 * What the engine found for the last move.
 */
engine_info: string | null, };

type ReversiView = { preset: string, 
/**
 * Eight rows, a character a cell: `.` empty, `#` a hole, a colour's letter.
 */
rows: Array<string>, colours: Array<ColourView>, 
/**
 * The colour to move.
 */
to_move: number, legal_moves: Array<string>, 
/**
 * The cells the colour to move may play.
 */
legal_cells: Array<string>, moves: Array<ReversiMove>, engine_info: string | null, 
/**
 * The board drawn in text.
 */
board: string, };

type ColourView = { letter: string, name: string, stones: number, };

type ReversiMove = { colour: number, move: string, };

type BlokusView = { 
/**
 * Fourteen rows, y = 1 first: `.` empty, `o` player 1, `x` player 2.
 */
rows: Array<string>, 
/**
 * The player to move (0 or 1).
 */
to_move: number, 
/**
 * Every code of every legal placement.
 */
legal_codes: Array<string>, can_pass: boolean, 
/**
 * Each player's tiles placed, by letter.
 */
used: [string, string], scores: [number, number], unplaced: [number, number], moves: Array<BlokusMove>, engine_info: string | null, };

type BlokusMove = { code: string, player: number, tile: string | null, cells: Array<[number, number]>, pentobi: string, board_time: BoardTimeView | null, };

type BoardTimeView = { ms: number, cycles: number | null, text: string, };
