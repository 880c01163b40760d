#!/bin/sh
# Plate tectonics MPI: what the user pasted, the per-rank lines of one 2-rank run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/tectonic.c" -o "$B/tectonic" -lm
{ echo "\$ mpirun -np 2 ./tectonic 30"; mpi -np 2 ./tectonic 30 | sort; } > "$OUT/ranks.txt"
snap
