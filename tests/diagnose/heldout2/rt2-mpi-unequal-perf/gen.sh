#!/bin/sh
# The same unequal ranks under perf record (both ranks in one profile): perf report and printout.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpi_unequal.c" -o "$B/mu" -lm
(cd "$B" && rec p.data mpirun -np 2 --bind-to core ./mu 40 > "$OUT/mpi-output.txt" 2> /dev/null)
perf report -i "$B/p.data" --stdio --no-children -F overhead,comm,dso,sym 2> /dev/null > "$OUT/perf-report.txt"
snap
