//! For simulation only: the search (its expander scripted, or real) on
//! the SDRAM and its chip model, the SDRAM's pins wired between them: what
//! the tests drive in rust-hdl's simulator ([`PriorTreeRig`]) and, as
//! Verilog, in Verilator ([`rig_verilog`], the scripted build).

use super::earned::BLOCK_COUNT;
use super::expander_port::{CANDIDATE_BITS, COUNT_BITS, SUM_BITS};
use super::path_store::DEPTH;
use super::scripted_expander::SCRIPT_CHILDREN;
use super::word::ADDRESS;
use super::PriorTree;
use crate::board::Board;
use crate::cell_playout::RecentMoves;
use crate::sdram::{Sdram, SdramChipModel};
use crate::search_budget::TIMER_BITS;
use crate::side::Side;
use crate::verilog::verilog_named;
use rust_hdl::prelude::*;

/// The search on the SDRAM's chip model.
#[derive(LogicBlock)]
pub struct PriorTreeRig {
    /// The clock.
    pub clock: Signal<In, Clock>,
    /// `PriorTree`'s inputs.
    pub start: Signal<In, Bit>,
    /// Abandon.
    pub cancel: Signal<In, Bit>,
    /// The side to move.
    pub own: Signal<In, Side>,
    /// The other side.
    pub opponent: Signal<In, Side>,
    /// Passes in a row.
    pub passes: Signal<In, Bits<2>>,
    /// The last three moves.
    pub recent: Signal<In, RecentMoves>,
    /// The rounds' budget.
    pub rounds_until: Signal<In, Bits<TIMER_BITS>>,
    /// The watchdog.
    pub watchdog: Signal<In, Bits<TIMER_BITS>>,
    /// The next expansion's children.
    pub script_children: Signal<In, Bits<SCRIPT_CHILDREN>>,
    /// Its count.
    pub script_count: Signal<In, Bits<COUNT_BITS>>,
    /// It found a child.
    pub script_found: Signal<In, Bit>,
    /// Its weight sum.
    pub script_sum: Signal<In, Bits<SUM_BITS>>,
    /// Its candidates.
    pub script_candidates: Signal<In, Bits<CANDIDATE_BITS>>,
    /// Its edges.
    pub script_edges: Signal<In, Bits<16>>,
    /// `PriorTree`'s outputs.
    pub done: Signal<Out, Bit>,
    /// A move.
    pub found: Signal<Out, Bit>,
    /// Its shape.
    pub best_shape: Signal<Out, Bits<7>>,
    /// Its box corner.
    pub best_corner: Signal<Out, Bits<8>>,
    /// Its tile.
    pub best_tile: Signal<Out, Bits<5>>,
    /// Forced.
    pub forced: Signal<Out, Bit>,
    /// Candidates.
    pub candidates: Signal<Out, Bits<CANDIDATE_BITS>>,
    /// Rounds.
    pub rounds: Signal<Out, Bits<20>>,
    /// Plies.
    pub plies: Signal<Out, Bits<32>>,
    /// Blocks.
    pub blocks: Signal<Out, Bits<BLOCK_COUNT>>,
    /// Depth.
    pub depth: Signal<Out, Bits<DEPTH>>,
    /// The watchdog fired.
    pub timed_out: Signal<Out, Bit>,
    /// Busy.
    pub busy: Signal<Out, Bit>,
    /// The scripted expander took a start, or the search is done.
    pub script_event: Signal<Out, Bit>,
    /// The position the expander was given.
    pub seen_own: Signal<Out, Side>,
    /// Its other side.
    pub seen_opponent: Signal<Out, Side>,
    /// The latest placement's cells.
    pub seen_latest: Signal<Out, Board>,
    /// The earlier one's.
    pub seen_earlier: Signal<Out, Board>,
    /// A descent's last cycle.
    pub seen_descended: Signal<Out, Bit>,
    /// Its leaf.
    pub seen_leaf: Signal<Out, Bits<ADDRESS>>,
    /// The bank's `start`.
    pub seen_bank_start: Signal<Out, Bit>,
    /// The chip model saw a timing violated.
    pub error: Signal<Out, Bit>,
    tree: PriorTree,
    sdram: Sdram,
    chip: SdramChipModel,
}

