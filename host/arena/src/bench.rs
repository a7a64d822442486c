//! `arena blokus bench`: the move generator's speed on fixed positions
//! (mid-game positions of seeded random games), the board's search at its
//! real budget (the hardware's playouts a second by its cycle-exact model,
//! against the same search in software), and perft from the start.

use blokus::perft;
use blokus::Placement;
use blokus::Position;
use games::blokus::mid_game_positions;
use model::evaluator::{features, score, EvalInputs};
use model::monte_carlo::{self, Budget};
use model::one_ply;
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

/// Fixed seed of the benchmark positions, so every run measures the same set.
pub const BENCH_SEED: u64 = 20_141_210;

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Nanoseconds per call of `f`, the fastest of 5 rounds of enough calls to take ~2 ms.
fn time_ns(mut f: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut calls = 0u32;
    while started.elapsed().as_micros() < 2_000 {
        f();
        calls += 1;
    }
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..calls {
                f();
            }
            t.elapsed().as_nanos() as f64 / f64::from(calls)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The best placement by the hardware evaluator's score, computed in
/// software: the rules engine's generator, then the evaluator's features.
fn software_one_ply(position: &Position, list: &mut Vec<Placement>) -> Option<(i16, Placement)> {
    list.clear();
    position.legal_placements_into(list);
    let mut best: Option<(i16, Placement)> = None;
    for &p in list.iter() {
        let s = score(&features(&EvalInputs::for_placement(position, p)));
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, p));
        }
    }
    best
}

/// Prints the benchmark figures.
pub fn run(games: usize, perft_depth: u32, out: &mut dyn Write) -> anyhow::Result<()> {
    let positions = mid_game_positions(BENCH_SEED, games);
    let mut list: Vec<Placement> = Vec::with_capacity(2048);
    let mut generate = Vec::new();
    let mut count = Vec::new();
    let mut sizes = Vec::new();
    for position in &positions {
        generate.push(time_ns(|| {
            list.clear();
            black_box(position).legal_placements_into(&mut list);
            black_box(&list);
        }));
        count.push(time_ns(|| {
            black_box(black_box(position).count_placements());
        }));
        sizes.push(position.count_placements() as f64);
    }
    writeln!(
        out,
        "positions: {} mid-game positions (plies 10-22 of {games} games, 4 random moves then greedy, seed {BENCH_SEED})",
        positions.len()
    )?;
    writeln!(
        out,
        "legal placements per position: median {:.0}",
        median(&mut sizes)
    )?;
    writeln!(
        out,
        "full legal-move generation (list of placements): median {:.0} ns per position",
        median(&mut generate)
    )?;
    writeln!(
        out,
        "placement count only (popcounts): median {:.0} ns per position",
        median(&mut count)
    )?;
    // The one-ply decision in software (the rules engine's generator, the
    // evaluator's features on bitboards) and the hardware's cycles for it.
    let mut decide_ns = Vec::new();
    let mut cycles = Vec::new();
    for position in &positions {
        decide_ns.push(time_ns(|| {
            black_box(software_one_ply(black_box(position), &mut list));
        }));
        cycles.push(one_ply::decide(position).done_edge as f64);
    }
    writeln!(
        out,
        "one-ply decision in software (generate, evaluate every placement, keep the best): \
         median {:.0} ns per position",
        median(&mut decide_ns)
    )?;
    writeln!(
        out,
        "one-ply decision in hardware (hdl::OnePly, cycles from start to done, cycle-exact model): \
         median {:.0} cycles per position",
        median(&mut cycles)
    )?;
    board_search(&positions, out)?;
    let started = Instant::now();
    let leaves = perft(&Position::new(), perft_depth);
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "perft {perft_depth} from the start: {leaves} leaves in {seconds:.3} s = {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    )?;
    Ok(())
}

/// Positions the board's search is timed on: every tenth benchmark position.
const SEARCH_STRIDE: usize = 10;

/// The board's search (`model::monte_carlo`) at the board's budget on every
/// [`SEARCH_STRIDE`]th position: the board time it takes (the model counts
/// the hardware's cycles exactly) and the playouts it plays, against the
/// wall time of the same search in software.
fn board_search(positions: &[Position], out: &mut dyn Write) -> anyhow::Result<()> {
    let budget = Budget::board();
    let (mut board_ms, mut playouts, mut hw_rate, mut sw_rate, mut ratio) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut timed_out = 0;
    for position in positions.iter().step_by(SEARCH_STRIDE) {
        let started = Instant::now();
        let outcome = black_box(monte_carlo::search(black_box(position), budget));
        let wall = started.elapsed().as_secs_f64();
        let board = outcome.edges as f64 / monte_carlo::CLOCK_HZ as f64;
        let n = f64::from(outcome.playouts);
        board_ms.push(board * 1e3);
        playouts.push(n);
        hw_rate.push(n / board);
        sw_rate.push(n / wall);
        ratio.push(wall / board);
        timed_out += usize::from(outcome.timed_out);
    }
    let max_ms = board_ms.iter().copied().fold(0.0, f64::max);
    writeln!(
        out,
        "board search (model::monte_carlo at the board's budget, {} positions): playouts median {:.0}; \
         board time median {:.1} ms, max {max_ms:.1} ms at 25 MHz; watchdog fired {timed_out} times",
        board_ms.len(),
        median(&mut playouts),
        median(&mut board_ms),
    )?;
    writeln!(
        out,
        "playouts per second: hardware (25 MHz, cycle-exact model) median {:.0}, \
         the same search in software (one core) median {:.0}; ratio median {:.1}x",
        median(&mut hw_rate),
        median(&mut sw_rate),
        median(&mut ratio),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_software_one_ply_finds_the_hardware_models_best_score() {
        let mut list = Vec::new();
        for position in mid_game_positions(3, 4) {
            let soft = software_one_ply(&position, &mut list);
            let hard = one_ply::decide(&position).best;
            assert_eq!(soft.map(|(s, _)| s), hard.map(|b| b.score));
        }
    }
}
