//! Dobutsu shogi's evaluation fitted to the solution: a linear sum of
//! features of the position for the side to move (a value for each piece
//! kind on each cell seen from its owner's side, the first and second piece
//! of each kind in hand, pieces left hanging on either side, the cells
//! round each lion the other side attacks, attacked cells, being in check,
//! the opponent's try threat, the move) with weights fitted
//! Texel-style ([`crate::tune::texel`]) to the exact win / draw / loss of
//! positions drawn from the solved table (`arena tune dobutsu-solution`). The two
//! facts the table never needs fitting for come first, as in our hand-set
//! evaluation: a lion the side to move can catch, and a safe try. The fitted
//! weights are kept in `fitted-weights.txt` beside this file.

use super::eval::{Sight, STRONG_VALUES};
use super::position::{attacks, Position, CELLS, CHICK, ELEPHANT, GIRAFFE, HEN, LION};
use super::solve::reach::is_leaf;
use super::solve::retro::{verdict, Verdict};
use super::solve::table::Table;
use crate::search::Evaluator;
use crate::tune::texel::Sample;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The piece kinds, in feature order.
const KINDS: [u8; 5] = [CHICK, ELEPHANT, GIRAFFE, LION, HEN];
const KIND_NAMES: [&str; 5] = ["chick", "elephant", "giraffe", "lion", "hen"];
/// The kinds a piece can hang as (not the lion: a lion attacked is check).
const HANGING_KINDS: usize = 4;

/// The features' layout.
const SQUARE: usize = 0;
const HAND: usize = SQUARE + KINDS.len() * CELLS;
const HANGING_MINE: usize = HAND + 6;
const HANGING_THEIRS: usize = HANGING_MINE + HANGING_KINDS;
const LION_ZONE_MINE: usize = HANGING_THEIRS + HANGING_KINDS;
const LION_ZONE_THEIRS: usize = LION_ZONE_MINE + 1;
const ATTACKS: usize = LION_ZONE_THEIRS + 1;
const IN_CHECK: usize = ATTACKS + 1;
const TRY_THEIRS: usize = IN_CHECK + 1;
const TEMPO: usize = TRY_THEIRS + 1;
/// How many weights there are.
pub const FEATURES: usize = TEMPO + 1;
/// Where the features past the pieces' squares and hands begin (hanging
/// pieces, the lions' zones, attacks, check, the opponent's try, the move).
pub const RELATIONS: usize = HANGING_MINE;

/// The side to move catches the lion: as good as won.
pub const CATCH: i32 = 20_000;
/// The side to move, out of check, steps its lion onto a safe far cell.
pub const SAFE_TRY: i32 = 15_000;

/// Each weight's name, as the weights file writes it.
pub fn feature_names() -> Vec<String> {
    let mut names = Vec::with_capacity(FEATURES);
    for kind in KIND_NAMES {
        names.extend((0..CELLS).map(|cell| format!("square.{kind}.{cell}")));
    }
    for kind in &KIND_NAMES[..3] {
        names.push(format!("hand.{kind}.first"));
        names.push(format!("hand.{kind}.second"));
    }
    for whose in ["mine", "theirs"] {
        names.extend([0, 1, 2, 4].map(|k| format!("hanging.{whose}.{}", KIND_NAMES[k])));
    }
    names.extend(
        [
            "lion_zone.mine",
            "lion_zone.theirs",
            "attacks",
            "in_check",
            "try.theirs",
            "tempo",
        ]
        .map(String::from),
    );
    names
}

fn kind_index(kind: u8) -> usize {
    KINDS.iter().position(|&k| k == kind).expect("a piece kind")
}

/// Where a hanging piece of `kind` counts (the lion never does).
fn hanging_index(kind: u8) -> Option<usize> {
    match kind {
        CHICK => Some(0),
        ELEPHANT => Some(1),
        GIRAFFE => Some(2),
        HEN => Some(3),
        _ => None,
    }
}

