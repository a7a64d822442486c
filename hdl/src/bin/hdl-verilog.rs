//! Writes the Verilog of every top-level block, one file a block, into a
//! directory (default `build/`): `hdl-verilog [--list] [DIR] [BLOCK...]`.
//!
//! Each file is rust-hdl's `generate_verilog` of the connected block, with the
//! top module (which rust-hdl always calls `top`) and its sub-modules
//! (`top$child`) renamed after the block: `mask_unit`, `mask_unit$child`.
//! Naming blocks restricts the run to them; `--list` prints the names.

use hdl::{BoardState, Evaluator, LegalMoves, MaskUnit, MoveGen, Placer};
use rust_hdl::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Makes one block's Verilog.
type Generator = fn() -> String;

/// The top-level blocks: file and module name, and the block's Verilog.
/// Adding a block is one line here.
const BLOCKS: &[(&str, Generator)] = &[
    ("mask_unit", || verilog_of(MaskUnit::new())),
    ("move_gen", || verilog_of(MoveGen::new())),
    ("legal_moves", || verilog_of(LegalMoves::new())),
    ("candidates", || verilog_of(hdl::Candidates::new())),
    ("evaluator", || verilog_of(Evaluator::new())),
    ("placer", || verilog_of(Placer::new())),
    ("board_state", || verilog_of(BoardState::new())),
    ("one_ply", || verilog_of(hdl::OnePly::new())),
    ("search", || verilog_of(hdl::Search::default())),
    ("code_decoder", || verilog_of(hdl::CodeDecoder::new())),
    ("code_encoder", || verilog_of(hdl::CodeEncoder::new())),
    ("uart_tx", || {
        verilog_of(hdl::UartTx::new(25_000_000, 115_200))
    }),
    ("uart_rx", || {
        verilog_of(hdl::UartRx::new(25_000_000, 115_200))
    }),
    ("ulx3s_top", || verilog_of(hdl::Ulx3sTop::default())),
];

/// rust-hdl's Verilog of `block`, after wiring it up and checking it.
fn verilog_of<B: Block>(mut block: B) -> String {
    block.connect_all();
    generate_verilog(&block)
}

/// The name rust-hdl gives the top module.
const RUST_HDL_TOP: &str = "top";

/// `verilog` with its top module and sub-modules renamed after `name`.
///
/// rust-hdl names modules by their path: `top`, and `top$a$b` for nested
/// blocks. Only declarations (`module top$a(`), their closing comments
/// (`endmodule // top$a`) and instantiations (a line `top$a instance(`) are
/// rewritten, and only for names declared in the text, so no signal that
/// happens to contain `top` is touched. Black-box modules keep their names.
fn rename_top(verilog: &str, name: &str) -> Result<String, String> {
    let declared: BTreeSet<&str> = verilog
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("module "))
        .filter_map(|rest| rest.split('(').next())
        .map(str::trim)
        .collect();
    if !declared.contains(RUST_HDL_TOP) {
        return Err(format!(
            "no `module {RUST_HDL_TOP}(` in the generated Verilog"
        ));
    }
    let renamed = |module: &str| -> Option<String> {
        if !declared.contains(module) {
            return None;
        }
        let rest = module.strip_prefix(RUST_HDL_TOP)?;
        (rest.is_empty() || rest.starts_with('$')).then(|| format!("{name}{rest}"))
    };
    let taken = |new: &str| declared.contains(new) && renamed(new).is_none();
    if let Some(clash) = declared
        .iter()
        .filter_map(|m| renamed(m))
        .find(|m| taken(m))
    {
        return Err(format!("module `{clash}` is already declared"));
    }
    let mut out = String::with_capacity(verilog.len() + 64);
    for line in verilog.split_inclusive('\n') {
        let indent = &line[..line.len() - line.trim_start().len()];
        let body = line.trim_start();
        let rewritten = if let Some(rest) = body.strip_prefix("module ") {
            let (module, tail) = rest.split_at(rest.find('(').unwrap_or(rest.len()));
            renamed(module.trim()).map(|new| format!("{indent}module {new}{tail}"))
        } else if let Some(module) = body.strip_prefix("endmodule // ") {
            renamed(module.trim_end()).map(|new| {
                format!(
                    "{indent}endmodule // {new}{}",
                    &module[module.trim_end().len()..]
                )
            })
        } else {
            // An instantiation line: `<module> <instance>(`.
            let mut words = body.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(module), Some(instance), None) if instance.ends_with('(') => {
                    renamed(module).map(|new| format!("{indent}{new}{}", &body[module.len()..]))
                }
                _ => None,
            }
        };
        out.push_str(rewritten.as_deref().unwrap_or(line));
    }
    Ok(out)
}

