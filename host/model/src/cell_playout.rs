//! Model of `hdl::CellPlayout`, the attach-cell playout engine: a playout
//! by [`crate::policy`] under [`POLICY`] (an attach cell first, those next
//! to the opponent's last placement first; then a size by Pentobi's
//! weights and opening rule, a shape, and one of its placements covering
//! the cell), started from a position with a generator state, and the
//! clock cycles the engine takes for it. For any position and seed the
//! hardware ends with this margin, these plies and this generator state,
//! after these cycles.
//!
//! The engine needs no move generator: it keeps each side's forbidden and
//! attach cells, looks at the 9 x 9 cells around the drawn attach cell,
//! and from them knows which of the 414 (shape, cell) pairs fit there. An
//! attach cell that nothing fits joins its side's forbidden cells (no
//! legal placement covers it, then or later), so it is never drawn again.
//!
//! # Timing
//! The engine takes `start` at a rising edge (counted as edge 1). An
//! engine with history (built with refinements, [`run_refined`] given the
//! leaf's placements) then loads them in [`HISTORY_CYCLES`]. Each ply
//! then costs [`PLACEMENT_CYCLES`] for a placement and [`PASS_CYCLES`] for
//! a pass, plus [`DEAD_CYCLES`] for every attach cell drawn and found dead
//! on the way; the end costs [`END_CYCLES`]. `done` is high after the last
//! of them.

use crate::policy::{choose_by_cell, draw_size, local_cells, Local, Policy};
use crate::random::{draw_below, Xorshift32};
use blokus::tiles::{shape_table, Tile, ALL_TILES, SHAPE_COUNT, TILE_COUNT};
use blokus::{Bitboard, Cell, Move, Placement, Player, Position, SIZE};

/// The policy the engine plays: Pentobi's sizes and opening rule, the
/// attach cell drawn first, those next to the opponent's last placement
/// first.
pub const POLICY: Policy = Policy {
    cells_first: true,
    local: Local::Attach,
    ..Policy::PENTOBI
};

/// Cycles of a ply that places a tile once its attach cell is drawn:
/// PLY (the cells to draw from kept and counted), PREFIX (the cell
/// drawn), LOCATE, NTH (the cell), WINDOW, PAIRS, WEIGH, SIZE (the size
/// drawn, its shapes kept and counted), PREFIX (the shape drawn), LOCATE,
/// NTH (the shape), PAIR_SET, NTH_PAIR (the pair drawn), APPLY (the tile
/// placed).
pub const PLACEMENT_CYCLES: u64 = 14;
/// Cycles of an attach cell drawn and found dead: PLY, PREFIX, LOCATE,
/// NTH, WINDOW, PAIRS (the next draw starts at PLY again).
pub const DEAD_CYCLES: u64 = 6;
/// Cycles of an attach cell drawn and passed over as light
/// ([`Refinements::heavy_cap`]): PLY, PREFIX, LOCATE, NTH, WINDOW, PAIRS,
/// WEIGH.
pub const LIGHT_CYCLES: u64 = 7;
/// Cycles of a pass: PLY, which finds no attach cell left.
pub const PASS_CYCLES: u64 = 1;
/// Cycles of the end: PLY (the game is over), SWAP (the last mover's
/// unplaced cells kept, the sides swapped for the other's), FINISH.
pub const END_CYCLES: u64 = 3;
/// Cycles an engine with history spends after its start loading the
/// leaf's last three placements ([`run_refined`] given `Some(recent)`):
/// the cells near the third latest and near the latest, one a cycle,
/// through the engine's one placer and neighbours, while PLY waits; the
/// second latest's, which the first ply does not draw from, is loaded in
/// that ply's PLY. The first ply draws near two placements (the latest and
/// the third latest, under [`Refinements::last_two`]); a start's own edge
/// could make one set only, and only by a path from the inputs through the
/// placer, its 196-bit shift and the neighbours in one cycle: these cycles
/// are what a second placer (a shift of 196 bits by 8, an engine) would
/// save.
pub const HISTORY_CYCLES: u64 = 2;

/// The most attach cells a playout can find dead: each is a cell of the
/// board that becomes forbidden to its side, once for each side.
pub const MAX_DEAD_CELLS: u64 = 2 * 196;
/// The longest a playout can take: at most 42 placements, 43 passes (two
/// in a row end it) and every dead cell, with its start and end (an engine
/// with history: [`HISTORY_CYCLES`] more).
pub const MAX_PLAYOUT_CYCLES: u64 =
    1 + 42 * PLACEMENT_CYCLES + MAX_DEAD_CELLS * DEAD_CYCLES + 43 * PASS_CYCLES + END_CYCLES;

