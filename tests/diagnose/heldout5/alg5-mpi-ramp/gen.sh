#!/bin/sh
# Two MPI ranks on equal halves of a 1-D domain whose per-cell cost grows with position: the ranks' own timers, with --report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_ramp.c" -o "$B/mr"
mpirun -np 2 --bind-to core --report-bindings "$B/mr" 4000 20 > "$OUT/mpirun-output.txt" 2>&1
snap
