#!/usr/bin/env python3
"""The nets most likely to fail timing in a synthesised ECP5 netlist, before
placing it: the wide fan-outs driven late in the clock cycle.

At this player's fill (over 80% of the TRELLIS_COMB) each placement's
failing path has been a few logic levels that include one long wire: a
control signal computed deep in a cycle that enables or resets hundreds of
registers, its driver placed between them and its source. This script
reads yosys' JSON netlist (`scripts/bitstream.py` writes it beside its
logs, e.g. `build/ulx3s.json`), gives every net its depth in logic levels
(a LUT4 or a carry chain's entry one level, a carry step 0.03, a PFUMX or
L6MUX21 0.15, a block RAM's output 3, a flip-flop's 0.5) and lists:

- the nets of at least `--fanout` loads driven by logic, the latest first;
- the deepest endpoints (flip-flop inputs, block and distributed RAM
  inputs), with the path to the deepest, one per register name.

Levels are a ranking, not nanoseconds: nextpnr's timing says what failed.

usage: timing_risks.py [--self-test] [--fanout N] [--most N] NETLIST.json
"""
import argparse
import collections
import json
import re
import sys
import unittest

# A cell's output time after the clock, in levels, for cells that start paths.
SOURCES = {"TRELLIS_FF": 0.5, "DP16KD": 3.0, "TRELLIS_IO": 0.5, "IDDRX1F": 0.5,
           "ODDRX1F": 0.5, "EHXPLLL": 0.0, "DCCA": 0.0}
# The inputs of cells that end paths.
ENDPOINTS = {"TRELLIS_FF": ("DI", "CE", "LSR"), "TRELLIS_DPR16X4": ("DI", "WAD", "WRE")}


def delay(cell_type, port, out_port):
    """Levels from input `port` to `out_port` of a combinational cell, or None (no path)."""
    if cell_type == "LUT4":
        return 1.0
    if cell_type in ("PFUMX", "L6MUX21"):
        return 0.15 if port in ("ALUT", "BLUT", "D0", "D1") else 1.0
    if cell_type == "CCU2C":
        if port == "CIN":
            return 0.03 if out_port == "COUT" else 0.2
        return 1.0
    if cell_type == "TRELLIS_DPR16X4":
        return 1.2 if port.startswith("RAD") else None
    if cell_type == "MULT18X18D":
        return 4.0
    return None


class Netlist:
    """A flattened module's cells, each net bit's driver and its loads, and each bit's depth."""

    def __init__(self, doc):
        mods = doc["modules"]
        tops = [m for m in mods.values() if m.get("attributes", {}).get("top")]
        if len(tops) != 1:
            raise ValueError("the netlist has %d top modules, not one (is it flattened?)" % len(tops))
        self.cells = tops[0]["cells"]
        self.driver, self.loads = {}, collections.defaultdict(int)
        for name, cell in self.cells.items():
            for port, way in cell.get("port_directions", {}).items():
                for bit in cell["connections"].get(port, []):
                    if not isinstance(bit, int):
                        continue
                    if way == "output":
                        self.driver[bit] = (name, port)
                    else:
                        self.loads[bit] += 1
        self.memo = {}

    def depth(self, bit):
        """(levels, (cell, port, the input bit on the deepest path or None)) of a net bit."""
        todo, expanding = [bit], set()
        while todo:
            b = todo[-1]
            if b in self.memo or not isinstance(b, int) or b not in self.driver:
                todo.pop()
                continue
            name, out = self.driver[b]
            cell = self.cells[name]
            if cell["type"] in SOURCES:
                self.memo[b] = (SOURCES[cell["type"]], (name, out, None))
                todo.pop()
                continue
            inputs = []
            for port, way in cell["port_directions"].items():
                if way != "input":
                    continue
                d = delay(cell["type"], port, out)
                if d is not None:
                    inputs += [(ib, d) for ib in cell["connections"][port] if isinstance(ib, int)]
            waiting = [ib for ib, _ in inputs if ib not in self.memo and ib in self.driver]
            if waiting:
                if b in expanding or expanding.intersection(waiting):
                    raise ValueError("a combinational loop through %s" % name)
                expanding.add(b)
                todo += waiting
                continue
            best = (0.0, (name, out, None))
            for ib, d in inputs:
                a = self.memo[ib][0] if ib in self.memo else 0.0
                if a + d > best[0]:
                    best = (a + d, (name, out, ib))
            self.memo[b] = best
            expanding.discard(b)
            todo.pop()
        return self.memo.get(bit, (0.0, None))

    def late_fanouts(self, fanout):
        """(levels, loads, driving cell) of every logic-driven net bit with at least `fanout` loads, latest first."""
        rows = []
        for bit, n in self.loads.items():
            if n >= fanout and bit in self.driver and self.cells[self.driver[bit][0]]["type"] not in SOURCES:
                rows.append((self.depth(bit)[0], n, self.driver[bit][0]))
        return sorted(rows, key=lambda r: (-r[0], -r[1], r[2]))

    def deep_endpoints(self):
        """(levels, cell, port, bit) of every endpoint input, deepest first."""
        rows = []
        for name, cell in self.cells.items():
            ports = ENDPOINTS.get(cell["type"])
            if cell["type"] == "DP16KD":
                ports = [p for p, w in cell["port_directions"].items() if w == "input" and not p.startswith("CLK")]
            for port in ports or ():
                for bit in cell["connections"].get(port, []):
                    if isinstance(bit, int):
                        rows.append((self.depth(bit)[0], name, port, bit))
        return sorted(rows, key=lambda r: (-r[0], r[1], r[2]))

    def path(self, bit):
        """The cells on the deepest path into `bit`, from its start: (levels, type, cell, port)."""
        steps = []
        while isinstance(bit, int) and bit in self.memo:
            levels, (name, port, inner) = self.memo[bit]
            steps.append((levels, self.cells[name]["type"], name, port))
            bit = inner
        return list(reversed(steps))


