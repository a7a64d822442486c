//! A Janken shogi position: the cubes on the 6 x 6 board, whose turn it is,
//! who still has to set up; the legal set-ups and turns (each turn one
//! distinct outcome of two actions, three in funbari mode), playing them,
//! the end of the game, and a Zobrist key.

use super::cube::State;
use crate::game::{splitmix64, Side};
use std::sync::OnceLock;

/// Board side and cell count.
pub const SIZE: usize = 6;
pub const CELLS: usize = SIZE * SIZE;

/// The start cells of each player in set-up order (`y * 6 + x`): player 1
/// on a1 b2 a3 c1, player 2 on f6 e5 d6 f4.
pub const START_CELLS: [[u8; 4]; 2] = [[30, 25, 18, 32], [5, 10, 3, 17]];
/// The home corner of each player; each player's goal is the other's.
pub const HOME_CORNER: [u8; 2] = [30, 5];

/// A set-up: the states for the player's start cells, in [`START_CELLS`] order.
pub type SetUp = [State; 4];

/// One action: a cube's step from a cell to a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// A move: a set-up, or a turn of up to three steps (none: a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    SetUp(SetUp),
    Turn { steps: [Step; 3], len: u8 },
}

impl Move {
    /// The turn of these steps.
    pub fn turn(steps: &[Step]) -> Move {
        let mut all = [Step { from: 0, to: 0 }; 3];
        all[..steps.len()].copy_from_slice(steps);
        Move::Turn {
            steps: all,
            len: steps.len() as u8,
        }
    }

    /// The steps of a turn (none for a set-up or a pass).
    pub fn steps(&self) -> &[Step] {
        match self {
            Move::SetUp(_) => &[],
            Move::Turn { steps, len } => &steps[..*len as usize],
        }
    }
}

/// A cube on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cube {
    pub owner: Side,
    pub state: State,
}

/// The position. A cell holds 0 (empty) or `1 + owner * 6 + state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    cells: [u8; CELLS],
    to_move: Side,
    to_set_up: [bool; 2],
    blind: bool,
    key: u64,
}

/// Zobrist keys: a cube code (1-12) on a cell, the side to move, each side
/// still to set up, and blindness.
struct Keys {
    cubes: [[u64; 13]; CELLS],
    second_to_move: u64,
    to_set_up: [u64; 2],
    blind: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut next = splitmix64(0x6a61_6e6b_656e);
        let mut cubes = [[0; 13]; CELLS];
        for cell in cubes.iter_mut() {
            for key in cell.iter_mut().skip(1) {
                *key = next();
            }
        }
        Keys {
            cubes,
            second_to_move: next(),
            to_set_up: [next(), next()],
            blind: next(),
        }
    })
}

/// The neighbours of a cell: up, down, left, right (255 off the board), and
/// whether the step rolls the cube vertically.
const DIRECTIONS: [(i8, i8, bool); 4] =
    [(0, -1, true), (0, 1, true), (-1, 0, false), (1, 0, false)];

pub fn neighbour(cell: u8, direction: usize) -> Option<u8> {
    let (dx, dy, _) = DIRECTIONS[direction];
    let x = (cell as usize % SIZE) as i8 + dx;
    let y = (cell as usize / SIZE) as i8 + dy;
    ((0..SIZE as i8).contains(&x) && (0..SIZE as i8).contains(&y))
        .then(|| (y as usize * SIZE + x as usize) as u8)
}

/// The Manhattan distance between two cells.
pub fn distance(a: u8, b: u8) -> u32 {
    let (a, b) = (a as i32, b as i32);
    ((a % 6 - b % 6).abs() + (a / 6 - b / 6).abs()) as u32
}

/// Whether `cell` lies in `side`'s home area (within distance 3 of its corner).
pub fn in_home(side: Side, cell: u8) -> bool {
    distance(cell, HOME_CORNER[side.index()]) <= 3
}

/// The cell `side` wins by reaching.
pub fn goal(side: Side) -> u8 {
    HOME_CORNER[side.other().index()]
}

/// Why a step is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    NoOwnCube,
    NotNeighbour,
    OwnCubeThere,
    DoesNotBeat,
    IntoHomeArea,
    BackToStart,
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StepError::NoOwnCube => "no cube of the player to move there",
            StepError::NotNeighbour => "not a neighbouring cell (one step up, down, left or right)",
            StepError::OwnCubeThere => "an own cube stands there",
            StepError::DoesNotBeat => "its top does not beat the top of the cube there",
            StepError::IntoHomeArea => {
                "a cube that has left its home area may not re-enter it (only in funbari mode)"
            }
            StepError::BackToStart => "a cube may not return to the cell where it started the turn",
        })
    }
}

impl Position {
    /// Before the set-up: player 1 sets up first (player 2 sees it), or
    /// both blind.
    pub fn new(blind: bool) -> Position {
        let mut position = Position {
            cells: [0; CELLS],
            to_move: Side::First,
            to_set_up: [true, true],
            blind,
            key: 0,
        };
        position.key = position.compute_key();
        position
    }

