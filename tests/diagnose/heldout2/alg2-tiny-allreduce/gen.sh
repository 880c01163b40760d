#!/bin/sh
# 300k one-double MPI_Allreduce calls on 2 balanced ranks: per-rank printout, bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_tinyreduce.c" -o "$B/tr"
mpirun -np 2 --bind-to core --report-bindings "$B/tr" 300000 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