/// The cells next to `side`'s lion that the other side attacks.
fn lion_zone(sight: &Sight, side: usize, theirs: u16) -> i32 {
    sight.lion[side].map_or(0, |cell| {
        (attacks(side, LION, cell) & theirs).count_ones() as i32
    })
}

/// Calls `visit(index, value)` with each nonzero feature of `position` for
/// its side to move (own pieces count +1, the opponent's -1).
pub fn for_each_feature(position: &Position, visit: impl FnMut(usize, i32)) {
    for_each_feature_in_sight(position, &Sight::of(position), visit);
}

/// [`for_each_feature`] with the position's [`Sight`] already gathered.
pub fn for_each_feature_in_sight(
    position: &Position,
    sight: &Sight,
    mut visit: impl FnMut(usize, i32),
) {
    let me = position.side();
    let attacked = sight.attacked;
    let mut attack_pairs = 0;
    for (cell, kind, owner) in position.pieces() {
        let sign = if owner == me { 1 } else { -1 };
        // Cells as the owner sees them: gote's board turned round.
        let seen = if owner == 0 { cell } else { CELLS - 1 - cell };
        visit(SQUARE + kind_index(kind) * CELLS + seen, sign);
        attack_pairs += sign * attacks(owner, kind, cell).count_ones() as i32;
        let bit = 1u16 << cell;
        if attacked[1 - owner] & bit != 0 && attacked[owner] & bit == 0 {
            if let Some(k) = hanging_index(kind) {
                let at = if owner == me {
                    HANGING_MINE
                } else {
                    HANGING_THEIRS
                };
                visit(at + k, 1);
            }
        }
    }
    for side in 0..2 {
        let sign = if side == me { 1 } else { -1 };
        for k in 0..3 {
            let count = position.hand(side, k);
            if count >= 1 {
                visit(HAND + 2 * k, sign);
            }
            if count >= 2 {
                visit(HAND + 2 * k + 1, sign);
            }
        }
    }
    let zone_mine = lion_zone(sight, me, attacked[1 - me]);
    if zone_mine != 0 {
        visit(LION_ZONE_MINE, zone_mine);
    }
    let zone_theirs = lion_zone(sight, 1 - me, attacked[me]);
    if zone_theirs != 0 {
        visit(LION_ZONE_THEIRS, zone_theirs);
    }
    if attack_pairs != 0 {
        visit(ATTACKS, attack_pairs);
    }
    if sight.lion_attacked(me) {
        visit(IN_CHECK, 1);
    }
    if sight.try_threat(1 - me) {
        visit(TRY_THEIRS, 1);
    }
    visit(TEMPO, 1);
}

/// The score the two facts give `position` for its side to move, if one holds.
pub fn decided_score(position: &Position) -> Option<i32> {
    decided_score_in_sight(position, &Sight::of(position))
}

/// [`decided_score`] with the position's [`Sight`] already gathered.
pub fn decided_score_in_sight(position: &Position, sight: &Sight) -> Option<i32> {
    let me = position.side();
    if sight.lion_attacked(1 - me) {
        Some(CATCH)
    } else if sight.try_threat(me) && !sight.lion_attacked(me) {
        Some(SAFE_TRY)
    } else {
        None
    }
}

/// The features of `position` as a fitting sample with `result`.
pub fn sample(position: &Position, result: f32) -> Sample {
    let mut features = Vec::with_capacity(24);
    for_each_feature(position, |i, v| features.push((i as u32, v as f32)));
    Sample { features, result }
}

