//! The Verilog of a block under a module name of our choosing: rust-hdl's
//! `generate_verilog` of the connected block, with its top module (which
//! rust-hdl always calls `top`) and sub-modules (`top$child`) renamed after
//! it. `hdl-verilog` writes `build/<block>.v` with it, and the simulated
//! board (`sim`) compiles `ulx3s_top` from it.

use rust_hdl::prelude::*;
use std::collections::BTreeSet;

/// rust-hdl's Verilog of `block`, after wiring it up and checking it, with
/// the top module named `name` (and its sub-modules `name$child`).
///
/// ```
/// let verilog = hdl::verilog::verilog_named(hdl::UartTx::default(), "uart_tx").unwrap();
/// assert!(verilog.contains("\nmodule uart_tx("));
/// ```
pub fn verilog_named<B: Block>(block: B, name: &str) -> Result<String, String> {
    rename_top(&verilog_of(block), name)
}

/// rust-hdl's Verilog of `block`, after wiring it up and checking it (its
/// top module is [`RUST_HDL_TOP`]).
pub fn verilog_of<B: Block>(mut block: B) -> String {
    block.connect_all();
    generate_verilog(&block)
}

/// `make()` run on a thread with a stack of [`VERILOG_STACK`]: building a
/// whole player (a struct of some megabytes, built on the stack in a debug
/// build) and rust-hdl's recursive walk of it need more than the 2 MiB of a
/// spawned or test thread.
pub fn on_big_stack<T: Send>(make: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("verilog".into())
            .stack_size(VERILOG_STACK)
            .spawn_scoped(scope, make)
            .expect("a thread for the Verilog generator")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The stack of the thread that writes a block's Verilog.
pub const VERILOG_STACK: usize = 256 << 20;

/// The name rust-hdl gives the top module.
pub const RUST_HDL_TOP: &str = "top";

/// `verilog` with its top module and sub-modules renamed after `name`.
///
/// rust-hdl names modules by their path: `top`, and `top$a$b` for nested
/// blocks. Only declarations (`module top$a(`), their closing comments
/// (`endmodule // top$a`) and instantiations (a line `top$a instance(`) are
/// rewritten, and only for names declared in the text, so no signal that
/// happens to contain `top` is touched. Black-box modules keep their names.
pub fn rename_top(verilog: &str, name: &str) -> Result<String, String> {
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