def report(net, fanout, most, out):
    out.write("## Nets of %d or more loads driven by logic, the latest first (levels, loads, driver)\n" % fanout)
    for levels, n, name in net.late_fanouts(fanout)[:most]:
        out.write("%6.2f %5d %s\n" % (levels, n, name))
    out.write("\n## The deepest endpoints, one per register (levels, cell.port)\n")
    seen, shown = set(), 0
    for levels, name, port, bit in net.deep_endpoints():
        key = re.sub(r"_TRELLIS_FF_Q.*|\.q_TRELLIS_FF_Q.*|_\d+$", "", name)
        if key in seen:
            continue
        seen.add(key)
        out.write("%6.2f %s.%s\n" % (levels, name, port))
        if shown == 0:
            for step in net.path(bit):
                out.write("         %6.2f %-10s %s.%s\n" % step)
        shown += 1
        if shown >= most:
            break


class SelfTest(unittest.TestCase):
    @staticmethod
    def doc(cells):
        return {"modules": {"top": {"attributes": {"top": 1}, "cells": cells}}}

    @staticmethod
    def cell(kind, inputs, outputs):
        ports = dict((p, "input") for p in inputs)
        ports.update((p, "output") for p in outputs)
        conns = dict(inputs)
        conns.update(outputs)
        return {"type": kind, "port_directions": ports, "connections": conns}

    def test_a_late_wide_enable_is_listed_first_and_its_path_traced(self):
        c = self.cell
        cells = {"src": c("TRELLIS_FF", {"DI": [1]}, {"Q": [2]}),
                 "lut_a": c("LUT4", {"A": [2], "B": ["0"]}, {"Z": [3]}),
                 "lut_b": c("LUT4", {"A": [3]}, {"Z": [4]}),
                 "early": c("LUT4", {"A": [2]}, {"Z": [5]})}
        for i in range(6):
            cells["ff%d" % i] = c("TRELLIS_FF", {"DI": [2], "CE": [4], "LSR": [5]}, {"Q": [100 + i]})
        net = Netlist(self.doc(cells))
        rows = net.late_fanouts(6)
        self.assertEqual([(r[0], r[1], r[2]) for r in rows], [(2.5, 6, "lut_b"), (1.5, 6, "early")])
        deepest = net.deep_endpoints()[0]
        self.assertEqual((deepest[0], deepest[2]), (2.5, "CE"))
        self.assertEqual([s[2] for s in net.path(deepest[3])], ["src", "lut_a", "lut_b"])

    def test_a_carry_chain_costs_a_level_to_enter_and_little_to_ripple(self):
        c = self.cell
        cells = {"src": c("TRELLIS_FF", {"DI": [9]}, {"Q": [1]}),
                 "cc0": c("CCU2C", {"A0": [1], "CIN": ["0"]}, {"COUT": [2], "S0": [20]}),
                 "cc1": c("CCU2C", {"CIN": [2]}, {"COUT": [3], "S0": [21]}),
                 "cc2": c("CCU2C", {"CIN": [3]}, {"COUT": [4], "S0": [22]}),
                 "end": c("TRELLIS_FF", {"DI": [22]}, {"Q": [9]})}
        net = Netlist(self.doc(cells))
        self.assertAlmostEqual(net.depth(22)[0], 0.5 + 1.0 + 0.03 + 0.2)

    def test_a_combinational_loop_is_refused(self):
        c = self.cell
        cells = {"a": c("LUT4", {"A": [2]}, {"Z": [1]}),
                 "b": c("LUT4", {"A": [1]}, {"Z": [2]}),
                 "end": c("TRELLIS_FF", {"DI": [2]}, {"Q": [9]})}
        with self.assertRaisesRegex(ValueError, "combinational loop"):
            Netlist(self.doc(cells)).deep_endpoints()

    def test_a_netlist_with_no_single_top_is_refused(self):
        with self.assertRaisesRegex(ValueError, "not one"):
            Netlist({"modules": {"a": {"cells": {}}, "b": {"cells": {}}}})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("netlist", nargs="?")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--fanout", type=int, default=150)
    ap.add_argument("--most", type=int, default=30)
    args = ap.parse_args()
    if args.self_test:
        unittest.main(argv=[sys.argv[0]], exit=True)
    if not args.netlist:
        ap.error("give the yosys JSON netlist (or --self-test)")
    try:
        with open(args.netlist) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("timing_risks: %s is not a readable JSON netlist (%s)" % (args.netlist, e))
    try:
        report(Netlist(doc), args.fanout, args.most, sys.stdout)
    except (KeyError, ValueError) as e:
        sys.exit("timing_risks: %s is not a yosys netlist this script reads (%s)" % (args.netlist, e))


if __name__ == "__main__":
    main()
