#!/bin/sh
# Value at risk (MPI, 2 ranks), shipped build: the per-rank lines of two runs, nothing else.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/varmpi.c" -o "$B/varmpi" -lm
{ echo "\$ mpirun -np 2 ./varmpi"; mpi -np 2 ./varmpi; echo "\$ mpirun -np 2 ./varmpi"; mpi -np 2 ./varmpi; } > "$OUT/rank-lines.txt" 2>&1
snap
