#!/bin/sh
# Pointer chasing over shuffled nodes: cachegrind on a smaller list, perf stat, the printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/listchase.c" -o "$B/lc"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./lc 1000000 2000000 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/lc" 4000000 4000000 > "$OUT/listchase-output.txt"
snap
