//! Kyoto shogi notation. Fairy-Stockfish's `kyotoshogi` FEN
//! (`p+nks+l/5/5/5/+LSK+NP[-] w 0 1`: ranks from the top, files a-e from the
//! left = files 5-1; `+` marks the second face: +P rook, +L tokin, +N gold,
//! +S bishop) and moves (`b1a2+` flipping to the second face, `a1a2-` back to
//! the first, `c1c2` for the king, drops `P@b3` / `+P@b3` with the face shown).
//! Simulation shogi's points follow the FEN as one more field, `points=S,G`
//! (sente's, gote's); a FEN without it is a plain Kyoto shogi position.
//! The seed's input for people: four digits, file and rank from and to
//! (`5453`: file 5 rank 4 to file 5 rank 3), and drops `0` + the seed's piece
//! digit + the cell (`0133`: a pawn on file 3 rank 3). Its piece digits are
//! 1 pawn, 2 lance, 3 knight, 4 silver (shown face first), and 5 rook,
//! 6 tokin, 7 gold, 8 bishop (the same pieces dropped with the second face up).

use super::position::{
    base, flipped, is_promoted, Move, Position, BISHOP, CELLS, GOLD, GOTE, HAND_KINDS, KING,
    KNIGHT, LANCE, PAWN, ROOK, SILVER, TOKIN,
};
use crate::game::fen::{Geometry, Written, WrittenMove};

/// The board: files a-e (files 5-1), ranks 1-5.
const BOARD: Geometry = Geometry { files: 5, ranks: 5 };
/// The piece letters (the first faces and the king).
const LETTERS: &str = "PLNSK";

/// A face as written (`+` and the first face's letter for a second face).
fn written(face: u8, gote: bool) -> Written {
    let letter = match base(face) {
        PAWN => 'P',
        LANCE => 'L',
        KNIGHT => 'N',
        SILVER => 'S',
        _ => 'K',
    };
    Written::new(letter).with(gote, is_promoted(face))
}

fn base_of_letter(letter: char) -> Option<u8> {
    match letter.to_ascii_uppercase() {
        'P' => Some(PAWN),
        'L' => Some(LANCE),
        'N' => Some(KNIGHT),
        'S' => Some(SILVER),
        'K' => Some(KING),
        _ => None,
    }
}

/// The face a written piece shows; an error for `+K`.
fn face_of(piece: Written) -> Result<u8, String> {
    match (base_of_letter(piece.letter), piece.plus) {
        (Some(KING), true) => Err("`+K`: the king has one face".to_string()),
        (Some(kind), false) => Ok(kind),
        (Some(kind), true) => Ok(flipped(kind)),
        (None, _) => Err(format!("`{}` is not a piece", piece.text())),
    }
}

/// Fairy-Stockfish's name of a cell: file a-e from the left, rank 5 at the top.
pub fn square_name(cell: usize) -> String {
    BOARD.square_name(cell)
}

/// The seed's cell from a file digit (5 at the left) and rank digit (1 at the top).
fn parse_seed_cell(file: u8, rank: u8) -> Option<usize> {
    if !(b'1'..=b'5').contains(&file) || !(b'1'..=b'5').contains(&rank) {
        return None;
    }
    Some(usize::from(rank - b'1') * 5 + usize::from(b'5' - file))
}

/// The seed's piece digit of a dropped face.
fn seed_drop_face(digit: u8) -> Option<u8> {
    match digit {
        b'1' => Some(PAWN),
        b'2' => Some(LANCE),
        b'3' => Some(KNIGHT),
        b'4' => Some(SILVER),
        b'5' => Some(ROOK),
        b'6' => Some(TOKIN),
        b'7' => Some(GOLD),
        b'8' => Some(BISHOP),
        _ => None,
    }
}

/// A face's English name.
pub fn face_name(face: u8) -> &'static str {
    match face {
        PAWN => "pawn",
        LANCE => "lance",
        KNIGHT => "knight",
        SILVER => "silver",
        ROOK => "rook",
        TOKIN => "tokin",
        GOLD => "gold",
        BISHOP => "bishop",
        KING => "king",
        _ => "piece",
    }
}

impl Position {
    /// The position in Fairy-Stockfish's FEN, with `points=S,G` when points are on.
    pub fn to_fen(&self) -> String {
        let board: Vec<Option<Written>> = self
            .board
            .iter()
            .map(|&code| (code != 0).then(|| written(code & 15, code & GOTE != 0)))
            .collect();
        let mut hand = Vec::new();
        for side in 0..2 {
            for (index, &kind) in HAND_KINDS.iter().enumerate() {
                let piece = written(kind, side == 1);
                hand.extend(std::iter::repeat_n(
                    piece,
                    usize::from(self.hands[side][index]),
                ));
            }
        }
        let mut fen = BOARD.write(&board, &hand, self.side == 1);
        if let Some([s, g]) = self.points {
            fen += &format!(" points={s},{g}");
        }
        fen
    }

