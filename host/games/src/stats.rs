//! Match statistics shared by every game: wins, draws and losses, the score
//! rate and its 95% confidence interval.

use std::fmt;

/// Results of one side over a series of games.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Adds one game with `points` (1 win, 0.5 draw, 0 loss).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score rate: (wins + draws / 2) / games.
    pub fn rate(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The 95% confidence interval of the score rate (Wilson score interval,
    /// draws counted as half a win), clipped to [0, 1].
    pub fn interval95(&self) -> (f64, f64) {
        wilson95(self.rate(), self.games())
    }

    /// Wins alone over games (the seeds' "win rate": draws count as nothing),
    /// with its 95% interval.
    pub fn win_rate95(&self) -> (f64, f64, f64) {
        let p = f64::from(self.wins) / f64::from(self.games().max(1));
        let (low, high) = wilson95(p, self.games());
        (p, low, high)
    }
}

/// The Wilson score interval at 95% for a rate `p` over `games` trials.
pub fn wilson95(p: f64, games: u32) -> (f64, f64) {
    let n = f64::from(games);
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_985;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = self.interval95();
        write!(
            f,
            "+{} ={} -{} of {}: score {:.1}% (95% CI {:.1}%-{:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            100.0 * self.rate(),
            100.0 * low,
            100.0 * high
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_and_interval_match_hand_computed_values() {
        let mut t = Tally::default();
        for points in [1.0, 1.0, 1.0, 0.5, 0.0] {
            t.add(points);
        }
        assert_eq!((t.wins, t.draws, t.losses), (3, 1, 1));
        assert!((t.rate() - 0.7).abs() < 1e-12);
        // Wilson bounds are the roots of (p - q)^2 = z^2 q (1 - q) / n; for p = 0.7,
        // n = 5: 1.7683 q^2 - 2.1683 q + 0.49 = 0, so q = 0.2988 or 0.9274.
        let (low, high) = t.interval95();
        assert!((low - 0.2988).abs() < 1e-3, "{low}");
        assert!((high - 0.9274).abs() < 1e-3, "{high}");
        let all = Tally {
            wins: 100,
            draws: 0,
            losses: 0,
        };
        // All wins: the bounds are n / (n + z^2) = 0.9630 and 1.
        let (low, high) = all.interval95();
        assert!((high - 1.0).abs() < 1e-12, "{high}");
        assert!((low - 0.9630).abs() < 1e-3, "{low}");
        // Win rate 3/5 = 0.6 leaves the draw out: roots of 1.7683 q^2 - 1.9683 q + 0.36 = 0.
        let (p, low, high) = t.win_rate95();
        assert!((p - 0.6).abs() < 1e-12);
        assert!((low - 0.2307).abs() < 1e-3, "{low}");
        assert!((high - 0.8824).abs() < 1e-3, "{high}");
    }
}
