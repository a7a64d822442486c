//! The span of words the SDRAM check covers: a constant in the chip, and in
//! a Verilator model the same constant unless the model's command line
//! says otherwise (`+sdram_check_words=N`, read once at power-up by
//! `$value$plusargs`, as `crate::search_budget` reads the search's
//! budget), so that a simulated board checks a small span quickly.

use rust_hdl::prelude::*;

/// Bits of a span: up to 2^24 words.
pub const SPAN_BITS: usize = 25;

/// The plusarg a Verilator model reads its span from.
pub const SPAN_PLUSARG: &str = "sdram_check_words";

/// The span of the check.
#[derive(LogicBlock)]
pub struct CheckSpan {
    /// The words checked (a multiple of `model::sdram_check::BURST`).
    pub words: Signal<Out, Bits<SPAN_BITS>>,
    words_value: Constant<Bits<SPAN_BITS>>,
}

impl CheckSpan {
    /// A span of `words`, which must be one the check takes
    /// (`model::sdram_check::check_span`).
    ///
    /// # Panics
    /// If it is not.
    pub fn new(words: u32) -> CheckSpan {
        if let Err(e) = model::sdram_check::check_span(words) {
            panic!("{e}");
        }
        CheckSpan {
            words: Default::default(),
            words_value: Constant::new(u64::from(words).into()),
        }
    }

    /// The command-line argument that gives a Verilator model the span `words`.
    pub fn plusarg(words: u32) -> String {
        format!("+{SPAN_PLUSARG}={words}")
    }
}

impl Logic for CheckSpan {
    fn update(&mut self) {
        self.words.next = self.words_value.val();
    }

    fn connect(&mut self) {
        self.words.connect();
    }

    fn hdl(&self) -> Verilog {
        // rust-hdl declares the constant as the localparam `words_value`.
        Verilog::Wrapper(Wrapper {
            code: format!(
                r#"
`ifdef VERILATOR
reg [{top}:0] words_r;
initial begin
    words_r = words_value;
    if ($value$plusargs("{SPAN_PLUSARG}=%d", words_r)) begin end
end
assign words = words_r;
`else
assign words = words_value;
`endif
"#,
                top = SPAN_BITS - 1,
            ),
            cores: String::new(),
        })
    }
}