/// What the engine ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineRun {
    /// Unplaced cells of the other side minus the starting side's: positive
    /// when the side to move at the start wins.
    pub margin: i32,
    /// Plies played, passes included.
    pub plies: u32,
    /// Placements among them.
    pub placements: u32,
    /// The generator's state after the last draw.
    pub rng: u32,
    /// Rising edges from the one that takes `start` (the first) to the one
    /// after which `done` is high.
    pub edges: u64,
}

/// The margin for player 1 (positive when player 1 wins) of a run from a
/// position with `root` to move.
pub fn margin_for_player_one(run: &EngineRun, root: Player) -> i32 {
    match root {
        Player::One => run.margin,
        Player::Two => -run.margin,
    }
}

/// Side of the window around the drawn attach cell: a shape's cell is at
/// most four rows and columns from another.
pub const WINDOW: usize = 9;

/// The window bits (bit `9 * (v + 4) + (u + 4)`: the cell `u` columns right
/// and `v` rows down of the window's centre) that oriented shape `shape`
/// covers with its `k`-th cell (in the tile table's order) on the centre,
/// the centre itself left out; 0 for `k` past its cells. The hardware's
/// constants and the model's table.
pub fn pair_window(shape: usize, k: usize) -> u128 {
    let cells = &shape_table().shapes[shape].cells;
    let Some(&(dx, dy)) = cells.get(k) else {
        return 0;
    };
    cells
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .fold(0, |bits, (_, &(cx, cy))| {
            let u = i32::from(cx) - i32::from(dx) + 4;
            let v = i32::from(cy) - i32::from(dy) + 4;
            bits | 1 << (WINDOW as i32 * v + u)
        })
}

/// The offset of oriented shape `shape`'s `k`-th cell from its box corner
/// as a cell index difference, `14 * dy + dx` (at most 60).
pub fn pair_delta(shape: usize, k: usize) -> u8 {
    let (dx, dy) = shape_table().shapes[shape].cells[k];
    dy * SIZE + dx
}

/// Words of a set of (shape, cell) pairs: bit `first[s] + k` for shape
/// `s`'s `k`-th cell, 414 pairs in all.
const PAIR_WORDS: usize = 7;
type PairSet = [u64; PAIR_WORDS];

/// What the playout loop reads of the shapes and their pairs.
struct Tables {
    /// Per shape: its first pair, its cells, its size, its tile's bit, its
    /// cells at the box corner (1,1).
    first: [usize; SHAPE_COUNT],
    cells: [usize; SHAPE_COUNT],
    size: [usize; SHAPE_COUNT],
    tile: [u32; SHAPE_COUNT],
    mask: [Bitboard; SHAPE_COUNT],
    /// Per window row `v` and nine bits `b` of it, at `512 v + b`, the pairs
    /// that cover one of those bits.
    covering_rows: Vec<PairSet>,
    /// Per tile, its shapes' pairs.
    tile_pairs: [PairSet; TILE_COUNT],
    /// Per size (cells), the pairs of its shapes.
    size_pairs: [PairSet; 6],
    /// Per pair, its shape.
    shape_of: [u8; PAIR_WORDS * 64],
    /// Per size (cells), the pairs of its shapes as a range: the tiles,
    /// and so the pairs, come in order of size.
    size_range: [(usize, usize); 6],
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let shapes = &shape_table().shapes;
        let mut t = Tables {
            first: [0; SHAPE_COUNT],
            cells: [0; SHAPE_COUNT],
            size: [0; SHAPE_COUNT],
            tile: [0; SHAPE_COUNT],
            mask: [Bitboard::EMPTY; SHAPE_COUNT],
            covering_rows: vec![[0; PAIR_WORDS]; WINDOW << WINDOW],
            tile_pairs: [[0; PAIR_WORDS]; TILE_COUNT],
            size_pairs: [[0; PAIR_WORDS]; 6],
            shape_of: [0; PAIR_WORDS * 64],
            size_range: [(0, 0); 6],
        };
        // Per window bit, the pairs that cover it.
        let mut covering = [[0u64; PAIR_WORDS]; WINDOW * WINDOW];
        let mut first = 0;
        for (s, shape) in shapes.iter().enumerate() {
            let size = usize::from(shape.tile.size());
            (t.first[s], t.cells[s], t.size[s]) = (first, shape.cells.len(), size);
            (t.tile[s], t.mask[s]) = (shape.tile.bit(), shape.mask);
            for k in 0..shape.cells.len() {
                let pair = first + k;
                let set = |words: &mut PairSet| words[pair / 64] |= 1 << (pair % 64);
                let window = pair_window(s, k);
                for (b, covering) in covering.iter_mut().enumerate() {
                    if window >> b & 1 == 1 {
                        set(covering);
                    }
                }
                set(&mut t.tile_pairs[shape.tile.index()]);
                set(&mut t.size_pairs[size]);
                t.shape_of[pair] = s as u8;
            }
            first += shape.cells.len();
            let range = &mut t.size_range[size];
            if range.1 == 0 {
                range.0 = t.first[s];
            }
            assert_eq!(range.1.max(range.0), t.first[s], "the pairs come by size");
            range.1 = first;
        }
        for (index, pairs) in t.covering_rows.iter_mut().enumerate() {
            let (v, bits) = (index >> WINDOW, index & ((1 << WINDOW) - 1));
            for u in (0..WINDOW).filter(|u| bits >> u & 1 == 1) {
                for (word, covering) in pairs.iter_mut().zip(&covering[WINDOW * v + u]) {
                    *word |= covering;
                }
            }
        }
        t
    })
}

