//! Text drawings of a position as the seed thesis prints it: `o` player 1,
//! `x` player 2, `.` empty, hex coordinates along the top and the left; the
//! last move's cells in capitals (`O`, `X`), so that it shows without colour.
//! On a terminal that takes colour (the caller decides: `arena` asks
//! anstream, as clap does for its help) the tiles are
//! drawn in the players' colours (orange and violet, as on the web page),
//! the last move's cells inverted and bold, the empty cells dimmed; the
//! letters are the same either way.

use crate::cell::{hex_digit, Cell, SIZE};
use crate::position::{Move, Player, Position};
use crate::tiles::Tile;
use crate::Bitboard;
use std::fmt;

/// Whether, and how, a drawing is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Colour {
    /// Letters only: what pipes, files and tests get.
    #[default]
    Plain,
    /// The 16 colours of every colour terminal (yellow for orange, magenta for violet).
    Basic,
    /// The 256-colour palette (`TERM=*-256color`, or `COLORTERM` truecolor / 24bit).
    Full,
}

impl Colour {
    /// The style of `player`'s cells (none when plain).
    fn player(self, player: Player) -> Style {
        let colour = match (self, player) {
            (Colour::Plain, _) => return Style::default(),
            (Colour::Basic, Player::One) => "33", // yellow
            (Colour::Basic, Player::Two) => "35", // magenta
            // The page's #f08a24 and #8a4fd0, as near as the 256 colours have them.
            (Colour::Full, Player::One) => "38;5;208",
            (Colour::Full, Player::Two) => "38;5;98",
        };
        Style {
            colour: Some(colour),
            ..Style::default()
        }
    }

    /// The style of the last move's cells: `player`'s, bold and inverted.
    fn last(self, player: Player) -> Style {
        match self {
            Colour::Plain => Style::default(),
            _ => Style {
                bold: true,
                invert: true,
                ..self.player(player)
            },
        }
    }

    /// The style of an empty cell.
    fn empty(self) -> Style {
        match self {
            Colour::Plain => Style::default(),
            _ => Style {
                dim: true,
                ..Style::default()
            },
        }
    }
}

/// A cell's look on a terminal, as ECMA-48 SGR sequences: `{style}` turns
/// it on, `{style:#}` resets it (both nothing for the plain style).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    /// The foreground's SGR parameters (`33`, `38;5;208`).
    colour: Option<&'static str>,
    bold: bool,
    dim: bool,
    invert: bool,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if *self == Style::default() {
            return Ok(());
        }
        if f.alternate() {
            return f.write_str("\x1b[0m");
        }
        for (on, code) in [(self.bold, "1"), (self.dim, "2"), (self.invert, "7")] {
            if on {
                write!(f, "\x1b[{code}m")?;
            }
        }
        match self.colour {
            Some(colour) => write!(f, "\x1b[{colour}m"),
            None => Ok(()),
        }
    }
}

/// The cells `m` covers (none for a pass or no move).
fn cells_of(m: Option<Move>) -> Bitboard {
    match m {
        Some(Move::Place(p)) => p.cells(),
        _ => Bitboard::EMPTY,
    }
}

/// The board, 15 lines: the column header and one line a row; the cells of
/// `last` (the move just played) in capitals, and in `colour`.
pub fn board(position: &Position, last: Option<Move>, colour: Colour) -> String {
    let last = cells_of(last);
    let mut out = String::from(" ");
    for x in 1..=SIZE {
        out.push(' ');
        out.push(hex_digit(x));
    }
    out.push('\n');
    for y in 1..=SIZE {
        out.push(hex_digit(y));
        let mut left_in_last = false;
        for x in 1..=SIZE {
            let cell = Cell::new(x, y).unwrap();
            let owner = [Player::One, Player::Two]
                .into_iter()
                .find(|&p| position.cells(p).contains(cell));
            let in_last = last.contains(cell);
            let (symbol, style) = match owner {
                None => ('.', colour.empty()),
                Some(p) if in_last => (p.symbol().to_ascii_uppercase(), colour.last(p)),
                Some(p) => (p.symbol(), colour.player(p)),
            };
            // The space between two cells of the last move is in its style
            // too, so that its cells along a row make one block.
            if left_in_last && in_last {
                out.push_str(&format!("{style} {symbol}{style:#}"));
            } else {
                out.push_str(&format!(" {style}{symbol}{style:#}"));
            }
            left_in_last = in_last;
        }
        out.push('\n');
    }
    out
}

/// The board followed by each player's remaining tiles and whose turn it
/// is; `last` and `colour` as for [`board`].
pub fn summary(position: &Position, last: Option<Move>, colour: Colour) -> String {
    let mut out = board(position, last, colour);
    for player in [Player::One, Player::Two] {
        let tiles: String = position.tiles_left(player).map(|t| t.letter()).collect();
        out.push_str(&format!(
            "{}: {} tiles left [{}], {} cells unplaced\n",
            player,
            tiles.len(),
            tiles,
            position.unplaced_cells(player)
        ));
    }
    if position.is_over() {
        out.push_str("game over\n");
    } else {
        out.push_str(&format!(
            "move {}: {} to move\n",
            position.plies() + 1,
            position.to_move()
        ));
    }
    out
}

