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
#   BESIDE=path/to/arena also measures that build (another commit's board,
#   built in its own checkout), a game of each in turn, so that both see the
#   same machine; then both medians and their ratio (this build's over it).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
if [ -z "${ARENA:-}" ]; then
  cargo build --release -q -p arena --bin arena
fi
arena=${ARENA:-target/release/arena}
beside=${BESIDE:-}
if [ -n "$beside" ] && [ ! -x "$beside" ]; then
  echo "sim-speed: BESIDE=$beside is not an arena binary to run" >&2
  exit 1
fi

# The summary line of one game of the arena binary $1 (empty if it printed none).
one_game() {
  "$1" referee --p1 sim:10 --p2 engine:random --games 1 --timeout 600 2>&1 >/dev/null |
    grep -E '^(sim@[0-9]+ \(.*\)|arena-board-sim): summary:' | tail -n 1 || true
}

# The cycles a second of summary line $2 of arena binary $1, which is printed (after prefix $3).
rate_of() {
  if [ -z "$2" ]; then
    echo "sim-speed: no summary from the simulated board (is $1 one with it?)" >&2
    exit 1
  fi
  echo "$3$2" >&2
  sed 's/.*: \([0-9]*\) board cycles\/s$/\1/' <<<"$2"
}

median() {
  printf '%s\n' "$@" | sort -n | awk '{ r[NR] = $1 } END { print r[int((NR + 1) / 2)] }'
}

rates=()
beside_rates=()
for _ in $(seq "$runs"); do
  rates+=("$(rate_of "$arena" "$(one_game "$arena")" "")")
  if [ -n "$beside" ]; then
    beside_rates+=("$(rate_of "$beside" "$(one_game "$beside")" "beside: ")")
  fi
done
m=$(median "${rates[@]}")
echo "median of $runs runs: $m board cycles/s"
if [ -n "$beside" ]; then
  b=$(median "${beside_rates[@]}")
  echo "beside ($beside): median of $runs runs: $b board cycles/s; this build's over it: $(awk -v a="$m" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"
fi