impl PriorTreeRig {
    /// The rig, `on_chip_blocks` blocks of the node memory on chip.
    pub fn new(on_chip_blocks: usize) -> PriorTreeRig {
        PriorTreeRig::with_tree(PriorTree::scripted(on_chip_blocks))
    }

    /// The rig on the search with its real expander (`PriorTree::new`),
    /// for rust-hdl's simulator only: the script is not read and the
    /// `script_event` and `seen_` outputs stay low.
    pub fn with_expander(on_chip_blocks: usize) -> PriorTreeRig {
        PriorTreeRig::with_tree(PriorTree::new(on_chip_blocks))
    }

    fn with_tree(tree: PriorTree) -> PriorTreeRig {
        PriorTreeRig {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            own: Default::default(),
            opponent: Default::default(),
            passes: Default::default(),
            recent: Default::default(),
            rounds_until: Default::default(),
            watchdog: Default::default(),
            script_children: Default::default(),
            script_count: Default::default(),
            script_found: Default::default(),
            script_sum: Default::default(),
            script_candidates: Default::default(),
            script_edges: Default::default(),
            done: Default::default(),
            found: Default::default(),
            best_shape: Default::default(),
            best_corner: Default::default(),
            best_tile: Default::default(),
            forced: Default::default(),
            candidates: Default::default(),
            rounds: Default::default(),
            plies: Default::default(),
            blocks: Default::default(),
            depth: Default::default(),
            timed_out: Default::default(),
            busy: Default::default(),
            script_event: Default::default(),
            seen_own: Default::default(),
            seen_opponent: Default::default(),
            seen_latest: Default::default(),
            seen_earlier: Default::default(),
            seen_descended: Default::default(),
            seen_leaf: Default::default(),
            seen_bank_start: Default::default(),
            error: Default::default(),
            tree,
            sdram: Default::default(),
            chip: Default::default(),
        }
    }
}

impl Logic for PriorTreeRig {
    fn update(&mut self) {
        let t = &mut self.tree;
        t.clock.next = self.clock.val();
        t.start.next = self.start.val();
        t.cancel.next = self.cancel.val();
        t.own.next = self.own.val();
        t.opponent.next = self.opponent.val();
        t.passes.next = self.passes.val();
        t.recent.next = self.recent.val();
        t.rounds_until.next = self.rounds_until.val();
        t.watchdog.next = self.watchdog.val();
        t.script_children.next = self.script_children.val();
        t.script_count.next = self.script_count.val();
        t.script_found.next = self.script_found.val();
        t.script_sum.next = self.script_sum.val();
        t.script_candidates.next = self.script_candidates.val();
        t.script_edges.next = self.script_edges.val();
        self.done.next = t.done.val();
        self.found.next = t.found.val();
        self.best_shape.next = t.best_shape.val();
        self.best_corner.next = t.best_corner.val();
        self.best_tile.next = t.best_tile.val();
        self.forced.next = t.forced.val();
        self.candidates.next = t.candidates.val();
        self.rounds.next = t.rounds.val();
        self.plies.next = t.plies.val();
        self.blocks.next = t.blocks.val();
        self.depth.next = t.depth.val();
        self.timed_out.next = t.timed_out.val();
        self.busy.next = t.busy.val();
        self.script_event.next = t.script_event.val();
        self.seen_own.next = t.seen_own.val();
        self.seen_opponent.next = t.seen_opponent.val();
        self.seen_latest.next = t.seen_latest.val();
        self.seen_earlier.next = t.seen_earlier.val();
        self.seen_descended.next = t.seen_descended.val();
        self.seen_leaf.next = t.seen_leaf.val();
        self.seen_bank_start.next = t.seen_bank_start.val();
        let s = &mut self.sdram;
        s.clock.next = self.clock.val();
        s.valid.next = t.sdram_valid.val();
        s.request.next = t.sdram_request.val();
        s.write_data.next = t.sdram_write_data.val();
        t.sdram_ready.next = s.ready.val();
        t.sdram_sync_ready.next = s.sync_ready.val();
        t.sdram_write_strobe.next = s.write_strobe.val();
        t.sdram_read_valid.next = s.read_valid.val();
        t.sdram_read_data.next = s.read_data.val();
        let c = &mut self.chip;
        c.sdram_clk.next = s.sdram_clk.val();
        c.sdram_cke.next = s.sdram_cke.val();
        c.sdram_csn.next = s.sdram_csn.val();
        c.sdram_wen.next = s.sdram_wen.val();
        c.sdram_rasn.next = s.sdram_rasn.val();
        c.sdram_casn.next = s.sdram_casn.val();
        c.sdram_a.next = s.sdram_a.val();
        c.sdram_ba.next = s.sdram_ba.val();
        c.sdram_dqm.next = s.sdram_dqm.val();
        s.sdram_d.join(&mut c.sdram_d);
        c.stuck.next = false;
        c.stuck_bit.next = 0.into();
        c.stuck_value.next = false;
        self.error.next = c.error.val();
    }

