#!/bin/sh
# Road occupancy means: cachegrind with the cache simulation, data reads and misses sorted by D1 read misses.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/traffic.c" -o "$B/occmean"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./occmean; cg_annotate --show=Dr,D1mr,DLmr --sort=D1mr --auto=yes"; cgmiss cg.out ./occmean; } > "$OUT/cachegrind.txt"
snap