/// The pairs of `set` in `[range.0, range.1)`.
fn range_count(set: &PairSet, range: (usize, usize)) -> u32 {
    let (lo, hi) = range;
    if lo >= hi {
        return 0;
    }
    (lo / 64..=(hi - 1) / 64)
        .map(|w| {
            let from = if w == lo / 64 { lo % 64 } else { 0 };
            let to = if w == (hi - 1) / 64 {
                (hi - 1) % 64 + 1
            } else {
                64
            };
            let mask = (u64::MAX >> (64 - (to - from))) << from;
            (set[w] & mask).count_ones()
        })
        .sum()
}

/// The `cells` pair bits of `set` from bit `first`.
fn pair_bits(set: &PairSet, first: usize, cells: usize) -> u32 {
    let (word, bit) = (first / 64, first % 64);
    let mut bits = set[word] >> bit;
    if bit + cells > 64 {
        bits |= set[word + 1] << (64 - bit);
    }
    (bits & ((1 << cells) - 1)) as u32
}

/// Rows of a side's forbidden cells padded by four forbidden rows and
/// columns on every side: bit `x + 4` of row `y + 4` is the cell `(x, y)`
/// (0-based), so that any 9 x 9 window around a cell is nine shifts.
const PADDED_ROWS: usize = SIZE as usize + 8;

/// One side as the engine keeps it.
#[derive(Clone, Copy)]
struct Side {
    forbidden: Bitboard,
    attach: Bitboard,
    rows: [u32; PADDED_ROWS],
    left: u32,
    /// The pairs of the tiles left.
    pairs_left: PairSet,
}

impl Side {
    fn new(position: &Position, player: Player) -> Side {
        let forbidden = position.forbidden(player);
        let mut side = Side {
            forbidden: Bitboard::EMPTY,
            attach: position.attach_cells(player),
            rows: std::array::from_fn(|r| {
                if (4..4 + SIZE as usize).contains(&r) {
                    0x3F_FFFF & !(0x3FFF << 4)
                } else {
                    0x3F_FFFF
                }
            }),
            left: !position.used_tiles(player) & ALL_TILES,
            pairs_left: [0; PAIR_WORDS],
        };
        for tile in Tile::all().filter(|t| side.left & t.bit() != 0) {
            for (word, pairs) in side
                .pairs_left
                .iter_mut()
                .zip(&tables().tile_pairs[tile.index()])
            {
                *word |= pairs;
            }
        }
        side.forbid(forbidden);
        side
    }

    fn forbid(&mut self, cells: Bitboard) {
        for y in 0..SIZE {
            self.rows[usize::from(y) + 4] |= u32::from(cells.row(y)) << 4;
        }
        self.forbidden |= cells;
    }

    /// The pairs of the tiles left that cover no forbidden cell around
    /// `cell`: the window's row `v` is the nine cells from 4 columns left of
    /// `cell` to 4 right, `v - 4` rows down of it.
    fn fitting(&self, cell: Cell) -> PairSet {
        let t = tables();
        let (x, y) = (u32::from(cell.x()) - 1, usize::from(cell.y()) - 1);
        let mut fits = self.pairs_left;
        for v in 0..WINDOW {
            let bits = (self.rows[y + v] >> x) as usize & ((1 << WINDOW) - 1);
            for (word, covering) in fits.iter_mut().zip(&t.covering_rows[v << WINDOW | bits]) {
                *word &= !covering;
            }
        }
        fits
    }

