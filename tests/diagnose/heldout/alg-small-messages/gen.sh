#!/bin/sh
# 200k 8-byte ping-pongs between 2 ranks: per-rank printout with latency, report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_pingpong.c" -o "$B/pp"
mpirun -np 2 --bind-to core --report-bindings "$B/pp" 200000 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
