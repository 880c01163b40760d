#!/bin/bash
# two ranks print their compute and their two MPI_Alltoall calls' time per step
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/xpose" "$SRC/xpose.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./xpose 2048 10"; mpirun --allow-run-as-root --oversubscribe -np 2 ./xpose 2048 10; } > "$D/run.txt" 2>&1
