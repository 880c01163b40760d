#!/bin/sh
# MPI master/worker farm handing out one tiny task per message, 2 ranks bound to their own cores: the ranks' printouts with --report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/taskfarm.c" -o "$B/tf" -lm
mpirun -np 2 --bind-to core --report-bindings "$B/tf" 100000 > "$OUT/mpirun-output.txt" 2>&1
snap
