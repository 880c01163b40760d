#!/bin/sh
# Sparse mat-vec, rows split evenly, nonzeros per row growing: per-rank printout, report-bindings, perf report by process.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/rowsplit_mpi.c" -o "$B/rs"
mpirun -np 2 --bind-to core --report-bindings "$B/rs" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
(cd "$B" && rec p.data mpirun -np 2 --bind-to core ./rs > /dev/null 2>&1)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid,sym --percent-limit 0.5 2> /dev/null | head -50 > "$OUT/perf-report.txt"
snap
