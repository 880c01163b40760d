#!/bin/sh
# Binary search of random keys in a 256 MiB sorted table: three runs in one printout, cachegrind (smaller run), perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/bsearch_big.c" -o "$B/bs"
for _ in 1 2 3; do "$B/bs"; done > "$OUT/bsearch-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./bs 16777216 400000 > /dev/null 2> "$OUT/cachegrind.log")
(cd "$B" && rec p.data ./bs > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
