#!/bin/sh
# SEIR model: two runs each of the shipped build and of -DHOIST, then perf report -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/epidemic.c" -o "$B/epidemic" -lm
gcc -O2 -g -DHOIST "$SRC/epidemic.c" -o "$B/epidemic_hoist" -lm
{ for b in epidemic epidemic epidemic_hoist epidemic_hoist; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./epidemic
{ echo "\$ perf record -e cpu-clock ./epidemic; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
