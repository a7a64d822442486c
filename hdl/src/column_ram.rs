//! A synchronous RAM laid out as one memory a data bit, for words wider
//! than block RAM is. It behaves as rust-hdl's `RAM` (a read registered on
//! the read clock, a write on the write clock), but its Verilog declares a
//! 1-bit memory for every bit of the word, so that yosys maps each to the
//! ECP5 block RAM's 16,384 x 1 configuration: a bit of the word then lives
//! in one block of a 16,384-word memory (2 of a 32,768-word one), not in
//! 1 of 8 or 16 (the 2,048 x 9 configuration it picks for the whole word),
//! and between the blocks and the logic run a few hundred wires rather
//! than thousands.
//!
//! The player does not use it today: its tree's 32,768-word memory is a
//! plain `RAM`, and with 16,384 words in columns the player routed far
//! slower than that (docs/design-log.md, `ColumnRam`). It stays for a larger tree.

use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// A RAM of `2^N` words of `D`, one 1-bit memory a bit of `D` in Verilog
/// (`D` of two bits or more: the Verilog indexes the word's bits).
#[derive(LogicBlock, Default)]
pub struct ColumnRam<D: Synth, const N: usize> {
    /// The word to read.
    pub read_address: Signal<In, Bits<N>>,
    /// The read clock.
    pub read_clock: Signal<In, Clock>,
    /// The word at `read_address` at the last rising edge of `read_clock`.
    pub read_data: Signal<Out, D>,
    /// The word to write.
    pub write_address: Signal<In, Bits<N>>,
    /// The write clock.
    pub write_clock: Signal<In, Clock>,
    /// What to write.
    pub write_data: Signal<In, D>,
    /// Write at the rising edge of `write_clock`.
    pub write_enable: Signal<In, Bit>,
    _words: BTreeMap<Bits<N>, D>,
}

impl<D: Synth, const N: usize> Logic for ColumnRam<D, N> {
    fn update(&mut self) {
        if self.read_clock.pos_edge() {
            self.read_data.next = self
                ._words
                .get(&self.read_address.val())
                .copied()
                .unwrap_or_default();
        }
        if self.write_clock.pos_edge() && self.write_enable.val() {
            self._words
                .insert(self.write_address.val(), self.write_data.val());
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
wire [{top}:0] column_data;
genvar column;
generate
   for (column = 0; column < {bits}; column = column + 1) begin : columns
      reg mem[{last}:0];
      reg data;
      always @(posedge read_clock) begin
         data <= mem[read_address];
      end
      always @(posedge write_clock) begin
         if (write_enable) begin
            mem[write_address] <= write_data[column];
         end
      end
      assign column_data[column] = data;
   end
endgenerate

always @(*) begin
   read_data = column_data;
end
",
            top = D::BITS - 1,
            bits = D::BITS,
            last = (1usize << N) - 1,
        ))
    }
}
