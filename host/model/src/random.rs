//! The board's pseudo-random numbers: Marsaglia's xorshift32
//! ([`Xorshift32`]), the state a search starts from ([`SEED`]), and a draw
//! below a bound from the high half of a number ([`draw_below`]), one
//! 16 x 16 product in hardware.

/// The generator's state at the start of every search.
pub const SEED: u32 = 0x9E37_79B9;

/// The pseudo-random generator: Marsaglia's xorshift32 (13, 17, 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xorshift32(pub u32);

impl Xorshift32 {
    /// The next state, which is also the number drawn.
    pub fn next_state(state: u32) -> u32 {
        let mut x = state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    }

    /// Draws a number.
    pub fn draw(&mut self) -> u32 {
        self.0 = Self::next_state(self.0);
        self.0
    }
}

/// A number in `0..n` (`n` below 2^16) from the generator's next draw: its
/// high 16 bits times `n`, shifted down 16.
pub fn draw_below(rng: &mut Xorshift32, n: u32) -> u32 {
    debug_assert!(n < 1 << 16);
    ((rng.draw() >> 16) * n) >> 16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_marsaglias_xorshift32() {
        // Marsaglia, "Xorshift RNGs" (2003): from 2463534242 the first
        // number drawn is 723471715.
        let mut rng = Xorshift32(2_463_534_242);
        assert_eq!(rng.draw(), 723_471_715);
        // It never reaches 0 from a nonzero state (a full-period generator).
        let mut rng = Xorshift32(SEED);
        assert!((0..100_000).all(|_| rng.draw() != 0));
    }
}
