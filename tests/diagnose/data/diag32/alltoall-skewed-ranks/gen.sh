#!/bin/bash
# two MPI ranks transposing a 2048^2 field every step (MPI_Alltoall of the whole slab), rank 0 updating its slab 8 times per step
# (work 8x on rank 0): each rank's line (update time, alltoall time, MB sent)
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
mpicc -O2 -o "$B/xposeall" "$SRC/xposeall.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./xposeall 2048 20 8"; mpirun --allow-run-as-root --oversubscribe -np 2 ./xposeall 2048 20 8 | sort; } > "$D/run.txt" 2>&1
