//! The notation the small shogi variants share with Fairy-Stockfish: the
//! FEN (board rows from the top, a piece as a letter, upper case for sente
//! and lower case for gote, `+` before a promoted or second face, a digit
//! for a run of empty cells; the hand in brackets, `-` or nothing when
//! empty; `w` or `b` to move; Fairy-Stockfish's castling, en-passant and
//! move-counter fields, written and skipped when read; then any fields of
//! the game's own), the squares (a file letter from the left, a rank counted
//! from sente's side at the bottom: `a1` is sente's left corner) and the
//! moves (`b1a2`, with a suffix `+` or `-` where a piece turns over, and
//! drops `P@c3` or `+P@c3`). Each game maps the written pieces to its own.

/// A piece as the notation writes it: its letter (upper case), whose it is,
/// and whether a `+` comes before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// The letter, upper case.
    pub letter: char,
    /// Gote's (written in lower case).
    pub gote: bool,
    /// Promoted, or the second face up (`+`).
    pub plus: bool,
}

impl Written {
    /// Sente's piece `letter` (upper case), unpromoted.
    pub fn new(letter: char) -> Written {
        Written {
            letter,
            gote: false,
            plus: false,
        }
    }

    /// The same piece for `gote`, with `plus` set as given.
    pub fn with(self, gote: bool, plus: bool) -> Written {
        Written { gote, plus, ..self }
    }

    /// Its text: `+` if promoted, the letter in the owner's case.
    pub fn text(self) -> String {
        let letter = if self.gote {
            self.letter.to_ascii_lowercase()
        } else {
            self.letter
        };
        if self.plus {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// A FEN as read: the board cell by cell (row-major from the top-left),
/// the hand, the side to move, and the fields after Fairy-Stockfish's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFen<'a> {
    pub board: Vec<Option<Written>>,
    pub hand: Vec<Written>,
    pub gote_to_move: bool,
    /// Fields after the side to move that are not Fairy-Stockfish's
    /// castling (`-`), en-passant (`-`) or counters (numbers).
    pub extra: Vec<&'a str>,
}

/// A move as written, before any game has judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenMove {
    /// `from` `to` (cells), and the suffix `+` or `-` if there is one.
    Board {
        from: usize,
        to: usize,
        suffix: Option<char>,
    },
    /// A piece (sente's case: the mover's) dropped on `to`.
    Drop { piece: Written, to: usize },
}

/// A board's size: files from the left, ranks from sente's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: usize,
    pub ranks: usize,
}

impl Geometry {
    /// The cells: `files * ranks`, row-major from the top-left.
    pub fn cells(self) -> usize {
        self.files * self.ranks
    }

    /// Fairy-Stockfish's name of `cell`: `a1` at the bottom left.
    pub fn square_name(self, cell: usize) -> String {
        let file = (b'a' + (cell % self.files) as u8) as char;
        format!("{file}{}", self.ranks - cell / self.files)
    }

    /// The cell of square `file` `rank` (`b'a'`, `b'1'`), if it is on the board.
    pub fn parse_square(self, file: u8, rank: u8) -> Option<usize> {
        let column = usize::from(file.checked_sub(b'a')?);
        let rank = usize::from(rank.checked_sub(b'0')?);
        (column < self.files && (1..=self.ranks).contains(&rank))
            .then(|| (self.ranks - rank) * self.files + column)
    }

