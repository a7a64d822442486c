#!/usr/bin/env bash
# One-time set-up of a fresh Debian machine for this workspace: the system
# packages the tests use, and a check that the Rust toolchain is new enough.
# Safe to run again; it does nothing when everything is there.
set -euo pipefail

need_apt=()
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)

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
