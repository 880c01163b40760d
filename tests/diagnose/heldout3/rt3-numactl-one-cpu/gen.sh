#!/bin/sh
# Two OpenMP threads started under numactl --physcpubind=0: printout with OMP_DISPLAY_AFFINITY, numactl --show under the same binding, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/logistic_omp.c" -o "$B/lg"
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true numactl --physcpubind=0 "$B/lg" > "$OUT/logistic-output.txt" 2>&1
numactl --physcpubind=0 numactl --show > "$OUT/numactl-show.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" numactl --physcpubind=0 "$B/lg" > /dev/null
snap
