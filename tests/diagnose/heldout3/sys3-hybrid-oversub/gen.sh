#!/bin/sh
# 2 MPI ranks x 2 OpenMP threads, not bound, on 2 cores: printout with report-bindings and OMP_DISPLAY_ENV (one file),
# a ranks x threads table (2x1 and 2x2), perf stat of the 2x2 run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -fopenmp "$SRC/hybrid.c" -o "$B/hy" -lm
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true mpirun -np 2 --bind-to none --report-bindings -x OMP_NUM_THREADS -x OMP_DISPLAY_ENV "$B/hy" 20000 1000 > "$OUT/hybrid-output.txt" 2>&1
{ echo "ranks threads time_s"
  for t in 1 2; do printf '2 %s ' "$t"; OMP_NUM_THREADS=$t mpirun -np 2 --bind-to none -x OMP_NUM_THREADS "$B/hy" 20000 1000 | sed -n 's/^rank=0 .* total=\([0-9.]*\) s$/\1/p'; done; } > "$OUT/rank-thread-sweep.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" mpirun -np 2 --bind-to none -x OMP_NUM_THREADS "$B/hy" 20000 1000 > /dev/null 2>&1
snap
