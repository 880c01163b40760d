#!/bin/sh
# Inventory records: a size sweep of the shipped build (time -p), then perf report -F overhead,sym,srcline at 80000.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/shelfsort.c" -o "$B/shelfsort"
{ for n in 10000 20000 40000 80000; do show ptime ./shelfsort $n; done; } > "$OUT/sweep.txt"
rec p.data -- ./shelfsort 80000
{ echo "\$ perf record -e cpu-clock ./shelfsort 80000; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
