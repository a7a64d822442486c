//! The column-laid RAM (`ColumnRam`) beside rust-hdl's own `RAM` in
//! rust-hdl's event simulator: the same random writes and reads, every
//! read's word equal on every cycle (words never written read as 0). And
//! its Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;

use hdl::ColumnRam;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rows::lint_verilog;
use rust_hdl::prelude::*;
use std::sync::{Arc, Mutex};

const ADDRESS_BITS: usize = 6;
const WORD_BITS: usize = 21;

/// Both RAMs on the same ports.
#[derive(LogicBlock, Default)]
struct BothRams {
    clock: Signal<In, Clock>,
    read_address: Signal<In, Bits<ADDRESS_BITS>>,
    write_address: Signal<In, Bits<ADDRESS_BITS>>,
    write_data: Signal<In, Bits<WORD_BITS>>,
    write_enable: Signal<In, Bit>,
    column_data: Signal<Out, Bits<WORD_BITS>>,
    reference_data: Signal<Out, Bits<WORD_BITS>>,
    columns: ColumnRam<Bits<WORD_BITS>, ADDRESS_BITS>,
    reference: RAM<Bits<WORD_BITS>, ADDRESS_BITS>,
}

impl Logic for BothRams {
    #[hdl_gen]
    fn update(&mut self) {
        self.columns.read_clock.next = self.clock.val();
        self.columns.write_clock.next = self.clock.val();
        self.columns.read_address.next = self.read_address.val();
        self.columns.write_address.next = self.write_address.val();
        self.columns.write_data.next = self.write_data.val();
        self.columns.write_enable.next = self.write_enable.val();
        self.reference.read_clock.next = self.clock.val();
        self.reference.write_clock.next = self.clock.val();
        self.reference.read_address.next = self.read_address.val();
        self.reference.write_address.next = self.write_address.val();
        self.reference.write_data.next = self.write_data.val();
        self.reference.write_enable.next = self.write_enable.val();
        self.column_data.next = self.columns.read_data.val();
        self.reference_data.next = self.reference.read_data.val();
    }
}

#[test]
fn every_read_equals_rust_hdls_ram_and_the_verilog_lints_clean() {
    let mut rng = StdRng::seed_from_u64(31);
    // (read address, write address, data, write enable) a cycle; a read
    // of the address written in the same cycle included.
    let cycles: Vec<(u64, u64, u64, bool)> = (0..3000)
        .map(|_| {
            let write = rng.random_range(0..1u64 << ADDRESS_BITS);
            let read = if rng.random_bool(0.2) {
                write
            } else {
                rng.random_range(0..1u64 << ADDRESS_BITS)
            };
            (
                read,
                write,
                rng.random_range(0..1u64 << WORD_BITS),
                rng.random_bool(0.4),
            )
        })
        .collect();
    let reads = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::new();
    sim.add_clock(5, |x: &mut Box<BothRams>| x.clock.next = !x.clock.val());
    {
        let cycles = cycles.clone();
        let reads = reads.clone();
        sim.add_testbench(move |mut ep: Sim<BothRams>| {
            let mut x = ep.init()?;
            x = ep.watch(|x| x.clock.val().clk, x)?;
            for &(read, write, data, enable) in &cycles {
                x.read_address.next = read.into();
                x.write_address.next = write.into();
                x.write_data.next = data.into();
                x.write_enable.next = enable;
                x = ep.watch(|x| !x.clock.val().clk, x)?;
                x = ep.watch(|x| x.clock.val().clk, x)?;
                reads.lock().unwrap().push((
                    x.column_data.val().to_u64(),
                    x.reference_data.val().to_u64(),
                ));
            }
            ep.done(x)
        });
    }
    sim.run(Box::new(BothRams::default()), u64::MAX / 2)
        .expect("the simulation ends");
    let reads = reads.lock().unwrap();
    assert_eq!(reads.len(), cycles.len());
    let mut nonzero = 0;
    for (n, (column, reference)) in reads.iter().enumerate() {
        assert_eq!(column, reference, "cycle {n}: the word read");
        nonzero += usize::from(*column != 0);
    }
    assert!(
        nonzero > 1000,
        "the reads saw the writes: {nonzero} words not 0"
    );

    let mut top = ColumnRam::<Bits<WORD_BITS>, ADDRESS_BITS>::default();
    top.connect_all();
    let verilog = generate_verilog(&top);
    assert_eq!(
        verilog.matches("reg mem[63:0];").count(),
        1,
        "one 1-bit memory in a generate loop:\n{verilog}"
    );
    lint_verilog("column_ram", &verilog);
}
