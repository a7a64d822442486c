//! The board's clock and a search's budgets in its cycles: [`CLOCK_HZ`],
//! and [`Budget`], the cycle counts at which a search stops starting rounds
//! and at which its watchdog stops it.

/// The board clock, in cycles a second: the PLL's output (`hdl::pll`) from
/// the ULX3S's 25 MHz oscillator. Every block, the UART's bit time and the
/// board time the host reads from cycles follow it. The player with three
/// engines closes timing at it (its Fmax: BENCHMARKS.md).
pub const CLOCK_HZ: u64 = 50_000_000;

/// A search's two cycle budgets, counted from `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No round starts once this many cycles have passed.
    pub rounds_until: u64,
    /// The search stops wherever it is once this many cycles have passed.
    pub watchdog: u64,
}

impl Budget {
    /// Rounds during `ms` milliseconds of board time (0 to 1,000), as
    /// [`Budget::rounds_for`]; `None` outside that range.
    pub fn for_ms(ms: f64) -> Option<Budget> {
        let cycles = ms * CLOCK_HZ as f64 / 1e3;
        (ms.is_finite() && (0.0..=1000.0).contains(&ms))
            .then(|| Budget::rounds_for(cycles.round() as u64))
    }

    /// Rounds during `rounds_until` cycles, the watchdog 0.1 s of board
    /// time behind.
    pub const fn rounds_for(rounds_until: u64) -> Budget {
        Budget {
            rounds_until,
            watchdog: rounds_until + (CLOCK_HZ * 10 / 100),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_in_ms_is_rounds_during_that_board_time() {
        assert_eq!(Budget::for_ms(2.0), Some(Budget::rounds_for(100_000)));
        assert_eq!(
            Budget::rounds_for(0).watchdog,
            CLOCK_HZ / 10,
            "the watchdog 0.1 s behind"
        );
        assert_eq!(Budget::for_ms(1000.5), None);
        assert_eq!(Budget::for_ms(f64::NAN), None);
    }
}
