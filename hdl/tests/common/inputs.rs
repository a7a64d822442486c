//! A position as a search block's inputs: its boards as `hdl::Board`s, a
//! side's tiles as the blocks' `tiles_left`, a side as an `hdl::Side`; and
//! the last three placements before each position of a game, which the
//! engines with history take.

#![allow(dead_code)] // each test binary uses its own subset

use blokus::tiles::ALL_TILES;
use blokus::{Bitboard, Placement, Player, Position};
use hdl::tiles::Tiles;
use hdl::{board_from_words, Board, Side};

/// A bitboard as a block's board.
pub fn board(b: Bitboard) -> Board {
    board_from_words(b.0)
}

/// Tiles `player` holds in `p`: bit `t` for tile `t`.
pub fn tiles(p: &Position, player: Player) -> Tiles {
    u64::from(!p.used_tiles(player) & ALL_TILES).into()
}

/// `player`'s side in `p` as a block's `Side`: its cells, start square
/// and tiles left.
pub fn side(p: &Position, player: Player) -> Side {
    Side {
        cells: board(p.cells(player)),
        start_square: board(Bitboard::from_cell(player.start_square())),
        tiles: tiles(p, player),
    }
}

/// Drives the two `Side` inputs of a block (`own`, the side to move, and
/// `opponent`) from `$p` in a testbench.
#[macro_export]
macro_rules! drive_sides {
    ($x:expr, $p:expr) => {{
        let me = $p.to_move();
        $x.own.next = inputs::side($p, me);
        $x.opponent.next = inputs::side($p, me.other());
    }};
}

/// Drives a search block's position inputs from `$p` in a testbench: the
/// side to move's cells and the other side's, both start squares and the
/// mover's tiles left (the board search's five position ports); the
/// blocks' other inputs are set beside it.
#[macro_export]
macro_rules! drive_position {
    ($x:expr, $p:expr) => {{
        let me = $p.to_move();
        $x.own.next = inputs::board($p.cells(me));
        $x.opponent.next = inputs::board($p.cells(me.other()));
        $x.start_square.next = inputs::board(blokus::Bitboard::from_cell(me.start_square()));
        $x.opponent_start_square.next =
            inputs::board(blokus::Bitboard::from_cell(me.other().start_square()));
        $x.tiles_left.next = inputs::tiles($p, me);
    }};
}

/// Every position of `game` (its positions in order) with the last three
/// placements before it, the latest first (`None` for a pass or before the
/// start).
pub fn with_history(game: &[Position]) -> Vec<(Position, [Option<Placement>; 3])> {
    let placed: Vec<Option<Placement>> =
        game.windows(2).map(|w| w[0].placement_to(&w[1])).collect();
    game.iter()
        .enumerate()
        .map(|(i, p)| {
            let recent = std::array::from_fn(|k| (i > k).then(|| placed[i - k - 1]).flatten());
            (p.clone(), recent)
        })
        .collect()
}
