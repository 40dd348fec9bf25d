#!/bin/bash
# Whole-process batch speed as users meet it: deduku's batch commands, one thread, against
# peers that read the same file and print the same lines, each run as a process:
#
#   check   `deduku check --jobs 1 FILE`             against `PEER check FILE`  (unique / multiple / none)
#   solve   `deduku solve --jobs 1 --format line FILE` against `PEER solve FILE`  (the solution line)
#
# The peer is examples/peer_check.rs, a plain program on the `sudoku` crate (a jczsolve-style
# solver). Other peers taking the same two modes can be added by path, for one run, with no
# code of theirs in this repository (a checker on tdoku's library, say):
#
#   EXTRA_PEERS="tdoku=/tmp/tdoku/checker-native" bash benches/batch.sh
#
# deduku and a peer run in turn (A B A B ...), and the ratio deduku/peer of CPU time (user +
# system) is taken run by run; the median of the ratios is printed, so a machine whose speed
# drifts still gives a fair figure. Below 1, deduku is faster. Every run's output is compared
# with deduku's: the bench stops if a line differs. In solve mode a puzzle with several
# solutions is `multiple` for deduku, which proves uniqueness, and some solution for a peer,
# which stops at the first: those lines are left out of the comparison.
#
#   bash benches/batch.sh [RUNS] [FILE...]     (from the repository root; default 5 runs,
#                                               the public sets in ../shared/puzzles)
set -euo pipefail
runs=${1:-5}
shift || true
files=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ${#files[@]} -eq 0 ]; then
  shared=../shared/puzzles
  [ -d "$shared" ] || { echo "no files given and no $shared: name the puzzle files" >&2; exit 2; }
  files=("$shared/17-clue.txt" "$shared/serg-multi.txt" "$shared/top1465.txt" "$shared/forum-hardest-11plus.txt")
fi
cargo build --release --quiet --bin deduku --example peer_check
deduku=./target/release/deduku
peers=("sudoku=./target/release/examples/peer_check")
for extra in ${EXTRA_PEERS:-}; do
  peers+=("$extra")
done

# CPU seconds (user + system) of one run, its output to $1.
cpu() {
  local out=$1
  shift
  # Why bash's `times`: its second line is the finished children's CPU time, here the one
  # run. A non-zero exit (a puzzle not unique) is the command's verdict, not a failure.
  "$@" > "$out" || true
  # Into a file: in a pipe, `times` would run in a fresh subshell with no children.
  times > "$out.times"
  awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); sub("s", "", u[2]); sub("s", "", s[2]); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$out.times"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

# Whether the two outputs agree; in solve mode, leaving out deduku's `multiple` lines.
agree() {
  local mode=$1 ours=$2 theirs=$3
  if [ "$mode" = check ]; then
    cmp -s "$ours" "$theirs"
  else
    [ "$(wc -l < "$ours")" = "$(wc -l < "$theirs")" ] && paste -d' ' "$ours" "$theirs" | awk '$1 != "multiple" && $1 != $2 { bad = 1 } END { exit bad }'
  fi
}

printf '%-26s %-6s %-8s %9s %9s %7s\n' "file" "mode" "peer" "deduku s" "peer s" "ratio"
for file in "${files[@]}"; do
  for mode in check solve; do
    if [ "$mode" = check ]; then ours=("$deduku" check --jobs 1 "$file"); else ours=("$deduku" solve --jobs 1 --format line "$file"); fi
    for peer in "${peers[@]}"; do
      name=${peer%%=*}
      theirs=("${peer#*=}" "$mode" "$file")
      ratios=() a_times=() b_times=()
      for ((i = 0; i < runs; i++)); do
        # Each run in a subshell, so `times` reads that run's child alone.
        a=$( (cpu "$tmp/ours" "${ours[@]}") || true)
        b=$( (cpu "$tmp/theirs" "${theirs[@]}") || true)
        if ! agree "$mode" "$tmp/ours" "$tmp/theirs"; then
          echo "$file ($mode): deduku's lines differ from $name's" >&2
          exit 1
        fi
        a_times+=("$a") b_times+=("$b")
        ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }')")
      done
      printf '%-26s %-6s %-8s %9.3f %9.3f %7.3f\n' "$(basename "$file" | cut -c1-26)" "$mode" "$name" \
        "$(printf '%s\n' "${a_times[@]}" | median)" "$(printf '%s\n' "${b_times[@]}" | median)" "$(printf '%s\n' "${ratios[@]}" | median)"
    done
  done
done