/// The weights the fitting starts from: our hand-set evaluation's
/// ([`super::eval::StrongEvaluation`]) where it has the term, else 0.
pub fn initial_weights() -> Vec<f64> {
    let mut weights = vec![0.0; FEATURES];
    for (k, &kind) in KINDS.iter().enumerate() {
        for seen in 0..CELLS {
            let value = match kind {
                LION => 30 * (3 - (seen / 3) as i32),
                _ => STRONG_VALUES.board[k],
            };
            weights[SQUARE + k * CELLS + seen] = f64::from(value);
        }
    }
    for k in 0..3 {
        weights[HAND + 2 * k] = f64::from(STRONG_VALUES.hand[k]);
        weights[HAND + 2 * k + 1] = f64::from(STRONG_VALUES.hand[k]);
    }
    weights[ATTACKS] = 8.0;
    weights[IN_CHECK] = -150.0;
    weights[TRY_THEIRS] = -600.0;
    weights
}

/// The fitted evaluation: integer weights, one a feature.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedEvaluation {
    weights: Vec<i32>,
}

impl FittedEvaluation {
    /// The weights `arena tune dobutsu-solution` fitted, as committed.
    pub fn fitted() -> FittedEvaluation {
        FittedEvaluation::parse(include_str!("fitted-weights.txt"))
            .expect("the committed weights file reads")
    }

    /// Weights rounded from a fitting.
    pub fn from_weights(weights: &[f64]) -> FittedEvaluation {
        FittedEvaluation {
            weights: crate::tune::weights::rounded(weights),
        }
    }

    /// Reads a weights file ([`crate::tune::weights`]); the error names the line at fault.
    pub fn parse(text: &str) -> Result<FittedEvaluation, String> {
        crate::tune::weights::parse(text, &feature_names())
            .map(|weights| FittedEvaluation { weights })
    }

    /// Reads the weights file at `path`.
    pub fn read(path: &str) -> Result<FittedEvaluation, String> {
        crate::tune::weights::read(path, &feature_names())
            .map(|weights| FittedEvaluation { weights })
    }

    /// The weights file's text (read back by [`FittedEvaluation::parse`]).
    pub fn to_text(&self) -> String {
        crate::tune::weights::to_text(
            "Dobutsu shogi's evaluation fitted to the solution (arena tune dobutsu-solution):\n\
             a weight a feature, in hundredths of a chick, for the side to move.",
            &feature_names(),
            &self.weights,
        )
    }

    pub fn weights(&self) -> &[i32] {
        &self.weights
    }

    /// The fitted sum alone, without the two facts.
    pub fn linear(&self, position: &Position) -> i32 {
        self.linear_in_sight(position, &Sight::of(position))
    }

    fn linear_in_sight(&self, position: &Position, sight: &Sight) -> i32 {
        let mut score = 0;
        for_each_feature_in_sight(position, sight, |i, v| score += self.weights[i] * v);
        score
    }
}

impl Evaluator<Position> for FittedEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let sight = Sight::of(position);
        decided_score_in_sight(position, &sight)
            .unwrap_or_else(|| self.linear_in_sight(position, &sight))
    }
}

/// A position drawn from the solution, with its exact value for the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Labelled {
    pub position: Position,
    pub verdict: Verdict,
}

/// `count` reached positions drawn uniformly from `table` with `seed`,
/// leaving out those the evaluation never scores by its weights: the
/// analysis's leaves and the two facts. A table with too few such
/// positions (a small sub-game's) is refused after a bounded number of draws.
pub fn draw(table: &Table, count: usize, seed: u64) -> Result<Vec<Labelled>, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut drawn = Vec::with_capacity(count);
    let most = 1000 * count as u64 + 100_000;
    let mut tries = 0u64;
    while drawn.len() < count {
        tries += 1;
        if tries > most {
            return Err(format!(
                "only {} of {tries} positions drawn from the table are scored by the                  weights (not leaves, no catch or safe try): too few for {count}",
                drawn.len()
            ));
        }
        let (position, value) = table.sample(&mut rng);
        if is_leaf(&position) || decided_score(&position).is_some() {
            continue;
        }
        drawn.push(Labelled {
            position,
            verdict: verdict(value),
        });
    }
    Ok(drawn)
}

