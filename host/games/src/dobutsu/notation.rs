//! Dobutsu shogi notation: Fairy-Stockfish's `dobutsu` FEN (`gle/1c1/1C1/ELG[-] w 0 1`)
//! and moves (`b3b2`, `a3a4+`, `C@b2`; files a-c from the left, ranks 1-4
//! from sente's side), and the seed's cells for people (columns A-C, rows 1-4
//! from the top: `B3B2`, a drop `C*B2` with C, E or G for chick, elephant,
//! giraffe). Upper-case cells are the seed's, lower-case Fairy-Stockfish's.

use super::position::{
    Move, Position, CELLS, CHICK, ELEPHANT, GIRAFFE, GOTE, HAND_KINDS, HEN, LION,
};
use crate::game::fen::{Geometry, Written, WrittenMove};

/// The board: files a-c, ranks 1-4.
const BOARD: Geometry = Geometry { files: 3, ranks: 4 };
/// The piece letters.
const LETTERS: &str = "CEGL";

/// A cell code (kind and owner bit) as written.
fn written(code: u8) -> Written {
    let letter = match code & 7 {
        CHICK | HEN => 'C',
        ELEPHANT => 'E',
        GIRAFFE => 'G',
        _ => 'L',
    };
    Written::new(letter).with(code & GOTE != 0, code & 7 == HEN)
}

fn kind_of_letter(letter: char) -> Option<u8> {
    match letter.to_ascii_uppercase() {
        'C' => Some(CHICK),
        'E' => Some(ELEPHANT),
        'G' => Some(GIRAFFE),
        'L' => Some(LION),
        _ => None,
    }
}

/// Fairy-Stockfish's name of a cell: file a-c, rank 4 at the top.
pub fn square_name(cell: usize) -> String {
    BOARD.square_name(cell)
}

/// The seed's name of a cell: column A-C, row 1 at the top.
pub fn seed_cell_name(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell % 3) as u8) as char, cell / 3 + 1)
}

/// A cell from the seed's two characters (column A-C, row 1-4 from the top).
fn parse_seed_cell(file: u8, row: u8) -> Option<usize> {
    if !(b'A'..=b'C').contains(&file) || !(b'1'..=b'4').contains(&row) {
        return None;
    }
    Some(usize::from(row - b'1') * 3 + usize::from(file - b'A'))
}

/// The syntax of a move in either notation: Fairy-Stockfish's, or the
/// seed's cells (`B3B2`, `C*B2`).
fn parse_syntax(text: &str) -> Option<WrittenMove> {
    let bytes = text.as_bytes();
    if bytes.len() == 4 && bytes[1] == b'*' {
        let letter = (bytes[0] as char).to_ascii_uppercase();
        let to = parse_seed_cell(bytes[2], bytes[3])?;
        return Some(WrittenMove::Drop {
            piece: Written::new(letter),
            to,
        });
    }
    if bytes.len() == 4 && bytes[0].is_ascii_uppercase() && bytes[2].is_ascii_uppercase() {
        return Some(WrittenMove::Board {
            from: parse_seed_cell(bytes[0], bytes[1])?,
            to: parse_seed_cell(bytes[2], bytes[3])?,
            suffix: None,
        });
    }
    BOARD.parse_move(text)
}

impl Position {
    /// The position in Fairy-Stockfish's FEN.
    pub fn to_fen(&self) -> String {
        let board: Vec<Option<Written>> = self
            .board
            .iter()
            .map(|&code| (code != 0).then(|| written(code)))
            .collect();
        let mut hand = Vec::new();
        for side in 0..2 {
            for (index, &kind) in HAND_KINDS.iter().enumerate() {
                let piece = written(kind | if side == 1 { GOTE } else { 0 });
                hand.extend(std::iter::repeat_n(
                    piece,
                    usize::from(self.hands[side][index]),
                ));
            }
        }
        BOARD.write(&board, &hand, self.side == 1)
    }

