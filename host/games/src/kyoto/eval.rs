//! Kyoto shogi evaluations for the side to move: the seed's (one value per
//! piece whatever face it shows, the pieces in hand and the points worth 1.5
//! times as much, values that the seed's experiment varies) and ours (face
//! values on the board, the choice of face in hand, king safety, mobility, and
//! what the points buy).

use super::position::{
    base, Position, BISHOP, CELLS, GOLD, GOTE, KING, KNIGHT, LANCE, PAWN, ROOK, SILVER, TOKIN,
};
use crate::search::Evaluator;

/// The seed's values: one per pair of faces (lance/tokin, silver/bishop,
/// gold/knight, rook/pawn) and the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairValues {
    pub lance_tokin: i32,
    pub silver_bishop: i32,
    pub gold_knight: i32,
    pub rook_pawn: i32,
    pub king: i32,
}

impl PairValues {
    /// The seed's "average" player (its table 8: shogi's values of the two
    /// faces averaged).
    pub const AVERAGE: PairValues = PairValues {
        lance_tokin: 900,
        silver_bishop: 1400,
        gold_knight: 950,
        rook_pawn: 1550,
        king: 10_000,
    };

    /// Reads `LT/SB/GN/RP` (the king stays 10000).
    pub fn parse(text: &str) -> Result<PairValues, String> {
        let values: Vec<i32> = text
            .split('/')
            .map(|v| v.parse().map_err(|_| format!("`{v}` is not a value")))
            .collect::<Result<_, _>>()?;
        match values[..] {
            [lance_tokin, silver_bishop, gold_knight, rook_pawn] => Ok(PairValues {
                lance_tokin,
                silver_bishop,
                gold_knight,
                rook_pawn,
                king: 10_000,
            }),
            _ => Err(format!(
                "{} values: four are needed (lance-tokin/silver-bishop/gold-knight/rook-pawn)",
                values.len()
            )),
        }
    }

    fn of(&self, face: u8) -> i32 {
        match base(face) {
            LANCE => self.lance_tokin,
            SILVER => self.silver_bishop,
            KNIGHT => self.gold_knight,
            PAWN => self.rook_pawn,
            KING => self.king,
            _ => 0,
        }
    }
}

/// The seed's evaluation.
#[derive(Clone, Copy, Debug)]
pub struct SeedEvaluation {
    pub values: PairValues,
}

impl Evaluator<Position> for SeedEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.side();
        let sign = |owner: usize| if owner == me { 1 } else { -1 };
        let mut score = 0;
        for cell in 0..CELLS {
            let piece = position.at(cell);
            if piece != 0 {
                score += sign(usize::from(piece & GOTE != 0)) * self.values.of(piece & 15);
            }
        }
        for side in 0..2 {
            for (index, kind) in [PAWN, LANCE, KNIGHT, SILVER].into_iter().enumerate() {
                score +=
                    sign(side) * i32::from(position.hand(side, index)) * 3 * self.values.of(kind)
                        / 2;
            }
            if let Some(points) = position.points() {
                score += sign(side) * 3 * i32::from(points[side]) / 2;
            }
        }
        score
    }
}

/// Our evaluation, in hundredths of a pawn.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrongEvaluation;

/// Each face's worth on the board.
pub(crate) fn face_value(face: u8) -> i32 {
    match face {
        PAWN => 100,
        LANCE => 260,
        KNIGHT => 300,
        SILVER => 480,
        GOLD => 520,
        TOKIN => 500,
        BISHOP => 620,
        ROOK => 700,
        _ => 0,
    }
}

/// A piece in hand may come back with either face: worth its better face and more.
fn hand_value(kind: u8) -> i32 {
    let better = face_value(kind).max(face_value(super::position::flipped(kind)));
    better + better / 5
}

impl Evaluator<Position> for StrongEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.side();
        let mut score = 0;
        let mut king_zone_attacks = [0i32; 2];
        let kings = [position.king(0), position.king(1)];
        for (cell, face, owner) in position.pieces() {
            let sign = if owner == me { 1 } else { -1 };
            score += sign * face_value(face);
            // Pieces near the enemy king press it.
            if let Some(king) = kings[1 - owner] {
                let (kr, kc) = ((king / 5) as i32, (king % 5) as i32);
                let (r, c) = ((cell / 5) as i32, (cell % 5) as i32);
                if (kr - r).abs() <= 2 && (kc - c).abs() <= 2 && face != KING {
                    king_zone_attacks[owner] += 1;
                }
            }
        }
        for side in 0..2 {
            let sign = if side == me { 1 } else { -1 };
            for (index, kind) in [PAWN, LANCE, KNIGHT, SILVER].into_iter().enumerate() {
                let count = i32::from(position.hand(side, index));
                // With points on, a piece in hand is worth less until it can be dropped.
                let usable = position.points().is_none_or(|p| p[side] >= 10);
                let worth = if usable {
                    hand_value(kind)
                } else {
                    hand_value(kind) * 3 / 4
                };
                score += sign * count * worth;
            }
            if let Some(points) = position.points() {
                score += sign * 4 * i32::from(points[side].min(30));
            }
            score += sign * 25 * king_zone_attacks[side];
        }
        if position.in_check(me) {
            score -= 60;
        }
        score
    }
}
