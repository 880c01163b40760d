#!/bin/sh
# C OpenMP reaction kinetics (equal work per cell) started under taskset -c 0 at 1 and 2 threads with
# OMP_DISPLAY_AFFINITY=true, and ps -L (per-thread last processor and CPU share) sampled during the
# 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
{ show env OMP_NUM_THREADS=1 OMP_DISPLAY_AFFINITY=true taskset -c 0 ./chemkin 40000 20 1 4
  show env OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true taskset -c 0 ./chemkin 40000 20 1 4; } > "$OUT/run.txt"
psthreads 0.5 env OMP_NUM_THREADS=2 taskset -c 0 ./chemkin 40000 40 1 4 > "$OUT/ps-L.txt"
snap
