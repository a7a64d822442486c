#!/usr/bin/env python3
"""Checks a pin constraint file (Lattice LPF) pin by pin against the board
maker's published one.

Both files are parsed for
    LOCATE COMP "name" SITE "X";
    IOBUF PORT "name" KEY=VALUE ...;
    FREQUENCY PORT "name" N MHZ;
(keywords in any case, any spacing, statements may span lines, `#` and `//`
start comments, other statements such as BLOCK and SYSCONFIG are skipped).

Every signal of OURS must have both a LOCATE and an IOBUF, and must exist in
REFERENCE with the same SITE and the same IO_TYPE; no two of our signals may
share a site, and no signal may be given two different values. Any other
IOBUF setting (PULLMODE, DRIVE, ...) or FREQUENCY that differs from the
reference is a warning, or an error with --strict. A table of the signals
checked is printed, then each difference; the exit status is 1 if there is
any error.

usage: check_lpf.py [--strict] OURS REFERENCE
       check_lpf.py --self-test
Python 3 standard library only.
"""

import argparse
import re
import sys

# Statement patterns, matched against one statement with its `;` removed and
# its whitespace collapsed to single spaces.
NAME = r'"([^"]+)"'
LOCATE_RE = re.compile(r'^LOCATE COMP ' + NAME + r' SITE "?([A-Za-z0-9_]+)"?$', re.I)
IOBUF_RE = re.compile(r'^IOBUF PORT ' + NAME + r'((?: [A-Za-z_]+ ?= ?"?[^" ]*"?)*)$', re.I)
IOBUF_ATTR_RE = re.compile(r'([A-Za-z_]+) ?= ?"?([^" ]*)"?')
FREQ_RE = re.compile(r'^FREQUENCY PORT ' + NAME + r' ([0-9.]+) ?(HZ|KHZ|MHZ|GHZ)$', re.I)
FREQ_SCALE = {"HZ": 1e-6, "KHZ": 1e-3, "MHZ": 1.0, "GHZ": 1e3}
KEYWORDS = ("LOCATE", "IOBUF", "FREQUENCY")


class Signal:
    """What one file says about one signal; `where` maps each field to the
    line it was set on."""

    def __init__(self, name):
        self.name = name
        self.site = None
        self.attrs = {}  # IOBUF settings, keys and values upper-cased
        self.freq_mhz = None
        self.where = {}


class Lpf:
    """The parsed file: signals by name, and the problems found in it alone
    (a LOCATE/IOBUF/FREQUENCY statement not understood, a signal given two
    different values)."""

    def __init__(self, label):
        self.label = label
        self.signals = {}
        self.problems = []

    def signal(self, name):
        if name not in self.signals:
            self.signals[name] = Signal(name)
        return self.signals[name]

    def set(self, name, field, value, line):
        sig = self.signal(name)
        old = sig.site if field == "SITE" else (
            sig.freq_mhz if field == "FREQUENCY" else sig.attrs.get(field))
        if old is not None and old != value:
            self.problems.append(
                f"{self.label}:{line}: {name}: {field} {value} conflicts with "
                f"{field} {old} (line {sig.where[field]})")
            return
        if field == "SITE":
            sig.site = value
        elif field == "FREQUENCY":
            sig.freq_mhz = value
        else:
            sig.attrs[field] = value
        sig.where.setdefault(field, line)


def statements(text):
    """Yields (line number, statement) with comments removed, whitespace
    collapsed and the closing `;` dropped; a statement's line is its first."""
    pending, start = [], None
    for number, line in enumerate(text.splitlines(), 1):
        line = re.split(r"#|//", line, maxsplit=1)[0]
        parts = line.split(";")
        for i, part in enumerate(parts):
            if part.strip():
                if start is None:
                    start = number
                pending.append(part)
            if i < len(parts) - 1:  # a `;` ends the statement
                if pending:
                    yield start, " ".join(" ".join(pending).split())
                pending, start = [], None
    if pending:
        yield start, " ".join(" ".join(pending).split())


