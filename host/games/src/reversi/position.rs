//! A Reversi position for any number of colours on any shape within 8 x 8:
//! bitboards, move generation (a run of one or more stones of any other
//! colours, mixed allowed, ending in one's own stone; holes stop a run),
//! play, passes, the end of the game and its result.

use super::setup::{Setup, COLOUR_LETTERS, COLOUR_NAMES, MAX_COLOURS};
use std::fmt;

/// A move: a cell (bit index `row * 8 + column`) or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(u8),
    Pass,
}

/// The position: stones by colour, the turn, and the variant's fixed data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    stones: [u64; MAX_COLOURS],
    playable: u64,
    colours: u8,
    order: [u8; 16],
    order_len: u8,
    /// Index into the order of the player to move.
    turn: u8,
}

/// The eight directions as (shift, mask of the cells a shifted stone may land on).
const NOT_FIRST_COLUMN: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_LAST_COLUMN: u64 = 0x7f7f_7f7f_7f7f_7f7f;

#[inline]
fn shift(bits: u64, direction: usize) -> u64 {
    match direction {
        0 => (bits << 1) & NOT_FIRST_COLUMN, // east
        1 => (bits >> 1) & NOT_LAST_COLUMN,  // west
        2 => bits << 8,                      // south
        3 => bits >> 8,                      // north
        4 => (bits << 9) & NOT_FIRST_COLUMN, // south-east
        5 => (bits << 7) & NOT_LAST_COLUMN,  // south-west
        6 => (bits >> 7) & NOT_FIRST_COLUMN, // north-east
        _ => (bits >> 9) & NOT_LAST_COLUMN,  // north-west
    }
}

/// The empty cells where `own` may play against `others`.
#[inline]
fn placements(own: u64, others: u64, empty: u64) -> u64 {
    let mut moves = 0;
    for direction in 0..8 {
        let mut run = shift(own, direction) & others;
        for _ in 0..5 {
            run |= shift(run, direction) & others;
        }
        moves |= shift(run, direction) & empty;
    }
    moves
}

/// The stones a stone placed on `cell` turns.
#[inline]
fn flips(cell: u64, own: u64, others: u64) -> u64 {
    let mut turned = 0;
    for direction in 0..8 {
        let mut run = 0;
        let mut next = shift(cell, direction);
        while next & others != 0 {
            run |= next;
            next = shift(next, direction);
        }
        if next & own != 0 {
            turned |= run;
        }
    }
    turned
}

/// A cell's name: column letter a-h from the left, row number 1-8 from the top.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 8) as char, cell / 8 + 1)
}

impl Position {
    /// The start of a variant.
    pub fn new(setup: &Setup) -> Position {
        assert!(setup.order.len() <= 16, "at most 16 turns in the order");
        let mut stones = [0; MAX_COLOURS];
        stones[..setup.stones.len()].copy_from_slice(&setup.stones);
        let mut order = [0; 16];
        order[..setup.order.len()].copy_from_slice(&setup.order);
        Position {
            stones,
            playable: setup.playable,
            colours: setup.stones.len() as u8,
            order,
            order_len: setup.order.len() as u8,
            turn: 0,
        }
    }

    /// The colour to move.
    pub fn to_move(&self) -> usize {
        self.order[self.turn as usize] as usize
    }

    /// The number of colours.
    pub fn colours(&self) -> usize {
        self.colours as usize
    }

    /// The stones of `colour`.
    pub fn stones(&self, colour: usize) -> u64 {
        self.stones[colour]
    }

    fn occupied(&self) -> u64 {
        self.stones.iter().fold(0, |a, &s| a | s)
    }

    /// Empty playable cells.
    pub fn empties(&self) -> u64 {
        self.playable & !self.occupied()
    }

    /// The cells `colour` may play on.
    pub fn placements_of(&self, colour: usize) -> u64 {
        let occupied = self.occupied();
        let own = self.stones[colour];
        placements(own, occupied & !own, self.playable & !occupied)
    }

    /// The playable cells (the board's shape).
    pub fn playable(&self) -> u64 {
        self.playable
    }

    /// The anchors: playable cells that no line runs through (in each of the
    /// four lines at least one neighbour is off the board or a hole), so a
    /// stone there is never turned; Othello's corners.
    pub fn anchors(&self) -> u64 {
        let through = |d: usize, e: usize| shift(self.playable, d) & shift(self.playable, e);
        self.playable & !(through(0, 1) | through(2, 3) | through(4, 7) | through(5, 6))
    }

    /// The cells next to any of `cells`, in the eight directions.
    pub fn neighbours(cells: u64) -> u64 {
        (0..8).fold(0, |n, d| n | shift(cells, d))
    }

    /// The cells the side to move may play on.
    pub fn placements(&self) -> u64 {
        self.placements_of(self.to_move())
    }

    /// Whether no colour in the turn order can play: the game is over.
    pub fn is_over(&self) -> bool {
        (0..self.order_len as usize).all(|i| self.placements_of(self.order[i] as usize) == 0)
    }