    /// A position from its parts; the caller checks they make sense.
    pub(super) fn from_parts(
        cubes: &[(u8, Cube)],
        to_move: Side,
        to_set_up: [bool; 2],
        blind: bool,
    ) -> Position {
        let mut cells = [0; CELLS];
        for &(cell, cube) in cubes {
            cells[cell as usize] = code(cube);
        }
        let mut position = Position {
            cells,
            to_move,
            to_set_up,
            blind,
            key: 0,
        };
        position.key = position.compute_key();
        position
    }

    fn compute_key(&self) -> u64 {
        let keys = keys();
        let mut key = 0;
        for (cell, &c) in self.cells.iter().enumerate() {
            key ^= keys.cubes[cell][c as usize];
        }
        if self.to_move == Side::Second {
            key ^= keys.second_to_move;
        }
        for side in 0..2 {
            if self.to_set_up[side] {
                key ^= keys.to_set_up[side];
            }
        }
        if self.blind {
            key ^= keys.blind;
        }
        key
    }

    pub fn key(&self) -> u64 {
        self.key
    }

    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Whether `side` still has to set up.
    pub fn must_set_up(&self, side: Side) -> bool {
        self.to_set_up[side.index()]
    }

    /// Whether the set-up is blind (false once both have set up).
    pub fn is_blind(&self) -> bool {
        self.blind
    }

    /// Whether the set-up is over and the cubes move.
    pub fn in_play(&self) -> bool {
        self.to_set_up == [false, false]
    }

    /// The cube on `cell`, if any.
    pub fn cube(&self, cell: u8) -> Option<Cube> {
        decode(self.cells[cell as usize])
    }

    /// The cells of `side`'s cubes, in cell order.
    pub fn cubes_of(&self, side: Side) -> impl Iterator<Item = (u8, State)> + '_ {
        self.cells.iter().enumerate().filter_map(move |(cell, &c)| {
            decode(c)
                .filter(|cube| cube.owner == side)
                .map(|cube| (cell as u8, cube.state))
        })
    }

    /// How many cubes `side` has.
    pub fn count(&self, side: Side) -> usize {
        self.cubes_of(side).count()
    }

    /// The actions `side` has a turn: 3 with a single cube (funbari), else 2.
    pub fn actions(&self, side: Side) -> usize {
        if self.count(side) == 1 {
            3
        } else {
            2
        }
    }

    /// The winner, once the game is over: a cube on its goal, or the other
    /// side without cubes.
    pub fn winner(&self) -> Option<Side> {
        if !self.in_play() {
            return None;
        }
        for side in [Side::First, Side::Second] {
            let on_goal = self.cube(goal(side)).is_some_and(|c| c.owner == side);
            if on_goal || self.count(side.other()) == 0 {
                return Some(side);
            }
        }
        None
    }

    fn set(&mut self, cell: u8, c: u8) {
        let keys = keys();
        let old = self.cells[cell as usize];
        self.key ^= keys.cubes[cell as usize][old as usize] ^ keys.cubes[cell as usize][c as usize];
        self.cells[cell as usize] = c;
    }

    fn pass_turn_to(&mut self, side: Side) {
        if side != self.to_move {
            self.key ^= keys().second_to_move;
            self.to_move = side;
        }
    }

    /// Checks the step of the side to move's cube from `from` to `to` as
    /// its next action, the cube having started the turn on `origin` in a
    /// turn `funbari` or not.
    pub fn check_step(&self, step: Step, origin: u8, funbari: bool) -> Result<(), StepError> {
        let me = self.to_move;
        let mover = self
            .cube(step.from)
            .filter(|c| c.owner == me)
            .ok_or(StepError::NoOwnCube)?;
        if !(0..4).any(|d| neighbour(step.from, d) == Some(step.to)) {
            return Err(StepError::NotNeighbour);
        }
        if let Some(target) = self.cube(step.to) {
            if target.owner == me {
                return Err(StepError::OwnCubeThere);
            }
            if !mover.state.top().beats(target.state.top()) {
                return Err(StepError::DoesNotBeat);
            }
        }
        if !funbari && !in_home(me, step.from) && in_home(me, step.to) {
            return Err(StepError::IntoHomeArea);
        }
        if step.to == origin {
            return Err(StepError::BackToStart);
        }
        Ok(())
    }

    /// Makes a step checked by [`Position::check_step`]: onto an empty cell the
    /// cube rolls, onto an opponent's cube it captures it and slides. Returns
    /// whether it captured.
    pub fn make_step(&mut self, step: Step) -> bool {
        let c = self.cells[step.from as usize];
        let captures = self.cells[step.to as usize] != 0;
        let moved = if captures {
            c
        } else {
            let cube = decode(c).expect("a cube steps");
            let vertical = step.from.abs_diff(step.to) as usize == SIZE;
            let state = if vertical {
                cube.state.rolled_vertically()
            } else {
                cube.state.rolled_horizontally()
            };
            code(Cube { state, ..cube })
        };
        self.set(step.from, 0);
        self.set(step.to, moved);
        captures
    }

    /// Whether a turn of `side` has ended the game (checked after each action).
    fn turn_won(&self, side: Side) -> bool {
        self.cube(goal(side)).is_some_and(|c| c.owner == side) || self.count(side.other()) == 0
    }

    /// The legal moves: the set-ups while the side to move has to set up, else
    /// its turns, one for each distinct outcome, a pass if it has no action;
    /// none once the game is over.
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.must_set_up(self.to_move) {
            for index in 0..6usize.pow(4) {
                out.push(Move::SetUp(set_up_of_index(index)));
            }
            return;
        }
        if self.winner().is_some() {
            return;
        }
        let me = self.to_move;
        let actions = self.actions(me);
        let mut search = TurnSearch {
            actions,
            funbari: actions == 3,
            steps: [Step { from: 0, to: 0 }; 3],
            seen: Vec::with_capacity(256),
            out,
        };
        search.extend(self, 0);
    }

    /// Plays a legal move.
    pub fn make(&mut self, m: Move) {
        match m {
            Move::SetUp(states) => {
                let me = self.to_move;
                for (&cell, state) in START_CELLS[me.index()].iter().zip(states) {
                    self.set(cell, code(Cube { owner: me, state }));
                }
                self.to_set_up[me.index()] = false;
                self.key ^= keys().to_set_up[me.index()];
                let next = if self.must_set_up(me.other()) {
                    me.other()
                } else {
                    // The game is on: blindness was the set-up's alone.
                    if self.blind {
                        self.blind = false;
                        self.key ^= keys().blind;
                    }
                    Side::First
                };
                self.pass_turn_to(next);
            }
            Move::Turn { .. } => {
                for &step in m.steps() {
                    self.make_step(step);
                }
                self.pass_turn_to(self.to_move.other());
            }
        }
    }

    /// What the side to move may see: in a blind set-up, player 2 sets up
    /// without player 1's cubes, as if it set up first.
    pub fn player_view(&self) -> Position {
        if self.blind && self.to_move == Side::Second && self.must_set_up(Side::Second) {
            let mut view = Position::new(true);
            view.pass_turn_to(Side::Second);
            return view;
        }
        *self
    }
}

