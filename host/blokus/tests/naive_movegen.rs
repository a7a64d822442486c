//! Cross-check of the bitboard move generator and the rules engine against a
//! second, deliberately simple implementation written here: tiles read from the
//! contest's 5x5 pictures, a 14x14 array board, every tile, orientation and
//! reference cell tried cell by cell, placements told apart by their cell sets.

use blokus::MoveCode;
use blokus::{Position, Tile};
use games::blokus::{random_games, sensible_games};
use std::collections::BTreeSet;

/// The contest's pictures, rows top first, the centre is the reference cell.
const PICTURES: [&str; 21] = [
    "00000/00000/00100/00000/00000",
    "00000/00000/00100/00100/00000",
    "00000/00100/00100/00100/00000",
    "00000/00100/00110/00000/00000",
    "00000/00100/00100/00100/00100",
    "00000/00100/00100/01100/00000",
    "00000/00100/00110/00100/00000",
    "00000/00000/00110/00110/00000",
    "00000/00000/01100/00110/00000",
    "00100/00100/00100/00100/00100",
    "00100/00100/00100/01100/00000",
    "00100/00100/01100/01000/00000",
    "00000/00100/01100/01100/00000",
    "00000/01100/00100/01100/00000",
    "00000/00100/00110/00100/00100",
    "00000/00100/00100/01110/00000",
    "00100/00100/00111/00000/00000",
    "00000/01100/00110/00010/00000",
    "00000/01000/01110/00010/00000",
    "00000/01000/01110/00100/00000",
    "00000/00100/01110/00100/00000",
];

type Cells = BTreeSet<(i32, i32)>;

/// The cells of tile `t` in orientation `r` with its reference cell at (x, y).
fn naive_cells(t: usize, r: u8, x: i32, y: i32) -> Cells {
    let mut out = Cells::new();
    for (row, line) in PICTURES[t].split('/').enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch == '1' {
                let (mut dx, mut dy) = (col as i32 - 2, row as i32 - 2);
                // Quarter turns clockwise on a y-down board, then the mirror for odd r.
                for _ in 0..r / 2 {
                    let turned = (-dy, dx);
                    dx = turned.0;
                    dy = turned.1;
                }
                if r % 2 == 1 {
                    dx = -dx;
                }
                out.insert((x + dx, y + dy));
            }
        }
    }
    out
}

/// 0 empty, 1 player 1, 2 player 2; indexed [y-1][x-1].
struct NaiveBoard {
    cells: [[u8; 14]; 14],
    used: [[bool; 21]; 2],
    moved: [bool; 2],
}

impl NaiveBoard {
    fn new() -> NaiveBoard {
        NaiveBoard {
            cells: [[0; 14]; 14],
            used: [[false; 21]; 2],
            moved: [false; 2],
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        ((1..=14).contains(&x) && (1..=14).contains(&y))
            .then(|| self.cells[(y - 1) as usize][(x - 1) as usize])
    }

    fn legal(&self, who: usize, cells: &Cells) -> bool {
        let own = who as u8 + 1;
        let start = if who == 0 { (5, 5) } else { (10, 10) };
        let mut corner = false;
        for &(x, y) in cells {
            if self.at(x, y) != Some(0) {
                return false;
            }
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if self.at(x + dx, y + dy) == Some(own) {
                    return false;
                }
            }
            for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                if self.at(x + dx, y + dy) == Some(own) {
                    corner = true;
                }
            }
        }
        if self.moved[who] {
            corner
        } else {
            cells.contains(&start)
        }
    }

    fn placements(&self, who: usize) -> BTreeSet<Cells> {
        let mut out = BTreeSet::new();
        for t in (0..21).filter(|&t| !self.used[who][t]) {
            for r in 0..8 {
                for y in 1..=14 {
                    for x in 1..=14 {
                        let cells = naive_cells(t, r, x, y);
                        if self.legal(who, &cells) {
                            out.insert(cells);
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, who: usize, code: MoveCode) {
        if let MoveCode::Place {
            x,
            y,
            tile,
            orientation,
        } = code
        {
            let cells = naive_cells(tile.index(), orientation, x as i32, y as i32);
            assert!(self.legal(who, &cells), "the naive rules reject {code}");
            assert!(!self.used[who][tile.index()]);
            for (x, y) in cells {
                self.cells[(y - 1) as usize][(x - 1) as usize] = who as u8 + 1;
            }
            self.used[who][tile.index()] = true;
            self.moved[who] = true;
        }
    }
}

fn our_placements(position: &Position) -> BTreeSet<Cells> {
    position
        .legal_placements()
        .into_iter()
        .map(|p| {
            p.cells()
                .cells()
                .map(|c| (c.x() as i32, c.y() as i32))
                .collect()
        })
        .collect()
}

/// Replays games move by move on both implementations and compares the sets of
/// legal placements of the side to move at every position.
fn compare_games(games: Vec<Vec<Position>>) -> usize {
    let mut compared = 0;
    for history in games {
        let mut naive = NaiveBoard::new();
        for pair in history.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let who = before.to_move().index();
            let ours = our_placements(before);
            let expected = naive.placements(who);
            assert_eq!(ours.len(), expected.len(), "placement count differs");
            assert_eq!(ours, expected, "placement sets differ");
            assert_eq!(before.count_placements() as usize, expected.len());
            compared += 1;
            // Find the code that was played: the one cell set that changed.
            let mover = before.to_move();
            let added = after.cells(mover) & !before.cells(mover);
            let code = if added.is_empty() {
                MoveCode::Pass
            } else {
                blokus::pentobi::placement_from_cells(added)
                    .expect("a placed tile")
                    .code()
            };
            naive.play(who, code);
        }
    }
    compared
}

#[test]
fn random_games_agree_with_the_naive_generator_at_every_position() {
    let compared = compare_games(random_games(7, 12));
    assert!(compared > 300, "only {compared} positions");
}

#[test]
fn sensible_games_agree_with_the_naive_generator_at_every_position() {
    let compared = compare_games(sensible_games(11, 4, 4));
    assert!(compared > 100, "only {compared} positions");
}

#[test]
fn every_code_is_judged_like_the_naive_rules_on_sampled_positions() {
    // For sampled positions, every code (all tiles, orientations and 15x15
    // reference digits 0-e) is accepted by the engine exactly when the naive
    // rules accept its cells.
    for history in random_games(3, 2) {
        let mut naive = NaiveBoard::new();
        for (ply, pair) in history.windows(2).enumerate() {
            let (before, after) = (&pair[0], &pair[1]);
            let who = before.to_move().index();
            if ply % 5 == 0 {
                for t in 0..21 {
                    for r in 0..8 {
                        for y in 0..=14u8 {
                            for x in 0..=14u8 {
                                let tile = Tile::from_index(t);
                                let code = MoveCode::Place {
                                    x,
                                    y,
                                    tile,
                                    orientation: r,
                                };
                                let cells = naive_cells(t, r, i32::from(x), i32::from(y));
                                let naive_ok = !naive.used[who][t] && naive.legal(who, &cells);
                                assert_eq!(before.check(code).is_ok(), naive_ok, "{code}");
                            }
                        }
                    }
                }
            }
            let mover = before.to_move();
            let added = after.cells(mover) & !before.cells(mover);
            let code =
                blokus::pentobi::placement_from_cells(added).map_or(MoveCode::Pass, |p| p.code());
            naive.play(who, code);
        }
    }
}
