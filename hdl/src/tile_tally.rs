//! A side's tiles not yet placed, counted: how many tiles and how many
//! cells, pure combinational and a few adders deep (the tiles of each size
//! counted by [`RowCount`]s, then weighed by their size). The hardware twin
//! of `Position::unplaced_cells` and of the tiles placed that the playout
//! policy's opening rule looks at.

use crate::bit_count::RowCount;
use crate::tiles::Tiles;
use blokus::tiles::{Tile, TILE_COUNT};
use rust_hdl::prelude::*;

/// The tile numbers of each size: 1 cell (tile 0), 2 (tile 1), 3 (tiles
/// 2-3), 4 (tiles 4-8) and 5 cells (tiles 9-20), as `first..end`.
pub const SIZE_RANGES: [std::ops::Range<usize>; 5] = [0..1, 1..2, 2..4, 4..9, 9..TILE_COUNT];

/// Counts of a set of tiles (bit `t` for tile `t`).
#[derive(LogicBlock)]
pub struct TileTally {
    /// The tiles counted.
    pub tiles: Signal<In, Tiles>,
    /// How many there are (0 to 21).
    pub count: Signal<Out, Bits<5>>,
    /// Their cells (0 to 89).
    pub cells: Signal<Out, Bits<7>>,
    three_tiles: RowCount,
    four_tiles: RowCount,
    five_tiles: RowCount,
    ones: Signal<Local, Bits<7>>,
    twos: Signal<Local, Bits<7>>,
    three_count: Signal<Local, Bits<7>>,
    four_count: Signal<Local, Bits<7>>,
    five_count: Signal<Local, Bits<7>>,
}

impl TileTally {
    /// A tally; checks that the tile table is in the order of [`SIZE_RANGES`].
    pub fn new() -> TileTally {
        for tile in Tile::all() {
            let size = SIZE_RANGES
                .iter()
                .position(|range| range.contains(&tile.index()))
                .expect("every tile is in a range") as u8
                + 1;
            assert_eq!(
                tile.size(),
                size,
                "tile {} is out of size order",
                tile.index()
            );
        }
        TileTally {
            tiles: Default::default(),
            count: Default::default(),
            cells: Default::default(),
            three_tiles: RowCount::new(),
            four_tiles: RowCount::new(),
            five_tiles: RowCount::new(),
            ones: Default::default(),
            twos: Default::default(),
            three_count: Default::default(),
            four_count: Default::default(),
            five_count: Default::default(),
        }
    }
}

impl Default for TileTally {
    fn default() -> TileTally {
        TileTally::new()
    }
}

impl Logic for TileTally {
    #[hdl_gen]
    fn update(&mut self) {
        self.three_tiles.bits.next = bit_cast::<14, 2>(self.tiles.val().get_bits::<2>(2));
        self.four_tiles.bits.next = bit_cast::<14, 5>(self.tiles.val().get_bits::<5>(4));
        self.five_tiles.bits.next = bit_cast::<14, 12>(self.tiles.val().get_bits::<12>(9));
        self.ones.next = bit_cast::<7, 1>(self.tiles.val().get_bits::<1>(0));
        self.twos.next = bit_cast::<7, 1>(self.tiles.val().get_bits::<1>(1));
        self.three_count.next = bit_cast::<7, 4>(self.three_tiles.count.val());
        self.four_count.next = bit_cast::<7, 4>(self.four_tiles.count.val());
        self.five_count.next = bit_cast::<7, 4>(self.five_tiles.count.val());
        self.count.next = bit_cast::<5, 7>(
            (self.ones.val() + self.twos.val())
                + (self.three_count.val() + self.four_count.val())
                + self.five_count.val(),
        );
        self.cells.next = (self.ones.val() + (self.twos.val() << 1))
            + (self.three_count.val() + (self.three_count.val() << 1))
            + ((self.four_count.val() << 2)
                + (self.five_count.val() + (self.five_count.val() << 2)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_tiles_and_their_cells_of_any_set() {
        let mut block = TileTally::new();
        block.connect_all();
        let sets =
            (0..1u64 << TILE_COUNT)
                .step_by(4099)
                .chain([0, (1 << TILE_COUNT) - 1, 1, 1 << 20]);
        for set in sets {
            block.tiles.next = set.into();
            assert!(simulate(&mut block, 10), "the logic settles");
            let tiles: Vec<Tile> = Tile::all().filter(|t| set >> t.index() & 1 == 1).collect();
            let cells: u64 = tiles.iter().map(|t| u64::from(t.size())).sum();
            assert_eq!(
                block.count.val().to_u64(),
                tiles.len() as u64,
                "set {set:#x}"
            );
            assert_eq!(block.cells.val().to_u64(), cells, "set {set:#x}");
        }
    }
}
