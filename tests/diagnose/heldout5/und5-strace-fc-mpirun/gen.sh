#!/bin/sh
# Only strace -f -c of mpirun -np 2 running a balanced MPI compute program.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_equal.c" -o "$B/me"
strace -f -c -o "$OUT/strace-fc-mpirun.txt" mpirun -np 2 --bind-to core "$B/me" 20 2000000 > /dev/null 2>&1
snap