    /// Reads a FEN (the castling, en-passant and counter fields may be there
    /// or not; `points=S,G` makes it Simulation shogi).
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let read = BOARD.read(fen, LETTERS)?;
        let mut position = Position {
            board: [0; CELLS],
            hands: [[0; 4]; 2],
            side: u8::from(read.gote_to_move),
            points: None,
        };
        for (cell, piece) in read.board.iter().enumerate() {
            if let Some(piece) = piece {
                position.board[cell] = face_of(*piece)? | if piece.gote { GOTE } else { 0 };
            }
        }
        for piece in &read.hand {
            let index = base_of_letter(piece.letter)
                .and_then(|kind| HAND_KINDS.iter().position(|&k| k == kind))
                .filter(|_| !piece.plus)
                .ok_or_else(|| format!("`{}` cannot be in hand", piece.text()))?;
            position.hands[usize::from(piece.gote)][index] += 1;
        }
        for field in read.extra {
            if let Some(values) = field.strip_prefix("points=") {
                let (s, g) = values
                    .split_once(',')
                    .ok_or_else(|| format!("`{field}`: write points=SENTE,GOTE"))?;
                let parse = |v: &str| {
                    v.parse::<u16>()
                        .ok()
                        .filter(|&p| p < 10_000)
                        .ok_or_else(|| format!("`{field}`: `{v}` is not a number of points"))
                };
                position.points = Some([parse(s)?, parse(g)?]);
            }
        }
        for side in 0..2 {
            let kings = position
                .board
                .iter()
                .filter(|&&p| p == KING | if side == 1 { GOTE } else { 0 })
                .count();
            if kings != 1 {
                let who = if side == 0 { "sente" } else { "gote" };
                return Err(format!("{who} has {kings} kings, not 1"));
            }
        }
        if position.in_check(1 - position.side()) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(position)
    }

    /// A move in Fairy-Stockfish's notation.
    pub fn move_text(m: Move) -> String {
        if m.is_drop() {
            return format!(
                "{}@{}",
                written(m.face, false).text(),
                square_name(m.to as usize)
            );
        }
        let flip = if m.face == KING {
            ""
        } else if is_promoted(m.face_after()) {
            "+"
        } else {
            "-"
        };
        format!(
            "{}{}{flip}",
            square_name(m.from as usize),
            square_name(m.to as usize)
        )
    }

    /// Reads a move in Fairy-Stockfish's notation or the seed's digits and
    /// checks it against the rules; the error says what is malformed or why
    /// the move is illegal.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let malformed = || {
            format!(
                "`{text}` is not a move: write b1b2+ or +P@c3 (Fairy-Stockfish), or 5453 or 0133 (the seed's digits)"
            )
        };
        let me = self.side();
        let mut legal = Vec::new();
        self.generate(&mut legal);
        if legal.is_empty() {
            return Err(format!("{text}: the game is over (checkmate)"));
        }
        let bytes = text.as_bytes();
        let (from, to, drop_face) = if bytes.len() == 4 && bytes.iter().all(u8::is_ascii_digit) {
            if bytes[0] == b'0' {
                let face = seed_drop_face(bytes[1]).ok_or_else(malformed)?;
                (
                    None,
                    parse_seed_cell(bytes[2], bytes[3]).ok_or_else(malformed)?,
                    Some(face),
                )
            } else {
                let from = parse_seed_cell(bytes[0], bytes[1]).ok_or_else(malformed)?;
                (
                    Some(from),
                    parse_seed_cell(bytes[2], bytes[3]).ok_or_else(malformed)?,
                    None,
                )
            }
        } else {
            match BOARD.parse_move(text).ok_or_else(malformed)? {
                WrittenMove::Drop { piece, to } => {
                    if base_of_letter(piece.letter) == Some(KING) {
                        return Err(format!("{text}: a king is never in hand"));
                    }
                    (None, to, Some(face_of(piece).map_err(|_| malformed())?))
                }
                WrittenMove::Board { from, to, .. } => (Some(from), to, None),
            }
        };
        match (from, drop_face) {
            (None, Some(face)) => {
                let index = HAND_KINDS
                    .iter()
                    .position(|&k| k == base(face))
                    .expect("a kind");
                if self.hands[me][index] == 0 {
                    return Err(format!(
                        "{text}: you have no {} in hand",
                        face_name(base(face))
                    ));
                }
                if let Some(points) = self.points {
                    if points[me] < super::position::DROP_COST {
                        return Err(format!(
                            "{text}: a drop costs 10 points and you have {}",
                            points[me]
                        ));
                    }
                }
                if self.board[to] != 0 {
                    return Err(format!("{text}: the cell is occupied"));
                }
                legal
                    .into_iter()
                    .find(|m| m.is_drop() && m.face == face && usize::from(m.to) == to)
                    .ok_or_else(|| format!("{text}: it leaves your king in check"))
            }
            (Some(from), _) => {
                let piece = self.board[from];
                if piece == 0 || usize::from(piece & GOTE != 0) != me {
                    return Err(format!(
                        "{text}: no piece of yours on {}",
                        square_name(from)
                    ));
                }
                if let Some(m) = legal.iter().find(|m| {
                    !m.is_drop() && usize::from(m.from) == from && usize::from(m.to) == to
                }) {
                    return Ok(*m);
                }
                let mut pseudo = Vec::new();
                self.pseudo_moves(&mut pseudo);
                if pseudo
                    .iter()
                    .any(|m| !m.is_drop() && usize::from(m.from) == from && usize::from(m.to) == to)
                {
                    Err(format!("{text}: it leaves your king in check"))
                } else {
                    Err(format!(
                        "{text}: the {} on {} cannot move to {}",
                        face_name(piece & 15),
                        square_name(from),
                        square_name(to)
                    ))
                }
            }
            (None, None) => Err(malformed()),
        }
    }
}
