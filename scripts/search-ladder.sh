#!/usr/bin/env bash
# The shared search's refinements tried one at a time, each against the
# engine so far, at equal time a move from paired random openings; a step is
# kept only when it scores above 50%:
#   scripts/search-ladder.sh [GAMES] [SECONDS] [GAME] [TOURNAMENT OPTIONS...]
# (default: 200 games, 0.05 s, Kyoto shogi without points; OPENING random
# moves a side open each game, default 2; STEPS the refinements tried, in
# order; BASE the set the first step is added to, default none). Records go
# to build/ladder/ and are resumed; each step's summary lines are printed.
set -euo pipefail
games=${1:-200}
seconds=${2:-0.05}
game=${3:-kyoto}
shift $(( $# < 3 ? $# : 3 ))
options=("$@")
if [ "$game" = kyoto ] && [ ${#options[@]} -eq 0 ]; then options=(--points off); fi
arena=${ARENA:-target/release/arena}
out=build/ladder
mkdir -p "$out"
kept=${BASE:-none}
for step in ${STEPS:-order pvs buckets aspiration null lmr check see futility lmp}; do
  candidate=$([ "$kept" = none ] && echo "$step" || echo "$kept+$step")
  records="$out/$game-$seconds-$candidate.txt"
  resume=$([ -s "$records" ] && echo --resume || true)
  echo "== $game, $seconds s a move: refine=$candidate against refine=$kept"
  summary=$("$arena" tournament "$game" "${options[@]}" --jobs 2 --games "$games" --seed 7 \
    --random-opening "${OPENING:-2}" --a "alphabeta:time=$seconds,refine=$candidate" \
    --b "alphabeta:time=$seconds,refine=$kept" --records "$records" $resume 2>/dev/null |
    grep -E "as first|as second|overall|time a move")
  echo "$summary"
  score=$(echo "$summary" | sed -n 's/^overall:.*score \([0-9.]*\)%.*/\1/p')
  if awk -v s="$score" 'BEGIN { exit !(s > 50) }'; then
    kept=$candidate
    echo "kept: $step"
  else
    echo "dropped: $step"
  fi
done
echo "refinements: $kept"
