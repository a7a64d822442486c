//! The contest move code `xytr` (and the pass `0000`): strict parsing of wire
//! bytes, forgiving parsing of what a person types, and formatting.

use crate::cell::hex_digit;
use crate::tiles::Tile;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A move as the contest writes it: a pass, or a tile, orientation and reference cell.
///
/// The coordinates are kept as written (0..=14): the organisers' referee takes
/// the digit `0` as well-formed and only then rejects the move as off the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveCode {
    /// `0000`.
    Pass,
    /// `xytr`.
    Place {
        x: u8,
        y: u8,
        tile: Tile,
        orientation: u8,
    },
}

/// Why a 4-byte move code is malformed. Positions are 1-based byte numbers.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CodeError {
    #[error("a move code has exactly 4 bytes (xytr or 0000), got {0}")]
    Length(usize),
    #[error("byte {position} ({shown}) is not {expected}")]
    Byte {
        position: usize,
        shown: String,
        expected: &'static str,
    },
}

fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("0x{b:02x}")
    }
}

/// How strictly to read letters.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Case {
    /// The wire: lower-case hex digits and tile letters only.
    Lower,
    /// A person typing: either case.
    Either,
}

impl MoveCode {
    /// Parses exactly the 4 bytes a player sends on the wire (lower case only).
    pub fn from_wire(bytes: &[u8]) -> Result<MoveCode, CodeError> {
        MoveCode::parse(bytes, Case::Lower)
    }

    /// Parses 4 bytes with the given letter case rule.
    pub fn parse(bytes: &[u8], case: Case) -> Result<MoveCode, CodeError> {
        if bytes.len() != 4 {
            return Err(CodeError::Length(bytes.len()));
        }
        if bytes == b"0000" {
            return Ok(MoveCode::Pass);
        }
        let fold = |b: u8| match case {
            Case::Lower => b,
            Case::Either => b.to_ascii_lowercase(),
        };
        let bad = |position: usize, expected: &'static str| CodeError::Byte {
            position,
            shown: show_byte(bytes[position - 1]),
            expected,
        };
        let coordinate = |position: usize| -> Result<u8, CodeError> {
            match fold(bytes[position - 1]) {
                b @ b'0'..=b'9' => Ok(b - b'0'),
                b @ b'a'..=b'e' => Ok(b - b'a' + 10),
                _ => Err(bad(
                    position,
                    if position == 1 {
                        "an x coordinate: a hex digit 1-9 or a-e"
                    } else {
                        "a y coordinate: a hex digit 1-9 or a-e"
                    },
                )),
            }
        };
        let x = coordinate(1)?;
        let y = coordinate(2)?;
        let tile = Tile::from_letter(fold(bytes[2])).ok_or_else(|| bad(3, "a tile letter a-u"))?;
        let orientation = match bytes[3] {
            b @ b'0'..=b'7' => b - b'0',
            _ => return Err(bad(4, "an orientation digit 0-7")),
        };
        Ok(MoveCode::Place {
            x,
            y,
            tile,
            orientation,
        })
    }

    /// The 4 wire bytes.
    pub fn to_wire(self) -> [u8; 4] {
        let mut out = [0u8; 4];
        out.copy_from_slice(self.to_string().as_bytes());
        out
    }
}

impl FromStr for MoveCode {
    type Err = CodeError;

    /// Reads a code as a person types it: surrounding blanks ignored, either case.
    fn from_str(s: &str) -> Result<MoveCode, CodeError> {
        MoveCode::parse(s.trim().as_bytes(), Case::Either)
    }
}

impl fmt::Display for MoveCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveCode::Pass => write!(f, "0000"),
            MoveCode::Place {
                x,
                y,
                tile,
                orientation,
            } => write!(f, "{}{}{}{}", hex_digit(x), hex_digit(y), tile, orientation),
        }
    }
}

/// Parses a comma-separated list of codes as a person types them (empty items ignored).
pub fn parse_code_list(list: &str) -> Result<Vec<MoveCode>, CodeListError> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| {
            s.parse().map_err(|error| CodeListError {
                number: i + 1,
                text: s.to_string(),
                error,
            })
        })
        .collect()
}

/// A malformed code in a list, with its place in the list.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("move {number} ({text:?}): {error}")]
pub struct CodeListError {
    pub number: usize,
    pub text: String,
    pub error: CodeError,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn byte_error(code: &[u8]) -> (usize, &'static str) {
        match MoveCode::from_wire(code) {
            Err(CodeError::Byte {
                position, expected, ..
            }) => (position, expected),
            other => panic!("{code:?} gave {other:?}"),
        }
    }

    #[test]
    fn wire_codes_round_trip() {
        for text in ["55t0", "aau0", "a4t3", "0000", "e1a7", "00a0"] {
            let code = MoveCode::from_wire(text.as_bytes()).unwrap();
            assert_eq!(code.to_string(), text);
            assert_eq!(&code.to_wire(), text.as_bytes());
        }
        assert_eq!(
            MoveCode::from_wire(b"a4t3").unwrap(),
            MoveCode::Place {
                x: 10,
                y: 4,
                tile: Tile::from_letter(b't').unwrap(),
                orientation: 3
            }
        );
    }

    #[test]
    fn wire_rejects_upper_case_and_names_the_byte() {
        assert_eq!(byte_error(b"A4t3").0, 1);
        assert_eq!(byte_error(b"aAt3").0, 2);
        assert_eq!(byte_error(b"a4T3"), (3, "a tile letter a-u"));
        assert_eq!(byte_error(b"a4t8"), (4, "an orientation digit 0-7"));
        assert_eq!(byte_error(b"f4t3").0, 1);
        assert_eq!(byte_error(b"4gt3").0, 2);
        assert_eq!(byte_error(b"44v3").0, 3);
        assert_eq!(byte_error(b"44\n3").0, 3);
        assert_eq!(MoveCode::from_wire(b"55t"), Err(CodeError::Length(3)));
        assert_eq!(MoveCode::from_wire(b"55t00"), Err(CodeError::Length(5)));
        let message = MoveCode::from_wire(b"a4T3").unwrap_err().to_string();
        assert_eq!(message, "byte 3 ('T') is not a tile letter a-u");
        let message = MoveCode::from_wire(b"a4\x013").unwrap_err().to_string();
        assert!(message.contains("0x01"), "{message}");
    }

    #[test]
    fn a_person_may_type_either_case_and_blanks() {
        let typed: MoveCode = " A4T3 ".parse().unwrap();
        assert_eq!(typed, MoveCode::from_wire(b"a4t3").unwrap());
        assert!("a4t9".parse::<MoveCode>().is_err());
    }

    #[test]
    fn code_lists_name_the_bad_item() {
        assert_eq!(parse_code_list("55t0, aau0,,").unwrap().len(), 2);
        let err = parse_code_list("55t0,aaz0").unwrap_err();
        assert_eq!(err.number, 2);
        assert!(err.to_string().starts_with("move 2 (\"aaz0\"): byte 3"));
    }
}
