//! Perft for any game of the shared search: the number of move sequences of
//! a given length (a finished game has no moves; repetition is ignored), and
//! the `perft` command's plumbing shared by the games.

use super::record::Record;
use super::TwoPlayerGame;
use crate::search::Game;
use std::io::Write;
use std::time::Instant;

/// The number of move sequences of length `depth` from `position`.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(64);
    position.moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = position.clone();
            child.play(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// `arena GAME perft`: from `start` after the comma-separated `moves` (any
/// notation the game reads), prints each first move's count if `divide`,
/// then the time and speed, and the count as the last line.
pub fn perft_command<G: TwoPlayerGame>(
    start: G,
    moves: &str,
    depth: u32,
    divide: bool,
    output: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut game = Record::new(start, usize::MAX);
    for text in moves.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        game.play_text(text)
            .map_err(|e| anyhow::anyhow!("--moves: {text}: {e}"))?;
    }
    let position = game.position().clone();
    let started = Instant::now();
    let count = if divide && depth > 0 {
        let mut first = Vec::new();
        position.moves(&mut first);
        let mut total = 0;
        for m in first {
            let mut child = position.clone();
            child.play(m);
            let n = perft(&child, depth - 1);
            writeln!(output, "{} {n}", position.move_text(m))?;
            total += n;
        }
        total
    } else {
        perft(&position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        output,
        "perft {depth} of {}: {seconds:.3} s, {:.2} M moves/s",
        position.to_fen(),
        count as f64 / seconds.max(1e-9) / 1e6
    )?;
    writeln!(output, "{count}")?;
    Ok(())
}
