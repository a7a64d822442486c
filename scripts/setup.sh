#!/usr/bin/env bash
# One-time set-up of a fresh Debian machine for this workspace: the system
# packages the tests use, and a check that the Rust toolchain is new enough.
# Safe to run again; it does nothing when everything is there.
set -euo pipefail

need_apt=()
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)
command -v python3 >/dev/null 2>&1 || need_apt+=(python3)
# The charts' labels (`arena tune`).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || need_apt+=(python3-venv)

if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    echo "setup: installing ${need_apt[*]} (sudo)"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "setup: please install ${need_apt[*]} (apt-get install ${need_apt[*]})" >&2
    exit 1
  fi
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: no Rust toolchain found: install Rust 1.85 or newer (https://rustup.rs), then run this again" >&2
  exit 1
fi
version=$(rustc --version | sed -E 's/^rustc ([0-9]+)\.([0-9]+).*/\1 \2/')
read -r major minor <<<"$version"
if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 85 ]; }; then
  echo "setup: rustc $(rustc --version) is too old: this workspace needs 1.85 or newer" >&2
  exit 1
fi

# Fairy-Stockfish's Python binding, the independent source the shogi variants'
# move generators are cross-checked against, in its own virtual environment
# (build/venv-test; the tests look there, or at $ARENA_TEST_PYTHON).
test_venv=build/venv-test
pyffish=pyffish==0.0.90
if ! { [ -x "$test_venv/bin/python3" ] && "$test_venv/bin/python3" -c "import pyffish" >/dev/null 2>&1; }; then
  echo "setup: installing $pyffish into $test_venv"
  python3 -m venv "$test_venv"
  "$test_venv/bin/python3" -m pip install -q "$pyffish"
fi
