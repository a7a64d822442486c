//! A Dobutsu shogi position (12 cells, two hands, the side to move), move
//! generation, play, and the end of the game as the project's rules have it:
//! catching the lion wins, and a lion that stands on its far row at the start
//! of its side's turn has won by the try.

use crate::game::Side;

/// Piece kinds (the low three bits of a cell); an owner bit marks gote's.
pub const CHICK: u8 = 1;
pub const ELEPHANT: u8 = 2;
pub const GIRAFFE: u8 = 3;
pub const LION: u8 = 4;
pub const HEN: u8 = 5;
/// Set on gote's pieces.
pub const GOTE: u8 = 8;

/// Columns A-C, rows 1-4 (row 1 at the top, gote's camp): cell = row * 3 + column.
pub const CELLS: usize = 12;

/// The kinds that go to hand, in hand order.
pub const HAND_KINDS: [u8; 3] = [CHICK, ELEPHANT, GIRAFFE];

/// A move: a board move (`from` a cell) or a drop (`from` = [`Move::DROP`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    /// The kind moved or dropped (before promotion).
    pub kind: u8,
    /// A chick reaching the far row by a move becomes a hen.
    pub promotes: bool,
    /// What stood on `to` (0: nothing), kind and owner bit.
    pub captured: u8,
}

impl Move {
    pub const DROP: u8 = 12;

    pub fn is_drop(&self) -> bool {
        self.from == Move::DROP
    }
}

/// The position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each cell: 0, or a kind with [`GOTE`] set for gote's pieces.
    pub(crate) board: [u8; CELLS],
    /// Pieces in hand, `[side][hand index]`.
    pub(crate) hands: [[u8; 3]; 2],
    /// 0 sente (first, moving up), 1 gote.
    pub(crate) side: u8,
}

/// (row step, column step) of each kind for sente; gote's rows are mirrored.
fn steps(kind: u8) -> &'static [(i8, i8)] {
    match kind {
        CHICK => &[(-1, 0)],
        ELEPHANT => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        GIRAFFE => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
        LION => &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ],
        HEN => &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)],
        _ => &[],
    }
}

/// `ATTACKS[owner][kind][cell]`: the cells a piece attacks, as a 12-bit set.
static ATTACKS: std::sync::LazyLock<[[[u16; CELLS]; 6]; 2]> = std::sync::LazyLock::new(|| {
    let mut table = [[[0u16; CELLS]; 6]; 2];
    for (owner, per_owner) in table.iter_mut().enumerate() {
        for kind in CHICK..=HEN {
            for (cell, targets) in per_owner[kind as usize].iter_mut().enumerate() {
                let (row, column) = ((cell / 3) as i8, (cell % 3) as i8);
                for &(dr, dc) in steps(kind) {
                    let dr = if owner == 1 { -dr } else { dr };
                    let (r, c) = (row + dr, column + dc);
                    if (0..4).contains(&r) && (0..3).contains(&c) {
                        *targets |= 1 << (r * 3 + c);
                    }
                }
            }
        }
    }
    table
});

/// The cells a piece of `owner` and `kind` on `cell` attacks.
pub fn attacks(owner: usize, kind: u8, cell: usize) -> u16 {
    ATTACKS[owner][kind as usize][cell]
}

/// The far row of `side`: row 1 (cells 0-2) for sente, row 4 (cells 9-11) for gote.
pub fn far_row(side: usize) -> std::ops::Range<usize> {
    if side == 0 {
        0..3
    } else {
        9..12
    }
}

/// Zobrist keys: a piece code on a cell, a hand count, the side to move.
struct Keys {
    cells: [[u64; 16]; CELLS],
    hands: [[[u64; 3]; 3]; 2],
    gote_to_move: u64,
}

static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(|| {
    let mut next = crate::game::splitmix64(0x9e37_79b9_7f4a_7c15u64);
    let mut keys = Keys {
        cells: [[0; 16]; CELLS],
        hands: [[[0; 3]; 3]; 2],
        gote_to_move: 0,
    };
    for cell in keys.cells.iter_mut() {
        for code in cell.iter_mut().skip(1) {
            *code = next();
        }
    }
    for side in keys.hands.iter_mut() {
        for kind in side.iter_mut() {
            for count in kind.iter_mut().skip(1) {
                *count = next();
            }
        }
    }
    keys.gote_to_move = next();
    keys
});

impl Position {
    /// The start: gote's giraffe, lion, elephant on A1-C1 and chick on B2;
    /// sente's chick on B3 and elephant, lion, giraffe on A4-C4.
    pub fn start() -> Position {
        let g = GOTE;
        Position {
            board: [
                GIRAFFE | g,
                LION | g,
                ELEPHANT | g,
                0,
                CHICK | g,
                0,
                0,
                CHICK,
                0,
                ELEPHANT,
                LION,
                GIRAFFE,
            ],
            hands: [[0; 3]; 2],
            side: 0,
        }
    }

