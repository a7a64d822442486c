//! The next search's cases for the tests of `PriorTree` (rust-hdl's
//! simulator and Verilator): a position with its history and budget, the
//! model's search of it with its trace, the expansions as the scripted
//! expander's inputs, and what the search says at its `done`.

#![allow(dead_code)] // each test binary uses its own subset

use blokus::{Bitboard, Placement, Position};
use games::blokus::sensible_games;
use hdl::prior_tree::SCRIPT_CHILDREN;
use hdl::Side;
use model::clock::Budget;
use model::prior_tree::memory::Layout;
use model::prior_tree::search::{Trace, TracedExpansion};
use model::prior_tree::{search_traced, Outcome};
use rust_hdl::prelude::*;

/// Blocks on chip in the tests (and in `hdl-verilog`'s `prior_tree_rig`):
/// the root's and one more, the others in the SDRAM.
pub const RIG_ON_CHIP: usize = 2;

/// The cases: the opening, a midgame position, one near the end (each
/// with its game's history) and one where the side to move must pass.
pub fn cases(budget: Budget, on_chip_blocks: usize) -> Vec<Case> {
    let games = sensible_games(3, 1, 4);
    let game = crate::inputs::with_history(&games[0]);
    let end = game.len();
    let passing = sensible_games(11, 4, 4)
        .into_iter()
        .flat_map(|game| crate::inputs::with_history(&game))
        .find(|(p, _)| !p.is_over() && p.legal_placements().is_empty())
        .expect("a position where the side to move must pass");
    [
        (Position::new(), [None; 3]),
        game[14].clone(),
        game[end - 8].clone(),
        passing,
    ]
    .into_iter()
    .map(|(position, history)| Case {
        position,
        history,
        budget,
        on_chip_blocks,
    })
    .collect()
}

/// A search to check.
#[derive(Clone, Debug)]
pub struct Case {
    pub position: Position,
    pub history: [Option<Placement>; 3],
    pub budget: Budget,
    pub on_chip_blocks: usize,
}

impl Case {
    /// The model's search and trace.
    pub fn model(&self) -> (Outcome, Trace) {
        search_traced(
            &self.position,
            self.history,
            self.budget,
            Layout::new(self.on_chip_blocks),
        )
    }
}

/// What the search says at its `done`, and the edge of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub found: bool,
    pub shape: u64,
    pub corner: u64,
    pub tile: u64,
    pub forced: bool,
    pub candidates: u64,
    pub rounds: u64,
    pub plies: u64,
    pub blocks: u64,
    pub depth: u64,
    pub timed_out: bool,
    pub edges: u64,
}

impl Said {
    /// What the model's outcome says the search says.
    pub fn of(out: &Outcome) -> Said {
        let (shape, corner) = out
            .best
            .map_or((0, 0), |(s, c)| (u64::from(s), u64::from(c)));
        Said {
            found: out.best.is_some(),
            shape,
            corner,
            tile: if out.best.is_some() {
                u64::from(model::placer::placer_tile(shape as u8))
            } else {
                0
            },
            forced: out.forced,
            candidates: out.candidates as u64,
            rounds: out.rounds,
            plies: out.plies,
            blocks: out.blocks as u64,
            depth: out.depth as u64,
            timed_out: out.timed_out,
            edges: out.edges,
        }
    }
}

/// One expansion as the scripted expander's inputs.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub children: Bits<SCRIPT_CHILDREN>,
    pub count: u64,
    pub found: bool,
    pub sum: u64,
    pub candidates: u64,
    pub edges: u64,
}

impl Script {
    /// The inputs of the model's expansion.
    pub fn of(e: &TracedExpansion) -> Script {
        let x = &e.expansion;
        let found = x.children.first().is_some_and(|c| c.code.is_some());
        let mut children = Bits::<SCRIPT_CHILDREN>::default();
        for (j, c) in x.children.iter().enumerate() {
            let (shape, corner) = c
                .code
                .map_or((127, 0), |(s, c)| (u64::from(s), u64::from(c)));
            let child = shape | corner << 7 | u64::from(c.d) << 15;
            children = children | (Bits::<SCRIPT_CHILDREN>::from(child) << (23 * j as LiteralType));
        }
        Script {
            children,
            count: if found { x.children.len() as u64 } else { 0 },
            found,
            sum: u64::from(x.weight_sum),
            candidates: x.candidates as u64,
            edges: x.cycles,
        }
    }

    /// The children as words, least significant first (Verilator's).
    pub fn children_words(&self) -> Vec<u64> {
        (0..SCRIPT_CHILDREN.div_ceil(64))
            .map(|w| {
                let bits = (SCRIPT_CHILDREN - 64 * w).min(64);
                let mut word = 0u64;
                for b in 0..bits {
                    if self.children.get_bit(64 * w + b) {
                        word |= 1 << b;
                    }
                }
                word
            })
            .collect()
    }
}

/// The cells of a placement (none for a pass or no move).
pub fn cells(p: Option<Placement>) -> Bitboard {
    p.map_or(Bitboard::EMPTY, |p| p.cells())
}

/// The position an expansion was given, as the scripted expander shows it:
/// the sides, the latest and earlier placements' cells.
pub fn seen(e: &TracedExpansion) -> (Side, Side, Bitboard, Bitboard) {
    let me = e.position.to_move();
    (
        crate::inputs::side(&e.position, me),
        crate::inputs::side(&e.position, me.other()),
        cells(e.recent[0]),
        cells(e.recent[1]),
    )
}
