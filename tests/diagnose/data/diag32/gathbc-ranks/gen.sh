#!/bin/bash
# two MPI ranks, rank 0 gathering the whole field and broadcasting it back every step: each
# rank's line "update T s gather+bcast T s moved N MB"
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
mpicc -O2 -o "$B/gathbc" "$SRC/gathbc.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./gathbc 1000000 30"; mpirun --allow-run-as-root --oversubscribe -np 2 ./gathbc 1000000 30 | sort; } > "$D/run.txt" 2>&1
