#!/bin/bash
# two MPI ranks that gather every rank's whole field each step: each rank's line with its compute,
# its MPI_Allgather time and the bytes it received
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -o "$B/gatherall" "$SRC/gatherall.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./gatherall 2000000 20"; mpirun --allow-run-as-root --oversubscribe -np 2 ./gatherall 2000000 20 | sort; } > "$D/run.txt" 2>&1