/// `count` positions met in games from the start where each side plays the
/// table's best move, or with probability `noise` a uniformly random one
/// (a game stops at its end, at a leaf of the analysis, where the lion is
/// caught, or after `MAX_PLAYED_PLIES`), labelled by the table; as
/// [`draw`], the leaves and the two facts are left out. These
/// are the positions games reach, where a uniform draw over the table
/// rarely lands.
pub fn draw_played(
    table: &Table,
    count: usize,
    noise: f64,
    seed: u64,
) -> Result<Vec<Labelled>, String> {
    use rand::RngExt;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut drawn = Vec::with_capacity(count);
    let mut moves = Vec::new();
    let mut games = 0u64;
    while drawn.len() < count {
        games += 1;
        if games > 100 * count as u64 + 1000 {
            return Err(format!(
                "only {} positions met in {games} games are scored by the weights",
                drawn.len()
            ));
        }
        let mut position = table.root_position();
        for _ in 0..MAX_PLAYED_PLIES {
            // A leaf's mover catches the lion: the analysis, and the game, end there.
            if position.decided().is_some() || is_leaf(&position) || drawn.len() >= count {
                break;
            }
            if decided_score(&position).is_none() {
                let value = table
                    .value(&position)
                    .ok_or_else(|| format!("the table has no value for {}", position.to_fen()))?;
                drawn.push(Labelled {
                    position,
                    verdict: verdict(value),
                });
            }
            moves.clear();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = if rng.random::<f64>() < noise {
                moves[rng.random_range(0..moves.len())]
            } else {
                super::perfect::best_move(table, &position)?.0
            };
            position.make(m);
        }
    }
    Ok(drawn)
}

/// A game of [`draw_played`] stops after this many plies.
pub const MAX_PLAYED_PLIES: usize = 120;

/// The expected score a fitting aims at for `verdict`: 1 won, 1/2 drawn, 0
/// lost; with a `distance_scale` D, a win or loss `d` plies away is worth
/// only `1/2 +- exp(-d / D) / 2`, a far one closer to a draw.
pub fn target(verdict: Verdict, distance_scale: Option<f64>) -> f32 {
    let decisive = |d: u16| distance_scale.map_or(1.0, |scale| (-f64::from(d) / scale).exp());
    let score = match verdict {
        Verdict::Won(d) => 0.5 + 0.5 * decisive(d),
        Verdict::Lost(d) => 0.5 - 0.5 * decisive(d),
        Verdict::Drawn => 0.5,
    };
    score as f32
}

/// The class an expected score names: lost below 1/3, won above 2/3, else drawn.
fn class_of(expected: f64) -> Verdict {
    if expected > 2.0 / 3.0 {
        Verdict::Won(0)
    } else if expected < 1.0 / 3.0 {
        Verdict::Lost(0)
    } else {
        Verdict::Drawn
    }
}

