//! `arena blokus fit-priors`: the board's next search's prior weights
//! (`model::next::prior`) fitted to the moves a player chose in recorded
//! games (the records `arena blokus match` appends), by the softmax fit of
//! `games::tune::softmax`; prints the fit's progress, its held-out loss and
//! top-1 agreement beside the uniform prior's, and the weights as the
//! table `model::next::prior::FITTED` holds.

use super::blokus_match::GameResult;
use anyhow::Context;
use blokus::{Move, MoveCode, Placement, Player, Position};
use games::tune::softmax::{fit, measure, Choice, SoftmaxConfig};
use model::next::features::{Classes, FEATURES, FEATURE_NAMES};
use model::next::prior::Weights;
use std::io::Write;
use std::path::PathBuf;

/// `arena blokus fit-priors`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct FitArgs {
    /// Records files of `arena blokus match` (a line a game).
    #[arg(required = true)]
    pub records: Vec<PathBuf>,
    /// Plies skipped at the start of every game (its random opening).
    #[arg(long, default_value_t = 4)]
    pub skip: usize,
    /// Epochs of the fit.
    #[arg(long, default_value_t = 200)]
    pub epochs: u32,
    /// Every Nth position is held out of the fit and measured.
    #[arg(long, default_value_t = 10)]
    pub held_out: usize,
}

/// The positions of one record line with the move chosen in each (after
/// `skip` plies; passes left out).
fn choices_of(line: &str, skip: usize) -> Result<Vec<Choice>, String> {
    let result = GameResult::parse(line)?;
    let mut position = Position::new();
    // Each placement made, with its player, the latest last.
    let mut made: Vec<(Player, Placement)> = Vec::new();
    let mut out = Vec::new();
    for (ply, text) in result.moves.iter().enumerate() {
        let code: MoveCode = text.parse().map_err(|e| format!("move {}: {e}", ply + 1))?;
        let m = position
            .check(code)
            .map_err(|e| format!("move {} ({text}) is illegal: {e}", ply + 1))?;
        if let (Move::Place(chosen), true) = (m, ply >= skip) {
            let them = position.to_move().other();
            let recent: Vec<Placement> = made
                .iter()
                .rev()
                .filter(|(p, _)| *p == them)
                .map(|&(_, p)| p)
                .take(2)
                .collect();
            let classes = Classes::of(&position, &recent);
            let legal = position.legal_placements();
            let index = legal
                .iter()
                .position(|&p| p == chosen)
                .expect("a legal move is listed");
            let mut features = Vec::with_capacity(legal.len() * FEATURES);
            for &p in &legal {
                features.extend_from_slice(&classes.counts(p));
            }
            out.push(Choice {
                features,
                chosen: index,
            });
        }
        if let Move::Place(p) = m {
            made.push((position.to_move(), p));
        }
        position.play(m);
    }
    Ok(out)
}

/// Runs `arena blokus fit-priors`.
pub fn run(args: &FitArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut choices = Vec::new();
    let mut games = 0;
    for path in &args.records {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the records {}", path.display()))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let found = choices_of(line, args.skip)
                .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), n + 1))?;
            choices.extend(found);
            games += 1;
        }
    }
    anyhow::ensure!(!choices.is_empty(), "no move to fit in the records");
    let moves: usize = choices.iter().map(|c| c.features.len() / FEATURES).sum();
    writeln!(
        out,
        "{games} games, {} positions, {:.0} legal moves a position on average",
        choices.len(),
        moves as f64 / choices.len() as f64
    )?;
    let held: Vec<&Choice> = choices.iter().step_by(args.held_out.max(1)).collect();
    let (uniform, uniform_top) = measure(&held, &[0.0; FEATURES]);
    let config = SoftmaxConfig {
        epochs: args.epochs,
        ..SoftmaxConfig::default()
    };
    let last = fit(&choices, FEATURES, args.held_out, &config, &mut |e| {
        if e.number % 20 == 0 || e.number == 1 {
            let _ = writeln!(
                out,
                "epoch {:4}: loss {:.4}, held-out loss {:.4}, held-out top-1 {:.1}%",
                e.number,
                e.loss,
                e.held_out_loss,
                100.0 * e.held_out_top1
            );
        }
    });
    let weights = Weights::from_natural(&last.weights);
    let rounded: Vec<f64> = weights.0.iter().map(|&w| f64::from(w) / 16.0).collect();
    let (rounded_loss, rounded_top) = measure(&held, &rounded);
    writeln!(
        out,
        "held out ({} positions): loss {:.4} (uniform prior {uniform:.4}), top-1 {:.1}% \
         (uniform {:.1}%); with the weights rounded to sixteenths: loss {rounded_loss:.4}, top-1 {:.1}%",
        held.len(),
        last.held_out_loss,
        100.0 * last.held_out_top1,
        100.0 * uniform_top,
        100.0 * rounded_top
    )?;
    for (w, name) in last.weights.iter().zip(FEATURE_NAMES) {
        writeln!(out, "{w:8.3}  {name}")?;
    }
    writeln!(out, "{}", weights.to_source())?;
    Ok(())
}
