//! The data that makes a Reversi variant: the board's shape (any cells of an
//! 8 x 8 grid, holes allowed), the start stones of each colour and the turn
//! order (a colour may appear more than once), read from rows of text, and the
//! named presets.

use std::fmt;

/// At most this many colours.
pub const MAX_COLOURS: usize = 8;

/// The colours' letters on the board and in the text form.
pub const COLOUR_LETTERS: [char; MAX_COLOURS] = ['B', 'W', 'A', 'C', 'Y', 'R', 'G', 'M'];

/// The colours' names.
pub const COLOUR_NAMES: [&str; MAX_COLOURS] = [
    "black", "white", "ash", "cyan", "yellow", "red", "green", "magenta",
];

/// The presets' names, the default first.
pub const PRESETS: [&str; 4] = ["octagon3", "octagon3-bawa", "octagon5", "othello"];

/// A Reversi variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub name: String,
    /// The playable cells (bit `row * 8 + column`, row 0 at the top).
    pub playable: u64,
    /// Each colour's start stones.
    pub stones: Vec<u64>,
    /// The turn order as colour numbers.
    pub order: Vec<u8>,
}

/// Why a board text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the board has {0} rows: 1 to 8 are allowed")]
    Rows(usize),
    #[error("row {row} has {len} cells: 1 to 8 are allowed")]
    RowLength { row: usize, len: usize },
    #[error(
        "row {row}, column {column}: `{found}` is not `#`, `.` or a colour letter ({letters})"
    )]
    Cell {
        row: usize,
        column: usize,
        found: char,
        letters: String,
    },
    #[error("the turn order `{0}` names no colour, or a colour with no letter")]
    Order(String),
    #[error("colour {0} is in the turn order but has no stone on the board")]
    Absent(char),
    #[error("no preset `{0}`: the presets are octagon3, octagon3-bawa, octagon5, othello")]
    Preset(String),
}

/// The seed's 3-player octagonal board (three cells cut from each corner).
const OCTAGON3: &str = "\
##....##
#......#
...BA...
..AWBW..
..WBWA..
...AB...
#......#
##....##";

/// The seed's five-colour game on the same board (cyan and yellow added).
const OCTAGON5: &str = "\
##....##
#..C...#
..YBAC..
..AWBWY.
.YWBWA..
..CABY..
#...C..#
##....##";

const OTHELLO: &str = "\
........
........
........
...WB...
...BW...
........
........
........";

impl Setup {
    /// Reads a board from rows (`#` hole, `.` empty, a colour letter a stone)
    /// and a turn order of colour letters (e.g. `BWA`, `BAWA`).
    pub fn parse(name: &str, rows: &str, order: &str) -> Result<Setup, SetupError> {
        let rows: Vec<&str> = rows
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if rows.is_empty() || rows.len() > 8 {
            return Err(SetupError::Rows(rows.len()));
        }
        let mut playable = 0u64;
        let mut stones = vec![0u64; MAX_COLOURS];
        for (row, text) in rows.iter().enumerate() {
            let len = text.chars().count();
            if len == 0 || len > 8 {
                return Err(SetupError::RowLength { row: row + 1, len });
            }
            for (column, found) in text.chars().enumerate() {
                let bit = 1u64 << (row * 8 + column);
                match found {
                    '#' => {}
                    '.' => playable |= bit,
                    letter => {
                        let colour = COLOUR_LETTERS
                            .iter()
                            .position(|&c| c == letter)
                            .ok_or_else(|| SetupError::Cell {
                                row: row + 1,
                                column: column + 1,
                                found,
                                letters: COLOUR_LETTERS.iter().collect(),
                            })?;
                        playable |= bit;
                        stones[colour] |= bit;
                    }
                }
            }
        }
        let mut turn = Vec::new();
        for letter in order.chars() {
            let colour = COLOUR_LETTERS
                .iter()
                .position(|&c| c == letter)
                .ok_or_else(|| SetupError::Order(order.to_string()))?;
            if stones[colour] == 0 {
                return Err(SetupError::Absent(letter));
            }
            turn.push(colour as u8);
        }
        if turn.is_empty() {
            return Err(SetupError::Order(order.to_string()));
        }
        let colours = 1 + *turn.iter().max().expect("an order") as usize;
        stones.truncate(colours.max(1 + stones.iter().rposition(|&s| s != 0).unwrap_or(0)));
        Ok(Setup {
            name: name.to_string(),
            playable,
            stones,
            order: turn,
        })
    }

    /// A named preset: `octagon3` (the default), `octagon3-bawa`, `octagon5`, `othello`.
    pub fn preset(name: &str) -> Result<Setup, SetupError> {
        match name {
            "octagon3" => Setup::parse(name, OCTAGON3, "BWA"),
            "octagon3-bawa" => Setup::parse(name, OCTAGON3, "BAWA"),
            "octagon5" => Setup::parse(name, OCTAGON5, "BWACY"),
            "othello" => Setup::parse(name, OTHELLO, "BW"),
            _ => Err(SetupError::Preset(name.to_string())),
        }
    }

    /// The number of colours (players).
    pub fn colours(&self) -> usize {
        self.stones.len()
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let order: String = self
            .order
            .iter()
            .map(|&c| COLOUR_LETTERS[c as usize])
            .collect();
        write!(
            f,
            "{}: {} cells, {} colours, order {order}",
            self.name,
            self.playable.count_ones(),
            self.colours()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_have_the_seeds_boards() {
        let three = Setup::preset("octagon3").unwrap();
        assert_eq!(three.playable.count_ones(), 52);
        assert_eq!(three.colours(), 3);
        assert_eq!(three.order, [0, 1, 2]);
        for stones in &three.stones {
            assert_eq!(stones.count_ones(), 4);
        }
        assert_eq!(Setup::preset("octagon3-bawa").unwrap().order, [0, 2, 1, 2]);
        let five = Setup::preset("octagon5").unwrap();
        assert_eq!(five.colours(), 5);
        assert_eq!(five.playable.count_ones(), 52);
        let othello = Setup::preset("othello").unwrap();
        assert_eq!(othello.playable, u64::MAX);
        assert_eq!(
            othello.stones,
            [0x0000_0008_1000_0000, 0x0000_0010_0800_0000]
        );
    }

    #[test]
    fn bad_boards_are_refused_with_the_reason() {
        assert_eq!(
            Setup::parse("x", "..X.\n", "B"),
            Err(SetupError::Cell {
                row: 1,
                column: 3,
                found: 'X',
                letters: "BWACYRGM".to_string()
            })
        );
        assert_eq!(
            Setup::parse("x", ".B.\n", "BW"),
            Err(SetupError::Absent('W'))
        );
        assert_eq!(
            Setup::parse("x", ".B.\n", "B?"),
            Err(SetupError::Order("B?".into()))
        );
        assert_eq!(
            Setup::parse("x", ".........\n", "B"),
            Err(SetupError::RowLength { row: 1, len: 9 })
        );
        assert!(matches!(Setup::preset("hex"), Err(SetupError::Preset(_))));
    }
}