    /// Whether the placement of `shape` at box corner `corner` is legal for
    /// this side: its tile left, on the board, no forbidden cell covered,
    /// an attach cell covered.
    fn fits(&self, shape: u8, corner: u8) -> bool {
        let t = tables();
        let shape = usize::from(shape);
        let table_shape = &shape_table().shapes[shape];
        let (x, y) = (usize::from(corner) % 14, usize::from(corner) / 14);
        if self.left & t.tile[shape] == 0
            || x + usize::from(table_shape.width) > 14
            || y + usize::from(table_shape.height) > 14
        {
            return false;
        }
        let cells = t.mask[shape].translated_to(Cell::from_index(usize::from(corner)));
        !cells.intersects(self.forbidden) && cells.intersects(self.attach)
    }

    fn unplaced_cells(&self) -> i32 {
        Tile::all()
            .filter(|t| self.left & t.bit() != 0)
            .map(|t| i32::from(t.size()))
            .sum()
    }
}

/// Refinements of the engine's policy that the board's next search may
/// take ([`crate::next`]); [`Refinements::BOARD`], every one off, is the
/// engine as built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refinements {
    /// Once the attach cell is drawn, a tile by Pentobi's playout weight,
    /// [`tile_weights`] (3 to its size times 1.8 to its attach cells less
    /// one), among the tiles the opening rule allows with a placement
    /// covering the cell, then one of its shapes that fits alike; instead of
    /// a size by 3 to the size, then a shape of that size alike.
    pub tile_weights: bool,
    /// The attach cells near the opponent's last two placements drawn
    /// first, not those near its last one only.
    pub last_two: bool,
    /// "Near" an opponent's placement is on one of its own attach cells
    /// (free to the opponent): the cells that block it, as Pentobi's
    /// playouts answer; instead of any cell next to it.
    pub block: bool,
    /// Light cells passed over: an attach cell drawn is kept with
    /// probability its weight (the sum over the placements covering it of
    /// 3 to their size, the opening rule's sizes only) over this cap, else
    /// another is drawn, at most [`Refinements::tries`] times a ply; so that
    /// cells are drawn nearer Pentobi's weights over all placements, which
    /// favour open cells. 0: every cell kept (the board's). Below 2^16,
    /// the width of the draw it is compared with.
    pub heavy_cap: u32,
    /// Cells passed over at most, a ply, under [`Refinements::heavy_cap`].
    pub tries: u8,
    /// The size drawn by its weight times the number of its placements
    /// covering the cell, not by its weight alone: each placement then
    /// weighs 3 to its size, as in Pentobi's draw.
    pub counted: bool,
}

impl Refinements {
    /// The engine as built: no refinement.
    pub const BOARD: Refinements = Refinements {
        tile_weights: false,
        last_two: false,
        block: false,
        heavy_cap: 0,
        tries: 3,
        counted: false,
    };

    /// The engine of the board's next search (N3: `block,last2` with
    /// `history`, [`run_refined`] given the leaf's placements).
    pub const NEXT: Refinements = Refinements {
        block: true,
        last_two: true,
        ..Refinements::BOARD
    };
}

/// Each tile's playout weight under [`Refinements::tile_weights`]:
/// Pentobi's `3^size * 1.8^(attach cells - 1)` for Duo, divided by 4 and
/// rounded, so that the 21 weights sum below 2^16 (a tile's attach cells:
/// the cells touching it by a corner only).
pub fn tile_weights() -> &'static [u32; TILE_COUNT] {
    static WEIGHTS: std::sync::OnceLock<[u32; TILE_COUNT]> = std::sync::OnceLock::new();
    WEIGHTS.get_or_init(|| {
        let shapes = &shape_table().shapes;
        std::array::from_fn(|t| {
            let shape = shapes
                .iter()
                .find(|s| s.tile.index() == t)
                .expect("every tile has a shape");
            // Away from the edges (box corner (5,5)), so that every
            // neighbour is on the board.
            let cells = shape.mask.translated_to(Cell::from_index(4 * 14 + 4));
            let attach = (cells.diagonal_neighbours() & !cells.edge_neighbours() & !cells).count();
            let weight = 3f64.powi(i32::from(shape.tile.size())) * 1.8f64.powi(attach as i32 - 1);
            (weight / 4.0).round() as u32
        })
    })
}

/// What a playout tells and asks as it goes: each placement, and a reply
/// to try before drawing (the last-good-reply table of the board's next
/// search, [`crate::next`]). The board's engine has [`NoHooks`].
pub trait PlayoutHooks {
    /// The placement of `shape` at box corner `corner` that the root side
    /// (`mover` 0) or the other side (1) makes.
    fn played(&mut self, _mover: usize, _shape: u8, _corner: u8) {}
    /// A placement to play for `mover`, if it is legal, before any draw,
    /// given the opponent's last placement and the mover's own before it.
    fn reply(
        &mut self,
        _mover: usize,
        _last: Option<(u8, u8)>,
        _own_last: Option<(u8, u8)>,
    ) -> Option<(u8, u8)> {
        None
    }
}

