//! The messages of the contest protocol and the two request schemes.

use blokus::{MoveCode, Player};
use std::fmt;
use std::str::FromStr;

/// Which request messages the referee sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scheme {
    /// HEART 2014: `2S` first, `3S MMMM` second, `4 MMMM` after.
    #[default]
    S2014,
    /// ICFPT 2013: `2S` to both (blind first moves), `3 MMMM` after, and
    /// `4 MMMM MMMM` as the second player's second request.
    S2013,
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Scheme::S2014 => "2014",
            Scheme::S2013 => "2013",
        })
    }
}

impl FromStr for Scheme {
    type Err = String;
    fn from_str(s: &str) -> Result<Scheme, String> {
        match s {
            "2014" => Ok(Scheme::S2014),
            "2013" => Ok(Scheme::S2013),
            _ => Err(format!("unknown request scheme `{s}` (2014 or 2013)")),
        }
    }
}

/// `0`: a new game.
pub const NEW_GAME: u8 = b'0';
/// `9`: the game is over.
pub const GAME_OVER: u8 = b'9';
/// Bytes of a team code reply: `1` and a two-character id.
pub const TEAM_CODE_LEN: usize = 3;
/// Bytes of a move reply.
pub const MOVE_LEN: usize = 4;

/// The start-square byte of a request: `5` for (5,5), `A` for (a,a).
pub fn start_byte(player: Player) -> u8 {
    match player {
        Player::One => b'5',
        Player::Two => b'A',
    }
}

/// The player whose start square a request's `S` byte names (either case).
pub fn player_of_start_byte(byte: u8) -> Option<Player> {
    match byte {
        b'5' => Some(Player::One),
        b'A' | b'a' => Some(Player::Two),
        _ => None,
    }
}

/// A move request, as the referee sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// `2S`: move first (2014) or make the blind first move (2013).
    First { start: Player },
    /// `3S MMMM` (2014): move second, after the opponent's first move.
    Second { start: Player, opponent: MoveCode },
    /// `4 MMMM` (2014) or `3 MMMM` (2013): the opponent's last move.
    Later { scheme: Scheme, opponent: MoveCode },
    /// `4 MMMM MMMM` (2013): the second player's second request, with the
    /// opponent's first and second moves.
    SecondOf2013 { first: MoveCode, second: MoveCode },
}

impl Request {
    /// The bytes on the wire.
    pub fn to_bytes(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(9);
        match self {
            Request::First { start } => out.extend([b'2', start_byte(start)]),
            Request::Second { start, opponent } => {
                out.extend([b'3', start_byte(start)]);
                out.extend(opponent.to_wire());
            }
            Request::Later { scheme, opponent } => {
                out.push(match scheme {
                    Scheme::S2014 => b'4',
                    Scheme::S2013 => b'3',
                });
                out.extend(opponent.to_wire());
            }
            Request::SecondOf2013 { first, second } => {
                out.push(b'4');
                out.extend(first.to_wire());
                out.extend(second.to_wire());
            }
        }
        out
    }
}

/// Bytes for a person to read: printable ASCII as is, others as `<0x..>`.
pub fn show_bytes(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            b'\r' => "<CR>".to_string(),
            b'\n' => "<LF>".to_string(),
            b if b.is_ascii_graphic() || b == b' ' => (b as char).to_string(),
            b => format!("<0x{b:02x}>"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_the_specs_bytes() {
        let m: MoveCode = "56j0".parse().unwrap();
        let n: MoveCode = "aau0".parse().unwrap();
        let first = Request::First { start: Player::Two };
        assert_eq!(first.to_bytes(), b"2A");
        let second = Request::Second {
            start: Player::Two,
            opponent: m,
        };
        assert_eq!(second.to_bytes(), b"3A56j0");
        let later = |scheme| Request::Later {
            scheme,
            opponent: MoveCode::Pass,
        };
        assert_eq!(later(Scheme::S2014).to_bytes(), b"40000");
        assert_eq!(later(Scheme::S2013).to_bytes(), b"30000");
        let both = Request::SecondOf2013 {
            first: m,
            second: n,
        };
        assert_eq!(both.to_bytes(), b"456j0aau0");
    }

    #[test]
    fn schemes_and_start_bytes_read_back() {
        assert_eq!("2013".parse(), Ok(Scheme::S2013));
        assert!("2015".parse::<Scheme>().unwrap_err().contains("2015"));
        for p in [Player::One, Player::Two] {
            assert_eq!(player_of_start_byte(start_byte(p)), Some(p));
        }
        assert_eq!(player_of_start_byte(b'a'), Some(Player::Two));
        assert_eq!(player_of_start_byte(b'6'), None);
        assert_eq!(show_bytes(b"1A\r\n\x07"), "1A<CR><LF><0x07>");
    }
}
