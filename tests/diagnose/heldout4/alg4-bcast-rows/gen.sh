#!/bin/sh
# Rank 0 broadcasts a 20000 x 64 table row by row (512-byte messages) before each sweep: per-rank printout and --report-bindings.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/bcastrow.c" -o "$B/bc"
mpirun -np 2 --bind-to core --report-bindings "$B/bc" > "$OUT/bcast-output.txt" 2> "$OUT/report-bindings.txt"
snap