/// No hooks: the board's engine.
pub struct NoHooks;

impl PlayoutHooks for NoHooks {}

/// The engine's playout of `position` from generator state `seed`: the
/// draws of [`crate::policy::choose_by_cell`] under [`POLICY`] (checked
/// equal to it in the tests), on the engine's own state.
pub fn run(position: &Position, seed: u32) -> EngineRun {
    run_refined(position, seed, Refinements::BOARD, None, &mut NoHooks)
}

/// [`run`] with `refinements` and `hooks`. `recent`, for an engine with
/// history (`hdl::CellPlayout::refined`; the board's engine has none),
/// holds the last three placements before `position`, the latest first
/// (`None` where there is none or it is not known, a pass), whose
/// neighbouring attach cells are drawn first; it costs
/// [`HISTORY_CYCLES`] at the start.
pub fn run_refined(
    position: &Position,
    seed: u32,
    refinements: Refinements,
    recent: Option<[Option<Placement>; 3]>,
    hooks: &mut impl PlayoutHooks,
) -> EngineRun {
    let history = recent.is_some();
    let recent = recent.unwrap_or_default();
    let t = tables();
    let mut sides = [
        Side::new(position, position.to_move()),
        Side::new(position, position.to_move().other()),
    ];
    let mut rng = Xorshift32(seed);
    let mut passes = u32::from(position.passes_in_row());
    // The cells near a placement: next to it, or (`block`) its attach cells.
    let near_of = |cells: Bitboard| {
        let diagonals = cells.diagonal_neighbours();
        if refinements.block {
            diagonals & !cells.edge_neighbours() & !cells
        } else {
            diagonals | cells.edge_neighbours()
        }
    };
    let neighbours = |p: Option<Placement>| p.map_or(Bitboard::EMPTY, |p| near_of(p.cells()));
    let code = |p: Option<Placement>| p.map(|p| (p.shape, p.box_corner().index() as u8));
    // The cells next to the last three placements, the latest first; and
    // the last two placements, for the hooks.
    let mut near = recent.map(neighbours);
    let mut last = [code(recent[0]), code(recent[1])];
    let (mut plies, mut placements, mut dead, mut light) = (0u32, 0u32, 0u64, 0u64);
    // `sides[mover]` moves; the root side is 0.
    let mut mover = 0;
    while passes < 2 && sides[0].left != 0 && sides[1].left != 0 {
        // With `block`, the opponent's attach cells it can no longer use
        // are not near.
        let blocking = if refinements.block {
            !sides[1 - mover].forbidden
        } else {
            Bitboard::FULL
        };
        let side = &mut sides[mover];
        let replied = hooks
            .reply(mover, last[0], last[1])
            .filter(|&(shape, corner)| side.fits(shape, corner));
        let mut tries = 0;
        let chosen = replied.or_else(|| loop {
            let first = if refinements.last_two {
                near[0] | near[2]
            } else {
                near[0]
            };
            let near_live = side.attach & first & blocking;
            let from = if near_live.is_empty() {
                side.attach
            } else {
                near_live
            };
            if from.is_empty() {
                break None;
            }
            let nth = draw_below(&mut rng, from.count());
            let cell = from.nth_cell(nth).expect("a set bit");
            // The pairs that fit: those of the tiles left that cover no
            // forbidden cell of the window.
            let fits = side.fitting(cell);
            // The placements covering the cell, by size.
            let counts: [u32; 6] =
                std::array::from_fn(|size| range_count(&fits, t.size_range[size]));
            let present = counts.map(|c| c > 0);
            if !present.iter().any(|&p| p) {
                side.forbid(Bitboard::from_cell(cell));
                side.attach &= !Bitboard::from_cell(cell);
                dead += 1;
                continue;
            }
            let placed = TILE_COUNT - side.left.count_ones() as usize;
            let allowed = allowed_sizes(&present, placed);
            if refinements.heavy_cap > 0 && tries < refinements.tries {
                let weight: u32 = (1..=5)
                    .filter(|&s| allowed[s])
                    .map(|s| POLICY.size_weight[s] * counts[s])
                    .sum();
                if weight < refinements.heavy_cap
                    && draw_below(&mut rng, refinements.heavy_cap) >= weight
                {
                    tries += 1;
                    light += 1;
                    continue;
                }
            }
            // The pairs of the shapes to draw from: a size's, or a tile's.
            let drawn_pairs = if refinements.tile_weights {
                t.tile_pairs[draw_tile(&fits, &present, placed, &mut rng)]
            } else if refinements.counted {
                t.size_pairs[draw_counted_size(&counts, &allowed, &mut rng)]
            } else {
                t.size_pairs[draw_size(&present, placed, &POLICY, &mut rng)]
            };
            // The shapes among those with a pair that fits, in order (the
            // pairs are in shape order).
            let mut shapes = [0usize; SHAPE_COUNT];
            let mut count = 0;
            for (w, (&f, &p)) in fits.iter().zip(&drawn_pairs).enumerate() {
                let mut word = f & p;
                while word != 0 {
                    let shape = usize::from(t.shape_of[64 * w + word.trailing_zeros() as usize]);
                    word &= word - 1;
                    if count == 0 || shapes[count - 1] != shape {
                        shapes[count] = shape;
                        count += 1;
                    }
                }
            }
            let shape = shapes[draw_below(&mut rng, count as u32) as usize];
            let bits = pair_bits(&fits, t.first[shape], t.cells[shape]);
            let mut nth = draw_below(&mut rng, bits.count_ones());
            let mut k = bits.trailing_zeros();
            while nth > 0 {
                k = (bits >> (k + 1)).trailing_zeros() + k + 1;
                nth -= 1;
            }
            let corner = cell.index() - usize::from(pair_delta(shape, k as usize));
            break Some((shape as u8, corner as u8));
        });
        match chosen {
            None => {
                passes += 1;
                near = [Bitboard::EMPTY, near[0], near[1]];
                last = [None, last[0]];
            }
            Some((shape, corner)) => {
                hooks.played(mover, shape, corner);
                let shape = usize::from(shape);
                let cells = t.mask[shape].translated_to(Cell::from_index(usize::from(corner)));
                let (edges, diagonals) = (cells.edge_neighbours(), cells.diagonal_neighbours());
                side.forbid(cells | edges);
                side.attach = (side.attach | diagonals) & !side.forbidden;
                side.left &= !t.tile[shape];
                let tile = t.tile[shape].trailing_zeros() as usize;
                for (word, pairs) in side.pairs_left.iter_mut().zip(&t.tile_pairs[tile]) {
                    *word &= !pairs;
                }
                let other = &mut sides[1 - mover];
                other.forbid(cells);
                other.attach &= !cells;
                near = [near_of(cells), near[0], near[1]];
                last = [Some((shape as u8, corner)), last[0]];
                passes = 0;
                placements += 1;
            }
        }
        plies += 1;
        mover = 1 - mover;
    }
    EngineRun {
        margin: sides[1].unplaced_cells() - sides[0].unplaced_cells(),
        plies,
        placements,
        rng: rng.0,
        edges: 1
            + if history { HISTORY_CYCLES } else { 0 }
            + u64::from(placements) * PLACEMENT_CYCLES
            + dead * DEAD_CYCLES
            + light * LIGHT_CYCLES
            + u64::from(plies - placements) * PASS_CYCLES
            + END_CYCLES,
    }
}

