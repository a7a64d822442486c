//! The positions a Dobutsu position can come from: every `Q` and move `m`
//! with `Q` --`m`--> `P`, the moves of the retrograde analysis run
//! backwards. The side that moved last (`P`'s opponent) either dropped a
//! piece from its hand, or moved a piece onto its cell from a cell it
//! attacks from (a hen on its far row may have been a chick that
//! promoted there), capturing nothing or one of the other side's pieces,
//! which is now in its hand (a chick in hand may have been a chick or a
//! hen on the board). A lion is never captured: that ends the game.

use crate::dobutsu::position::{
    attacks, far_row, Position, CELLS, CHICK, ELEPHANT, GIRAFFE, GOTE, HAND_KINDS, HEN,
};
use std::sync::LazyLock;

/// `SOURCES[owner][kind][to]`: the cells from which a piece of `owner` and
/// `kind` attacks `to`.
static SOURCES: LazyLock<[[[u16; CELLS]; 6]; 2]> = LazyLock::new(|| {
    let mut table = [[[0u16; CELLS]; 6]; 2];
    for (owner, per_owner) in table.iter_mut().enumerate() {
        for kind in CHICK..=HEN {
            for from in 0..CELLS {
                let mut targets = attacks(owner, kind, from);
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    per_owner[kind as usize][to] |= 1 << from;
                }
            }
        }
    }
    table
});

/// The other side's pieces a piece of hand kind `kind` may have been before
/// its capture.
fn captured_as(kind: u8) -> &'static [u8] {
    match kind {
        CHICK => &[CHICK, HEN],
        ELEPHANT => &[ELEPHANT],
        _ => &[GIRAFFE],
    }
}

/// Calls `f` with every position `position` can come from by one move.
/// Positions that cannot have been played (a lion that was captured) are
/// never made; some that are not reachable from the start are, and the
/// caller checks them against its set.
pub fn for_each_predecessor(position: &Position, mut f: impl FnMut(&Position)) {
    let mover = 1 - position.side();
    let mover_bit = if mover == 1 { GOTE } else { 0 };
    let mut before = *position;
    before.side = mover as u8;
    let sources = &*SOURCES;
    let empty = (0..CELLS)
        .filter(|&cell| position.board[cell] == 0)
        .fold(0u16, |set, cell| set | 1 << cell);
    for (to, &piece) in position.board.iter().enumerate() {
        if piece == 0 || usize::from(piece & GOTE != 0) != mover {
            continue;
        }
        let kind = piece & 7;
        // A drop: never a hen, never a lion.
        if let Some(index) = HAND_KINDS.iter().position(|&k| k == kind) {
            let mut q = before;
            q.board[to] = 0;
            q.hands[mover][index] += 1;
            f(&q);
        }
        // A move from a cell that attacks `to` with the piece it was.
        let on_far_row = far_row(mover).contains(&to);
        let was: &[u8] = match kind {
            // A chick on its far row was dropped there (a move promotes).
            CHICK if on_far_row => &[],
            HEN if on_far_row => &[HEN, CHICK],
            _ => std::slice::from_ref(&position.board[to]),
        };
        for &earlier in was {
            let earlier_kind = earlier & 7;
            let mut froms = sources[mover][usize::from(earlier_kind)][to] & empty;
            while froms != 0 {
                let from = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                let mut q = before;
                q.board[from] = earlier_kind | mover_bit;
                q.board[to] = 0;
                f(&q);
                // Or it captured a piece that is now in the mover's hand.
                for (index, &hand_kind) in HAND_KINDS.iter().enumerate() {
                    if position.hands[mover][index] == 0 {
                        continue;
                    }
                    for &captured in captured_as(hand_kind) {
                        let mut q = q;
                        q.hands[mover][index] -= 1;
                        q.board[to] = captured | if mover == 1 { 0 } else { GOTE };
                        f(&q);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dobutsu::solve::reach::is_leaf;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    fn children(position: &Position) -> Vec<Position> {
        let mut moves = Vec::new();
        position.generate(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut child = *position;
                child.make(m);
                child
            })
            .collect()
    }

    fn predecessors(position: &Position) -> Vec<Position> {
        let mut out = Vec::new();
        for_each_predecessor(position, |q| out.push(*q));
        out
    }

    /// Positions of random games, stopping at Tanaka's leaves.
    fn random_positions(seed: u64, games: usize) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut position = Position::start();
            for _ in 0..200 {
                out.push(position);
                if is_leaf(&position) {
                    break;
                }
                let next = children(&position);
                if next.is_empty() {
                    break;
                }
                position = next[rng.random_range(0..next.len())];
            }
        }
        out
    }

    #[test]
    fn every_move_is_found_backwards_once_and_nothing_else() {
        let mut checked = 0;
        for parent in random_positions(5, 400) {
            if is_leaf(&parent) {
                continue;
            }
            for child in children(&parent) {
                let found = predecessors(&child)
                    .into_iter()
                    .filter(|q| *q == parent)
                    .count();
                // Two moves of one position never lead to the same position.
                assert_eq!(found, 1, "{parent} -> {child}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn every_predecessor_has_the_position_among_its_children() {
        let mut checked = 0;
        for position in random_positions(6, 400) {
            // A position whose mover has already won (its lion on its far
            // row) is a game's end, not a move away from anything.
            for q in predecessors(&position)
                .into_iter()
                .filter(|q| q.decided().is_none())
            {
                assert_eq!(q.side(), 1 - position.side());
                let count = children(&q).into_iter().filter(|c| *c == position).count();
                assert_eq!(count, 1, "{q} does not lead to {position}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
