#!/bin/sh
# What a user pasted: mpirun --report-bindings of their 2-rank job (the -DBALANCE coverage build) and what it printed.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -DBALANCE "$SRC/wificov.c" -o "$B/cov" -lm
{ echo "\$ mpirun --report-bindings -np 2 ./cov"; mpi --report-bindings -np 2 ./cov 2>&1 | clean; } > "$OUT/mpirun.txt"
snap
