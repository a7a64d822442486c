//! A dense index of the positions of one material (how many chicks or hens,
//! elephants and giraffes the game has): every position with both lions on
//! the board and the side to move's lion off its far row gets a number in
//! `0..size`, the same for a position, its mirror image and its
//! side-swapped image, different for any two positions not related so.
//!
//! A position is seen from its side to move ("us", moving up the board as
//! sente does). The two lions' cells choose one of 54 placements (99
//! ordered pairs folded by the mirror); the other ten cells are read in a
//! fixed order, each empty or holding one of eight pieces (our or their
//! chick, hen, elephant, giraffe), and ranked among all fillings that keep
//! each kind within the material, weighted by the ways the pieces off the
//! board split between the hands. The rank is a sum of one table entry a
//! cell, then the hands' split in mixed radix. A placement with both lions
//! in the middle column is its own mirror image: both readings are ranked
//! and the smaller kept.

use crate::dobutsu::position::{Position, CHICK, ELEPHANT, GIRAFFE, GOTE, HEN, LION};
use std::sync::LazyLock;

/// The non-lion cells of a position.
const FREE: usize = 10;
/// Fillings of a cell: empty, our chick, hen, elephant, giraffe, theirs.
const VALUES: usize = 9;
/// Counts on the board of the three kinds, each 0-2: 27 states, and one
/// that absorbs a filling beyond the material.
const STATES: usize = 28;
const INVALID: u8 = 27;

/// The hand kind (0 chick, 1 elephant, 2 giraffe) of a cell's filling.
const KIND: [usize; VALUES] = [3, 0, 0, 1, 2, 0, 0, 1, 2];

/// The piece of a filling for sente to move.
const PIECE: [u8; VALUES] = [
    0,
    CHICK,
    HEN,
    ELEPHANT,
    GIRAFFE,
    CHICK | GOTE,
    HEN | GOTE,
    ELEPHANT | GOTE,
    GIRAFFE | GOTE,
];

/// A filling's step of the state (16 entries, so that a masked filling
/// needs no bounds check).
const STEP: [usize; 16] = [0, 9, 9, 3, 1, 9, 9, 3, 1, 0, 0, 0, 0, 0, 0, 0];
/// A filling's count, a byte a kind.
const COUNT: [u32; 16] = [
    0,
    1,
    1,
    1 << 8,
    1 << 16,
    1,
    1,
    1 << 8,
    1 << 16,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
];

fn state(counts: [usize; 3]) -> usize {
    counts[0] * 9 + counts[1] * 3 + counts[2]
}

fn counts(state: usize) -> [usize; 3] {
    [state / 9, state / 3 % 3, state % 3]
}

fn column(cell: usize) -> usize {
    cell % 3
}

fn mirror(cell: usize) -> usize {
    cell - column(cell) + 2 - column(cell)
}

/// How a position's lions place it: its placement and the order to read
/// its other cells in (`orders[1]` too when the placement is its own
/// mirror image).
#[derive(Clone, Copy)]
struct Placement {
    number: u32,
    symmetric: bool,
    orders: [[u8; FREE]; 2],
}

/// The lions' placements: `by_lions[side][our lion][their lion]` for a
/// position with `side` to move (12: no such lion), and each placement's
/// lions (ours, theirs) for sente to move.
struct Lions {
    by_lions: Vec<Option<Placement>>,
    placements: Vec<(usize, usize)>,
}

