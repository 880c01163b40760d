#!/bin/sh
# Random gather over a 128 MB table: cachegrind, perf annotate, program lookup rate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gather.c" -o "$B/g"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./g 4000000 4000000 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
(cd "$B" && rec p.data ./g > "$OUT/gather-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
