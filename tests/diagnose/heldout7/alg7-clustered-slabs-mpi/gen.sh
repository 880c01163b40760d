#!/bin/sh
# 2 MPI ranks with equal-width slabs of a particle set clustered near x = 0.2: per-rank printout (particles, compute, allreduce time), --report-bindings, perf report of the run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/clustered.c" -o "$B/cl" -lm
mpirun -np 2 --report-bindings "$B/cl" 6000 5 > "$OUT/run-output.txt" 2>&1
(cd "$B" && rec p.data mpirun -np 2 ./cl 6000 5 > /dev/null 2>&1)
report "$B/p.data" 50 > "$OUT/perf-report.txt"
snap