/// The depth-first walk over a turn's actions.
struct TurnSearch<'a> {
    actions: usize,
    funbari: bool,
    steps: [Step; 3],
    /// The keys of the outcomes found.
    seen: Vec<u64>,
    out: &'a mut Vec<Move>,
}

impl TurnSearch<'_> {
    fn record(&mut self, after: &Position, taken: usize) {
        if !self.seen.contains(&after.key) {
            self.seen.push(after.key);
            self.out.push(Move::turn(&self.steps[..taken]));
        }
    }

    /// Extends a turn of `taken` actions that led to `position`.
    fn extend(&mut self, position: &Position, taken: usize) {
        let me = position.to_move;
        let mut any = false;
        for from in 0..CELLS as u8 {
            if decode(position.cells[from as usize]).map(|cube| cube.owner) != Some(me) {
                continue;
            }
            let origin = origin(&self.steps[..taken], from);
            for direction in 0..4 {
                let Some(to) = neighbour(from, direction) else {
                    continue;
                };
                let step = Step { from, to };
                if position.check_step(step, origin, self.funbari).is_err() {
                    continue;
                }
                any = true;
                let mut next = *position;
                next.make_step(step);
                self.steps[taken] = step;
                if taken + 1 == self.actions || next.turn_won(me) {
                    next.pass_turn_to(me.other());
                    self.record(&next, taken + 1);
                } else {
                    self.extend(&next, taken + 1);
                }
            }
        }
        if !any {
            // No action left: the turn ends here (a pass if it had none).
            let mut after = *position;
            after.pass_turn_to(me.other());
            self.record(&after, taken);
        }
    }
}

/// Where the cube now on `cell` started the turn whose first steps were
/// `steps` (a cube is moved on only from where its last step ended).
pub fn origin(steps: &[Step], cell: u8) -> u8 {
    steps.iter().rev().fold(
        cell,
        |now, step| if step.to == now { step.from } else { now },
    )
}

/// The cube code of a cell.
fn code(cube: Cube) -> u8 {
    1 + cube.owner.index() as u8 * 6 + cube.state.0
}

fn decode(c: u8) -> Option<Cube> {
    (c != 0).then(|| Cube {
        owner: Side::from_index(((c - 1) / 6) as usize),
        state: State((c - 1) % 6),
    })
}

/// The set-up numbered `index` (0..1296): the states as base-6 digits, the
/// first cell's state most significant.
pub fn set_up_of_index(index: usize) -> SetUp {
    let digit = |i: u32| State(((index / 6usize.pow(3 - i)) % 6) as u8);
    [digit(0), digit(1), digit(2), digit(3)]
}
