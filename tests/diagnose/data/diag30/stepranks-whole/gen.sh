#!/bin/bash
# two ranks print the time of their whole steps and of the allreduce inside them
. "$(dirname "$0")/../_lib.sh"
mpicc -O1 -g -o "$B/stepranks" "$SRC/stepranks.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./stepranks"; mpirun --allow-run-as-root --oversubscribe -np 2 ./stepranks; } > "$D/run.txt" 2>&1