/// Pictures of `tiles` in orientation `r`, seven to a row: `#` a cell, `+`
/// the reference cell (the `xy` of a move code), `.` empty.
pub fn tile_pictures(tiles: &[Tile], r: u8) -> String {
    let mut out = String::new();
    for group in tiles.chunks(7) {
        out.push_str(
            &group
                .iter()
                .map(|t| format!("  {}    ", t.letter()))
                .collect::<String>(),
        );
        out.push('\n');
        for dy in -2..=2i8 {
            for tile in group {
                let offsets = tile.offsets(r);
                let row: String = (-2..=2i8)
                    .map(|dx| match (dx, dy) {
                        (0, 0) => '+',
                        _ if offsets.contains(&(dx, dy)) => '#',
                        _ => '.',
                    })
                    .collect();
                out.push_str(&format!("{row}  "));
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::parse_code_list;

    /// The seed thesis's opening (its figure 19): 56j0 then aap0, and aap0.
    fn opening() -> (Position, Move) {
        let mut position = Position::from_codes(&parse_code_list("56j0").unwrap()).unwrap();
        let last = position.play_code("aap0".parse().unwrap()).unwrap();
        (position, last)
    }

    /// `text` without its escape sequences (`ESC [ ... m`).
    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn draws_the_seed_theses_opening() {
        let (position, _) = opening();
        let drawing = board(&position, None, Colour::Plain);
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[0], "  1 2 3 4 5 6 7 8 9 a b c d e");
        assert_eq!(lines[4], "4 . . . . o . . . . . . . . .");
        assert_eq!(lines[9], "9 . . . . . . . . . x . . . .");
        assert_eq!(lines[11], "b . . . . . . . . x x x . . .");
        assert_eq!(lines.len(), 15);
    }

    #[test]
    fn the_last_move_is_in_capitals_and_plain_has_no_escapes() {
        let (position, last) = opening();
        let drawing = board(&position, Some(last), Colour::Plain);
        assert!(!drawing.contains('\x1b'), "{drawing:?}");
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[4], "4 . . . . o . . . . . . . . .");
        assert_eq!(lines[9], "9 . . . . . . . . . X . . . .");
        assert_eq!(lines[10], "a . . . . . . . . . X . . . .");
        assert_eq!(lines[11], "b . . . . . . . . X X X . . .");
        assert_eq!(drawing.matches(['O', 'X']).count(), 5);
        // A pass marks nothing.
        assert_eq!(
            board(&position, Some(Move::Pass), Colour::Plain),
            board(&position, None, Colour::Plain)
        );
        let summary = summary(&position, Some(last), Colour::Plain);
        assert!(summary.starts_with(&drawing));
        assert!(
            summary.ends_with("move 3: player 1 (o) to move\n"),
            "{summary}"
        );
    }

    #[test]
    fn colour_only_decorates_the_same_letters() {
        let (position, last) = opening();
        let plain = board(&position, Some(last), Colour::Plain);
        for colour in [Colour::Basic, Colour::Full] {
            let drawing = board(&position, Some(last), colour);
            assert!(drawing.contains("\x1b["), "{colour:?}");
            assert_eq!(strip(&drawing), plain, "{colour:?}");
            // The last move's five cells bold and inverted (and the spaces
            // joining them along a row), no other cell.
            let inverted = drawing.matches("\x1b[7m").count();
            assert_eq!(inverted, 5, "{colour:?}: {drawing:?}");
            assert!(drawing.contains("\x1b[1m"));
            // Every line ends reset, so nothing leaks past the board.
            for line in drawing.lines().skip(1) {
                assert!(line.ends_with("\x1b[0m"), "{line:?}");
            }
        }
        let full = board(&position, Some(last), Colour::Full);
        assert!(
            full.contains("\x1b[38;5;208mo"),
            "player 1 orange: {full:?}"
        );
        assert!(full.contains("38;5;98mX"), "player 2 violet: {full:?}");
        let basic = board(&position, Some(last), Colour::Basic);
        assert!(basic.contains("\x1b[33mo"), "player 1 yellow: {basic:?}");
        assert!(basic.contains("35mX"), "player 2 magenta: {basic:?}");
    }

    #[test]
    fn tile_pictures_match_the_contest_table() {
        // The contest's picture of tile t is 00000/01000/01110/00100/00000.
        let text = tile_pictures(&[Tile::from_letter(b't').unwrap()], 0);
        let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(rows, ["  t", ".....", ".#...", ".#+#.", "..#..", "....."]);
    }
}
