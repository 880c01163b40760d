#!/bin/sh
# Road occupancy means: two runs each of the shipped build (segment outer, time inner) and of -DROWS,
# then perf report -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/traffic.c" -o "$B/occmean"
gcc -O2 -g -DROWS "$SRC/traffic.c" -o "$B/occmean_rows"
{ for b in occmean occmean occmean_rows occmean_rows; do show ptime ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./occmean
{ echo "\$ perf record -e cpu-clock ./occmean; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
