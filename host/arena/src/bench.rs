//! `arena blokus bench`: the move generator's speed on fixed positions
//! (mid-game positions of seeded random games), the board's search (the
//! tree by prior), the tree before it and the flat search before that at
//! their real budgets on opening, middle and late positions (the hardware's
//! playouts a second by its cycle-exact model, against the same search in
//! software and, with `--pentobi`, Pentobi's simulations a second), and
//! perft from the start.

use anyhow::Context;
use blokus::perft;
use blokus::Placement;
use blokus::Position;
use games::blokus::{mid_game_positions, sensible_games, GtpEngine};
use model::board_tree::tree_budget;
use model::clock::{Budget, CLOCK_HZ};
use model::evaluator::{features, score, EvalInputs};
use model::retired::{flat, one_ply};
use model::{board_tree, playout_bank, prior_tree};
use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

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
pub fn run(
    games: usize,
    perft_depth: u32,
    flat_budget: Budget,
    tree_budget: Budget,
    pentobi: Option<&Path>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
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
    // evaluator's features on bitboards) and the cycles the flat search's
    // core took for it in hardware (`model::retired::one_ply`, its cycle-exact model).
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
        "one-ply decision of the flat search's core (model::retired::one_ply, cycles from start to done, \
         cycle-exact model of its former hardware): median {:.0} cycles per position",
        median(&mut cycles)
    )?;
    board_search(flat_budget, tree_budget, pentobi, out)?;
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

/// Plies of the positions the board's search is timed on: the opening and
/// the middle game (the medians of the summary line), and late ones.
const SEARCH_PLIES: [usize; 8] = [0, 4, 8, 12, 16, 20, 28, 36];
/// The last ply counted in the summary line's medians.
const SUMMARY_PLIES: usize = 20;
/// Games the search positions are taken from.
const SEARCH_GAMES: usize = 2;

/// The positions the search is timed on: the plies of [`SEARCH_PLIES`] of
/// [`SEARCH_GAMES`] games that open with 4 random moves and go on greedily.
pub fn search_positions() -> Vec<(usize, Position)> {
    sensible_games(BENCH_SEED, SEARCH_GAMES, 4)
        .into_iter()
        .flat_map(|history| {
            SEARCH_PLIES
                .into_iter()
                .filter_map(move |ply| history.get(ply).map(|p| (ply, p.clone())))
        })
        .filter(|(_, p)| !p.is_over())
        .collect()
}

/// Pentobi's simulations a second in its log line (`Nds 27618, Tm 00:00, Sim/s 11378, ...`).
pub fn pentobi_sims_per_second(line: &str) -> Option<f64> {
    let rest = &line[line.find("Sim/s ")? + "Sim/s ".len()..];
    rest.split(|c: char| c == ',' || c.is_whitespace())
        .next()?
        .parse()
        .ok()
}

/// One timed search on a position: its playouts, its board time (cycles
/// counted exactly by the model, at the board's clock) and its wall time
/// in software.
struct TimedSearch {
    playouts: f64,
    board_seconds: f64,
    wall_seconds: f64,
    timed_out: bool,
}

impl TimedSearch {
    /// Runs `search`, which gives (playouts, edges, timed out).
    fn run(search: impl FnOnce() -> (f64, u64, bool)) -> TimedSearch {
        let started = Instant::now();
        let (playouts, edges, timed_out) = black_box(search());
        TimedSearch {
            playouts,
            board_seconds: edges as f64 / CLOCK_HZ as f64,
            wall_seconds: started.elapsed().as_secs_f64(),
            timed_out,
        }
    }

    fn hardware_rate(&self) -> f64 {
        self.playouts / self.board_seconds
    }

    fn software_rate(&self) -> f64 {
        self.playouts / self.wall_seconds
    }
}

