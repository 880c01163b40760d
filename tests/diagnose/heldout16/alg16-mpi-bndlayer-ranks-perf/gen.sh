#!/bin/sh
# C MPI wall-function update on equal row blocks where the near-wall rows (last 20%, all on rank 1)
# need 30 Newton iterations instead of 2; an MPI_Allreduce of the residual ends each step. Per-rank
# lines (rows, cells, Newton iterations, compute s, allreduce s) and perf report --sort pid,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/bndlayer.c" -o "$B/bndlayer" -lm
{ echo "\$ mpirun -np 2 ./bndlayer 400 400 20"; mpi -np 2 ./bndlayer 400 400 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./bndlayer 400 400 20
prep --sort pid,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
