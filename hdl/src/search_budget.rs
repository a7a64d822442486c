//! The search's budgets as the player's inputs: constants in the chip, and
//! in a Verilator model the same constants unless the model's command line
//! says otherwise (`+rounds_until=N +watchdog=N`, read once at power-up by
//! `$value$plusargs`). So one simulated board serves every budget
//! (`make play SEARCH_MS=...`, the tests' quick boards) instead of one
//! C++ model built a budget; Yosys does not define `VERILATOR` and sees
//! only the constants.

use crate::monte_carlo::TIMER_BITS;
use model::monte_carlo::Budget;
use rust_hdl::prelude::*;

/// The plusarg a Verilator model reads its round budget from.
pub const ROUNDS_UNTIL_PLUSARG: &str = "rounds_until";
/// The plusarg a Verilator model reads its watchdog from.
pub const WATCHDOG_PLUSARG: &str = "watchdog";

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
    /// The budget `budget` (its counts must fit in [`TIMER_BITS`]).
    pub fn new(budget: Budget) -> SearchBudget {
        assert!(
            budget.rounds_until < 1 << TIMER_BITS && budget.watchdog < 1 << TIMER_BITS,
            "a budget of {budget:?} does not fit the search's {TIMER_BITS}-bit timer"
        );
        SearchBudget {
            rounds_until: Default::default(),
            watchdog: Default::default(),
            rounds_until_value: Constant::new(budget.rounds_until.into()),
            watchdog_value: Constant::new(budget.watchdog.into()),
        }
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
    #[should_panic(expected = "does not fit")]
    fn a_budget_beyond_the_timer_is_refused() {
        SearchBudget::new(Budget::rounds_for(1 << TIMER_BITS));
    }
}
