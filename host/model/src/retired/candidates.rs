//! The flat search's candidate stream (`hdl::Candidates` behind the
//! row-sliced generator `hdl::MoveGen`): every legal placement of the side
//! to move, one a cycle, in the generator's order (row of the box corner,
//! then shape, then column), each as the placer's coordinates (shape
//! number, box corner cell index).
//!
//! # Timing
//! Edges are rising clock edges, counted from the one that samples `start`;
//! the generator presents the box corners of row `r` (all 91 shapes) after
//! edge `r + 1`, one row a cycle, and the stream samples it at edge `r + 2`.
//! Candidate `i` of the stream, in row `r_i` (= `corner / 14`), is
//! presented (`valid` high, `shape`, `corner`) during the cycle after edge
//!
//! ```text
//! t_i  = max(t_{i-1} + 1, LATENCY + r_i)       (t_{-1} = -infinity)
//! done = max(t_last + 1, DONE_LATENCY)         (`done` high for that one cycle)
//! ```
//!
//! that is: the first candidate [`LATENCY`] edges after `start` if it lies
//! in row 0 (a row's candidates come 5 edges after the row is sampled: its
//! bits are counted on the way), then one candidate every cycle; empty rows
//! cost no cycle (only the wait for a later row to arrive, one row a cycle,
//! can leave a gap); `done` in the cycle after the last candidate, and never
//! before [`DONE_LATENCY`] (row 13 is sampled at edge 15, `done` follows 3
//! edges later). A position with `n` candidates all in rows that arrive in
//! time takes `LATENCY + n` edges from `start` to `done`. A new `start`
//! drops whatever the earlier position had left.

use blokus::tiles::SHAPE_COUNT;
use blokus::Bitboard;

/// Rising edges from `start` to the earliest candidate, one of row 0; a
/// candidate of row `r` comes at the earliest `LATENCY + r` edges after `start`.
pub const LATENCY: usize = 7;
/// Rows of box corners the generator presents, one a cycle.
pub const ROWS: usize = 14;
/// Rising edges from `start` to the earliest `done` (a position without candidates).
pub const DONE_LATENCY: usize = ROWS + 4;

/// The stream of the generator whose shape `s` has its box corners at
/// `corners[s]` (bit `14 * r + x` for row `r`, column `x`): `(shape,
/// corner)`, corner = 14 * row + column, by row, then shape, then column.
pub fn candidate_stream_of_corners(corners: &[Bitboard; SHAPE_COUNT]) -> Vec<(u8, u8)> {
    let mut out = Vec::with_capacity(256);
    let live: Vec<(u8, Bitboard)> = corners
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_empty())
        .map(|(s, &c)| (s as u8, c))
        .collect();
    for r in 0..14 {
        let (word, shift) = ((14 * r) / 64, (14 * r) % 64);
        for &(s, c) in &live {
            let mut bits = c.0[word] >> shift;
            if shift > 50 && word < 3 {
                bits |= c.0[word + 1] << (64 - shift);
            }
            bits &= 0x3fff;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push((s, (14 * r + x) as u8));
            }
        }
    }
    out
}

/// The edges after `start` at which each candidate of `stream` (from
/// [`candidate_stream_of_corners`]) is presented, and the edge after which
/// `done` is high, per the timing above: `t_i = max(t_{i-1} + 1, LATENCY + r_i)`,
/// `done = max(t_last + 1, DONE_LATENCY)`.
pub fn timeline(stream: &[(u8, u8)]) -> (Vec<usize>, usize) {
    let mut edges: Vec<usize> = Vec::with_capacity(stream.len());
    for &(_, corner) in stream {
        let earliest = LATENCY + usize::from(corner) / 14;
        edges.push(edges.last().map_or(earliest, |&t| earliest.max(t + 1)));
    }
    let done = edges
        .last()
        .map_or(DONE_LATENCY, |&t| (t + 1).max(DONE_LATENCY));
    (edges, done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::random_games;

    #[test]
    fn the_stream_is_every_legal_placement_by_row_then_shape_then_column() {
        let mut positions = 0;
        for history in random_games(52, 4) {
            for position in history.iter() {
                let corners = position.box_corners_for(position.to_move());
                let stream = candidate_stream_of_corners(&corners);
                let key = |&(s, c): &(u8, u8)| (c / 14, s, c % 14);
                assert!(
                    stream.windows(2).all(|w| key(&w[0]) < key(&w[1])),
                    "ply {}",
                    position.plies()
                );
                let count: u32 = corners.iter().map(|c| c.count()).sum();
                assert_eq!(stream.len(), count as usize);
                positions += 1;
            }
        }
        assert!(positions > 100, "{positions}");
    }

    #[test]
    fn the_timeline_is_one_candidate_a_cycle_but_never_before_its_row() {
        // Row 0 twice, nothing until row 5, then row 13.
        let stream = [(0, 0), (3, 2), (1, 70), (2, 190)];
        let (edges, done) = timeline(&stream);
        assert_eq!(edges, [LATENCY, LATENCY + 1, LATENCY + 5, LATENCY + 13]);
        assert_eq!(done, LATENCY + 14);
        assert_eq!(timeline(&[]), (vec![], DONE_LATENCY));
        // A long row 0: done one edge after the last, past DONE_LATENCY.
        let long: Vec<(u8, u8)> = (0..40).map(|i| (i, 0)).collect();
        assert_eq!(timeline(&long).1, LATENCY + 40);
        assert_eq!(timeline(&long[..2]).1, DONE_LATENCY);
    }
}