static LIONS: LazyLock<Lions> = LazyLock::new(|| {
    // Canonical placements: our lion off row 1, in column A, or in column
    // B with theirs in column A or B.
    let mut placements = Vec::new();
    for ours in 3..12 {
        for theirs in (0..12).filter(|&t| t != ours) {
            if column(ours) == 0 || (column(ours) == 1 && column(theirs) <= 1) {
                placements.push((ours, theirs));
            }
        }
    }
    let mut by_lions = vec![None; 2 * 13 * 13];
    for side in 0..2 {
        // A cell seen from the side to move, back to the board's cell.
        let board_cell = |cell: usize| if side == 0 { cell } else { 11 - cell };
        for ours in 0..12 {
            for theirs in (0..12).filter(|&t| t != ours) {
                let (us, them) = (board_cell(ours), board_cell(theirs));
                let turned = (mirror(ours), mirror(theirs));
                let (number, mirrored) = match placements.iter().position(|&p| p == (ours, theirs))
                {
                    Some(n) => (n, false),
                    None => match placements.iter().position(|&p| p == turned) {
                        Some(n) => (n, true),
                        None => continue,
                    },
                };
                let (lion, other) = placements[number];
                let cells: Vec<usize> = (0..12).filter(|&c| c != lion && c != other).collect();
                let mut orders = [[0u8; FREE]; 2];
                for (i, &cell) in cells.iter().enumerate() {
                    let seen = if mirrored { mirror(cell) } else { cell };
                    orders[0][i] = board_cell(seen) as u8;
                    orders[1][i] = board_cell(mirror(seen)) as u8;
                }
                by_lions[(side * 13 + us) * 13 + them] = Some(Placement {
                    number: number as u32,
                    symmetric: column(lion) == 1 && column(other) == 1,
                    orders,
                });
            }
        }
    }
    Lions {
        by_lions,
        placements,
    }
});

/// The filling of each piece code for each side to move (lions apart).
static FILLING: LazyLock<[[u8; 16]; 2]> = LazyLock::new(|| {
    let mut table = [[0u8; 16]; 2];
    for (side, row) in table.iter_mut().enumerate() {
        for (value, &piece) in PIECE.iter().enumerate().skip(1) {
            let turned = if side == 0 { piece } else { piece ^ GOTE };
            row[turned as usize] = value as u8;
        }
    }
    table
});

/// The index of the positions of one material.
pub struct Index {
    material: [usize; 3],
    per_placement: u32,
    /// `offsets[i][s][v]`: the positions whose `i`-th cell holds a filling
    /// before `v`, the cells before it the same, the state `s` before it;
    /// `offsets[i][s][VALUES]` all of them.
    offsets: [[[u32; 16]; 32]; FREE],
    /// The state after a filling.
    next: [[u8; VALUES]; STATES],
    lions: &'static Lions,
    filling: &'static [[u8; 16]; 2],
}

impl Index {
    /// The index of positions with `material` pieces of each hand kind
    /// (chick or hen, elephant, giraffe), each at most 2.
    pub fn new(material: [u8; 3]) -> Index {
        let material = material.map(|m| usize::from(m.min(2)));
        let mut next = [[INVALID; VALUES]; STATES];
        for (s, row) in next.iter_mut().enumerate().take(27) {
            for (v, to) in row.iter_mut().enumerate() {
                let mut c = counts(s);
                if v > 0 {
                    c[KIND[v]] += 1;
                }
                if c.iter().zip(material).all(|(&n, m)| n <= m) {
                    *to = state(c) as u8;
                }
            }
        }
        // Completions of the cells from i on, times the hands' splits.
        let hand_ways = |s: usize| -> u64 {
            if s == INVALID as usize {
                return 0;
            }
            let c = counts(s);
            // A state holding more than the material has no completion.
            (0..3)
                .map(|k| {
                    material[k]
                        .checked_sub(c[k])
                        .map_or(0, |left| left as u64 + 1)
                })
                .product()
        };
        let mut completions = vec![[0u64; STATES]; FREE + 1];
        for (s, ways) in completions[FREE].iter_mut().enumerate() {
            *ways = hand_ways(s);
        }
        let mut offsets = [[[0u32; 16]; 32]; FREE];
        for i in (0..FREE).rev() {
            for s in 0..27 {
                let mut sum = 0u64;
                for v in 0..VALUES {
                    offsets[i][s][v] = sum as u32;
                    sum += completions[i + 1][next[s][v] as usize];
                }
                offsets[i][s][VALUES] = sum as u32;
                completions[i][s] = sum;
            }
        }
        let per_placement = completions[0][0];
        assert!(per_placement * LIONS.placements.len() as u64 <= u64::from(u32::MAX));
        Index {
            material,
            per_placement: per_placement as u32,
            offsets,
            next,
            lions: &LIONS,
            filling: &FILLING,
        }
    }

    /// The index of `position`'s material.
    pub fn of(position: &Position) -> Index {
        Index::new(material(position))
    }

