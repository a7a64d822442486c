//! Model of `hdl::CodeDecoder` and `hdl::CodeEncoder`: the contest's 4-byte
//! move codes (`xytr`, `0000`) to and from the generator's coordinates
//! (oriented shape number, bounding-box corner cell index), as the board
//! reads the referee's moves and writes its own. Combinational.

use blokus::tiles::{shape_table, SHAPE_COUNT, TILE_COUNT};

/// What the decoder makes of 4 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// `0000`.
    Pass,
    /// A placement that lies on the board: shape 0..91, box corner 0..196.
    Place { shape: u8, corner: u8 },
    /// Anything else: not a code, or a code whose tile would leave the board.
    Invalid,
}

/// The value 1..=14 of a coordinate byte (`1`..`9`, `a`..`e`, lower case only).
pub fn coordinate(byte: u8) -> Option<u8> {
    match byte {
        b'1'..=b'9' => Some(byte - b'0'),
        b'a'..=b'e' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// The coordinate byte of 1..=14.
pub fn coordinate_byte(value: u8) -> u8 {
    if value < 10 {
        b'0' + value
    } else {
        b'a' + value - 10
    }
}

/// The decoder: the code's tile and orientation select the shape and the
/// reference cell's offset in its box (`ShapeTable::by_code`); the box corner
/// is the reference cell less that offset, and must leave the whole box on
/// the board.
pub fn decode(bytes: [u8; 4]) -> Decoded {
    if bytes == *b"0000" {
        return Decoded::Pass;
    }
    let (Some(x), Some(y)) = (coordinate(bytes[0]), coordinate(bytes[1])) else {
        return Decoded::Invalid;
    };
    let tile = bytes[2].wrapping_sub(b'a');
    let r = bytes[3].wrapping_sub(b'0');
    if usize::from(tile) >= TILE_COUNT || r >= 8 {
        return Decoded::Invalid;
    }
    let table = shape_table();
    let (shape, (dx, dy)) = table.by_code[usize::from(tile)][usize::from(r)];
    let s = &table.shapes[usize::from(shape)];
    // Box corner, 0-based: x - 1 - dx, y - 1 - dy; the box must fit.
    let (cx, cy) = (
        i16::from(x) - 1 - i16::from(dx),
        i16::from(y) - 1 - i16::from(dy),
    );
    if cx < 0 || cy < 0 || cx + i16::from(s.width) > 14 || cy + i16::from(s.height) > 14 {
        return Decoded::Invalid;
    }
    Decoded::Place {
        shape,
        corner: (14 * cy + cx) as u8,
    }
}

/// The encoder: the canonical code of shape `shape` with its box corner on
/// cell `corner`, or `0000` for a pass (or a shape number beyond the table).
pub fn encode(pass: bool, shape: u8, corner: u8) -> [u8; 4] {
    if pass || usize::from(shape) >= SHAPE_COUNT {
        return *b"0000";
    }
    let s = &shape_table().shapes[usize::from(shape)];
    let (ax, ay) = s.anchor_offset();
    let (cx, cy) = (corner % 14, corner / 14);
    [
        coordinate_byte(cx + 1 + ax),
        coordinate_byte(cy + 1 + ay),
        b'a' + s.tile.index() as u8,
        b'0' + s.orientation(),
    ]
}

/// Every code made of the codes' alphabets and their neighbouring bytes
/// (`0`, `A`, `:`, `` ` ``, `/`, `v`, `8`, ...): the sweep the decoder's
/// tests check against the rules engine (114,400 codes).
pub fn nearby_codes() -> Vec<[u8; 4]> {
    let coordinates: Vec<u8> = b"0123456789abcdefA:`/".to_vec();
    let tiles: Vec<u8> = (b'`'..=b'v').chain([b'A', b'U', b'0']).collect();
    let orientations: Vec<u8> = b"/012345678a".to_vec();
    let mut all = Vec::new();
    for &x in &coordinates {
        for &y in &coordinates {
            for &t in &tiles {
                for &r in &orientations {
                    all.push([x, y, t, r]);
                }
            }
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placer::coordinates;
    use blokus::{Move, MoveCode, Placement};
    use games::blokus::random_games;

    #[test]
    fn every_code_of_every_legal_placement_decodes_to_its_coordinates() {
        for history in random_games(61, 3) {
            for position in history.iter().filter(|p| !p.is_over()) {
                for p in position.legal_placements() {
                    let (shape, corner) = coordinates(p);
                    for code in p.codes() {
                        assert_eq!(decode(code.to_wire()), Decoded::Place { shape, corner });
                    }
                    assert_eq!(
                        encode(false, shape, corner),
                        Move::Place(p).code().to_wire()
                    );
                }
            }
        }
        assert_eq!(decode(*b"0000"), Decoded::Pass);
        assert_eq!(encode(true, 3, 17), *b"0000");
    }

    #[test]
    fn decoding_agrees_with_the_rules_engines_reading_of_every_nearby_code() {
        let table = shape_table();
        let mut places = 0;
        for bytes in nearby_codes().into_iter().chain([*b"0000"]) {
            // The rules engine: a well-formed code naming a placement on the board.
            let want = match MoveCode::from_wire(&bytes) {
                Ok(MoveCode::Pass) => Decoded::Pass,
                Ok(MoveCode::Place {
                    x,
                    y,
                    tile,
                    orientation,
                }) => match Placement::from_code(x, y, tile, orientation) {
                    Ok(p) => {
                        let (shape, corner) = coordinates(p);
                        Decoded::Place { shape, corner }
                    }
                    Err(_) => Decoded::Invalid,
                },
                Err(_) => Decoded::Invalid,
            };
            assert_eq!(decode(bytes), want, "{:?}", String::from_utf8_lossy(&bytes));
            if let Decoded::Place { shape, corner } = want {
                places += 1;
                // Encoding gives the canonical code of the same cells.
                let back = decode(encode(false, shape, corner));
                assert_eq!(back, want);
                let s = &table.shapes[usize::from(shape)];
                assert!(s
                    .fitting_corners
                    .contains(blokus::Cell::from_index(usize::from(corner))));
            }
        }
        assert!(places > 10_000, "{places}");
    }
}
