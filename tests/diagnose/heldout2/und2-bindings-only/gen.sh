#!/bin/sh
# Only Open MPI's report-bindings of a correctly bound 2-rank run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_even.c" -o "$B/me" -lm
mpirun -np 2 --bind-to core --report-bindings "$B/me" 5 > /dev/null 2> "$OUT/report-bindings.txt"
snap
