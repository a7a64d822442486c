//! Model of `hdl::Candidates`: the generator's rows turned into a stream of
//! candidates, one a cycle, in the generator's order (row, then shape, then
//! column), each as the generator's coordinates (shape number, box corner cell
//! index) that `hdl::Placer` turns into cells.

use super::move_gen::Row;

/// The candidates of `rows` in stream order: `(shape, corner)` with corner = 14 * row + column.
pub fn candidate_stream(rows: &[Row]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (s, &bits) in row.iter().enumerate() {
            for x in 0..14 {
                if bits >> x & 1 == 1 {
                    out.push((s as u8, (14 * r + x) as u8));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::sample::random_games;
    use crate::model::move_gen::{move_gen_rows, MoveGenInputs};
    use crate::model::one_ply::candidates;
    use crate::model::placer::coordinates;

    #[test]
    fn the_stream_is_the_one_ply_players_candidate_order() {
        for history in random_games(51, 3) {
            for position in history.iter().filter(|p| !p.is_over()) {
                let rows = move_gen_rows(&MoveGenInputs::for_position(position));
                let expected: Vec<(u8, u8)> =
                    candidates(position).into_iter().map(coordinates).collect();
                assert_eq!(candidate_stream(&rows), expected);
            }
        }
    }
}
