//! Model of `hdl::ClassUnit`: the cell classes of a position for its side
//! to move, the ones the board's next search ANDs each candidate's cell
//! sets with to count its prior's features. The values are
//! [`Classes::of`], the definition the priors were fitted with; this module
//! adds what the hardware takes and when it gives them.
//!
//! # Inputs
//! The side to move's and the opponent's positions (cells and start
//! square), and the cells of the opponent's last two placements
//! ([`recent_cells`]: the latest first, an empty set for one the game has
//! not had), whose attach cells are the `local` class.
//!
//! # Timing
//! `start` is taken at edge 1, the inputs with it (they are read in that
//! cycle only); the classes are at the outputs after edge
//! [`CLASS_LATENCY`], with `done` high for that one cycle, and stay there,
//! whatever the inputs do, until the edge after the next `start`.

use crate::next::features::Classes;
use blokus::{Bitboard, Placement, Position};

/// Rising edges from the one that takes `start` (the first) to the one
/// after which the classes are at the outputs and `done` is high: the
/// masks of both sides, then the classes from them.
pub const CLASS_LATENCY: u64 = 2;

/// The cells of the opponent's last two placements as the unit takes them,
/// `recent` the latest first (as [`Classes::of`] takes them; only two are
/// read): an empty set for each it does not have.
pub fn recent_cells(recent: &[Placement]) -> [Bitboard; 2] {
    let cells = |k: usize| recent.get(k).map_or(Bitboard::EMPTY, |p| p.cells());
    [cells(0), cells(1)]
}

/// What a `start` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The classes at the outputs.
    pub classes: Classes,
    /// Rising edges from the one that takes `start` to the one after which
    /// they are there, with `done`.
    pub edges: u64,
}

/// The classes of `position` for its side to move, `recent` the opponent's
/// last placements (the latest first), and the edge they come out after.
pub fn load(position: &Position, recent: &[Placement]) -> Loaded {
    Loaded {
        classes: Classes::of(position, recent),
        edges: CLASS_LATENCY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::next::features::attach_cells;

    #[test]
    fn the_local_class_is_the_attach_cells_of_the_recent_cells_free_to_the_opponent() {
        let mut compared = 0;
        for history in games::blokus::random_games(3, 2) {
            for n in 1..history.len() {
                let position = &history[n];
                let them = position.to_move().other();
                // The opponent's placements so far, the latest first.
                let recent: Vec<Placement> = (0..n)
                    .rev()
                    .filter(|&k| history[k].to_move() == them)
                    .filter_map(|k| history[k].placement_to(&history[k + 1]))
                    .take(2)
                    .collect();
                let [latest, earlier] = recent_cells(&recent);
                assert_eq!(
                    latest,
                    recent.first().map_or(Bitboard::EMPTY, |p| p.cells())
                );
                let free = !position.forbidden(them) & Bitboard::FULL;
                let loaded = load(position, &recent);
                assert_eq!(
                    loaded.classes.local,
                    (attach_cells(latest) | attach_cells(earlier)) & free
                );
                assert_eq!(loaded.edges, CLASS_LATENCY);
                compared += usize::from(recent.len() == 2 && !loaded.classes.local.is_empty());
            }
        }
        assert!(compared > 20, "{compared}");
        assert_eq!(recent_cells(&[]), [Bitboard::EMPTY; 2]);
    }
}
