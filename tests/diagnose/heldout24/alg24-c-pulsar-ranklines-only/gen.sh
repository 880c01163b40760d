#!/bin/sh
# Pulsar periodicity search: what the user pasted, the job's per-rank lines at 2 ranks (twice), nothing else.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/pulsar.c" -o "$B/pulsar" -lm
{ for i in 1 2; do echo "\$ mpirun -np 2 ./pulsar"; mpi -np 2 ./pulsar 2>&1 | sort; done; } > "$OUT/ranks.txt"
snap
