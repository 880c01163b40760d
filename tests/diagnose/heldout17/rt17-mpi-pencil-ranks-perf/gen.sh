#!/bin/sh
# C MPI pencil transpose: a cheap pointwise update and an MPI_Alltoall of the whole 16.8 MB slab
# every step (equal work and volume per rank): per-rank lines and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/pencil.c" -o "$B/pencil"
{ echo "\$ mpirun -np 2 ./pencil 2048 20"; mpi -np 2 ./pencil 2048 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./pencil 2048 20
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
