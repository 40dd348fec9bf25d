#!/bin/bash
# One checksum per puzzle set of deduku's explained solves (JSON: every step, its explanation
# and its pattern). A speed change must not change any deduction: build before and after,
# run this with each binary, and compare the lines.
#
#   bash benches/fingerprint.sh [DEDUKU_BINARY]     (from the repository root;
#                                                    default ./target/release/deduku)
#
# Uses the project's puzzles, and the public collections in ../shared/puzzles when present.
set -euo pipefail
BIN=${1:-./target/release/deduku}
sum() { "$BIN" solve --format json "$@" | md5sum | cut -c1-32; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "generated-hard      $(sum puzzles/generated-hard.txt)"
echo "hard-anti-knight    $(sum --anti-knight puzzles/generated-hard-anti-knight.txt)"
echo "hard-anti-king      $(sum --anti-king puzzles/generated-hard-anti-king.txt)"
# An order that runs the techniques off by default, and the later ones early.
order=full-house,hidden-single,naked-single,pointing,claiming,franken-fish,mutant-fish,x-wing,skyscraper
order=$order,simple-colors,hidden-pair,naked-pair,hidden-quad,naked-quad,locked-pair,locked-triple,x-chain
order=$order,als-xz,aic,digit-forcing-chain,forcing-net
echo "custom-order        $(sum --strategies $order puzzles/generated-hard.txt)"
shared=../shared/puzzles
if [ -d "$shared" ]; then
  head -300 "$shared/top1465.txt" > "$tmp/top"
  head -200 "$shared/forum-hardest-11plus.txt" > "$tmp/hard"
  head -300 "$shared/diabolical.txt" > "$tmp/diabolical"
  echo "top1465[:300]       $(sum "$tmp/top")"
  echo "forum-hardest[:200] $(sum "$tmp/hard")"
  echo "diabolical[:300]    $(sum "$tmp/diabolical")"
  head -100 "$tmp/top" > "$tmp/top100"
  echo "custom-order top100 $(sum --strategies $order "$tmp/top100")"
else
  # Why a line: a comparison of two runs must not pass because both left the sets out.
  echo "public sets         skipped: no $shared beside the repository"
fi