    /// The number of indices.
    pub fn size(&self) -> u64 {
        u64::from(self.per_placement) * self.lions.placements.len() as u64
    }

    /// The material, pieces of each hand kind.
    pub fn material(&self) -> [u8; 3] {
        self.material.map(|m| m as u8)
    }

    /// The index of `position`'s class; `None` if a lion is missing, the
    /// side to move's lion stands on its far row, or the material differs.
    #[inline]
    pub fn encode(&self, position: &Position) -> Option<u32> {
        let side = position.side as usize;
        let board = &position.board;
        let our_lion = LION | if side == 1 { GOTE } else { 0 };
        // The lions' cells, a byte compare across the board at once: the
        // lowest byte flagged is the first that matches (12: none).
        let mut bytes = [0xffu8; 16];
        bytes[..12].copy_from_slice(board);
        let word = u128::from_le_bytes(bytes);
        const ONES: u128 = u128::from_le_bytes([1; 16]);
        let find = |piece: u8| -> usize {
            let x = word ^ (ONES * u128::from(piece));
            let zero = x.wrapping_sub(ONES) & !x & (ONES << 7);
            (zero.trailing_zeros() / 8).min(12) as usize
        };
        let (ours, theirs) = (find(our_lion), find(our_lion ^ GOTE));
        let placement = self.lions.by_lions[(side * 13 + ours) * 13 + theirs].as_ref()?;
        let filling = &self.filling[side];
        let (us, them) = (&position.hands[side], &position.hands[1 - side]);
        let rank_of = |order: &[u8; FREE]| -> Option<u32> {
            // The state is the three kinds' counts in base 3, kept by
            // adding; the counts themselves, a byte each, are checked at
            // the end (a state past the material reads zeros meanwhile).
            let (mut s, mut rank, mut seen) = (0usize, 0u32, 0u32);
            // Indices masked to their tables' sizes: no bounds checks.
            for (i, &cell) in order.iter().enumerate() {
                let v = usize::from(filling[usize::from(bytes[usize::from(cell) & 15] & 15)]) & 15;
                rank += self.offsets[i][s.min(STATES - 1) & 31][v];
                s += STEP[v];
                seen += COUNT[v];
            }
            let mut hands = 0u32;
            for k in 0..3 {
                let on_board = ((seen >> (8 * k)) & 0xff) as usize;
                let left = self.material[k].checked_sub(on_board)?;
                if usize::from(us[k]) + usize::from(them[k]) != left {
                    return None;
                }
                hands = hands * (left as u32 + 1) + u32::from(us[k]);
            }
            Some(rank + hands)
        };
        let mut rank = rank_of(&placement.orders[0])?;
        if placement.symmetric {
            rank = rank.min(rank_of(&placement.orders[1])?);
        }
        Some(placement.number * self.per_placement + rank)
    }

    /// The position of index `index` (< [`Index::size`]): sente to move, the
    /// class's member the index reads first.
    pub fn decode(&self, index: u32) -> Position {
        let lions = self.lions;
        let number = (index / self.per_placement) as usize;
        let mut rank = index % self.per_placement;
        let (ours, theirs) = lions.placements[number];
        let mut board = [0u8; 12];
        board[ours] = LION;
        board[theirs] = LION | GOTE;
        let mut s = 0usize;
        let cells = (0..12).filter(|&c| c != ours && c != theirs);
        for (i, cell) in cells.enumerate() {
            let row = &self.offsets[i][s];
            let v = (0..VALUES)
                .find(|&v| row[v + 1] > rank)
                .expect("an index within the size");
            rank -= self.offsets[i][s][v];
            s = usize::from(self.next[s][v]);
            board[cell] = PIECE[v];
        }
        let c = counts(s);
        let mut hands = [[0u8; 3]; 2];
        for k in (0..3).rev() {
            let left = (self.material[k] - c[k]) as u32;
            let ours = rank % (left + 1);
            rank /= left + 1;
            hands[0][k] = ours as u8;
            hands[1][k] = (left - ours) as u8;
        }
        Position {
            board,
            hands,
            side: 0,
        }
    }
}

