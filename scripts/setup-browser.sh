#!/usr/bin/env bash
# Set-up of the browser tests (tests/browser/): Debian's Chromium, Node.js
# and npm, and a Japanese font (IPA Mincho, for the shogi pages' kanji in
# the screenshots) when there is none, from apt-get (as root, or with
# sudo), then playwright-core and typescript (the pages' type check) from
# npm (`npm ci`, the versions of tests/browser/package-lock.json). Safe to
# run again; it does nothing when everything is there. Fails with the reason
# when it cannot install.
set -euo pipefail

need_apt=()
if [ -n "${CHROMIUM:-}" ]; then
  [ -x "$CHROMIUM" ] || { echo "setup-browser: CHROMIUM=$CHROMIUM is not a program" >&2; exit 1; }
else
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
fi
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=ja)" ]; then
  need_apt+=(fonts-ipafont-mincho)
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    run=()
  elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run=(sudo)
  else
    echo "setup-browser: the browser tests need ${need_apt[*]}, and apt-get cannot be run here" >&2
    echo "  (not root, no password-less sudo, or no apt-get). Install them, e.g." >&2
    echo "  apt-get install ${need_apt[*]}, or set CHROMIUM=/path/to/chromium, then run this again." >&2
    exit 1
  fi
  echo "setup-browser: installing ${need_apt[*]}"
  "${run[@]}" apt-get update -qq || { echo "setup-browser: apt-get update failed (no network?)" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "${need_apt[@]}" >/dev/null ||
    { echo "setup-browser: apt-get install ${need_apt[*]} failed" >&2; exit 1; }
fi

cd "$(dirname "$0")/../tests/browser"
if [ ! -f node_modules/playwright-core/package.json ] || [ ! -f node_modules/typescript/package.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup-browser: npm ci (playwright-core, typescript)"
  npm ci --no-audit --no-fund --loglevel=error ||
    { echo "setup-browser: npm ci failed (no network to the npm registry?)" >&2; exit 1; }
fi