/// The board's search (`model::prior_tree` at `tree_budget`, the board's by
/// default: the model of `hdl::PriorTree`, with no moves before the
/// position), the tree it replaced (`model::board_tree`, the model of
/// `hdl::BoardTree`, at the same budget) and the flat search before that
/// (`model::retired::flat` at `flat_budget`) on the [`search_positions`]: the
/// playouts a second of the hardware (its cycles, counted exactly by the
/// model, at the board's clock) and of the same search in software on one
/// core, and, with `pentobi` (a `pentobi-gtp` program), Pentobi's own
/// simulations a second (level 7, one thread) on the same positions. Ends
/// with the summary lines over plies 0-20.
fn board_search(
    flat_budget: Budget,
    tree_budget: Budget,
    pentobi: Option<&Path>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mhz = CLOCK_HZ as f64 / 1e6;
    let mut pentobi = match pentobi {
        Some(path) => Some(
            GtpEngine::spawn(&format!(
                "{} -g duo -l 7 --nobook --noresign --threads 1",
                path.display()
            ))
            .with_context(|| format!("--pentobi {}", path.display()))?,
        ),
        None => None,
    };
    let (mut hw, mut sw, mut sims) = (Vec::new(), Vec::new(), Vec::new());
    let (mut flat_hw, mut flat_sw) = (Vec::new(), Vec::new());
    let (mut old_hw, mut old_sw) = (Vec::new(), Vec::new());
    let (mut board_ms, mut timed_out) = (Vec::new(), 0);
    for (ply, position) in search_positions() {
        let tree = TimedSearch::run(|| {
            let o = prior_tree::search(black_box(&position), [None; 3], tree_budget);
            (o.playouts() as f64, o.edges, o.timed_out)
        });
        let flat = TimedSearch::run(|| {
            let o = flat::search(black_box(&position), flat_budget);
            (f64::from(o.playouts), o.edges, o.timed_out)
        });
        let old = TimedSearch::run(|| {
            let o = board_tree::search(black_box(&position), tree_budget);
            (o.playouts() as f64, o.edges, o.timed_out)
        });
        board_ms.push(tree.board_seconds * 1e3);
        timed_out += usize::from(tree.timed_out);
        let mut line = format!(
            "  ply {ply:2}: {:6.0} playouts in {:.1} ms of board time: {:8.0}/s in hardware, \
             {:7.0}/s in software; the tree before it {:6.0} in {:.1} ms: {:8.0}/s by its cycles, {:7.0}/s in software; \
             flat search {:6.0} in {:.1} ms: {:7.0}/s by its cycles, {:7.0}/s in software",
            tree.playouts,
            tree.board_seconds * 1e3,
            tree.hardware_rate(),
            tree.software_rate(),
            old.playouts,
            old.board_seconds * 1e3,
            old.hardware_rate(),
            old.software_rate(),
            flat.playouts,
            flat.board_seconds * 1e3,
            flat.hardware_rate(),
            flat.software_rate(),
        );
        if let Some(engine) = pentobi.as_mut() {
            let (_, log) = engine.genmove_logged(&position, "Sim/s", Duration::from_secs(5))?;
            let rate = log
                .as_deref()
                .and_then(pentobi_sims_per_second)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "Pentobi wrote no `Sim/s` line at ply {ply} (is it run without --quiet?)"
                    )
                })?;
            line.push_str(&format!(", Pentobi {rate:7.0} simulations/s"));
            if ply <= SUMMARY_PLIES {
                sims.push(rate);
            }
        }
        writeln!(out, "{line}")?;
        if ply <= SUMMARY_PLIES {
            hw.push(tree.hardware_rate());
            sw.push(tree.software_rate());
            flat_hw.push(flat.hardware_rate());
            flat_sw.push(flat.software_rate());
            old_hw.push(old.hardware_rate());
            old_sw.push(old.software_rate());
        }
    }
    let max_ms = board_ms.iter().copied().fold(0.0, f64::max);
    let ms = |budget: Budget| budget.rounds_until as f64 * 1e3 / CLOCK_HZ as f64;
    writeln!(
        out,
        "board search (model::prior_tree, {} engines, rounds during {:.1} ms, {} positions): board time median {:.1} ms, \
         max {max_ms:.1} ms at {mhz} MHz; watchdog fired {timed_out} times",
        playout_bank::ENGINES,
        ms(tree_budget),
        board_ms.len(),
        median(&mut board_ms),
    )?;
    let (h, s) = (median(&mut hw), median(&mut sw));
    writeln!(
        out,
        "board search: {h:.0} playouts/s in hardware at {mhz} MHz, {s:.0} playouts/s in software on one core, ratio {:.1}",
        h / s
    )?;
    let (oh, os) = (median(&mut old_hw), median(&mut old_sw));
    writeln!(
        out,
        "the tree before it (model::board_tree, the board's search before the tree by prior, rounds during {:.1} ms): \
         {oh:.0} playouts/s by its cycles at {mhz} MHz, {os:.0} playouts/s in software on one core, ratio {:.1}",
        ms(tree_budget),
        oh / os
    )?;
    let (fh, fs) = (median(&mut flat_hw), median(&mut flat_sw));
    writeln!(
        out,
        "flat search (model::retired::flat, the board's search before the tree, rounds during {:.1} ms): \
         {fh:.0} playouts/s by its cycles at {mhz} MHz, {fs:.0} playouts/s in software on one core, ratio {:.1}",
        ms(flat_budget),
        fh / fs
    )?;
    if !sims.is_empty() {
        let p = median(&mut sims);
        writeln!(
            out,
            "Pentobi 30.3 (level 7, one thread): {p:.0} simulations/s; the board / Pentobi {:.2}, \
             the tree before it / Pentobi {:.2}, the flat search / Pentobi {:.2}",
            h / p,
            oh / p,
            fh / p
        )?;
    }
    Ok(())
}

