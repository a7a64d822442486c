//! A Kyoto shogi position on 5 x 5 (with the points of Simulation shogi when
//! they are on), move generation with the king kept safe, play with the flip
//! of every moved piece, and the points rule.

use crate::game::Side;

/// Faces. Each non-king piece shows one face of a pair and turns over after
/// every move of it: pawn <-> rook, lance <-> tokin, knight <-> gold, silver <-> bishop.
pub const PAWN: u8 = 1;
pub const LANCE: u8 = 2;
pub const KNIGHT: u8 = 3;
pub const SILVER: u8 = 4;
pub const ROOK: u8 = 5;
pub const TOKIN: u8 = 6;
pub const GOLD: u8 = 7;
pub const BISHOP: u8 = 8;
pub const KING: u8 = 9;
/// Set on gote's pieces.
pub const GOTE: u8 = 16;

/// Row 0 is rank 1 (the top, gote's back rank); column 0 is file 5 (the left).
pub const CELLS: usize = 25;

/// The kinds that go to hand (the first faces), in hand order.
pub const HAND_KINDS: [u8; 4] = [PAWN, LANCE, KNIGHT, SILVER];

/// Points a drop costs (and needs before it).
pub const DROP_COST: u16 = 10;

/// The face a piece shows after it moves.
pub fn flipped(face: u8) -> u8 {
    match face {
        PAWN => ROOK,
        ROOK => PAWN,
        LANCE => TOKIN,
        TOKIN => LANCE,
        KNIGHT => GOLD,
        GOLD => KNIGHT,
        SILVER => BISHOP,
        BISHOP => SILVER,
        other => other,
    }
}

/// The first face of the pair a face belongs to (what a captured piece becomes in hand).
pub fn base(face: u8) -> u8 {
    match face {
        ROOK => PAWN,
        TOKIN => LANCE,
        GOLD => KNIGHT,
        BISHOP => SILVER,
        other => other,
    }
}

/// Whether a face is the second of its pair (written with `+`).
pub fn is_promoted(face: u8) -> bool {
    matches!(face, ROOK | TOKIN | GOLD | BISHOP)
}

/// A move or a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell moved from, or [`Move::DROP`].
    pub from: u8,
    pub to: u8,
    /// The face moved (before the flip) or the face dropped.
    pub face: u8,
    /// What stood on `to` (0: nothing), with the owner bit.
    pub captured: u8,
}

impl Move {
    pub const DROP: u8 = 25;

    pub fn is_drop(&self) -> bool {
        self.from == Move::DROP
    }

    /// The face the piece shows after the move.
    pub fn face_after(&self) -> u8 {
        if self.is_drop() {
            self.face
        } else {
            flipped(self.face)
        }
    }
}

/// The position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u8; CELLS],
    /// Pieces in hand, `[side][hand index]`.
    pub(crate) hands: [[u8; 4]; 2],
    /// 0 sente (moving up), 1 gote.
    pub(crate) side: u8,
    /// Simulation shogi's points, or `None` for plain Kyoto shogi.
    pub(crate) points: Option<[u16; 2]>,
}

const ORTHOGONAL: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAGONAL: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];
const SILVER_STEPS: [(i8, i8); 5] = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)];
const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// (row, column) offsets.
type Steps = &'static [(i8, i8)];

/// A face's single steps and sliding directions, for sente (row -1 is forward).
fn motion(face: u8) -> (Steps, Steps) {
    match face {
        PAWN => (&[(-1, 0)], &[]),
        LANCE => (&[], &[(-1, 0)]),
        KNIGHT => (&[(-2, -1), (-2, 1)], &[]),
        SILVER => (&SILVER_STEPS, &[]),
        GOLD | TOKIN => (&GOLD_STEPS, &[]),
        ROOK => (&[], &ORTHOGONAL),
        BISHOP => (&[], &DIAGONAL),
        KING => (&KING_STEPS, &[]),
        _ => (&[], &[]),
    }
}

