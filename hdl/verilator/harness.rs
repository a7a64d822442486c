//! Verilator-compiled models of rust-hdl blocks, driven from Rust tests.
//!
//! [`Model::build`] reads a block's top module ports from its generated
//! Verilog, writes `harness_ports.h` for the generic C++ driver
//! `harness.cpp` (beside this file), and compiles both with
//! `verilator --cc --exe --build` into a work directory, reusing the last
//! build when nothing changed. [`Model::run`] feeds the driver a script of
//! commands and returns its parsed replies. The command language is in
//! `harness.cpp`: set inputs (`i`, `s`), print outputs (`o`), clock cycles
//! (`c`), run from a start pulse until a done flag (or `!busy`) printing the
//! outputs of every valid cycle (`r`).
//!
//! A block is clocked when its top module has a 1-bit input named
//! [`CLOCK`]; the driver toggles it and it is not an ordinary input.
//!
//! Values cross as hexadecimal, most significant digit first; in Rust they are
//! `u64` words, least significant first (bit `i` in word `i / 64`), the
//! layout of `blokus::Bitboard`.
//!
//! Tests include this file with `#[path = "../verilator/harness.rs"] mod harness;`.

#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The name of the clock input rust-hdl blocks use.
pub const CLOCK: &str = "clock";

/// The C++ driver, compiled with every model.
const DRIVER: &str = include_str!("harness.cpp");

/// A port of a block's top module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// Its name in the Verilog (and in Verilator's model).
    pub name: String,
    /// Its width in bits.
    pub width: usize,
    /// An input (else an output).
    pub input: bool,
}

/// One line of the driver's replies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `o`: every output, in port order, as words.
    Outputs(Vec<Vec<u64>>),
    /// `r`: a cycle (1-based) in which the valid output was set, and every output.
    Valid(u64, Vec<Vec<u64>>),
    /// `r`: the cycle in which the done output was set.
    Done(u64),
    /// `r`: the done output never rose within this many cycles.
    Timeout(u64),
}

