//! Dobutsu shogi evaluations for the side to move: the seed's (piece values on
//! the board and in hand, check and check-escape at 500, the try, and the
//! difference in attacked cells, each part switchable for its experiments)
//! and ours (material tuned for the small board, the threat of catching or
//! being caught, try threats, and mobility).

use super::position::{attacks, far_row, Position, CHICK, ELEPHANT, GIRAFFE, HEN, LION};
use crate::search::Evaluator;

/// Piece values, the seed's genes: on the board (chick, elephant, giraffe,
/// lion, hen) and in hand (chick, elephant, giraffe, lion). The lion's values
/// never change a search of ours (both lions stand on the board until the game
/// ends, and a caught lion is a decided result, not a score); they are kept so
/// that the seed's genetic algorithm can be run with its own chromosome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceValues {
    pub board: [i32; 5],
    pub hand: [i32; 4],
}

impl PieceValues {
    /// The seed's values (its section 5.1.1).
    pub const SEED: PieceValues = PieceValues {
        board: [4, 5, 5, 50, 8],
        hand: [1, 3, 3, 100],
    };

    /// As a flat gene list: board chick, elephant, giraffe, lion, hen, then hand
    /// chick, elephant, giraffe, lion.
    pub fn genes(&self) -> Vec<i32> {
        self.board.iter().chain(self.hand.iter()).copied().collect()
    }

    pub fn from_genes(genes: &[i32]) -> PieceValues {
        let mut values = PieceValues::SEED;
        values.board.copy_from_slice(&genes[..5]);
        values.hand.copy_from_slice(&genes[5..9]);
        values
    }

    pub const GENE_NAMES: [&'static str; 9] = [
        "chick",
        "elephant",
        "giraffe",
        "lion",
        "hen",
        "chick in hand",
        "elephant in hand",
        "giraffe in hand",
        "lion in hand",
    ];

    fn on_board(&self, kind: u8) -> i32 {
        match kind {
            CHICK => self.board[0],
            ELEPHANT => self.board[1],
            GIRAFFE => self.board[2],
            LION => self.board[3],
            HEN => self.board[4],
            _ => 0,
        }
    }
}

/// Material for `side`: its pieces on the board and in hand.
fn material(position: &Position, side: usize, values: &PieceValues) -> i32 {
    let mut total = 0;
    for (_, kind, owner) in position.pieces() {
        if owner == side {
            total += values.on_board(kind);
        }
    }
    for index in 0..3 {
        total += i32::from(position.hand(side, index)) * values.hand[index];
    }
    total
}

/// The number of (piece, target) pairs `side` attacks: the seed's "利き".
fn attack_count(position: &Position, side: usize) -> i32 {
    let mut count = 0;
    for (cell, kind, owner) in position.pieces() {
        if owner == side {
            count += attacks(side, kind, cell).count_ones() as i32;
        }
    }
    count
}

/// What each side's pieces attack and occupy and where the lions stand,
/// gathered in one pass over the board: an evaluation asks these several
/// times a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sight {
    pub attacked: [u16; 2],
    pub occupied: [u16; 2],
    pub lion: [Option<usize>; 2],
}

impl Sight {
    pub fn of(position: &Position) -> Sight {
        let mut sight = Sight {
            attacked: [0; 2],
            occupied: [0; 2],
            lion: [None; 2],
        };
        for (cell, kind, side) in position.pieces() {
            sight.attacked[side] |= attacks(side, kind, cell);
            sight.occupied[side] |= 1 << cell;
            if kind == LION {
                sight.lion[side] = Some(cell);
            }
        }
        sight
    }

    /// Whether `side`'s lion stands on a cell the other side attacks.
    pub fn lion_attacked(&self, side: usize) -> bool {
        self.lion[side].is_some_and(|cell| self.attacked[1 - side] & (1 << cell) != 0)
    }

    /// Whether `side`'s lion can step onto its far row on a cell nobody attacks.
    pub fn try_threat(&self, side: usize) -> bool {
        let Some(cell) = self.lion[side] else {
            return false;
        };
        let far = far_row(side).fold(0u16, |set, c| set | 1 << c);
        let targets = attacks(side, LION, cell) & far & !self.occupied[side];
        targets & !self.attacked[1 - side] != 0
    }
}

/// The seed's evaluation with its parts switchable (its tables 2-3 compare
/// 1: material, 2: material + attacks, 3: material + attacks + check & try).
#[derive(Clone, Copy, Debug)]
pub struct SeedEvaluation {
    pub values: PieceValues,
    pub attacks: bool,
    pub check_and_try: bool,
}

impl SeedEvaluation {
    /// Material alone (the seed's table 1 and its genetic algorithm).
    pub fn material(values: PieceValues) -> SeedEvaluation {
        SeedEvaluation {
            values,
            attacks: false,
            check_and_try: false,
        }
    }
}

impl Evaluator<Position> for SeedEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.side();
        let them = 1 - me;
        let mut score =
            material(position, me, &self.values) - material(position, them, &self.values);
        if self.attacks {
            score += attack_count(position, me) - attack_count(position, them);
        }
        if self.check_and_try {
            let sight = Sight::of(position);
            // Check: a lion that can be caught; the side to move gives it
            // (+500) or stands in it (-500). A try threat counts the same.
            if sight.lion_attacked(them) {
                score += 500;
            }
            if sight.lion_attacked(me) {
                score -= 500;
            }
            if sight.try_threat(me) {
                score += 500;
            }
            if sight.try_threat(them) {
                score -= 500;
            }
        }
        score
    }
}

/// Our evaluation: material in hundredths of a chick, the immediate threats
/// (the side to move catching the lion, or winning by a try next move),
/// lion advancement and mobility.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrongEvaluation;

/// Our piece values: board chick, elephant, giraffe, lion, hen; hand chick, elephant, giraffe, lion.
pub const STRONG_VALUES: PieceValues = PieceValues {
    board: [100, 300, 400, 0, 450],
    hand: [150, 330, 430, 0],
};

impl Evaluator<Position> for StrongEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.side();
        let them = 1 - me;
        let sight = Sight::of(position);
        // The side to move catches a lion in reach: as good as won.
        if sight.lion_attacked(them) {
            return 20_000;
        }
        let mut score =
            material(position, me, &STRONG_VALUES) - material(position, them, &STRONG_VALUES);
        if sight.try_threat(me) && !sight.lion_attacked(me) {
            // Not in check and a safe far-row cell in reach: the try wins next move.
            return 15_000;
        }
        if sight.lion_attacked(me) {
            score -= 150;
        }
        if sight.try_threat(them) {
            score -= 600;
        }
        // Lions that have come forward press toward a try.
        for (side, sign) in [(me, 1), (them, -1)] {
            if let Some(cell) = position.lion(side) {
                let row = (cell / 3) as i32;
                let advance = if side == 0 { 3 - row } else { row };
                score += sign * 30 * advance;
            }
        }
        score += 8 * (attack_count(position, me) - attack_count(position, them));
        score
    }
}