    /// The side to move, 0 sente or 1 gote.
    pub fn side(&self) -> usize {
        self.side as usize
    }

    /// The game's side type for the side to move.
    pub fn side_to_move(&self) -> Side {
        Side::from_index(self.side())
    }

    /// What stands on `cell`: 0 or a kind with the owner bit.
    pub fn at(&self, cell: usize) -> u8 {
        self.board[cell]
    }

    /// Every piece on the board: its cell, its kind and its owner (0 sente, 1 gote).
    pub fn pieces(&self) -> impl Iterator<Item = (usize, u8, usize)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, &piece)| piece != 0)
            .map(|(cell, &piece)| (cell, piece & 7, Position::owner(piece)))
    }

    /// `side`'s count of the `index`-th hand kind (chick, elephant, giraffe).
    pub fn hand(&self, side: usize, index: usize) -> u8 {
        self.hands[side][index]
    }

    fn owner(piece: u8) -> usize {
        usize::from(piece & GOTE != 0)
    }

    /// The cell of `side`'s lion, if it is on the board.
    pub fn lion(&self, side: usize) -> Option<usize> {
        let code = LION | if side == 1 { GOTE } else { 0 };
        self.board.iter().position(|&p| p == code)
    }

    /// The cells `side`'s pieces attack.
    pub fn attacked_by(&self, side: usize) -> u16 {
        let mut set = 0;
        for (cell, &piece) in self.board.iter().enumerate() {
            if piece != 0 && Position::owner(piece) == side {
                set |= attacks(side, piece & 7, cell);
            }
        }
        set
    }

    /// The cells occupied by `side`.
    pub fn occupied_by(&self, side: usize) -> u16 {
        let mut set = 0;
        for (cell, &piece) in self.board.iter().enumerate() {
            if piece != 0 && Position::owner(piece) == side {
                set |= 1 << cell;
            }
        }
        set
    }

    /// The result decided on the board for the side to move: its lion caught
    /// (lost) or its lion on its far row at the start of its turn (won by the try).
    pub fn decided(&self) -> Option<bool> {
        let me = self.side();
        match self.lion(me) {
            None => Some(false),
            Some(cell) if far_row(me).contains(&cell) => Some(true),
            Some(_) => None,
        }
    }

    /// Appends the moves of the side to move (none once the game is decided).
    pub fn generate(&self, out: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        let me = self.side();
        let own = self.occupied_by(me);
        for (from, &piece) in self.board.iter().enumerate() {
            if piece == 0 || Position::owner(piece) != me {
                continue;
            }
            let kind = piece & 7;
            let mut targets = attacks(me, kind, from) & !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                out.push(Move {
                    from: from as u8,
                    to: to as u8,
                    kind,
                    promotes: kind == CHICK && far_row(me).contains(&to),
                    captured: self.board[to],
                });
            }
        }
        for (index, &kind) in HAND_KINDS.iter().enumerate() {
            if self.hands[me][index] == 0 {
                continue;
            }
            for to in 0..CELLS {
                if self.board[to] == 0 {
                    out.push(Move {
                        from: Move::DROP,
                        to: to as u8,
                        kind,
                        promotes: false,
                        captured: 0,
                    });
                }
            }
        }
    }

    /// Plays a move from [`Position::generate`].
    pub fn make(&mut self, m: Move) {
        let me = self.side();
        let owner_bit = if me == 1 { GOTE } else { 0 };
        if m.is_drop() {
            let index = HAND_KINDS
                .iter()
                .position(|&k| k == m.kind)
                .expect("a hand kind");
            self.hands[me][index] -= 1;
        } else {
            self.board[m.from as usize] = 0;
            if m.captured != 0 {
                // A hen goes back to hand as a chick; a lion ends the game.
                let kind = match m.captured & 7 {
                    HEN => CHICK,
                    kind => kind,
                };
                if let Some(index) = HAND_KINDS.iter().position(|&k| k == kind) {
                    self.hands[me][index] += 1;
                }
            }
        }
        let kind = if m.promotes { HEN } else { m.kind };
        self.board[m.to as usize] = kind | owner_bit;
        self.side ^= 1;
    }

    /// The Zobrist key of the whole position.
    pub fn zobrist(&self) -> u64 {
        let keys = &*KEYS;
        let mut key = if self.side == 1 { keys.gote_to_move } else { 0 };
        for (cell, &piece) in self.board.iter().enumerate() {
            key ^= keys.cells[cell][piece as usize];
        }
        for side in 0..2 {
            for index in 0..3 {
                key ^= keys.hands[side][index][self.hands[side][index].min(2) as usize];
            }
        }
        key | 1
    }
}
