#!/bin/bash
# two ranks print their broadcast and compute times
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/bcastpar" "$SRC/bcastpar.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./bcastpar 2000000 20"; mpirun --allow-run-as-root --oversubscribe -np 2 ./bcastpar 2000000 20; } > "$D/run.txt" 2>&1
