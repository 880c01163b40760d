#!/bin/bash
# a fixed-work MPI relaxation at 1, 2 and 4 ranks on the 2 CPUs (busy-polling ranks): rank 0's
# line per run, each after the command that ran it
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -o "$B/ringsum" "$SRC/ringsum.c"
snap
cd "$B"
{ for np in 1 2 4; do echo "\$ mpirun -np $np ./ringsum 2000000 200"; mpirun --allow-run-as-root --oversubscribe -np $np ./ringsum 2000000 200; done; } > "$D/run.txt" 2>&1
