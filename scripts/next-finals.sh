#!/usr/bin/env bash
# The next search's final matches (BENCHMARKS.md, "The board's next search"):
# N3, the chosen design, 100 games a final, both seats, two random moves a
# side from the same 100 openings (--seed 31), two games at once, each game
# appended to docs/matches/FINAL.txt as it ends and the final resumed from
# there when it is run again:
#   scripts/next-finals.sh FINAL [GAMES]
# FINAL is one of
#   l6        N3 at the board's playout budget against Pentobi level 6
#   l7        ... against level 7
#   l8        ... against level 8
#   board     ... against the board's search before the tree by prior
#             (board-tree, 850 ms of board time)
#   l6-850ms  N3 in the board's 850 ms with 32,768 words on chip and the rest
#             in SDRAM (its bursts counted), against level 6
#   l7-850ms  the same against level 7
#   prior-l6  the board's search, the tree by prior (model::prior_tree,
#             engine prior-tree = board-model: pipelined, its tree in
#             block RAM and SDRAM) in the board's 850 ms, against level 6
#   prior-l7  ... against level 7
#   prior-board  ... against the search before it (board-tree)
#   l6-self   Pentobi level 6 against itself (another seed, so that the
#             two games of an opening differ): the first player's edge each
#             seat's score stands beside (l7-self the same at level 7, some
#             hours)
# PENTOBI is pentobi-gtp (default ~/.cache/peers/pentobi-gtp, as
# ../shared/tools/build-peers.sh builds it); ARENA the arena binary (default
# target/release/arena, built first).
set -euo pipefail
cd "$(dirname "$0")/.."

final=${1:?usage: scripts/next-finals.sh l6|l7|l8|board|l6-850ms|l7-850ms|prior-l6|prior-l7|prior-board|l6-self|l7-self [GAMES]}
games=${2:-100}
n3="board-next:children=32,select=prior,c=0.5,expand=depth,enter,virtual=3,leaf=3,nodes=1048576,block,last2,history"
pentobi=${PENTOBI:-$HOME/.cache/peers/pentobi-gtp}
level() { echo "gtp:$pentobi --nobook --quiet --noresign --threads 1 -g duo -l $1 --seed ${2:-1}"; }
case $final in
  l6 | l7 | l8) p1=$n3 p2=$(level "${final#l}") ;;
  board) p1=$n3 p2=board-tree ;;
  l6-850ms | l7-850ms) p1="$n3,playouts=850ms,on-chip=32768" p2=$(level "${final:1:1}") ;;
  prior-l6 | prior-l7) p1=prior-tree p2=$(level "${final#prior-l}") ;;
  prior-board) p1=prior-tree p2=board-tree ;;
  l6-self | l7-self) p1=$(level "${final:1:1}") p2=$(level "${final:1:1}" 2) ;;
  *) echo "next-finals: unknown final $final" >&2; exit 2 ;;
esac
if [ -z "${ARENA:-}" ]; then
  cargo build --release -q -p arena --bin arena
fi
arena=${ARENA:-target/release/arena}
records=docs/matches/$final.txt
mkdir -p docs/matches
resume=$([ -s "$records" ] && echo --resume || true)
exec "$arena" blokus match --p1 "$p1" --p2 "$p2" --games "$games" --random-opening 2 \
  --seed 31 --jobs "${JOBS:-2}" --records "$records" $resume