def parse(text, label):
    lpf = Lpf(label)
    for line, stmt in statements(text):
        m = LOCATE_RE.match(stmt)
        if m:
            lpf.set(m.group(1), "SITE", m.group(2).upper(), line)
            continue
        m = IOBUF_RE.match(stmt)
        if m:
            lpf.signal(m.group(1))
            for key, value in IOBUF_ATTR_RE.findall(m.group(2)):
                lpf.set(m.group(1), key.upper(), value.upper(), line)
            continue
        m = FREQ_RE.match(stmt)
        if m:
            mhz = float(m.group(2)) * FREQ_SCALE[m.group(3).upper()]
            lpf.set(m.group(1), "FREQUENCY", mhz, line)
            continue
        if stmt.split(" ", 1)[0].upper() in KEYWORDS:
            lpf.problems.append(f"{label}:{line}: statement not understood: {stmt}")
    return lpf


def fmt_freq(mhz):
    return "-" if mhz is None else f"{mhz:g} MHz"


def compare(ours, ref, strict=False):
    """Returns (rows, errors, warnings); rows are the table's lines."""
    errors, warnings = list(ours.problems), []
    if not ours.signals:
        errors.append(f"{ours.label}: no signals")
    # A problem in the reference matters only if it is about a checked signal.
    for problem in ref.problems:
        if any(f": {name}: " in problem for name in ours.signals):
            errors.append(problem)
    by_site = {}
    rows = []
    for name in sorted(ours.signals, key=signal_order):
        sig = ours.signals[name]
        refsig = ref.signals.get(name)
        bad = []
        if sig.site is None:
            bad.append(f"{name}: IOBUF without LOCATE in {ours.label}")
        else:
            by_site.setdefault(sig.site, []).append(name)
        if "IO_TYPE" not in sig.attrs:
            bad.append(f"{name}: no IOBUF IO_TYPE in {ours.label}")
        if refsig is None or refsig.site is None:
            bad.append(f"{name}: not in the reference {ref.label}")
        else:
            if sig.site is not None and sig.site != refsig.site:
                bad.append(f"{name}: SITE {sig.site} in {ours.label}, "
                           f"{refsig.site} in the reference")
            ours_io, ref_io = sig.attrs.get("IO_TYPE"), refsig.attrs.get("IO_TYPE")
            if ours_io is not None and ours_io != ref_io:
                bad.append(f"{name}: IO_TYPE {ours_io} in {ours.label}, "
                           f"{ref_io or 'none'} in the reference")
        other = []
        if refsig is not None:
            for key in sorted(set(sig.attrs) | set(refsig.attrs)):
                if key != "IO_TYPE" and sig.attrs.get(key) != refsig.attrs.get(key):
                    other.append(f"{name}: {key} {sig.attrs.get(key, 'unset')} in "
                                 f"{ours.label}, {refsig.attrs.get(key, 'unset')} "
                                 "in the reference")
            if sig.freq_mhz is not None and sig.freq_mhz != refsig.freq_mhz:
                other.append(f"{name}: FREQUENCY {fmt_freq(sig.freq_mhz)} in "
                             f"{ours.label}, {fmt_freq(refsig.freq_mhz)} in the "
                             "reference")
        errors.extend(bad)
        (errors if strict else warnings).extend(other)
        status = "FAIL" if bad or (strict and other) else ("warn" if other else "ok")
        rows.append((name, sig.site or "-", refsig.site if refsig and refsig.site else "-",
                     sig.attrs.get("IO_TYPE", "-"),
                     sig.attrs.get("PULLMODE", "-"), sig.attrs.get("DRIVE", "-"),
                     fmt_freq(sig.freq_mhz), status))
    for site, names in sorted(by_site.items()):
        if len(names) > 1:
            errors.append(f"SITE {site} given to {', '.join(names)} in {ours.label}")
    return rows, errors, warnings


def signal_order(name):
    """led[10] after led[9]: sort by base name, then bit index."""
    m = re.match(r"^(.*)\[(\d+)\]$", name)
    return (m.group(1), int(m.group(2))) if m else (name, -1)


