#!/bin/sh
# Rank r computes (1+2r) units before MPI_Allreduce: per-rank printout and report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_imbalance.c" -o "$B/mi"
mpirun -np 2 --bind-to core --report-bindings "$B/mi" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
