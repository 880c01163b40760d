#!/bin/sh
# Undecidable: Open MPI's pml monitoring files of the C MPI obstacle program (2 ranks), nothing else.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpiobst.c" -o "$B/mpiobst" -lm
mpimon -np 2 ./mpiobst 120000 8 > /dev/null 2>&1
monfiles > "$OUT/mpi-monitoring.txt"
snap