    /// The FEN of `board` (row-major, `None` empty), `hand` and the side to
    /// move, with Fairy-Stockfish's fields `- - 0 1` after it.
    pub fn write(self, board: &[Option<Written>], hand: &[Written], gote_to_move: bool) -> String {
        let rows: Vec<String> = board
            .chunks(self.files)
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for cell in row {
                    match cell {
                        None => empty += 1,
                        Some(piece) => {
                            if empty > 0 {
                                text += &empty.to_string();
                                empty = 0;
                            }
                            text += &piece.text();
                        }
                    }
                }
                if empty > 0 {
                    text += &empty.to_string();
                }
                text
            })
            .collect();
        let hand: String = hand.iter().map(|p| p.text()).collect();
        let side = if gote_to_move { 'b' } else { 'w' };
        format!("{}[{hand}] {side} - - 0 1", rows.join("/"))
    }

    /// Reads a FEN; the error names what is wrong. `letters` are the piece
    /// letters the game has (upper case).
    pub fn read<'a>(self, fen: &'a str, letters: &str) -> Result<ReadFen<'a>, String> {
        let fen = fen.trim();
        let (board_text, rest) = fen
            .split_once('[')
            .ok_or_else(|| format!("`{fen}`: no hand in brackets after the board"))?;
        let (hand_text, rest) = rest
            .split_once(']')
            .ok_or_else(|| format!("`{fen}`: the hand's `]` is missing"))?;
        let piece = |letter: char, plus: bool, what: &dyn Fn() -> String| {
            let upper = letter.to_ascii_uppercase();
            if letter.is_ascii_alphabetic() && letters.contains(upper) {
                Ok(Written::new(upper).with(letter.is_ascii_lowercase(), plus))
            } else {
                Err(format!("{}: `{letter}` is not a piece", what()))
            }
        };
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != self.ranks {
            return Err(format!(
                "`{board_text}`: {} ranks, not {}",
                rows.len(),
                self.ranks
            ));
        }
        let mut board = Vec::with_capacity(self.cells());
        for (row, text) in rows.iter().enumerate() {
            let rank = self.ranks - row;
            let start = board.len();
            let mut plus = false;
            for letter in text.chars() {
                if letter == '+' {
                    plus = true;
                    continue;
                }
                if let Some(n) = letter.to_digit(10) {
                    board.extend(std::iter::repeat_n(None, n as usize));
                } else {
                    board.push(Some(piece(letter, plus, &|| format!("rank {rank}"))?));
                }
                plus = false;
                if board.len() - start > self.files {
                    return Err(format!(
                        "rank {rank} of `{board_text}` is longer than {}",
                        self.files
                    ));
                }
            }
            if board.len() - start != self.files {
                return Err(format!(
                    "rank {rank} of `{board_text}` has {} cells, not {}",
                    board.len() - start,
                    self.files
                ));
            }
        }
        let mut hand = Vec::new();
        let mut plus = false;
        for letter in hand_text.chars().filter(|&c| c != '-') {
            if letter == '+' {
                plus = true;
                continue;
            }
            hand.push(piece(letter, plus, &|| format!("hand `{hand_text}`"))?);
            plus = false;
        }
        let mut fields = rest.split_whitespace();
        let gote_to_move = match fields.next() {
            Some("w") => false,
            Some("b") => true,
            Some(other) => return Err(format!("`{other}`: the side to move is w or b")),
            None => return Err(format!("`{fen}`: no side to move")),
        };
        let extra = fields
            .filter(|f| *f != "-" && f.parse::<u32>().is_err())
            .collect();
        Ok(ReadFen {
            board,
            hand,
            gote_to_move,
            extra,
        })
    }

    /// Reads a move's syntax: `b1a2`, `b1a2+`, `b1a2-`, `P@c3`, `+P@c3`
    /// (the drop's letter in either case); `None` if it is not one.
    pub fn parse_move(self, text: &str) -> Option<WrittenMove> {
        if let Some((piece, square)) = text.split_once('@') {
            let (plus, letter) = match piece.strip_prefix('+') {
                Some(letter) => (true, letter),
                None => (false, piece),
            };
            let mut letters = letter.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return None;
            };
            let square = square.as_bytes();
            if !letter.is_ascii_alphabetic() || square.len() != 2 {
                return None;
            }
            let to = self.parse_square(square[0], square[1])?;
            let piece = Written::new(letter.to_ascii_uppercase()).with(false, plus);
            return Some(WrittenMove::Drop { piece, to });
        }
        let bytes = text.as_bytes();
        let (body, suffix) = match bytes.last() {
            Some(&c @ (b'+' | b'-')) => (&bytes[..bytes.len() - 1], Some(c as char)),
            _ => (bytes, None),
        };
        if body.len() != 4 {
            return None;
        }
        Some(WrittenMove::Board {
            from: self.parse_square(body[0], body[1])?,
            to: self.parse_square(body[2], body[3])?,
            suffix,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOBUTSU: Geometry = Geometry { files: 3, ranks: 4 };
    const KYOTO: Geometry = Geometry { files: 5, ranks: 5 };

    #[test]
    fn squares_are_named_from_sente_s_bottom_left() {
        assert_eq!(DOBUTSU.square_name(0), "a4");
        assert_eq!(DOBUTSU.square_name(11), "c1");
        assert_eq!(KYOTO.square_name(22), "c1");
        for g in [DOBUTSU, KYOTO] {
            for cell in 0..g.cells() {
                let name = g.square_name(cell);
                let b = name.as_bytes();
                assert_eq!(g.parse_square(b[0], b[1]), Some(cell), "{name}");
            }
        }
        assert_eq!(DOBUTSU.parse_square(b'd', b'1'), None);
        assert_eq!(DOBUTSU.parse_square(b'a', b'5'), None);
        assert_eq!(DOBUTSU.parse_square(b'a', b'0'), None);
    }

    #[test]
    fn a_fen_reads_back_as_written() {
        let fen = "p+nks+l/5/5/5/+LSK+NP[Pp] w - - 0 1";
        let read = KYOTO.read(fen, "PLNSK").unwrap();
        assert_eq!(read.board[1], Some(Written::new('N').with(true, true)));
        assert_eq!(read.board[20], Some(Written::new('L').with(false, true)));
        assert_eq!(read.board.iter().filter(|c| c.is_none()).count(), 15);
        assert_eq!(read.hand.len(), 2);
        assert!(!read.gote_to_move && read.extra.is_empty());
        assert_eq!(KYOTO.write(&read.board, &read.hand, false), fen);
        let with_points = KYOTO
            .read("5/5/2k2/5/2K2[] b points=3,12", "PLNSK")
            .unwrap();
        assert!(with_points.gote_to_move);
        assert_eq!(with_points.extra, ["points=3,12"]);
    }

    #[test]
    fn a_bad_fen_says_what_is_wrong() {
        let error = |fen: &str| DOBUTSU.read(fen, "CEGL").unwrap_err();
        assert!(error("gle/1c1/1C1/ELG w").contains("no hand"));
        assert!(error("gle/1c1/1C1/ELG[ w").contains("`]` is missing"));
        assert!(error("gle/1c1/ELG[] w").contains("3 ranks, not 4"));
        assert!(error("gle/1x1/1C1/ELG[] w").contains("rank 3: `x` is not a piece"));
        assert!(error("gle/1c2/1C1/ELG[] w").contains("longer than 3"));
        assert!(error("gle/1c/1C1/ELG[] w").contains("has 2 cells, not 3"));
        assert!(error("gle/1c1/1C1/ELG[Z] w").contains("hand `Z`"));
        assert!(error("gle/1c1/1C1/ELG[] x").contains("w or b"));
        assert!(error("gle/1c1/1C1/ELG[]").contains("no side to move"));
    }

    #[test]
    fn moves_read_as_board_moves_and_drops() {
        assert_eq!(
            KYOTO.parse_move("b1a2+"),
            Some(WrittenMove::Board {
                from: 21,
                to: 15,
                suffix: Some('+')
            })
        );
        assert_eq!(
            DOBUTSU.parse_move("b3b2"),
            Some(WrittenMove::Board {
                from: 4,
                to: 7,
                suffix: None
            })
        );
        assert_eq!(
            KYOTO.parse_move("+p@c3"),
            Some(WrittenMove::Drop {
                piece: Written::new('P').with(false, true),
                to: 12
            })
        );
        for bad in ["", "b1", "b1a9", "z1a2", "@c3", "PP@c3", "P@c", "b1a2*"] {
            assert_eq!(KYOTO.parse_move(bad), None, "{bad}");
        }
    }
}
