#!/bin/bash
# two MPI ranks transposing a 2048^2 field every step (MPI_Alltoall of the whole slab), each rank updating its slab 3 times per step (equal work,
# the update about as long as the transfer): each rank's line (update time, alltoall time, MB sent)
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
mpicc -O2 -o "$B/xposeall" "$SRC/xposeall.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./xposeall 2048 20 1 3"; mpirun --allow-run-as-root --oversubscribe -np 2 ./xposeall 2048 20 1 3 | sort; } > "$D/run.txt" 2>&1
