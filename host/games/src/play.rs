//! The one player trait of every game, and a game played out between
//! players. A game in progress is a [`GameState`]: seats, whose turn it is,
//! its moves (a pass is a move where the rules have one), and each seat's
//! points at the end. A [`Player`] of it chooses moves: a two-player game's
//! players see its [`crate::game::record::Record`] (the history counts for
//! repetition), Reversi's and Blokus Duo's see the position.

use std::io::Write;
use std::time::{Duration, Instant};

/// A game in progress as its players and the series runner see it.
pub trait GameState: Clone {
    /// A move; a pass is one where the rules have passes.
    type Move: Copy;
    /// Seats at the table.
    fn seats(&self) -> usize;
    /// The seat to move (meaningless once the game is over).
    fn seat_to_move(&self) -> usize;
    /// Each seat's points once the game is over: 1 a win, 0.5 a draw, 0 a
    /// loss, shares of a win for a tie of more seats; `None` while it goes on.
    fn points(&self) -> Option<Vec<f64>>;
    /// Plays a move; an illegal one is refused with the reason.
    fn play_move(&mut self, m: Self::Move) -> Result<(), String>;
    /// A move in the game's notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// The legal moves (a lone pass where the seat to move has no other;
    /// none once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// How many legal moves there are (perft's last ply; a game may count
    /// faster than it lists).
    fn count_moves(&self) -> u64 {
        self.legal_moves().len() as u64
    }
    /// Plays a move known to be legal (from [`GameState::legal_moves`]),
    /// unchecked where the game can (perft's inner loop).
    fn play_legal(&mut self, m: Self::Move) {
        self.play_move(m)
            .expect("a legal move from legal_moves plays");
    }
    /// Perft's convention at a finished game: Othello counts it as one leaf
    /// at whatever depth it ends; chess, the shogi games and Blokus count
    /// nothing below it.
    const FINISHED_IS_LEAF: bool = false;
}

/// Something that chooses moves of a game: an engine, a board or a person.
pub trait Player<S: GameState> {
    /// The name it is known by in results and records.
    fn name(&self) -> String;
    /// A legal move for the seat to move of `game`, which is not over.
    fn choose(&mut self, game: &S) -> anyhow::Result<S::Move>;
    /// A new game starts: forget what was learnt of the last one.
    fn new_game(&mut self) {}
    /// What the last choice found (depth, score, nodes, playouts), if anything.
    fn last_info(&self) -> Option<String> {
        None
    }
}

impl<S: GameState, P: Player<S> + ?Sized> Player<S> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &S) -> anyhow::Result<S::Move> {
        (**self).choose(game)
    }
    fn new_game(&mut self) {
        (**self).new_game()
    }
    fn last_info(&self) -> Option<String> {
        (**self).last_info()
    }
}

/// Plays `game` to its end, `players[s]` moving for seat `s`; `on_move`
/// sees each move as it is made (to print or save it). Returns each seat's
/// points. A player that fails or answers an illegal move stops the game
/// with an error naming it.
pub fn play_out<S: GameState>(
    game: &mut S,
    players: &mut [&mut dyn Player<S>],
    on_move: &mut dyn FnMut(&S, S::Move),
) -> anyhow::Result<Vec<f64>> {
    anyhow::ensure!(
        players.len() == game.seats(),
        "{} players for {} seats",
        players.len(),
        game.seats()
    );
    loop {
        if let Some(points) = game.points() {
            return Ok(points);
        }
        let player = &mut players[game.seat_to_move()];
        let m = player.choose(game)?;
        let text = game.move_text(m);
        game.play_move(m)
            .map_err(|e| anyhow::anyhow!("{} played {text}: {e}", player.name()))?;
        on_move(game, m);
    }
}

/// A player whose thinking time and moves are counted.
pub struct Timed<'a, S: GameState> {
    pub player: &'a mut dyn Player<S>,
    /// Time spent choosing, and moves chosen.
    pub spent: (Duration, u32),
}

impl<'a, S: GameState> Timed<'a, S> {
    pub fn new(player: &'a mut dyn Player<S>) -> Timed<'a, S> {
        Timed {
            player,
            spent: (Duration::ZERO, 0),
        }
    }
}

impl<S: GameState> Player<S> for Timed<'_, S> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn choose(&mut self, game: &S) -> anyhow::Result<S::Move> {
        let started = Instant::now();
        let choice = self.player.choose(game);
        self.spent.0 += started.elapsed();
        self.spent.1 += 1;
        choice
    }

    fn last_info(&self) -> Option<String> {
        self.player.last_info()
    }
}

/// Each seat's points and each seat's time thinking and moves made.
pub type TimedResult = (Vec<f64>, Vec<(Duration, u32)>);

/// Plays a game to its end between `players` (one a seat), each timed.
pub fn play_timed<S: GameState>(
    game: &mut S,
    players: &mut [Box<dyn Player<S> + '_>],
    on_move: &mut dyn FnMut(&S, S::Move),
) -> anyhow::Result<TimedResult> {
    let mut timed: Vec<Timed<S>> = players.iter_mut().map(|p| Timed::new(p.as_mut())).collect();
    let mut seats: Vec<&mut dyn Player<S>> =
        timed.iter_mut().map(|t| t as &mut dyn Player<S>).collect();
    let points = play_out(game, &mut seats, on_move)?;
    drop(seats);
    Ok((points, timed.iter().map(|t| t.spent).collect()))
}

/// Perft: the number of move sequences of exactly `depth` moves from
/// `state` (a pass is a move; a finished game counts by
/// [`GameState::FINISHED_IS_LEAF`]).
pub fn perft<S: GameState>(state: &S, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let count = state.count_moves();
        return if count == 0 && S::FINISHED_IS_LEAF {
            1
        } else {
            count
        };
    }
    let moves = state.legal_moves();
    if moves.is_empty() {
        return u64::from(S::FINISHED_IS_LEAF);
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = state.clone();
            child.play_legal(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// `arena GAME perft`: prints each first move's count if `divide`, then
/// the time and speed of `state` (`what` names it), and the count as the
/// last line.
pub fn perft_command<S: GameState>(
    state: &S,
    what: &str,
    depth: u32,
    divide: bool,
    output: &mut dyn Write,
) -> anyhow::Result<u64> {
    let started = Instant::now();
    let count = if divide && depth > 0 {
        let mut total = 0;
        for m in state.legal_moves() {
            let mut child = state.clone();
            child.play_move(m).map_err(anyhow::Error::msg)?;
            let n = perft(&child, depth - 1);
            writeln!(output, "{} {n}", state.move_text(m))?;
            total += n;
        }
        total
    } else {
        perft(state, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        output,
        "perft {depth} of {what}: {seconds:.3} s, {:.2} M moves/s",
        count as f64 / seconds.max(1e-9) / 1e6
    )?;
    writeln!(output, "{count}")?;
    Ok(count)
}
