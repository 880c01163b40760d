#!/bin/sh
# Canopy radiative transfer at 2 threads (schedule(static), tall forest at the end of the domain): the
# per-thread table of two runs, and perf report --sort pid,sym (samples per thread id) of a third.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/canopy.c" -o "$B/canopy" -lm
{ show env OMP_NUM_THREADS=2 ./canopy; show env OMP_NUM_THREADS=2 ./canopy; } > "$OUT/run.txt"
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o p.data ./canopy > /dev/null 2> /dev/null)
{ echo "\$ OMP_NUM_THREADS=2 perf record ./canopy; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf-report-tid.txt"
snap
