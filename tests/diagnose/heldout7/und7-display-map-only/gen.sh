#!/bin/sh
# Only Open MPI's --display-map (and the bindings it reports) for a 2-rank run of the relaxation program, with its stdout dropped.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/residmax.c" -o "$B/relax" -lm
mpirun -np 2 --display-map "$B/relax" 200000 5 2>&1 | grep -v -e '^step' -e '^rank' > "$OUT/mpirun-display-map.txt"
snap