/// `arena blokus bench --playouts-per-ply`: the playouts the board's search
/// (the tree by prior) and the tree before it play in their budget at every
/// even ply, the mean over the positions of `games` games that open with 4
/// random moves and go on greedily (those not over); the last line is the
/// tree before it's, as `model::next::budget::BOARD_PLAYOUTS` holds them.
pub fn playouts_per_ply(games: usize, out: &mut dyn Write) -> anyhow::Result<()> {
    let histories = games::blokus::sensible_games(BENCH_SEED, games, 4);
    let mut table = Vec::new();
    for ply in (0..48).step_by(2) {
        let counts: Vec<u64> = histories
            .iter()
            .filter_map(|h| h.get(ply))
            .filter(|p| !p.is_over())
            .map(model::next::budget::measure)
            .collect();
        if counts.is_empty() {
            break;
        }
        let mean = counts.iter().sum::<u64>() / counts.len() as u64;
        let next: Vec<u64> = histories
            .iter()
            .filter_map(|h| h.get(ply))
            .filter(|p| !p.is_over())
            .map(|p| prior_tree::search(p, [None; 3], tree_budget()).playouts())
            .collect();
        let next_mean = next.iter().sum::<u64>() / next.len() as u64;
        writeln!(
            out,
            "ply {ply:2}: the board {next_mean} playouts, the tree before it {mean} (means of {} positions)",
            counts.len()
        )?;
        table.push(mean);
    }
    let rows: Vec<String> = table.iter().map(|n| n.to_string()).collect();
    writeln!(out, "[{}]", rows.join(", "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentobi_s_log_line_gives_its_rate() {
        let line = "Nds 27618, Tm 00:00, Sim/s 11378, Len 22.8 dev=3.8 [3...30]";
        assert_eq!(pentobi_sims_per_second(line), Some(11378.0));
        assert_eq!(pentobi_sims_per_second("Sim 362, Chld 63.5%"), None);
        assert_eq!(pentobi_sims_per_second("Sim/s x"), None);
    }

    #[test]
    fn search_positions_span_the_opening_to_the_late_game() {
        let positions = search_positions();
        assert_eq!(positions[0].1, Position::new());
        assert!(positions
            .iter()
            .all(|(ply, p)| usize::from(p.plies()) == *ply && !p.is_over()));
        assert!(
            positions
                .iter()
                .filter(|(ply, _)| *ply <= SUMMARY_PLIES)
                .count()
                >= 12
        );
        assert!(positions.iter().any(|(ply, _)| *ply > SUMMARY_PLIES));
    }

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