    fn connect(&mut self) {
        let t = &mut self.tree;
        t.clock.connect();
        t.start.connect();
        t.cancel.connect();
        t.own.connect();
        t.opponent.connect();
        t.passes.connect();
        t.recent.connect();
        t.rounds_until.connect();
        t.watchdog.connect();
        t.script_children.connect();
        t.script_count.connect();
        t.script_found.connect();
        t.script_sum.connect();
        t.script_candidates.connect();
        t.script_edges.connect();
        t.sdram_ready.connect();
        t.sdram_sync_ready.connect();
        t.sdram_write_strobe.connect();
        t.sdram_read_valid.connect();
        t.sdram_read_data.connect();
        self.done.connect();
        self.found.connect();
        self.best_shape.connect();
        self.best_corner.connect();
        self.best_tile.connect();
        self.forced.connect();
        self.candidates.connect();
        self.rounds.connect();
        self.plies.connect();
        self.blocks.connect();
        self.depth.connect();
        self.timed_out.connect();
        self.busy.connect();
        self.script_event.connect();
        self.seen_own.connect();
        self.seen_opponent.connect();
        self.seen_latest.connect();
        self.seen_earlier.connect();
        self.seen_descended.connect();
        self.seen_leaf.connect();
        self.seen_bank_start.connect();
        let s = &mut self.sdram;
        s.clock.connect();
        s.valid.connect();
        s.request.connect();
        s.write_data.connect();
        s.sdram_d.connect();
        let c = &mut self.chip;
        c.sdram_clk.connect();
        c.sdram_cke.connect();
        c.sdram_csn.connect();
        c.sdram_wen.connect();
        c.sdram_rasn.connect();
        c.sdram_casn.connect();
        c.sdram_a.connect();
        c.sdram_ba.connect();
        c.sdram_dqm.connect();
        c.sdram_d.connect();
        c.stuck.connect();
        c.stuck_bit.connect();
        c.stuck_value.connect();
        self.error.connect();
    }

    /// The rig has no Verilog of its own: [`rig_verilog`] wires the blocks'
    /// modules.
    fn hdl(&self) -> Verilog {
        Verilog::Empty
    }
}

