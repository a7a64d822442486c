//! A solved class's value as the table and the analysis keep it: a result
//! bit and the distance in plies to the end with best play, and what it
//! says (won, lost or drawn).

/// A value for the side to move: 0 drawn (or not yet known), else a result
/// bit and the distance in plies to the end of the game with best play.
pub type Value = u16;
/// Set on a won value.
pub const WON: Value = 0x8000;
/// Set on a lost value.
pub const LOST: Value = 0x4000;
/// The distance bits.
pub const DISTANCE: Value = 0x3fff;
/// Drawn.
pub const DRAWN: Value = 0;

/// What a value says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won(u16),
    Lost(u16),
    Drawn,
}

/// The verdict of `value`.
pub fn verdict(value: Value) -> Verdict {
    if value & WON != 0 {
        Verdict::Won(value & DISTANCE)
    } else if value & LOST != 0 {
        Verdict::Lost(value & DISTANCE)
    } else {
        Verdict::Drawn
    }
}
