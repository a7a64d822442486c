//! Positions of games with the opponent's last two placements before each
//! (as `model::next::features`' own test sets them), and a position's cell
//! classes as the class unit gives them and the prior scorer takes them.

#![allow(dead_code)] // each test binary uses its own subset

use blokus::{Bitboard, Placement, Position};
use hdl::{board_from_words, board_to_words, CellClasses};
use model::next::features::Classes;

/// A position of a game and the opponent's placements before it, the
/// latest first, at most two.
#[derive(Clone, Debug)]
pub struct Case {
    /// Which game and ply, for messages.
    pub what: String,
    /// The position.
    pub position: Position,
    /// The opponent's last placements.
    pub recent: Vec<Placement>,
}

/// Every position of `games` (each a list of positions in order), each
/// with the opponent's last two placements; `label` names the games.
pub fn cases(label: &str, games: &[Vec<Position>]) -> Vec<Case> {
    let mut out = Vec::new();
    for (g, history) in games.iter().enumerate() {
        // Each ply's mover and placement (none for a pass).
        let made: Vec<_> = history
            .windows(2)
            .map(|w| (w[0].to_move(), w[0].placement_to(&w[1])))
            .collect();
        for (n, position) in history.iter().enumerate() {
            let them = position.to_move().other();
            let recent: Vec<Placement> = made[..n]
                .iter()
                .rev()
                .filter(|(player, _)| *player == them)
                .filter_map(|&(_, p)| p)
                .take(2)
                .collect();
            out.push(Case {
                what: format!("{label} game {g} ply {}", position.plies()),
                position: position.clone(),
                recent,
            });
        }
    }
    out
}

/// The model's classes as the hardware's struct.
pub fn cell_classes(c: &Classes) -> CellClasses {
    let b = |set: Bitboard| board_from_words(set.0);
    CellClasses {
        opponent_near: b(c.opponent_near),
        local: b(c.local),
        own: b(c.own),
        opponent: b(c.opponent),
        forbidden: b(c.forbidden),
        own_attach: b(c.own_attach),
        free0: b(c.free_by_neighbours[0]),
        free1: b(c.free_by_neighbours[1]),
        free2: b(c.free_by_neighbours[2]),
        free3: b(c.free_by_neighbours[3]),
        free4: b(c.free_by_neighbours[4]),
    }
}

/// The hardware's classes as the model's.
pub fn model_classes(c: &CellClasses) -> Classes {
    let b = |set| Bitboard(board_to_words(set));
    Classes {
        opponent_near: b(c.opponent_near),
        local: b(c.local),
        own: b(c.own),
        opponent: b(c.opponent),
        forbidden: b(c.forbidden),
        own_attach: b(c.own_attach),
        free_by_neighbours: [b(c.free0), b(c.free1), b(c.free2), b(c.free3), b(c.free4)],
    }
}

/// Each class's name and cells, in the order of `CellClasses`.
pub fn named(c: &Classes) -> [(&'static str, Bitboard); 11] {
    let f = c.free_by_neighbours;
    [
        ("opponent_near", c.opponent_near),
        ("local", c.local),
        ("own", c.own),
        ("opponent", c.opponent),
        ("forbidden", c.forbidden),
        ("own_attach", c.own_attach),
        ("free0", f[0]),
        ("free1", f[1]),
        ("free2", f[2]),
        ("free3", f[3]),
        ("free4", f[4]),
    ]
}
