#!/bin/bash
# two MPI ranks taking turns (each waits in MPI_Recv for the other's update): each rank's line
# with its compute and its wait in the receive
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -o "$B/turnwait" "$SRC/turnwait.c" -lm
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./turnwait 200000 200"; mpirun --allow-run-as-root --oversubscribe -np 2 ./turnwait 200000 200; } > "$D/run.txt" 2>&1