/// The sizes among those `present` that the opening rule allows a side
/// with `placed` tiles placed (all present ones when it allows none).
fn allowed_sizes(present: &[bool; 6], placed: usize) -> [bool; 6] {
    let min = usize::from(POLICY.min_size(placed));
    let any_allowed = (min..=5).any(|s| present[s]);
    std::array::from_fn(|s| present[s] && (s >= min || !any_allowed))
}

/// A size drawn among those `allowed` by its weight times its `counts`
/// of placements covering the cell ([`Refinements::counted`]).
fn draw_counted_size(counts: &[u32; 6], allowed: &[bool; 6], rng: &mut Xorshift32) -> usize {
    let weight = |s: usize| {
        if allowed[s] {
            POLICY.size_weight[s] * counts[s]
        } else {
            0
        }
    };
    let mut pick = draw_below(rng, (1..=5).map(weight).sum());
    for s in 1..=5 {
        if pick < weight(s) {
            return s;
        }
        pick -= weight(s);
    }
    unreachable!("an allowed size fits")
}

/// A tile drawn by [`tile_weights`] among those with a pair in `fits`
/// whose size the opening rule allows a side with `placed` tiles placed
/// (any size in `present` when it allows none).
fn draw_tile(fits: &PairSet, present: &[bool; 6], placed: usize, rng: &mut Xorshift32) -> usize {
    let t = tables();
    let allowed = allowed_sizes(present, placed);
    let weights = tile_weights();
    let mut candidates = [0u32; TILE_COUNT];
    let mut total = 0;
    for (tile, weight) in candidates.iter_mut().enumerate() {
        let fits_here = fits
            .iter()
            .zip(&t.tile_pairs[tile])
            .any(|(f, p)| f & p != 0);
        let size = usize::from(Tile::from_index(tile).size());
        if fits_here && allowed[size] {
            *weight = weights[tile];
            total += weights[tile];
        }
    }
    let mut pick = draw_below(rng, total);
    for (tile, &weight) in candidates.iter().enumerate() {
        if pick < weight {
            return tile;
        }
        pick -= weight;
    }
    unreachable!("a tile fits")
}

