#!/usr/bin/env bash
# The simulated board's speed end to end (BENCHMARKS.md, "Simulated board
# speed"): RUNS refereed games (default 3) of the simulated board built for a
# 10 ms search (sim:10) against the random engine, as
#   arena referee --p1 sim:10 --p2 engine:random --games 1 --timeout 600
# each ending with the simulated board's summary on stderr (board cycles, seconds
# spent clocking the model, seconds running, board cycles a second), which is
# printed; then the median of the cycles a second. The first run builds the
# model if it is not cached (not counted: the summary times only the clocking).
#   usage: scripts/sim-speed.sh [RUNS]
#   ARENA=path/to/arena measures another build.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
if [ -z "${ARENA:-}" ]; then
  cargo build --release -q -p arena --bin arena
fi
arena=${ARENA:-target/release/arena}

rates=()
for _ in $(seq "$runs"); do
  line=$("$arena" referee --p1 sim:10 --p2 engine:random --games 1 --timeout 600 2>&1 >/dev/null |
    grep -E '^(sim@[0-9]+ \(.*\)|arena-board-sim): summary:' | tail -n 1) || {
    echo "sim-speed: no summary from the simulated board (is $arena one with it?)" >&2
    exit 1
  }
  echo "$line"
  rates+=("$(sed 's/.*: \([0-9]*\) board cycles\/s$/\1/' <<<"$line")")
done
printf '%s\n' "${rates[@]}" | sort -n |
  awk '{ r[NR] = $1 } END { printf "median of %d runs: %d board cycles/s\n", NR, r[int((NR + 1) / 2)] }'