/// Ok with Verilator's version line, or a message saying how to install it.
pub fn verilator_version() -> Result<String, String> {
    match Command::new("verilator").arg("--version").output() {
        Ok(out) if out.status.success() => {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
        }
        Ok(out) => Err(format!(
            "`verilator --version` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )),
        Err(e) => Err(format!(
            "verilator is not installed ({e}): run scripts/setup.sh \
             (or apt-get install verilator); the Verilator model tests need it"
        )),
    }
}

/// The ports of module `top` in `verilog`, in the order of its argument
/// list. Reads rust-hdl's declarations: `input wire [195:0] own;`,
/// `output reg done;` and the like.
pub fn parse_ports(verilog: &str, top: &str) -> Result<Vec<Port>, String> {
    let mut lines = verilog.lines().map(str::trim);
    let header = lines
        .find(|l| {
            l.strip_prefix("module ")
                .is_some_and(|rest| rest.split('(').next().map(str::trim) == Some(top))
        })
        .ok_or_else(|| format!("no `module {top}(` in the Verilog"))?;
    let args: Vec<&str> = header
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .ok_or_else(|| format!("cannot read the port list of `{header}`"))?
        .0
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    let mut declared = Vec::new();
    for line in lines.take_while(|l| !l.starts_with("endmodule")) {
        let input = if line.starts_with("input ") {
            true
        } else if line.starts_with("output ") {
            false
        } else if line.starts_with("inout ") {
            return Err(format!("inout ports are not supported: `{line}`"));
        } else {
            continue;
        };
        let words: Vec<&str> = line.trim_end_matches(';').split_whitespace().collect();
        let name = words.last().copied().unwrap_or_default().to_string();
        let width = match words.iter().find(|w| w.starts_with('[')) {
            None => 1,
            Some(range) => range
                .trim_matches(|c| c == '[' || c == ']')
                .split_once(':')
                .filter(|(_, low)| *low == "0")
                .and_then(|(high, _)| high.parse::<usize>().ok())
                .map(|high| high + 1)
                .ok_or_else(|| format!("cannot read the width of `{line}`"))?,
        };
        declared.push(Port { name, width, input });
    }
    args.iter()
        .map(|arg| {
            declared
                .iter()
                .find(|p| p.name == *arg)
                .cloned()
                .ok_or_else(|| format!("no declaration of port `{arg}` of `{top}`"))
        })
        .collect()
}

/// `words` (least significant first) as `ceil(width / 4)` hex digits.
pub fn to_hex(words: &[u64], width: usize) -> String {
    (0..width.div_ceil(4))
        .rev()
        .map(|d| {
            let word = words.get(d * 4 / 64).copied().unwrap_or(0);
            char::from_digit((word >> (d * 4 % 64)) as u32 & 15, 16).unwrap()
        })
        .collect()
}

/// The `ceil(width / 64)` words of a hex value; refuses bits beyond `width`.
pub fn from_hex(hex: &str, width: usize) -> Result<Vec<u64>, String> {
    let mut words = vec![0u64; width.div_ceil(64)];
    for (d, c) in hex.chars().rev().enumerate() {
        let digit = c
            .to_digit(16)
            .ok_or_else(|| format!("`{hex}` is not hexadecimal"))? as u64;
        let bit = d * 4;
        if digit != 0 && (bit >= width || (bit + 4 > width && digit >> (width - bit) != 0)) {
            return Err(format!("`{hex}` is wider than {width} bits"));
        }
        if digit != 0 {
            words[bit / 64] |= digit << (bit % 64);
        }
    }
    Ok(words)
}

/// A compiled Verilator model of one block and its driver.
#[derive(Clone, Debug)]
pub struct Model {
    /// The top module's name.
    pub top: String,
    /// The driver executable.
    pub exe: PathBuf,
    /// Every port but the clock, in the top module's order.
    pub ports: Vec<Port>,
    /// Whether the block has a clock input ([`CLOCK`]).
    pub clocked: bool,
}

impl Model {
    /// Compiles module `top` of the Verilog file `verilog` with the driver in
    /// `work/<file stem>/`, or reuses the executable there when the Verilog, the
    /// driver and the command are unchanged since it was built.
    pub fn build(verilog: &Path, top: &str, work: &Path) -> Result<Model, String> {
        verilator_version()?;
        let text = std::fs::read_to_string(verilog)
            .map_err(|e| format!("cannot read {}: {e}", verilog.display()))?;
        let all = parse_ports(&text, top)?;
        let clocked = all
            .iter()
            .any(|p| p.name == CLOCK && p.input && p.width == 1);
        let ports: Vec<Port> = all.into_iter().filter(|p| p.name != CLOCK).collect();
        let header = ports_header(&ports, clocked);

        let stem = verilog
            .file_stem()
            .map_or(top.into(), |s| s.to_string_lossy());
        let dir = work.join(stem.as_ref());
        let obj = dir.join("obj");
        let exe = obj.join("harness");
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        let args: Vec<String> = [
            "--cc",
            "--exe",
            "--build",
            "-j",
            &jobs.to_string(),
            "--prefix",
            "Vdut",
            "--top-module",
            top,
            // rust-hdl's 32-bit constants; `make lint-verilog` counts them.
            "-Wno-WIDTH",
            // rust-hdl writes each module's logic as one always block, so a
            // request computed in a block that also reads its `ready` for a
            // register looks circular to Verilator's scheduling (the
            // search's jobs on the SDRAM's controller); a true loop still
            // fails, not converging at run time.
            "-Wno-UNOPTFLAT",
            "-Mdir",
            "obj",
            "-o",
            "harness",
            "-CFLAGS",
            "-I..",
            "block.v",
            "harness.cpp",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let inputs = [
            ("block.v", text.as_str()),
            ("harness.cpp", DRIVER),
            ("harness_ports.h", header.as_str()),
            ("command.txt", &args.join("\n")),
        ];
        let unchanged = exe.exists()
            && inputs.iter().all(|(name, content)| {
                std::fs::read_to_string(dir.join(name)).ok().as_deref() == Some(*content)
            });
        if !unchanged {
            let _ = std::fs::remove_file(&exe);
            std::fs::create_dir_all(&dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            for (name, content) in inputs {
                std::fs::write(dir.join(name), content)
                    .map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))?;
            }
            let out = Command::new("verilator")
                .args(&args)
                .current_dir(&dir)
                .output()
                .map_err(|e| format!("cannot run verilator: {e}"))?;
            if !out.status.success() || !exe.exists() {
                return Err(format!(
                    "verilator could not build the model of `{top}` in {} ({}):\n{}{}",
                    dir.display(),
                    out.status,
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
        Ok(Model {
            top: top.to_string(),
            exe,
            ports,
            clocked,
        })
    }

    /// The input ports (clock excluded), in order.
    pub fn inputs(&self) -> impl Iterator<Item = &Port> {
        self.ports.iter().filter(|p| p.input)
    }

    /// The output ports, in order.
    pub fn outputs(&self) -> impl Iterator<Item = &Port> {
        self.ports.iter().filter(|p| !p.input)
    }

    /// The port called `name`.
    pub fn port(&self, name: &str) -> Result<&Port, String> {
        self.ports
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| format!("`{}` has no port `{name}`", self.top))
    }

    /// An `i` command setting every input from `values` (name, words), which
    /// must name each input once.
    pub fn set_all(&self, values: &[(&str, &[u64])]) -> Result<String, String> {
        let mut line = String::from("i");
        for port in self.inputs() {
            let (_, words) = values
                .iter()
                .find(|(name, _)| *name == port.name)
                .ok_or_else(|| format!("no value for input `{}`", port.name))?;
            line.push(' ');
            line.push_str(&to_hex(words, port.width));
        }
        if values.len() != self.inputs().count() {
            return Err(format!(
                "{} values for {} inputs",
                values.len(),
                self.inputs().count()
            ));
        }
        line.push('\n');
        Ok(line)
    }

    /// An `s` command setting input `name` to `words`.
    pub fn set(&self, name: &str, words: &[u64]) -> Result<String, String> {
        let port = self.port(name)?;
        if !port.input {
            return Err(format!("`{name}` is an output"));
        }
        Ok(format!("s {name} {}\n", to_hex(words, port.width)))
    }

    /// Runs the driver on `script` (commands, one a line) and parses its replies.
    pub fn run(&self, script: &str) -> Result<Vec<Reply>, String> {
        let mut child = Command::new(&self.exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.exe.display()))?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let script = script.to_string();
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            // A driver that stops early closes its end; its status says why.
            let _ = stdin.write_all(script.as_bytes());
        });
        let out = child
            .wait_with_output()
            .map_err(|e| format!("driver of `{}`: {e}", self.top))?;
        writer.join().expect("the writer thread does not panic");
        if !out.status.success() {
            return Err(format!(
                "the driver of `{}` failed ({}): {}",
                self.top,
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|line| self.parse_reply(line))
            .collect()
    }

    fn parse_reply(&self, line: &str) -> Result<Reply, String> {
        let mut words = line.split_whitespace();
        let bad = || {
            format!(
                "unexpected reply from the driver of `{}`: `{line}`",
                self.top
            )
        };
        let number = |w: Option<&str>| w.and_then(|w| w.parse::<u64>().ok()).ok_or_else(bad);
        let values = |words: std::str::SplitWhitespace| -> Result<Vec<Vec<u64>>, String> {
            let hexes: Vec<&str> = words.collect();
            if hexes.len() != self.outputs().count() {
                return Err(bad());
            }
            hexes
                .iter()
                .zip(self.outputs())
                .map(|(hex, port)| from_hex(hex, port.width))
                .collect()
        };
        match words.next() {
            Some("o") => Ok(Reply::Outputs(values(words)?)),
            Some("v") => {
                let cycle = number(words.next())?;
                Ok(Reply::Valid(cycle, values(words)?))
            }
            Some("d") => Ok(Reply::Done(number(words.next())?)),
            Some("t") => Ok(Reply::Timeout(number(words.next())?)),
            _ => Err(bad()),
        }
    }
}

/// `harness_ports.h` for these ports.
fn ports_header(ports: &[Port], clocked: bool) -> String {
    let list = |input: bool| -> String {
        ports
            .iter()
            .filter(|p| p.input == input)
            .map(|p| format!(" X({}, {})", p.name, p.width))
            .collect()
    };
    let mut header = format!(
        "// Generated by hdl/verilator/harness.rs: the block's ports.\n\
         #define HARNESS_INPUTS(X){}\n#define HARNESS_OUTPUTS(X){}\n",
        list(true),
        list(false)
    );
    if clocked {
        header.push_str(&format!("#define HARNESS_CLOCK {CLOCK}\n"));
    }
    header
}

#[cfg(test)]
mod harness_tests {
    use super::*;

    #[test]
    fn reads_rust_hdl_port_declarations_in_argument_order() {
        let verilog = "\n\nmodule move_gen(clock,start,row,done);\n    \
            // Module arguments\n    input wire  clock;\n    input wire  start;\n    \
            output reg  [1273:0] row;\n    output wire  done;\n    reg  [3:0] local;\n\
            endmodule // move_gen\n\nmodule other(x);\n    input wire  [7:0] x;\nendmodule\n";
        let ports = parse_ports(verilog, "move_gen").unwrap();
        let names: Vec<(&str, usize, bool)> = ports
            .iter()
            .map(|p| (p.name.as_str(), p.width, p.input))
            .collect();
        assert_eq!(
            names,
            [
                ("clock", 1, true),
                ("start", 1, true),
                ("row", 1274, false),
                ("done", 1, false)
            ]
        );
        assert!(parse_ports(verilog, "move").is_err());
        assert_eq!(parse_ports(verilog, "other").unwrap()[0].width, 8);
    }

    #[test]
    fn hex_round_trips_at_every_width() {
        for width in [1usize, 3, 4, 5, 63, 64, 65, 196, 1274] {
            let words: Vec<u64> = (0..width.div_ceil(64))
                .map(|i| 0x9e37_79b9_7f4a_7c15u64.rotate_left(i as u32 * 7))
                .collect();
            // Keep only the bits below `width`.
            let mut words = words;
            if width % 64 != 0 {
                *words.last_mut().unwrap() &= (1 << (width % 64)) - 1;
            }
            let hex = to_hex(&words, width);
            assert_eq!(hex.len(), width.div_ceil(4));
            assert_eq!(from_hex(&hex, width).unwrap(), words, "width {width}");
        }
        assert_eq!(to_hex(&[0x1f], 5), "1f");
        assert_eq!(from_hex("1", 5).unwrap(), [1]);
        assert!(from_hex("20", 5).is_err());
        assert!(from_hex("100", 5).is_err());
        assert!(from_hex("g", 5).is_err());
    }

    #[test]
    fn the_header_lists_inputs_outputs_and_the_clock() {
        let ports = [
            Port {
                name: "start".into(),
                width: 1,
                input: true,
            },
            Port {
                name: "row".into(),
                width: 1274,
                input: false,
            },
        ];
        let header = ports_header(&ports, true);
        assert!(header.contains("#define HARNESS_INPUTS(X) X(start, 1)\n"));
        assert!(header.contains("#define HARNESS_OUTPUTS(X) X(row, 1274)\n"));
        assert!(header.contains("#define HARNESS_CLOCK clock\n"));
        assert!(!ports_header(&ports, false).contains("HARNESS_CLOCK"));
    }
}
