#!/bin/sh
# The same imbalanced ranks under perf record: perf report (MPI polling rows) and the printout.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpi_imbalance.c" -o "$B/mi"
(cd "$B" && rec p.data mpirun -np 2 --bind-to core ./mi > "$OUT/mpi-output.txt" 2> /dev/null)
perf report -i "$B/p.data" --stdio --no-children -F overhead,comm,dso,sym 2> /dev/null > "$OUT/perf-report.txt"
snap
