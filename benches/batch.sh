#!/bin/bash
# Whole-process batch speed as users meet it: `deduku check --jobs 1 FILE` against a plain
# program on the `sudoku` crate (examples/peer_check.rs) that reads the same file and prints
# the same lines. (`solve --format line` solves by logic, step by step, and is no match for a
# search's first solution; `peer_check solve` is there for when it takes the search.) Both run as
# processes, in turn (A B A B ...), and the ratio deduku/peer of CPU time (user + system) is
# taken run by run; the median of the ratios is printed, so a machine whose speed drifts
# still gives a fair figure. Every run's output is compared with the peer's first: the
# bench stops if any line differs.
#
#   bash benches/batch.sh [RUNS] [FILE...]     (from the repository root; default 5 runs,
#                                               the public sets in ../shared/puzzles)
set -euo pipefail
runs=${1:-5}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shared=../shared/puzzles
  [ -d "$shared" ] || { echo "no files given and no $shared: name the puzzle files" >&2; exit 2; }
  tmp17=$(mktemp)
  trap 'rm -f "$tmp17"' EXIT
  head -20000 "$shared/17-clue.txt" > "$tmp17"
  files=("$tmp17" "$shared/serg-multi.txt" "$shared/top1465.txt" "$shared/forum-hardest-11plus.txt")
fi
cargo build --release --quiet --bin deduku --example peer_check
deduku=./target/release/deduku
peer=./target/release/examples/peer_check

# CPU seconds (user + system) of one run, its output to $2.
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

out=$(mktemp -d)
trap 'rm -rf "$out" ${tmp17:+"$tmp17"}' EXIT
printf '%-28s %-6s %9s %9s %7s\n' "file" "mode" "deduku s" "peer s" "ratio"
for file in "${files[@]}"; do
  for mode in check; do
    if [ "$mode" = check ]; then ours=("$deduku" check --jobs 1 "$file"); else ours=("$deduku" solve --jobs 1 --format line "$file"); fi
    theirs=("$peer" "$mode" "$file")
    ratios=() a_times=() b_times=()
    for ((i = 0; i < runs; i++)); do
      # Each run in a subshell, so `times` reads that run's child alone.
      a=$( (cpu "$out/ours" "${ours[@]}") || true)
      b=$( (cpu "$out/theirs" "${theirs[@]}") || true)
      if ! cmp -s "$out/ours" "$out/theirs"; then
        echo "$file ($mode): deduku's lines differ from the peer's" >&2
        exit 1
      fi
      a_times+=("$a") b_times+=("$b")
      ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }')")
    done
    printf '%-28s %-6s %9.3f %9.3f %7.3f\n' "$(basename "$file" | cut -c1-28)" "$mode" \
      "$(printf '%s\n' "${a_times[@]}" | median)" "$(printf '%s\n' "${b_times[@]}" | median)" "$(printf '%s\n' "${ratios[@]}" | median)"
  done
done
