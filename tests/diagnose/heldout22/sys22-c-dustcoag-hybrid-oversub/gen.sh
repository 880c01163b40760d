#!/bin/sh
# Dust coagulation launched as an ensemble through mpirun (2 copies, each OMP_NUM_THREADS=2, no binding, on a 2-CPU node):
# nproc, the copy alone at 2 threads (twice), the ensemble launch (twice), and perf stat of the ensemble.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/dustcoag.c" -o "$B/dustcoag" -lm
show nproc > "$OUT/run.txt"
{ show env OMP_NUM_THREADS=2 ./dustcoag; show env OMP_NUM_THREADS=2 ./dustcoag; } >> "$OUT/run.txt"
{ for k in 1 2; do echo "\$ mpirun --oversubscribe --bind-to none -np 2 -x OMP_NUM_THREADS=2 ./dustcoag"; mpi --bind-to none -np 2 -x OMP_NUM_THREADS=2 ./dustcoag 2>&1; done; } > "$OUT/ensemble.txt"
{ echo "\$ perf stat -- mpirun --oversubscribe --bind-to none -np 2 -x OMP_NUM_THREADS=2 ./dustcoag"; (cd "$B" && perf stat -e task-clock,context-switches,cpu-migrations -- mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 -x OMP_NUM_THREADS=2 ./dustcoag 2>&1); } > "$OUT/perf-stat.txt"
snap
