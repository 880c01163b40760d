#!/bin/sh
# Avalanche slope stability on 2 MPI ranks: per-rank lines of the shipped build (row blocks) and of -DCYCLIC
# (rows dealt round robin), one run each, with mpirun --report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/avalanche.c" -o "$B/avalanche" -lm
mpicc -O2 -g -DCYCLIC "$SRC/avalanche.c" -o "$B/avalanche_cyclic" -lm
{ show mpirun --allow-run-as-root --oversubscribe --report-bindings -np 2 ./avalanche; show mpirun --allow-run-as-root --oversubscribe --report-bindings -np 2 ./avalanche_cyclic; } > "$OUT/builds-ranks.txt"
snap
