//! A Blokus Duo game position: whose turn, both players' cells and used tiles,
//! the placement rules with the reason for every rejection, passes, game end
//! and the contest score.

use crate::bitboard::Bitboard;
use crate::cell::Cell;
use crate::code::MoveCode;
use crate::tiles::{shape_table, Shape, ShapeId, Tile, ALL_TILES};
use std::fmt;
use thiserror::Error;

/// Player 1 (orange, `o`, starts on (5,5)) or player 2 (violet, `x`, starts on (a,a)).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    One,
    Two,
}

impl Player {
    /// 0 for player 1, 1 for player 2.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// The square this player's first tile must cover.
    pub fn start_square(self) -> Cell {
        match self {
            Player::One => Cell::new(5, 5).unwrap(),
            Player::Two => Cell::new(10, 10).unwrap(),
        }
    }

    /// The board symbol: `o` for player 1, `x` for player 2.
    #[inline]
    pub fn symbol(self) -> char {
        match self {
            Player::One => 'o',
            Player::Two => 'x',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::One => write!(f, "player 1 (o)"),
            Player::Two => write!(f, "player 2 (x)"),
        }
    }
}

/// One placement: an oriented shape at an anchor cell (the reference cell of
/// the shape's canonical code). All codes naming the same cells are one placement.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Placement {
    pub shape: ShapeId,
    pub anchor: Cell,
}

impl Placement {
    /// The shape data.
    #[inline]
    pub fn shape(self) -> &'static Shape {
        &shape_table().shapes[self.shape as usize]
    }

    /// The tile placed.
    #[inline]
    pub fn tile(self) -> Tile {
        self.shape().tile
    }

    /// The cell of its shape's bounding-box corner.
    #[inline]
    pub fn box_corner(self) -> Cell {
        Cell::from_index(self.anchor.index() - self.shape().anchor_shift() as usize)
    }

    /// The cells covered.
    #[inline]
    pub fn cells(self) -> Bitboard {
        self.shape().mask.translated_to(self.box_corner())
    }

    /// The canonical code (the lowest orientation number naming these cells).
    pub fn code(self) -> MoveCode {
        self.codes()[0]
    }

    /// Every code naming these cells, lowest orientation first.
    pub fn codes(self) -> Vec<MoveCode> {
        let corner = self.box_corner();
        let shape = self.shape();
        shape
            .codes
            .iter()
            .map(|&(orientation, (dx, dy))| MoveCode::Place {
                x: corner.x() + dx,
                y: corner.y() + dy,
                tile: shape.tile,
                orientation,
            })
            .collect()
    }

    /// The placement a code names, or where it leaves the board.
    pub fn from_code(x: u8, y: u8, tile: Tile, orientation: u8) -> Result<Placement, IllegalMove> {
        let (id, (rx, ry)) = shape_table().by_code[tile.index()][orientation as usize];
        let shape = &shape_table().shapes[id as usize];
        let off_board = || {
            let (cx, cy) = tile
                .offsets(orientation)
                .into_iter()
                .map(|(dx, dy)| (i16::from(x) + i16::from(dx), i16::from(y) + i16::from(dy)))
                .find(|&(cx, cy)| !(1..=14).contains(&cx) || !(1..=14).contains(&cy))
                .expect("a code off the board has a cell off the board");
            IllegalMove::OffBoard { x: cx, y: cy }
        };
        let corner = (x > rx && y > ry)
            .then(|| Cell::new(x - rx, y - ry))
            .flatten()
            .filter(|&c| shape.fitting_corners.contains(c))
            .ok_or_else(off_board)?;
        let (ax, ay) = shape.anchor_offset();
        Ok(Placement {
            shape: id,
            anchor: Cell::new(corner.x() + ax, corner.y() + ay).unwrap(),
        })
    }
}

/// A move: a pass or a placement.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Pass,
    Place(Placement),
}

