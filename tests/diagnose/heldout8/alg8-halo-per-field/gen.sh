#!/bin/sh
# 40-field 1-D halo exchange with one MPI_Sendrecv per field: per-rank printout, --report-bindings, perf report of both ranks.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/halo_fields.c" -o "$B/hf"
(cd "$B" && show mpirun -np 2 --report-bindings ./hf) > "$OUT/halo-output.txt" 2>&1
(cd "$B" && rec p.data mpirun -np 2 ./hf 800 > /dev/null 2>&1)
report "$B/p.data" 40 > "$OUT/perf-report.txt"
snap
