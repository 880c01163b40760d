#!/bin/sh
# Truss stiffness sweep: a size sweep of the shipped build (ns per entry as n grows, the same number of entries
# touched per repetition scaled), then perf report -F overhead,sym,srcline at n = 2048.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/truss.c" -o "$B/truss"
{ for n in 256 512 1024 2048 3072; do show ./truss $n $((134217728 / (n * n) )); done; } > "$OUT/sweep.txt"
rec p.data -- ./truss 2048 8
{ echo "\$ perf record -e cpu-clock ./truss 2048 8; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf_srcline.txt"
snap
