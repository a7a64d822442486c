#!/usr/bin/env bash
# Lints every generated Verilog file (default: build/*.v) with Verilator
# `--lint-only -Wall`. Two kinds of warning are expected, counted and printed,
# and do not fail:
#  - WIDTH (WIDTH, WIDTHEXPAND, WIDTHTRUNC, WIDTHCONCAT): rust-hdl writes
#    32-bit constants (`q + 32'h1` for a 4-bit q) and mixes widths freely;
#  - DECLFILENAME: a block's sub-modules (`board_tree$expander`) share the block's
#    file, one file a block by design (Verilator names only the first per file).
# Any other warning or error fails.
#   usage: scripts/lint-verilog.sh [FILE.v...]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v verilator >/dev/null 2>&1; then
  echo "lint-verilog: verilator is not installed (run scripts/setup.sh)" >&2
  exit 1
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  shopt -s nullglob
  files=(build/*.v)
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "lint-verilog: no Verilog files in build/ (run make verilog)" >&2
  exit 1
fi

failed=0
total_width=0
total_declfilename=0
for file in "${files[@]}"; do
  top=$(basename "$file" .v)
  # Verilator exits non-zero on any warning, so its report decides, not its status.
  report=$(verilator --lint-only -Wall --top-module "$top" hdl/verilator/lint.vlt "$file" 2>&1) && status=0 || status=$?
  width=$(grep -c '^%Warning-WIDTH' <<<"$report" || true)
  declfilename=$(grep -c '^%Warning-DECLFILENAME' <<<"$report" || true)
  other=$(grep '^%' <<<"$report" | grep -v -e '^%Warning-WIDTH' -e '^%Warning-DECLFILENAME' \
    -e '^%Error: Exiting due to' || true)
  total_width=$((total_width + width))
  total_declfilename=$((total_declfilename + declfilename))
  if [ -n "$other" ] || { [ "$status" -ne 0 ] && [ $((width + declfilename)) -eq 0 ]; }; then
    echo "lint-verilog: $file: FAILED (verilator exit $status)"
    # Each finding with its context lines, the excepted ones left out.
    awk '/^%/ { show = !/^%Warning-(WIDTH|DECLFILENAME)/ } show' <<<"$report"
    failed=1
  else
    echo "lint-verilog: $file: clean but for $width WIDTH and $declfilename DECLFILENAME warnings"
  fi
done
echo "lint-verilog: ${#files[@]} files; excepted: $total_width WIDTH, $total_declfilename DECLFILENAME;" \
  "$([ $failed -eq 0 ] && echo 'nothing else' || echo 'OTHER FINDINGS: failed')"
exit $failed