/// Pieces of each hand kind in `position` (on the board or in hand; a hen
/// is a chick).
pub fn material(position: &Position) -> [u8; 3] {
    let mut material = [0u8; 3];
    for &piece in &position.board {
        match piece & 7 {
            CHICK | HEN => material[0] += 1,
            ELEPHANT => material[1] += 1,
            GIRAFFE => material[2] += 1,
            _ => {}
        }
    }
    for hands in position.hands {
        for (k, &n) in hands.iter().enumerate() {
            material[k] += n;
        }
    }
    material
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dobutsu::solve::code::{canonical, decode, encode, mirror, swap_sides};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_full_index_has_54_placements_of_the_ten_other_cells() {
        let index = Index::new([2, 2, 2]);
        assert_eq!(index.size(), 54 * 11_878_227);
        assert_eq!(Index::new([1, 0, 0]).size(), 54 * (2 + 10 * 2 * 2));
    }

    /// Random positions of the full material: any lions' cells, any
    /// pieces anywhere, any hands.
    fn random_position(rng: &mut StdRng) -> Position {
        loop {
            let mut board = [0u8; 12];
            let mut cells: Vec<usize> = (0..12).collect();
            for i in 0..12 {
                let j = rng.random_range(i..12);
                cells.swap(i, j);
            }
            board[cells[0]] = LION;
            board[cells[1]] = LION | GOTE;
            let mut hands = [[0u8; 3]; 2];
            let mut free = cells[2..].iter();
            for (k, kind) in [CHICK, ELEPHANT, GIRAFFE].into_iter().enumerate() {
                for _ in 0..2 {
                    let owner = rng.random_range(0..2usize);
                    if rng.random_range(0..3) == 0 {
                        hands[owner][k] += 1;
                    } else {
                        let promoted = kind == CHICK && rng.random_range(0..2) == 0;
                        let piece = if promoted { HEN } else { kind };
                        let cell = *free.next().expect("ten cells");
                        board[cell] = piece | if owner == 1 { GOTE } else { 0 };
                    }
                }
            }
            let position = Position {
                board,
                hands,
                side: rng.random_range(0..2u8),
            };
            let me = position.side();
            let lion = position.lion(me).expect("a lion");
            if !crate::dobutsu::position::far_row(me).contains(&lion) {
                return position;
            }
        }
    }

    #[test]
    fn the_index_is_a_bijection_between_classes_and_numbers() {
        let index = Index::new([2, 2, 2]);
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..200_000 {
            let position = random_position(&mut rng);
            let code = encode(&position);
            let i = index.encode(&position).expect("in the domain");
            assert!(u64::from(i) < index.size());
            // Every image has the same index, and the decoded position is
            // one of them.
            for image in [mirror(code), swap_sides(code), mirror(swap_sides(code))] {
                assert_eq!(index.encode(&decode(image)), Some(i));
            }
            let back = index.decode(i);
            assert_eq!(canonical(encode(&back)), canonical(code), "{position}");
            assert_eq!(index.encode(&back), Some(i));
        }
        // Random numbers decode to positions that encode back to them.
        for _ in 0..200_000 {
            let i = rng.random_range(0..index.size()) as u32;
            let position = index.decode(i);
            let j = index.encode(&position).unwrap();
            if j != i {
                // Only a placement that is its own mirror image reads a
                // class twice; the smaller number is the class's.
                assert!(j < i);
                assert_eq!(
                    canonical(encode(&index.decode(j))),
                    canonical(encode(&position))
                );
            }
        }
    }

    #[test]
    fn positions_outside_the_domain_have_no_index() {
        let index = Index::new([2, 2, 2]);
        let start = Position::start();
        assert!(index.encode(&start).is_some());
        // Sente's lion on row 1 with sente to move.
        let mut won = start;
        won.board[10] = 0;
        won.board[0] = LION;
        won.hands[0][2] += 1;
        assert_eq!(index.encode(&won), None);
        // A lion missing.
        let mut caught = start;
        caught.board[1] = 0;
        assert_eq!(index.encode(&caught), None);
        // Another material.
        let small = Position::from_fen("1l1/1c1/1C1/1L1[] w - - 0 1").unwrap();
        assert_eq!(index.encode(&small), None);
        assert!(Index::of(&small).encode(&small).is_some());
        assert_eq!(material(&start), [2, 2, 2]);
    }
}
