//! Writes the Verilog of every top-level block, one file a block, into a
//! directory (default `build/`): `hdl-verilog [--list] [DIR] [BLOCK...]`.
//!
//! Each file is [`hdl::verilog::verilog_named`]: rust-hdl's `generate_verilog`
//! of the connected block, with the top module (which rust-hdl always calls
//! `top`) and its sub-modules (`top$child`) renamed after the block:
//! `mask_unit`, `mask_unit$child`.
//! Naming blocks restricts the run to them; `--list` prints the names of
//! the blocks `make synth-report` places on their own (every block but
//! [`NOT_ALONE`]).

use hdl::verilog::{on_big_stack, rename_top, verilog_of};
use hdl::{Evaluator, MaskUnit, Placer};
use model::cell_playout::Refinements;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Makes one block's Verilog.
type Generator = fn() -> String;

/// The top-level blocks: file and module name, and the block's Verilog.
/// Adding a block is one line here.
const BLOCKS: &[(&str, Generator)] = &[
    ("mask_unit", || verilog_of(MaskUnit::new())),
    ("evaluator", || verilog_of(Evaluator::new())),
    ("placer", || verilog_of(Placer::new())),
    ("scorer", || verilog_of(hdl::Scorer::new())),
    ("class_unit", || verilog_of(hdl::ClassUnit::new())),
    ("prior_scorer", || verilog_of(hdl::PriorScorer::new())),
    ("prior_list", || verilog_of(hdl::PriorList::new())),
    ("prior_expander", || verilog_of(hdl::PriorExpander::new())),
    ("cell_playout", || verilog_of(hdl::CellPlayout::new())),
    ("cell_playout_refined", || {
        verilog_of(hdl::CellPlayout::refined(Refinements::NEXT))
    }),
    ("cell_candidates", || verilog_of(hdl::CellCandidates::new())),
    ("playout_bank", || verilog_of(hdl::PlayoutBank::new())),
    ("playout_bank_refined", || {
        verilog_of(hdl::PlayoutBank::with_refinements(Refinements::NEXT))
    }),
    ("ucb_score", || verilog_of(hdl::UcbScore::new())),
    ("puct_score", || verilog_of(hdl::PuctScore::new())),
    ("expander", || verilog_of(hdl::Expander::new())),
    ("board_tree", || verilog_of(hdl::BoardTree::new())),
    ("code_decoder", || verilog_of(hdl::CodeDecoder::new())),
    ("code_encoder", || verilog_of(hdl::CodeEncoder::new())),
    ("uart_tx", || verilog_of(hdl::UartTx::default())),
    ("uart_rx", || verilog_of(hdl::UartRx::default())),
    ("sdram", || verilog_of(hdl::Sdram::default())),
    ("sdram_chip_model", || {
        verilog_of(hdl::SdramChipModel::default())
    }),
    ("sdram_check", || verilog_of(hdl::SdramCheck::default())),
    ("sdram_rig", || {
        hdl::sdram::rig_verilog().expect("the rig's blocks have their top modules")
    }),
    ("prior_tree_rig", || {
        // The test's few blocks on chip (`hdl/tests/common/prior_trees.rs`).
        hdl::prior_tree::rig::rig_verilog(2).expect("the rig's blocks have their top modules")
    }),
    ("sim_board", || {
        hdl::sim_board::sim_board_verilog(hdl::PlayerConfig::default())
            .expect("the PLL makes the default clock")
    }),
    ("search_budget", || {
        verilog_of(hdl::SearchBudget::new(hdl::PlayerConfig::default().budget))
    }),
    ("contest_player", || {
        verilog_of(hdl::ContestPlayer::default())
    }),
    ("ulx3s_top", || verilog_of(hdl::Ulx3sTop::default())),
];

/// Blocks written like the others but not placed on their own: the SDRAM
/// and its check have I/O cells, which need the board's pins (they are
/// placed within `ulx3s_top`), and the chip model, the rigs and the
/// simulated board are for simulation only.
const NOT_ALONE: &[&str] = &[
    "sdram",
    "sdram_check",
    "sdram_chip_model",
    "sdram_rig",
    "prior_tree_rig",
    "sim_board",
];

fn run(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("usage: hdl-verilog [--list] [DIR] [BLOCK...]   (DIR defaults to build/)");
        return Ok(());
    }
    if args.iter().any(|a| a == "--list") {
        BLOCKS
            .iter()
            .filter(|(name, _)| !NOT_ALONE.contains(name))
            .for_each(|(name, _)| println!("{name}"));
        return Ok(());
    }
    let dir = PathBuf::from(args.first().map_or("build", String::as_str));
    let wanted = args.get(1..).unwrap_or_default();
    if let Some(unknown) = wanted.iter().find(|w| !BLOCKS.iter().any(|(n, _)| n == w)) {
        let known: Vec<&str> = BLOCKS.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "no block `{unknown}`; the blocks are {}",
            known.join(", ")
        ));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, verilog) in BLOCKS {
        if wanted.is_empty() || wanted.iter().any(|w| w == name) {
            let text =
                rename_top(&on_big_stack(verilog), name).map_err(|e| format!("{name}: {e}"))?;
            write(&dir.join(format!("{name}.v")), &text)?;
        }
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("{} ({} lines)", path.display(), text.lines().count());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hdl-verilog: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_not_placed_alone_are_blocks() {
        for name in NOT_ALONE {
            assert!(BLOCKS.iter().any(|(n, _)| n == name), "{name}");
        }
    }

    #[test]
    fn every_block_gets_its_own_top_module() {
        for (name, verilog) in BLOCKS {
            let out = rename_top(&on_big_stack(verilog), name).unwrap();
            assert!(out.contains(&format!("\nmodule {name}(")), "{name}");
            assert!(!out.contains("module top"), "{name}");
        }
    }
}
