//! The SDRAM check's patterns (`model::sdram_check::pattern_word`), word
//! after word: the word of the current index, the index and the
//! pseudo-random state advanced on each `advance`.

use model::random::Xorshift32;
use model::sdram_check::RANDOM_SEED;
use rust_hdl::prelude::*;

/// The patterns: `word` is the current word of `pattern`; `advance` moves
/// to the next, `restart` back to the first.
#[derive(LogicBlock)]
pub struct CheckPatterns {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// The pattern, 0 to 3.
    pub pattern: Signal<In, Bits<2>>,
    /// Back to word 0 (the pseudo-random state to its seed).
    pub restart: Signal<In, Bit>,
    /// On to the next word.
    pub advance: Signal<In, Bit>,
    /// The current word.
    pub word: Signal<Out, Bits<16>>,
    index: DFF<Bits<24>>,
    /// The pseudo-random state whose low 16 bits are the current word.
    random: DFF<Bits<32>>,
    /// The state after it.
    next_random: Signal<Local, Bits<32>>,
    /// The address as data.
    address_word: Signal<Local, Bits<16>>,
    step_13: Signal<Local, Bits<32>>,
    step_17: Signal<Local, Bits<32>>,
    /// The state of word 0: one step from the seed.
    first_random: Constant<Bits<32>>,
    one: Constant<Bits<16>>,
}

impl Default for CheckPatterns {
    fn default() -> CheckPatterns {
        CheckPatterns {
            clock: Default::default(),
            pattern: Default::default(),
            restart: Default::default(),
            advance: Default::default(),
            word: Default::default(),
            index: Default::default(),
            random: Default::default(),
            next_random: Default::default(),
            address_word: Default::default(),
            step_13: Default::default(),
            step_17: Default::default(),
            first_random: Constant::new(u64::from(Xorshift32::next_state(RANDOM_SEED)).into()),
            one: Constant::new(1u64.into()),
        }
    }
}

impl Logic for CheckPatterns {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, index, random);
        // xorshift32 (13, 17, 5): model::random::Xorshift32; the word is
        // read from the register, the step feeds only the next state (so
        // that Verilator sees `word` apart from `advance` and `restart`).
        self.step_13.next = self.random.q.val() ^ (self.random.q.val() << 13);
        self.step_17.next = self.step_13.val() ^ (self.step_13.val() >> 17);
        self.next_random.next = self.step_17.val() ^ (self.step_17.val() << 5);
        self.address_word.next = self.index.q.val().get_bits::<16>(0)
            ^ (bit_cast::<16, 8>(self.index.q.val().get_bits::<8>(16)) << 8);
        match self.pattern.val().index() {
            0 => self.word.next = self.address_word.val(),
            1 => self.word.next = !self.address_word.val(),
            2 => self.word.next = self.one.val() << self.index.q.val().get_bits::<4>(0),
            _ => self.word.next = self.random.q.val().get_bits::<16>(0),
        }
        if self.advance.val() {
            self.index.d.next = self.index.q.val() + 1;
            self.random.d.next = self.next_random.val();
        }
        if self.restart.val() {
            self.index.d.next = 0.into();
            self.random.d.next = self.first_random.val();
        }
    }
}
