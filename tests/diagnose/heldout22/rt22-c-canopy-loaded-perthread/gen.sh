#!/bin/sh
# Canopy radiative transfer at 2 threads beside two CPU hogs (stress-ng, started and stopped here): an
# uptime/ps snapshot, the per-thread table of two runs, and perf stat (software events) of a third.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/canopy.c" -o "$B/canopy" -lm
load_on 2
loadsnap > "$OUT/load.txt"
{ show env OMP_NUM_THREADS=2 ./canopy; show env OMP_NUM_THREADS=2 ./canopy; } > "$OUT/run.txt"
{ echo "\$ OMP_NUM_THREADS=2 perf stat ./canopy"; OMP_NUM_THREADS=2 perfstatp ./canopy; } > "$OUT/perf-stat.txt"
load_off
snap
