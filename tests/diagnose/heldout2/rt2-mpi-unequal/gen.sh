#!/bin/sh
# Rank 1 computes 4x rank 0's share, then both meet in MPI_Allreduce: per-rank printout, bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_unequal.c" -o "$B/mu" -lm
mpirun -np 2 --bind-to core --report-bindings "$B/mu" 40 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