fn run(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("usage: hdl-verilog [--list] [DIR] [BLOCK...]   (DIR defaults to build/)");
        return Ok(());
    }
    if args.iter().any(|a| a == "--list") {
        BLOCKS.iter().for_each(|(name, _)| println!("{name}"));
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
            let text = rename_top(&verilog(), name).map_err(|e| format!("{name}: {e}"))?;
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

    const NESTED: &str = "\n\nmodule top(clock,stop,top_out);\n    \
        // Sub module instances\n    top$inner inner(\n        .clock(clock)\n    );\n    \
        always @(*) top_out = stop;\nendmodule // top\n\n\
        module top$inner(clock);\n    input wire clock;\n    \
        ram_blackbox top(\n    );\nendmodule // top$inner\n";

    #[test]
    fn renames_only_module_names() {
        let out = rename_top(NESTED, "move_gen").unwrap();
        assert!(out.contains("\nmodule move_gen(clock,stop,top_out);\n"));
        assert!(out.contains("\n    move_gen$inner inner(\n"));
        assert!(out.contains("\nendmodule // move_gen\n"));
        assert!(out.contains("\nmodule move_gen$inner(clock);\n"));
        assert!(out.contains("\nendmodule // move_gen$inner\n"));
        // Signals and black boxes that merely contain `top` stay as they are.
        assert!(out.contains("always @(*) top_out = stop;"));
        assert!(out.contains("ram_blackbox top(\n"));
        assert!(!out.contains("module top"));
        assert_eq!(out.lines().count(), NESTED.lines().count());
    }

    #[test]
    fn every_block_gets_its_own_top_module() {
        for (name, verilog) in BLOCKS {
            let out = rename_top(&verilog(), name).unwrap();
            assert!(out.contains(&format!("\nmodule {name}(")), "{name}");
            assert!(!out.contains("module top"), "{name}");
        }
    }

    /// A block with a child block, as rust-hdl nests them.
    #[derive(LogicBlock, Default)]
    struct Delay {
        clock: Signal<In, Clock>,
        d: Signal<In, Bits<4>>,
        q: Signal<Out, Bits<4>>,
        stage: DFF<Bits<4>>,
    }

    impl Logic for Delay {
        #[hdl_gen]
        fn update(&mut self) {
            dff_setup!(self, clock, stage);
            self.stage.d.next = self.d.val();
            self.q.next = self.stage.q.val();
        }
    }

    #[test]
    fn renames_the_modules_of_nested_blocks() {
        let out = rename_top(&verilog_of(Delay::default()), "delay").unwrap();
        assert!(out.contains("\nmodule delay(clock,d,q);\n"), "{out}");
        assert!(out.contains("\nmodule delay$stage("), "{out}");
        assert!(out.contains("delay$stage stage(\n"), "{out}");
        assert!(out.contains("endmodule // delay$stage"), "{out}");
        assert!(!out.contains("top"), "{out}");
    }

    #[test]
    fn refuses_text_without_a_top_module() {
        assert!(rename_top("module other(a);\nendmodule\n", "x").is_err());
    }
}