/// [`run`] by the rules engine: the playout of
/// [`crate::policy::choose_by_cell`] under [`POLICY`] on a `Position`, the
/// dead cells counted. The specification [`run`] is checked against.
pub fn run_by_rules(position: &Position, seed: u32) -> EngineRun {
    let root = position.to_move();
    let mut position = position.clone();
    let mut rng = Xorshift32(seed);
    let (mut plies, mut placements) = (0, 0);
    let mut dead = [Bitboard::EMPTY; 2];
    let mut last = None;
    while !position.is_over() {
        let local = local_cells(&position, last);
        let mover = position.to_move().index();
        let chosen = choose_by_cell(&position, &POLICY, local, &mut dead[mover], &mut rng);
        placements += u32::from(chosen.is_some());
        position.play(chosen.map_or(Move::Pass, Move::Place));
        last = chosen;
        plies += 1;
    }
    let found_dead = u64::from(dead[0].count() + dead[1].count());
    let passes = u64::from(plies - placements);
    let margin =
        position.unplaced_cells(root.other()) as i32 - position.unplaced_cells(root) as i32;
    EngineRun {
        margin,
        plies,
        placements,
        rng: rng.0,
        edges: 1
            + u64::from(placements) * PLACEMENT_CYCLES
            + found_dead * DEAD_CYCLES
            + passes * PASS_CYCLES
            + END_CYCLES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::blokus::random_games;

    #[test]
    fn the_engine_run_is_the_rules_run_on_every_position() {
        let mut compared = 0;
        for game in random_games(41, 24) {
            for (i, position) in game.iter().enumerate() {
                let seed = 0x0BAD_5EED ^ (i as u32).wrapping_mul(0x9E37_79B9);
                assert_eq!(run(position, seed), run_by_rules(position, seed), "ply {i}");
                compared += 1;
            }
        }
        for seed in 1..200 {
            assert_eq!(
                run(&Position::new(), seed),
                run_by_rules(&Position::new(), seed)
            );
        }
        assert!(compared > 700, "{compared}");
    }

    /// The placements a playout makes, in order.
    struct Recorder(Vec<(u8, u8)>);

    impl PlayoutHooks for Recorder {
        fn played(&mut self, _mover: usize, shape: u8, corner: u8) {
            self.0.push((shape, corner));
        }
    }

    /// Playouts from mid-game positions under `refinements`, 8 seeds each:
    /// every placement checked legal by the rules engine (passes where no
    /// placement is legal); the mean cells of the first two placements.
    fn mean_early_size(refinements: Refinements) -> f64 {
        let (mut cells, mut placed) = (0u64, 0u64);
        let positions = games::blokus::mid_game_positions(3, 6);
        for (i, position) in positions.iter().enumerate() {
            for k in 0..8u32 {
                let mut recorder = Recorder(Vec::new());
                let seed = 0x5EED_0001 ^ (8 * i as u32 + k).wrapping_mul(0x9E37_79B9);
                let run = run_refined(position, seed, refinements, None, &mut recorder);
                assert_eq!(run.placements as usize, recorder.0.len());
                let mut replay = position.clone();
                let mut made = recorder.0.iter();
                for _ in 0..run.plies {
                    let legal = replay.legal_placements();
                    if legal.is_empty() {
                        replay.play(Move::Pass);
                        continue;
                    }
                    let &(shape, corner) = made.next().expect("a placement where one is legal");
                    let p = crate::placer::placement_at(shape, corner).expect("a placement");
                    assert!(legal.contains(&p), "{p:?} is not legal");
                    if made.len() + 2 >= recorder.0.len() {
                        cells += u64::from(p.tile().size());
                        placed += 1;
                    }
                    replay.play(Move::Place(p));
                }
                assert!(replay.is_over());
            }
        }
        cells as f64 / placed as f64
    }

    #[test]
    fn heavy_cells_and_counted_sizes_place_legal_and_larger_tiles() {
        let board = mean_early_size(Refinements::BOARD);
        let heavy = mean_early_size(Refinements {
            heavy_cap: 324,
            ..Refinements::BOARD
        });
        let counted = mean_early_size(Refinements {
            counted: true,
            ..Refinements::BOARD
        });
        assert!(heavy > board + 0.05, "{heavy:.3} vs {board:.3}");
        assert!(counted > board + 0.05, "{counted:.3} vs {board:.3}");
    }

    #[test]
    fn a_light_cell_costs_its_cycles() {
        // With a cap no cell reaches and no tries, the run is the board's;
        // with tries, each cell passed over costs LIGHT_CYCLES and a draw.
        let position = &games::blokus::mid_game_positions(5, 1)[0];
        // The largest weight a cell can have is under 28,000 (81 times
        // the 315 pentomino placements on a cell, and the smaller sizes').
        let capped = |tries| Refinements {
            heavy_cap: (1 << 16) - 1,
            tries,
            ..Refinements::BOARD
        };
        let board = run_refined(position, 77, Refinements::BOARD, None, &mut NoHooks);
        assert_eq!(
            run_refined(position, 77, capped(0), None, &mut NoHooks),
            board
        );
        let light = run_refined(position, 77, capped(2), None, &mut NoHooks);
        let without_light = 1
            + u64::from(light.placements) * PLACEMENT_CYCLES
            + u64::from(light.plies - light.placements) * PASS_CYCLES
            + END_CYCLES;
        // Two cells passed over a placing ply (the cap is never reached).
        assert!(light.edges >= without_light + 2 * u64::from(light.placements) * LIGHT_CYCLES);
    }

    #[test]
    fn a_start_with_history_costs_its_load_and_draws_first_where_the_opponent_would_play() {
        let refined = Refinements {
            block: true,
            last_two: true,
            ..Refinements::BOARD
        };
        let (mut compared, mut near_first) = (0, 0);
        let mut games = games::blokus::sensible_games(11, 4, 4);
        games.extend(random_games(12, 4));
        for game in games {
            for i in 3..game.len() {
                let position = &game[i];
                let seed = 0x0C0F_FEE1 ^ (i as u32).wrapping_mul(0x9E37_79B9);
                // No placement known: the plain engine's playout, the load's
                // cycles later.
                let plain = run(position, seed);
                let unknown = run_refined(
                    position,
                    seed,
                    Refinements::BOARD,
                    Some([None; 3]),
                    &mut NoHooks,
                );
                assert_eq!(
                    unknown,
                    EngineRun {
                        edges: plain.edges + HISTORY_CYCLES,
                        ..plain
                    }
                );
                // The game's own last three placements: the first placement
                // covers an attach cell of the opponent's latest or third
                // latest placement, free to the opponent, when the mover has
                // such a cell.
                let placed = |k: usize| game[i - k - 1].placement_to(&game[i - k]);
                let recent = [placed(0), placed(1), placed(2)];
                let mut recorder = Recorder(Vec::new());
                run_refined(position, seed, refined, Some(recent), &mut recorder);
                let mover = position.to_move();
                let ring = |p: Option<Placement>| {
                    p.map_or(Bitboard::EMPTY, |p| {
                        let cells = p.cells();
                        cells.diagonal_neighbours() & !cells.edge_neighbours() & !cells
                    })
                };
                let first = (ring(recent[0]) | ring(recent[2]))
                    & position.attach_cells(mover)
                    & !position.forbidden(mover.other());
                let live = position
                    .legal_placements()
                    .iter()
                    .any(|p| p.cells().intersects(first));
                if let (true, Some(&(shape, corner))) = (live, recorder.0.first()) {
                    let cells = crate::placer::placement_at(shape, corner)
                        .expect("a placement")
                        .cells();
                    assert!(cells.intersects(first), "ply {i}");
                    near_first += 1;
                }
                compared += 1;
            }
        }
        assert!(compared > 200 && near_first > 20, "{compared} {near_first}");
    }

    #[test]
    fn a_finished_game_costs_the_end_only() {
        let mut position = Position::new();
        position.play(Move::Pass);
        position.play(Move::Pass);
        let run = run(&position, 5);
        assert_eq!((run.plies, run.margin, run.rng), (0, 0, 5));
        assert_eq!(run.edges, 1 + END_CYCLES);
    }

    #[test]
    fn every_playout_stays_within_its_bound_and_finds_dead_cells() {
        let mut dead_found = 0;
        for game in random_games(21, 6) {
            for position in game.iter().step_by(3) {
                let run = run(position, 0x1234_5679);
                assert!(run.edges <= MAX_PLAYOUT_CYCLES, "{} cycles", run.edges);
                let without_dead = 1
                    + u64::from(run.placements) * PLACEMENT_CYCLES
                    + u64::from(run.plies - run.placements) * PASS_CYCLES
                    + END_CYCLES;
                assert_eq!((run.edges - without_dead) % DEAD_CYCLES, 0);
                dead_found += (run.edges - without_dead) / DEAD_CYCLES;
            }
        }
        assert!(dead_found > 100, "{dead_found}");
    }
}