/// The cells strictly between `a` and `b` when they share a row, a column
/// or a diagonal, a bit a cell (none otherwise).
fn between(a: usize, b: usize) -> u32 {
    let (ar, ac) = ((a / 5) as i8, (a % 5) as i8);
    let (br, bc) = ((b / 5) as i8, (b % 5) as i8);
    let (dr, dc) = (br - ar, bc - ac);
    if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
        return 0;
    }
    let (sr, sc) = (dr.signum(), dc.signum());
    let (mut r, mut c) = (ar + sr, ac + sc);
    let mut cells = 0u32;
    while (r, c) != (br, bc) {
        cells |= 1 << (r * 5 + c);
        r += sr;
        c += sc;
    }
    cells
}

/// Zobrist keys.
struct Keys {
    cells: [[u64; 32]; CELLS],
    hands: [[[u64; 5]; 4]; 2],
    gote_to_move: u64,
    points: [[u64; 64]; 2],
}

static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(|| {
    let mut next = crate::game::splitmix64(0x2545_f491_4f6c_dd1du64);
    let mut keys = Keys {
        cells: [[0; 32]; CELLS],
        hands: [[[0; 5]; 4]; 2],
        gote_to_move: 0,
        points: [[0; 64]; 2],
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
    for side in keys.points.iter_mut() {
        for value in side.iter_mut() {
            *value = next();
        }
    }
    keys
});

impl Position {
    /// The start (`p+nks+l/5/5/5/+LSK+NP`), with points at 0 when `points` is on.
    pub fn start(points: bool) -> Position {
        let g = GOTE;
        let mut board = [0; CELLS];
        board[..5].copy_from_slice(&[PAWN | g, GOLD | g, KING | g, SILVER | g, TOKIN | g]);
        board[20..].copy_from_slice(&[TOKIN, SILVER, KING, GOLD, PAWN]);
        Position {
            board,
            hands: [[0; 4]; 2],
            side: 0,
            points: points.then_some([0, 0]),
        }
    }

    pub fn side(&self) -> usize {
        self.side as usize
    }

    pub fn side_to_move(&self) -> Side {
        Side::from_index(self.side())
    }

    pub fn at(&self, cell: usize) -> u8 {
        self.board[cell]
    }

    pub fn hand(&self, side: usize, index: usize) -> u8 {
        self.hands[side][index]
    }

    pub fn points(&self) -> Option<[u16; 2]> {
        self.points
    }

    fn owner(piece: u8) -> usize {
        usize::from(piece & GOTE != 0)
    }

    /// Every piece on the board: its cell, its face and its owner (0 sente, 1 gote).
    pub fn pieces(&self) -> impl Iterator<Item = (usize, u8, usize)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, &piece)| piece != 0)
            .map(|(cell, &piece)| (cell, piece & 15, Position::owner(piece)))
    }

    /// The cell of `side`'s king.
    pub fn king(&self, side: usize) -> Option<usize> {
        let code = KING | if side == 1 { GOTE } else { 0 };
        self.board.iter().position(|&p| p == code)
    }

    /// Calls `visit` with every cell the piece on `from` attacks.
    pub(crate) fn for_each_target(&self, from: usize, mut visit: impl FnMut(usize)) {
        let piece = self.board[from];
        let owner = Position::owner(piece);
        let (steps, slides) = motion(piece & 15);
        let (row, column) = ((from / 5) as i8, (from % 5) as i8);
        let forward = if owner == 1 { -1 } else { 1 };
        for &(dr, dc) in steps {
            let (r, c) = (row + dr * forward, column + dc);
            if (0..5).contains(&r) && (0..5).contains(&c) {
                visit((r * 5 + c) as usize);
            }
        }
        for &(dr, dc) in slides {
            let (mut r, mut c) = (row + dr * forward, column + dc);
            while (0..5).contains(&r) && (0..5).contains(&c) {
                let cell = (r * 5 + c) as usize;
                visit(cell);
                if self.board[cell] != 0 {
                    break;
                }
                r += dr * forward;
                c += dc;
            }
        }
    }

    /// Whether `side`'s pieces attack `cell`: looked for outward from the
    /// cell, a step or a knight's jump away, and along the eight lines.
    pub fn attacks(&self, side: usize, cell: usize) -> bool {
        let owner_bit = if side == 1 { GOTE } else { 0 };
        let forward: i8 = if side == 1 { -1 } else { 1 };
        let (row, column) = ((cell / 5) as i8, (cell % 5) as i8);
        let piece_at = |r: i8, c: i8| -> Option<u8> {
            ((0..5).contains(&r) && (0..5).contains(&c)).then(|| self.board[(r * 5 + c) as usize])
        };
        let mine = |piece: u8| piece != 0 && piece & GOTE == owner_bit;
        // Steps and jumps: a piece at cell - offset whose face has that offset.
        for &(dr, dc) in KING_STEPS.iter().chain(&[(-2, -1), (-2, 1)]) {
            let Some(piece) = piece_at(row - dr * forward, column - dc) else {
                continue;
            };
            if mine(piece) && motion(piece & 15).0.contains(&(dr, dc)) {
                return true;
            }
        }
        // Lines: the first piece along each direction, if it slides back this way.
        for &(dr, dc) in KING_STEPS.iter() {
            let (mut r, mut c) = (row - dr * forward, column - dc);
            while let Some(piece) = piece_at(r, c) {
                if piece != 0 {
                    if mine(piece) && motion(piece & 15).1.contains(&(dr, dc)) {
                        return true;
                    }
                    break;
                }
                r -= dr * forward;
                c -= dc;
            }
        }
        false
    }

    /// Whether `side`'s king is attacked.
    pub fn in_check(&self, side: usize) -> bool {
        self.king(side).is_some_and(|k| self.attacks(1 - side, k))
    }

    /// Whether the side to move may drop now (points on: at least 10).
    pub fn may_drop(&self) -> bool {
        self.points.is_none_or(|p| p[self.side()] >= DROP_COST)
    }

    /// The moves of the side to move that obey the piece motions, before the
    /// king's safety is checked.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let me = self.side();
        for from in 0..CELLS {
            let piece = self.board[from];
            if piece == 0 || Position::owner(piece) != me {
                continue;
            }
            self.for_each_target(from, |to| {
                let target = self.board[to];
                if target == 0 || Position::owner(target) != me {
                    out.push(Move {
                        from: from as u8,
                        to: to as u8,
                        face: piece & 15,
                        captured: target,
                    });
                }
            });
        }
        if !self.may_drop() {
            return;
        }
        for (index, &kind) in HAND_KINDS.iter().enumerate() {
            if self.hands[me][index] == 0 {
                continue;
            }
            for to in 0..CELLS {
                if self.board[to] == 0 {
                    for face in [kind, flipped(kind)] {
                        out.push(Move {
                            from: Move::DROP,
                            to: to as u8,
                            face,
                            captured: 0,
                        });
                    }
                }
            }
        }
    }

    /// The legal moves: those that leave the mover's king unattacked. The
    /// king may step where the other side attacks nothing once the king has
    /// left its cell. Out of check a drop never exposes the king, and
    /// another piece may move unless it alone stands between its king and a
    /// slider of the other side. In check another piece's move or a drop
    /// must land on a checker or between a sliding checker and the king.
    /// Only the moves these rules leave in doubt are played out and tried.
    pub fn generate(&self, out: &mut Vec<Move>) {
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_moves(&mut pseudo);
        let me = self.side();
        let Some(king) = self.king(me) else {
            out.extend(pseudo);
            return;
        };
        let tried = |m: Move| {
            let mut after = *self;
            after.make(m);
            !after.in_check(me)
        };
        let mut without_king = *self;
        without_king.board[king] = 0;
        // Taking the king off its cell changes nothing that attacks that cell.
        let danger = without_king.attacked_cells(1 - me);
        if danger & (1 << king) != 0 {
            let evasions = self.checks_met_on(me, king);
            out.extend(pseudo.into_iter().filter(|&m| {
                if m.face == KING && !m.is_drop() {
                    danger & (1 << m.to) == 0
                } else {
                    evasions & (1 << m.to) != 0 && tried(m)
                }
            }));
            return;
        }
        let pinned = self.pinned(me, king);
        out.extend(pseudo.into_iter().filter(|&m| {
            if m.is_drop() {
                true
            } else if m.face == KING {
                danger & (1 << m.to) == 0
            } else {
                pinned & (1 << m.from) == 0 || tried(m)
            }
        }));
    }

    /// The cells where a move other than the king's may meet the checks on
    /// `side`'s king (on `king`): the checkers' cells and the cells between
    /// a sliding checker and the king, a bit a cell.
    fn checks_met_on(&self, side: usize, king: usize) -> u32 {
        let mut cells = 0u32;
        for (cell, _, owner) in self.pieces() {
            if owner == side {
                continue;
            }
            let mut checks = false;
            self.for_each_target(cell, |to| checks |= to == king);
            if checks {
                cells |= 1 << cell | between(cell, king);
            }
        }
        cells
    }

    /// The cells `side`'s pieces attack, a bit a cell.
    fn attacked_cells(&self, side: usize) -> u32 {
        let mut cells = 0u32;
        for (cell, _, owner) in self.pieces() {
            if owner == side {
                self.for_each_target(cell, |to| cells |= 1 << to);
            }
        }
        cells
    }

    /// `side`'s pieces that alone stand between its king (on `king`) and a
    /// slider of the other side that reaches the king along that line once
    /// they move away, a bit a cell.
    fn pinned(&self, side: usize, king: usize) -> u32 {
        let (row, column) = ((king / 5) as i8, (king % 5) as i8);
        let forward: i8 = if side == 1 { 1 } else { -1 };
        let mut pinned = 0u32;
        for &(dr, dc) in KING_STEPS.iter() {
            // Outward from the king; the slider moves back along (dr, dc)
            // by its own forward, the opposite of this side's.
            let (step_r, step_c) = (-dr * forward, -dc);
            let (mut r, mut c) = (row + step_r, column + step_c);
            let mut shield = None;
            while (0..5).contains(&r) && (0..5).contains(&c) {
                let cell = (r * 5 + c) as usize;
                let piece = self.board[cell];
                if piece != 0 {
                    if Position::owner(piece) == side {
                        if shield.is_some() {
                            break;
                        }
                        shield = Some(cell);
                    } else {
                        if let Some(shield) = shield {
                            if motion(piece & 15).1.contains(&(dr, dc)) {
                                pinned |= 1 << shield;
                            }
                        }
                        break;
                    }
                }
                r += step_r;
                c += step_c;
            }
        }
        pinned
    }

    /// Plays a move (legal or at least from [`Position::pseudo_moves`]).
    pub fn make(&mut self, m: Move) {
        let me = self.side();
        let owner_bit = if me == 1 { GOTE } else { 0 };
        if m.is_drop() {
            let index = HAND_KINDS
                .iter()
                .position(|&k| k == base(m.face))
                .expect("a hand kind");
            self.hands[me][index] -= 1;
        } else {
            self.board[m.from as usize] = 0;
            if m.captured != 0 {
                let kind = base(m.captured & 15);
                if let Some(index) = HAND_KINDS.iter().position(|&k| k == kind) {
                    self.hands[me][index] += 1;
                }
            }
        }
        self.board[m.to as usize] = m.face_after() | owner_bit;
        if let Some(points) = &mut self.points {
            if m.is_drop() {
                points[me] -= DROP_COST;
            }
            points[me] += if m.captured != 0 { 4 } else { 1 };
        }
        self.side ^= 1;
    }

    /// The Zobrist key of everything that makes the position, points included.
    pub fn zobrist(&self) -> u64 {
        let keys = &*KEYS;
        let mut key = if self.side == 1 { keys.gote_to_move } else { 0 };
        for (cell, &piece) in self.board.iter().enumerate() {
            key ^= keys.cells[cell][piece as usize];
        }
        for side in 0..2 {
            for index in 0..4 {
                key ^= keys.hands[side][index][self.hands[side][index].min(4) as usize];
            }
        }
        if let Some(points) = self.points {
            for (side, &value) in points.iter().enumerate() {
                let p = usize::from(value);
                key ^= keys.points[side][p % 64].rotate_left((p / 64) as u32 + 1);
            }
        }
        key | 1
    }
}
