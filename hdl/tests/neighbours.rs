//! The neighbour block against the host's `Bitboard::edge_neighbours` and
//! `Bitboard::diagonal_neighbours`: every single cell (the row ends and the
//! board's edges among them), the whole board, and random boards, settled
//! in rust-hdl.

mod common;

use blokus::{Bitboard, Cell};
use common::differing_cells;
use hdl::{board_from_words, board_to_words, Neighbours};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rust_hdl::prelude::*;

#[test]
fn the_neighbours_are_the_hosts() {
    let mut uut = Neighbours::new();
    uut.connect_all();
    check_all(&uut).expect("the block passes rust-hdl's checks");
    let mut boards: Vec<Bitboard> = Cell::all().map(Bitboard::from_cell).collect();
    boards.push(Cell::all().collect());
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..500 {
        boards.push(Cell::all().filter(|_| rng.random_bool(0.2)).collect());
    }
    for (n, cells) in boards.iter().enumerate() {
        uut.cells.next = board_from_words(cells.0);
        assert!(
            simulate(&mut uut, 10),
            "board {n}: the logic did not settle"
        );
        let edges = Bitboard(board_to_words(uut.edges.val()));
        let diagonals = Bitboard(board_to_words(uut.diagonals.val()));
        assert!(
            edges == cells.edge_neighbours() && diagonals == cells.diagonal_neighbours(),
            "board {n}: edges differ at {:?}, diagonals at {:?}",
            differing_cells(edges, cells.edge_neighbours()),
            differing_cells(diagonals, cells.diagonal_neighbours())
        );
    }
}