    /// Reads a Fairy-Stockfish FEN (the castling, en-passant and move-count
    /// fields may be there or not); the error names what is wrong.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let read = BOARD.read(fen, LETTERS)?;
        let mut position = Position {
            board: [0; CELLS],
            hands: [[0; 3]; 2],
            side: u8::from(read.gote_to_move),
        };
        for (cell, piece) in read.board.iter().enumerate() {
            if let Some(piece) = piece {
                let kind = match (piece.plus, kind_of_letter(piece.letter)) {
                    (false, Some(kind)) => kind,
                    (true, Some(CHICK)) => HEN,
                    _ => return Err(format!("`{}`: only a chick promotes", piece.text())),
                };
                position.board[cell] = kind | if piece.gote { GOTE } else { 0 };
            }
        }
        for piece in &read.hand {
            let index = kind_of_letter(piece.letter)
                .and_then(|kind| HAND_KINDS.iter().position(|&k| k == kind))
                .filter(|_| !piece.plus)
                .ok_or_else(|| format!("`{}` cannot be in hand", piece.text()))?;
            position.hands[usize::from(piece.gote)][index] += 1;
        }
        if position.lion(0).is_none() && position.lion(1).is_none() {
            return Err("no lion on the board".to_string());
        }
        let count = |kind: u8| {
            position
                .board
                .iter()
                .filter(|&&p| p & 7 == kind || (kind == CHICK && p & 7 == HEN))
                .count()
                + HAND_KINDS.iter().position(|&k| k == kind).map_or(0, |i| {
                    usize::from(position.hands[0][i] + position.hands[1][i])
                })
        };
        for (kind, name) in [
            (CHICK, "chicks"),
            (ELEPHANT, "elephants"),
            (GIRAFFE, "giraffes"),
            (LION, "lions"),
        ] {
            if count(kind) > 2 {
                return Err(format!("{} {name}: the game has two", count(kind)));
            }
        }
        Ok(position)
    }

    /// A move in Fairy-Stockfish's notation.
    pub fn move_text(m: Move) -> String {
        if m.is_drop() {
            format!("{}@{}", written(m.kind).text(), square_name(m.to as usize))
        } else {
            let promotion = if m.promotes { "+" } else { "" };
            format!(
                "{}{}{promotion}",
                square_name(m.from as usize),
                square_name(m.to as usize)
            )
        }
    }

    /// The move in the seed's cells (`B3B2`, `C*B2`).
    pub fn seed_move_text(m: Move) -> String {
        if m.is_drop() {
            format!(
                "{}*{}",
                written(m.kind).text(),
                seed_cell_name(m.to as usize)
            )
        } else {
            format!(
                "{}{}",
                seed_cell_name(m.from as usize),
                seed_cell_name(m.to as usize)
            )
        }
    }

    /// Reads a move in either notation and checks it against the rules; the
    /// error says what is malformed or why the move is illegal.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let malformed = || {
            format!(
                "`{text}` is not a move: write b3b2 or C@b2 (Fairy-Stockfish), or B3B2 or C*B2 (the seed's cells)"
            )
        };
        if let Some(reason) = self.game_over_reason() {
            return Err(format!("{text}: the game is over ({reason})"));
        }
        let me = self.side();
        let mut legal = Vec::new();
        self.generate(&mut legal);
        let (from, to) = match parse_syntax(text).ok_or_else(malformed)? {
            WrittenMove::Drop { piece, to } => {
                let kind = kind_of_letter(piece.letter).ok_or_else(malformed)?;
                let index = HAND_KINDS
                    .iter()
                    .position(|&k| k == kind)
                    .ok_or_else(|| format!("{text}: a lion is never in hand"))?;
                if piece.plus {
                    return Err(format!("{text}: a piece in hand is never promoted"));
                }
                if self.hands[me][index] == 0 {
                    return Err(format!("{text}: you have no {} in hand", kind_name(kind)));
                }
                if self.board[to] != 0 {
                    return Err(format!("{text}: the cell is occupied"));
                }
                return legal
                    .into_iter()
                    .find(|m| m.is_drop() && m.kind == kind && usize::from(m.to) == to)
                    .ok_or_else(malformed);
            }
            WrittenMove::Board {
                suffix: Some('-'), ..
            } => return Err(malformed()),
            WrittenMove::Board { from, to, .. } => (from, to),
        };
        let piece = self.board[from];
        if piece == 0 || usize::from(piece & GOTE != 0) != me {
            return Err(format!("{text}: no piece of yours on that cell"));
        }
        let found = legal
            .into_iter()
            .find(|m| !m.is_drop() && usize::from(m.from) == from && usize::from(m.to) == to);
        match found {
            Some(m) => Ok(m),
            None if self.occupied_by(me) & (1 << to) != 0 => {
                Err(format!("{text}: your own piece stands there"))
            }
            None => Err(format!(
                "{text}: the {} does not move that way",
                kind_name(piece & 7)
            )),
        }
    }

    /// Why the game is over, if it is (a caught lion or a try).
    pub fn game_over_reason(&self) -> Option<&'static str> {
        match self.decided() {
            Some(false) => Some("the lion of the side to move has been caught"),
            Some(true) => Some("the side to move has won by the try"),
            None => None,
        }
    }
}

/// A kind's English name.
pub fn kind_name(kind: u8) -> &'static str {
    match kind {
        CHICK => "chick",
        ELEPHANT => "elephant",
        GIRAFFE => "giraffe",
        LION => "lion",
        HEN => "hen",
        _ => "piece",
    }
}