impl Move {
    /// The canonical contest code of the move.
    pub fn code(self) -> MoveCode {
        match self {
            Move::Pass => MoveCode::Pass,
            Move::Place(p) => p.code(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}

/// Why a move may not be played.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("a player may not pass on its first move")]
    PassAsFirstMove,
    #[error("tile {0} is already used")]
    TileUsed(Tile),
    #[error("the tile leaves the board (a cell would be at x={x}, y={y})")]
    OffBoard { x: i16, y: i16 },
    #[error("cell {0} is already covered")]
    Overlap(Cell),
    #[error("cell {0} would share an edge with the player's own tile")]
    SharesEdge(Cell),
    #[error("the first tile must cover the start square {0}")]
    MissesStartSquare(Cell),
    #[error("no cell touches the player's own tiles corner to corner")]
    NoCornerContact,
}

/// A position: the tiles on the board, the tiles used, whose turn, passes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    cells: [Bitboard; 2],
    used: [u32; 2],
    last_tile: [Option<Tile>; 2],
    to_move: Player,
    passes_in_row: u8,
    plies: u16,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The empty board, player 1 to move.
    pub fn new() -> Position {
        Position::with_first(Player::One)
    }

    /// The empty board with `first` to move (the referee's `-r` lets player 2 start).
    pub fn with_first(first: Player) -> Position {
        Position {
            cells: [Bitboard::EMPTY; 2],
            used: [0; 2],
            last_tile: [None; 2],
            to_move: first,
            passes_in_row: 0,
            plies: 0,
        }
    }

    /// A position from nothing but what the board's registers hold: each
    /// player's cells and used tiles (bit `t` for tile `t`) and the side to
    /// move. No passes in a row, no last tiles; the ply count is the tiles
    /// placed. The cells are taken as given (no legality is checked).
    pub fn from_registers(cells: [Bitboard; 2], used: [u32; 2], to_move: Player) -> Position {
        Position {
            cells,
            used,
            last_tile: [None; 2],
            to_move,
            passes_in_row: 0,
            plies: (used[0].count_ones() + used[1].count_ones()) as u16,
        }
    }

    /// The position after playing `codes` from the start, or the first bad one
    /// (its 0-based number and why).
    pub fn from_codes(codes: &[MoveCode]) -> Result<Position, (usize, IllegalMove)> {
        let mut position = Position::new();
        for (i, &code) in codes.iter().enumerate() {
            position.play_code(code).map_err(|e| (i, e))?;
        }
        Ok(position)
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played so far, passes included.
    #[inline]
    pub fn plies(&self) -> u16 {
        self.plies
    }

    /// The cells covered by `player`'s tiles.
    #[inline]
    pub fn cells(&self, player: Player) -> Bitboard {
        self.cells[player.index()]
    }

    /// All covered cells.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.cells[0] | self.cells[1]
    }

    /// Bit `t` set when `player` has placed tile `t`.
    #[inline]
    pub fn used_tiles(&self, player: Player) -> u32 {
        self.used[player.index()]
    }

    /// Whether `player` has placed `tile`.
    #[inline]
    pub fn is_used(&self, player: Player, tile: Tile) -> bool {
        self.used[player.index()] & tile.bit() != 0
    }

    /// Whether `player` has made its first move (which is always a placement).
    #[inline]
    pub fn has_moved(&self, player: Player) -> bool {
        self.used[player.index()] != 0
    }

    /// Consecutive passes just played.
    #[inline]
    pub fn passes_in_row(&self) -> u8 {
        self.passes_in_row
    }

    /// Whether the game is over: two passes in a row, or a player has placed all 21 tiles.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.passes_in_row >= 2 || self.used.contains(&ALL_TILES)
    }

    /// Cells `player` may not cover: occupied, or sharing an edge with its own tiles.
    #[inline]
    pub fn forbidden(&self, player: Player) -> Bitboard {
        self.occupied() | self.cells(player).edge_neighbours()
    }