/// The share of `positions` whose win / draw / loss an evaluation's
/// `score` names right, read as an expected score with scale `k` (as the
/// fitting reads it: `1 / (1 + exp(-k score / 400))`).
pub fn accuracy(positions: &[Labelled], k: f64, score: impl Fn(&Position) -> i32) -> f64 {
    let right = positions
        .iter()
        .filter(|l| {
            let expected = 1.0 / (1.0 + (-k * f64::from(score(&l.position)) / 400.0).exp());
            std::mem::discriminant(&class_of(expected)) == std::mem::discriminant(&l.verdict)
        })
        .count();
    right as f64 / positions.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(text: &str) -> Position {
        Position::from_fen(text).unwrap()
    }

    #[test]
    fn the_names_match_the_layout_and_the_committed_file_reads() {
        let names = feature_names();
        assert_eq!(names.len(), FEATURES);
        assert_eq!(names[HAND], "hand.chick.first");
        assert_eq!(names[HANGING_THEIRS + 3], "hanging.theirs.hen");
        assert_eq!(names[TEMPO], "tempo");
        let evaluation = FittedEvaluation::from_weights(&initial_weights());
        assert_eq!(
            FittedEvaluation::parse(&evaluation.to_text()),
            Ok(evaluation)
        );
        FittedEvaluation::fitted();
    }

    #[test]
    fn the_start_is_even_but_for_the_move_and_a_turned_board_scores_the_same() {
        let start = Position::start();
        let mut features = Vec::new();
        for_each_feature(&start, |i, v| features.push((i, v)));
        // Every piece's square is matched by the opponent's, turned round.
        let squares: i32 = features
            .iter()
            .filter(|&&(i, _)| i < HAND)
            .map(|&(_, v)| v)
            .sum();
        assert_eq!(squares, 0);
        assert!(features.contains(&(TEMPO, 1)));
        // The start turned round with gote to move is the same position for it.
        let turned = fen("gle/1c1/1C1/ELG[] b - - 0 1");
        let evaluation = FittedEvaluation::from_weights(&initial_weights());
        let mut a = Vec::new();
        let mut b = Vec::new();
        for_each_feature(&start, |i, v| a.push((i, v)));
        for_each_feature(&turned, |i, v| b.push((i, v)));
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(evaluation.evaluate(&start), evaluation.evaluate(&turned));
    }

    #[test]
    fn hanging_pieces_and_the_two_facts_are_seen() {
        // The chicks face each other on the left, no lion near: both hang.
        let position = fen("1l1/3/c2/C1L[] w - - 0 1");
        let mut features = Vec::new();
        for_each_feature(&position, |i, v| features.push((i, v)));
        assert!(features.contains(&(HANGING_THEIRS, 1)), "{features:?}");
        assert!(features.contains(&(HANGING_MINE, 1)), "{features:?}");
        // A lion beside its chick guards it.
        let guarded = fen("1l1/3/c2/CL1[] w - - 0 1");
        let mut features = Vec::new();
        for_each_feature(&guarded, |i, v| features.push((i, v)));
        assert!(
            !features.iter().any(|&(i, _)| i == HANGING_MINE),
            "{features:?}"
        );
        assert!(features.contains(&(HANGING_THEIRS, 1)), "{features:?}");
        // A lion in reach of the side to move's piece: caught next move.
        let catch = fen("1l1/1C1/3/1L1[] w - - 0 1");
        assert_eq!(decided_score(&catch), Some(CATCH));
        assert_eq!(FittedEvaluation::fitted().evaluate(&catch), CATCH);
        assert_eq!(decided_score(&position), None);
    }

    #[test]
    fn targets_follow_the_verdict_and_fade_with_the_distance() {
        assert_eq!(target(Verdict::Won(9), None), 1.0);
        assert_eq!(target(Verdict::Lost(9), None), 0.0);
        assert_eq!(target(Verdict::Drawn, Some(10.0)), 0.5);
        let near = target(Verdict::Won(2), Some(20.0));
        let far = target(Verdict::Won(40), Some(20.0));
        assert!(1.0 > near && near > far && far > 0.5, "{near} {far}");
        assert!((target(Verdict::Lost(40), Some(20.0)) - (1.0 - far)).abs() < 1e-6);
    }

    #[test]
    fn accuracy_counts_the_classes_the_scores_name() {
        let start = Position::start();
        let labelled = |verdict| Labelled {
            position: start,
            verdict,
        };
        let positions = [
            labelled(Verdict::Won(5)),
            labelled(Verdict::Drawn),
            labelled(Verdict::Lost(5)),
        ];
        assert_eq!(accuracy(&positions, 1.0, |_| 1000), 1.0 / 3.0);
        assert_eq!(accuracy(&positions, 1.0, |_| 0), 1.0 / 3.0);
        assert_eq!(accuracy(&positions[..1], 1.0, |_| 1000), 1.0);
        assert_eq!(accuracy(&positions[2..], 1.0, |_| -1000), 1.0);
    }
}
