//! `arena dobutsu reachable` and `arena dobutsu solve`: Tanaka's count of
//! the positions reachable from the start, and the complete solution of
//! the game (every position's value), written to a table file and reported:
//! the counts, the start's value and each first move's.

use games::dobutsu::solve::retro::{verdict, Value, Verdict};
use games::dobutsu::solve::{self, reach, table, Stage};
use games::dobutsu::Position;
use indicatif::ProgressBar;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// `--threads`, or every core.
fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

/// `arena dobutsu reachable`: the count alone; its last line is the count.
pub fn reachable(threads: Option<usize>, output: &mut dyn Write) -> anyhow::Result<()> {
    let threads = thread_count(threads);
    let started = Instant::now();
    let bar = ProgressBar::new_spinner();
    let (reach, reached) = reach::reach(&Position::start(), threads, u32::MAX, &|level, total| {
        bar.set_message(format!("level {level}: {total} positions"));
        bar.tick();
    });
    bar.finish_and_clear();
    writeln!(
        output,
        "{} levels, {:.1} s, {threads} threads, an index of {} positions",
        reach.levels,
        started.elapsed().as_secs_f64(),
        reached.index.size()
    )?;
    writeln!(
        output,
        "leaves (counted, not expanded): {} where the side to move can catch the lion, {} tries; others: {}",
        reach.catches,
        reach.tries,
        reach.positions - reach.catches - reach.tries
    )?;
    writeln!(output, "{}", reach.positions)?;
    Ok(())
}

/// A value in words, for the side to move.
pub fn value_text(value: Value) -> String {
    match verdict(value) {
        Verdict::Won(d) => format!("won in {d} plies"),
        Verdict::Lost(d) => format!("lost in {d} plies"),
        Verdict::Drawn => "drawn".to_string(),
    }
}

/// The peak resident memory of this process, in MiB (Linux), if known.
fn peak_memory_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// `arena dobutsu solve`: solves from `root` (the start unless a test says
/// otherwise), writes the table to `out` and reports.
pub fn solve_command(
    root: &Position,
    out: &Path,
    threads: Option<usize>,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let threads = thread_count(threads);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let started = Instant::now();
    let bar = ProgressBar::new_spinner();
    let reach_done = std::sync::Mutex::new(None);
    let resumed = std::sync::atomic::AtomicBool::new(false);
    let checkpoint = out.with_extension("reach");
    let solution = solve::solve(root, threads, Some(&checkpoint), &|stage| {
        match stage {
            Stage::Reach(level, found) => {
                bar.set_message(format!("reach: level {level}, {found} positions"))
            }
            Stage::Reached(from_file) => {
                resumed.store(from_file, std::sync::atomic::Ordering::Relaxed);
                *reach_done.lock().expect("a lock") = Some(started.elapsed());
                bar.set_message("retrograde: starting".to_string());
            }
            Stage::Retro(d, decided, classes) => bar.set_message(format!(
                "retrograde: distance {d}, {decided} of {classes} classes decided"
            )),
        }
        bar.tick();
    })
    .map_err(|e| anyhow::anyhow!("cannot save the checkpoint {}: {e}", checkpoint.display()))?;
    let solved = started.elapsed();
    bar.set_message(format!("writing {}", out.display()));
    table::write_solution(out, root, &solution)
        .map_err(|e| anyhow::anyhow!("cannot write the table {}: {e}", out.display()))?;
    let written = started.elapsed();
    // The table is whole: the checkpoint has done its job.
    let _ = std::fs::remove_file(&checkpoint);
    bar.finish_and_clear();
    let reach_time = reach_done.into_inner().expect("a lock").unwrap_or(solved);
    let reach = &solution.reach;
    let counts = solution.counts();
    writeln!(
        output,
        "reachable positions (as Tanaka counts them: a position with its mirror image and its \
         side-swapped image once, leaves counted, not expanded): {}",
        reach.positions
    )?;
    writeln!(
        output,
        "of them {} where the side to move can catch the lion, {} tries, {} others; {} levels",
        reach.catches,
        reach.tries,
        reach.positions - reach.catches - reach.tries,
        reach.levels
    )?;
    writeln!(
        output,
        "for the side to move: won {}, lost {}, drawn {}; the longest decided: {} plies",
        counts.won, counts.lost, counts.drawn, solution.longest
    )?;
    let value = solution.value(root).expect("the root is in its own set");
    let winner = match (verdict(value), root.side()) {
        (Verdict::Won(_), 0) | (Verdict::Lost(_), 1) => "sente wins",
        (Verdict::Drawn, _) => "a draw",
        _ => "gote wins",
    };
    writeln!(
        output,
        "the root ({}): {winner}; its side to move has {}",
        root.to_fen(),
        value_text(value)
    )?;
    let mut moves = Vec::new();
    root.generate(&mut moves);
    for m in moves {
        let mut child = *root;
        child.make(m);
        let text = Position::move_text(m);
        let after = solution
            .value(&child)
            .map_or("not in the set".to_string(), value_text);
        writeln!(
            output,
            "  first move {text} ({}): the mover's opponent has {after}",
            Position::seed_move_text(m)
        )?;
    }
    let reach_how = if resumed.into_inner() {
        "reachable set read from the checkpoint in"
    } else {
        "reach"
    };
    writeln!(
        output,
        "time: {:.1} s ({reach_how} {:.1} s, retrograde {:.1} s, table written in {:.1} s), \
         {threads} threads; peak memory {} MiB; table {} ({} MiB)",
        written.as_secs_f64(),
        reach_time.as_secs_f64(),
        (solved - reach_time).as_secs_f64(),
        (written - solved).as_secs_f64(),
        peak_memory_mib().map_or("?".to_string(), |m| m.to_string()),
        out.display(),
        std::fs::metadata(out).map_or(0, |m| m.len() >> 20)
    )?;
    Ok(())
}
