//! The search's budgets as the player's inputs: constants in the chip, and
//! in a Verilator model the same constants unless the model's command line
//! says otherwise (`+rounds_until=N +watchdog=N`, read once at power-up by
//! `$value$plusargs`). So one simulated board serves every budget
//! (`make play SEARCH_MS=...`, the tests' quick boards) instead of one
//! C++ model built a budget; Yosys does not define `VERILATOR` and sees
//! only the constants.

pub use model::clock::Budget;
use rust_hdl::prelude::*;

/// Bits of the searches' cycle counters and so of a budget: up to 2^26
/// cycles (1.34 s at 50 MHz).
pub const TIMER_BITS: usize = 26;

/// The plusarg a Verilator model reads its round budget from.
const ROUNDS_UNTIL_PLUSARG: &str = "rounds_until";
/// The plusarg a Verilator model reads its watchdog from.
const WATCHDOG_PLUSARG: &str = "watchdog";

/// A search budget: the round budget and the watchdog, in clock cycles.
#[derive(LogicBlock)]
pub struct SearchBudget {
    /// Rounds start while the search's cycle counter is below this.
    pub rounds_until: Signal<Out, Bits<TIMER_BITS>>,
    /// The watchdog's count.
    pub watchdog: Signal<Out, Bits<TIMER_BITS>>,
    rounds_until_value: Constant<Bits<TIMER_BITS>>,
    watchdog_value: Constant<Bits<TIMER_BITS>>,
}

impl SearchBudget {
    /// The budget `budget`.
    ///
    /// # Panics
    /// If it does not fit the timer ([`SearchBudget::fits`]).
    pub fn new(budget: Budget) -> SearchBudget {
        if let Err(e) = SearchBudget::fits(budget) {
            panic!("{e}");
        }
        SearchBudget {
            rounds_until: Default::default(),
            watchdog: Default::default(),
            rounds_until_value: Constant::new(budget.rounds_until.into()),
            watchdog_value: Constant::new(budget.watchdog.into()),
        }
    }

    /// Whether `budget`'s counts fit the search's [`TIMER_BITS`]-bit timer
    /// (else the error says so).
    pub fn fits(budget: Budget) -> Result<(), String> {
        if budget.rounds_until.max(budget.watchdog) < 1 << TIMER_BITS {
            Ok(())
        } else {
            Err(format!(
                "a budget of {budget:?} does not fit the search's {TIMER_BITS}-bit timer"
            ))
        }
    }

    /// The command-line arguments that give a Verilator model `budget`.
    pub fn plusargs(budget: Budget) -> Vec<String> {
        vec![
            format!("+{ROUNDS_UNTIL_PLUSARG}={}", budget.rounds_until),
            format!("+{WATCHDOG_PLUSARG}={}", budget.watchdog),
        ]
    }
}

impl Logic for SearchBudget {
    fn update(&mut self) {
        self.rounds_until.next = self.rounds_until_value.val();
        self.watchdog.next = self.watchdog_value.val();
    }

    fn connect(&mut self) {
        self.rounds_until.connect();
        self.watchdog.connect();
    }

    fn hdl(&self) -> Verilog {
        // rust-hdl declares the constants as the localparams
        // `rounds_until_value` and `watchdog_value`.
        Verilog::Wrapper(Wrapper {
            code: format!(
                r#"
`ifdef VERILATOR
reg [{top}:0] rounds_until_r;
reg [{top}:0] watchdog_r;
initial begin
    rounds_until_r = rounds_until_value;
    watchdog_r = watchdog_value;
    if ($value$plusargs("{ROUNDS_UNTIL_PLUSARG}=%d", rounds_until_r)) begin end
    if ($value$plusargs("{WATCHDOG_PLUSARG}=%d", watchdog_r)) begin end
end
assign rounds_until = rounds_until_r;
assign watchdog = watchdog_r;
`else
assign rounds_until = rounds_until_value;
assign watchdog = watchdog_value;
`endif
"#,
                top = TIMER_BITS - 1,
            ),
            cores: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verilog_holds_the_budget_and_reads_the_plusargs_under_verilator() {
        let budget = Budget::rounds_for(123_456);
        let mut block = SearchBudget::new(budget);
        block.connect_all();
        let verilog = generate_verilog(&block);
        for expected in [
            "localparam  rounds_until_value = 26'h1e240;".to_string(),
            format!("localparam  watchdog_value = 26'h{:x};", budget.watchdog),
            "assign rounds_until = rounds_until_value;".to_string(),
            "$value$plusargs(\"rounds_until=%d\", rounds_until_r)".to_string(),
            "`ifdef VERILATOR".to_string(),
        ] {
            assert!(
                verilog.contains(&expected),
                "{expected} missing in\n{verilog}"
            );
        }
    }

    #[test]
    fn the_plusargs_name_what_the_verilog_reads() {
        let budget = Budget::rounds_for(1_000);
        assert_eq!(
            SearchBudget::plusargs(budget),
            [
                "+rounds_until=1000".to_string(),
                format!("+watchdog={}", budget.watchdog)
            ]
        );
        assert!(SearchBudget::fits(budget).is_ok());
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn a_budget_beyond_the_timer_is_refused() {
        SearchBudget::new(Budget::rounds_for(1 << TIMER_BITS));
    }
}