    /// The legal moves: the placements, or a single pass when there are none
    /// and the game goes on; none when the game is over.
    pub fn moves(&self, out: &mut Vec<Move>) {
        let mut bits = self.placements();
        if bits == 0 {
            if !self.is_over() {
                out.push(Move::Pass);
            }
            return;
        }
        while bits != 0 {
            out.push(Move::Place(bits.trailing_zeros() as u8));
            bits &= bits - 1;
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) {
        if let Move::Place(cell) = m {
            let me = self.to_move();
            let bit = 1u64 << cell;
            let own = self.stones[me];
            let turned = flips(bit, own, self.occupied() & !own);
            for stones in &mut self.stones[..self.colours as usize] {
                *stones &= !turned;
            }
            self.stones[me] |= turned | bit;
        }
        self.turn = (self.turn + 1) % self.order_len;
    }

    /// Stones per colour.
    pub fn counts(&self) -> Vec<u32> {
        self.stones[..self.colours()]
            .iter()
            .map(|s| s.count_ones())
            .collect()
    }

    /// The result of a finished game: each colour's share of the win (1 to the
    /// one with most stones; a tie for the most is a draw, 1/2 to each tied).
    pub fn scores(&self) -> Vec<f64> {
        let counts = self.counts();
        let top = *counts.iter().max().unwrap_or(&0);
        let leaders = counts.iter().filter(|&&c| c == top).count();
        counts
            .iter()
            .map(|&c| match (c == top, leaders) {
                (true, 1) => 1.0,
                (true, _) => 0.5,
                _ => 0.0,
            })
            .collect()
    }

    /// The winning colour, or `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        let scores = self.scores();
        scores.iter().position(|&s| s == 1.0)
    }

    /// A move's name: a cell like `d3`, or `pass`.
    pub fn move_text(m: Move) -> String {
        match m {
            Move::Place(cell) => cell_name(cell),
            Move::Pass => "pass".to_string(),
        }
    }

    /// Reads a move and checks it is legal; the error says why not.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim().to_ascii_lowercase();
        let mut legal = Vec::new();
        self.moves(&mut legal);
        if legal.is_empty() {
            return Err("the game is over".to_string());
        }
        if text == "pass" {
            return if legal == [Move::Pass] {
                Ok(Move::Pass)
            } else {
                Err("pass: you have a move, so you may not pass".to_string())
            };
        }
        let bytes = text.as_bytes();
        if bytes.len() != 2
            || !(b'a'..=b'h').contains(&bytes[0])
            || !(b'1'..=b'8').contains(&bytes[1])
        {
            return Err(format!("`{text}` is not a cell (a1 to h8) or `pass`"));
        }
        let cell = (bytes[1] - b'1') * 8 + (bytes[0] - b'a');
        let bit = 1u64 << cell;
        if self.playable & bit == 0 {
            return Err(format!("{text} is a hole"));
        }
        if self.occupied() & bit != 0 {
            return Err(format!("{text} is taken"));
        }
        if self.placements() & bit == 0 {
            return Err(if legal == [Move::Pass] {
                format!("{text} turns no stone: you have no move and must pass")
            } else {
                format!("{text} turns no stone")
            });
        }
        Ok(Move::Place(cell))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let legal = if self.is_over() { 0 } else { self.placements() };
        writeln!(f, "   a b c d e f g h")?;
        for row in 0..8 {
            let cells = (0..8).map(|c| 1u64 << (row * 8 + c));
            if cells.clone().all(|b| self.playable & b == 0) {
                continue;
            }
            write!(f, "{} ", row + 1)?;
            for bit in cells {
                let mark = if self.playable & bit == 0 {
                    ' '
                } else if let Some(c) = (0..self.colours()).find(|&c| self.stones[c] & bit != 0) {
                    COLOUR_LETTERS[c]
                } else if legal & bit != 0 {
                    '*'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        let counts: Vec<String> = self
            .counts()
            .iter()
            .enumerate()
            .map(|(c, n)| format!("{} {} {n}", COLOUR_LETTERS[c], COLOUR_NAMES[c]))
            .collect();
        write!(f, "{}", counts.join(", "))?;
        if self.is_over() {
            match self.winner() {
                Some(c) => write!(f, "; game over: {} wins", COLOUR_NAMES[c]),
                None => write!(f, "; game over: a draw"),
            }
        } else {
            write!(
                f,
                "; {} to move (* marks the legal cells)",
                COLOUR_NAMES[self.to_move()]
            )
        }
    }
}

impl crate::play::GameState for Position {
    type Move = Move;

    fn seats(&self) -> usize {
        self.colours()
    }

    fn seat_to_move(&self) -> usize {
        self.to_move()
    }

    fn points(&self) -> Option<Vec<f64>> {
        self.is_over().then(|| self.scores())
    }

    const FINISHED_IS_LEAF: bool = true;

    fn play_move(&mut self, m: Move) -> Result<(), String> {
        if !self.legal_moves().contains(&m) {
            return Err(format!(
                "{} is not a legal move here",
                Position::move_text(m)
            ));
        }
        self.play(m);
        Ok(())
    }

    fn move_text(&self, m: Move) -> String {
        Position::move_text(m)
    }

    fn play_legal(&mut self, m: Move) {
        self.play(m);
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves
    }

    fn count_moves(&self) -> u64 {
        match self.placements().count_ones() {
            0 => u64::from(!self.is_over()),
            n => u64::from(n),
        }
    }
}
