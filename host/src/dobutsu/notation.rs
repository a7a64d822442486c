//! Dobutsu shogi notation: Fairy-Stockfish's `dobutsu` FEN (`gle/1c1/1C1/ELG[-] w 0 1`)
//! and moves (`b3b2`, `a3a4+`, `C@b2`; files a-c from the left, ranks 1-4
//! from sente's side), and the seed's cells for people (columns A-C, rows 1-4
//! from the top: `B3B2`, a drop `C*B2` with C, E or G for chick, elephant,
//! giraffe). Upper-case cells are the seed's, lower-case Fairy-Stockfish's.

use super::position::{Move, Position, CHICK, ELEPHANT, GIRAFFE, GOTE, HAND_KINDS, HEN, LION};

/// A piece's FEN letter(s) for a cell code.
fn piece_text(code: u8) -> String {
    let letter = match code & 7 {
        CHICK | HEN => 'C',
        ELEPHANT => 'E',
        GIRAFFE => 'G',
        LION => 'L',
        _ => '?',
    };
    let letter = if code & GOTE != 0 {
        letter.to_ascii_lowercase()
    } else {
        letter
    };
    if code & 7 == HEN {
        format!("+{letter}")
    } else {
        letter.to_string()
    }
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
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, 4 - cell / 3)
}

/// The seed's name of a cell: column A-C, row 1 at the top.
pub fn seed_cell_name(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell % 3) as u8) as char, cell / 3 + 1)
}

/// A cell from either notation's two characters.
fn parse_cell(file: u8, rank: u8) -> Option<usize> {
    let (column, seed) = match file {
        b'a'..=b'c' => (file - b'a', false),
        b'A'..=b'C' => (file - b'A', true),
        _ => return None,
    };
    if !(b'1'..=b'4').contains(&rank) {
        return None;
    }
    let number = rank - b'0';
    let row = if seed { number - 1 } else { 4 - number };
    Some(usize::from(row) * 3 + usize::from(column))
}

impl Position {
    /// The position in Fairy-Stockfish's FEN.
    pub fn to_fen(&self) -> String {
        let mut text = String::new();
        for row in 0..4 {
            let mut empty = 0;
            for column in 0..3 {
                let code = self.board[row * 3 + column];
                if code == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text += &piece_text(code);
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            if row < 3 {
                text.push('/');
            }
        }
        let mut hand = String::new();
        for side in 0..2 {
            for (index, &kind) in HAND_KINDS.iter().enumerate() {
                for _ in 0..self.hands[side][index] {
                    hand += &piece_text(kind | if side == 1 { GOTE } else { 0 });
                }
            }
        }
        let side = if self.side == 0 { 'w' } else { 'b' };
        format!("{text}[{hand}] {side} - - 0 1")
    }

    /// Reads a Fairy-Stockfish FEN (the castling, en-passant and move-count
    /// fields may be there or not); the error names what is wrong.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fen = fen.trim();
        let (board_text, rest) = fen
            .split_once('[')
            .ok_or_else(|| format!("`{fen}`: no hand in brackets after the board"))?;
        let (hand_text, rest) = rest
            .split_once(']')
            .ok_or_else(|| format!("`{fen}`: the hand's `]` is missing"))?;
        let mut position = Position {
            board: [0; 12],
            hands: [[0; 3]; 2],
            side: 0,
        };
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != 4 {
            return Err(format!("`{board_text}`: {} rows, not 4", rows.len()));
        }
        for (row, text) in rows.iter().enumerate() {
            let mut column = 0;
            let mut promoted = false;
            for letter in text.chars() {
                if letter == '+' {
                    promoted = true;
                    continue;
                }
                if let Some(n) = letter.to_digit(10) {
                    column += n as usize;
                    continue;
                }
                let kind = kind_of_letter(letter)
                    .ok_or_else(|| format!("row {}: `{letter}` is not a piece", row + 1))?;
                if column >= 3 {
                    return Err(format!(
                        "row {} of `{board_text}` is longer than 3",
                        row + 1
                    ));
                }
                let kind = match (promoted, kind) {
                    (false, kind) => kind,
                    (true, CHICK) => HEN,
                    (true, _) => return Err(format!("`+{letter}`: only a chick promotes")),
                };
                promoted = false;
                let owner = if letter.is_ascii_lowercase() { GOTE } else { 0 };
                position.board[row * 3 + column] = kind | owner;
                column += 1;
            }
            if column != 3 {
                return Err(format!(
                    "row {} of `{board_text}` has {column} cells, not 3",
                    row + 1
                ));
            }
        }
        for letter in hand_text.chars().filter(|&c| c != '-') {
            let kind = kind_of_letter(letter)
                .filter(|k| HAND_KINDS.contains(k))
                .ok_or_else(|| format!("hand `{hand_text}`: `{letter}` cannot be in hand"))?;
            let side = usize::from(letter.is_ascii_lowercase());
            let index = HAND_KINDS
                .iter()
                .position(|&k| k == kind)
                .expect("a hand kind");
            position.hands[side][index] += 1;
        }
        position.side = match rest.split_whitespace().next() {
            Some("w") => 0,
            Some("b") => 1,
            Some(other) => return Err(format!("`{other}`: the side to move is w or b")),
            None => return Err(format!("`{fen}`: no side to move")),
        };
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
            format!("{}@{}", piece_text(m.kind), square_name(m.to as usize))
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
            format!("{}*{}", piece_text(m.kind), seed_cell_name(m.to as usize))
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
        let bytes = text.as_bytes();
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
        if bytes.len() == 4 && (bytes[1] == b'@' || bytes[1] == b'*') {
            let kind = kind_of_letter(bytes[0] as char).ok_or_else(malformed)?;
            let to = parse_cell(bytes[2], bytes[3]).ok_or_else(malformed)?;
            let index = HAND_KINDS
                .iter()
                .position(|&k| k == kind)
                .ok_or_else(|| format!("{text}: a lion is never in hand"))?;
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
        let body = text.strip_suffix('+').unwrap_or(text).as_bytes();
        if body.len() != 4 {
            return Err(malformed());
        }
        let from = parse_cell(body[0], body[1]).ok_or_else(malformed)?;
        let to = parse_cell(body[2], body[3]).ok_or_else(malformed)?;
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
