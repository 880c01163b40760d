#!/bin/sh
# Equal-work OpenMP Monte Carlo with GOMP_CPU_AFFINITY=0 left in the job script: 1-thread printout, 2-thread printout with OMP_DISPLAY_AFFINITY, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompmc.c" -o "$B/mc"
OMP_NUM_THREADS=1 "$B/mc" 400000000 > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 GOMP_CPU_AFFINITY=0 OMP_DISPLAY_AFFINITY=true "$B/mc" 400000000 > "$OUT/run-2threads.txt" 2>&1
OMP_NUM_THREADS=2 GOMP_CPU_AFFINITY=0 /usr/bin/time -v "$B/mc" 400000000 > /dev/null 2> "$OUT/time-v-2threads.txt"
snap
