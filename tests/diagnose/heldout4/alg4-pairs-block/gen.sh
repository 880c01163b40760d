#!/bin/sh
# Pairwise i<j interactions with rows split into equal contiguous blocks over 2 MPI ranks: per-rank printout (pairs, compute, wait) and --report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/pairs_mpi.c" -o "$B/pm" -lm
mpirun -np 2 --bind-to core --report-bindings "$B/pm" 40000 > "$OUT/pairs-output.txt" 2> "$OUT/report-bindings.txt"
snap