def table(rows):
    head = ("signal", "site", "ref site", "IO_TYPE", "PULLMODE", "DRIVE",
            "FREQUENCY", "result")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip()
             for row in [head] + rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def check(ours_path, ref_path, strict=False, out=sys.stdout):
    texts = []
    for path in (ours_path, ref_path):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                texts.append(f.read())
        except OSError as e:
            print(f"check_lpf: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
    ours, ref = parse(texts[0], ours_path), parse(texts[1], ref_path)
    rows, errors, warnings = compare(ours, ref, strict)
    print(f"{ours_path} against {ref_path}:", file=out)
    print(table(rows), file=out)
    for w in warnings:
        print(f"warning: {w}", file=out)
    for e in errors:
        print(f"error: {e}", file=out)
    if errors:
        print(f"check_lpf: FAILED, {len(errors)} difference(s) in "
              f"{len(rows)} signal(s)", file=out)
        return 1
    print(f"check_lpf: OK, {len(rows)} signal(s) match the reference "
          f"({len(warnings)} warning(s))", file=out)
    return 0


def self_test():
    reference = """BLOCK RESETPATHS;
## board v1
LOCATE COMP "clk_25mhz" SITE "G2";
IOBUF  PORT "clk_25mhz" PULLMODE=NONE IO_TYPE=LVCMOS33;
FREQUENCY PORT "clk_25mhz" 25 MHZ;
SYSCONFIG CONFIG_IOVOLTAGE=3.3 COMPRESS_CONFIG=ON;
LOCATE COMP "ftdi_rxd" SITE "L4"; # FPGA transmits to ftdi
IOBUF  PORT "ftdi_rxd" PULLMODE=UP IO_TYPE=LVCMOS33 DRIVE=4;
LOCATE COMP "led[0]" SITE "B2"; LOCATE COMP "led[1]"
  SITE "C2";
IOBUF PORT  "led[0]"  PULLMODE=NONE IO_TYPE=LVCMOS33 DRIVE=4;
iobuf port "led[1]" pullmode=none io_type=lvcmos33 drive=4;
# LOCATE COMP "led[2]" SITE "Z9";
LOCATE COMP "btn[0]" SITE "D6";  # BTN_PWRn
IOBUF  PORT "btn[0]" PULLMODE=UP IO_TYPE=LVCMOS33 DRIVE=4;
LOCATE COMP "gp0" SITE "B11"; LOCATE COMP "gp0" SITE "B12"; IOBUF PORT "gp0" IO_TYPE=LVCMOS33;
"""
    good = """LOCATE COMP "clk_25mhz" SITE "G2";
IOBUF PORT "clk_25mhz" PULLMODE=NONE IO_TYPE=LVCMOS33;
FREQUENCY PORT "clk_25mhz" 25000 KHZ;
LOCATE COMP "led[1]" SITE "C2"; // the second LED
IOBUF PORT "led[1]" PULLMODE=NONE IO_TYPE=LVCMOS33 DRIVE=4;
LOCATE COMP "led[0]" SITE "B2";
IOBUF PORT "led[0]" PULLMODE=NONE IO_TYPE=LVCMOS33 DRIVE=4;
"""
    failures = []

    def expect(what, cond):
        if not cond:
            failures.append(what)

    ref = parse(reference, "ref")
    expect("reference sites", {n: s.site for n, s in ref.signals.items()} == {
        "clk_25mhz": "G2", "ftdi_rxd": "L4", "led[0]": "B2", "led[1]": "C2",
        "btn[0]": "D6", "gp0": "B11"})
    expect("lower-case IOBUF", ref.signals["led[1]"].attrs ==
           {"PULLMODE": "NONE", "IO_TYPE": "LVCMOS33", "DRIVE": "4"})
    expect("clock FREQUENCY", ref.signals["clk_25mhz"].freq_mhz == 25.0)
    expect("commented-out LOCATE ignored", "led[2]" not in ref.signals)
    expect("conflict in the reference noted",
           ref.problems == ["ref:16: gp0: SITE B12 conflicts with SITE B11 (line 16)"])
    expect("statement lines", [n for n, _ in statements(reference)][:4] == [1, 3, 4, 5])

    rows, errors, warnings = compare(parse(good, "ours"), ref)
    expect("good file passes", errors == [] and warnings == [])
    expect("table order", [r[0] for r in rows] == ["clk_25mhz", "led[0]", "led[1]"])

    wrong_site = good.replace('"led[0]" SITE "B2"', '"led[0]" SITE "B3"')
    rows, errors, _ = compare(parse(wrong_site, "ours"), ref)
    expect("wrong site reported",
           errors == ["led[0]: SITE B3 in ours, B2 in the reference"])
    expect("wrong site row", [r[-1] for r in rows] == ["ok", "FAIL", "ok"])

    wrong_type = good.replace('"led[1]" PULLMODE=NONE IO_TYPE=LVCMOS33',
                              '"led[1]" PULLMODE=NONE IO_TYPE=LVCMOS25')
    _, errors, _ = compare(parse(wrong_type, "ours"), ref)
    expect("wrong IO_TYPE reported",
           errors == ["led[1]: IO_TYPE LVCMOS25 in ours, LVCMOS33 in the reference"])

    extra = good + 'LOCATE COMP "led[7]" SITE "H3";\nIOBUF PORT "btn[0]" IO_TYPE=LVCMOS33;\n'
    _, errors, warnings = compare(parse(extra, "ours"), ref)
    expect("unknown signal, IOBUF without LOCATE, missing IO_TYPE", errors == [
        "btn[0]: IOBUF without LOCATE in ours",
        "led[7]: no IOBUF IO_TYPE in ours",
        "led[7]: not in the reference ref"])
    expect("missing settings are warnings", warnings == [
        "btn[0]: DRIVE unset in ours, 4 in the reference",
        "btn[0]: PULLMODE unset in ours, UP in the reference"])

    shared = good.replace('"led[1]" SITE "C2"', '"led[1]" SITE "B2"')
    _, errors, _ = compare(parse(shared, "ours"), ref)
    expect("shared site reported",
           "SITE B2 given to led[0], led[1] in ours" in errors)

    pull = good.replace('"led[0]" PULLMODE=NONE', '"led[0]" PULLMODE=DOWN')
    pull = pull.replace("25000 KHZ", "50 MHZ")
    _, errors, warnings = compare(parse(pull, "ours"), ref)
    expect("other settings warn", errors == [] and warnings == [
        "clk_25mhz: FREQUENCY 50 MHz in ours, 25 MHz in the reference",
        "led[0]: PULLMODE DOWN in ours, NONE in the reference"])
    _, errors, _ = compare(parse(pull, "ours"), ref, strict=True)
    expect("--strict fails on them", len(errors) == 2)

    garbled = good + 'LOCATE COMP led[3] SITE "D2";\n'
    _, errors, _ = compare(parse(garbled, "ours"), ref)
    expect("statement not understood",
           errors == ['ours:8: statement not understood: LOCATE COMP led[3] SITE "D2"'])

    conflict = good + 'LOCATE COMP "gp0" SITE "B11";\nIOBUF PORT "gp0" IO_TYPE=LVCMOS33;\n'
    _, errors, _ = compare(parse(conflict, "ours"), ref)
    expect("conflict in the reference about our signal",
           errors == ["ref:16: gp0: SITE B12 conflicts with SITE B11 (line 16)"])

    for f in failures:
        print(f"check_lpf self-test FAILED: {f}", file=sys.stderr)
    if failures:
        return 1
    print("check_lpf self-test: all cases passed")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Check an LPF pin by pin against the board maker's LPF.")
    ap.add_argument("--self-test", action="store_true",
                    help="test the parser and the comparison on inline examples")
    ap.add_argument("--strict", action="store_true",
                    help="fail also on other IOBUF settings and FREQUENCY")
    ap.add_argument("ours", nargs="?", help="our LPF")
    ap.add_argument("reference", nargs="?", help="the board maker's LPF")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.ours or not args.reference:
        ap.error("OURS and REFERENCE are required (or --self-test)")
    return check(args.ours, args.reference, args.strict)


if __name__ == "__main__":
    sys.exit(main())
