//! Text drawings of a position as the seed thesis prints it: `o` player 1,
//! `x` player 2, `.` empty, hex coordinates along the top and the left.

use crate::cell::{hex_digit, Cell, SIZE};
use crate::position::{Player, Position};
use crate::tiles::Tile;

/// The board, 15 lines: the column header and one line a row.
pub fn board(position: &Position) -> String {
    let mut out = String::from(" ");
    for x in 1..=SIZE {
        out.push(' ');
        out.push(hex_digit(x));
    }
    out.push('\n');
    for y in 1..=SIZE {
        out.push(hex_digit(y));
        for x in 1..=SIZE {
            let cell = Cell::new(x, y).unwrap();
            let symbol = [Player::One, Player::Two]
                .into_iter()
                .find(|&p| position.cells(p).contains(cell))
                .map_or('.', Player::symbol);
            out.push(' ');
            out.push(symbol);
        }
        out.push('\n');
    }
    out
}

/// The board followed by each player's remaining tiles and whose turn it is.
pub fn summary(position: &Position) -> String {
    let mut out = board(position);
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

    #[test]
    fn draws_the_seed_theses_opening() {
        // Figure 19 of the seed thesis: 56j0 then aap0.
        let position = Position::from_codes(&parse_code_list("56j0,aap0").unwrap()).unwrap();
        let drawing = board(&position);
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[0], "  1 2 3 4 5 6 7 8 9 a b c d e");
        assert_eq!(lines[4], "4 . . . . o . . . . . . . . .");
        assert_eq!(lines[9], "9 . . . . . . . . . x . . . .");
        assert_eq!(lines[11], "b . . . . . . . . x x x . . .");
        assert_eq!(lines.len(), 15);
    }

    #[test]
    fn tile_pictures_match_the_contest_table() {
        // The contest's picture of tile t is 00000/01000/01110/00100/00000.
        let text = tile_pictures(&[Tile::from_letter(b't').unwrap()], 0);
        let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(rows, ["  t", ".....", ".#...", ".#+#.", "..#..", "....."]);
    }
}
