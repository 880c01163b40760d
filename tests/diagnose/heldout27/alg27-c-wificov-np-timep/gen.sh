#!/bin/sh
# Wireless coverage (MPI): time -p of mpirun at 1 and at 2 ranks, the program's lines included.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/wificov.c" -o "$B/wificov" -lm
{ echo "\$ time -p mpirun -np 1 ./wificov"; ptime mpirun --allow-run-as-root --oversubscribe -np 1 ./wificov; echo "\$ time -p mpirun -np 2 ./wificov"; ptime mpirun --allow-run-as-root --oversubscribe -np 2 ./wificov; } > "$OUT/np-timep.txt"
snap
