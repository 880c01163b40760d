#!/bin/sh
# Two ranks swapping 64 MB buffers with almost no compute: per-rank printout, bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_bigswap.c" -o "$B/bw"
mpirun -np 2 --bind-to core --report-bindings "$B/bw" 8000000 10 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
