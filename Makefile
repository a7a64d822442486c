# The project's entry points. `make play` and `make test` do all set-up first.

CARGO ?= cargo
ARENA := target/release/arena

.PHONY: setup play test lint unit bench perft

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
