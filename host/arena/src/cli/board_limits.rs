//! The flag shared by every command that plays a board (`arena blokus
//! play`, `arena referee`, `arena serve`): the wall-clock guard on a
//! simulated board, whose moves are otherwise judged in board time
//! ([`protocol`]).

use protocol::SIM_WALL_GUARD;
use std::time::Duration;

/// Seconds as a duration, refusing what is not a positive number.
pub fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}

/// `--sim-wall-limit`.
#[derive(clap::Args, Clone, Copy, Debug, PartialEq)]
pub struct SimWallLimit {
    /// Seconds of wall-clock time the simulated board may take over one
    /// answer before it is taken for dead. Its moves are judged in board
    /// time (its own count of clock cycles) against the move limit; this
    /// only catches a simulator that died or stalled.
    #[arg(long = "sim-wall-limit", value_name = "S", default_value_t = SIM_WALL_GUARD.as_secs_f64(), value_parser = parse_seconds_f64)]
    pub seconds: f64,
}

fn parse_seconds_f64(text: &str) -> Result<f64, String> {
    seconds(text).map(|d| d.as_secs_f64())
}

impl SimWallLimit {
    /// As a duration.
    pub fn duration(&self) -> Duration {
        Duration::from_secs_f64(self.seconds)
    }
}
