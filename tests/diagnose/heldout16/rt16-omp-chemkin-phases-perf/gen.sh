#!/bin/sh
# C OpenMP reaction kinetics whose per-step diagnostics pass (peak rate search) runs serially: the
# program's phase table at 1 and 2 threads and perf report --sort sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
{ show env OMP_NUM_THREADS=1 ./chemkin 20000 20; show env OMP_NUM_THREADS=2 ./chemkin 20000 20; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./chemkin 20000 20
prep --sort sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