    /// Cells where `player`'s next tile may attach: free of [`Self::forbidden`]
    /// and diagonal to its own tiles (before its first tile: its start square, if free).
    #[inline]
    pub fn attach_cells(&self, player: Player) -> Bitboard {
        let own = self.cells(player);
        let touching = if own.is_empty() {
            Bitboard::from_cell(player.start_square())
        } else {
            own.diagonal_neighbours()
        };
        touching & !self.forbidden(player)
    }

    /// Checks a move for the player to move without playing it.
    pub fn check(&self, code: MoveCode) -> Result<Move, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let player = self.to_move;
        let (x, y, tile, orientation) = match code {
            MoveCode::Pass if !self.has_moved(player) => return Err(IllegalMove::PassAsFirstMove),
            MoveCode::Pass => return Ok(Move::Pass),
            MoveCode::Place {
                x,
                y,
                tile,
                orientation,
            } => (x, y, tile, orientation),
        };
        if self.is_used(player, tile) {
            return Err(IllegalMove::TileUsed(tile));
        }
        let placement = Placement::from_code(x, y, tile, orientation)?;
        let cells = placement.cells();
        if let Some(cell) = (cells & self.occupied()).cells().next() {
            return Err(IllegalMove::Overlap(cell));
        }
        if let Some(cell) = (cells & self.cells(player).edge_neighbours())
            .cells()
            .next()
        {
            return Err(IllegalMove::SharesEdge(cell));
        }
        if !cells.intersects(self.attach_cells(player)) {
            return Err(if self.has_moved(player) {
                IllegalMove::NoCornerContact
            } else {
                IllegalMove::MissesStartSquare(player.start_square())
            });
        }
        Ok(Move::Place(placement))
    }

    /// Checks and plays a move code for the player to move.
    pub fn play_code(&mut self, code: MoveCode) -> Result<Move, IllegalMove> {
        let m = self.check(code)?;
        self.play(m);
        Ok(m)
    }

    /// Plays a move known to be legal (from the move generator or [`Self::check`]).
    pub fn play(&mut self, m: Move) {
        let player = self.to_move.index();
        match m {
            Move::Pass => self.passes_in_row += 1,
            Move::Place(p) => {
                let tile = p.tile();
                debug_assert!(self.used[player] & tile.bit() == 0);
                self.cells[player] |= p.cells();
                self.used[player] |= tile.bit();
                self.last_tile[player] = Some(tile);
                self.passes_in_row = 0;
            }
        }
        self.to_move = self.to_move.other();
        self.plies += 1;
    }

    /// Cells of `player`'s tiles not yet placed.
    #[inline]
    pub fn unplaced_cells(&self, player: Player) -> u32 {
        Tile::all()
            .filter(|&t| !self.is_used(player, t))
            .map(|t| u32::from(t.size()))
            .sum()
    }

    /// The contest score: minus the unplaced cells, +15 for placing all 21
    /// tiles, +20 instead when the last tile placed was the monomino `a`.
    pub fn score(&self, player: Player) -> i32 {
        let unplaced = self.unplaced_cells(player) as i32;
        if self.used[player.index()] != ALL_TILES {
            -unplaced
        } else if self.last_tile[player.index()] == Some(Tile::from_index(0)) {
            20
        } else {
            15
        }
    }

    /// The winner by fewer unplaced cells (as the organisers' referee decides), or `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        let (one, two) = (
            self.unplaced_cells(Player::One),
            self.unplaced_cells(Player::Two),
        );
        match one.cmp(&two) {
            std::cmp::Ordering::Less => Some(Player::One),
            std::cmp::Ordering::Greater => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The tiles `player` still holds.
    pub fn tiles_left(&self, player: Player) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().filter(move |&t| !self.is_used(player, t))
    }

    /// Number of tiles `player` has placed.
    #[inline]
    pub fn tiles_placed(&self, player: Player) -> usize {
        self.used[player.index()].count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::parse_code_list;

    fn after(list: &str) -> Position {
        Position::from_codes(&parse_code_list(list).unwrap()).unwrap()
    }

    fn reason(list: &str, code: &str) -> IllegalMove {
        after(list).check(code.parse().unwrap()).unwrap_err()
    }

    #[test]
    fn every_rejection_reason() {
        // The seed thesis's opening: o has j at (5,4)-(5,8), x has p around (a,a).
        let opening = "56j0,aap0";
        assert_eq!(
            reason(opening, "11a0"),
            IllegalMove::NoCornerContact,
            "a lone tile far away"
        );
        assert_eq!(
            reason(opening, "56a0"),
            IllegalMove::Overlap(Cell::new(5, 6).unwrap())
        );
        assert_eq!(
            reason(opening, "a9a0").to_string(),
            "cell a9 is already covered"
        );
        assert_eq!(
            reason(opening, "66a0"),
            IllegalMove::SharesEdge(Cell::new(6, 6).unwrap())
        );
        assert_eq!(
            reason(opening, "58j0"),
            IllegalMove::TileUsed(Tile::from_index(9))
        );
        assert_eq!(
            reason(opening, "e1e0"),
            IllegalMove::OffBoard { x: 14, y: 0 }
        );
        assert_eq!(
            reason(opening, "05a0"),
            IllegalMove::OffBoard { x: 0, y: 5 }
        );
        assert_eq!(
            reason("", "11a0"),
            IllegalMove::MissesStartSquare(Cell::new(5, 5).unwrap())
        );
        assert_eq!(
            reason("56j0", "55a0"),
            IllegalMove::Overlap(Cell::new(5, 5).unwrap())
        );
        assert_eq!(
            reason("56j0", "99a0"),
            IllegalMove::MissesStartSquare(Cell::new(10, 10).unwrap())
        );
        assert_eq!(reason("", "0000"), IllegalMove::PassAsFirstMove);
        assert_eq!(reason("56j0", "0000"), IllegalMove::PassAsFirstMove);
        // Corner contact makes it legal: (6,9) touches (5,8) corner to corner.
        assert!(after(opening).check("69a0".parse().unwrap()).is_ok());
        // A pass is allowed after the first moves, even with moves left.
        assert_eq!(after(opening).check(MoveCode::Pass), Ok(Move::Pass));
    }

    #[test]
    fn two_passes_in_a_row_end_the_game_one_does_not() {
        let mut position = after("56j0,aap0,0000");
        assert!(!position.is_over());
        position.play_code(MoveCode::Pass).unwrap();
        assert!(position.is_over());
        assert!(position.legal_moves().is_empty());
        assert_eq!(
            position.check("69a0".parse().unwrap()),
            Err(IllegalMove::GameOver)
        );
        // A placement between passes resets the count.
        let position = after("56j0,aap0,0000,8ca0,0000");
        assert!(!position.is_over());
    }

    #[test]
    fn player_two_may_start_on_its_own_square() {
        let mut position = Position::with_first(Player::Two);
        assert_eq!(
            position.check("55a0".parse().unwrap()),
            Err(IllegalMove::MissesStartSquare(Cell::new(10, 10).unwrap()))
        );
        position.play_code("aaa0".parse().unwrap()).unwrap();
        assert_eq!(position.to_move(), Player::One);
    }

    #[test]
    fn scores_and_the_end_on_all_tiles_placed() {
        let position = after("56j0,aap0");
        assert_eq!(position.score(Player::One), -84);
        assert_eq!(position.winner(), None);
        let position = after("56j0,aaa0");
        assert_eq!(position.score(Player::Two), -88);
        assert_eq!(position.winner(), Some(Player::One));
        // All 21 tiles placed: the game ends at once; +15, or +20 with the monomino last.
        let mut done = after("56j0,aap0");
        done.used[0] = ALL_TILES;
        done.last_tile[0] = Some(Tile::from_index(20));
        assert!(done.is_over());
        assert_eq!(done.score(Player::One), 15);
        assert_eq!(done.winner(), Some(Player::One));
        done.last_tile[0] = Some(Tile::from_index(0));
        assert_eq!(done.score(Player::One), 20);
    }
}
