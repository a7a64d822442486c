//! The next search (`PriorTree`) in rust-hdl's event simulator against
//! `model::prior_tree::search_traced`, its expander scripted from the
//! model's trace, on the SDRAM's chip model.

#[path = "common/rows.rs"]
mod rows;

use hdl::PriorTree;
use rows::lint_verilog;
use rust_hdl::prelude::*;

#[test]
fn prior_tree_verilog_lints_clean() {
    hdl::verilog::on_big_stack(|| {
        let mut uut = PriorTree::scripted(4);
        uut.connect_all();
        lint_verilog("prior_tree", &generate_verilog(&uut));
    });
}
