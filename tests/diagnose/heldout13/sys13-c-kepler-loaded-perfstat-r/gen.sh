#!/bin/sh
# C OpenMP Kepler-equation solves (independent, equal work per body), 2 threads, while 2 stress-ng
# CPU hogs run (started here, stopped by pid): uptime and ps, then perf stat -r 5 of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/kepler.c" -o "$B/kepler" -lm
load_on 2
loadsnap > "$OUT/uptime-ps.txt"
{ echo "\$ OMP_NUM_THREADS=2 perf stat -r 5 ./kepler 4000 200"; (cd "$B" && OMP_NUM_THREADS=2 perf stat -r 5 -e task-clock,context-switches,cpu-migrations ./kepler 4000 200 2>&1); } > "$OUT/perf-stat-r.txt"
load_off
snap
