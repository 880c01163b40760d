#!/bin/sh
# C MPI push of a clustered particle cloud on equal-width slabs (85% of the particles in rank 0's
# slab), an MPI_Allreduce per step, 2 ranks: the per-rank table and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/clusterpush.c" -o "$B/clusterpush" -lm
{ echo "\$ mpirun -np 2 ./clusterpush 120000 8"; mpi -np 2 ./clusterpush 120000 8 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./clusterpush 120000 8
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
