#!/bin/sh
# Dust coagulation at 2 threads, first on the node as it is, then beside three CPU hogs (stress-ng, started
# and stopped here): perf stat (software events) of each, and an uptime/ps snapshot taken under the load.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/dustcoag.c" -o "$B/dustcoag" -lm
{ echo "### before the load"; echo "\$ OMP_NUM_THREADS=2 perf stat ./dustcoag"; OMP_NUM_THREADS=2 perfstatp ./dustcoag; } > "$OUT/perf-stat.txt"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "### with the other jobs"; echo "\$ OMP_NUM_THREADS=2 perf stat ./dustcoag"; OMP_NUM_THREADS=2 perfstatp ./dustcoag; } >> "$OUT/perf-stat.txt"
load_off
snap
