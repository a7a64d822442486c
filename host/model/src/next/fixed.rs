//! The board's next search's arithmetic: integers and small ROMs only, as
//! its hardware computes (each ROM's contents are computed here once, as
//! the Verilog generator would write them).
//!
//! - [`ratio`]: `a / b` as `a x RECIPROCAL[b >> s] >> s`-style product with
//!   the 256-entry reciprocal ROM of `model::board_tree` ([`reciprocal`]),
//!   `b` normalised to its top 8 bits: 15 fractional bits, exact to about
//!   one part in 128.
//! - [`explore_rom`]: Pentobi's exploration factor `c sqrt(N) ln(N + 1)`
//!   for a parent's `N` visits, from `N`'s bit length and its next 5 bits
//!   (a 32 x 32 ROM).
//! - [`sqrt_rom`]: `sqrt(weight / 2^16)` for a prior weight, for a new
//!   child's starting value (a 256-entry ROM indexed like the `EXP` ROM).

use crate::board_tree::{bits, reciprocal};

/// Fractional bits of [`ratio`]'s result.
pub const RATIO_BITS: u32 = 15;

/// `a / b` with [`RATIO_BITS`] fractional bits, by the reciprocal ROM (0
/// for `b` 0).
pub fn ratio(a: u64, b: u64) -> u64 {
    let s = bits(b).saturating_sub(8);
    (a >> s) * reciprocal(b >> s)
}

/// `c sqrt(N) ln(N + 1)` with [`RATIO_BITS`] fractional bits, `c` in
/// 1/256, for `N` read as its bit length and the 5 bits below its leading
/// one (exact below 64).
pub fn explore_rom(visits: u64, c_q8: u32) -> u64 {
    let b = bits(visits);
    let n = if b > 6 {
        // The leading one and 5 bits below it; the rest as zeros.
        (visits >> (b - 6)) << (b - 6)
    } else {
        visits
    };
    let n = n as f64;
    (f64::from(c_q8) / 256.0 * n.sqrt() * (n + 1.0).ln() * f64::from(1u32 << RATIO_BITS)) as u64
}

/// `sqrt(e^(-d/16))` in 1/256 for a logit `d` sixteenths below the best
/// (the square root of a child's prior relative to the best's).
pub fn sqrt_rom(d: u32) -> u32 {
    (256.0 * (-f64::from(d.min(255)) / 32.0).exp()).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_is_within_a_part_in_128() {
        for (a, b) in [
            (1u64, 3u64),
            (1000, 7),
            (123_456_789, 98_765),
            (5, 5),
            (7, 1 << 20),
        ] {
            let exact = a as f64 / b as f64 * f64::from(1u32 << RATIO_BITS);
            let got = ratio(a, b) as f64;
            assert!(
                (got - exact).abs() <= exact / 128.0 + 1.0,
                "{a}/{b}: {got} vs {exact}"
            );
        }
        assert_eq!(ratio(5, 0), 0);
    }

    #[test]
    fn the_exploration_factor_follows_its_formula() {
        let f = |n: f64| 0.5 * n.sqrt() * (n + 1.0).ln() * 32768.0;
        assert_eq!(explore_rom(0, 128), 0);
        for n in [1u64, 2, 10, 63] {
            assert_eq!(explore_rom(n, 128), f(n as f64) as u64, "{n}");
        }
        // Larger counts are read to 6 significant bits: within 1/32 below.
        for n in [100u64, 5000, 250_000] {
            let got = explore_rom(n, 128) as f64;
            assert!(
                got <= f(n as f64) && got > f(n as f64) * (1.0 - 1.0 / 16.0),
                "{n}"
            );
        }
    }
}
