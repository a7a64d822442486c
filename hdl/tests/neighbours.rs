//! The neighbour blocks against the host's `Bitboard::edge_neighbours` and
//! `Bitboard::diagonal_neighbours`: every single cell (the row ends and the
//! board's edges among them), the whole board, and random boards, settled
//! in rust-hdl.

mod common;

use blokus::{Bitboard, Cell};
use common::differing_cells;
use hdl::{board_from_words, board_to_words, CornerNeighbours, EdgeNeighbours};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rust_hdl::prelude::*;

#[test]
fn the_neighbours_are_the_hosts() {
    let mut edges = EdgeNeighbours::new();
    edges.connect_all();
    check_all(&edges).expect("the edge block passes rust-hdl's checks");
    let mut corners = CornerNeighbours::new();
    corners.connect_all();
    check_all(&corners).expect("the corner block passes rust-hdl's checks");
    let mut boards: Vec<Bitboard> = Cell::all().map(Bitboard::from_cell).collect();
    boards.push(Cell::all().collect());
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..500 {
        boards.push(Cell::all().filter(|_| rng.random_bool(0.2)).collect());
    }
    for (n, cells) in boards.iter().enumerate() {
        edges.cells.next = board_from_words(cells.0);
        corners.cells.next = board_from_words(cells.0);
        assert!(
            simulate(&mut edges, 10) && simulate(&mut corners, 10),
            "board {n}: the logic did not settle"
        );
        let by_edge = Bitboard(board_to_words(edges.neighbours.val()));
        let by_corner = Bitboard(board_to_words(corners.neighbours.val()));
        assert!(
            by_edge == cells.edge_neighbours() && by_corner == cells.diagonal_neighbours(),
            "board {n}: edge neighbours differ at {:?}, corner neighbours at {:?}",
            differing_cells(by_edge, cells.edge_neighbours()),
            differing_cells(by_corner, cells.diagonal_neighbours())
        );
    }
}
