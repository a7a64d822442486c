//! A small RAM read without a clock: [`LutRam`], one write a clock edge
//! and one read whose word is at the output in the same cycle as its
//! address, as the ECP5's distributed RAM (`TRELLIS_DPR16X4`, LUTs used as
//! 16 x 4-bit RAMs) gives it. It holds a table of registers read through a
//! wide multiplexer, in a few LUTs a word rather than a flip-flop a bit
//! and a multiplexer's tree: yosys maps the module's array to distributed
//! RAM. Reads see a word written at the clock edge before.

use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// The RAM: `2^N` words of `D`, all zero at power-up.
#[derive(LogicBlock, Default)]
pub struct LutRam<D: Synth, const N: usize> {
    /// The clock of the writes.
    pub clock: Signal<In, Clock>,
    /// Write `write_data` at `write_address` at the next clock edge.
    pub write_enable: Signal<In, Bit>,
    /// Where.
    pub write_address: Signal<In, Bits<N>>,
    /// What.
    pub write_data: Signal<In, D>,
    /// The word read.
    pub read_address: Signal<In, Bits<N>>,
    /// It, in the same cycle.
    pub read_data: Signal<Out, D>,
    /// rust-hdl's simulation of the words.
    _words: BTreeMap<Bits<N>, D>,
}

impl<D: Synth, const N: usize> Logic for LutRam<D, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() && self.write_enable.val() {
            self._words
                .insert(self.write_address.val(), self.write_data.val());
        }
        self.read_data.next = self
            ._words
            .get(&self.read_address.val())
            .copied()
            .unwrap_or_default();
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
reg [{top}:0] words [0:{last}];
integer i;
initial begin
    for (i = 0; i <= {last}; i = i + 1) words[i] = 0;
end

always @(posedge clock) begin
    if (write_enable) words[write_address] <= write_data;
end

always @(*) read_data = words[read_address];
",
            top = D::BITS - 1,
            last = (1usize << N) - 1,
        ))
    }
}