/// The rig's Verilog, its top module named `top` (for
/// [`crate::verilog::rename_top`]): [`PriorTreeRig`]'s ports, the search's
/// module (`top$tree`) on the SDRAM's (`top$sdram`) and the chip model's
/// (`top$chip`), one data bus between the two.
pub fn rig_verilog(on_chip_blocks: usize) -> Result<String, String> {
    let tree = verilog_named(PriorTree::scripted(on_chip_blocks), "top$tree")?;
    let sdram = verilog_named(Sdram::default(), "top$sdram")?;
    let chip = verilog_named(SdramChipModel::default(), "top$chip")?;
    let w = |bits: usize| {
        if bits == 1 {
            String::new()
        } else {
            format!("[{}:0] ", bits - 1)
        }
    };
    let inputs: [(&str, usize); 15] = [
        ("start", 1),
        ("cancel", 1),
        ("own", Side::BITS),
        ("opponent", Side::BITS),
        ("passes", 2),
        ("recent", RecentMoves::BITS),
        ("rounds_until", TIMER_BITS),
        ("watchdog", TIMER_BITS),
        ("script_children", SCRIPT_CHILDREN),
        ("script_count", COUNT_BITS),
        ("script_found", 1),
        ("script_sum", SUM_BITS),
        ("script_candidates", CANDIDATE_BITS),
        ("script_edges", 16),
        ("clock", 1),
    ];
    let outputs: [(&str, usize); 22] = [
        ("done", 1),
        ("found", 1),
        ("best_shape", 7),
        ("best_corner", 8),
        ("best_tile", 5),
        ("forced", 1),
        ("candidates", CANDIDATE_BITS),
        ("rounds", 20),
        ("plies", 32),
        ("blocks", BLOCK_COUNT),
        ("depth", DEPTH),
        ("timed_out", 1),
        ("busy", 1),
        ("script_event", 1),
        ("seen_own", Side::BITS),
        ("seen_opponent", Side::BITS),
        ("seen_latest", 196),
        ("seen_earlier", 196),
        ("seen_descended", 1),
        ("seen_leaf", ADDRESS),
        ("seen_bank_start", 1),
        ("error", 1),
    ];
    let mut text =
        String::from("\n// The search on the SDRAM's chip model (simulation only).\nmodule top(");
    let names: Vec<&str> = inputs.iter().chain(&outputs).map(|(n, _)| *n).collect();
    text += &names.join(",");
    text += ");\n";
    for (name, bits) in &inputs {
        text += &format!("    input wire {}{name};\n", w(*bits));
    }
    for (name, bits) in &outputs {
        text += &format!("    output wire {}{name};\n", w(*bits));
    }
    text += "    wire sdram_valid;\n    wire [33:0] sdram_request;\n";
    text += "    wire sdram_ready;\n    wire sdram_sync_ready;\n";
    text += "    wire sdram_write_strobe;\n    wire [15:0] sdram_write_data;\n";
    text += "    wire sdram_read_valid;\n    wire [15:0] sdram_read_data;\n";
    text += "    wire sdram_clk;\n    wire sdram_cke;\n    wire sdram_csn;\n    wire sdram_wen;\n";
    text += "    wire sdram_rasn;\n    wire sdram_casn;\n    wire [12:0] sdram_a;\n";
    text += "    wire [1:0] sdram_ba;\n    wire [1:0] sdram_dqm;\n    wire [15:0] sdram_d;\n";
    text += "    top$tree tree(\n";
    let tree_ports: Vec<String> = inputs
        .iter()
        .chain(&outputs)
        .filter(|(n, _)| *n != "error")
        .map(|(n, _)| format!("        .{n}({n})"))
        .chain(
            [
                "sdram_valid",
                "sdram_request",
                "sdram_ready",
                "sdram_sync_ready",
                "sdram_write_strobe",
                "sdram_write_data",
                "sdram_read_valid",
                "sdram_read_data",
            ]
            .iter()
            .map(|n| format!("        .{n}({n})")),
        )
        .collect();
    text += &tree_ports.join(",\n");
    text += "\n    );\n";
    text += "    top$sdram sdram(\n        .clock(clock), .valid(sdram_valid), .request(sdram_request), .ready(sdram_ready), .sync_ready(sdram_sync_ready),\n";
    text += "        .write_strobe(sdram_write_strobe), .write_data(sdram_write_data),\n";
    text += "        .read_valid(sdram_read_valid), .read_data(sdram_read_data),\n";
    text += "        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),\n";
    text += "        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),\n";
    text += "        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d)\n    );\n";
    text += "    top$chip chip(\n";
    text += "        .sdram_clk(sdram_clk), .sdram_cke(sdram_cke), .sdram_csn(sdram_csn),\n";
    text += "        .sdram_wen(sdram_wen), .sdram_rasn(sdram_rasn), .sdram_casn(sdram_casn),\n";
    text += "        .sdram_a(sdram_a), .sdram_ba(sdram_ba), .sdram_dqm(sdram_dqm), .sdram_d(sdram_d),\n";
    text += "        .stuck(1'b0), .stuck_bit(4'b0), .stuck_value(1'b0),\n";
    text += "        .error(error), .refresh()\n    );\n";
    text += "endmodule // top\n";
    Ok(format!("{text}{tree}{sdram}{chip}"))
}
